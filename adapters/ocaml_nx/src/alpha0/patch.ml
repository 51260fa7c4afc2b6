(* A release's table as the common one patched: the entries of functions the release does
   not have answered unsupported with that reason, and those it types otherwise replaced
   by its own. Every name patched must be in the common table (checked when the driver
   starts: a patch that names nothing is a mistake of the patch). *)

let has_no name : Op.t = fun _ _ -> Wire.unsupported "Nx %s has no %s" Version.nx name

let apply ~(removed : string list) ~(retyped : (string * Op.t) list) (ops : (string * Op.t) list)
    =
  List.iter
    (fun name ->
      if not (List.mem_assoc name ops) then
        failwith (Printf.sprintf "src/alpha0: %s is patched but not in the common table" name))
    (removed @ List.map fst retyped);
  List.map
    (fun (name, op) ->
      if List.mem name removed then (name, has_no name)
      else match List.assoc_opt name retyped with Some op' -> (name, op') | None -> (name, op))
    ops

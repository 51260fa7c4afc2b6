(* A release's table as the common one patched (alpha0's and alpha3's sections.ml): the
   entries of functions the release does not have answered unsupported with that reason,
   and those it types otherwise replaced by its own (each release's retyped.ml). Every name
   patched must be in the common table (checked when the driver starts: a patch that names
   nothing is a mistake of the patch). *)

(* A function the release lacks: "Nx 1.0.0~alpha0 has no inv", or, for one a release
   removed, "Nx 1.0.0~alpha3 has no iadd (removed in alpha3)". *)
let has_no ?removed_in name : Op.t =
 fun _ _ ->
  match removed_in with
  | None -> Wire.unsupported "Nx %s has no %s" Version.nx name
  | Some release -> Wire.unsupported "Nx %s has no %s (removed in %s)" Version.nx name release

let apply ?removed_in ~(removed : string list) ~(retyped : (string * Op.t) list)
    (ops : (string * Op.t) list) =
  List.iter
    (fun name ->
      if not (List.mem_assoc name ops) then
        failwith
          (Printf.sprintf "the patch of Nx %s names %s, which is not in the common table"
             Version.nx name))
    (removed @ List.map fst retyped);
  List.map
    (fun (name, op) ->
      if List.mem name removed then (name, has_no ?removed_in name)
      else match List.assoc_opt name retyped with Some op' -> (name, op') | None -> (name, op))
    ops

(* The request loop of adapters/protocol.md, shared by the OCaml drivers (this one, over
   the real Nx, and adapters/ocaml_genarray/driver.ml, over OCaml's own Bigarray): the
   hello, one reply line per request line, the live values of a case (handles) and its
   release, and the one place where what a call raised becomes a reply. What a call is
   (its arguments, the op, what the case observes) is each driver's `answer`.

   Exceptions: the documented kinds (Invalid_argument, Failure, Not_found,
   Division_by_zero) with their message; Ill_typed and Unsupported (wire.ml) as
   "unsupported", saying why; the driver's own failures (`undocumented`: a failed read of
   a result, a call withheld from undefined behaviour) as the undocumented errors they
   name; any other exception under its own name, an undocumented error. *)

open Wire

(* --- Live values of a case --------------------------------------------------------------- *)

type 'v handles = { kept : (int, 'v) Hashtbl.t; mutable next : int }

let handles () = { kept = Hashtbl.create 16; next = 0 }

let keep handles v =
  let h = handles.next in
  handles.next <- h + 1;
  Hashtbl.replace handles.kept h v;
  h

let lookup handles h =
  match Hashtbl.find_opt handles.kept h with
  | Some v -> v
  | None -> unsupported "no live value %d" h

let forget handles =
  Hashtbl.reset handles.kept;
  handles.next <- 0

(* --- Replies -------------------------------------------------------------------------------- *)

let error kind message =
  [ ("error", `Assoc [ ("error", `String kind); ("message", `String message) ]) ]

let unsupported_reply why = [ ("unsupported", `String why) ]

(* The reply to one request line. `answer` gives the fields of a call's reply; a `release`
   ends the case (`release` forgets its live values); `on_request` is told each request's
   id before it is answered; `undocumented` names the driver's own exceptions. *)
let reply_to ?(on_request = ignore) ?(undocumented = fun _ -> None) ~release ~answer line =
  match Yojson.Safe.from_string line with
  | exception Yojson.Json_error m ->
      `Assoc [ ("id", `Null); ("unsupported", `String ("not JSON: " ^ m)) ]
  | request ->
      let id = Option.value (member "id" request) ~default:`Null in
      on_request id;
      let fields =
        if member "release" request = Some (`Bool true) then begin
          release ();
          [ ("result", `Assoc [ ("unit", `Null) ]) ]
        end
        else
          match answer request with
          | fields -> fields
          | exception e -> (
              match (undocumented e, e) with
              | Some (kind, message), _ -> error kind message
              | None, Invalid_argument m -> error "Invalid_argument" m
              | None, Failure m -> error "Failure" m
              | None, Not_found -> error "Not_found" ""
              | None, Division_by_zero -> error "Division_by_zero" ""
              | None, Ill_typed m -> unsupported_reply ("does not type-check in OCaml: " ^ m)
              | None, Unsupported m -> unsupported_reply m
              | None, Stack_overflow -> error "Stack_overflow" "stack overflow"
              | None, e -> error (Printexc.exn_slot_name e) (Printexc.to_string e))
      in
      `Assoc (("id", id) :: fields)

(* --- The loop ------------------------------------------------------------------------------ *)

let send channel json =
  output_string channel (Yojson.Safe.to_string json);
  output_char channel '\n';
  flush channel

(* The first line out: what the driver is and what it implements; it keeps live values. *)
let hello ?(extra = []) ~name ~version ~namespaces ~dtypes () =
  let strings l = `List (List.map (fun s -> `String s) l) in
  `Assoc
    [ ( "hello",
        `Assoc
          ([ ("name", `String name); ("version", `String version);
             ("namespaces", strings namespaces); ("dtypes", strings dtypes);
             ("handles", `Bool true) ]
          @ extra) ) ]

(* Each request line of stdin answered in turn, until stdin ends. *)
let serve ~send reply =
  try
    while true do
      let line = input_line stdin in
      if String.trim line <> "" then send (reply line)
    done
  with End_of_file -> ()

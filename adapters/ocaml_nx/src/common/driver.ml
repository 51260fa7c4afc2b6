(* nx-conformance's driver for the real Nx: the wire protocol of adapters/protocol.md on
   stdin/stdout, every request answered by calling Nx itself.

   - First line out: the hello, with the namespaces this build's sections cover (`nx`
     always; `view` and `shape` where Nx_core's modules are those the documentation
     describes), every dtype of Nx's GADT, and "handles": true.
   - Then one reply per request line: a result, a documented OCaml exception
     (Invalid_argument, Failure, Not_found, Division_by_zero, with its message), or
     "unsupported" with the reason: the op is not in this release's table, or the call
     does not type-check in OCaml (mixing dtypes, a float scalar for an int tensor, ...).
     Any other exception is reported under its own name, an undocumented error.
   - A request is answered in two stages that fail apart: the call of the op, whose
     exceptions are the op's own raise, then the reading of what the case observes (the
     result's elements through Nx.to_array, the arguments after the call), where an
     exception is no raise of the op but a failure of the driver-side read, answered as
     the undocumented error Driver_read_failed ("reading the result of nx.transpose
     failed: Invalid_argument(...)"): the case ends `error`, never matching a `raises`.
   - Arguments are built in order: a `call` runs an op of the table first, a `ref` is an
     earlier argument (the same object), a `handle` a kept value of the case.
   - What the call prints (Nx.print, Format.std_formatter) is captured: the protocol
     writes to a duplicate of the original stdout, and file descriptor 1 points to a
     scratch file that is read and emptied after each call. *)

open Wire
open Value

(* --- The table ----------------------------------------------------------------------- *)

let table : (string, Op.t) Hashtbl.t = Hashtbl.create 512

(* The release's sections, and the helpers: ops that cases call only in `call` arguments
   and pipeline steps, in a namespace the hello does not announce (documented.ml). *)
let () =
  List.iter
    (fun (namespace, ops) ->
      List.iter (fun (op, f) -> Hashtbl.replace table (namespace ^ "." ^ op) f) ops)
    (Sections.all @ Documented.helpers)

let namespaces = List.sort_uniq compare (List.map fst Sections.all)

let run namespace op args kwargs =
  match Hashtbl.find_opt table (namespace ^ "." ^ op) with
  | None -> unsupported "%s.%s is not in the driver's table for Nx %s" namespace op Version.nx
  | Some f ->
      let kw = Op.kwargs kwargs in
      let result = f args kw in
      (match Op.untaken kw with
      | [] -> ()
      | (label, _) :: _ -> ill_typed "%s.%s takes no label ~%s" namespace op label);
      result

(* --- Live values of the case ---------------------------------------------------------- *)

let live : Value.t Serve.handles = Serve.handles ()
let keep v = Serve.keep live v
let lookup h = Serve.lookup live h

let component v n =
  match v with
  | Tuple items when n < List.length items -> List.nth items n
  | List items when n < Array.length items -> items.(n)
  | _ -> unsupported "no component %d in %s" n (Op.describe v)

(* --- Building arguments ---------------------------------------------------------------- *)

let rec build ~namespace (built : Value.t list) (j : json) : Value.t =
  let again = build ~namespace built in
  match j with
  | `Assoc [ ("tensor", body) ] -> Tensor (Value.tensor_of_json body)
  | `Assoc [ ("ints", `List items) ] when List.for_all (function `Int _ -> true | _ -> false) items
    ->
      Ints (Array.of_list (List.map int_of_json items))
  (* Integers beyond OCaml's int (an int64 array literal for `create int64`) stay as
     written: no `int array` holds them. *)
  | `Assoc [ ("list", items) ] ->
      List (Array.of_list (List.map again (list_of_json "a list" items)))
  | `Assoc [ ("tuple", items) ] -> Tuple (List.map again (list_of_json "a tuple" items))
  | `Assoc [ ("option", `Null) ] -> Option None
  | `Assoc [ ("option", v) ] -> Option (Some (again v))
  | `Assoc [ ("index", specs) ] ->
      Index (List.map (index_spec again) (list_of_json "an index" specs))
  | `Assoc [ ("call", body) ] ->
      let ns = match member "namespace" body with Some (`String ns) -> ns | _ -> namespace in
      let op = match member "op" body with Some (`String op) -> op | _ -> malformed "a call" body in
      let args = List.map again (match member "args" body with Some (`List l) -> l | _ -> []) in
      let kwargs =
        match member "kwargs" body with
        | Some (`Assoc fields) -> List.map (fun (k, v) -> (k, again v)) fields
        | _ -> []
      in
      run ns op args kwargs
  | `Assoc [ ("ref", `String name) ] -> ref_value built name
  | `Assoc [ ("handle", `Int h) ] -> lookup h
  | `Assoc [ ("handle", body) ] -> (
      match (member "id" body, member "component" body) with
      | Some (`Int h), Some (`Int n) -> component (lookup h) n
      | Some (`Int h), _ -> lookup h
      | _ -> malformed "a handle" body)
  | `Assoc [ (tag, body) ] when Option.is_some (Value.reader tag) ->
      (Option.get (Value.reader tag)) body
  | j -> Plain j

and index_spec again = function
  | `String "A" -> A
  | `String "N" -> N
  | `Assoc [ ("I", i) ] -> I (int_of_json i)
  | `Assoc [ ("L", l) ] -> L (List.map int_of_json (list_of_json "L" l))
  | `Assoc [ ("R", `List [ a; b ]) ] -> R (int_of_json a, int_of_json b)
  | `Assoc [ ("Rs", `List [ a; b; c ]) ] -> Rs (int_of_json a, int_of_json b, int_of_json c)
  | `Assoc [ ("M", m) ] -> M (again m)
  | j -> malformed "an index spec" j

(* argN is the N-th argument of this request, argN[K] its K-th element. *)
and ref_value built name =
  let nth n =
    match List.nth_opt built n with
    | Some v -> v
    | None -> unsupported "ref %s: no such argument yet" name
  in
  match Scanf.sscanf_opt name "arg%d[%d]%!" (fun n k -> (n, k)) with
  | Some (n, k) -> component (nth n) k
  | None -> (
      match Scanf.sscanf_opt name "arg%d%!" Fun.id with
      | Some n -> nth n
      | None -> unsupported "ref %s cannot be resolved by the driver" name)

let build_args ~namespace raw =
  List.rev (List.fold_left (fun built j -> build ~namespace (List.rev built) j :: built) [] raw)

(* --- Observations ------------------------------------------------------------------------ *)

(* The index of the first argument standing in relation `p` to `v`. *)
let arg_where p v args =
  let rec go i = function [] -> `Null | a :: rest -> if p v a then `Int i else go (i + 1) rest in
  go 0 args

let parts = function Tuple items -> items | List items -> Array.to_list items | _ -> []

(* What the call printed: fd 1 is a scratch file while the driver runs. *)
let scratch = Filename.temp_file "ocaml-nx-driver" ".out"

let protocol_out =
  let original = Unix.dup Unix.stdout in
  let fd = Unix.openfile scratch [ Unix.O_RDWR; Unix.O_TRUNC; Unix.O_CREAT ] 0o600 in
  Unix.dup2 fd Unix.stdout;
  Unix.close fd;
  (* Only the process that made it removes it: a forked case (below) that exits through
     at_exit must not take it from the cases after it. *)
  let owner = Unix.getpid () in
  at_exit (fun () -> if Unix.getpid () = owner then try Sys.remove scratch with Sys_error _ -> ());
  Unix.out_channel_of_descr original

let printed () =
  Format.pp_print_flush Format.std_formatter ();
  flush stdout;
  let text = In_channel.with_open_bin scratch In_channel.input_all in
  Unix.ftruncate Unix.stdout 0;
  ignore (Unix.lseek Unix.stdout 0 Unix.SEEK_SET);
  text

(* --- Requests ---------------------------------------------------------------------------- *)

(* A failure while reading what the call returned or left (its result, its arguments after
   it): what was being read, and the exception. Not the op's raise. *)
exception Read_failed of string * exn

(* Read with `f`: any exception it raises is a failure of that read. A value the driver
   has no writer for stays unsupported (a limit of the driver, said as such). *)
let reading what f =
  try f () with
  | Unsupported _ as e -> raise e
  | e -> raise (Read_failed (what, e))

(* The request's op, its arguments and labelled arguments, built (`build` above and op.ml
   are where arguments are decoded). *)
let decode request =
  let namespace = match member "namespace" request with Some (`String ns) -> ns | _ -> "nx" in
  let op =
    match member "op" request with Some (`String op) -> op | _ -> malformed "an op" request
  in
  let raw_args = match member "args" request with Some (`List l) -> l | _ -> [] in
  let args = build_args ~namespace raw_args in
  let kwargs =
    match member "kwargs" request with
    | Some (`Assoc fields) -> List.map (fun (k, v) -> (k, build ~namespace args v)) fields
    | _ -> []
  in
  (namespace, op, args, kwargs)

(* The reply's fields for a call of `op` that returned `result`: every read of a value
   named, so that its failure says what could not be read. *)
let encode request ~op args result stdout_text =
  let read what v = reading what (fun () -> Value.to_json v) in
  let storage f = reading ("the storage of the result of " ^ op) f in
  let result_json = read ("the result of " ^ op) result in
  let observe = function
    | `String "args_after" ->
        let after i a = read (Printf.sprintf "argument %d of %s after the call" i op) a in
        Some ("args_after", `List (List.mapi after args))
    | `String "same_as_arg" -> Some ("same_as_arg", arg_where Value.same_object result args)
    | `String "aliases_arg" ->
        Some ("aliases_arg", storage (fun () -> arg_where Value.shares_storage result args))
    | `String "stdout" -> Some ("stdout", `String stdout_text)
    | _ -> None
  in
  let observed =
    match member "observe" request with Some (`List l) -> List.filter_map observe l | _ -> []
  in
  let observed =
    if List.mem_assoc "aliases_arg" observed && parts result <> [] then
      let aliased part = arg_where Value.shares_storage part args in
      ("aliases_components", `List (storage (fun () -> List.map aliased (parts result))))
      :: observed
    else observed
  in
  let handles =
    if member "keep" request <> Some (`Bool true) then []
    else
      let handle v = `Int (keep v) in
      [ ( "handles",
          `Assoc
            [ ("args", `List (List.map handle args)); ("result", handle result);
              ("components", `List (List.map handle (parts result))) ] ) ]
  in
  (("result", result_json) :: observed) @ handles

(* Decode, call, read. An exception of `run` (the op, or an op of a `call` argument) is
   the op's raise; one of `encode` is a Read_failed. `reply_to` maps both. *)
let answer request =
  let namespace, op, args, kwargs = decode request in
  ignore (printed ());
  let result = run namespace op args kwargs in
  let stdout_text = printed () in
  encode request ~op:(namespace ^ "." ^ op) args result stdout_text

(* Set by a `release`: the case has ended. *)
let released = ref false

(* What the channels hold is written before a fork, channel by channel: flush_all lists
   the channels with malloc and frees the list, and a small block freed before a fork is
   memory a child may be given uninitialised where a fresh process is given zeros. *)
let flush_now () =
  flush stdout;
  flush stderr

(* Whether Unix.fork works here: OCaml 5 refuses it once another domain has been spawned
   (the driver itself spawns none and runs no op before the fork server starts, so what
   could refuse it is Nx's own initialisation). A trial child exits at once. *)
let fork_refused () =
  flush_now ();
  match Unix.fork () with
  | 0 -> Unix._exit 0
  | pid ->
      let rec reap () =
        try ignore (Unix.waitpid [] pid) with Unix.Unix_error (Unix.EINTR, _, _) -> reap ()
      in
      reap ();
      None
  | exception Failure m -> Some m
  | exception Unix.Unix_error (e, _, _) -> Some (Unix.error_message e)

(* Told each request's id before it is answered (a forked case records it, section 6). *)
let on_request : (json -> unit) ref = ref ignore

(* The call returned; the driver could not read what it returned or left: an undocumented
   error of the driver's own, never one of the documented kinds. *)
let undocumented = function
  | Read_failed (what, e) ->
      let message = Printf.sprintf "reading %s failed: %s" what (Printexc.to_string e) in
      Some ("Driver_read_failed", message)
  | _ -> None

(* A `release` ends the case: its live values are forgotten. *)
let release () =
  Serve.forget live;
  released := true

(* A request line's reply (serve.ml: where exceptions become replies), and what the call
   printed emptied. *)
let reply_to line =
  let reply = Serve.reply_to ~on_request:!on_request ~undocumented ~release ~answer line in
  ignore (printed ());
  reply

let send = Serve.send protocol_out

(* --- Fork isolation (adapters/protocol.md, section 6) ---------------------------------- *)

(* Asked for, the process that said hello is a server that never runs an op nor reads a
   request: it forks a child per case and waits for it. The child is the driver
   as a fresh process would be at that point: it reads the case's requests from stdin and
   answers them on stdout (live values included) exactly as the loop below does, and
   exits after answering the case's `release`. The server forks the next case's child
   from the same state every time, the state of a fresh process that has said hello: it
   reads nothing and allocates nothing between forks, so that what Nx finds in memory it
   did not initialise is what it finds in a fresh process.

   A page shared with the child says where it is: the id of the request it is answering
   and whether it has answered. A child that dies while answering has its request
   answered by the server: {"id": ID, "crashed": {"signal": "SIGSEGV"}} (or {"exit": N});
   one that dies between two requests of its case has its case's next request (or its
   release) answered so by the next child. So a heap corrupted by one case never reaches
   another, and a crash is its own case's. *)

let signal_names =
  Sys.
    [ (sigsegv, "SIGSEGV"); (sigfpe, "SIGFPE"); (sigabrt, "SIGABRT"); (sigbus, "SIGBUS");
      (sigill, "SIGILL"); (sigkill, "SIGKILL"); (sigterm, "SIGTERM"); (sigpipe, "SIGPIPE");
      (sigtrap, "SIGTRAP"); (sigsys, "SIGSYS"); (sigxcpu, "SIGXCPU"); (sigxfsz, "SIGXFSZ");
      (sigalrm, "SIGALRM"); (sighup, "SIGHUP"); (sigint, "SIGINT"); (sigquit, "SIGQUIT");
      (sigusr1, "SIGUSR1"); (sigusr2, "SIGUSR2") ]

let how_it_ended = function
  | Unix.WEXITED n -> `Assoc [ ("exit", `Int n) ]
  | Unix.WSIGNALED s | Unix.WSTOPPED s -> (
      match List.assoc_opt s signal_names with
      | Some name -> `Assoc [ ("signal", `String name) ]
      | None -> `Assoc [ ("signal", `Int s) ])

let crashed id ended = `Assoc [ ("id", id); ("crashed", ended) ]

(* The shared page: the id of the request being answered, and the child's state. *)
let no_id = Int64.min_int
let idle = 0L (* between requests *)
let busy = 1L (* a request read, its reply not yet sent *)
let released_state = 2L (* answered its case's release: a clean end *)
let closed = 3L (* stdin closed: the server ends too *)

external shared_page : unit -> (int64, Bigarray.int64_elt, Bigarray.c_layout) Bigarray.Array1.t
  = "ncn_shared_page"

external die_with_parent : int -> unit = "ncn_die_with_parent"

let id_of = function `Int i -> Int64.of_int i | _ -> no_id

(* The child: one case, read and answered as the loop at the end reads and answers. *)
let child ~server ~pending page =
  die_with_parent server;
  on_request := (fun id -> page.{0} <- id_of id);
  let rec loop pending =
    match input_line stdin with
    | exception End_of_file ->
        page.{1} <- closed;
        Unix._exit 0
    | line when String.trim line = "" -> loop pending
    | line -> (
        page.{0} <- no_id;
        page.{1} <- busy;
        match pending with
        | Some ended ->
            (* The case's previous child died between two requests: this is its crash. *)
            let id =
              match Yojson.Safe.from_string line with
              | j -> Option.value (member "id" j) ~default:`Null
              | exception Yojson.Json_error _ -> `Null
            in
            send (crashed id ended);
            page.{1} <- idle;
            if member "release" (try Yojson.Safe.from_string line with _ -> `Null)
               = Some (`Bool true)
            then (page.{1} <- released_state; Unix._exit 0)
            else loop None
        | None ->
            send (reply_to line);
            if !released then begin
              page.{1} <- released_state;
              Unix._exit 0
            end
            else begin
              page.{1} <- idle;
              loop None
            end)
  in
  match loop pending with _ -> Unix._exit 0 | exception _ -> Unix._exit 2

let serve_forking () =
  let page = shared_page () in
  let server = Unix.getpid () in
  let rec reap pid = try snd (Unix.waitpid [] pid) with Unix.Unix_error (Unix.EINTR, _, _) -> reap pid in
  let rec next pending =
    page.{0} <- no_id;
    page.{1} <- idle;
    flush_now ();
    match Unix.fork () with
    | 0 -> child ~server ~pending page
    | pid -> (
        let status = reap pid in
        let state = page.{1} in
        let id = if page.{0} = no_id then `Null else `Int (Int64.to_int page.{0}) in
        if state = closed then exit 0
        else if state = released_state && status = Unix.WEXITED 0 then next None
        else if state = busy then begin
          send (crashed id (how_it_ended status));
          next None
        end
        else next (Some (how_it_ended status)))
    | exception ((Failure _ | Unix.Unix_error _) as e) -> (
        let m = match e with Unix.Unix_error (err, _, _) -> Unix.error_message err | e -> Printexc.to_string e in
        (* No child for the case: its first request is answered so, here. *)
        match input_line stdin with
        | exception End_of_file -> exit 0
        | line ->
            let id =
              match Yojson.Safe.from_string line with
              | j -> Option.value (member "id" j) ~default:`Null
              | exception Yojson.Json_error _ -> `Null
            in
            send (crashed id (`Assoc [ ("fork", `String m) ]));
            next pending)
  in
  next None

(* Fork isolation is asked for in the environment (section 6): the driver then says hello
   as a fork server, and is one from its first request on; where Unix.fork is refused it
   says hello without it, and serves as usual (the runner then starts it for each case).
   Nothing here may allocate with malloc (see storage.c): the children start from this
   memory. *)
external fork_asked : unit -> bool = "ncn_fork_asked"

let forking = fork_asked () && fork_refused () = None

let () =
  send
    (Serve.hello ~name:("ocaml-nx@" ^ Version.release) ~version:Version.nx ~namespaces
       ~dtypes:(List.map fst Dtypes.all)
       ~extra:(if forking then [ ("isolation", `String "fork") ] else [])
       ());
  if forking then serve_forking () else Serve.serve ~send reply_to

(* The `genarray` namespace of nx-conformance, run on OCaml's own Bigarray.Genarray.

   A foreign implementation for the suite's runner: it speaks the wire protocol of
   adapters/protocol.md (JSON Lines on stdin/stdout) and answers every request by calling
   the real standard library (`Bigarray.Genarray.create`, `get`, `sub_left`, ...). Nothing
   here re-implements a Bigarray rule: bounds, layouts and the exceptions raised are
   OCaml's.

   The protocol, in short (adapters/protocol.md has it whole):
   - first line out: {"hello": {..., "namespaces": ["genarray"], "handles": true}};
   - then one reply line per request line:
       {"id": 7, "namespace": "genarray", "op": "get", "args": [...], "kwargs": {}}
     -> {"id": 7, "result": <tagged value>}
      | {"id": 7, "error": {"error": "Invalid_argument", "message": "..."}}
      | {"id": 7, "unsupported": "why"};
   - "observe" asks for "args_after", "same_as_arg", "aliases_arg" (and "stdout");
   - "keep": true asks to keep the arguments and the result as live values of the case
     ("handles" in the reply), which later requests name as {"handle": h};
     {"id": 9, "release": true} ends the case and forgets them.

   What OCaml refuses when compiling (sub_left of a Fortran-layout array, blit between two
   kinds, a float stored into an int32 array) has no run-time behaviour to observe: the
   driver answers "unsupported" for it, never an exception OCaml would not raise.

   One call is not made: `sub_left` / `sub_right` of a 0-dimensional array. OCaml 4.13's
   caml_ba_sub then reads dimension 0 (or -1) of an array that has none, a word outside
   its header, and writes `len` to the same place in the result's header: undefined
   behaviour in C, whose outcome depends on memory and may corrupt the heap for later
   cases. The driver answers it with the undocumented error "Undefined_behaviour" (an
   `error` outcome of that case), saying why.

   Storage sharing ("aliases_arg") is observed, not assumed: two Bigarrays share storage
   when the byte ranges of their elements overlap, read from the addresses of their data
   (storage.c). A sub-array or slice lies inside its parent's storage and change_layout
   keeps the same address, so a view is detected as such only if OCaml really made one.
   Empty Bigarrays hold no byte and share nothing. *)

open Bigarray
open Wire

(* --- Values ------------------------------------------------------------------------ *)

(* A Bigarray of any kind and layout, and a kind or layout chosen at run time. *)
type ga = G : ('a, 'b, 'c) Genarray.t -> ga
type kind = K : ('a, 'b) Bigarray.kind -> kind
type layout = L : 'c Bigarray.layout -> layout

(* A live value of a case: a Bigarray, or any other tagged value kept as its JSON
   (ints, a variant, a scalar...), which is immutable. *)
type value = Array of ga | Plain of Yojson.Safe.t

(* Ill_typed (OCaml refuses the program when compiling) and Unsupported (the driver does
   not implement the request), both reported "unsupported", come from wire.ml, the JSON
   numbers and base64 this driver shares with the real-Nx driver (adapters/ocaml_nx), as it
   shares serve.ml, the request loop: the hello, handles, releases, and exceptions made
   replies. *)

(* OCaml would run into undefined behaviour (reported as an undocumented error). *)
exception Undefined_behaviour of string

(* The address of a Bigarray's first element (storage.c). *)
external data_address : ('a, 'b, 'c) Genarray.t -> nativeint = "ncg_data_address"

let kind_name : type a b. (a, b) Bigarray.kind -> string = function
  | Float32 -> "float32" | Float64 -> "float64" | Int8_signed -> "int8_signed"
  | Int8_unsigned -> "int8_unsigned" | Int16_signed -> "int16_signed"
  | Int16_unsigned -> "int16_unsigned" | Int32 -> "int32" | Int64 -> "int64" | Int -> "int"
  | Nativeint -> "nativeint" | Complex32 -> "complex32" | Complex64 -> "complex64"
  | Char -> "char"

let kind_of_name name =
  let kinds =
    [ K Float32; K Float64; K Int8_signed; K Int8_unsigned; K Int16_signed; K Int16_unsigned;
      K Int32; K Int64; K Int; K Nativeint; K Complex32; K Complex64; K Char ]
  in
  match List.find_opt (fun (K k) -> kind_name k = name) kinds with
  | Some k -> k
  | None -> unsupported "OCaml %s's Bigarray has no kind %s" Sys.ocaml_version name

let layout_of_name = function
  | "c_layout" -> L C_layout
  | "fortran_layout" -> L Fortran_layout
  | name -> unsupported "no layout %s" name

let layout_name (type c) (l : c Bigarray.layout) =
  match l with C_layout -> "c_layout" | Fortran_layout -> "fortran_layout"

(* The Nx dtype of each kind's elements: what the hello line announces. *)
let dtypes =
  [ "float32"; "float64"; "int8"; "uint8"; "int16"; "uint16"; "int32"; "int64"; "int";
    "nativeint"; "complex32"; "complex64" ]

(* Two kinds, or two layouts, that are the same type (for blit). *)
type (_, _) eq = Refl : ('a, 'a) eq

let same_kind :
    type a b c d. (a, b) Bigarray.kind -> (c, d) Bigarray.kind -> (a * b, c * d) eq option =
 fun k1 k2 ->
  match (k1, k2) with
  | Float32, Float32 -> Some Refl | Float64, Float64 -> Some Refl
  | Int8_signed, Int8_signed -> Some Refl | Int8_unsigned, Int8_unsigned -> Some Refl
  | Int16_signed, Int16_signed -> Some Refl | Int16_unsigned, Int16_unsigned -> Some Refl
  | Int32, Int32 -> Some Refl | Int64, Int64 -> Some Refl | Int, Int -> Some Refl
  | Nativeint, Nativeint -> Some Refl | Complex32, Complex32 -> Some Refl
  | Complex64, Complex64 -> Some Refl | Char, Char -> Some Refl
  | _ -> None

let same_layout : type c d. c Bigarray.layout -> d Bigarray.layout -> (c, d) eq option =
 fun l1 l2 ->
  match (l1, l2) with
  | C_layout, C_layout -> Some Refl
  | Fortran_layout, Fortran_layout -> Some Refl
  | _ -> None

(* --- Elements: JSON <-> OCaml -------------------------------------------------------- *)

(* One element as it is written inside genarray data: a number, [re, im], a char code.
   A wider integer stored into int32 or nativeint keeps its low bits, as Int32.of_int. *)
let element_of_json : type a b. (a, b) Bigarray.kind -> Yojson.Safe.t -> a =
 fun kind j ->
  match kind with
  | Float32 -> float_of_json j
  | Float64 -> float_of_json j
  | Int8_signed -> int_of_json j
  | Int8_unsigned -> int_of_json j
  | Int16_signed -> int_of_json j
  | Int16_unsigned -> int_of_json j
  | Int -> int_of_json j
  | Int32 -> Int64.to_int32 (int64_of_json j)
  | Int64 -> int64_of_json j
  | Nativeint -> Int64.to_nativeint (int64_of_json j)
  | Complex32 -> complex_of_json j
  | Complex64 -> complex_of_json j
  | Char -> Char.chr (int_of_json j)

let json_of_element : type a b. (a, b) Bigarray.kind -> a -> Yojson.Safe.t =
 fun kind x ->
  match kind with
  | Float32 -> json_of_float x
  | Float64 -> json_of_float x
  | Int8_signed -> `Int x
  | Int8_unsigned -> `Int x
  | Int16_signed -> `Int x
  | Int16_unsigned -> `Int x
  | Int -> `Int x
  | Int32 -> `Int (Int32.to_int x)
  | Int64 -> json_of_int64 x
  | Nativeint -> json_of_int64 (Int64.of_nativeint x)
  | Complex32 -> `List [ json_of_float x.Complex.re; json_of_float x.Complex.im ]
  | Complex64 -> `List [ json_of_float x.Complex.re; json_of_float x.Complex.im ]
  | Char -> `Int (Char.code x)

(* The tag of a scalar of the kind's OCaml type: float, int (int32/int64/nativeint/char
   too: a char is its code), complex. *)
let scalar_tag : type a b. (a, b) Bigarray.kind -> string = function
  | Float32 -> "float" | Float64 -> "float"
  | Complex32 -> "complex" | Complex64 -> "complex"
  | _ -> "int"

(* A scalar argument ({"float": 1.5}) as a value of the kind's element type. *)
let scalar_of_json kind = function
  | `Assoc [ (tag, body) ] when tag = scalar_tag kind -> element_of_json kind body
  | j ->
      ill_typed "a Bigarray of kind %s holds %s values, got %s" (kind_name kind) (scalar_tag kind)
        (Yojson.Safe.to_string j)

let json_of_scalar kind x = `Assoc [ (scalar_tag kind, json_of_element kind x) ]

(* --- Bigarrays: JSON <-> OCaml ------------------------------------------------------- *)

let numel dims = Array.fold_left ( * ) 1 dims

(* The elements in memory order, as a 1-D view over the same storage (index from 0). *)
let flat (type a b c) (a : (a, b, c) Genarray.t) =
  let v = reshape_1 a (numel (Genarray.dims a)) in
  let origin = match Array1.layout v with C_layout -> 0 | Fortran_layout -> 1 in
  ((fun i -> Array1.get v (i + origin)), fun i x -> Array1.set v (i + origin) x)

(* Element i of raw little-endian bytes. *)
let element_of_bytes : type a b. (a, b) Bigarray.kind -> Bytes.t -> int -> a =
 fun kind b i ->
  let f32 at = Int32.float_of_bits (Bytes.get_int32_le b at) in
  let f64 at = Int64.float_of_bits (Bytes.get_int64_le b at) in
  match kind with
  | Float32 -> f32 (4 * i)
  | Float64 -> f64 (8 * i)
  | Int8_signed -> Bytes.get_int8 b i
  | Int8_unsigned -> Bytes.get_uint8 b i
  | Int16_signed -> Bytes.get_int16_le b (2 * i)
  | Int16_unsigned -> Bytes.get_uint16_le b (2 * i)
  | Int32 -> Bytes.get_int32_le b (4 * i)
  | Int64 -> Bytes.get_int64_le b (8 * i)
  | Int -> Int64.to_int (Bytes.get_int64_le b (8 * i))
  | Nativeint -> Int64.to_nativeint (Bytes.get_int64_le b (8 * i))
  | Complex32 -> { Complex.re = f32 (8 * i); im = f32 ((8 * i) + 4) }
  | Complex64 -> { Complex.re = f64 (16 * i); im = f64 ((16 * i) + 8) }
  | Char -> Bytes.get b i

let ints_of_json = function
  | `List items -> Array.of_list (List.map int_of_json items)
  | j -> malformed "a list of ints" j

(* {"genarray": {kind, layout, dims, data | b64}}: a new Bigarray, data in memory order. *)
let genarray_of_json body =
  let field name = match body with `Assoc fs -> List.assoc_opt name fs | _ -> None in
  let string_field name =
    match field name with Some (`String s) -> s | _ -> malformed ("a genarray " ^ name) body
  in
  let (K kind) = kind_of_name (string_field "kind") in
  let (L layout) = layout_of_name (string_field "layout") in
  let dims = match field "dims" with Some d -> ints_of_json d | None -> [||] in
  let a = Genarray.create kind layout dims in
  let _, set = flat a in
  (match (field "data", field "b64") with
  | Some (`List items), _ -> List.iteri (fun i x -> set i (element_of_json kind x)) items
  | _, Some (`String s) ->
      let bytes = base64_decode s in
      for i = 0 to numel dims - 1 do set i (element_of_bytes kind bytes i) done
  | _ -> malformed "genarray data or b64" body);
  G a

let json_of_genarray (G a) =
  let get, _ = flat a in
  let dims = Genarray.dims a in
  let data = List.init (numel dims) (fun i -> json_of_element (Genarray.kind a) (get i)) in
  `Assoc
    [ ( "genarray",
        `Assoc
          [ ("kind", `String (kind_name (Genarray.kind a)));
            ("layout", `String (layout_name (Genarray.layout a)));
            ("dims", `List (Array.to_list (Array.map (fun d -> `Int d) dims)));
            ("data", `List data)
          ] ) ]

let json_of_value = function Array g -> json_of_genarray g | Plain j -> j

(* Physically the same Bigarray (OCaml's ==). *)
let same_object (G a) (G b) = Obj.repr a == Obj.repr b

(* Overlapping byte ranges of the elements: shared storage. *)
let shares_storage (G a) (G b) =
  let range x =
    let start = data_address x in
    (start, Nativeint.add start (Nativeint.of_int (Genarray.size_in_bytes x)))
  in
  let a0, a1 = range a and b0, b1 = range b in
  a0 < a1 && b0 < b1 && a0 < b1 && b0 < a1

(* --- The operations of bigarray_genarray.txt ----------------------------------------------------- *)

let genarray_arg = function Array g -> g | Plain j -> malformed "a genarray" j
let int_arg = function
  | Plain (`Assoc [ ("int", n) ]) -> int_of_json n
  | v -> malformed "an int" (json_of_value v)

let ints_arg = function
  | Plain (`Assoc [ ("ints", l) ]) -> ints_of_json l
  | v -> malformed "ints" (json_of_value v)

let variant_arg = function
  | Plain (`Assoc [ ("variant", `String name) ]) -> name
  | v -> malformed "a variant" (json_of_value v)

let rank (G a) = Genarray.num_dims a
let int_result n = Plain (`Assoc [ ("int", `Int n) ])
let ints_result a =
  Plain (`Assoc [ ("ints", `List (List.map (fun d -> `Int d) (Array.to_list a))) ])
let unit_result = Plain (`Assoc [ ("unit", `Null) ])

let run op args =
  match (op, args) with
  | "create", [ k; l; dims ] ->
      let (K kind) = kind_of_name (variant_arg k) in
      let (L layout) = layout_of_name (variant_arg l) in
      Array (G (Genarray.create kind layout (ints_arg dims)))
  | "num_dims", [ a ] ->
      let (G a) = genarray_arg a in
      int_result (Genarray.num_dims a)
  | "dims", [ a ] ->
      let (G a) = genarray_arg a in
      ints_result (Genarray.dims a)
  | "nth_dim", [ a; n ] ->
      let (G a) = genarray_arg a in
      int_result (Genarray.nth_dim a (int_arg n))
  | "size_in_bytes", [ a ] ->
      let (G a) = genarray_arg a in
      int_result (Genarray.size_in_bytes a)
  | "change_layout", [ a; l ] ->
      let (G a) = genarray_arg a in
      let (L layout) = layout_of_name (variant_arg l) in
      Array (G (Genarray.change_layout a layout))
  | "get", [ a; index ] ->
      let (G a) = genarray_arg a in
      Plain (json_of_scalar (Genarray.kind a) (Genarray.get a (ints_arg index)))
  | "set", [ a; index; v ] ->
      let (G a) = genarray_arg a in
      let index = ints_arg index in
      Genarray.set a index (scalar_of_json (Genarray.kind a) (json_of_value v));
      unit_result
  | "fill", [ a; v ] ->
      let (G a) = genarray_arg a in
      Genarray.fill a (scalar_of_json (Genarray.kind a) (json_of_value v));
      unit_result
  | "blit", [ src; dst ] -> (
      let (G src) = genarray_arg src in
      let (G dst) = genarray_arg dst in
      match
        ( same_kind (Genarray.kind src) (Genarray.kind dst),
          same_layout (Genarray.layout src) (Genarray.layout dst) )
      with
      | Some Refl, Some Refl ->
          Genarray.blit src dst;
          unit_result
      | _ -> ill_typed "Genarray.blit takes two Bigarrays of one kind and one layout")
  | ("sub_left" | "sub_right"), a :: _ when rank (genarray_arg a) = 0 ->
      raise
        (Undefined_behaviour
           ("Genarray." ^ op ^ " of a 0-dimensional array: OCaml 4.13's caml_ba_sub reads and "
          ^ "writes a dimension the array does not have, outside its header; not called"))
  | "sub_left", [ a; ofs; len ] -> (
      let (G a) = genarray_arg a in
      match Genarray.layout a with
      | C_layout -> Array (G (Genarray.sub_left a (int_arg ofs) (int_arg len)))
      | Fortran_layout -> ill_typed "Genarray.sub_left takes a c_layout Bigarray")
  | "sub_right", [ a; ofs; len ] -> (
      let (G a) = genarray_arg a in
      match Genarray.layout a with
      | Fortran_layout -> Array (G (Genarray.sub_right a (int_arg ofs) (int_arg len)))
      | C_layout -> ill_typed "Genarray.sub_right takes a fortran_layout Bigarray")
  | "slice_left", [ a; index ] -> (
      let (G a) = genarray_arg a in
      match Genarray.layout a with
      | C_layout -> Array (G (Genarray.slice_left a (ints_arg index)))
      | Fortran_layout -> ill_typed "Genarray.slice_left takes a c_layout Bigarray")
  | "slice_right", [ a; index ] -> (
      let (G a) = genarray_arg a in
      match Genarray.layout a with
      | Fortran_layout -> Array (G (Genarray.slice_right a (ints_arg index)))
      | C_layout -> ill_typed "Genarray.slice_right takes a fortran_layout Bigarray")
  | _ -> unsupported "genarray.%s with %d argument(s) is not implemented" op (List.length args)

(* --- Requests ------------------------------------------------------------------------ *)

(* The live values of the current case, by handle. *)
let live : value Serve.handles = Serve.handles ()
let keep v = Serve.keep live v

(* An argument: a call is run, a ref is an earlier argument of the same request (the same
   object), a handle a kept value; anything else stands for itself. *)
let rec build (built : value list) (j : Yojson.Safe.t) : value =
  match j with
  | `Assoc [ ("genarray", body) ] -> Array (genarray_of_json body)
  | `Assoc [ ("call", body) ] ->
      (match member "namespace" body with
      | None | Some (`String "genarray") -> ()
      | Some ns -> unsupported "calls in namespace %s" (Yojson.Safe.to_string ns));
      let args = match member "args" body with Some (`List l) -> l | _ -> [] in
      let op = match member "op" body with Some (`String op) -> op | _ -> malformed "a call" body in
      run op (List.map (build built) args)
  | `Assoc [ ("ref", `String name) ] -> (
      match Scanf.sscanf name "arg%d%!" Option.some with
      | Some i when i < List.length built -> List.nth built i
      | _ -> unsupported "ref %s" name
      | exception Scanf.Scan_failure _ -> unsupported "ref %s" name)
  | `Assoc [ ("handle", h) ] ->
      Serve.lookup live
        (match h with `Int id -> id | _ -> malformed "a handle without component" h)
  | j -> Plain j

(* Each argument may name the ones before it ({"ref": "arg0"}). *)
let build_args raw = List.fold_left (fun built j -> built @ [ build built j ]) [] raw

(* The position of the first argument that is a Bigarray standing in relation `p` to the
   result (a Bigarray too), or null. *)
let arg_where p result args =
  let rec go i = function
    | [] -> `Null
    | Array g :: rest -> (
        match result with Array r when p r g -> `Int i | _ -> go (i + 1) rest)
    | Plain _ :: rest -> go (i + 1) rest
  in
  go 0 args

(* The fields of the reply to one call request (without its id). *)
let answer request =
  (match member "namespace" request with
  | Some (`String "genarray") -> ()
  | _ -> unsupported "only the genarray namespace");
  (match member "kwargs" request with
  | None | Some (`Assoc []) -> ()
  | Some _ -> unsupported "genarray functions take no labelled arguments");
  let op = match member "op" request with Some (`String op) -> op | _ -> "" in
  let args = build_args (match member "args" request with Some (`List l) -> l | _ -> []) in
  let result = run op args in
  let observe what =
    match what with
    | `String "args_after" -> Some ("args_after", `List (List.map json_of_value args))
    | `String "same_as_arg" -> Some ("same_as_arg", arg_where same_object result args)
    | `String "aliases_arg" -> Some ("aliases_arg", arg_where shares_storage result args)
    | `String "stdout" -> Some ("stdout", `String "") (* nothing here prints *)
    | _ -> None
  in
  let observed =
    match member "observe" request with Some (`List l) -> List.filter_map observe l | _ -> []
  in
  let handles =
    if member "keep" request <> Some (`Bool true) then []
    else
      let kept_args = `List (List.map (fun v -> `Int (keep v)) args) in
      [ ("handles", `Assoc [ ("args", kept_args); ("result", `Int (keep result)) ]) ]
  in
  (("result", json_of_value result) :: observed) @ handles

(* A call OCaml would run into undefined behaviour with is not made: an undocumented error
   of its own. *)
let undocumented = function
  | Undefined_behaviour m -> Some ("Undefined_behaviour", m)
  | _ -> None

let reply_to = Serve.reply_to ~undocumented ~release:(fun () -> Serve.forget live) ~answer

let () =
  let send = Serve.send stdout in
  send
    (Serve.hello ~name:"ocaml-genarray" ~version:("OCaml " ^ Sys.ocaml_version)
       ~namespaces:[ "genarray" ] ~dtypes ());
  Serve.serve ~send reply_to

(* Bigarrays on the wire (spec/FORMAT.md, "Bigarrays") on Nx 1.0.0~alpha3, for Nx's
   Bigarray interop (of_bigarray, to_bigarray, data) and the few `Bigarray.Genarray` calls
   its cases make in pipelines (genarray.get, set, ...).

   `{genarray: {kind, layout, dims, data}}` is a live `Bigarray.Genarray.t`. alpha3 has no
   Bigarray_ext: Nx's extended kinds (bfloat16, bool, int4, uint4, float8_e4m3,
   float8_e5m2) are `Nx_buffer` kinds, whose Genarrays `Nx_buffer.genarray_create` makes
   and whose elements only Nx_buffer's accessors read and write, on a flat C-layout buffer
   (`Nx_buffer.of_genarray`, no copy). So the driver reads and writes a Genarray's elements
   there, in memory order, which is the order of `data` on the wire; the cases' own
   `Genarray.get`, `set` and `fill` remain Bigarray's, on the standard kinds. The standard
   kinds Nx has no dtype for (char, int, nativeint) are plain Bigarrays; complex16, qint8
   and quint8 no longer exist. *)

open Wire

type t = G : ('a, 'b, 'c) Bigarray.Genarray.t -> t

(* A kind: Nx_buffer's (the standard kinds Nx stores and its extended ones), or a standard
   Bigarray kind that Nx_buffer does not have. *)
type kind = Nx : ('a, 'b) Nx_buffer.kind -> kind | Std : ('a, 'b) Bigarray.kind -> kind
type layout = L : 'c Bigarray.layout -> layout

(* What a kind's elements are on the wire: those of the Nx dtype that stores them, or an
   OCaml char (its code 0-255), int or nativeint. *)
type (_, _) elements =
  | Of_dtype : ('a, 'b) Nx.dtype -> ('a, 'b) elements
  | Chars : (char, Bigarray.int8_unsigned_elt) elements
  | Ints : (int, Bigarray.int_elt) elements
  | Nativeints : (nativeint, Bigarray.nativeint_elt) elements

let nx_kind_name : type a b. (a, b) Nx_buffer.kind -> string = function
  | Float16 -> "float16" | Float32 -> "float32" | Float64 -> "float64"
  | Bfloat16 -> "bfloat16" | Float8_e4m3 -> "float8_e4m3" | Float8_e5m2 -> "float8_e5m2"
  | Int8_signed -> "int8_signed" | Int8_unsigned -> "int8_unsigned"
  | Int16_signed -> "int16_signed" | Int16_unsigned -> "int16_unsigned" | Int32 -> "int32"
  | Uint32 -> "uint32 (no documented name)" | Int64 -> "int64"
  | Uint64 -> "uint64 (no documented name)" | Int4_signed -> "int4" | Int4_unsigned -> "uint4"
  | Complex32 -> "complex32" | Complex64 -> "complex64" | Bool -> "bool"

let std_kind_name : type a b. (a, b) Bigarray.kind -> string = function
  | Char -> "char" | Int -> "int" | Nativeint -> "nativeint"
  | _ -> "a standard kind that is also an Nx_buffer kind"

let kind_name = function Nx k -> nx_kind_name k | Std k -> std_kind_name k

let all =
  Nx_buffer.
    [ Nx Float16; Nx Float32; Nx Float64; Nx Bfloat16; Nx Float8_e4m3; Nx Float8_e5m2;
      Nx Int8_signed; Nx Int8_unsigned; Nx Int16_signed; Nx Int16_unsigned; Nx Int32;
      Nx Int64; Nx Int4_signed; Nx Int4_unsigned; Nx Complex32; Nx Complex64; Nx Bool ]
  @ Bigarray.[ Std Char; Std Int; Std Nativeint ]

let kind_of_name name =
  match List.find_opt (fun k -> kind_name k = name) all with
  | Some k -> k
  | None -> unsupported "Nx %s has no Bigarray kind %s" Version.nx name

let layout_of_name = function
  | "c_layout" -> L Bigarray.C_layout
  | "fortran_layout" -> L Bigarray.Fortran_layout
  | name -> unsupported "no Bigarray layout %s" name

let layout_name (type c) (layout : c Bigarray.layout) =
  match layout with C_layout -> "c_layout" | Fortran_layout -> "fortran_layout"

(* The kind of a live Genarray: Nx_buffer's reading (`genarray_kind`), which fails on the
   standard kinds it does not have; those Bigarray names itself. *)
let kind_of (type a b c) (ga : (a, b, c) Bigarray.Genarray.t) =
  match Nx_buffer.genarray_kind ga with
  | k -> Nx k
  | exception Failure _ -> Std (Bigarray.Genarray.kind ga)

let elements_of_std : type a b. (a, b) Bigarray.kind -> (a, b) elements = function
  | Char -> Chars
  | Int -> Ints
  | Nativeint -> Nativeints
  | k -> unsupported "no elements for %s" (std_kind_name k)

let elements (type a b c) (ga : (a, b, c) Bigarray.Genarray.t) : (a, b) elements =
  match Nx_buffer.genarray_kind ga with
  | k -> Of_dtype (Nx_core.Dtype.of_buffer_kind k)
  | exception Failure _ -> elements_of_std (Bigarray.Genarray.kind ga)

(* --- Elements ------------------------------------------------------------------------ *)

let element_of_json : type a b. (a, b) elements -> json -> a =
 fun elements j ->
  match elements with
  | Of_dtype dtype -> Dtypes.element_of_json dtype j
  | Chars -> Char.chr (int_of_json j)
  | Ints -> int_of_json j
  | Nativeints -> Int64.to_nativeint (int64_of_json j)

let json_of_element : type a b. (a, b) elements -> a -> json =
 fun elements x ->
  match elements with
  | Of_dtype dtype -> Dtypes.json_of_element dtype x
  | Chars -> `Int (Char.code x)
  | Ints -> `Int x
  | Nativeints -> json_of_int64 (Int64.of_nativeint x)

(* Element i of "b64" data: little-endian, one byte per char, 8 per int and nativeint. *)
let element_of_bytes : type a b. (a, b) elements -> Bytes.t -> int -> a =
 fun elements bytes i ->
  match elements with
  | Of_dtype dtype -> Dtypes.element_of_bytes dtype bytes i
  | Chars -> Bytes.get bytes i
  | Ints -> Int64.to_int (Bytes.get_int64_le bytes (8 * i))
  | Nativeints -> Int64.to_nativeint (Bytes.get_int64_le bytes (8 * i))

(* A scalar argument of the kind's element type: the Nx dtype's scalars, {int: n} for a
   char (its code), an int or a nativeint. Another tag is a value of another OCaml type
   (ill-typed). *)
let scalar_of_json : type a b. (a, b) elements -> json -> a =
 fun elements j ->
  match (elements, j) with
  | Of_dtype dtype, _ -> Dtypes.scalar_of_json dtype j
  | (Chars | Ints | Nativeints), `Assoc [ ("int", n) ] -> element_of_json elements n
  | _, _ -> ill_typed "this Bigarray takes int scalars, got %s" (clip (Yojson.Safe.to_string j))

let json_of_scalar : type a b. (a, b) elements -> a -> json =
 fun elements x ->
  match elements with
  | Of_dtype dtype -> Dtypes.json_of_scalar dtype x
  | Chars | Ints | Nativeints -> `Assoc [ ("int", json_of_element elements x) ]

(* --- Memory order -------------------------------------------------------------------- *)

let numel dims = Array.fold_left ( * ) 1 dims

(* The elements of ga in memory order, as a flat C-layout buffer sharing its storage.
   A Fortran-layout Genarray is seen in C layout first (`change_layout`: the same memory,
   the dimensions reversed), which keeps a standard kind but forgets an extended one (its
   mark is not among the flags Bigarray copies): such a Genarray has no accessor here. *)
let flat (type a b c) (ga : (a, b, c) Bigarray.Genarray.t) : (a, b) Nx_buffer.t =
  match Bigarray.Genarray.layout ga with
  | C_layout -> Nx_buffer.of_genarray ga
  | Fortran_layout -> (
      match kind_of ga with
      | Nx k when Option.is_none (Nx_buffer.to_stdlib_kind k) ->
          unsupported "Nx %s has no accessor for a fortran_layout %s Bigarray" Version.nx
            (nx_kind_name k)
      | _ -> Nx_buffer.of_genarray (Bigarray.Genarray.change_layout ga Bigarray.c_layout))

(* --- Bigarrays ------------------------------------------------------------------------- *)

let make_genarray kind layout dims =
  match kind with
  | Nx k -> G (Nx_buffer.genarray_create k layout dims)
  | Std k -> G (Bigarray.Genarray.create k layout dims)

let of_json body =
  let field name = member name body in
  let kind =
    match field "kind" with Some (`String s) -> kind_of_name s | _ -> malformed "a kind" body
  in
  let (L layout) =
    match field "layout" with
    | Some (`String s) -> layout_of_name s
    | _ -> malformed "a layout" body
  in
  let dims =
    match field "dims" with
    | Some (`List l) -> Array.of_list (List.map int_of_json l)
    | _ -> malformed "dims" body
  in
  let (G ga) = make_genarray kind layout dims in
  let elements = elements ga in
  let element =
    match (field "data", field "b64") with
    | Some (`List items), _ when List.length items = numel dims ->
        let items = Array.of_list items in
        fun i -> element_of_json elements items.(i)
    | Some (`Assoc [ ("b64", `String s) ]), _ | _, Some (`String s) ->
        element_of_bytes elements (base64_decode s)
    | _ -> malformed "numel data entries or b64" body
  in
  let buffer = flat ga in
  for i = 0 to numel dims - 1 do
    Nx_buffer.set buffer i (element i)
  done;
  G ga

let to_json (G ga) =
  let elements = elements ga and buffer = flat ga in
  let dims = Bigarray.Genarray.dims ga in
  let data = List.init (numel dims) (fun i -> json_of_element elements (Nx_buffer.get buffer i)) in
  `Assoc
    [ ( "genarray",
        `Assoc
          [ ("kind", `String (kind_name (kind_of ga)));
            ("layout", `String (layout_name (Bigarray.Genarray.layout ga)));
            ("dims", `List (List.map (fun d -> `Int d) (Array.to_list dims)));
            ("data", `List data) ] ) ]

(* --- The Bigarray.Genarray calls of the cases (ops_genarray.ml) -------------------------- *)

(* Genarray.create kind layout dims (Nx_buffer.genarray_create for Nx_buffer's kinds). *)
let create kind layout dims =
  let (L layout) = layout_of_name layout in
  make_genarray (kind_of_name kind) layout dims

(* Bigarray.Genarray's accessors read and write the standard kinds only, and alpha3 has
   no other (Bigarray_ext.Genarray is gone): on an extended kind the call cannot be made. *)
let accessible what ga =
  match kind_of ga with
  | Nx k when Option.is_none (Nx_buffer.to_stdlib_kind k) ->
      unsupported "Nx %s has no Genarray.%s for the extended kind %s (Bigarray_ext removed)"
        Version.nx what (nx_kind_name k)
  | _ -> ()

(* Genarray.get ga index, as a tagged scalar. *)
let get (G ga) index =
  accessible "get" ga;
  json_of_scalar (elements ga) (Bigarray.Genarray.get ga index)

(* Genarray.set ga index x and Genarray.fill ga x, x a tagged scalar of ga's element type. *)
let set (G ga) index x =
  accessible "set" ga;
  Bigarray.Genarray.set ga index (scalar_of_json (elements ga) x)

let fill (G ga) x =
  accessible "fill" ga;
  Bigarray.Genarray.fill ga (scalar_of_json (elements ga) x)

(* The address of a Bigarray's first element (storage.c). *)
external data_address : ('a, 'b, 'c) Bigarray.Genarray.t -> nativeint = "ncn_data_address"

(* The byte range of its elements (int4 and uint4 pack two to a byte: an upper bound). *)
let range (G ga) =
  let start = data_address ga in
  let size =
    match kind_of ga with
    | Nx k -> Nx_buffer.kind_size_in_bytes k
    | Std k -> Bigarray.kind_size_in_bytes k
  in
  let bytes = numel (Bigarray.Genarray.dims ga) * size in
  (start, Nativeint.add start (Nativeint.of_int bytes))

(* Bigarrays on the wire (spec/FORMAT.md, "Bigarrays") on Nx 1.0.0~alpha0, for Nx's
   Bigarray interop (of_bigarray, to_bigarray, data) and the few `Bigarray.Genarray` calls
   its cases make in pipelines (genarray.get, set, ...).

   alpha0 has no Bigarray_ext: its tensors are OCaml's own Bigarrays, of the standard
   kinds only (float16 is one since OCaml 5.2), so this is common/genarrays.ml with
   `Bigarray` for `Bigarray_ext` and without the extended kinds (bfloat16, bool, int4,
   uint4, float8, complex16, qint8, quint8), which alpha0 cannot store. *)

open Wire

type t = G : ('a, 'b, 'c) Bigarray.Genarray.t -> t
type kind = K : ('a, 'b) Bigarray.kind -> kind
type layout = L : 'c Bigarray.layout -> layout

(* What a kind's elements are on the wire: those of the Nx dtype that stores them, or
   chars, written as their codes 0-255. *)
type (_, _) elements =
  | Of_dtype : ('a, 'b) Nx.dtype -> ('a, 'b) elements
  | Chars : (char, Bigarray.int8_unsigned_elt) elements

let kind_name : type a b. (a, b) Bigarray.kind -> string = function
  | Float32 -> "float32" | Float64 -> "float64" | Int8_signed -> "int8_signed"
  | Int8_unsigned -> "int8_unsigned" | Int16_signed -> "int16_signed"
  | Int16_unsigned -> "int16_unsigned" | Int32 -> "int32" | Int64 -> "int64" | Int -> "int"
  | Nativeint -> "nativeint" | Complex32 -> "complex32" | Complex64 -> "complex64"
  | Char -> "char" | Float16 -> "float16"

let elements : type a b. (a, b) Bigarray.kind -> (a, b) elements = function
  | Float32 -> Of_dtype Nx.float32 | Float64 -> Of_dtype Nx.float64
  | Int8_signed -> Of_dtype Nx.int8 | Int8_unsigned -> Of_dtype Nx.uint8
  | Int16_signed -> Of_dtype Nx.int16 | Int16_unsigned -> Of_dtype Nx.uint16
  | Int32 -> Of_dtype Nx.int32 | Int64 -> Of_dtype Nx.int64 | Int -> Of_dtype Nx.int
  | Nativeint -> Of_dtype Nx.nativeint | Complex32 -> Of_dtype Nx.complex32
  | Complex64 -> Of_dtype Nx.complex64 | Char -> Chars | Float16 -> Of_dtype Nx.float16

let kind_of_name name =
  let all =
    Bigarray.
      [ K Float32; K Float64; K Int8_signed; K Int8_unsigned; K Int16_signed;
        K Int16_unsigned; K Int32; K Int64; K Int; K Nativeint; K Complex32; K Complex64;
        K Char; K Float16 ]
  in
  match List.find_opt (fun (K k) -> kind_name k = name) all with
  | Some k -> k
  | None -> unsupported "no Bigarray kind %s" name

let layout_of_name = function
  | "c_layout" -> L Bigarray.C_layout
  | "fortran_layout" -> L Bigarray.Fortran_layout
  | name -> unsupported "no Bigarray layout %s" name

let layout_name (type c) (layout : c Bigarray.layout) =
  match layout with C_layout -> "c_layout" | Fortran_layout -> "fortran_layout"

(* --- Elements ------------------------------------------------------------------------ *)

let element_of_json : type a b. (a, b) elements -> json -> a =
 fun elements j ->
  match elements with
  | Of_dtype dtype -> Dtypes.element_of_json dtype j
  | Chars -> Char.chr (int_of_json j)

let json_of_element : type a b. (a, b) elements -> a -> json =
 fun elements x ->
  match elements with
  | Of_dtype dtype -> Dtypes.json_of_element dtype x
  | Chars -> `Int (Char.code x)

let element_of_bytes : type a b. (a, b) elements -> Bytes.t -> int -> a =
 fun elements bytes i ->
  match elements with
  | Of_dtype dtype -> Dtypes.element_of_bytes dtype bytes i
  | Chars -> Bytes.get bytes i

(* A scalar argument of the kind's element type: the Nx dtype's scalars, a char as
   {int: code}. Another tag is a value of another OCaml type (ill-typed). *)
let scalar_of_json : type a b. (a, b) Bigarray.kind -> json -> a =
 fun kind j ->
  match (elements kind, j) with
  | Of_dtype dtype, _ -> Dtypes.scalar_of_json dtype j
  | Chars, `Assoc [ ("int", code) ] -> Char.chr (int_of_json code)
  | Chars, _ -> ill_typed "a char Bigarray takes chars, got %s" (clip (Yojson.Safe.to_string j))

let json_of_scalar : type a b. (a, b) Bigarray.kind -> a -> json =
 fun kind x ->
  match elements kind with
  | Of_dtype dtype -> Dtypes.json_of_scalar dtype x
  | Chars -> `Assoc [ ("int", `Int (Char.code x)) ]

(* --- Memory order -------------------------------------------------------------------- *)

(* The index of the i-th element in memory: row-major from 0 for c_layout, column-major
   from 1 for fortran_layout. *)
let index_in_memory (type c) (layout : c Bigarray.layout) dims i =
  let n = Array.length dims in
  let index = Array.make n 0 in
  let rest = ref i in
  let place axis =
    index.(axis) <- !rest mod dims.(axis);
    rest := !rest / dims.(axis)
  in
  (match layout with
  | C_layout -> for axis = n - 1 downto 0 do place axis done
  | Fortran_layout ->
      for axis = 0 to n - 1 do place axis done;
      Array.iteri (fun axis k -> index.(axis) <- k + 1) index);
  index

let numel dims = Array.fold_left ( * ) 1 dims

let iter_memory (type a b c) (ga : (a, b, c) Bigarray.Genarray.t) f =
  let dims = Bigarray.Genarray.dims ga in
  for i = 0 to numel dims - 1 do
    f i (index_in_memory (Bigarray.Genarray.layout ga) dims i)
  done

(* --- Bigarrays ------------------------------------------------------------------------- *)

let of_json body =
  let field name = member name body in
  let (K kind) =
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
  let elements = elements kind in
  let element =
    match (field "data", field "b64") with
    | Some (`List items), _ when List.length items = numel dims ->
        let items = Array.of_list items in
        fun i -> element_of_json elements items.(i)
    | Some (`Assoc [ ("b64", `String s) ]), _ | _, Some (`String s) ->
        let bytes = base64_decode s in
        element_of_bytes elements bytes
    | _ -> malformed "numel data entries or b64" body
  in
  let ga = Bigarray.Genarray.create kind layout dims in
  iter_memory ga (fun i index -> Bigarray.Genarray.set ga index (element i));
  G ga

let to_json (G ga) =
  let kind = Bigarray.Genarray.kind ga and dims = Bigarray.Genarray.dims ga in
  let elements = elements kind in
  let data = ref [] in
  iter_memory ga (fun _ index ->
      data := json_of_element elements (Bigarray.Genarray.get ga index) :: !data);
  `Assoc
    [ ( "genarray",
        `Assoc
          [ ("kind", `String (kind_name kind));
            ("layout", `String (layout_name (Bigarray.Genarray.layout ga)));
            ("dims", `List (List.map (fun d -> `Int d) (Array.to_list dims)));
            ("data", `List (List.rev !data)) ] ) ]

(* --- The Bigarray.Genarray calls of the cases (ops_genarray.ml) -------------------------- *)

(* Genarray.create kind layout dims, the kind and layout by name. *)
let create kind layout dims =
  let (K kind) = kind_of_name kind in
  let (L layout) = layout_of_name layout in
  G (Bigarray.Genarray.create kind layout dims)

(* Genarray.get ga index, as a tagged scalar. *)
let get (G ga) index =
  json_of_scalar (Bigarray.Genarray.kind ga) (Bigarray.Genarray.get ga index)

(* Genarray.set ga index x and Genarray.fill ga x, x a tagged scalar of ga's element type. *)
let set (G ga) index x =
  Bigarray.Genarray.set ga index (scalar_of_json (Bigarray.Genarray.kind ga) x)

let fill (G ga) x =
  Bigarray.Genarray.fill ga (scalar_of_json (Bigarray.Genarray.kind ga) x)

(* The address of a Bigarray's first element (storage.c). *)
external data_address : ('a, 'b, 'c) Bigarray.Genarray.t -> nativeint = "ncn_data_address"

(* The byte range of its elements. *)
let range (G ga) =
  let start = data_address ga in
  let size = Bigarray.kind_size_in_bytes (Bigarray.Genarray.kind ga) in
  let bytes = numel (Bigarray.Genarray.dims ga) * size in
  (start, Nativeint.add start (Nativeint.of_int bytes))

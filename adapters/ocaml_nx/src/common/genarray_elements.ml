(* What a Bigarray holds on the wire (spec/FORMAT.md, "Bigarrays"), whatever the kinds of
   the release (genarray_kinds.ml): any Genarray, its layout, what its elements are as
   JSON and as "b64" bytes, and the order they travel in (memory order: row-major from 0
   for c_layout, column-major from 1 for fortran_layout). genarrays.ml reads and writes
   whole Bigarrays with these. *)

open Wire

type t = G : ('a, 'b, 'c) Bigarray.Genarray.t -> t
type layout = L : 'c Bigarray.layout -> layout

let layout_of_name = function
  | "c_layout" -> L Bigarray.C_layout
  | "fortran_layout" -> L Bigarray.Fortran_layout
  | name -> unsupported "no Bigarray layout %s" name

let layout_name (type c) (layout : c Bigarray.layout) =
  match layout with C_layout -> "c_layout" | Fortran_layout -> "fortran_layout"

(* What a kind's elements are on the wire: those of the Nx dtype that stores them, or an
   OCaml char (written as its code 0-255), int or nativeint, for the standard kinds the
   release has no dtype for. *)
type (_, _) elements =
  | Of_dtype : ('a, 'b) Nx.dtype -> ('a, 'b) elements
  | Chars : (char, Bigarray.int8_unsigned_elt) elements
  | Ints : (int, Bigarray.int_elt) elements
  | Nativeints : (nativeint, Bigarray.nativeint_elt) elements

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

(* A scalar argument of the element type: the Nx dtype's scalars, {int: n} for a char (its
   code), an int or a nativeint. Another tag is a value of another OCaml type (ill-typed). *)
let scalar_of_json : type a b. (a, b) elements -> json -> a =
 fun elements j ->
  match (elements, j) with
  | Of_dtype dtype, _ -> Dtypes.scalar_of_json dtype j
  | (Chars | Ints | Nativeints), `Assoc [ ("int", n) ] -> element_of_json elements n
  | Chars, _ -> ill_typed "a char Bigarray takes chars, got %s" (clip (Yojson.Safe.to_string j))
  | (Ints | Nativeints), _ ->
      ill_typed "this Bigarray takes int scalars, got %s" (clip (Yojson.Safe.to_string j))

let json_of_scalar : type a b. (a, b) elements -> a -> json =
 fun elements x ->
  match elements with
  | Of_dtype dtype -> Dtypes.json_of_scalar dtype x
  | Chars | Ints | Nativeints -> `Assoc [ ("int", json_of_element elements x) ]

(* --- Memory order ------------------------------------------------------------------------ *)

let numel dims = Array.fold_left ( * ) 1 dims

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

(* The i-th element in memory of a Genarray, read and written through accessors by index
   (the release's Genarray.get and set). *)
type ('a, 'b) in_memory = { read : int -> 'a; write : int -> 'a -> unit }

let by_index (type a b c) (ga : (a, b, c) Bigarray.Genarray.t) ~(get : int array -> a)
    ~(set : int array -> a -> unit) : (a, b) in_memory =
  let at i = index_in_memory (Bigarray.Genarray.layout ga) (Bigarray.Genarray.dims ga) i in
  { read = (fun i -> get (at i)); write = (fun i x -> set (at i) x) }

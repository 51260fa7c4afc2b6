(* Dtypes on the wire: the release's dtype table (dtype_table.ml) and, made once from the
   kind of each dtype's elements (element.ml), every codec of elements and scalars.

   Element types (nx.mli): float for the float kinds, int for the small integer kinds
   (int4 ... uint16, qint8, quint8, and OCaml's 63-bit `int`), int32, int64, nativeint,
   Complex.t for the complex kinds, bool. *)

open Wire
open Element
include Dtype_table

type any = Element.any = D : ('a, 'b) Nx.dtype -> any
type ('a, 'b) eq = ('a, 'b) Element.eq = Refl : ('a, 'a) eq

let of_name n =
  match List.assoc_opt n all with Some d -> d | None -> unsupported "this Nx has no dtype %s" n

(* The element type's family, for functions whose OCaml type fixes it ((float, 'b) t ...). *)
type (_, _) family =
  | Floating : (float, 'b) family
  | Complex : (Complex.t, 'b) family
  | Other : ('a, 'b) family

let family : type a b. (a, b) Nx.dtype -> (a, b) family =
 fun dtype ->
  match element dtype with Float _ -> Floating | Complex _ -> Complex | _ -> Other

(* The tag of a scalar of this element type on the wire ({"float": 1.5}, {"int": 3}, ...). *)
let scalar_tag : type a b. (a, b) Nx.dtype -> string =
 fun dtype ->
  match element dtype with
  | Float _ -> "float"
  | Complex _ -> "complex"
  | Bool -> "bool"
  | Small_int _ | Int32 | Int64 | Nativeint -> "int"

(* One element of tensor data, as written in JSON. *)
let element_of_json : type a b. (a, b) Nx.dtype -> json -> a =
 fun dtype j ->
  match element dtype with
  | Float _ -> float_of_json j
  | Small_int _ -> int_of_json j
  | Int32 -> Int64.to_int32 (int64_of_json j)
  | Int64 -> int64_of_json j
  | Nativeint -> Int64.to_nativeint (int64_of_json j)
  | Complex _ -> complex_of_json j
  | Bool -> ( match j with `Bool b -> b | `Int i -> i <> 0 | j -> malformed "a bool" j)

let json_of_element : type a b. (a, b) Nx.dtype -> a -> json =
 fun dtype x ->
  match element dtype with
  | Float _ -> json_of_float x
  | Small_int _ -> `Int x
  | Int32 -> `Int (Int32.to_int x)
  | Int64 -> json_of_int64 x
  | Nativeint -> json_of_int64 (Int64.of_nativeint x)
  | Complex _ -> json_of_complex x
  | Bool -> `Bool x

(* A float of this format from the little-endian bytes at `at`, and the format's width. *)
let width = function F16 | BF16 -> 2 | F32 -> 4 | F64 -> 8 | F8_e4m3 | F8_e5m2 -> 1

let float_of_bytes format b at =
  match (format : Element.float_format) with
  | F16 -> float16_of_bits (Bytes.get_uint16_le b at)
  | BF16 -> bfloat16_of_bits (Bytes.get_uint16_le b at)
  | F32 -> Int32.float_of_bits (Bytes.get_int32_le b at)
  | F64 -> Int64.float_of_bits (Bytes.get_int64_le b at)
  | F8_e4m3 -> float8_e4m3_of_bits (Bytes.get_uint8 b at)
  | F8_e5m2 -> float8_e5m2_of_bits (Bytes.get_uint8 b at)

(* Element i of "b64" data: little-endian, the dtype's storage width (one byte for int4,
   uint4, bool; two float16 per complex16 element; 8 bytes for int). *)
let element_of_bytes : type a b. (a, b) Nx.dtype -> Bytes.t -> int -> a =
 fun dtype b i ->
  match element dtype with
  | Float format -> float_of_bytes format b (width format * i)
  | Small_int 1 -> if signed dtype then Bytes.get_int8 b i else Bytes.get_uint8 b i
 
  | Small_int 2 ->
      if signed dtype then Bytes.get_int16_le b (2 * i) else Bytes.get_uint16_le b (2 * i)
  | Small_int _ -> Int64.to_int (Bytes.get_int64_le b (8 * i))
  | Int32 -> Bytes.get_int32_le b (4 * i)
  | Int64 -> Bytes.get_int64_le b (8 * i)
  | Nativeint -> Int64.to_nativeint (Bytes.get_int64_le b (8 * i))
  | Complex format ->
      let at = 2 * width format * i in
      { Complex.re = float_of_bytes format b at; im = float_of_bytes format b (at + width format) }
  | Bool -> Bytes.get_uint8 b i <> 0

(* A scalar argument as a value of the element type. OCaml has no implicit conversion:
   an int literal where a float is expected does not type-check, nor the reverse, so a
   scalar of another kind is refused as ill-typed. int32/int64/nativeint take their own
   literals (1l, 1L, 1n): an {"int": n} stands for them. *)
let scalar_of_json : type a b. (a, b) Nx.dtype -> json -> a =
 fun dtype j ->
  let tag = scalar_tag dtype in
  match j with
  | `Assoc [ (t, body) ] when t = tag -> element_of_json dtype body
  | _ ->
      ill_typed "a %s tensor takes %s scalars, got %s" (name dtype) tag
        (clip (Yojson.Safe.to_string j))

let json_of_scalar dtype x = `Assoc [ (scalar_tag dtype, json_of_element dtype x) ]

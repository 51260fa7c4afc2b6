(* The one dtype table of the driver: the 22 constructors of Nx's dtype GADT, their names
   on the wire (spec/FORMAT.md: the documented constructors in lower case), and each
   one's elements to and from JSON.

   Element types (Nx.mli): float for the float kinds (float16 ... float8_e5m2), int for
   the small integer kinds, int4/uint4, qint8/quint8 and `int`; int32, int64, nativeint
   for those three; Complex.t for the complex kinds; bool for bool. *)

open Wire

type any = D : ('a, 'b) Nx.dtype -> any

let all : (string * any) list =
  [ ("float16", D Nx.float16); ("float32", D Nx.float32); ("float64", D Nx.float64);
    ("bfloat16", D Nx.bfloat16); ("float8_e4m3", D Nx.float8_e4m3);
    ("float8_e5m2", D Nx.float8_e5m2); ("int4", D Nx.int4); ("uint4", D Nx.uint4);
    ("int8", D Nx.int8); ("uint8", D Nx.uint8); ("int16", D Nx.int16); ("uint16", D Nx.uint16);
    ("int32", D Nx.int32); ("int64", D Nx.int64); ("int", D Nx.int);
    ("nativeint", D Nx.nativeint); ("complex16", D Nx.complex16);
    ("complex32", D Nx.complex32); ("complex64", D Nx.complex64); ("bool", D Nx.bool);
    ("qint8", D Nx.qint8); ("quint8", D Nx.quint8) ]

let of_name name =
  match List.assoc_opt name all with
  | Some d -> d
  | None -> unsupported "Nx has no dtype %s" name

let name : type a b. (a, b) Nx.dtype -> string = function
  | Float16 -> "float16" | Float32 -> "float32" | Float64 -> "float64"
  | BFloat16 -> "bfloat16" | Float8_e4m3 -> "float8_e4m3" | Float8_e5m2 -> "float8_e5m2"
  | Int4 -> "int4" | UInt4 -> "uint4" | Int8 -> "int8" | UInt8 -> "uint8" | Int16 -> "int16"
  | UInt16 -> "uint16" | Int32 -> "int32" | Int64 -> "int64" | Int -> "int"
  | NativeInt -> "nativeint" | Complex16 -> "complex16" | Complex32 -> "complex32"
  | Complex64 -> "complex64" | Bool -> "bool" | QInt8 -> "qint8" | QUInt8 -> "quint8"

(* Two dtypes that are one type: OCaml accepts a call mixing them only then. *)
type (_, _) eq = Refl : ('a, 'a) eq

let same : type a b c d. (a, b) Nx.dtype -> (c, d) Nx.dtype -> (a * b, c * d) eq option =
 fun x y ->
  match (x, y) with
  | Float16, Float16 -> Some Refl | Float32, Float32 -> Some Refl
  | Float64, Float64 -> Some Refl | BFloat16, BFloat16 -> Some Refl
  | Float8_e4m3, Float8_e4m3 -> Some Refl | Float8_e5m2, Float8_e5m2 -> Some Refl
  | Int4, Int4 -> Some Refl | UInt4, UInt4 -> Some Refl | Int8, Int8 -> Some Refl
  | UInt8, UInt8 -> Some Refl | Int16, Int16 -> Some Refl | UInt16, UInt16 -> Some Refl
  | Int32, Int32 -> Some Refl | Int64, Int64 -> Some Refl | Int, Int -> Some Refl
  | NativeInt, NativeInt -> Some Refl | Complex16, Complex16 -> Some Refl
  | Complex32, Complex32 -> Some Refl | Complex64, Complex64 -> Some Refl
  | Bool, Bool -> Some Refl | QInt8, QInt8 -> Some Refl | QUInt8, QUInt8 -> Some Refl
  | _ -> None

(* The element type's kind, for functions whose OCaml type fixes it ((float, 'b) t ...). *)
type (_, _) family =
  | Floating : (float, 'b) family
  | Complex : (Complex.t, 'b) family
  | Other : ('a, 'b) family

let family : type a b. (a, b) Nx.dtype -> (a, b) family = function
  | Float16 -> Floating | Float32 -> Floating | Float64 -> Floating | BFloat16 -> Floating
  | Float8_e4m3 -> Floating | Float8_e5m2 -> Floating
  | Complex16 -> Complex | Complex32 -> Complex | Complex64 -> Complex
  | _ -> Other

(* The tag of a scalar of this element type on the wire ({"float": 1.5}, {"int": 3}...). *)
let scalar_tag : type a b. (a, b) Nx.dtype -> string = function
  | Float16 -> "float" | Float32 -> "float" | Float64 -> "float" | BFloat16 -> "float"
  | Float8_e4m3 -> "float" | Float8_e5m2 -> "float"
  | Complex16 -> "complex" | Complex32 -> "complex" | Complex64 -> "complex"
  | Bool -> "bool"
  | _ -> "int"

(* One element of tensor data. Integers arrive exact; wider ones keep their low bits as
   Int32.of_int would, but the runner only sends values in range. *)
let element_of_json : type a b. (a, b) Nx.dtype -> json -> a =
 fun dtype j ->
  match dtype with
  | Float16 -> float_of_json j | Float32 -> float_of_json j | Float64 -> float_of_json j
  | BFloat16 -> float_of_json j | Float8_e4m3 -> float_of_json j
  | Float8_e5m2 -> float_of_json j
  | Int4 -> int_of_json j | UInt4 -> int_of_json j | Int8 -> int_of_json j
  | UInt8 -> int_of_json j | Int16 -> int_of_json j | UInt16 -> int_of_json j
  | Int -> int_of_json j | QInt8 -> int_of_json j | QUInt8 -> int_of_json j
  | Int32 -> Int64.to_int32 (int64_of_json j)
  | Int64 -> int64_of_json j
  | NativeInt -> Int64.to_nativeint (int64_of_json j)
  | Complex16 -> complex_of_json j | Complex32 -> complex_of_json j
  | Complex64 -> complex_of_json j
  | Bool -> ( match j with `Bool b -> b | `Int i -> i <> 0 | j -> malformed "a bool" j)

let json_of_element : type a b. (a, b) Nx.dtype -> a -> json =
 fun dtype x ->
  match dtype with
  | Float16 -> json_of_float x | Float32 -> json_of_float x | Float64 -> json_of_float x
  | BFloat16 -> json_of_float x | Float8_e4m3 -> json_of_float x
  | Float8_e5m2 -> json_of_float x
  | Int4 -> `Int x | UInt4 -> `Int x | Int8 -> `Int x | UInt8 -> `Int x | Int16 -> `Int x
  | UInt16 -> `Int x | Int -> `Int x | QInt8 -> `Int x | QUInt8 -> `Int x
  | Int32 -> `Int (Int32.to_int x)
  | Int64 -> json_of_int64 x
  | NativeInt -> json_of_int64 (Int64.of_nativeint x)
  | Complex16 -> json_of_complex x | Complex32 -> json_of_complex x
  | Complex64 -> json_of_complex x
  | Bool -> `Bool x

(* Element i of "b64" data: little-endian, the dtype's storage width (one byte for int4,
   uint4, bool; two float16 per complex16 element; 8 bytes for int). *)
let element_of_bytes : type a b. (a, b) Nx.dtype -> Bytes.t -> int -> a =
 fun dtype b i ->
  let f16 at = float16_of_bits (Bytes.get_uint16_le b at) in
  let f32 at = Int32.float_of_bits (Bytes.get_int32_le b at) in
  let f64 at = Int64.float_of_bits (Bytes.get_int64_le b at) in
  match dtype with
  | Float16 -> f16 (2 * i)
  | Float32 -> f32 (4 * i)
  | Float64 -> f64 (8 * i)
  | BFloat16 -> bfloat16_of_bits (Bytes.get_uint16_le b (2 * i))
  | Float8_e4m3 -> float8_e4m3_of_bits (Bytes.get_uint8 b i)
  | Float8_e5m2 -> float8_e5m2_of_bits (Bytes.get_uint8 b i)
  | Int4 -> Bytes.get_int8 b i
  | UInt4 -> Bytes.get_uint8 b i
  | Int8 -> Bytes.get_int8 b i
  | UInt8 -> Bytes.get_uint8 b i
  | QInt8 -> Bytes.get_int8 b i
  | QUInt8 -> Bytes.get_uint8 b i
  | Int16 -> Bytes.get_int16_le b (2 * i)
  | UInt16 -> Bytes.get_uint16_le b (2 * i)
  | Int32 -> Bytes.get_int32_le b (4 * i)
  | Int64 -> Bytes.get_int64_le b (8 * i)
  | Int -> Int64.to_int (Bytes.get_int64_le b (8 * i))
  | NativeInt -> Int64.to_nativeint (Bytes.get_int64_le b (8 * i))
  | Complex16 -> { Complex.re = f16 (4 * i); im = f16 ((4 * i) + 2) }
  | Complex32 -> { Complex.re = f32 (8 * i); im = f32 ((8 * i) + 4) }
  | Complex64 -> { Complex.re = f64 (16 * i); im = f64 ((16 * i) + 8) }
  | Bool -> Bytes.get_uint8 b i <> 0

(* A scalar argument as a value of the element type. OCaml has no implicit conversion:
   an int literal where a float is expected does not type-check, and neither does the
   reverse, so a scalar of another kind is refused as ill-typed. Integer kinds other than
   int take their own literals (1l, 1L, 1n): an {"int": n} stands for them. *)
let scalar_of_json : type a b. (a, b) Nx.dtype -> json -> a =
 fun dtype j ->
  let tag = scalar_tag dtype in
  match j with
  | `Assoc [ (t, body) ] when t = tag -> element_of_json dtype body
  | _ ->
      ill_typed "a %s tensor takes %s scalars, got %s" (name dtype) tag
        (clip (Yojson.Safe.to_string j))

let json_of_scalar dtype x = `Assoc [ (scalar_tag dtype, json_of_element dtype x) ]

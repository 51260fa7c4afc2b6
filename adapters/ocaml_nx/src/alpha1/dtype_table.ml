(* The dtype table of Nx 1.0.0~alpha1 and alpha2: the 22 constructors of the dtype GADT,
   their names on the wire (spec/FORMAT.md: the documented constructors in lower case),
   and the kind of each one's elements (dtypes.ml turns the kind into codecs). *)

open Element

let all : (string * any) list =
  [ ("float16", D Nx.float16); ("float32", D Nx.float32); ("float64", D Nx.float64);
    ("bfloat16", D Nx.bfloat16); ("float8_e4m3", D Nx.float8_e4m3);
    ("float8_e5m2", D Nx.float8_e5m2); ("int4", D Nx.int4); ("uint4", D Nx.uint4);
    ("int8", D Nx.int8); ("uint8", D Nx.uint8); ("int16", D Nx.int16); ("uint16", D Nx.uint16);
    ("int32", D Nx.int32); ("int64", D Nx.int64); ("int", D Nx.int);
    ("nativeint", D Nx.nativeint); ("complex16", D Nx.complex16);
    ("complex32", D Nx.complex32); ("complex64", D Nx.complex64); ("bool", D Nx.bool);
    ("qint8", D Nx.qint8); ("quint8", D Nx.quint8) ]

let name : type a b. (a, b) Nx.dtype -> string = function
  | Float16 -> "float16" | Float32 -> "float32" | Float64 -> "float64"
  | BFloat16 -> "bfloat16" | Float8_e4m3 -> "float8_e4m3" | Float8_e5m2 -> "float8_e5m2"
  | Int4 -> "int4" | UInt4 -> "uint4" | Int8 -> "int8" | UInt8 -> "uint8" | Int16 -> "int16"
  | UInt16 -> "uint16" | Int32 -> "int32" | Int64 -> "int64" | Int -> "int"
  | NativeInt -> "nativeint" | Complex16 -> "complex16" | Complex32 -> "complex32"
  | Complex64 -> "complex64" | Bool -> "bool" | QInt8 -> "qint8" | QUInt8 -> "quint8"

let element : type a b. (a, b) Nx.dtype -> (a, b) t = function
  | Float16 -> Float F16 | Float32 -> Float F32 | Float64 -> Float F64
  | BFloat16 -> Float BF16 | Float8_e4m3 -> Float F8_e4m3 | Float8_e5m2 -> Float F8_e5m2
  | Int4 -> Small_int 1 | UInt4 -> Small_int 1 | Int8 -> Small_int 1 | UInt8 -> Small_int 1
  | QInt8 -> Small_int 1 | QUInt8 -> Small_int 1 | Int16 -> Small_int 2
  | UInt16 -> Small_int 2 | Int -> Small_int 8
  | Int32 -> Int32 | Int64 -> Int64 | NativeInt -> Nativeint
  | Complex16 -> Complex F16 | Complex32 -> Complex F32 | Complex64 -> Complex F64
  | Bool -> Bool

(* Signed integer kinds (their b64 bytes are sign-extended). *)
let signed : type a b. (a, b) Nx.dtype -> bool = function
  | UInt4 | UInt8 | QUInt8 | UInt16 -> false
  | _ -> true

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

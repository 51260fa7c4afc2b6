(* The dtype table of Nx 1.0.0~alpha3, whose dtype GADT differs from alpha1's: its complex
   constructors are named by their total width (Complex64 has float32 parts: the
   documented `complex32`; Complex128 has float64 parts: the documented `complex64`), it
   adds UInt32 and UInt64, and it has no Int, NativeInt, Complex16, QInt8 or QUInt8. The
   names on the wire are the documented ones (spec/FORMAT.md): a dtype alpha3 lacks is
   not announced, so its cases are reported unsupported; uint32 and uint64 have no
   documented name and are not announced either. *)

open Element

let all : (string * any) list =
  [ ("float16", D Nx.float16); ("float32", D Nx.float32); ("float64", D Nx.float64);
    ("bfloat16", D Nx.bfloat16); ("float8_e4m3", D Nx.float8_e4m3);
    ("float8_e5m2", D Nx.float8_e5m2); ("int4", D Nx.int4); ("uint4", D Nx.uint4);
    ("int8", D Nx.int8); ("uint8", D Nx.uint8); ("int16", D Nx.int16); ("uint16", D Nx.uint16);
    ("int32", D Nx.int32); ("int64", D Nx.int64); ("complex32", D Nx.complex64);
    ("complex64", D Nx.complex128); ("bool", D Nx.bool) ]

let name : type a b. (a, b) Nx.dtype -> string = function
  | Float16 -> "float16" | Float32 -> "float32" | Float64 -> "float64"
  | BFloat16 -> "bfloat16" | Float8_e4m3 -> "float8_e4m3" | Float8_e5m2 -> "float8_e5m2"
  | Int4 -> "int4" | UInt4 -> "uint4" | Int8 -> "int8" | UInt8 -> "uint8" | Int16 -> "int16"
  | UInt16 -> "uint16" | Int32 -> "int32" | UInt32 -> "uint32 (no documented name)"
  | Int64 -> "int64" | UInt64 -> "uint64 (no documented name)" | Complex64 -> "complex32"
  | Complex128 -> "complex64" | Bool -> "bool"

let element : type a b. (a, b) Nx.dtype -> (a, b) t = function
  | Float16 -> Float F16 | Float32 -> Float F32 | Float64 -> Float F64
  | BFloat16 -> Float BF16 | Float8_e4m3 -> Float F8_e4m3 | Float8_e5m2 -> Float F8_e5m2
  | Int4 -> Small_int 1 | UInt4 -> Small_int 1 | Int8 -> Small_int 1 | UInt8 -> Small_int 1
  | Int16 -> Small_int 2 | UInt16 -> Small_int 2
  | Int32 -> Int32 | UInt32 -> Int32 | Int64 -> Int64 | UInt64 -> Int64
  | Complex64 -> Complex F32 | Complex128 -> Complex F64
  | Bool -> Bool

let signed : type a b. (a, b) Nx.dtype -> bool = function
  | UInt4 | UInt8 | UInt16 | UInt32 | UInt64 -> false
  | _ -> true

let same : type a b c d. (a, b) Nx.dtype -> (c, d) Nx.dtype -> (a * b, c * d) eq option =
 fun x y ->
  match (x, y) with
  | Float16, Float16 -> Some Refl | Float32, Float32 -> Some Refl
  | Float64, Float64 -> Some Refl | BFloat16, BFloat16 -> Some Refl
  | Float8_e4m3, Float8_e4m3 -> Some Refl | Float8_e5m2, Float8_e5m2 -> Some Refl
  | Int4, Int4 -> Some Refl | UInt4, UInt4 -> Some Refl | Int8, Int8 -> Some Refl
  | UInt8, UInt8 -> Some Refl | Int16, Int16 -> Some Refl | UInt16, UInt16 -> Some Refl
  | Int32, Int32 -> Some Refl | UInt32, UInt32 -> Some Refl | Int64, Int64 -> Some Refl
  | UInt64, UInt64 -> Some Refl | Complex64, Complex64 -> Some Refl
  | Complex128, Complex128 -> Some Refl | Bool, Bool -> Some Refl
  | _ -> None

(* The dtype table of Nx 1.0.0~alpha0, whose dtype GADT is the 13 constructors of OCaml's
   own Bigarray kinds: no bfloat16, bool, int4, uint4, float8, complex16, qint8 or quint8
   (alpha1 added them with Bigarray_ext). A dtype alpha0 lacks is not announced in the
   hello, so its cases are reported unsupported without being sent. *)

open Element

let all : (string * any) list =
  [ ("float16", D Nx.float16); ("float32", D Nx.float32); ("float64", D Nx.float64);
    ("int8", D Nx.int8); ("uint8", D Nx.uint8); ("int16", D Nx.int16); ("uint16", D Nx.uint16);
    ("int32", D Nx.int32); ("int64", D Nx.int64); ("int", D Nx.int);
    ("nativeint", D Nx.nativeint); ("complex32", D Nx.complex32);
    ("complex64", D Nx.complex64) ]

let name : type a b. (a, b) Nx.dtype -> string = function
  | Float16 -> "float16" | Float32 -> "float32" | Float64 -> "float64"
  | Int8 -> "int8" | UInt8 -> "uint8" | Int16 -> "int16" | UInt16 -> "uint16"
  | Int32 -> "int32" | Int64 -> "int64" | Int -> "int" | NativeInt -> "nativeint"
  | Complex32 -> "complex32" | Complex64 -> "complex64"

let element : type a b. (a, b) Nx.dtype -> (a, b) t = function
  | Float16 -> Float F16 | Float32 -> Float F32 | Float64 -> Float F64
  | Int8 -> Small_int 1 | UInt8 -> Small_int 1 | Int16 -> Small_int 2
  | UInt16 -> Small_int 2 | Int -> Small_int 8
  | Int32 -> Int32 | Int64 -> Int64 | NativeInt -> Nativeint
  | Complex32 -> Complex F32 | Complex64 -> Complex F64

(* Signed integer kinds (their b64 bytes are sign-extended). *)
let signed : type a b. (a, b) Nx.dtype -> bool = function
  | UInt8 | UInt16 -> false
  | _ -> true

let same : type a b c d. (a, b) Nx.dtype -> (c, d) Nx.dtype -> (a * b, c * d) eq option =
 fun x y ->
  match (x, y) with
  | Float16, Float16 -> Some Refl | Float32, Float32 -> Some Refl
  | Float64, Float64 -> Some Refl | Int8, Int8 -> Some Refl | UInt8, UInt8 -> Some Refl
  | Int16, Int16 -> Some Refl | UInt16, UInt16 -> Some Refl | Int32, Int32 -> Some Refl
  | Int64, Int64 -> Some Refl | Int, Int -> Some Refl | NativeInt, NativeInt -> Some Refl
  | Complex32, Complex32 -> Some Refl | Complex64, Complex64 -> Some Refl
  | _ -> None

(* The Bigarrays of Nx 1.0.0~alpha0 (genarrays.ml puts them on the wire): alpha0 has no
   Bigarray_ext, its tensors are OCaml's own Bigarrays, of the standard kinds only
   (float16 is one since OCaml 5.2), read and written by Bigarray's own accessors; the
   extended kinds of alpha1 (bfloat16, bool, int4, uint4, float8, complex16, qint8,
   quint8) do not exist. The tensor's buffer, `Nx.data`, is a Bigarray Array1. *)

open Genarray_elements

type kind = K : ('a, 'b) Bigarray.kind -> kind

let kind_name : type a b. (a, b) Bigarray.kind -> string = function
  | Float32 -> "float32" | Float64 -> "float64" | Int8_signed -> "int8_signed"
  | Int8_unsigned -> "int8_unsigned" | Int16_signed -> "int16_signed"
  | Int16_unsigned -> "int16_unsigned" | Int32 -> "int32" | Int64 -> "int64" | Int -> "int"
  | Nativeint -> "nativeint" | Complex32 -> "complex32" | Complex64 -> "complex64"
  | Char -> "char" | Float16 -> "float16"

let name (K k) = kind_name k

let all =
  Bigarray.
    [ K Float32; K Float64; K Int8_signed; K Int8_unsigned; K Int16_signed; K Int16_unsigned;
      K Int32; K Int64; K Int; K Nativeint; K Complex32; K Complex64; K Char; K Float16 ]

let of_genarray ga = K (Bigarray.Genarray.kind ga)

let elements_of_kind : type a b. (a, b) Bigarray.kind -> (a, b) elements = function
  | Float32 -> Of_dtype Nx.float32 | Float64 -> Of_dtype Nx.float64
  | Int8_signed -> Of_dtype Nx.int8 | Int8_unsigned -> Of_dtype Nx.uint8
  | Int16_signed -> Of_dtype Nx.int16 | Int16_unsigned -> Of_dtype Nx.uint16
  | Int32 -> Of_dtype Nx.int32 | Int64 -> Of_dtype Nx.int64 | Int -> Of_dtype Nx.int
  | Nativeint -> Of_dtype Nx.nativeint | Complex32 -> Of_dtype Nx.complex32
  | Complex64 -> Of_dtype Nx.complex64 | Char -> Chars | Float16 -> Of_dtype Nx.float16

let elements ga = elements_of_kind (Bigarray.Genarray.kind ga)
let create (K kind) layout dims = G (Bigarray.Genarray.create kind layout dims)
let get = Bigarray.Genarray.get
let set = Bigarray.Genarray.set
let fill = Bigarray.Genarray.fill
let in_memory ga = by_index ga ~get:(get ga) ~set:(set ga)
let element_size ga = Bigarray.kind_size_in_bytes (Bigarray.Genarray.kind ga)
let buffer = Nx.data

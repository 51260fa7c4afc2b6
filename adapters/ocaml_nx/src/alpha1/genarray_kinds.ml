(* The Bigarrays of Nx 1.0.0~alpha1 and alpha2 (genarrays.ml puts them on the wire): the
   kinds of `Bigarray_ext`, OCaml's standard kinds and Nx's extended ones (bfloat16, bool,
   int4, uint4, float8, complex16, qint8, quint8), each a `Bigarray.Genarray.t` (the same
   type as `Bigarray_ext.Genarray.t`), whose elements `Bigarray_ext.Genarray.get` and `set`
   read and write (they know the extended kinds' storage, bfloat16's 16 bits, int4's packed
   nibbles, that the standard accessors do not); and the tensor's buffer, `Nx.data`, a
   Bigarray Array1 of the tensor's element kind. *)

open Genarray_elements

type kind = K : ('a, 'b) Bigarray_ext.kind -> kind

let kind_name : type a b. (a, b) Bigarray_ext.kind -> string = function
  | Float32 -> "float32" | Float64 -> "float64" | Int8_signed -> "int8_signed"
  | Int8_unsigned -> "int8_unsigned" | Int16_signed -> "int16_signed"
  | Int16_unsigned -> "int16_unsigned" | Int32 -> "int32" | Int64 -> "int64" | Int -> "int"
  | Nativeint -> "nativeint" | Complex32 -> "complex32" | Complex64 -> "complex64"
  | Char -> "char" | Float16 -> "float16" | Bfloat16 -> "bfloat16" | Bool -> "bool"
  | Int4_signed -> "int4" | Int4_unsigned -> "uint4" | Float8_e4m3 -> "float8_e4m3"
  | Float8_e5m2 -> "float8_e5m2" | Complex16 -> "complex16" | Qint8 -> "qint8"
  | Quint8 -> "quint8"

let name (K k) = kind_name k

let all =
  Bigarray_ext.
    [ K Float32; K Float64; K Int8_signed; K Int8_unsigned; K Int16_signed; K Int16_unsigned;
      K Int32; K Int64; K Int; K Nativeint; K Complex32; K Complex64; K Char; K Float16;
      K Bfloat16; K Bool; K Int4_signed; K Int4_unsigned; K Float8_e4m3; K Float8_e5m2;
      K Complex16; K Qint8; K Quint8 ]

let of_genarray ga = K (Bigarray_ext.Genarray.kind ga)

let elements_of_kind : type a b. (a, b) Bigarray_ext.kind -> (a, b) elements = function
  | Float32 -> Of_dtype Nx.float32 | Float64 -> Of_dtype Nx.float64
  | Int8_signed -> Of_dtype Nx.int8 | Int8_unsigned -> Of_dtype Nx.uint8
  | Int16_signed -> Of_dtype Nx.int16 | Int16_unsigned -> Of_dtype Nx.uint16
  | Int32 -> Of_dtype Nx.int32 | Int64 -> Of_dtype Nx.int64 | Int -> Of_dtype Nx.int
  | Nativeint -> Of_dtype Nx.nativeint | Complex32 -> Of_dtype Nx.complex32
  | Complex64 -> Of_dtype Nx.complex64 | Char -> Chars | Float16 -> Of_dtype Nx.float16
  | Bfloat16 -> Of_dtype Nx.bfloat16 | Bool -> Of_dtype Nx.bool
  | Int4_signed -> Of_dtype Nx.int4 | Int4_unsigned -> Of_dtype Nx.uint4
  | Float8_e4m3 -> Of_dtype Nx.float8_e4m3 | Float8_e5m2 -> Of_dtype Nx.float8_e5m2
  | Complex16 -> Of_dtype Nx.complex16 | Qint8 -> Of_dtype Nx.qint8
  | Quint8 -> Of_dtype Nx.quint8

let elements ga = elements_of_kind (Bigarray_ext.Genarray.kind ga)
let create (K kind) layout dims = G (Bigarray_ext.Genarray.create kind layout dims)

(* The case's Genarray.get, set and fill, through the accessors that know every kind. *)
let get = Bigarray_ext.Genarray.get
let set = Bigarray_ext.Genarray.set
let fill = Bigarray_ext.Genarray.fill
let in_memory ga = by_index ga ~get:(get ga) ~set:(set ga)
let element_size ga = Bigarray_ext.kind_size_in_bytes (Bigarray_ext.Genarray.kind ga)

(* The tensor's buffer, `Nx.data t` (shared, not a copy). *)
let buffer = Nx.data

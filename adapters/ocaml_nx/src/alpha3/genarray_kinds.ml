(* The Bigarrays of Nx 1.0.0~alpha3 (genarrays.ml puts them on the wire). alpha3 has no
   Bigarray_ext: Nx's extended kinds (bfloat16, bool, int4, uint4, float8_e4m3,
   float8_e5m2) are `Nx_buffer` kinds, whose Genarrays `Nx_buffer.genarray_create` makes
   and whose elements only Nx_buffer's accessors read and write, on a flat C-layout buffer
   (`Nx_buffer.of_genarray`, no copy). So the driver reads and writes a Genarray's elements
   there, in memory order, which is the order of `data` on the wire; the cases' own
   `Genarray.get`, `set` and `fill` remain Bigarray's, on the standard kinds. The standard
   kinds Nx has no dtype for (char, int, nativeint) are plain Bigarrays; complex16, qint8
   and quint8 no longer exist. The tensor's buffer, `Nx.data`, is an `Nx_buffer.t`, a
   Bigarray Array1 underneath, which the documented `Nx_buffer.to_bigarray1` shows without
   copying. *)

open Genarray_elements

(* A kind: Nx_buffer's (the standard kinds Nx stores and its extended ones), or a standard
   Bigarray kind that Nx_buffer does not have. *)
type kind = Nx : ('a, 'b) Nx_buffer.kind -> kind | Std : ('a, 'b) Bigarray.kind -> kind

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

let name = function Nx k -> nx_kind_name k | Std k -> std_kind_name k

let all =
  Nx_buffer.
    [ Nx Float16; Nx Float32; Nx Float64; Nx Bfloat16; Nx Float8_e4m3; Nx Float8_e5m2;
      Nx Int8_signed; Nx Int8_unsigned; Nx Int16_signed; Nx Int16_unsigned; Nx Int32;
      Nx Int64; Nx Int4_signed; Nx Int4_unsigned; Nx Complex32; Nx Complex64; Nx Bool ]
  @ Bigarray.[ Std Char; Std Int; Std Nativeint ]

(* The kind of a live Genarray: Nx_buffer's reading (`genarray_kind`), which fails on the
   standard kinds it does not have; those Bigarray names itself. *)
let of_genarray (type a b c) (ga : (a, b, c) Bigarray.Genarray.t) =
  match Nx_buffer.genarray_kind ga with
  | k -> Nx k
  | exception Failure _ -> Std (Bigarray.Genarray.kind ga)

let elements_of_std : type a b. (a, b) Bigarray.kind -> (a, b) elements = function
  | Char -> Chars
  | Int -> Ints
  | Nativeint -> Nativeints
  | k -> Wire.unsupported "no elements for %s" (std_kind_name k)

let elements (type a b c) (ga : (a, b, c) Bigarray.Genarray.t) : (a, b) elements =
  match Nx_buffer.genarray_kind ga with
  | k -> Of_dtype (Nx_core.Dtype.of_buffer_kind k)
  | exception Failure _ -> elements_of_std (Bigarray.Genarray.kind ga)

let create kind layout dims =
  match kind with
  | Nx k -> G (Nx_buffer.genarray_create k layout dims)
  | Std k -> G (Bigarray.Genarray.create k layout dims)

(* The elements of ga in memory order, as a flat C-layout buffer sharing its storage.
   A Fortran-layout Genarray is seen in C layout first (`change_layout`: the same memory,
   the dimensions reversed), which keeps a standard kind but forgets an extended one (its
   mark is not among the flags Bigarray copies): such a Genarray has no accessor here. *)
let flat (type a b c) (ga : (a, b, c) Bigarray.Genarray.t) : (a, b) Nx_buffer.t =
  match Bigarray.Genarray.layout ga with
  | C_layout -> Nx_buffer.of_genarray ga
  | Fortran_layout -> (
      match of_genarray ga with
      | Nx k when Option.is_none (Nx_buffer.to_stdlib_kind k) ->
          Wire.unsupported "Nx %s has no accessor for a fortran_layout %s Bigarray" Version.nx
            (nx_kind_name k)
      | _ -> Nx_buffer.of_genarray (Bigarray.Genarray.change_layout ga Bigarray.c_layout))

let in_memory ga =
  let buffer = flat ga in
  { read = Nx_buffer.get buffer; write = Nx_buffer.set buffer }

(* Bigarray.Genarray's accessors read and write the standard kinds only, and alpha3 has
   no other (Bigarray_ext.Genarray is gone): on an extended kind the call cannot be made. *)
let accessible what ga =
  match of_genarray ga with
  | Nx k when Option.is_none (Nx_buffer.to_stdlib_kind k) ->
      Wire.unsupported "Nx %s has no Genarray.%s for the extended kind %s (Bigarray_ext removed)"
        Version.nx what (nx_kind_name k)
  | _ -> ()

let get ga =
  accessible "get" ga;
  Bigarray.Genarray.get ga

let set ga =
  accessible "set" ga;
  Bigarray.Genarray.set ga

let fill ga =
  accessible "fill" ga;
  Bigarray.Genarray.fill ga

let element_size ga =
  match of_genarray ga with
  | Nx k -> Nx_buffer.kind_size_in_bytes k
  | Std k -> Bigarray.kind_size_in_bytes k

let buffer t = Nx_buffer.to_bigarray1 (Nx.data t)

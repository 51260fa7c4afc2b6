(* What the dtype tables (dtype_table.ml, one per Nx release) say of each dtype: how its
   elements are represented, from which dtypes.ml makes every codec once. *)

type any = D : ('a, 'b) Nx.dtype -> any

(* The storage format of a float, or of each part of a complex. *)
type float_format = F16 | BF16 | F32 | F64 | F8_e4m3 | F8_e5m2

type (_, _) t =
  | Float : float_format -> (float, 'b) t
  | Small_int : int -> (int, 'b) t  (** OCaml int, stored in this many bytes on the wire *)
  | Int32 : (int32, 'b) t
  | Int64 : (int64, 'b) t
  | Nativeint : (nativeint, 'b) t
  | Complex : float_format -> (Complex.t, 'b) t
  | Bool : (bool, 'b) t

(* Two dtypes that are one type: OCaml accepts a call mixing them only then. *)
type (_, _) eq = Refl : ('a, 'a) eq

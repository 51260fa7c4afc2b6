(* Nx 1.0.0~alpha1's (and alpha2's, whose nx.ml is the same) `Nx` over any backend: what
   the release's nx.ml puts on top of `Nx_core.Make_frontend (Nx_c)` (default_context.ml:
   the creation functions with a default context; here the extended dtypes, the samplers,
   the Bigarray conversions and the FFT frequencies), with the backend a parameter. The
   driver of a backend build (`--backend LIB:MODULE`) calls `Make (MODULE)` in place of the
   release's own Nx, so the two differ only by the backend. *)

module Make (Backend : Default_context.BACKEND) = struct
  include Default_context.Make (Backend)

  (* Re-export extended type aliases *)
  type bfloat16_t = (float, Bigarray_ext.bfloat16_elt) t
  type bool_t = (bool, Bigarray_ext.bool_elt) t
  type int4_t = (int, Bigarray_ext.int4_signed_elt) t
  type uint4_t = (int, Bigarray_ext.int4_unsigned_elt) t
  type float8_e4m3_t = (float, Bigarray_ext.float8_e4m3_elt) t
  type float8_e5m2_t = (float, Bigarray_ext.float8_e5m2_elt) t
  type complex16_t = (Complex.t, Bigarray_ext.complex16_elt) t
  type qint8_t = (int, Bigarray_ext.qint8_elt) t
  type quint8_t = (int, Bigarray_ext.quint8_elt) t

  (* Re-export extended dtype value constructors *)
  let bfloat16 = Nx_core.Dtype.bfloat16
  let bool = Nx_core.Dtype.bool
  let int4 = Nx_core.Dtype.int4
  let uint4 = Nx_core.Dtype.uint4
  let float8_e4m3 = Nx_core.Dtype.float8_e4m3
  let float8_e5m2 = Nx_core.Dtype.float8_e5m2
  let complex16 = Nx_core.Dtype.complex16
  let qint8 = Nx_core.Dtype.qint8
  let quint8 = Nx_core.Dtype.quint8

  (* ───── Overriding functions with default context ───── *)

  let of_bigarray_ext ba = F.of_bigarray_ext (Lazy.force context) ba
  let to_bigarray = F.to_bigarray
  let to_bigarray_ext = F.to_bigarray_ext
  let rand dtype ?seed shape = F.rand (Lazy.force context) dtype ?seed shape
  let randn dtype ?seed shape = F.randn (Lazy.force context) dtype ?seed shape

  let randint dtype ?seed ?high shape low =
    F.randint (Lazy.force context) dtype ?seed ?high shape low

  (* ───── FFT ───── *)

  let fftfreq ?d n = F.fftfreq (Lazy.force context) ?d n
  let rfftfreq ?d n = F.rfftfreq (Lazy.force context) ?d n
end

(* Nx 1.0.0~alpha3's `Nx` over any backend: what the release's nx.ml puts on top of
   `Nx_core.Make_frontend (Nx_effect)` (default_context.ml: the creation functions with a
   default context; here the random streams, the extended dtypes of Nx_buffer, the buffer
   conversions, the samplers without ?seed and the FFT frequencies), with the backend a
   parameter. The driver of a backend build (`--backend LIB:MODULE`) calls `Make (MODULE)`
   in place of the release's own Nx, so the two differ only by the backend: alpha3's own
   is Nx_effect, which performs each operation as an effect handled by the C backend
   (Nx_backend, the module of nx.c); a backend given here is called directly. *)

module Make (Backend : Default_context.BACKEND) = struct
  include Default_context.Make (Backend)

  module Rng = struct
    include Nx_core.Rng
  end

  (* Re-export extended type aliases *)
  type bfloat16_t = (float, Nx_buffer.bfloat16_elt) t
  type bool_t = (bool, Nx_buffer.bool_elt) t
  type int4_t = (int, Nx_buffer.int4_signed_elt) t
  type uint4_t = (int, Nx_buffer.int4_unsigned_elt) t
  type float8_e4m3_t = (float, Nx_buffer.float8_e4m3_elt) t
  type float8_e5m2_t = (float, Nx_buffer.float8_e5m2_elt) t

  (* Re-export extended dtype value constructors *)
  let bfloat16 = Nx_core.Dtype.bfloat16
  let bool = Nx_core.Dtype.bool
  let int4 = Nx_core.Dtype.int4
  let uint4 = Nx_core.Dtype.uint4
  let float8_e4m3 = Nx_core.Dtype.float8_e4m3
  let float8_e5m2 = Nx_core.Dtype.float8_e5m2

  (* ───── Overriding Functions With Default Context ───── *)

  let of_buffer ba ~shape = F.of_buffer (Lazy.force context) ~shape ba
  let to_bigarray = F.to_bigarray
  let to_buffer = F.to_buffer
  let rand dtype shape = F.rand (Lazy.force context) dtype shape
  let randn dtype shape = F.randn (Lazy.force context) dtype shape
  let randint dtype ?high shape low = F.randint (Lazy.force context) dtype ?high shape low
  let bernoulli ~p shape = F.bernoulli (Lazy.force context) ~p shape
  let permutation n = F.permutation (Lazy.force context) n
  let shuffle x = F.shuffle (Lazy.force context) x

  let categorical ?axis ?shape logits =
    F.categorical (Lazy.force context) ?axis ?shape logits

  let truncated_normal dtype ~lower ~upper shape =
    F.truncated_normal (Lazy.force context) dtype ~lower ~upper shape

  (* ───── FFT ───── *)

  let fftfreq ?d n = F.fftfreq (Lazy.force context) ?d n
  let rfftfreq ?d n = F.rfftfreq (Lazy.force context) ?d n
end

(* A tensor's buffer, `Nx.data`, as the Bigarray Array1 it is (the release's
   genarray_kinds.ml shows it so, without copying), for the `data` op and its byte range
   for telling shared storage (value.ml). *)

(* The address of a Bigarray's first element (storage.c). *)
external data_address : ('a, 'b, 'c) Bigarray.Array1.t -> nativeint = "ncn_data_address"

(* The tensor's buffer (shared, not a copy). *)
let data = Genarray_kinds.buffer

let of_tensor t =
  let buffer = data t in
  let start = data_address buffer in
  (* Nx's own kinds (float16, int4, ...) are unknown to Bigarray's size tables. *)
  let bytes = Bigarray.Array1.dim buffer * Nx.itemsize t in
  (start, Nativeint.add start (Nativeint.of_int bytes))

(* A tensor's buffer (Nx 1.0.0~alpha3: `Nx.data` is an `Nx_buffer.t`, a Bigarray Array1
   underneath, which the documented `Nx_buffer.to_bigarray1` shows without copying), for
   the `data` op and its byte range for telling shared storage (value.ml). *)

(* The address of a Bigarray's first element (storage.c). *)
external data_address : ('a, 'b, 'c) Bigarray.Array1.t -> nativeint = "ncn_data_address"

(* The tensor's buffer, `Nx.data t`, as the Bigarray it is (shared, not a copy). *)
let data t = Nx_buffer.to_bigarray1 (Nx.data t)

let of_tensor t =
  let buffer = data t in
  let start = data_address buffer in
  let bytes = Bigarray.Array1.dim buffer * Nx.itemsize t in
  (start, Nativeint.add start (Nativeint.of_int bytes))

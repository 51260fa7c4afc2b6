(* A tensor's buffer, `Nx.data` (Nx 1.0.0~alpha1 and alpha2: a Bigarray Array1 of the
   tensor's element kind), for the `data` op and its byte range for telling shared storage
   (value.ml). *)

(* The address of a Bigarray's first element (storage.c). *)
external data_address : ('a, 'b, 'c) Bigarray.Array1.t -> nativeint = "ncn_data_address"

(* The tensor's buffer, `Nx.data t` (shared, not a copy). *)
let data = Nx.data

let of_tensor t =
  let buffer = data t in
  let start = data_address buffer in
  (* Nx's own kinds (float16, int4, ...) are unknown to Bigarray's size tables. *)
  let bytes = Bigarray.Array1.dim buffer * Nx.itemsize t in
  (start, Nativeint.add start (Nativeint.of_int bytes))

(* Nx 1.0.0~alpha0's `Nx` over any backend: what the release's nx.ml puts on top of
   `Nx_core.Make_frontend (Nx_native)` (default_context.ml: the creation functions with a
   default context; here the samplers, and the `unsafe_` functions under their documented
   names), with the backend a parameter. The driver of a backend build
   (`ocaml-nx@1.0.0_alpha0+c`, or any `--backend LIB:MODULE`) calls `Make (MODULE)` in
   place of the release's own Nx, so the two differ only by the backend. *)

module Make (Backend : Default_context.BACKEND) = struct
  include Default_context.Make (Backend)

  let rand dtype ?seed shape = F.rand (Lazy.force context) dtype ?seed shape
  let randn dtype ?seed shape = F.randn (Lazy.force context) dtype ?seed shape

  let randint dtype ?seed ?high shape low =
    F.randint (Lazy.force context) dtype ?seed ?high shape low

  (* ───── Aliases to unsafe functions ───── *)

  let data t = F.unsafe_data t
  let to_bigarray t = F.unsafe_to_bigarray t
  let to_array t = F.unsafe_to_array t
  let get_item indices t = F.unsafe_get indices t
  let set_item indices value t = F.unsafe_set indices value t
  let map_item f t = F.unsafe_map f t
  let iter_item f t = F.unsafe_iter f t
  let fold_item f acc t = F.unsafe_fold f acc t
end

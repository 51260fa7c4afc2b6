(* Nx 1.0.0~alpha0's `Nx` over any backend: what the release's nx.ml puts on top of
   `Nx_core.Make_frontend (Nx_native)` (the creation functions with a default context, the
   `unsafe_` functions under their documented names), with the backend a parameter. The
   driver of a backend build (`ocaml-nx@1.0.0_alpha0+c`, or any `--backend LIB:MODULE`)
   calls `Make (MODULE)` in place of the release's own Nx, so the two differ only by the
   backend. `create_context` is not in Backend_intf.S; every backend of the release has
   one, and nx.ml calls it the same way. *)

module type BACKEND = sig
  include Nx_core.Backend_intf.S

  val create_context : unit -> context
end

module Make (Backend : BACKEND) = struct
  module F = Nx_core.Make_frontend (Backend)
  include F

  (* ───── Overriding functions with default context ───── *)

  let context = Lazy.from_fun Backend.create_context
  let create dtype shape arr = F.create (Lazy.force context) dtype shape arr
  let init dtype shape f = F.init (Lazy.force context) dtype shape f
  let empty dtype shape = F.empty (Lazy.force context) dtype shape
  let full dtype shape value = F.full (Lazy.force context) dtype shape value
  let ones dtype shape = F.ones (Lazy.force context) dtype shape
  let zeros dtype shape = F.zeros (Lazy.force context) dtype shape
  let scalar dtype v = F.scalar (Lazy.force context) dtype v
  let eye ?m ?k dtype n = F.eye (Lazy.force context) ?m ?k dtype n
  let identity dtype n = F.identity (Lazy.force context) dtype n
  let arange dtype start stop step = F.arange (Lazy.force context) dtype start stop step
  let arange_f dtype start stop step = F.arange_f (Lazy.force context) dtype start stop step

  let linspace dtype ?endpoint start stop num =
    F.linspace (Lazy.force context) dtype ?endpoint start stop num

  let logspace dtype ?endpoint ?base start stop num =
    F.logspace (Lazy.force context) dtype ?endpoint ?base start stop num

  let geomspace dtype ?endpoint start stop num =
    F.geomspace (Lazy.force context) dtype ?endpoint start stop num

  let of_bigarray ba = F.of_bigarray (Lazy.force context) ba
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

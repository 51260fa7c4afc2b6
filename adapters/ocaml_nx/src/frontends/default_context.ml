(* What every release's nx.ml puts on top of `Nx_core.Make_frontend (BACKEND)` alike: the
   frontend, a default context made once by the backend's `create_context`, and the
   creation functions applied to it (in alpha0 to alpha3, the same wrappers). Each
   release's wrappers (frontends/<release>.ml) include these and add their own (the
   samplers, the extended dtypes, the `unsafe_` aliases, ...), with the backend a
   parameter. `create_context` is not in Backend_intf.S; every backend of these releases
   has one, and nx.ml calls it the same way. *)

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
end

(* The namespaces of the driver built against Nx 1.0.0~alpha3: Nx_core.View (seed 000)
   and Nx_core.Shape (seed 002), whose documentation describes this release. *)

let all = [ ("view", Ns_view.ops); ("shape", Ns_shape.ops) ]

(* Ops callable in `call` arguments and pipeline steps, not announced: none. *)
let helpers = []

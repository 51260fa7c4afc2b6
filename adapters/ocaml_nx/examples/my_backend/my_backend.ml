(* An Nx backend: a module implementing Nx_core.Backend_intf.S of the release (here
   1.0.0~alpha1), plus `create_context : unit -> context`, with which the release's nx.ml
   makes its default context. This one re-exports Nx's own C backend; a real backend
   defines the type of tensors, its context and each `op_*` itself, and replaces the
   `include` below with them. *)

include Nx_c

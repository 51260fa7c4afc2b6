(* The namespaces of the driver built against Nx 1.0.0~alpha3: the Nx module (nx.txt,
   whose documentation describes alpha1: the ops of common/, with this release's own
   modules for the sections whose functions alpha3 removed or retyped), and Nx_core.View
   (nx_core_view.txt) and Nx_core.Shape (nx_core_shape.txt), whose documentation describes this release. *)

let all =
  [ ( "nx",
      List.concat
        [ Ops_properties.ops; Ops_creation.ops; Ops_random.ops; Ops_shape.ops;
          Ops_combination.ops; Ops_conversion.ops; Ops_indexing.ops; Ops_arithmetic.ops;
          Ops_math.ops; Ops_comparison.ops; Ops_bitwise.ops; Ops_reduction.ops;
          Ops_sorting.ops; Ops_linalg.ops; Ops_decompositions.ops; Ops_eigen.ops;
          Ops_norms.ops; Ops_solve.ops; Ops_fft.ops; Ops_activations.ops;
          Ops_convolution.ops; Ops_iteration.ops; Ops_printing.ops ] );
    ("view", Ns_view.ops); ("shape", Ns_shape.ops) ]

(* Ops callable in `call` arguments and pipeline steps, not announced: the
   Bigarray.Genarray functions of the Bigarray interop cases. *)
let helpers = [ ("genarray", Ops_genarray.ops) ]

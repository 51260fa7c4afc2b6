(* The ops of Nx 1.0.0~alpha1, by namespace: one module per documentation section of the
   Nx module (nx.txt). *)

let all =
  [ ( "nx",
      List.concat
        [ Ops_properties.ops; Ops_creation.ops; Ops_random.ops; Ops_shape.ops;
          Ops_combination.ops; Ops_conversion.ops; Ops_indexing.ops; Ops_arithmetic.ops;
          Ops_math.ops; Ops_comparison.ops; Ops_bitwise.ops; Ops_reduction.ops;
          Ops_sorting.ops; Ops_linalg.ops; Ops_decompositions.ops; Ops_eigen.ops;
          Ops_norms.ops; Ops_solve.ops; Ops_fft.ops; Ops_activations.ops;
          Ops_convolution.ops; Ops_iteration.ops; Ops_printing.ops ] ) ]

(* Ops callable in `call` arguments and pipeline steps, not announced in the hello: the
   Bigarray.Genarray functions of the Bigarray interop cases. *)
let helpers = [ ("genarray", Ops_genarray.ops) ]

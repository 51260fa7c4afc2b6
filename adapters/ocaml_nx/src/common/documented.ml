(* The ops of the Nx module as its documentation describes them (nx.txt, which describes
   1.0.0~alpha1): one table per documentation section (ops_*.ml), in the documentation's
   order. Each release's sections.ml serves them as they are (alpha1, alpha2) or patched
   (patch.ml: alpha0, alpha3).

   And the helpers: ops that cases call only in `call` arguments and pipeline steps, in a
   namespace the hello does not announce (the Bigarray.Genarray functions of Nx's Bigarray
   interop cases, whose own spec runs on OCaml's Bigarray). *)

let nx =
  List.concat
    [ Ops_properties.ops; Ops_creation.ops; Ops_random.ops; Ops_shape.ops; Ops_combination.ops;
      Ops_conversion.ops; Ops_indexing.ops; Ops_arithmetic.ops; Ops_math.ops;
      Ops_comparison.ops; Ops_bitwise.ops; Ops_reduction.ops; Ops_sorting.ops; Ops_linalg.ops;
      Ops_decompositions.ops; Ops_eigen.ops; Ops_norms.ops; Ops_solve.ops; Ops_fft.ops;
      Ops_activations.ops; Ops_convolution.ops; Ops_iteration.ops; Ops_printing.ops ]

let helpers = [ ("genarray", Ops_genarray.ops) ]

(* The namespaces of the driver built against Nx 1.0.0~alpha3: the Nx module, whose
   documented tables (documented.ml: nx.txt describes alpha1) it serves patched
   (patch.ml), and Nx_core.View (nx_core_view.txt) and Nx_core.Shape (nx_core_shape.txt),
   whose documentation describes this release.

   - removed: the documented functions alpha3 removed, answered "Nx 1.0.0~alpha3 has no X
     (removed in alpha3)": the driver never emulates a function the release does not have,
     nor calls another function in its place unless it is the same documented function
     under a new name;
   - retyped: those it types otherwise (retyped.ml), called as alpha3 types them.

   Its dtypes are those of its own dtype GADT (dtype_table.ml), its Bigarrays Nx_buffer's
   (genarray_kinds.ml). *)

let removed =
  [ (* The in-place forms (`iadd a b`, ...: write into a, return a). alpha3's functions
       take `?out` instead, but `add ~out:a a b` is another call (add, given an output
       tensor), not the documented `iadd a b`. *)
    "iadd"; "isub"; "imul"; "idiv"; "ipow"; "imod"; "iadd_s"; "isub_s"; "imul_s"; "idiv_s";
    "ipow_s"; "imod_s"; "imaximum"; "iminimum"; "imaximum_s"; "iminimum_s";
    (* Activations: no function of the same documented meaning remains. *)
    "relu6"; "softplus"; "silu"; "hard_silu"; "log_sigmoid"; "hard_tanh"; "selu"; "gelu";
    "gelu_approx"; "softsign"; "mish"; "hard_sigmoid"; "leaky_relu"; "elu";
    (* Convolution and pooling: of this section alpha3 keeps `one_hot` alone. Its new
       functions are not the documented ones renamed: `correlate`/`convolve ?padding x
       kernel` are N-D signal correlations with no channels, groups, stride, dilation, fill
       value or bias (alpha1's `correlate1d`/`convolve1d` ... work on [batch; channels;
       ...] inputs with [out; in/groups; ...] weights); `extract_patches` and
       `combine_patches` keep the channel axes apart ([leading...; prod kernel; L], where
       `im2col` documents [batch; channels * prod kernel; L]); the filters have no padding,
       dilation, ceil mode or indices. *)
    "correlate1d"; "correlate2d"; "convolve1d"; "convolve2d"; "avg_pool1d"; "avg_pool2d";
    "max_pool1d"; "max_pool2d"; "min_pool1d"; "min_pool2d"; "max_unpool1d"; "max_unpool2d";
    "im2col"; "col2im";
    (* Views and extended Bigarrays. `of_bigarray` and `to_bigarray` remain, but their
       documentation does not take over the extended kinds (bfloat16, int4, ...) that the
       `_ext` forms were documented for: calling them instead would be another call than
       the case's. *)
    "as_strided"; "of_bigarray_ext"; "to_bigarray_ext" ]

let all =
  [ ("nx", Patch.apply ~removed_in:"alpha3" ~removed ~retyped:Retyped.ops Documented.nx);
    ("view", Ns_view.ops); ("shape", Ns_shape.ops) ]

(* The `Nx` that src/common/ is compiled against on Nx 1.0.0~alpha3 (the driver is built
   with `-open Nx_open`): alpha3's Nx as released (`Nx_as_released`: the release's own, or
   its frontend over another backend), plus, so that the common tables compile, a value
   for each name they use that alpha3 does not have as they use it. None of these is a
   function of alpha3, nor an emulation of one: each raises, and none is reached, since
   sections.ml answers every op that would call one before it is called.

   - absent: functions alpha3 removed (the in-place forms, most activations, convolution
     and pooling, as_strided, the `_ext` Bigarray conversions): sections.ml answers their
     ops "Nx 1.0.0~alpha3 has no X (removed in alpha3)";
   - retyped: the samplers, which lost their ?seed label: sections.ml's own entries
     (retyped.ml) call alpha3's through `Nx_as_released`. *)

let absent name = Wire.unsupported "Nx %s has no %s (removed in alpha3)" Version.nx name

let retyped name =
  Wire.unsupported
    "the driver called the common %s on Nx %s, which types it otherwise (src/alpha3/sections.ml \
     should have answered it)"
    name Version.nx

module Nx = struct
  include Nx_as_released

  (* Removed in alpha3. *)
  let as_strided _ _ ~offset:_ _ = absent "as_strided"
  let avg_pool1d ~kernel_size:_ ?stride:_ ?dilation:_ ?padding_spec:_ ?ceil_mode:_
      ?count_include_pad:_ _ = absent "avg_pool1d"
  let avg_pool2d ~kernel_size:_ ?stride:_ ?dilation:_ ?padding_spec:_ ?ceil_mode:_
      ?count_include_pad:_ _ = absent "avg_pool2d"
  let col2im ~output_size:_ ~kernel_size:_ ~stride:_ ~dilation:_ ~padding:_ _ = absent "col2im"
  let convolve1d ?groups:_ ?stride:_ ?padding_mode:_ ?dilation:_ ?fillvalue:_ ?bias:_ _ _ =
    absent "convolve1d"
  let convolve2d ?groups:_ ?stride:_ ?padding_mode:_ ?dilation:_ ?fillvalue:_ ?bias:_ _ _ =
    absent "convolve2d"
  let correlate1d ?groups:_ ?stride:_ ?padding_mode:_ ?dilation:_ ?fillvalue:_ ?bias:_ _ _ =
    absent "correlate1d"
  let correlate2d ?groups:_ ?stride:_ ?padding_mode:_ ?dilation:_ ?fillvalue:_ ?bias:_ _ _ =
    absent "correlate2d"
  let elu ?alpha:_ _ = absent "elu"
  let gelu _ = absent "gelu"
  let gelu_approx _ = absent "gelu_approx"
  let hard_sigmoid ?alpha:_ ?beta:_ _ = absent "hard_sigmoid"
  let hard_silu _ = absent "hard_silu"
  let hard_tanh _ = absent "hard_tanh"
  let iadd _ _ = absent "iadd"
  let iadd_s _ _ = absent "iadd_s"
  let idiv _ _ = absent "idiv"
  let idiv_s _ _ = absent "idiv_s"
  let im2col ~kernel_size:_ ~stride:_ ~dilation:_ ~padding:_ _ = absent "im2col"
  let imaximum _ _ = absent "imaximum"
  let imaximum_s _ _ = absent "imaximum_s"
  let iminimum _ _ = absent "iminimum"
  let iminimum_s _ _ = absent "iminimum_s"
  let imod _ _ = absent "imod"
  let imod_s _ _ = absent "imod_s"
  let imul _ _ = absent "imul"
  let imul_s _ _ = absent "imul_s"
  let ipow _ _ = absent "ipow"
  let ipow_s _ _ = absent "ipow_s"
  let isub _ _ = absent "isub"
  let isub_s _ _ = absent "isub_s"
  let leaky_relu ?negative_slope:_ _ = absent "leaky_relu"
  let log_sigmoid _ = absent "log_sigmoid"
  let max_pool1d ~kernel_size:_ ?stride:_ ?dilation:_ ?padding_spec:_ ?ceil_mode:_
      ?return_indices:_ _ = absent "max_pool1d"
  let max_pool2d ~kernel_size:_ ?stride:_ ?dilation:_ ?padding_spec:_ ?ceil_mode:_
      ?return_indices:_ _ = absent "max_pool2d"
  let max_unpool1d _ _ ~kernel_size:_ ?stride:_ ?dilation:_ ?padding_spec:_ ?output_size_opt:_
      () = absent "max_unpool1d"
  let max_unpool2d _ _ ~kernel_size:_ ?stride:_ ?dilation:_ ?padding_spec:_ ?output_size_opt:_
      () = absent "max_unpool2d"
  let min_pool1d ~kernel_size:_ ?stride:_ ?dilation:_ ?padding_spec:_ ?ceil_mode:_
      ?return_indices:_ _ = absent "min_pool1d"
  let min_pool2d ~kernel_size:_ ?stride:_ ?dilation:_ ?padding_spec:_ ?ceil_mode:_
      ?return_indices:_ _ = absent "min_pool2d"
  let mish _ = absent "mish"
  let of_bigarray_ext _ = absent "of_bigarray_ext"
  let relu6 _ = absent "relu6"
  let selu _ = absent "selu"
  let silu _ = absent "silu"
  let softplus _ = absent "softplus"
  let softsign _ = absent "softsign"
  let to_bigarray_ext _ = absent "to_bigarray_ext"

  (* Retyped in alpha3 (sections.ml calls alpha3's own). *)
  let rand _ ?seed:_ _ = retyped "rand"
  let randn _ ?seed:_ _ = retyped "randn"
  let randint _ ?seed:_ ?high:_ _ _ = retyped "randint"
end

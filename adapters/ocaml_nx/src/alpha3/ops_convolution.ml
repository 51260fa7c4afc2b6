(* Convolution and Pooling (nx.txt) on Nx 1.0.0~alpha3: of this section alpha3 keeps
   `one_hot ~num_classes t` alone.

   It removed the others. Its new functions are not the documented ones renamed:
   `correlate`/`convolve ?padding x kernel` are N-D signal correlations with no channels,
   groups, stride, dilation, fill value or bias (alpha1's `correlate1d`/`convolve1d` ... work
   on [batch; channels; ...] inputs with [out; in/groups; ...] weights); `extract_patches`
   and `combine_patches` keep the channel axes apart ([leading...; prod kernel; L], where
   `im2col` documents [batch; channels * prod kernel; L]); the filters have no padding,
   dilation, ceil mode or indices. So each removed function is answered unsupported
   (removed.ml). *)

open Value

let one_hot name args kw =
  let num_classes = Op.req kw "num_classes" Op.int in
  Numeric.one name args (fun (T x) -> tensor (Nx.one_hot ~num_classes x))

let ops =
  Numeric.table [ ("one_hot", one_hot) ]
  @ Removed.ops
      [ "correlate1d"; "correlate2d"; "convolve1d"; "convolve2d"; "avg_pool1d"; "avg_pool2d";
        "max_pool1d"; "max_pool2d"; "min_pool1d"; "min_pool2d"; "max_unpool1d"; "max_unpool2d";
        "im2col"; "col2im" ]

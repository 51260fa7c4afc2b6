(* The functions that ops of common/ call and that Nx 1.0.0~alpha3 removed, with no
   function of the same documented meaning under another name (removed.ml): a call is
   answered unsupported. `of_bigarray` and `to_bigarray` remain, but their documentation
   does not take over the extended kinds (bfloat16, int4, ...) that the `_ext` forms were
   documented for: calling them instead would be another call than the case's. *)

let as_strided _shape _strides ~offset:_ _t = Removed.call "as_strided"
let of_bigarray_ext _ba = Removed.call "of_bigarray_ext"
let to_bigarray_ext _t = Removed.call "to_bigarray_ext"

(* The functions that ops of common/ call and that not every Nx release has: Nx 1.0.0~alpha1
   and alpha2 have them all (alpha3/compat.ml answers those that alpha3 removed). *)

(* as_strided : int array -> int array -> offset:int -> ('a, 'b) t -> ('a, 'b) t *)
let as_strided = Nx.as_strided

(* of_bigarray_ext : ('a, 'b, Bigarray_ext.c_layout) Bigarray_ext.Genarray.t -> ('a, 'b) t *)
let of_bigarray_ext = Nx.of_bigarray_ext

(* to_bigarray_ext : ('a, 'b) t -> ('a, 'b, Bigarray_ext.c_layout) Bigarray_ext.Genarray.t *)
let to_bigarray_ext = Nx.to_bigarray_ext

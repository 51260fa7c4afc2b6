(* The namespaces of Nx 1.0.0~alpha0: the Nx module, whose documented tables (documented.ml:
   the documentation describes alpha1) it serves patched (patch.ml). alpha0 is the release
   before the documented one; its nx.mli has 261 `val`s against alpha1's 344:

   - removed: the documented functions alpha0 does not have, answered "Nx 1.0.0~alpha0 has
     no X" whatever their arguments (never emulated, nor made of other functions);
   - retyped: those it has with another type or name (retyped.ml), called as alpha0 types
     them.

   Its dtypes and Bigarrays are OCaml's Bigarray kinds (dtype_table.ml, genarray_kinds.ml):
   cases on the others are not sent. *)

let removed =
  [ (* Linear algebra, decompositions, eigen, norms, solve *)
    "cholesky"; "cond"; "cross"; "det"; "diag"; "diagonal"; "eig"; "eigh"; "eigvals";
    "eigvalsh"; "einsum"; "inner"; "inv"; "kron"; "lstsq"; "matrix_power"; "matrix_rank";
    "matrix_transpose"; "multi_dot"; "norm"; "outer"; "pinv"; "qr"; "slogdet"; "solve"; "svd";
    "svdvals"; "tensordot"; "tensorinv"; "tensorsolve"; "trace"; "tril"; "triu"; "vdot";
    "vecdot";
    (* FFT *)
    "fft"; "fft2"; "fftfreq"; "fftn"; "fftshift"; "hfft"; "ifft"; "ifft2"; "ifftn";
    "ifftshift"; "ihfft"; "irfft"; "irfft2"; "irfftn"; "rfft"; "rfft2"; "rfftfreq"; "rfftn";
    (* Cumulative reductions *)
    "cumsum"; "cumprod"; "cummax"; "cummin";
    (* Gathers, scatters and selections *)
    "take"; "take_along_axis"; "put"; "put_along_axis"; "compress"; "extract"; "nonzero";
    "argwhere";
    (* Comparisons with a scalar *)
    "equal_s"; "not_equal_s"; "greater_s"; "greater_equal_s"; "less_s"; "less_equal_s";
    (* Activations, views, extended Bigarrays *)
    "erf"; "gelu"; "as_strided"; "of_bigarray_ext"; "to_bigarray_ext" ]

let all = [ ("nx", Patch.apply ~removed ~retyped:Retyped.ops Documented.nx) ]

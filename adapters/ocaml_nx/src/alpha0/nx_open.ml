(* The `Nx` that src/common/ is compiled against on Nx 1.0.0~alpha0 (the driver is built
   with `-open Nx_open`): alpha0's Nx as released (`Nx_as_released`: the release's own, or
   its frontend over another backend), plus, so that the common tables compile, a value
   for each name they use that alpha0 does not have as they use it. None of these is a
   function of alpha0, nor an emulation of one: each raises, and none is reached, since
   sections.ml answers every op that would call one before it is called.

   - absent: functions alpha1 added (linear algebra, FFT, cumulative reductions, gathers,
     the `_s` comparisons, ...): sections.ml answers their ops "Nx 1.0.0~alpha0 has no X";
   - retyped: functions alpha0 has with another type (`?axes` an int array, not an int
     list; `index` with `R of int list` and no `Rs`, `A`, `M`, `N`): sections.ml's own
     entries call alpha0's through `Nx_as_released`;
   - the types the common tables name and alpha0 lacks: `fft_norm`, alpha1's `index`. *)

let absent name = Wire.unsupported "Nx %s has no %s" Version.nx name

let retyped name =
  Wire.unsupported
    "the driver called the common %s on Nx %s, which types it otherwise (src/alpha0/sections.ml \
     should have answered it)"
    name Version.nx

module Nx = struct
  include Nx_as_released

  type fft_norm = [ `Backward | `Forward | `Ortho ]

  (* alpha1's index (the common ops_indexing.ml builds it); alpha0's is
     `I of int | L of int list | R of int list`. *)
  type index =
    | I of int
    | L of int list
    | R of int * int
    | Rs of int * int * int
    | A
    | M of (int, uint8_elt) t
    | N

  (* Absent from alpha0. *)
  let argwhere _ = absent "argwhere"
  let as_strided _ _ ~offset:_ _ = absent "as_strided"
  let cholesky ?upper:_ _ = absent "cholesky"
  let compress ?axis:_ ~condition:_ _ = absent "compress"
  let cond ?p:_ _ = absent "cond"
  let cross ?axis:_ _ _ = absent "cross"
  let cummax ?axis:_ _ = absent "cummax"
  let cummin ?axis:_ _ = absent "cummin"
  let cumprod ?axis:_ _ = absent "cumprod"
  let cumsum ?axis:_ _ = absent "cumsum"
  let det _ = absent "det"
  let diag ?k:_ _ = absent "diag"
  let diagonal ?offset:_ ?axis1:_ ?axis2:_ _ = absent "diagonal"
  let eig _ = absent "eig"
  let eigh ?uplo:_ _ = absent "eigh"
  let eigvals _ = absent "eigvals"
  let eigvalsh ?uplo:_ _ = absent "eigvalsh"
  let einsum _ _ = absent "einsum"
  let equal_s _ _ = absent "equal_s"
  let erf _ = absent "erf"
  let extract ~condition:_ _ = absent "extract"
  let fft ?axis:_ ?n:_ ?norm:_ _ = absent "fft"
  let fft2 ?axes:_ ?s:_ ?norm:_ _ = absent "fft2"
  let fftfreq ?d:_ _ = absent "fftfreq"
  let fftn ?axes:_ ?s:_ ?norm:_ _ = absent "fftn"
  let fftshift ?axes:_ _ = absent "fftshift"
  let gelu _ = absent "gelu"
  let greater_equal_s _ _ = absent "greater_equal_s"
  let greater_s _ _ = absent "greater_s"
  let hfft ?axis:_ ?n:_ ?norm:_ _ = absent "hfft"
  let ifft ?axis:_ ?n:_ ?norm:_ _ = absent "ifft"
  let ifft2 ?axes:_ ?s:_ ?norm:_ _ = absent "ifft2"
  let ifftn ?axes:_ ?s:_ ?norm:_ _ = absent "ifftn"
  let ifftshift ?axes:_ _ = absent "ifftshift"
  let ihfft ?axis:_ ?n:_ ?norm:_ _ = absent "ihfft"
  let inner _ _ = absent "inner"
  let inv _ = absent "inv"
  let irfft ?axis:_ ?n:_ ?norm:_ _ = absent "irfft"
  let irfft2 ?axes:_ ?s:_ ?norm:_ _ = absent "irfft2"
  let irfftn ?axes:_ ?s:_ ?norm:_ _ = absent "irfftn"
  let item _ _ = absent "item"
  let kron _ _ = absent "kron"
  let less_equal_s _ _ = absent "less_equal_s"
  let less_s _ _ = absent "less_s"
  let lstsq ?rcond:_ _ _ = absent "lstsq"
  let matrix_power _ _ = absent "matrix_power"
  let matrix_rank ?tol:_ ?rtol:_ ?hermitian:_ _ = absent "matrix_rank"
  let matrix_transpose _ = absent "matrix_transpose"
  let multi_dot _ = absent "multi_dot"
  let nonzero _ = absent "nonzero"
  let norm ?ord:_ ?axes:_ ?keepdims:_ _ = absent "norm"
  let not_equal_s _ _ = absent "not_equal_s"
  let of_bigarray_ext _ = absent "of_bigarray_ext"
  let outer _ _ = absent "outer"
  let pinv ?rtol:_ ?hermitian:_ _ = absent "pinv"
  let put ?axis:_ ~indices:_ ~values:_ ?mode:_ _ : unit = absent "put"
  let put_along_axis ~axis:_ ~indices:_ ~values:_ _ : unit = absent "put_along_axis"
  let qr ?mode:_ _ = absent "qr"
  let rfft ?axis:_ ?n:_ ?norm:_ _ = absent "rfft"
  let rfft2 ?axes:_ ?s:_ ?norm:_ _ = absent "rfft2"
  let rfftfreq ?d:_ _ = absent "rfftfreq"
  let rfftn ?axes:_ ?s:_ ?norm:_ _ = absent "rfftn"
  let slogdet _ = absent "slogdet"
  let solve _ _ = absent "solve"
  let svd ?full_matrices:_ _ = absent "svd"
  let svdvals _ = absent "svdvals"
  let take ?axis:_ ?mode:_ _ _ = absent "take"
  let take_along_axis ~axis:_ _ _ = absent "take_along_axis"
  let tensordot ?axes:_ _ _ = absent "tensordot"
  let tensorinv ?ind:_ _ = absent "tensorinv"
  let tensorsolve ?axes:_ _ _ = absent "tensorsolve"
  let to_bigarray_ext _ = absent "to_bigarray_ext"
  let trace ?offset:_ _ = absent "trace"
  let tril ?k:_ _ = absent "tril"
  let triu ?k:_ _ = absent "triu"
  let vdot _ _ = absent "vdot"
  let vecdot ?axis:_ _ _ = absent "vecdot"

  (* Retyped in alpha0 (sections.ml calls alpha0's own). *)
  let all ?axes:_ ?keepdims:_ _ = retyped "all"
  let any ?axes:_ ?keepdims:_ _ = retyped "any"
  let expand_dims _ _ = retyped "expand_dims"
  let flip ?axes:_ _ = retyped "flip"
  let max ?axes:_ ?keepdims:_ _ = retyped "max"
  let mean ?axes:_ ?keepdims:_ _ = retyped "mean"
  let min ?axes:_ ?keepdims:_ _ = retyped "min"
  let prod ?axes:_ ?keepdims:_ _ = retyped "prod"
  let softmax ?axes:_ _ = retyped "softmax"
  let squeeze ?axes:_ _ = retyped "squeeze"
  let std ?axes:_ ?keepdims:_ ?ddof:_ _ = retyped "std"
  let sum ?axes:_ ?keepdims:_ _ = retyped "sum"
  let transpose ?axes:_ _ = retyped "transpose"
  let unsqueeze ?axes:_ _ = retyped "unsqueeze"
  let var ?axes:_ ?keepdims:_ ?ddof:_ _ = retyped "var"
  let slice _ _ = retyped "slice"
  let set_slice _ _ _ : unit = retyped "set_slice"
end

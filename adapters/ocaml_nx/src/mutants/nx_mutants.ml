(* Backend mutants: Nx 1.0.0~alpha1's C backend (Nx_c) with one planted fault at a time,
   of the kinds backend authors make, to measure what the conformance suite catches
   (`nx-conformance mutants`, conformance/mutants.py).

   One build serves every mutant: the fault is chosen at start-up by the environment
   variable NX_MUTANT (a name of [table]; unset, empty or "none": no fault, the backend is
   Nx_c exactly). NX_MUTANT=list prints [table] as JSON lines and exits; an unknown name
   exits with status 2 before the driver says hello, so a typo never runs the unmutated
   backend under a mutant's name. Each case runs in a fresh driver process, which reads
   the variable again.

   Every fault is one entry of [table] (name, family, the backend op it wraps, what it
   changes, and the case-id globs that exercise that op's frontend functions, with a cap
   on how many of them the command runs) and one [if on "name"] in the op it wraps below.
   The faults are written with Nx_c's own ops where they can be, so that they hold for
   every dtype the op takes. *)

open Nx_core
module C = Nx_c
include Nx_c

type entry = {
  name : string;
  family : string;
  wraps : string;  (** the backend op (Backend_intf.S) the fault is planted in *)
  changes : string;
  select : string list;  (** case-id globs exercising the op's frontend functions *)
  cap : int;  (** at most this many of the selected cases *)
}

let m name family wraps changes ?(cap = 200) select =
  { name; family; wraps; changes; select; cap }

let table =
  [
    (* element-wise *)
    m "fdiv_swapped" "element-wise" "op_fdiv" "float division computes b / a"
      [ "nx.div/*"; "nx.div_s/*"; "nx.rdiv_s/*" ];
    m "idiv_swapped" "element-wise" "op_idiv" "integer division computes b / a"
      [ "nx.div/*"; "nx.div_s/*"; "nx.idiv/*" ];
    m "idiv_floor" "element-wise" "op_idiv"
      "integer division rounds toward -infinity instead of truncating toward zero"
      [ "nx.div/*"; "nx.div_s/*"; "nx.idiv/*"; "nx.idiv_s/*" ];
    m "mod_sign_of_divisor" "element-wise" "op_mod"
      "the remainder takes the divisor's sign (Python's %) instead of the dividend's (C's fmod)"
      [ "nx.mod_/*"; "nx.mod_s/*"; "nx.rmod_s/*"; "nx.imod/*" ];
    m "max_nan_lost" "element-wise" "op_max"
      "maximum of NaN and x gives x (fmax) instead of NaN"
      [ "nx.maximum/*"; "nx.minimum/*"; "nx.maximum_s/*"; "nx.clamp/*"; "nx.relu/*" ];
    m "add_saturating" "element-wise" "op_add"
      "integer addition saturates at the dtype's bounds instead of wrapping"
      [ "nx.add/*"; "nx.add_s/*"; "nx.sub/*"; "nx.iadd/*" ];
    m "neg_bool_identity" "element-wise" "op_neg"
      "negation of a bool is arithmetic (-true is true) instead of logical not"
      [ "nx.logical_not/*"; "nx.neg/*"; "nx.bitwise_not/*"; "nx.invert/*"; "nx.sub/*" ];
    m "sqrt_negative_zero" "element-wise" "op_sqrt" "sqrt of a negative gives 0 instead of NaN"
      [ "nx.sqrt/*"; "nx.rsqrt/*"; "nx.std/*"; "nx.hypot/*" ];
    m "exp2_float32" "element-wise" "op_exp2" "float64 exp2 evaluated in float32"
      [ "nx.exp2/*"; "nx.exp/*" ];
    m "log2_natural" "element-wise" "op_log2"
      "log2 returns the natural logarithm (the base's factor lost)"
      [ "nx.log2/*"; "nx.log/*" ];
    m "sin_float32" "element-wise" "op_sin" "float64 sin evaluated in float32"
      [ "nx.sin/*"; "nx.cos/*" ];
    m "recip_zero_sign" "element-wise" "op_recip"
      "1/-0.0 gives +inf (the zero's sign lost)" [ "nx.recip/*"; "nx.div/*"; "nx.rsqrt/*" ];
    m "pow_zero_zero" "element-wise" "op_pow" "0 ** 0 gives 0 instead of 1"
      [ "nx.pow/*"; "nx.pow_s/*"; "nx.rpow_s/*"; "nx.ipow/*" ];
    m "cmplt_as_le" "element-wise" "op_cmplt"
      "a < b answers a <= b (equal elements compare less: ties, sort stability)"
      [ "nx.cmplt/*"; "nx.less/*"; "nx.less_s/*"; "nx.cmpgt/*"; "nx.sort/*"; "nx.argsort/*" ];
    m "cmplt_nan_less" "sort" "op_cmplt"
      "a comparison with NaN is true (NaN sorts as less than everything)"
      [ "nx.sort/*"; "nx.argsort/*"; "nx.cmplt/*"; "nx.cmpgt/*" ];
    m "cmpne_nan_equal" "element-wise" "op_cmpne"
      "a != b computed as (a < b) || (b < a): NaN equals everything"
      [ "nx.isnan/*"; "nx.cmpne/*"; "nx.not_equal/*"; "nx.cmpeq/*"; "nx.array_equal/*" ];
    m "xor_as_or" "element-wise" "op_xor" "bitwise xor computes or"
      [ "nx.bitwise_xor/*"; "nx.logical_xor/*"; "nx.bitwise_not/*" ];
    m "or_as_xor" "element-wise" "op_or" "bitwise or computes xor"
      [ "nx.bitwise_or/*"; "nx.logical_or/*"; "nx.isinf/*" ];
    m "where_inverted" "element-wise" "op_where" "the condition of where is inverted"
      [ "nx.where/*"; "nx.clamp/*"; "nx.relu/*"; "nx.floor/*" ];
    m "cast_f64_f32_truncate" "element-wise" "op_cast"
      "float64 -> float32 rounds toward zero instead of to nearest"
      [ "nx.cast/*"; "nx.astype/*" ] ~cap:500;
    m "cast_float_int_floor" "element-wise" "op_cast"
      "float -> integer rounds toward -infinity instead of truncating"
      [ "nx.cast/*"; "nx.astype/*" ] ~cap:500;
    m "cast_uint8_saturate" "element-wise" "op_cast"
      "integer -> uint8 clamps to [0, 255] instead of wrapping"
      [ "nx.cast/*"; "nx.astype/*" ] ~cap:500;
    (* reductions *)
    m "sum_drops_last" "reduction" "op_reduce_sum"
      "the last element along the last reduced axis is left out"
      [ "nx.sum/*"; "nx.mean/*" ];
    m "sum_wrong_axis" "reduction" "op_reduce_sum"
      "a sum over one axis of a tensor of rank >= 2 reduces the next axis instead"
      [ "nx.sum/*"; "nx.mean/*" ];
    m "sum_keepdims_ignored" "reduction" "op_reduce_sum" "keepdims is ignored (axes dropped)"
      [ "nx.sum/*"; "nx.mean/*" ];
    m "sum_empty_identity" "reduction" "op_reduce_sum"
      "the sum of an empty tensor is 1 instead of 0" [ "nx.sum/*"; "nx.mean/*" ];
    m "prod_empty_identity" "reduction" "op_reduce_prod"
      "the product of an empty tensor is 0 instead of 1" [ "nx.prod/*" ];
    m "prod_drops_last" "reduction" "op_reduce_prod"
      "the last element along the last reduced axis is left out" [ "nx.prod/*" ];
    m "max_empty_identity" "reduction" "op_reduce_max"
      "a maximum over a zero-size axis returns 0 (an identity) instead of refusing"
      [ "nx.max/*"; "nx.min/*" ];
    m "max_init_zero" "reduction" "op_reduce_max"
      "the maximum starts from 0 instead of the first element (all-negative inputs give 0)"
      [ "nx.max/*"; "nx.min/*" ];
    m "reduce_max_nan_lost" "reduction" "op_reduce_max"
      "NaN is skipped by the maximum (nanmax) instead of propagating"
      [ "nx.max/*"; "nx.min/*" ];
    m "scan_reversed" "reduction" "op_associative_scan"
      "the scan runs from the end of the axis" [ "nx.cumsum/*"; "nx.cumprod/*"; "nx.cummax/*" ];
    m "cumsum_exclusive" "reduction" "op_associative_scan"
      "the sum scan is exclusive (each element left out of its own sum)"
      [ "nx.cumsum/*" ];
    (* movement *)
    m "permute_ignores_last_axis" "movement" "op_permute"
      "a permutation of rank >= 3 keeps the last axis in place (a 3-D transpose reverses only the first two axes)"
      [ "nx.transpose/*"; "nx.moveaxis/*"; "nx.swapaxes/*"; "nx.matrix_transpose/*" ];
    m "pad_off_by_one" "movement" "op_pad"
      "the data lands one position late: one more before, one less after"
      [ "nx.pad/*" ];
    m "pad_fill_ignored" "movement" "op_pad" "padding is filled with 0 whatever the value"
      [ "nx.pad/*" ];
    m "shrink_off_by_one" "movement" "op_shrink"
      "a slice that does not start at 0 starts one element early"
      [ "nx.shrink/*"; "nx.slice/*"; "nx.split/*"; "nx.array_split/*" ];
    m "flip_first_axis_only" "movement" "op_flip" "only the first flipped axis is flipped"
      [ "nx.flip/*"; "nx.convolve1d/*"; "nx.convolve2d/*" ];
    m "expand_no_stride0" "movement" "op_expand"
      "expand copies the data once and zero-fills (no stride 0): broadcast values lost"
      [ "nx.broadcast_to/*"; "nx.expand/*"; "nx.add/*"; "nx.full/*" ];
    m "copy_ignores_strides" "movement" "op_copy"
      "copying a non-contiguous view reads its buffer in memory order (the view's strides ignored)"
      [ "nx.copy/*"; "nx.contiguous/*"; "nx.reshape/*"; "nx.flatten/*"; "nx.ravel/*" ];
    m "cat_reversed" "movement" "op_cat" "concatenation takes its inputs in reverse order"
      [ "nx.concatenate/*"; "nx.stack/*"; "nx.vstack/*"; "nx.hstack/*"; "nx.tile/*" ];
    m "as_strided_offset_ignored" "movement" "op_as_strided" "the view's offset is ignored"
      [ "nx.as_strided/*" ];
    (* matmul / linear algebra / fft *)
    m "matmul_transposed_operand" "linalg" "op_matmul"
      "a square right operand is used transposed" [ "nx.matmul/*"; "nx.dot/*" ];
    m "matmul_float32_accumulate" "linalg" "op_matmul"
      "a float64 product is computed in float32" [ "nx.matmul/*"; "nx.dot/*" ];
    m "cholesky_upper_inverted" "linalg" "op_cholesky"
      "the upper flag is inverted (lower factor for upper and back)" [ "nx.cholesky/*" ];
    m "trisolve_upper_ignored" "linalg" "op_triangular_solve"
      "the matrix is always read as lower triangular" [ "nx.solve/*"; "nx.lstsq/*" ];
    m "svd_ascending" "linalg" "op_svd"
      "singular values in ascending order" [ "nx.svd/*"; "nx.svdvals/*" ];
    m "eigh_descending" "linalg" "op_eigh"
      "eigenvalues in descending order" [ "nx.eigh/*"; "nx.eigvalsh/*" ];
    m "fft_last_axis_only" "linalg" "op_fft"
      "a multi-axis FFT transforms only the last of its axes"
      [ "nx.fft2/*"; "nx.fftn/*"; "nx.fft/*" ];
    (* gather / scatter *)
    m "gather_off_by_one" "gather/scatter" "op_gather"
      "each index reads the next element (clamped to the last)"
      [ "nx.take/*"; "nx.take_along_axis/*"; "nx.slice/*" ];
    m "scatter_add_as_set" "gather/scatter" "op_scatter"
      "scatter-add overwrites instead of accumulating"
      [ "nx.put/*"; "nx.put_along_axis/*"; "nx.set_slice/*" ];
    m "scatter_off_by_one" "gather/scatter" "op_scatter"
      "each index writes the next element (clamped to the last)"
      [ "nx.put/*"; "nx.put_along_axis/*"; "nx.set_slice/*"; "nx.set_item/*" ];
    m "scatter_first_wins" "gather/scatter" "op_scatter"
      "of duplicate indices the first update wins instead of the last"
      [ "nx.put/*"; "nx.put_along_axis/*"; "nx.set_slice/*" ];
    (* random *)
    m "threefry_key_ignored" "random" "op_threefry"
      "the key is ignored (every seed gives the same stream)"
      [ "nx.rand/*"; "nx.randn/*"; "nx.randint/*" ];
    m "threefry_stream_reused" "random" "op_threefry"
      "every element reuses the first element's key and counter (one value repeated)"
      [ "nx.rand/*"; "nx.randn/*"; "nx.randint/*" ];
    (* other *)
    m "assign_dropped" "other" "op_assign" "an in-place store does nothing"
      [ "nx.iadd/*"; "nx.imul/*"; "nx.fill/*"; "nx.blit/*"; "nx.set_item/*"; "nx.isub/*" ];
    m "unfold_padding_ignored" "other" "op_unfold" "im2col ignores the padding"
      [ "nx.im2col/*"; "nx.correlate1d/*"; "nx.convolve1d/*"; "nx.avg_pool1d/*" ];
  ]

(* --- Choosing the fault ----------------------------------------------------------------- *)

let json_string s =
  let b = Buffer.create (String.length s + 2) in
  Buffer.add_char b '"';
  String.iter
    (function
      | '"' -> Buffer.add_string b "\\\""
      | '\\' -> Buffer.add_string b "\\\\"
      | c when Char.code c < 0x20 -> Printf.bprintf b "\\u%04x" (Char.code c)
      | c -> Buffer.add_char b c)
    s;
  Buffer.add_char b '"';
  Buffer.contents b

let entry_json e =
  Printf.sprintf
    {|{"name": %s, "family": %s, "wraps": %s, "changes": %s, "select": [%s], "cap": %d}|}
    (json_string e.name) (json_string e.family) (json_string e.wraps)
    (json_string e.changes)
    (String.concat ", " (List.map json_string e.select))
    e.cap

let chosen =
  match Sys.getenv_opt "NX_MUTANT" with
  | None | Some "" | Some "none" -> None
  | Some "list" ->
      List.iter (fun e -> print_endline (entry_json e)) table;
      exit 0
  | Some name when List.exists (fun e -> e.name = name) table -> Some name
  | Some name ->
      prerr_endline
        ("nx_mutants: no mutant " ^ json_string name
       ^ " (NX_MUTANT=list prints the table)");
      exit 2

let on name = chosen = Some name

(* --- Helpers over Nx_c (never over the mutated ops) ----------------------------------- *)

let shape t =
  match Symbolic_shape.eval (Lazy_view.shape (C.view t)) with
  | Some s -> s
  | None -> invalid_arg "nx_mutants: symbolic shape"

let sshape = Symbolic_shape.of_ints
let numel s = Array.fold_left ( * ) 1 s

(* A tensor of [s]'s shape and [dt] holding [v] everywhere (a broadcast constant). *)
let full ctx dt s v =
  let c = C.op_const_scalar ctx v dt in
  C.op_expand (C.op_reshape c (sshape (Array.map (fun _ -> 1) s))) (sshape s)

let full_like t v = full (C.context t) (C.dtype t) (shape t) v
let u8_like t v = full (C.context t) Dtype.uint8 (shape t) v
let zero_like t = full_like t (Dtype.zero (C.dtype t))
let isnan t = C.op_cmpne t t
let intlike dt = Dtype.is_int dt || Dtype.is_uint dt

(* The elements of [t] in row-major order, as a fresh contiguous buffer. *)
let flat t =
  let c = C.op_copy t in
  Bigarray.Array1.sub (C.data c) 0 (numel (shape t))

let of_flat ctx s a = C.op_reshape (C.op_const_array ctx a) (sshape s)

let map_float (type b) (f : float -> float) (x : (float, b) t) : (float, b) t =
  let d = flat x in
  let out = Bigarray.Array1.create (Bigarray.Array1.kind d) Bigarray.c_layout (Bigarray.Array1.dim d) in
  for i = 0 to Bigarray.Array1.dim d - 1 do
    out.{i} <- f d.{i}
  done;
  of_flat (C.context x) (shape x) out

(* [t] with its last [axis] element dropped along [axis], if that axis has more than one. *)
let drop_last axis t =
  let s = shape t in
  if axis < Array.length s && s.(axis) > 1 then
    C.op_shrink t (Array.mapi (fun i d -> if i = axis then (0, d - 1) else (0, d)) s)
  else t

let last a = a.(Array.length a - 1)

(* --- Element-wise ------------------------------------------------------------------------ *)

let op_fdiv a b = if on "fdiv_swapped" then C.op_fdiv b a else C.op_fdiv a b

let op_idiv a b =
  if on "idiv_swapped" then C.op_idiv b a
  else if on "idiv_floor" then
    let q = C.op_idiv a b and r = C.op_mod a b in
    let z = zero_like a in
    let inexact = C.op_cmpne r z in
    let signs_differ = C.op_xor (C.op_cmplt r z) (C.op_cmplt b z) in
    let down = C.op_add q (full_like q (Dtype.minus_one (C.dtype q))) in
    C.op_where (C.op_and inexact signs_differ) down q
  else C.op_idiv a b

let op_mod a b =
  if on "mod_sign_of_divisor" then
    let r = C.op_mod a b in
    let z = zero_like a in
    let inexact = C.op_cmpne r z in
    let signs_differ = C.op_xor (C.op_cmplt r z) (C.op_cmplt b z) in
    C.op_where (C.op_and inexact signs_differ) (C.op_add r b) r
  else C.op_mod a b

let op_max a b =
  if on "max_nan_lost" then C.op_where (isnan b) a (C.op_where (isnan a) b (C.op_max a b))
  else C.op_max a b

let op_add a b =
  let dt = C.dtype a in
  if on "add_saturating" && intlike dt then
    let s = C.op_add a b in
    let z = zero_like a in
    let over = C.op_and (C.op_cmplt z b) (C.op_cmplt s a) in
    let under = C.op_and (C.op_cmplt b z) (C.op_cmplt a s) in
    C.op_where over (full_like a (Dtype.max_value dt))
      (C.op_where under (full_like a (Dtype.min_value dt)) s)
  else C.op_add a b

let op_neg (type a b) (x : (a, b) t) : (a, b) t =
  match C.dtype x with Dtype.Bool when on "neg_bool_identity" -> x | _ -> C.op_neg x

let op_sqrt x =
  if on "sqrt_negative_zero" && Dtype.is_float (C.dtype x) then
    let z = zero_like x in
    C.op_where (C.op_cmplt x z) z (C.op_sqrt x)
  else C.op_sqrt x

let op_exp2 (type a b) (x : (a, b) t) : (a, b) t =
  match C.dtype x with
  | Dtype.Float64 when on "exp2_float32" ->
      C.op_cast (C.op_exp2 (C.op_cast x Dtype.float32)) Dtype.float64
  | _ -> C.op_exp2 x

let op_sin (type a b) (x : (a, b) t) : (a, b) t =
  match C.dtype x with
  | Dtype.Float64 when on "sin_float32" ->
      C.op_cast (C.op_sin (C.op_cast x Dtype.float32)) Dtype.float64
  | _ -> C.op_sin x

let op_log2 x =
  let dt = C.dtype x in
  if on "log2_natural" && Dtype.is_float dt then
    C.op_mul (C.op_log2 x) (full_like x (Dtype.of_float dt (Float.log 2.0)))
  else C.op_log2 x

let op_recip x =
  let dt = C.dtype x in
  if on "recip_zero_sign" && Dtype.is_float dt then
    C.op_where (C.op_cmpne x (zero_like x)) (C.op_recip x)
      (full_like x (Dtype.of_float dt Float.infinity))
  else C.op_recip x

let op_pow a b =
  if on "pow_zero_zero" then
    let nonzero = C.op_or (C.op_cmpne a (zero_like a)) (C.op_cmpne b (zero_like b)) in
    C.op_where nonzero (C.op_pow a b) (zero_like a)
  else C.op_pow a b

let op_cmplt a b =
  if on "cmplt_as_le" then C.op_xor (C.op_cmplt b a) (u8_like a 1)
  else if on "cmplt_nan_less" && not (Dtype.is_complex (C.dtype a)) then
    C.op_or (C.op_cmplt a b) (C.op_or (isnan a) (isnan b))
  else C.op_cmplt a b

let op_cmpne a b =
  if on "cmpne_nan_equal" && not (Dtype.is_complex (C.dtype a)) then
    C.op_or (C.op_cmplt a b) (C.op_cmplt b a)
  else C.op_cmpne a b

let op_xor a b = if on "xor_as_or" then C.op_or a b else C.op_xor a b
let op_or a b = if on "or_as_xor" then C.op_xor a b else C.op_or a b
let op_where c a b = if on "where_inverted" then C.op_where c b a else C.op_where c a b

(* float32 value [y] (the nearest to [x]) moved one step toward zero where it is farther
   from zero than [x]: rounding toward zero. *)
let toward_zero x y =
  if Float.is_finite y && y <> 0.0 && Float.abs y > Float.abs x then
    Int32.float_of_bits (Int32.pred (Int32.bits_of_float y))
  else y

let op_cast (type a b c d) (x : (a, b) t) (target : (c, d) Dtype.t) : (c, d) t =
  let source = C.dtype x in
  match (source, target) with
  | Dtype.Float64, Dtype.Float32 when on "cast_f64_f32_truncate" ->
      let y = C.op_cast x target in
      let xs = flat x and ys = flat y in
      let out = Bigarray.Array1.create Bigarray.float32 Bigarray.c_layout (Bigarray.Array1.dim ys) in
      for i = 0 to Bigarray.Array1.dim ys - 1 do
        out.{i} <- toward_zero xs.{i} ys.{i}
      done;
      of_flat (C.context x) (shape x) out
  | Dtype.Float64, _ when on "cast_float_int_floor" && intlike target ->
      C.op_cast (map_float Float.floor x) target
  | Dtype.Float32, _ when on "cast_float_int_floor" && intlike target ->
      C.op_cast (map_float Float.floor x) target
  | _, Dtype.UInt8 when on "cast_uint8_saturate" && intlike source ->
      let z = zero_like x in
      let low = C.op_where (C.op_cmplt x z) z x in
      let clamped =
        if Dtype.itemsize source > 1 then
          let top = full_like x (Dtype.of_float source 255.0) in
          C.op_where (C.op_cmplt top low) top low
        else low
      in
      C.op_cast clamped target
  | _ -> C.op_cast x target

(* --- Reductions --------------------------------------------------------------------------- *)

let empty_result op ~axes ~keepdims x v =
  let r = op ~axes ~keepdims x in
  if numel (shape x) = 0 then full_like r v else r

let op_reduce_sum ~axes ~keepdims x =
  let n = Array.length (shape x) in
  if on "sum_drops_last" && Array.length axes > 0 then
    C.op_reduce_sum ~axes ~keepdims (drop_last (last axes) x)
  else if on "sum_wrong_axis" && Array.length axes = 1 && n >= 2 then
    C.op_reduce_sum ~axes:[| (axes.(0) + 1) mod n |] ~keepdims x
  else if on "sum_keepdims_ignored" then C.op_reduce_sum ~axes ~keepdims:false x
  else if on "sum_empty_identity" then
    empty_result C.op_reduce_sum ~axes ~keepdims x (Dtype.one (C.dtype x))
  else C.op_reduce_sum ~axes ~keepdims x

let op_reduce_prod ~axes ~keepdims x =
  if on "prod_drops_last" && Array.length axes > 0 then
    C.op_reduce_prod ~axes ~keepdims (drop_last (last axes) x)
  else if on "prod_empty_identity" then
    empty_result C.op_reduce_prod ~axes ~keepdims x (Dtype.zero (C.dtype x))
  else C.op_reduce_prod ~axes ~keepdims x

let op_reduce_max ~axes ~keepdims x =
  let dt = C.dtype x in
  let s = shape x in
  if on "max_empty_identity" && Array.exists (fun a -> s.(a) = 0) axes then
    let kept =
      List.concat
        (List.mapi
           (fun i d -> if Array.mem i axes then if keepdims then [ 1 ] else [] else [ d ])
           (Array.to_list s))
    in
    full (C.context x) dt (Array.of_list kept) (Dtype.zero dt)
  else if on "max_init_zero" then
    let r = C.op_reduce_max ~axes ~keepdims x in
    C.op_max r (zero_like r)
  else if on "reduce_max_nan_lost" && Dtype.is_float dt then
    let low = full_like x (Dtype.of_float dt Float.neg_infinity) in
    C.op_reduce_max ~axes ~keepdims (C.op_where (isnan x) low x)
  else C.op_reduce_max ~axes ~keepdims x

let op_associative_scan ~axis ~op x =
  if on "scan_reversed" then
    let flips = Array.mapi (fun i _ -> i = axis) (shape x) in
    C.op_flip (C.op_associative_scan ~axis ~op (C.op_flip x flips)) flips
  else if on "cumsum_exclusive" && op = `Sum then
    let s = C.op_associative_scan ~axis ~op x in
    C.op_add s (C.op_neg x)
  else C.op_associative_scan ~axis ~op x

(* --- Movement ------------------------------------------------------------------------------ *)

let op_permute t axes =
  let n = Array.length axes in
  if on "permute_ignores_last_axis" && n >= 3 then
    let head = Array.sub axes 0 (n - 1) in
    let sorted = Array.copy head in
    Array.sort compare sorted;
    let rank v =
      let r = ref 0 in
      Array.iteri (fun i w -> if w = v then r := i) sorted;
      !r
    in
    C.op_permute t (Array.append (Array.map rank head) [| n - 1 |])
  else C.op_permute t axes

let op_pad t padding fill =
  if on "pad_off_by_one" then
    C.op_pad t (Array.map (fun (b, a) -> if a > 0 then (b + 1, a - 1) else (b, a)) padding) fill
  else if on "pad_fill_ignored" then C.op_pad t padding (Dtype.zero (C.dtype t))
  else C.op_pad t padding fill

let op_shrink t bounds =
  if on "shrink_off_by_one" then
    C.op_shrink t (Array.map (fun (s, e) -> if s > 0 then (s - 1, e - 1) else (s, e)) bounds)
  else C.op_shrink t bounds

let op_flip t flips =
  if on "flip_first_axis_only" then
    let seen = ref false in
    C.op_flip t
      (Array.map
         (fun f ->
           if f && not !seen then (
             seen := true;
             true)
           else false)
         flips)
  else C.op_flip t flips

let op_expand t new_shape =
  if on "expand_no_stride0" then
    match Symbolic_shape.eval new_shape with
    | Some ns when Array.length ns = Array.length (shape t) && numel (shape t) > 0 ->
        let s = shape t in
        C.op_pad t (Array.mapi (fun i d -> (0, ns.(i) - d)) s) (Dtype.zero (C.dtype t))
    | _ -> C.op_expand t new_shape
  else C.op_expand t new_shape

let c_strides s =
  let n = Array.length s in
  let st = Array.make n 1 in
  for i = n - 2 downto 0 do
    st.(i) <- st.(i + 1) * max 1 s.(i + 1)
  done;
  st

let op_copy t =
  if on "copy_ignores_strides" && not (Lazy_view.is_contiguous (C.view t)) then
    let s = shape t in
    let offset =
      match Symbolic_shape.eval_dim (Lazy_view.offset (C.view t)) with Some o -> o | None -> 0
    in
    try C.op_copy (C.op_as_strided t (sshape s) (c_strides s) offset)
    with _ -> C.op_copy t
  else C.op_copy t

let op_contiguous t =
  if on "copy_ignores_strides" && not (Lazy_view.is_contiguous (C.view t)) then op_copy t
  else C.op_contiguous t

let op_cat ts axis = if on "cat_reversed" then C.op_cat (List.rev ts) axis else C.op_cat ts axis

let op_as_strided t s strides offset =
  if on "as_strided_offset_ignored" then C.op_as_strided t s strides 0
  else C.op_as_strided t s strides offset

(* --- Matmul, linear algebra, FFT ------------------------------------------------------------ *)

let op_matmul (type a b) (x : (a, b) t) (y : (a, b) t) : (a, b) t =
  let sy = shape y in
  let r = Array.length sy in
  if on "matmul_transposed_operand" && r >= 2 && sy.(r - 1) = sy.(r - 2) then
    let perm = Array.init r (fun i -> if i = r - 1 then r - 2 else if i = r - 2 then r - 1 else i) in
    C.op_matmul x (C.op_contiguous (C.op_permute y perm))
  else
    match C.dtype x with
    | Dtype.Float64 when on "matmul_float32_accumulate" ->
        C.op_cast
          (C.op_matmul (C.op_cast x Dtype.float32) (C.op_cast y Dtype.float32))
          Dtype.float64
    | _ -> C.op_matmul x y

let op_cholesky ~upper x =
  if on "cholesky_upper_inverted" then C.op_cholesky ~upper:(not upper) x
  else C.op_cholesky ~upper x

let op_triangular_solve ~upper ~transpose ~unit_diag a b =
  if on "trisolve_upper_ignored" then C.op_triangular_solve ~upper:false ~transpose ~unit_diag a b
  else C.op_triangular_solve ~upper ~transpose ~unit_diag a b

let flip_last t =
  let s = shape t in
  C.op_flip t (Array.mapi (fun i _ -> i = Array.length s - 1) s)

let op_svd ~full_matrices x =
  let u, s, vh = C.op_svd ~full_matrices x in
  if on "svd_ascending" then (u, flip_last s, vh) else (u, s, vh)

let op_eigh ~vectors x =
  let w, v = C.op_eigh ~vectors x in
  if on "eigh_descending" then (flip_last w, v) else (w, v)

let op_fft x ~axes =
  if on "fft_last_axis_only" && Array.length axes > 1 then C.op_fft x ~axes:[| last axes |]
  else C.op_fft x ~axes

(* --- Gather / scatter ---------------------------------------------------------------------- *)

let op_gather data indices axis =
  if on "gather_off_by_one" then
    let dim = (shape data).(axis) in
    let next = C.op_add indices (full_like indices 1l) in
    let inside = C.op_cmplt next (full_like indices (Int32.of_int dim)) in
    C.op_gather data (C.op_where inside next indices) axis
  else C.op_gather data indices axis

let op_scatter ?mode ?unique_indices data indices updates axis =
  match mode with
  | _ when on "scatter_off_by_one" ->
      let dim = (shape data).(axis) in
      let next = C.op_add indices (full_like indices 1l) in
      let inside = C.op_cmplt next (full_like indices (Int32.of_int dim)) in
      C.op_scatter ?mode ?unique_indices data (C.op_where inside next indices) updates axis
  | Some `Add when on "scatter_add_as_set" ->
      C.op_scatter ~mode:`Set ?unique_indices data indices updates axis
  | (None | Some `Set) when on "scatter_first_wins" && shape indices = shape updates ->
      let flips = Array.mapi (fun i _ -> i = axis) (shape indices) in
      C.op_scatter ?mode ?unique_indices data (C.op_flip indices flips) (C.op_flip updates flips)
        axis
  | _ -> C.op_scatter ?mode ?unique_indices data indices updates axis

(* --- Random --------------------------------------------------------------------------------- *)

let first_row t =
  let s = shape t in
  if Array.length s = 0 || s.(0) = 0 then t
  else
    C.op_expand
      (C.op_shrink t (Array.mapi (fun i d -> if i = 0 then (0, 1) else (0, d)) s))
      (sshape s)

let op_threefry key counter =
  if on "threefry_key_ignored" then C.op_threefry (zero_like key) counter
  else if on "threefry_stream_reused" then C.op_threefry (first_row key) (first_row counter)
  else C.op_threefry key counter

(* --- Other ---------------------------------------------------------------------------------- *)

let op_assign dst src = if on "assign_dropped" then () else C.op_assign dst src

let op_unfold x ~kernel_size ~stride ~dilation ~padding =
  if on "unfold_padding_ignored" then
    C.op_unfold x ~kernel_size ~stride ~dilation ~padding:(Array.map (fun _ -> (0, 0)) padding)
  else C.op_unfold x ~kernel_size ~stride ~dilation ~padding

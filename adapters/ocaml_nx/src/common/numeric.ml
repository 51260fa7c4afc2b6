(* What the numeric sections of the Nx documentation share (nx.txt: Linear Algebra, its
   Matrix Decompositions, Eigenvalues, Norms and Solving subsections, Fourier Transform,
   Convolution and Pooling): taking the positional tensors, the element-type families some
   functions fix ((float, 'a) t, (Complex.t, 'a) t), operand arrays, and the closed
   vocabularies of polymorphic variants the labels take.

   What OCaml refuses is refused as ill-typed, never coerced: two tensors of different
   dtypes where the type says ('a, 'b) t twice, a tensor outside the element-type family
   the type fixes, a constructor the variant type does not have. *)

open Value

(* A section's table: each entry's op is made knowing its own name (for its messages). *)
let table entries : (string * Op.t) list = List.map (fun (name, make) -> (name, make name)) entries

(* --- Positional tensors ---------------------------------------------------------------- *)

let one name args k = match args with [ Tensor t ] -> k t | _ -> Op.bad_arity name args

(* Two tensors of one dtype: ('a, 'b) t -> ('a, 'b) t -> ... *)
type binary = { f : 'a 'b. ('a, 'b) Nx.t -> ('a, 'b) Nx.t -> Value.t }

let two name args { f } =
  match args with
  | [ Tensor (T a); Tensor (T b) ] -> (
      match Op.need_same name (Nx.dtype a) (Nx.dtype b) with Dtypes.Refl -> f a b)
  | _ -> Op.bad_arity name args

(* --- Element-type families --------------------------------------------------------------- *)

(* A tensor whose element type is float, as `(float, 'a) t` parameters take. *)
type floating = F : (float, 'b) Nx.t -> floating

let floating : type a b. string -> (a, b) Nx.t -> floating =
 fun name t ->
  match Dtypes.family (Nx.dtype t) with Floating -> F t | _ -> Op.need_float name (Nx.dtype t)

(* A tensor whose element type is Complex.t, as `(Complex.t, 'a) t` parameters take. *)
type complex = C : (Complex.t, 'b) Nx.t -> complex

let complex : type a b. string -> (a, b) Nx.t -> complex =
 fun name t ->
  match Dtypes.family (Nx.dtype t) with
  | Complex -> C t
  | _ ->
      Wire.ill_typed "%s takes a complex tensor ((Complex.t, 'a) t), not %s" name
        (Dtypes.name (Nx.dtype t))

(* A second tensor of t's own type (the `?bias` of a convolution, ...). *)
let like : type a b c d. string -> (a, b) Nx.t -> (c, d) Nx.t -> (a, b) Nx.t =
 fun name t u -> match Op.need_same name (Nx.dtype t) (Nx.dtype u) with Dtypes.Refl -> u

(* A scalar argument of t's element type 'a (an `{int: n}` stands for an int32 literal). *)
let scalar t v = Dtypes.scalar_of_json (Nx.dtype t) (Value.to_json v)

let tensor_arg = function Tensor t -> t | v -> Wire.ill_typed "expected a tensor, got %s" (Op.describe v)

(* --- Operand arrays ---------------------------------------------------------------------- *)

(* An `('a, 'b) t array` (einsum, multi_dot). Its elements are of one dtype (OCaml arrays
   are homogeneous). An empty array has every element type: the function cannot tell which
   one it was given (it receives no dtype), so it is called at float32. *)
let operands name v =
  match v with
  | List [||] -> Op.Ts (Nx.float32, [])
  | v -> Op.tensor_list name v

(* --- Variants ------------------------------------------------------------------------------ *)

(* A constant constructor of a closed polymorphic variant type, by its name. *)
let constant what choices v =
  match Op.variant v with
  | name, None when List.mem_assoc name choices -> List.assoc name choices
  | name, _ ->
      Wire.ill_typed "%s is one of %s, not `%s" what
        (String.concat " | " (List.map (fun (c, _) -> "`" ^ c) choices))
        name

(* [ `Full | `Same | `Valid ]: the padding of convolutions and pools. *)
let padding v = constant "the padding" [ ("Full", `Full); ("Same", `Same); ("Valid", `Valid) ] v

(* fft_norm = [ `Backward | `Forward | `Ortho ] *)
let fft_norm v =
  constant "fft_norm" [ ("Backward", `Backward); ("Forward", `Forward); ("Ortho", `Ortho) ] v

(* An `int * int` (a 2-D kernel size, stride or dilation). *)
let pair = Op.tuple2 Op.int Op.int

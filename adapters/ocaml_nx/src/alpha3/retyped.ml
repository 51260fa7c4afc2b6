(* The documented functions Nx 1.0.0~alpha3 has with another type than alpha1's (the
   documentation's): alpha3's own entries, which replace the common ones (sections.ml),
   each calling alpha3's function as a program written for alpha3 would. alpha3's
   functions take an optional ?out first, which a call leaves out.

   - Mathematical functions: alpha1 types `log`, `exp`, `cos`, `tan`, the inverse and
     hyperbolic functions, `atan2`, `ceil`, `floor` and `round` (float, 'a) t ->
     (float, 'a) t; alpha3 types every one of them ('a, 'b) t -> ('a, 'b) t, so a call on
     an integer, complex or bool tensor type-checks and is made: Nx decides.
   - Comparisons: `isinf` and `isfinite` are ('a, 'b) t -> (bool, bool_elt) t (alpha1:
     (float, 'a) t only), so a call on an integer tensor is made.
   - Activations: `sigmoid` and `erf` take any ('a, 'b) t (alpha1: (float, 'a) t), and so
     does `softmax ?axes`, which gains an optional ?scale the cases do not give.
   - Random numbers: alpha3 draws from an implicit key (`Rng.run ~seed f` scopes one) and
     its samplers (`rand dtype shape`, `randn dtype shape`, `randint dtype ?high shape low`)
     have no ?seed label: a case giving `~seed` does not type-check, and is refused before
     any draw (the driver does not wrap the call in `Rng.run`, which would be another
     program than the case's). *)

open Value
open Elementwise
module R = Nx_as_released

let math =
  table
    [ ("log", unary { u = Nx.log }); ("exp", unary { u = Nx.exp }); ("cos", unary { u = Nx.cos });
      ("tan", unary { u = Nx.tan }); ("asin", unary { u = Nx.asin });
      ("acos", unary { u = Nx.acos }); ("atan", unary { u = Nx.atan });
      ("sinh", unary { u = Nx.sinh }); ("cosh", unary { u = Nx.cosh });
      ("tanh", unary { u = Nx.tanh }); ("asinh", unary { u = Nx.asinh });
      ("acosh", unary { u = Nx.acosh }); ("atanh", unary { u = Nx.atanh });
      ("ceil", unary { u = Nx.ceil }); ("floor", unary { u = Nx.floor });
      ("round", unary { u = Nx.round }); ("atan2", binary { f = Nx.atan2 }) ]

let comparison =
  table [ ("isinf", predicate { p = Nx.isinf }); ("isfinite", predicate { p = Nx.isfinite }) ]

(* softmax : ?out:('a, 'b) t -> ?axes:int list -> ?scale:float -> ('a, 'b) t -> ('a, 'b) t *)
let softmax name args kw =
  match args with
  | [ Tensor (T t) ] -> tensor (Nx.softmax ?axes:(Op.opt kw "axes" Op.int_list) t)
  | _ -> Op.bad_arity name args

let activations =
  table
    [ ("sigmoid", unary { u = Nx.sigmoid }); ("erf", unary { u = Nx.erf });
      ("softmax", softmax) ]

let no_seed name kw =
  if Option.is_some (Op.take kw "seed") then
    Wire.ill_typed "%s takes no label ~seed in Nx %s (its draws are scoped by Rng.run ~seed)"
      name Version.nx

type draw = { draw : 'a 'b. ('a, 'b) Nx.dtype -> int array -> ('a, 'b) Nx.t }

(* rand dtype shape, randn *)
let sampled name { draw } args kw =
  no_seed name kw;
  match args with
  | [ dtype; shape ] ->
      let (Dtypes.D dtype) = Op.dtype dtype in
      tensor (draw dtype (Op.ints shape))
  | _ -> Op.bad_arity name args

(* randint dtype ?high shape low *)
let randint args kw =
  no_seed "randint" kw;
  match args with
  | [ dtype; shape; low ] ->
      let (Dtypes.D dtype) = Op.dtype dtype in
      tensor (R.randint dtype ?high:(Op.opt kw "high" Op.int) (Op.ints shape) (Op.int low))
  | _ -> Op.bad_arity "randint" args

let random =
  [ ("rand", sampled "rand" { draw = R.rand }); ("randn", sampled "randn" { draw = R.randn });
    ("randint", randint) ]

let ops : (string * Op.t) list = math @ comparison @ activations @ random

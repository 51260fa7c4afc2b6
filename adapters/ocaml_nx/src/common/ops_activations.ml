(* Activation Functions (nx.txt): `relu` takes any ('a, 'b) t; every other one a
   (float, 'a) t, so an integer, complex or bool tensor does not type-check. The labelled
   parameters (`?alpha`, `?beta`, `?negative_slope`) are OCaml floats, `softmax`'s `?axes`
   an int list (default [-1]). *)

open Value
open Elementwise

let float_arg name args k =
  match args with [ Tensor (T t) ] -> k (floating name t) | _ -> Op.bad_arity name args

let alpha kw = Op.opt kw "alpha" Op.float

(* hard_sigmoid : ?alpha:float -> ?beta:float -> (float, 'a) t -> (float, 'a) t *)
let hard_sigmoid name args kw =
  float_arg name args (fun (F t) ->
      tensor (Nx.hard_sigmoid ?alpha:(alpha kw) ?beta:(Op.opt kw "beta" Op.float) t))

(* leaky_relu : ?negative_slope:float -> (float, 'a) t -> (float, 'a) t *)
let leaky_relu name args kw =
  float_arg name args (fun (F t) ->
      tensor (Nx.leaky_relu ?negative_slope:(Op.opt kw "negative_slope" Op.float) t))

(* elu : ?alpha:float -> (float, 'a) t -> (float, 'a) t *)
let elu name args kw = float_arg name args (fun (F t) -> tensor (Nx.elu ?alpha:(alpha kw) t))

(* softmax : ?axes:int list -> (float, 'a) t -> (float, 'a) t *)
let softmax name args kw =
  float_arg name args (fun (F t) -> tensor (Nx.softmax ?axes:(Op.opt kw "axes" Op.int_list) t))

let ops =
  table
    [ ("relu", unary { u = Nx.relu }); ("relu6", float_unary { fu = Nx.relu6 });
      ("sigmoid", float_unary { fu = Nx.sigmoid }); ("softplus", float_unary { fu = Nx.softplus });
      ("silu", float_unary { fu = Nx.silu }); ("hard_silu", float_unary { fu = Nx.hard_silu });
      ("log_sigmoid", float_unary { fu = Nx.log_sigmoid });
      ("hard_tanh", float_unary { fu = Nx.hard_tanh }); ("selu", float_unary { fu = Nx.selu });
      ("erf", float_unary { fu = Nx.erf }); ("gelu", float_unary { fu = Nx.gelu });
      ("gelu_approx", float_unary { fu = Nx.gelu_approx });
      ("softsign", float_unary { fu = Nx.softsign }); ("mish", float_unary { fu = Nx.mish });
      ("hard_sigmoid", hard_sigmoid); ("leaky_relu", leaky_relu); ("elu", elu);
      ("softmax", softmax) ]

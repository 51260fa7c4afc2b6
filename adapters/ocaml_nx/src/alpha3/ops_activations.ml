(* Activation Functions (nx.txt) on Nx 1.0.0~alpha3.

   alpha3 keeps `relu`, `sigmoid`, `erf` and `softmax`, and types every one of them on any
   ('a, 'b) t (alpha1: `relu` alone; the others (float, 'a) t), with an optional ?out first
   that a call leaves out; `softmax ?axes` gains an optional ?scale the cases do not give.
   It removed the other activations of alpha1 (relu6, elu, gelu, ...; no function of the
   same documented meaning remains): answered unsupported (removed.ml). *)

open Value
open Elementwise

(* softmax : ?out:('a, 'b) t -> ?axes:int list -> ?scale:float -> ('a, 'b) t -> ('a, 'b) t *)
let softmax name args kw =
  match args with
  | [ Tensor (T t) ] -> tensor (Nx.softmax ?axes:(Op.opt kw "axes" Op.int_list) t)
  | _ -> Op.bad_arity name args

let ops =
  table
    [ ("relu", unary { u = Nx.relu }); ("sigmoid", unary { u = Nx.sigmoid });
      ("erf", unary { u = Nx.erf }); ("softmax", softmax) ]
  @ Removed.ops
      [ "relu6"; "softplus"; "silu"; "hard_silu"; "log_sigmoid"; "hard_tanh"; "selu"; "gelu";
        "gelu_approx"; "softsign"; "mish"; "hard_sigmoid"; "leaky_relu"; "elu" ]

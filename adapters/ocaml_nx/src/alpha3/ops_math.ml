(* Mathematical Functions (nx.txt) on Nx 1.0.0~alpha3: unary functions, atan2, hypot
   and the two lerps.

   alpha1 types `log`, `exp`, `cos`, `tan`, the inverse and hyperbolic functions, `atan2`,
   `ceil`, `floor` and `round` as (float, 'a) t -> (float, 'a) t; alpha3 types every one of
   them ('a, 'b) t -> ('a, 'b) t (with an optional ?out first, which a call leaves out), so
   a call on an integer, complex or bool tensor type-checks and is made: Nx decides. *)

open Elementwise

let ops =
  table
    [ ("abs", unary { u = Nx.abs }); ("sign", unary { u = Nx.sign });
      ("square", unary { u = Nx.square }); ("sqrt", unary { u = Nx.sqrt });
      ("rsqrt", unary { u = Nx.rsqrt }); ("recip", unary { u = Nx.recip });
      ("log2", unary { u = Nx.log2 }); ("exp2", unary { u = Nx.exp2 });
      ("sin", unary { u = Nx.sin }); ("trunc", unary { u = Nx.trunc });
      ("log", unary { u = Nx.log }); ("exp", unary { u = Nx.exp });
      ("cos", unary { u = Nx.cos }); ("tan", unary { u = Nx.tan });
      ("asin", unary { u = Nx.asin }); ("acos", unary { u = Nx.acos });
      ("atan", unary { u = Nx.atan }); ("sinh", unary { u = Nx.sinh });
      ("cosh", unary { u = Nx.cosh }); ("tanh", unary { u = Nx.tanh });
      ("asinh", unary { u = Nx.asinh }); ("acosh", unary { u = Nx.acosh });
      ("atanh", unary { u = Nx.atanh }); ("ceil", unary { u = Nx.ceil });
      ("floor", unary { u = Nx.floor }); ("round", unary { u = Nx.round });
      ("atan2", binary { f = Nx.atan2 }); ("hypot", binary { f = Nx.hypot });
      ("lerp", ternary { f3 = Nx.lerp });
      ("lerp_scalar_weight", weighted { w = Nx.lerp_scalar_weight }) ]

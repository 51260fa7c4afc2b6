(* Mathematical Functions (nx.txt): unary functions, atan2, hypot and the two lerps.

   Each function keeps its documented type: `abs`, `sign`, `square`, `sqrt`, `rsqrt`,
   `recip`, `log2`, `exp2`, `sin`, `trunc` take any ('a, 'b) t; `log`, `exp`, `cos`, `tan`,
   the inverse and hyperbolic functions, `atan2`, `ceil`, `floor`, `round` take only a
   (float, 'a) t, so an integer, complex or bool tensor does not type-check. *)

open Elementwise

let ops =
  table
    [ ("abs", unary { u = Nx.abs }); ("sign", unary { u = Nx.sign });
      ("square", unary { u = Nx.square }); ("sqrt", unary { u = Nx.sqrt });
      ("rsqrt", unary { u = Nx.rsqrt }); ("recip", unary { u = Nx.recip });
      ("log2", unary { u = Nx.log2 }); ("exp2", unary { u = Nx.exp2 });
      ("sin", unary { u = Nx.sin }); ("trunc", unary { u = Nx.trunc });
      ("log", float_unary { fu = Nx.log }); ("exp", float_unary { fu = Nx.exp });
      ("cos", float_unary { fu = Nx.cos }); ("tan", float_unary { fu = Nx.tan });
      ("asin", float_unary { fu = Nx.asin }); ("acos", float_unary { fu = Nx.acos });
      ("atan", float_unary { fu = Nx.atan }); ("sinh", float_unary { fu = Nx.sinh });
      ("cosh", float_unary { fu = Nx.cosh }); ("tanh", float_unary { fu = Nx.tanh });
      ("asinh", float_unary { fu = Nx.asinh }); ("acosh", float_unary { fu = Nx.acosh });
      ("atanh", float_unary { fu = Nx.atanh }); ("ceil", float_unary { fu = Nx.ceil });
      ("floor", float_unary { fu = Nx.floor }); ("round", float_unary { fu = Nx.round });
      ("atan2", float_binary { ff = Nx.atan2 }); ("hypot", binary { f = Nx.hypot });
      ("lerp", ternary { f3 = Nx.lerp });
      ("lerp_scalar_weight", weighted { w = Nx.lerp_scalar_weight }) ]

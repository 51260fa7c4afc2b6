(* Comparison and Logical Operations (nx.txt) on Nx 1.0.0~alpha3.

   As from alpha2 on, comparisons give a (bool, bool_elt) t and `where` takes one
   (release.ml); alpha3 also types `isinf` and `isfinite` ('a, 'b) t -> (bool, bool_elt) t
   (alpha1: (float, 'a) t only), so a call on an integer tensor is made. The functions take
   an optional ?out first, which a call leaves out. alpha3 removed the in-place forms
   (`imaximum a b`, ...): answered unsupported (removed.ml), as ops_arithmetic.ml says. *)

open Elementwise

let ops =
  table
    [ ("cmplt", compare { c = Nx.cmplt }); ("less", compare { c = Nx.less });
      ("cmpne", compare { c = Nx.cmpne }); ("not_equal", compare { c = Nx.not_equal });
      ("cmpeq", compare { c = Nx.cmpeq }); ("equal", compare { c = Nx.equal });
      ("cmpgt", compare { c = Nx.cmpgt }); ("greater", compare { c = Nx.greater });
      ("cmple", compare { c = Nx.cmple }); ("less_equal", compare { c = Nx.less_equal });
      ("cmpge", compare { c = Nx.cmpge }); ("greater_equal", compare { c = Nx.greater_equal });
      ("array_equal", compare { c = Nx.array_equal });
      ("less_s", compare_s { cs = Nx.less_s }); ("not_equal_s", compare_s { cs = Nx.not_equal_s });
      ("equal_s", compare_s { cs = Nx.equal_s }); ("greater_s", compare_s { cs = Nx.greater_s });
      ("less_equal_s", compare_s { cs = Nx.less_equal_s });
      ("greater_equal_s", compare_s { cs = Nx.greater_equal_s });
      ("maximum", binary { f = Nx.maximum }); ("minimum", binary { f = Nx.minimum });
      ("maximum_s", with_scalar { s = Nx.maximum_s });
      ("minimum_s", with_scalar { s = Nx.minimum_s });
      ("rmaximum_s", scalar_first { r = Nx.rmaximum_s });
      ("rminimum_s", scalar_first { r = Nx.rminimum_s });
      ("logical_and", binary { f = Nx.logical_and }); ("logical_or", binary { f = Nx.logical_or });
      ("logical_xor", binary { f = Nx.logical_xor }); ("logical_not", unary { u = Nx.logical_not });
      ("isinf", predicate { p = Nx.isinf }); ("isfinite", predicate { p = Nx.isfinite });
      ("isnan", predicate { p = Nx.isnan }); ("where", select { sel = Nx.where });
      ("clamp", bounded { bd = (fun ?min ?max t -> Nx.clamp ?min ?max t) });
      ("clip", bounded { bd = (fun ?min ?max t -> Nx.clip ?min ?max t) }) ]
  @ Removed.ops [ "imaximum"; "iminimum"; "imaximum_s"; "iminimum_s" ]

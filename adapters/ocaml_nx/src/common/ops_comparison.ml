(* Comparison and Logical Operations (nx.txt).

   Comparisons take two tensors of one dtype (or a tensor and a scalar of its element type)
   and give an (int, uint8_elt) t of 0 and 1; `maximum`, `minimum` and the logical
   operations keep the operands' type; `isinf` and `isfinite` take only a (float, 'a) t,
   `isnan` any tensor; `where` takes an (int, uint8_elt) t condition. *)

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
      ("imaximum", binary { f = Nx.imaximum }); ("iminimum", binary { f = Nx.iminimum });
      ("maximum_s", with_scalar { s = Nx.maximum_s });
      ("minimum_s", with_scalar { s = Nx.minimum_s });
      ("imaximum_s", with_scalar { s = Nx.imaximum_s });
      ("iminimum_s", with_scalar { s = Nx.iminimum_s });
      ("rmaximum_s", scalar_first { r = Nx.rmaximum_s });
      ("rminimum_s", scalar_first { r = Nx.rminimum_s });
      ("logical_and", binary { f = Nx.logical_and }); ("logical_or", binary { f = Nx.logical_or });
      ("logical_xor", binary { f = Nx.logical_xor }); ("logical_not", unary { u = Nx.logical_not });
      ("isinf", float_predicate { fp = Nx.isinf }); ("isfinite", float_predicate { fp = Nx.isfinite });
      ("isnan", predicate { p = Nx.isnan }); ("where", select { sel = Nx.where });
      (* Applied, not passed: from Nx 1.0.0~alpha3 on, clamp and clip take an optional ?out
         first, which OCaml leaves out in an application but not in a value of a labelled
         type. *)
      ("clamp", bounded { bd = (fun ?min ?max t -> Nx.clamp ?min ?max t) });
      ("clip", bounded { bd = (fun ?min ?max t -> Nx.clip ?min ?max t) }) ]

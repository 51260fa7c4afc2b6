(* Basic Arithmetic Operations (nx.txt): tensor-tensor, tensor-scalar, scalar-tensor and
   in-place forms.

   `add a b : ('a, 'b) t -> ('a, 'b) t -> ('a, 'b) t` and its family take operands of one
   dtype (a call mixing dtypes does not type-check); `add_s t x : ('a, 'b) t -> 'a -> ...`
   takes a scalar of the element type, `radd_s x t` puts it on the left; `iadd a b` and
   `iadd_s a x` write into a and return a itself. *)

open Elementwise

let ops =
  table
    [ ("add", binary { f = Nx.add }); ("sub", binary { f = Nx.sub });
      ("mul", binary { f = Nx.mul }); ("div", binary { f = Nx.div });
      ("pow", binary { f = Nx.pow }); ("mod_", binary { f = Nx.mod_ });
      ("iadd", binary { f = Nx.iadd }); ("isub", binary { f = Nx.isub });
      ("imul", binary { f = Nx.imul }); ("idiv", binary { f = Nx.idiv });
      ("ipow", binary { f = Nx.ipow }); ("imod", binary { f = Nx.imod });
      ("add_s", with_scalar { s = Nx.add_s }); ("sub_s", with_scalar { s = Nx.sub_s });
      ("mul_s", with_scalar { s = Nx.mul_s }); ("div_s", with_scalar { s = Nx.div_s });
      ("pow_s", with_scalar { s = Nx.pow_s }); ("mod_s", with_scalar { s = Nx.mod_s });
      ("iadd_s", with_scalar { s = Nx.iadd_s }); ("isub_s", with_scalar { s = Nx.isub_s });
      ("imul_s", with_scalar { s = Nx.imul_s }); ("idiv_s", with_scalar { s = Nx.idiv_s });
      ("ipow_s", with_scalar { s = Nx.ipow_s }); ("imod_s", with_scalar { s = Nx.imod_s });
      ("radd_s", scalar_first { r = Nx.radd_s }); ("rsub_s", scalar_first { r = Nx.rsub_s });
      ("rmul_s", scalar_first { r = Nx.rmul_s }); ("rdiv_s", scalar_first { r = Nx.rdiv_s });
      ("rpow_s", scalar_first { r = Nx.rpow_s }); ("rmod_s", scalar_first { r = Nx.rmod_s });
      ("neg", unary { u = Nx.neg }) ]

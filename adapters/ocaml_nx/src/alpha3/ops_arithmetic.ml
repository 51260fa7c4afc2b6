(* Basic Arithmetic Operations (nx.txt) on Nx 1.0.0~alpha3: tensor-tensor,
   tensor-scalar and scalar-tensor forms, of the types alpha1 documents (alpha3 adds an
   optional ?out first, which a call leaves out).

   alpha3 removed the in-place forms (`iadd a b`, `iadd_s a x`, ...: write into a, return
   a). Its functions take `?out` instead, but `add ~out:a a b` is another call (add, given
   an output tensor), not the documented `iadd a b`: the in-place forms are answered
   unsupported (removed.ml). *)

open Elementwise

let ops =
  table
    [ ("add", binary { f = Nx.add }); ("sub", binary { f = Nx.sub });
      ("mul", binary { f = Nx.mul }); ("div", binary { f = Nx.div });
      ("pow", binary { f = Nx.pow }); ("mod_", binary { f = Nx.mod_ });
      ("add_s", with_scalar { s = Nx.add_s }); ("sub_s", with_scalar { s = Nx.sub_s });
      ("mul_s", with_scalar { s = Nx.mul_s }); ("div_s", with_scalar { s = Nx.div_s });
      ("pow_s", with_scalar { s = Nx.pow_s }); ("mod_s", with_scalar { s = Nx.mod_s });
      ("radd_s", scalar_first { r = Nx.radd_s }); ("rsub_s", scalar_first { r = Nx.rsub_s });
      ("rmul_s", scalar_first { r = Nx.rmul_s }); ("rdiv_s", scalar_first { r = Nx.rdiv_s });
      ("rpow_s", scalar_first { r = Nx.rpow_s }); ("rmod_s", scalar_first { r = Nx.rmod_s });
      ("neg", unary { u = Nx.neg }) ]
  @ Removed.ops
      [ "iadd"; "isub"; "imul"; "idiv"; "ipow"; "imod"; "iadd_s"; "isub_s"; "imul_s";
        "idiv_s"; "ipow_s"; "imod_s" ]

(* Bitwise Operations (nx.txt): ('a, 'b) t in their types, so every dtype type-checks
   (Nx raises for the ones it refuses); the shifts take an OCaml int shift. *)

open Value
open Elementwise

(* lshift, rshift : ('a, 'b) t -> int -> ('a, 'b) t *)
type shift = { sh : 'a 'b. ('a, 'b) Nx.t -> int -> ('a, 'b) Nx.t }

let shift { sh } name args _ =
  match args with [ Tensor (T t); n ] -> tensor (sh t (Op.int n)) | _ -> Op.bad_arity name args

let ops =
  table
    [ ("bitwise_and", binary { f = Nx.bitwise_and }); ("bitwise_or", binary { f = Nx.bitwise_or });
      ("bitwise_xor", binary { f = Nx.bitwise_xor });
      ("bitwise_not", unary { u = Nx.bitwise_not }); ("invert", unary { u = Nx.invert });
      ("lshift", shift { sh = Nx.lshift }); ("rshift", shift { sh = Nx.rshift }) ]

(* Sorting and Searching (nx.txt): `sort ?descending ?axis t` gives the pair (sorted
   values, int32 indices into the original), `argsort` the indices alone; both along the
   last axis by default, ascending. *)

open Value

let descending kw = Op.opt kw "descending" Op.bool
let axis kw = Op.opt kw "axis" Op.int

(* sort : ?descending:bool -> ?axis:int -> ('a, 'b) t -> ('a, 'b) t * (int32, int32_elt) t *)
let sort name args kw =
  match args with
  | [ Tensor (T t) ] ->
      let values, indices = Nx.sort ?descending:(descending kw) ?axis:(axis kw) t in
      Tuple [ tensor values; tensor indices ]
  | _ -> Op.bad_arity name args

(* argsort : ?descending:bool -> ?axis:int -> ('a, 'b) t -> (int32, int32_elt) t *)
let argsort name args kw =
  match args with
  | [ Tensor (T t) ] -> tensor (Nx.argsort ?descending:(descending kw) ?axis:(axis kw) t)
  | _ -> Op.bad_arity name args

let ops = Elementwise.table [ ("sort", sort); ("argsort", argsort) ]

(* Solving Linear Systems (nx.txt, Linear Algebra).

   solve : ('a, 'b) t -> ('a, 'b) t -> ('a, 'b) t
   lstsq : ?rcond:float -> ('a, 'b) t -> ('a, 'b) t
           -> ('a, 'b) t * ('a, 'b) t * int * (float, float64_elt) t
   inv : ('a, 'b) t -> ('a, 'b) t
   pinv : ?rtol:float -> ?hermitian:bool -> ('a, 'b) t -> ('a, 'b) t
   tensorsolve : ?axes:int list -> ('a, 'b) t -> ('a, 'b) t -> ('a, 'b) t
   tensorinv : ?ind:int -> ('a, 'b) t -> ('a, 'b) t *)

open Value

let solve name args _ = Numeric.two name args { f = (fun a b -> tensor (Nx.solve a b)) }

let lstsq name args kw =
  let rcond = Op.opt kw "rcond" Op.float in
  Numeric.two name args
    { f =
        (fun a b ->
          let x, residuals, rank, singular = Nx.lstsq ?rcond a b in
          Tuple [ tensor x; tensor residuals; Value.int rank; tensor singular ]) }

let inv name args _ = Numeric.one name args (fun (T a) -> tensor (Nx.inv a))

let pinv name args kw =
  let rtol = Op.opt kw "rtol" Op.float and hermitian = Op.opt kw "hermitian" Op.bool in
  Numeric.one name args (fun (T a) -> tensor (Nx.pinv ?rtol ?hermitian a))

let tensorsolve name args kw =
  let axes = Op.opt kw "axes" Op.int_list in
  Numeric.two name args { f = (fun a b -> tensor (Nx.tensorsolve ?axes a b)) }

let tensorinv name args kw =
  let ind = Op.opt kw "ind" Op.int in
  Numeric.one name args (fun (T a) -> tensor (Nx.tensorinv ?ind a))

let ops =
  Numeric.table
    [ ("solve", solve); ("lstsq", lstsq); ("inv", inv); ("pinv", pinv);
      ("tensorsolve", tensorsolve); ("tensorinv", tensorinv) ]

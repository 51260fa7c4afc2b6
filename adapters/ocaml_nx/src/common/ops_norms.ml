(* Norms and Condition Numbers (nx.txt, Linear Algebra).

   norm : ?ord:[ `Fro | `Nuc | `One | `Two | `Inf | `NegOne | `NegTwo | `NegInf
                | `P of float ] -> ?axes:int list -> ?keepdims:bool -> ('a, 'b) t -> ('a, 'b) t
   cond : ?p:[ `One | `Two | `Inf | `NegOne | `NegTwo | `NegInf | `Fro ] -> ('a, 'b) t -> ('a, 'b) t
   det : ('a, 'b) t -> ('a, 'b) t
   slogdet : ('a, 'b) t -> (float, float32_elt) t * (float, float32_elt) t
   matrix_rank : ?tol:float -> ?rtol:float -> ?hermitian:bool -> ('a, 'b) t -> int
   trace : ?offset:int -> ('a, 'b) t -> ('a, 'b) t *)

open Value

(* The constant constructors of norm's ?ord; `P carries a float ({variant: P, payload}). *)
let ord_constants =
  [ ("Fro", `Fro); ("Nuc", `Nuc); ("One", `One); ("Two", `Two); ("Inf", `Inf);
    ("NegOne", `NegOne); ("NegTwo", `NegTwo); ("NegInf", `NegInf) ]

let ord v =
  match Op.variant v with
  | "P", Some p -> `P (Op.float p)
  | "P", None -> Wire.ill_typed "norm's ord `P takes a float"
  | _ -> Numeric.constant "norm's ord (or `P of float)" ord_constants v

let norm name args kw =
  let ord = Op.opt kw "ord" ord in
  let axes = Op.opt kw "axes" Op.int_list and keepdims = Op.opt kw "keepdims" Op.bool in
  Numeric.one name args (fun (T a) -> tensor (Nx.norm ?ord ?axes ?keepdims a))

let cond name args kw =
  let p =
    Op.opt kw "p"
      (Numeric.constant "cond's p"
         [ ("One", `One); ("Two", `Two); ("Inf", `Inf); ("NegOne", `NegOne);
           ("NegTwo", `NegTwo); ("NegInf", `NegInf); ("Fro", `Fro) ])
  in
  Numeric.one name args (fun (T a) -> tensor (Nx.cond ?p a))

let det name args _ = Numeric.one name args (fun (T a) -> tensor (Nx.det a))

let slogdet name args _ =
  Numeric.one name args (fun (T a) ->
      let sign, logdet = Nx.slogdet a in
      Tuple [ tensor sign; tensor logdet ])

let matrix_rank name args kw =
  let tol = Op.opt kw "tol" Op.float and rtol = Op.opt kw "rtol" Op.float in
  let hermitian = Op.opt kw "hermitian" Op.bool in
  Numeric.one name args (fun (T a) -> Value.int (Nx.matrix_rank ?tol ?rtol ?hermitian a))

let trace name args kw =
  let offset = Op.opt kw "offset" Op.int in
  Numeric.one name args (fun (T a) -> tensor (Nx.trace ?offset a))

let ops =
  Numeric.table
    [ ("norm", norm); ("cond", cond); ("det", det); ("slogdet", slogdet);
      ("matrix_rank", matrix_rank); ("trace", trace) ]

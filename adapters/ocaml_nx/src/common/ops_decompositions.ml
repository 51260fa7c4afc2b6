(* Matrix Decompositions (nx.txt, Linear Algebra).

   cholesky : ?upper:bool -> ('a, 'b) t -> ('a, 'b) t
   qr : ?mode:[ `Complete | `Reduced ] -> ('a, 'b) t -> ('a, 'b) t * ('a, 'b) t
   svd : ?full_matrices:bool -> ('a, 'b) t -> ('a, 'b) t * (float, float64_elt) t * ('a, 'b) t
   svdvals : ('a, 'b) t -> (float, float64_elt) t

   The types take every dtype; integers are refused at run time ("@raise Invalid_argument
   if input is not float or complex"). Tuples are returned as tuples: the properties of
   the cases (A = Q R, ...) are evaluated by the runner. *)

open Value

let cholesky name args kw =
  let upper = Op.opt kw "upper" Op.bool in
  Numeric.one name args (fun (T a) -> tensor (Nx.cholesky ?upper a))

let qr name args kw =
  let mode = Op.opt kw "mode" (Numeric.constant "qr's mode" [ ("Complete", `Complete); ("Reduced", `Reduced) ]) in
  Numeric.one name args (fun (T a) ->
      let q, r = Nx.qr ?mode a in
      Tuple [ tensor q; tensor r ])

let svd name args kw =
  let full_matrices = Op.opt kw "full_matrices" Op.bool in
  Numeric.one name args (fun (T a) ->
      let u, s, vh = Nx.svd ?full_matrices a in
      Tuple [ tensor u; tensor s; tensor vh ])

let svdvals name args _ = Numeric.one name args (fun (T a) -> tensor (Nx.svdvals a))

let ops =
  Numeric.table [ ("cholesky", cholesky); ("qr", qr); ("svd", svd); ("svdvals", svdvals) ]

(* Eigenvalues and Eigenvectors (nx.txt, Linear Algebra).

   eig : ('a, 'b) t -> (Complex.t, complex64_elt) t * (Complex.t, complex64_elt) t
   eigh : ?uplo:[ `U | `L ] -> ('a, 'b) t -> (float, float64_elt) t * ('a, 'b) t
   eigvals : ('a, 'b) t -> (Complex.t, complex64_elt) t
   eigvalsh : ?uplo:[ `U | `L ] -> ('a, 'b) t -> (float, float64_elt) t

   Eigenvectors are not unique: the cases check them through properties the runner
   evaluates on the returned tuple. *)

open Value

let uplo kw = Op.opt kw "uplo" (Numeric.constant "uplo" [ ("U", `U); ("L", `L) ])

let eig name args _ =
  Numeric.one name args (fun (T a) ->
      let values, vectors = Nx.eig a in
      Tuple [ tensor values; tensor vectors ])

let eigh name args kw =
  let uplo = uplo kw in
  Numeric.one name args (fun (T a) ->
      let values, vectors = Nx.eigh ?uplo a in
      Tuple [ tensor values; tensor vectors ])

let eigvals name args _ = Numeric.one name args (fun (T a) -> tensor (Nx.eigvals a))

let eigvalsh name args kw =
  let uplo = uplo kw in
  Numeric.one name args (fun (T a) -> tensor (Nx.eigvalsh ?uplo a))

let ops =
  Numeric.table [ ("eig", eig); ("eigh", eigh); ("eigvals", eigvals); ("eigvalsh", eigvalsh) ]

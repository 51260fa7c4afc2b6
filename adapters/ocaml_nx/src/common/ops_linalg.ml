(* Linear Algebra (nx.txt): products and contractions of tensors of one dtype.

   dot, matmul, vdot, inner, outer, kron : ('a, 'b) t -> ('a, 'b) t -> ('a, 'b) t
   vecdot, cross : ?axis:int -> ('a, 'b) t -> ('a, 'b) t -> ('a, 'b) t
   tensordot : ?axes:int list * int list -> ('a, 'b) t -> ('a, 'b) t -> ('a, 'b) t
   einsum : string -> ('a, 'b) t array -> ('a, 'b) t
   multi_dot : ('a, 'b) t array -> ('a, 'b) t
   matrix_power : ('a, 'b) t -> int -> ('a, 'b) t
   diagonal : ?offset:int -> ?axis1:int -> ?axis2:int -> ('a, 'b) t -> ('a, 'b) t
   matrix_transpose : ('a, 'b) t -> ('a, 'b) t *)

open Value

type product = { p : 'a 'b. ('a, 'b) Nx.t -> ('a, 'b) Nx.t -> ('a, 'b) Nx.t }

let product { p } name args _ = Numeric.two name args { f = (fun a b -> tensor (p a b)) }

type along = { al : 'a 'b. ?axis:int -> ('a, 'b) Nx.t -> ('a, 'b) Nx.t -> ('a, 'b) Nx.t }

let along { al } name args kw =
  let axis = Op.opt kw "axis" Op.int in
  Numeric.two name args { f = (fun a b -> tensor (al ?axis a b)) }

let tensordot name args kw =
  let axes = Op.opt kw "axes" (Op.tuple2 Op.int_list Op.int_list) in
  Numeric.two name args { f = (fun a b -> tensor (Nx.tensordot ?axes a b)) }

let einsum name args _ =
  match args with
  | [ subscripts; operands ] -> (
      let subscripts = Op.string subscripts in
      match Numeric.operands name operands with
      | Op.Ts (_, ts) -> tensor (Nx.einsum subscripts (Array.of_list ts)))
  | _ -> Op.bad_arity name args

let multi_dot name args _ =
  match args with
  | [ operands ] -> (
      match Numeric.operands name operands with
      | Op.Ts (_, ts) -> tensor (Nx.multi_dot (Array.of_list ts)))
  | _ -> Op.bad_arity name args

let matrix_power name args _ =
  match args with
  | [ Tensor (T a); n ] -> tensor (Nx.matrix_power a (Op.int n))
  | _ -> Op.bad_arity name args

let diagonal name args kw =
  let offset = Op.opt kw "offset" Op.int in
  let axis1 = Op.opt kw "axis1" Op.int and axis2 = Op.opt kw "axis2" Op.int in
  Numeric.one name args (fun (T a) -> tensor (Nx.diagonal ?offset ?axis1 ?axis2 a))

let matrix_transpose name args _ = Numeric.one name args (fun (T a) -> tensor (Nx.matrix_transpose a))

let ops =
  Numeric.table
    [ ("dot", product { p = Nx.dot }); ("matmul", product { p = Nx.matmul });
      ("vdot", product { p = Nx.vdot }); ("inner", product { p = Nx.inner });
      ("outer", product { p = Nx.outer }); ("kron", product { p = Nx.kron });
      ("vecdot", along { al = Nx.vecdot });
      (* Applied, not passed: from Nx 1.0.0~alpha3 on, cross takes an optional ?out first,
         which OCaml leaves out in an application but not in a value of a labelled type. *)
      ("cross", along { al = (fun ?axis a b -> Nx.cross ?axis a b) });
      ("tensordot", tensordot); ("einsum", einsum); ("multi_dot", multi_dot);
      ("matrix_power", matrix_power); ("diagonal", diagonal);
      ("matrix_transpose", matrix_transpose) ]

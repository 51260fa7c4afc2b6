(* Random Number Generation (nx.txt): `rand dtype ?seed shape`, `randn dtype ?seed
   shape`, `randint dtype ?seed ?high shape low`. Their types take any dtype; a dtype they
   do not support is Nx's run-time error (documented: Invalid_argument). *)

open Value

type draw = { draw : 'a 'b. ('a, 'b) Nx.dtype -> ?seed:int -> int array -> ('a, 'b) Nx.t }

(* rand dtype ?seed shape, randn *)
let sampled name { draw } args kw =
  match args with
  | [ dtype; shape ] ->
      let (Dtypes.D dtype) = Op.dtype dtype in
      tensor (draw dtype ?seed:(Op.opt kw "seed" Op.int) (Op.ints shape))
  | _ -> Op.bad_arity name args

(* randint dtype ?seed ?high shape low *)
let randint args kw =
  match args with
  | [ dtype; shape; low ] ->
      let (Dtypes.D dtype) = Op.dtype dtype in
      tensor
        (Nx.randint dtype ?seed:(Op.opt kw "seed" Op.int) ?high:(Op.opt kw "high" Op.int)
           (Op.ints shape) (Op.int low))
  | _ -> Op.bad_arity "randint" args

let ops : (string * Op.t) list =
  [ ("rand", sampled "rand" { draw = Nx.rand }); ("randn", sampled "randn" { draw = Nx.randn });
    ("randint", randint) ]

(* Random Number Generation (nx.txt) on Nx 1.0.0~alpha3: `rand dtype shape`, `randn dtype
   shape`, `randint dtype ?high shape low`.

   alpha3 draws from an implicit key (`Rng.run ~seed f` scopes one) and its samplers have
   no ?seed label: a case giving `~seed` does not type-check, and is refused before any
   draw (the driver does not wrap the call in `Rng.run`, which would be another program
   than the case's). *)

open Value

let no_seed name kw =
  if Option.is_some (Op.take kw "seed") then
    Wire.ill_typed "%s takes no label ~seed in Nx %s (its draws are scoped by Rng.run ~seed)"
      name Version.nx

type draw = { draw : 'a 'b. ('a, 'b) Nx.dtype -> int array -> ('a, 'b) Nx.t }

(* rand dtype shape, randn *)
let sampled name { draw } args kw =
  no_seed name kw;
  match args with
  | [ dtype; shape ] ->
      let (Dtypes.D dtype) = Op.dtype dtype in
      tensor (draw dtype (Op.ints shape))
  | _ -> Op.bad_arity name args

(* randint dtype ?high shape low *)
let randint args kw =
  no_seed "randint" kw;
  match args with
  | [ dtype; shape; low ] ->
      let (Dtypes.D dtype) = Op.dtype dtype in
      tensor (Nx.randint dtype ?high:(Op.opt kw "high" Op.int) (Op.ints shape) (Op.int low))
  | _ -> Op.bad_arity "randint" args

let ops : (string * Op.t) list =
  [ ("rand", sampled "rand" { draw = Nx.rand }); ("randn", sampled "randn" { draw = Nx.randn });
    ("randint", randint) ]

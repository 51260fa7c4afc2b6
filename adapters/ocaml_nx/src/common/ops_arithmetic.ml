(* Basic Arithmetic Operations (seed 001): tensor-tensor, tensor-scalar and in-place forms.

   `add a b : ('a, 'b) t -> ('a, 'b) t -> ('a, 'b) t` and its family take operands of
   one dtype (a call mixing dtypes does not type-check); `add_s t x` takes a scalar of the
   element type; `iadd a b` writes into a and returns it. *)

open Value

type binary = { f : 'a 'b. ('a, 'b) Nx.t -> ('a, 'b) Nx.t -> ('a, 'b) Nx.t }
type with_scalar = { s : 'a 'b. ('a, 'b) Nx.t -> 'a -> ('a, 'b) Nx.t }

let binary name { f } args _ =
  match args with
  | [ Tensor (T a); Tensor (T b) ] -> (
      match Op.need_same name (Nx.dtype a) (Nx.dtype b) with Dtypes.Refl -> tensor (f a b))
  | _ -> Op.bad_arity name args

let with_scalar name { s } args _ =
  match args with
  | [ Tensor (T t); x ] -> tensor (s t (Dtypes.scalar_of_json (Nx.dtype t) (Value.to_json x)))
  | _ -> Op.bad_arity name args

let ops : (string * Op.t) list =
  [ ("add", binary "add" { f = Nx.add }); ("sub", binary "sub" { f = Nx.sub });
    ("mul", binary "mul" { f = Nx.mul }); ("div", binary "div" { f = Nx.div });
    ("add_s", with_scalar "add_s" { s = Nx.add_s }) ]

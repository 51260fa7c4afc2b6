(* Type Conversion and Copying (nx.txt): `cast dtype t` / `astype dtype t` to any dtype,
   `contiguous t` (t itself when already contiguous), `copy t`, `blit src dst` (into dst,
   one dtype), `fill x t` (in place, returning t; x in t's element type). *)

open Value

type convert = { c : 'a 'b 'c 'd. ('c, 'd) Nx.dtype -> ('a, 'b) Nx.t -> ('c, 'd) Nx.t }

(* cast dtype t, astype dtype t *)
let convert name { c } args _ =
  match args with
  | [ dtype; Tensor (T t) ] ->
      let (Dtypes.D dtype) = Op.dtype dtype in
      tensor (c dtype t)
  | _ -> Op.bad_arity name args

type copying = { cp : 'a 'b. ('a, 'b) Nx.t -> ('a, 'b) Nx.t }

(* contiguous t, copy t *)
let copying name { cp } args _ =
  match args with [ Tensor (T t) ] -> tensor (cp t) | _ -> Op.bad_arity name args

let blit args _ =
  match args with
  | [ Tensor (T src); Tensor (T dst) ] -> (
      match Op.need_same "blit" (Nx.dtype src) (Nx.dtype dst) with
      | Dtypes.Refl ->
          Nx.blit src dst;
          unit)
  | _ -> Op.bad_arity "blit" args

let fill args _ =
  match args with
  | [ x; Tensor (T t) ] -> tensor (Nx.fill (Op.scalar (Nx.dtype t) x) t)
  | _ -> Op.bad_arity "fill" args

let ops : (string * Op.t) list =
  [ ("cast", convert "cast" { c = Nx.cast }); ("astype", convert "astype" { c = Nx.astype });
    ("contiguous", copying "contiguous" { cp = Nx.contiguous });
    ("copy", copying "copy" { cp = Nx.copy }); ("blit", blit); ("fill", fill) ]

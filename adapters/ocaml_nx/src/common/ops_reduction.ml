(* Reduction Operations (nx.txt): reductions over `?axes` (default: every axis) with
   `?keepdims`, the spread ones with `?ddof`, the cumulative ones along one `?axis` (default:
   the flattened tensor), and `argmax` / `argmin` giving (int32, int32_elt) t indices. *)

open Value

let one name args k = match args with [ Tensor t ] -> k t | _ -> Op.bad_arity name args
let axes kw = Op.opt kw "axes" Op.int_list
let axis kw = Op.opt kw "axis" Op.int
let keepdims kw = Op.opt kw "keepdims" Op.bool

(* sum, max, min, prod, mean : ?axes:int list -> ?keepdims:bool -> ('a, 'b) t -> ('a, 'b) t *)
type reduce = { red : 'a 'b. ?axes:int list -> ?keepdims:bool -> ('a, 'b) Nx.t -> ('a, 'b) Nx.t }

let reduce { red } name args kw =
  one name args (fun (T t) -> tensor (red ?axes:(axes kw) ?keepdims:(keepdims kw) t))

(* var, std : ?axes:int list -> ?keepdims:bool -> ?ddof:int -> ('a, 'b) t -> ('a, 'b) t *)
type spread = {
  spr : 'a 'b. ?axes:int list -> ?keepdims:bool -> ?ddof:int -> ('a, 'b) Nx.t -> ('a, 'b) Nx.t;
}

let spread { spr } name args kw =
  one name args (fun (T t) ->
      tensor (spr ?axes:(axes kw) ?keepdims:(keepdims kw) ?ddof:(Op.opt kw "ddof" Op.int) t))

(* all, any : ?axes:int list -> ?keepdims:bool -> ('a, 'b) t -> (int, uint8_elt) t *)
type test = { tst : 'a 'b. ?axes:int list -> ?keepdims:bool -> ('a, 'b) Nx.t -> Elementwise.mask }

let test { tst } name args kw =
  one name args (fun (T t) -> tensor (tst ?axes:(axes kw) ?keepdims:(keepdims kw) t))

(* argmax, argmin : ?axis:int -> ?keepdims:bool -> ('a, 'b) t -> (int32, int32_elt) t *)
type arg = { am : 'a 'b. ?axis:int -> ?keepdims:bool -> ('a, 'b) Nx.t -> (int32, Nx.int32_elt) Nx.t }

let arg { am } name args kw =
  one name args (fun (T t) -> tensor (am ?axis:(axis kw) ?keepdims:(keepdims kw) t))

(* cumsum, cumprod, cummax, cummin : ?axis:int -> ('a, 'b) t -> ('a, 'b) t *)
type scan = { sc : 'a 'b. ?axis:int -> ('a, 'b) Nx.t -> ('a, 'b) Nx.t }

let scan { sc } name args kw = one name args (fun (T t) -> tensor (sc ?axis:(axis kw) t))

(* Each function is applied to its documented arguments, not passed as a value: from
   Nx 1.0.0~alpha3 on, sum ... any, var and std take an optional ?out first, which OCaml
   leaves out in an application but not in a value of a type with other labels. *)
let ops =
  Elementwise.table
    [ ("sum", reduce { red = (fun ?axes ?keepdims t -> Nx.sum ?axes ?keepdims t) });
      ("max", reduce { red = (fun ?axes ?keepdims t -> Nx.max ?axes ?keepdims t) });
      ("min", reduce { red = (fun ?axes ?keepdims t -> Nx.min ?axes ?keepdims t) });
      ("prod", reduce { red = (fun ?axes ?keepdims t -> Nx.prod ?axes ?keepdims t) });
      ("mean", reduce { red = (fun ?axes ?keepdims t -> Nx.mean ?axes ?keepdims t) });
      ("var", spread { spr = (fun ?axes ?keepdims ?ddof t -> Nx.var ?axes ?keepdims ?ddof t) });
      ("std", spread { spr = (fun ?axes ?keepdims ?ddof t -> Nx.std ?axes ?keepdims ?ddof t) });
      ("all", test { tst = (fun ?axes ?keepdims t -> Nx.all ?axes ?keepdims t) });
      ("any", test { tst = (fun ?axes ?keepdims t -> Nx.any ?axes ?keepdims t) });
      ("argmax", arg { am = Nx.argmax }); ("argmin", arg { am = Nx.argmin });
      ("cumsum", scan { sc = Nx.cumsum }); ("cumprod", scan { sc = Nx.cumprod });
      ("cummax", scan { sc = Nx.cummax }); ("cummin", scan { sc = Nx.cummin }) ]

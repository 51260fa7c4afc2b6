(* The documented functions Nx 1.0.0~alpha0 has with another type than alpha1's (the
   documentation's), or under another name: alpha0's own entries, which replace the common
   ones (sections.ml), each calling alpha0's function as a program written for alpha0
   would. Every argument is the case's own; only its OCaml spelling follows alpha0's type.

   - `?axes` is an `int array` in alpha0, an `int list` in alpha1 (sum ... any, var, std,
     squeeze, unsqueeze, transpose, flip, softmax; expand_dims's axes): the case's axes are
     written as an array literal;
   - `index` is `I of int | L of int list | R of int list` ("R [start; stop; step]: range
     [start, stop) with step", nx.mli of alpha0): alpha1's `R (a, b)` is `R [a; b]`,
     `Rs (a, b, c)` is `R [a; b; c]`, and `A` is `R []`, the spec alpha0's `slice` itself
     gives each missing index ("Missing indices select all": core/frontend.ml pads the
     list with `R []`, "Take all"); a slice with `M` (a mask) or `N` (a new axis) cannot
     be written;
   - `item` is alpha0's `get_item` (same type and documentation, renamed in alpha1). *)

open Value
module R = Nx_as_released

let array_of = Option.map Array.of_list

let reductions =
  let open Ops_reduction in
  Elementwise.table
    [ ("sum", reduce { red = (fun ?axes:a ?keepdims t -> R.sum ?axes:(array_of a) ?keepdims t) });
      ("max", reduce { red = (fun ?axes:a ?keepdims t -> R.max ?axes:(array_of a) ?keepdims t) });
      ("min", reduce { red = (fun ?axes:a ?keepdims t -> R.min ?axes:(array_of a) ?keepdims t) });
      ("prod", reduce { red = (fun ?axes:a ?keepdims t -> R.prod ?axes:(array_of a) ?keepdims t) });
      ("mean", reduce { red = (fun ?axes:a ?keepdims t -> R.mean ?axes:(array_of a) ?keepdims t) });
      ( "var",
        spread
          { spr = (fun ?axes:a ?keepdims ?ddof t -> R.var ?axes:(array_of a) ?keepdims ?ddof t) } );
      ( "std",
        spread
          { spr = (fun ?axes:a ?keepdims ?ddof t -> R.std ?axes:(array_of a) ?keepdims ?ddof t) } );
      ("all", test { tst = (fun ?axes:a ?keepdims t -> R.all ?axes:(array_of a) ?keepdims t) });
      ("any", test { tst = (fun ?axes:a ?keepdims t -> R.any ?axes:(array_of a) ?keepdims t) }) ]

let shape =
  let open Ops_shape in
  [ ("squeeze", with_axes "squeeze" { x = (fun ?axes:a t -> R.squeeze ?axes:(array_of a) t) });
    ("unsqueeze", with_axes "unsqueeze" { x = (fun ?axes:a t -> R.unsqueeze ?axes:(array_of a) t) });
    ("transpose", with_axes "transpose" { x = (fun ?axes:a t -> R.transpose ?axes:(array_of a) t) });
    ("flip", with_axes "flip" { x = (fun ?axes:a t -> R.flip ?axes:(array_of a) t) });
    ( "expand_dims",
      on_tensor "expand_dims" (fun args _ ->
          match args with
          | [ a ] -> { r = (fun t -> R.expand_dims (Op.ints a) t) }
          | _ -> Op.bad_arity "expand_dims" args) ) ]

(* softmax : ?axes:int array -> (float, 'a) t -> (float, 'a) t *)
let softmax args kw =
  Ops_activations.float_arg "softmax" args (fun (Elementwise.F t) ->
      tensor (R.softmax ?axes:(Op.opt kw "axes" Op.ints) t))

(* alpha1's index spec as alpha0 writes it. *)
let index_spec : Value.index -> R.index = function
  | I i -> R.I i
  | L l -> R.L l
  | R (a, b) -> R.R [ a; b ]
  | Rs (a, b, c) -> R.R [ a; b; c ]
  | A -> R.R []
  | M _ -> Wire.ill_typed "Nx %s's index has no M (masks)" Version.nx
  | N -> Wire.ill_typed "Nx %s's index has no N (new axes)" Version.nx

let specs = function
  | Index specs -> List.map index_spec specs
  | v -> Wire.ill_typed "expected an index list, got %s" (Op.describe v)

(* slice : index list -> ('a, 'b) t -> ('a, 'b) t *)
let slice args _ =
  match args with
  | [ s; Tensor (T t) ] -> tensor (R.slice (specs s) t)
  | _ -> Op.bad_arity "slice" args

(* set_slice : index list -> ('a, 'b) t -> ('a, 'b) t -> unit *)
let set_slice args _ =
  match args with
  | [ s; Tensor (T t); Tensor (T v) ] -> (
      match Op.need_same "set_slice" (R.dtype t) (R.dtype v) with
      | Dtypes.Refl ->
          R.set_slice (specs s) t v;
          unit)
  | _ -> Op.bad_arity "set_slice" args

(* get_item : int list -> ('a, 'b) t -> 'a, documented as alpha1's item *)
let item args _ =
  match args with
  | [ at; Tensor (T t) ] -> scalar (R.dtype t) (R.get_item (Op.int_list at) t)
  | _ -> Op.bad_arity "item" args

let ops : (string * Op.t) list =
  reductions @ shape
  @ [ ("softmax", softmax); ("slice", slice); ("set_slice", set_slice); ("item", item) ]

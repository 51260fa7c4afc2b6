(* Array Combination and Splitting (nx.txt): tensors joined from a list, and a tensor
   split into a list.

   The joined tensors are an OCaml list, so of one type: a list mixing dtypes does not
   type-check (Op.tensor_list). `split ~axis n t` and `array_split ~axis sections t` take
   the axis as a required label; sections are `` `Count n `` or `` `Indices [i; ...] ``. *)

open Value

type join = { j : 'a 'b. ('a, 'b) Nx.t list -> ('a, 'b) Nx.t }

(* f ts: vstack, hstack, dstack *)
let join name { j } args _ =
  match args with
  | [ ts ] ->
      let (Op.Ts (_, ts)) = Op.tensor_list name ts in
      tensor (j ts)
  | _ -> Op.bad_arity name args

type join_along = { ja : 'a 'b. ?axis:int -> ('a, 'b) Nx.t list -> ('a, 'b) Nx.t }

(* f ?axis ts: concatenate, stack *)
let join_along name { ja } args kw =
  match args with
  | [ ts ] ->
      let axis = Op.opt kw "axis" Op.int in
      let (Op.Ts (_, ts)) = Op.tensor_list name ts in
      tensor (ja ?axis ts)
  | _ -> Op.bad_arity name args

let broadcast_arrays args _ =
  match args with
  | [ ts ] ->
      let (Op.Ts (_, ts)) = Op.tensor_list "broadcast_arrays" ts in
      tensors (Nx.broadcast_arrays ts)
  | _ -> Op.bad_arity "broadcast_arrays" args

(* split ~axis sections t *)
let split args kw =
  match args with
  | [ n; Tensor (T t) ] -> tensors (Nx.split ~axis:(Op.req kw "axis" Op.int) (Op.int n) t)
  | _ -> Op.bad_arity "split" args

(* array_split ~axis (`Count n | `Indices l) t *)
let array_split args kw =
  let sections v =
    match Op.variant v with
    | "Count", Some n -> `Count (Op.int n)
    | "Indices", Some l -> `Indices (Op.int_list l)
    | name, _ -> Wire.ill_typed "array_split's sections are `Count n or `Indices l, not `%s" name
  in
  match args with
  | [ s; Tensor (T t) ] -> tensors (Nx.array_split ~axis:(Op.req kw "axis" Op.int) (sections s) t)
  | _ -> Op.bad_arity "array_split" args

let ops : (string * Op.t) list =
  [ ("concatenate", join_along "concatenate" { ja = Nx.concatenate });
    ("stack", join_along "stack" { ja = Nx.stack }); ("vstack", join "vstack" { j = Nx.vstack });
    ("hstack", join "hstack" { j = Nx.hstack }); ("dstack", join "dstack" { j = Nx.dstack });
    ("broadcast_arrays", broadcast_arrays); ("array_split", array_split); ("split", split) ]

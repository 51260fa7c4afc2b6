(* Shape Manipulation (nx.txt): views and copies with another shape, order or extent.

   The tensor comes last (`reshape [|3; -1|] t`, `moveaxis 0 2 t`); axes lists are
   `int list` (`~axes:[0; 2]`), shapes and repetitions `int array`, paddings and ranges
   `(int * int) array`. `pad padding x t` takes x in t's element type. *)

open Value

type reshaping = { r : 'a 'b. ('a, 'b) Nx.t -> ('a, 'b) Nx.t }

(* f t, with the other arguments decoded by the op (as `fun args kw -> { r }`). *)
let on_tensor name (f : Value.t list -> Op.kwargs -> reshaping) args kw =
  match List.rev args with
  | Tensor (T t) :: rest ->
      let { r } = f (List.rev rest) kw in
      tensor (r t)
  | _ -> Op.bad_arity name args

let arity name = Op.bad_arity name

(* f shape t: reshape, broadcast_to, expand, tile *)
type with_ints = { i : 'a 'b. int array -> ('a, 'b) Nx.t -> ('a, 'b) Nx.t }

let with_ints name { i } =
  on_tensor name (fun args _ ->
      match args with [ a ] -> { r = (fun t -> i (Op.ints a) t) } | _ -> arity name args)

(* f ?axes t: squeeze, unsqueeze, transpose, flip *)
type with_axes = { x : 'a 'b. ?axes:int list -> ('a, 'b) Nx.t -> ('a, 'b) Nx.t }

let with_axes name { x } =
  on_tensor name (fun args kw ->
      match args with
      | [] ->
          let axes = Op.opt kw "axes" Op.int_list in
          { r = (fun t -> x ?axes t) }
      | _ -> arity name args)

(* f axis t: squeeze_axis, unsqueeze_axis *)
type with_int = { n : 'a 'b. int -> ('a, 'b) Nx.t -> ('a, 'b) Nx.t }

let with_int name { n } =
  on_tensor name (fun args _ ->
      match args with [ a ] -> { r = (fun t -> n (Op.int a) t) } | _ -> arity name args)

(* f a b t: moveaxis src dst, swapaxes axis1 axis2 *)
type with_two_ints = { nn : 'a 'b. int -> int -> ('a, 'b) Nx.t -> ('a, 'b) Nx.t }

let with_two_ints name { nn } =
  on_tensor name (fun args _ ->
      match args with
      | [ a; b ] -> { r = (fun t -> nn (Op.int a) (Op.int b) t) }
      | _ -> arity name args)

(* f ?axis n t: roll ?axis shift, repeat ?axis count *)
type along_axis = { an : 'a 'b. ?axis:int -> int -> ('a, 'b) Nx.t -> ('a, 'b) Nx.t }

let along_axis name { an } =
  on_tensor name (fun args kw ->
      match args with
      | [ a ] ->
          let axis = Op.opt kw "axis" Op.int in
          { r = (fun t -> an ?axis (Op.int a) t) }
      | _ -> arity name args)

let expand_dims =
  on_tensor "expand_dims" (fun args _ ->
      match args with
      | [ axes ] -> { r = (fun t -> Nx.expand_dims (Op.int_list axes) t) }
      | _ -> arity "expand_dims" args)

let shrink =
  on_tensor "shrink" (fun args _ ->
      match args with
      | [ ranges ] -> { r = (fun t -> Nx.shrink (Op.pairs ranges) t) }
      | _ -> arity "shrink" args)

let ravel =
  on_tensor "ravel" (fun args _ -> match args with [] -> { r = Nx.ravel } | _ -> arity "ravel" args)

(* flatten ?start_dim ?end_dim t *)
let flatten =
  on_tensor "flatten" (fun args kw ->
      match args with
      | [] ->
          let start_dim = Op.opt kw "start_dim" Op.int and end_dim = Op.opt kw "end_dim" Op.int in
          { r = (fun t -> Nx.flatten ?start_dim ?end_dim t) }
      | _ -> arity "flatten" args)

(* unflatten dim sizes t *)
let unflatten =
  on_tensor "unflatten" (fun args _ ->
      match args with
      | [ dim; sizes ] -> { r = (fun t -> Nx.unflatten (Op.int dim) (Op.ints sizes) t) }
      | _ -> arity "unflatten" args)

(* as_strided shape strides ~offset t *)
let as_strided =
  on_tensor "as_strided" (fun args kw ->
      match args with
      | [ shape; strides ] ->
          let offset = Op.req kw "offset" Op.int in
          { r = (fun t -> Nx.as_strided (Op.ints shape) (Op.ints strides) ~offset t) }
      | _ -> arity "as_strided" args)

(* pad padding x t: x in t's element type *)
let pad args _ =
  match args with
  | [ padding; x; Tensor (T t) ] -> tensor (Nx.pad (Op.pairs padding) (Op.scalar (Nx.dtype t) x) t)
  | _ -> arity "pad" args

(* broadcasted ?reverse t1 t2 *)
let broadcasted args kw =
  match args with
  | [ Tensor (T a); Tensor (T b) ] -> (
      match Op.need_same "broadcasted" (Nx.dtype a) (Nx.dtype b) with
      | Dtypes.Refl ->
          let a', b' = Nx.broadcasted ?reverse:(Op.opt kw "reverse" Op.bool) a b in
          Tuple [ tensor a'; tensor b' ])
  | _ -> arity "broadcasted" args

let ops : (string * Op.t) list =
  [ ("reshape", with_ints "reshape" { i = Nx.reshape });
    ("broadcast_to", with_ints "broadcast_to" { i = Nx.broadcast_to });
    ("broadcasted", broadcasted); ("expand", with_ints "expand" { i = Nx.expand });
    ("flatten", flatten); ("unflatten", unflatten); ("ravel", ravel);
    ("squeeze", with_axes "squeeze" { x = Nx.squeeze });
    ("unsqueeze", with_axes "unsqueeze" { x = Nx.unsqueeze });
    ("squeeze_axis", with_int "squeeze_axis" { n = Nx.squeeze_axis });
    ("unsqueeze_axis", with_int "unsqueeze_axis" { n = Nx.unsqueeze_axis });
    ("expand_dims", expand_dims); ("transpose", with_axes "transpose" { x = Nx.transpose });
    ("flip", with_axes "flip" { x = Nx.flip }); ("as_strided", as_strided);
    ("moveaxis", with_two_ints "moveaxis" { nn = Nx.moveaxis });
    ("swapaxes", with_two_ints "swapaxes" { nn = Nx.swapaxes });
    ("roll", along_axis "roll" { an = Nx.roll }); ("pad", pad); ("shrink", shrink);
    ("tile", with_ints "tile" { i = Nx.tile }); ("repeat", along_axis "repeat" { an = Nx.repeat }) ]

(* Iteration and Mapping (nx.txt): OCaml functions applied to every element, as a
   value (`map_item`, `iter_item`, `fold_item`) or as a 0-d tensor (`map`, `iter`,
   `fold`).

   The functions are the named functions of functions.ml; their OCaml type decides the
   tensors they fit: `map_item float_double t` needs a float tensor, `fold tensor_add init
   t` an init tensor of t's type, `fold_item float_add init t` a float tensor and a float
   init. *)

open Value

(* map_item f t *)
let map_item args _ =
  match args with
  | [ f; Tensor (T t) ] ->
      let { Functions.on } = Functions.element f in
      tensor (Nx.map_item (on (Nx.dtype t)) t)
  | _ -> Op.bad_arity "map_item" args

(* iter_item f t *)
let iter_item args _ =
  match args with
  | [ f; Tensor (T t) ] ->
      let { Functions.act } = Functions.element_effect f in
      Nx.iter_item (act (Nx.dtype t)) t;
      unit
  | _ -> Op.bad_arity "iter_item" args

(* fold_item f init t, f : float -> float -> float *)
let fold_item args _ =
  match args with
  | [ f; init; Tensor (T t) ] -> (
      let f = Functions.element_fold f in
      match Dtypes.family (Nx.dtype t) with
      | Floating -> float (Nx.fold_item f (Op.float init) t)
      | _ ->
          Wire.ill_typed "fold_item with a float -> float -> float function needs a float \
                          tensor, not %s" (Dtypes.name (Nx.dtype t)))
  | _ -> Op.bad_arity "fold_item" args

(* map f t *)
let map args _ =
  match args with
  | [ f; Tensor (T t) ] ->
      let { Functions.map } = Functions.tensor_map f in
      tensor (Nx.map map t)
  | _ -> Op.bad_arity "map" args

(* iter f t *)
let iter args _ =
  match args with
  | [ f; Tensor (T t) ] ->
      let { Functions.run } = Functions.tensor_effect f in
      Nx.iter run t;
      unit
  | _ -> Op.bad_arity "iter" args

(* fold f init t, f : ('b, 'c) t -> ('b, 'c) t -> ('b, 'c) t: init of t's type *)
let fold args _ =
  match args with
  | [ f; Tensor (T init); Tensor (T t) ] -> (
      let { Functions.fold } = Functions.tensor_fold f in
      match Op.need_same "fold" (Nx.dtype init) (Nx.dtype t) with
      | Dtypes.Refl -> tensor (Nx.fold fold init t))
  | _ -> Op.bad_arity "fold" args

let ops : (string * Op.t) list =
  [ ("map_item", map_item); ("iter_item", iter_item); ("fold_item", fold_item); ("map", map);
    ("iter", iter); ("fold", fold) ]

(* Element Access and Slicing (nx.txt): reading and writing elements, sub-tensors and
   gathered / scattered positions.

   Positions are `int list` (`get [1; 1] t`), slice specs an `index list` (`I 1`,
   `R (0, 2)`, `M mask`: an `(int, uint8_elt) t` mask), gathered indices an
   `(int32, int32_elt) t`, conditions an `(int, uint8_elt) t`; values written are of t's
   element type (`set_item [0] 999. t`) or a tensor of t's type. The writers return unit
   and change t in place. *)

open Value

let mask what v = Op.tensor_of Release.mask_dtype what v
let indices what v = Op.tensor_of Nx.int32 what v

let index_spec : Value.index -> Nx.index = function
  | I i -> Nx.I i
  | L l -> Nx.L l
  | R (a, b) -> Nx.R (a, b)
  | Rs (a, b, c) -> Nx.Rs (a, b, c)
  | A -> Nx.A
  | N -> Nx.N
  | M m -> Nx.M (mask "a mask (M)" m)

let specs = function
  | Index specs -> List.map index_spec specs
  | v -> Wire.ill_typed "expected an index list, got %s" (Op.describe v)

let mode_of v =
  match Op.variant v with
  | "raise", None -> `raise
  | "wrap", None -> `wrap
  | "clip", None -> `clip
  | name, _ -> Wire.ill_typed "~mode is `raise, `wrap or `clip, not `%s" name

(* Two tensors of one type (the written values and the target). *)
let same_type name a b = Op.need_same name (Nx.dtype a) (Nx.dtype b)

(* get indices t *)
let get args _ =
  match args with
  | [ at; Tensor (T t) ] -> tensor (Nx.get (Op.int_list at) t)
  | _ -> Op.bad_arity "get" args

(* set indices t value *)
let set args _ =
  match args with
  | [ at; Tensor (T t); Tensor (T v) ] -> (
      match same_type "set" t v with
      | Dtypes.Refl ->
          Nx.set (Op.int_list at) t v;
          unit)
  | _ -> Op.bad_arity "set" args

(* slice specs t *)
let slice args _ =
  match args with
  | [ s; Tensor (T t) ] -> tensor (Nx.slice (specs s) t)
  | _ -> Op.bad_arity "slice" args

(* set_slice specs t value *)
let set_slice args _ =
  match args with
  | [ s; Tensor (T t); Tensor (T v) ] -> (
      match same_type "set_slice" t v with
      | Dtypes.Refl ->
          Nx.set_slice (specs s) t v;
          unit)
  | _ -> Op.bad_arity "set_slice" args

(* item indices t *)
let item args _ =
  match args with
  | [ at; Tensor (T t) ] -> scalar (Nx.dtype t) (Nx.item (Op.int_list at) t)
  | _ -> Op.bad_arity "item" args

(* set_item indices x t *)
let set_item args _ =
  match args with
  | [ at; x; Tensor (T t) ] ->
      Nx.set_item (Op.int_list at) (Op.scalar (Nx.dtype t) x) t;
      unit
  | _ -> Op.bad_arity "set_item" args

(* take ?axis ?mode indices t *)
let take args kw =
  match args with
  | [ i; Tensor (T t) ] ->
      let axis = Op.opt kw "axis" Op.int and mode = Op.opt kw "mode" mode_of in
      tensor (Nx.take ?axis ?mode (indices "take's indices" i) t)
  | _ -> Op.bad_arity "take" args

(* take_along_axis ~axis indices t *)
let take_along_axis args kw =
  match args with
  | [ i; Tensor (T t) ] ->
      let axis = Op.req kw "axis" Op.int in
      tensor (Nx.take_along_axis ~axis (indices "take_along_axis's indices" i) t)
  | _ -> Op.bad_arity "take_along_axis" args

(* ~values of t's type *)
let values_like (type a b) kw (t : (a, b) Nx.t) : (a, b) Nx.t =
  match Op.req kw "values" Fun.id with
  | Tensor (T v) -> ( match same_type "~values" t v with Dtypes.Refl -> v)
  | v -> Wire.ill_typed "~values is a tensor, got %s" (Op.describe v)

(* put ?axis ~indices ~values ?mode t *)
let put args kw =
  match args with
  | [ Tensor (T t) ] ->
      let axis = Op.opt kw "axis" Op.int and mode = Op.opt kw "mode" mode_of in
      let i = Op.req kw "indices" (indices "~indices") in
      Nx.put ?axis ~indices:i ~values:(values_like kw t) ?mode t;
      unit
  | _ -> Op.bad_arity "put" args

(* put_along_axis ~axis ~indices ~values t *)
let put_along_axis args kw =
  match args with
  | [ Tensor (T t) ] ->
      let axis = Op.req kw "axis" Op.int and i = Op.req kw "indices" (indices "~indices") in
      Nx.put_along_axis ~axis ~indices:i ~values:(values_like kw t) t;
      unit
  | _ -> Op.bad_arity "put_along_axis" args

(* compress ?axis ~condition t *)
let compress args kw =
  match args with
  | [ Tensor (T t) ] ->
      let axis = Op.opt kw "axis" Op.int
      and condition = Op.req kw "condition" (mask "~condition") in
      tensor (Nx.compress ?axis ~condition t)
  | _ -> Op.bad_arity "compress" args

(* extract ~condition t *)
let extract args kw =
  match args with
  | [ Tensor (T t) ] -> tensor (Nx.extract ~condition:(Op.req kw "condition" (mask "~condition")) t)
  | _ -> Op.bad_arity "extract" args

(* nonzero t : (int32, int32_elt) t array *)
let nonzero args _ =
  match args with
  | [ Tensor (T t) ] -> tensors (Array.to_list (Nx.nonzero t))
  | _ -> Op.bad_arity "nonzero" args

let argwhere args _ =
  match args with [ Tensor (T t) ] -> tensor (Nx.argwhere t) | _ -> Op.bad_arity "argwhere" args

let ops : (string * Op.t) list =
  [ ("get", get); ("set", set); ("slice", slice); ("set_slice", set_slice); ("item", item);
    ("set_item", set_item); ("take", take); ("take_along_axis", take_along_axis); ("put", put);
    ("put_along_axis", put_along_axis); ("compress", compress); ("extract", extract);
    ("nonzero", nonzero); ("argwhere", argwhere) ]

(* The OCaml types shared by the element-wise sections of the Nx documentation (nx.txt:
   arithmetic, mathematical functions, comparison, bitwise, activations): one record with
   a polymorphic field per type, and one function making an op of the dispatch table from
   a value of it, so that a family of functions is one line per function in its table.

   What OCaml refuses is refused here as ill-typed, never coerced: two tensors of
   different dtypes where the type says ('a, 'b) t twice, a scalar that is not of the
   element type 'a, an integer or complex tensor where the type says (float, 'a) t. *)

open Value

(* A section's table: each entry's op is made knowing its own name (for its messages). *)
let table entries : (string * Op.t) list = List.map (fun (name, make) -> (name, make name)) entries

(* --- Decoding, for every shape ------------------------------------------------------------- *)

(* A tensor whose element type is float, as `(float, 'a) t` functions take. *)
type floating = F : (float, 'b) Nx.t -> floating

let floating : type a b. string -> (a, b) Nx.t -> floating =
 fun name t ->
  match Dtypes.family (Nx.dtype t) with Floating -> F t | _ -> Op.need_float name (Nx.dtype t)

(* A scalar argument of t's element type 'a (an `{int: n}` for int32, int64, nativeint). *)
let scalar t v = Op.scalar (Nx.dtype t) v

(* The mask `where` takes and comparisons give: `(int, uint8_elt) t` in alpha1
   (release.ml). *)
type mask = Release.mask

(* --- The shapes ---------------------------------------------------------------------------- *)

(* ('a, 'b) t -> ('a, 'b) t *)
type unary = { u : 'a 'b. ('a, 'b) Nx.t -> ('a, 'b) Nx.t }

let unary { u } name args _ =
  match args with [ Tensor (T t) ] -> tensor (u t) | _ -> Op.bad_arity name args

(* (float, 'a) t -> (float, 'a) t *)
type float_unary = { fu : 'b. (float, 'b) Nx.t -> (float, 'b) Nx.t }

let float_unary { fu } name args _ =
  match args with
  | [ Tensor (T t) ] -> (match floating name t with F t -> tensor (fu t))
  | _ -> Op.bad_arity name args

(* ('a, 'b) t -> ('a, 'b) t -> ('a, 'b) t; the in-place `i` forms have this type too and
   return their first argument itself. *)
type binary = { f : 'a 'b. ('a, 'b) Nx.t -> ('a, 'b) Nx.t -> ('a, 'b) Nx.t }

let binary { f } name args _ =
  match args with
  | [ Tensor (T a); Tensor (T b) ] -> (
      match Op.need_same name (Nx.dtype a) (Nx.dtype b) with Dtypes.Refl -> tensor (f a b))
  | _ -> Op.bad_arity name args

(* (float, 'a) t -> (float, 'a) t -> (float, 'a) t *)
type float_binary = { ff : 'b. (float, 'b) Nx.t -> (float, 'b) Nx.t -> (float, 'b) Nx.t }

let float_binary { ff } name args _ =
  let floats : type a b. (a, b) Nx.t -> (a, b) Nx.t -> Value.t =
   fun a b ->
    match Dtypes.family (Nx.dtype a) with
    | Floating -> tensor (ff a b)
    | _ -> Op.need_float name (Nx.dtype a)
  in
  match args with
  | [ Tensor (T a); Tensor (T b) ] -> (
      match Op.need_same name (Nx.dtype a) (Nx.dtype b) with Dtypes.Refl -> floats a b)
  | _ -> Op.bad_arity name args

(* ('a, 'b) t -> ('a, 'b) t -> ('a, 'b) t -> ('a, 'b) t *)
type ternary = { f3 : 'a 'b. ('a, 'b) Nx.t -> ('a, 'b) Nx.t -> ('a, 'b) Nx.t -> ('a, 'b) Nx.t }

let ternary { f3 } name args _ =
  match args with
  | [ Tensor (T a); Tensor (T b); Tensor (T c) ] -> (
      match Op.need_same name (Nx.dtype a) (Nx.dtype b) with
      | Dtypes.Refl -> (
          match Op.need_same name (Nx.dtype a) (Nx.dtype c) with
          | Dtypes.Refl -> tensor (f3 a b c)))
  | _ -> Op.bad_arity name args

(* ('a, 'b) t -> 'a -> ('a, 'b) t: the `_s` forms and their in-place `i..._s` forms. *)
type with_scalar = { s : 'a 'b. ('a, 'b) Nx.t -> 'a -> ('a, 'b) Nx.t }

let with_scalar { s } name args _ =
  match args with [ Tensor (T t); x ] -> tensor (s t (scalar t x)) | _ -> Op.bad_arity name args

(* 'a -> ('a, 'b) t -> ('a, 'b) t: the `r..._s` forms, the scalar on the left. *)
type scalar_first = { r : 'a 'b. 'a -> ('a, 'b) Nx.t -> ('a, 'b) Nx.t }

let scalar_first { r } name args _ =
  match args with [ x; Tensor (T t) ] -> tensor (r (scalar t x) t) | _ -> Op.bad_arity name args

(* ('a, 'b) t -> ('a, 'b) t -> (int, uint8_elt) t *)
type compare = { c : 'a 'b. ('a, 'b) Nx.t -> ('a, 'b) Nx.t -> mask }

let compare { c } name args _ =
  match args with
  | [ Tensor (T a); Tensor (T b) ] -> (
      match Op.need_same name (Nx.dtype a) (Nx.dtype b) with Dtypes.Refl -> tensor (c a b))
  | _ -> Op.bad_arity name args

(* ('a, 'b) t -> 'a -> (int, uint8_elt) t *)
type compare_s = { cs : 'a 'b. ('a, 'b) Nx.t -> 'a -> mask }

let compare_s { cs } name args _ =
  match args with [ Tensor (T t); x ] -> tensor (cs t (scalar t x)) | _ -> Op.bad_arity name args

(* ('a, 'b) t -> (int, uint8_elt) t *)
type predicate = { p : 'a 'b. ('a, 'b) Nx.t -> mask }

let predicate { p } name args _ =
  match args with [ Tensor (T t) ] -> tensor (p t) | _ -> Op.bad_arity name args

(* (float, 'a) t -> (int, uint8_elt) t *)
type float_predicate = { fp : 'b. (float, 'b) Nx.t -> mask }

let float_predicate { fp } name args _ =
  match args with
  | [ Tensor (T t) ] -> (match floating name t with F t -> tensor (fp t))
  | _ -> Op.bad_arity name args

(* ('a, 'b) t -> ('a, 'b) t -> 'a -> ('a, 'b) t: lerp_scalar_weight *)
type weighted = { w : 'a 'b. ('a, 'b) Nx.t -> ('a, 'b) Nx.t -> 'a -> ('a, 'b) Nx.t }

let weighted { w } name args _ =
  match args with
  | [ Tensor (T a); Tensor (T b); x ] -> (
      match Op.need_same name (Nx.dtype a) (Nx.dtype b) with
      | Dtypes.Refl -> tensor (w a b (scalar a x)))
  | _ -> Op.bad_arity name args

(* (int, uint8_elt) t -> ('a, 'b) t -> ('a, 'b) t -> ('a, 'b) t: where, whose condition is
   the release's mask. *)
type select = { sel : 'a 'b. mask -> ('a, 'b) Nx.t -> ('a, 'b) Nx.t -> ('a, 'b) Nx.t }

let select { sel } name args _ =
  match args with
  | [ cond; Tensor (T a); Tensor (T b) ] -> (
      let cond : mask = Op.tensor_of Release.mask_dtype (name ^ "'s condition") cond in
      match Op.need_same name (Nx.dtype a) (Nx.dtype b) with
      | Dtypes.Refl -> tensor (sel cond a b))
  | _ -> Op.bad_arity name args

(* ?min:'a -> ?max:'a -> ('a, 'b) t -> ('a, 'b) t: clamp, clip *)
type bounded = { bd : 'a 'b. ?min:'a -> ?max:'a -> ('a, 'b) Nx.t -> ('a, 'b) Nx.t }

let bounded { bd } name args kw =
  match args with
  | [ Tensor (T t) ] ->
      let min = Op.opt kw "min" (scalar t) and max = Op.opt kw "max" (scalar t) in
      tensor (bd ?min ?max t)
  | _ -> Op.bad_arity name args

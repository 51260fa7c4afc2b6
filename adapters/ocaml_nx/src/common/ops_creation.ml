(* Array Creation (nx.txt): tensors from a dtype and a shape, from a tensor's shape
   (`_like`), from data, from ranges, and from Bigarrays.

   The dtype comes first (`zeros float32 [|2; 3|]`), and fixes the element type of every
   value given with it (`full int32 [|2|] 7l`: an {int: 7}); `arange_f`, `logspace` and
   `geomspace` take a `(float, 'a) dtype` only. `of_bigarray` takes a c_layout
   Bigarray (its type says so: a fortran_layout one does not type-check). *)

open Value

(* --- From a dtype ------------------------------------------------------------------------- *)

type from_dtype = { d : 'a 'b. ('a, 'b) Nx.dtype -> Value.t list -> Op.kwargs -> Value.t }

(* f dtype ...: the first argument is the dtype. *)
let with_dtype { d } args kw =
  match args with
  | dtype :: rest ->
      let (Dtypes.D dtype) = Op.dtype dtype in
      d dtype rest kw
  | [] -> Op.bad_arity "a creation function" args

(* zeros dtype shape, ones, empty *)
type filled = { fill : 'a 'b. ('a, 'b) Nx.dtype -> int array -> ('a, 'b) Nx.t }

let filled name { fill } =
  with_dtype
    { d =
        (fun dtype args _ ->
          match args with
          | [ shape ] -> tensor (fill dtype (Op.ints shape))
          | _ -> Op.bad_arity name args)
    }

(* The `'a array` of create: every item a literal of the element type. *)
let data dtype v =
  let tagged tag l = Array.of_list (List.map (fun j -> Plain (`Assoc [ (tag, j) ])) l) in
  let items =
    match v with
    | Ints a -> Array.map Value.int a
    | Plain (`Assoc [ ("ints", `List l) ]) -> tagged "int" l
    | Plain (`Assoc [ ("floats", `List l) ]) -> tagged "float" l
    | List items -> items
    | v -> Wire.ill_typed "create takes an array of elements, got %s" (Op.describe v)
  in
  Array.map (Op.scalar dtype) items

let create =
  with_dtype
    { d =
        (fun dtype args _ ->
          match args with
          | [ shape; elements ] -> tensor (Nx.create dtype (Op.ints shape) (data dtype elements))
          | _ -> Op.bad_arity "create" args)
    }

let full =
  with_dtype
    { d =
        (fun dtype args _ ->
          match args with
          | [ shape; x ] -> tensor (Nx.full dtype (Op.ints shape) (Op.scalar dtype x))
          | _ -> Op.bad_arity "full" args)
    }

let scalar =
  with_dtype
    { d =
        (fun dtype args _ ->
          match args with
          | [ x ] -> tensor (Nx.scalar dtype (Op.scalar dtype x))
          | _ -> Op.bad_arity "scalar" args)
    }

let init =
  with_dtype
    { d =
        (fun dtype args _ ->
          match args with
          | [ shape; f ] ->
              let { Functions.at } = Functions.index f in
              tensor (Nx.init dtype (Op.ints shape) (at dtype))
          | _ -> Op.bad_arity "init" args)
    }

(* eye ?m ?k dtype n *)
let eye =
  with_dtype
    { d =
        (fun dtype args kw ->
          match args with
          | [ n ] ->
              let m = Op.opt kw "m" Op.int and k = Op.opt kw "k" Op.int in
              tensor (Nx.eye ?m ?k dtype (Op.int n))
          | _ -> Op.bad_arity "eye" args)
    }

let identity =
  with_dtype
    { d =
        (fun dtype args _ ->
          match args with
          | [ n ] -> tensor (Nx.identity dtype (Op.int n))
          | _ -> Op.bad_arity "identity" args)
    }

(* arange dtype start stop step *)
let arange =
  with_dtype
    { d =
        (fun dtype args _ ->
          match args with
          | [ start; stop; step ] ->
              tensor (Nx.arange dtype (Op.int start) (Op.int stop) (Op.int step))
          | _ -> Op.bad_arity "arange" args)
    }

(* linspace dtype ?endpoint start stop count *)
let linspace =
  with_dtype
    { d =
        (fun dtype args kw ->
          match args with
          | [ start; stop; count ] ->
              tensor
                (Nx.linspace dtype ?endpoint:(Op.opt kw "endpoint" Op.bool) (Op.float start)
                   (Op.float stop) (Op.int count))
          | _ -> Op.bad_arity "linspace" args)
    }

(* --- From a float dtype ------------------------------------------------------------------- *)

type from_float_dtype = {
  fd : 'a. (float, 'a) Nx.dtype -> Value.t list -> Op.kwargs -> Value.t;
}

let with_float_dtype name { fd } =
  with_dtype
    { d =
        (fun (type a b) (dtype : (a, b) Nx.dtype) args kw ->
          match Dtypes.family dtype with
          | Floating -> fd dtype args kw
          | _ -> Wire.ill_typed "%s takes a (float, 'a) dtype, not %s" name (Dtypes.name dtype))
    }

(* arange_f dtype start stop step *)
let arange_f =
  with_float_dtype "arange_f"
    { fd =
        (fun dtype args _ ->
          match args with
          | [ start; stop; step ] ->
              tensor (Nx.arange_f dtype (Op.float start) (Op.float stop) (Op.float step))
          | _ -> Op.bad_arity "arange_f" args)
    }

(* logspace dtype ?endpoint ?base start_exp stop_exp count *)
let logspace =
  with_float_dtype "logspace"
    { fd =
        (fun dtype args kw ->
          match args with
          | [ start; stop; count ] ->
              tensor
                (Nx.logspace dtype ?endpoint:(Op.opt kw "endpoint" Op.bool)
                   ?base:(Op.opt kw "base" Op.float) (Op.float start) (Op.float stop)
                   (Op.int count))
          | _ -> Op.bad_arity "logspace" args)
    }

(* geomspace dtype ?endpoint start stop count *)
let geomspace =
  with_float_dtype "geomspace"
    { fd =
        (fun dtype args kw ->
          match args with
          | [ start; stop; count ] ->
              tensor
                (Nx.geomspace dtype ?endpoint:(Op.opt kw "endpoint" Op.bool) (Op.float start)
                   (Op.float stop) (Op.int count))
          | _ -> Op.bad_arity "geomspace" args)
    }

(* --- From a tensor ------------------------------------------------------------------------ *)

type like = { l : 'a 'b. ('a, 'b) Nx.t -> ('a, 'b) Nx.t }

(* zeros_like t, ones_like, empty_like *)
let like name { l } args _ =
  match args with [ Tensor (T t) ] -> tensor (l t) | _ -> Op.bad_arity name args

type like_value = { lv : 'a 'b. ('a, 'b) Nx.t -> 'a -> ('a, 'b) Nx.t }

(* full_like t x, scalar_like t x *)
let like_value name { lv } args _ =
  match args with
  | [ Tensor (T t); x ] -> tensor (lv t (Op.scalar (Nx.dtype t) x))
  | _ -> Op.bad_arity name args

type diagonal = { dg : 'a 'b. ?k:int -> ('a, 'b) Nx.t -> ('a, 'b) Nx.t }

(* diag ?k t, tril ?k t, triu ?k t *)
let diagonal name { dg } args kw =
  match args with
  | [ Tensor (T t) ] -> tensor (dg ?k:(Op.opt kw "k" Op.int) t)
  | _ -> Op.bad_arity name args

(* meshgrid ?indexing x y *)
let meshgrid args kw =
  let indexing v =
    match Op.variant v with
    | "xy", None -> `xy
    | "ij", None -> `ij
    | name, _ -> Wire.ill_typed "meshgrid's ~indexing is `xy or `ij, not `%s" name
  in
  match args with
  | [ Tensor (T x); Tensor (T y) ] -> (
      match Op.need_same "meshgrid" (Nx.dtype x) (Nx.dtype y) with
      | Dtypes.Refl ->
          let gx, gy = Nx.meshgrid ?indexing:(Op.opt kw "indexing" indexing) x y in
          Tuple [ tensor gx; tensor gy ])
  | _ -> Op.bad_arity "meshgrid" args

(* --- From a Bigarray ------------------------------------------------------------------------ *)

type from_bigarray = {
  ob : 'a 'b. ('a, 'b, Bigarray.c_layout) Bigarray.Genarray.t -> ('a, 'b) Nx.t;
}

(* of_bigarray ba, of_bigarray_ext ba: ba : ('a, 'b, c_layout) Genarray.t. *)
let of_bigarray name { ob } args _ =
  match args with
  | [ ba ] -> (
      let (G ba) = Ops_genarray.genarray ba in
      match Bigarray.Genarray.layout ba with
      | C_layout -> tensor (ob ba)
      | Fortran_layout ->
          Wire.ill_typed "%s takes a c_layout Bigarray, not a fortran_layout one" name)
  | _ -> Op.bad_arity name args

let ops : (string * Op.t) list =
  [ ("create", create); ("init", init); ("empty", filled "empty" { fill = Nx.empty });
    ("full", full); ("ones", filled "ones" { fill = Nx.ones });
    ("zeros", filled "zeros" { fill = Nx.zeros }); ("scalar", scalar);
    ("empty_like", like "empty_like" { l = Nx.empty_like });
    ("full_like", like_value "full_like" { lv = Nx.full_like });
    ("ones_like", like "ones_like" { l = Nx.ones_like });
    ("zeros_like", like "zeros_like" { l = Nx.zeros_like });
    ("scalar_like", like_value "scalar_like" { lv = Nx.scalar_like }); ("eye", eye);
    ("identity", identity); ("diag", diagonal "diag" { dg = Nx.diag }); ("arange", arange);
    ("arange_f", arange_f); ("linspace", linspace); ("logspace", logspace);
    ("geomspace", geomspace); ("meshgrid", meshgrid);
    ("tril", diagonal "tril" { dg = Nx.tril }); ("triu", diagonal "triu" { dg = Nx.triu });
    ("of_bigarray", of_bigarray "of_bigarray" { ob = Nx.of_bigarray });
    ("of_bigarray_ext", of_bigarray "of_bigarray_ext" { ob = Nx.of_bigarray_ext }) ]

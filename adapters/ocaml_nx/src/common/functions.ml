(* The named functions a case passes as {fn: name} (spec/FORMAT.md, "Values";
   adapters/functions.py), written in OCaml.

   Each name stands for one OCaml text, and that text's type decides where it fits:
   `float_double` is `fun x -> x *. 2.`, a float -> float, so `map_item float_double t`
   type-checks only for a float tensor; `index_sum` is `fun idx -> idx.(0) + idx.(1)`
   written in the tensor's element type (`Int32.of_int ...` for int32, `float_of_int ...`
   for the floats). A function used where its type does not fit (a float function on an
   int tensor, a printer as a map) is refused as ill-typed, like the program it stands
   for. The ops that take functions (init, map_item, iter, fold, format_to_string, ...)
   ask for the shape they need: `index`, `element`, `element_effect`, `element_fold`,
   `tensor_map`, `tensor_effect`, `tensor_fold`, `with_printer`. *)

open Wire
open Value

(* --- Literals in an element type ----------------------------------------------------------- *)

(* The integer literal n written in the element type: 1. for floats, 1l / 1L / 1n for
   int32 / int64 / nativeint, {re = 1.; im = 0.} for complex; bool's literals are false
   and true, so only 0 and 1 have one. *)
let of_int : type a b. (a, b) Nx.dtype -> int -> a =
 fun dtype n ->
  match Dtypes.element dtype with
  | Float _ -> float_of_int n
  | Complex _ -> { Complex.re = float_of_int n; im = 0. }
  | Small_int _ -> n
  | Int32 -> Int32.of_int n
  | Int64 -> Int64.of_int n
  | Nativeint -> Nativeint.of_int n
  | Bool -> (
      match n with
      | 0 -> false
      | 1 -> true
      | _ -> ill_typed "bool has no literal %d" n)

(* The dtypes whose elements are OCaml ints (for int -> int functions). *)
let int_elements : type a b. (a, b) Nx.dtype -> (a, int) Dtypes.eq option =
 fun dtype -> match Dtypes.element dtype with Small_int _ -> Some Refl | _ -> None

let misfit name text dtype =
  ill_typed "%s is %s; a %s tensor's elements do not have that type" name text
    (Dtypes.name dtype)

(* --- The functions, by the shape of their type ----------------------------------------------- *)

(* int array -> 'a, in the element type of the tensor being made. *)
type index = { at : 'a 'b. ('a, 'b) Nx.dtype -> int array -> 'a }

(* 'a -> 'a on the elements of a dtype (refused where the text's type does not fit). *)
type element = { on : 'a 'b. ('a, 'b) Nx.dtype -> 'a -> 'a }

(* 'a -> unit on the elements of a dtype. *)
type element_effect = { act : 'a 'b. ('a, 'b) Nx.dtype -> 'a -> unit }

type tensor_map = { map : 'a 'b. ('a, 'b) Nx.t -> ('a, 'b) Nx.t }
type tensor_effect = { run : 'a 'b. ('a, 'b) Nx.t -> unit }
type tensor_fold = { fold : 'a 'b. ('a, 'b) Nx.t -> ('a, 'b) Nx.t -> ('a, 'b) Nx.t }

(* A printer `Format.formatter -> 'a -> unit` with the value it prints, handed to `use`. *)
type 'r printer_use = { use : 'a. (Format.formatter -> 'a -> unit) -> 'a -> 'r }
type printer = { print : 'r. Value.t -> 'r printer_use -> 'r }

type fn =
  | Index of index
  | Element of element
  | Element_effect of element_effect
  | Element_fold of (float -> float -> float)  (** float -> float -> float *)
  | Tensor_map of tensor_map
  | Tensor_effect of tensor_effect
  | Tensor_fold of tensor_fold
  | Printer of printer

let float_function name text (f : float -> float) =
  let on : type a b. (a, b) Nx.dtype -> a -> a =
   fun dtype -> match Dtypes.family dtype with Floating -> f | _ -> misfit name text dtype
  in
  Element { on }

let index_sum (type a b) (dtype : (a, b) Nx.dtype) idx : a =
  match Dtypes.element dtype with
  | Bool -> misfit "index_sum" "an int sum (bool has no +)" dtype
  | _ -> of_int dtype (idx.(0) + idx.(1))

let identity_indicator dtype idx =
  of_int dtype (if Array.for_all (( = ) idx.(0)) idx then 1 else 0)

let int_double (type a b) (dtype : (a, b) Nx.dtype) : a -> a =
  match int_elements dtype with
  | Some Refl -> fun x -> x * 2
  | None -> misfit "int_double" "int -> int" dtype

let float_print_g (type a b) (dtype : (a, b) Nx.dtype) : a -> unit =
  match Dtypes.family dtype with
  | Floating -> Printf.printf "%g;"
  | _ -> misfit "float_print_g" "float -> unit" dtype

let tensor_argument name = function
  | Tensor t -> t
  | v -> ill_typed "%s prints a tensor, not %s" name (Op.describe v)

(* name, the OCaml text it stands for, the function. *)
let table : (string * string * fn) list =
  [ ("index_sum", "fun idx -> idx.(0) + idx.(1)", Index { at = index_sum });
    ( "identity_indicator", "fun idx -> if all indices are equal then 1 else 0",
      Index { at = identity_indicator } );
    ( "float_double", "fun x -> x *. 2.",
      float_function "float_double" "float -> float" (fun x -> x *. 2.) );
    ("int_double", "fun x -> x * 2", Element { on = int_double });
    ("float_print_g", "fun x -> Printf.printf \"%g;\" x", Element_effect { act = float_print_g });
    ("float_add", "fun acc x -> acc +. x", Element_fold (fun acc x -> acc +. x));
    ( "float_digits", "fun acc x -> acc *. 10. +. x",
      Element_fold (fun acc x -> (acc *. 10.) +. x) );
    ( "tensor_mul_s_2", "fun t -> mul_s t 2",
      Tensor_map { map = (fun t -> Nx.mul_s t (of_int (Nx.dtype t) 2)) } );
    ( "tensor_add_s_1", "fun t -> add_s t 1",
      Tensor_map { map = (fun t -> Nx.add_s t (of_int (Nx.dtype t) 1)) } );
    ("tensor_print_data", "fun t -> print_data t", Tensor_effect { run = Nx.print_data });
    ("tensor_add", "fun acc t -> add acc t", Tensor_fold { fold = Nx.add });
    ("tensor_mul", "fun acc t -> mul acc t", Tensor_fold { fold = Nx.mul });
    ("tensor_maximum", "fun acc t -> maximum acc t", Tensor_fold { fold = Nx.maximum });
    ( "nx_pp_data", "Nx.pp_data",
      Printer
        { print = (fun v u -> let (T t) = tensor_argument "nx_pp_data" v in u.use Nx.pp_data t) } );
    ( "nx_pp", "Nx.pp",
      Printer { print = (fun v u -> let (T t) = tensor_argument "nx_pp" v in u.use Nx.pp t) } );
    ("nx_pp_shape", "Nx.pp_shape", Printer { print = (fun v u -> u.use Nx.pp_shape (Op.ints v)) });
    ( "nx_pp_dtype", "Nx.pp_dtype",
      Printer
        { print =
            (fun v u ->
              let (Dtypes.D dtype) = Op.dtype v in
              u.use Nx.pp_dtype dtype)
        } ) ]

(* --- Decoding a {fn: name} argument as the shape an op needs --------------------------------- *)

let find v =
  match v with
  | Plain (`Assoc [ ("fn", `String name) ]) -> (
      match List.find_opt (fun (n, _, _) -> n = name) table with
      | Some (_, text, fn) -> (name, text, fn)
      | None -> unsupported "no named function %s in the driver" name)
  | v -> ill_typed "expected a named function, got %s" (Op.describe v)

let wrong_shape name text wanted = ill_typed "%s (%s) is not %s" name text wanted

let index v =
  match find v with _, _, Index f -> f | name, text, _ -> wrong_shape name text "int array -> 'a"

let element v =
  match find v with _, _, Element f -> f | name, text, _ -> wrong_shape name text "'a -> 'a"

(* 'a -> unit: an effect, or a map whose result is ignored (the cases' OCaml text for
   iter_item with float_double is `iter_item (fun x -> ignore (x *. 2.)) t`). *)
let element_effect v =
  match find v with
  | _, _, Element_effect f -> f
  | _, _, Element { on } -> { act = (fun dtype x -> ignore (on dtype x)) }
  | name, text, _ -> wrong_shape name text "'a -> unit"

let element_fold v =
  match find v with
  | _, _, Element_fold f -> f
  | name, text, _ -> wrong_shape name text "'a -> 'b -> 'a"

let tensor_map v =
  match find v with
  | _, _, Tensor_map f -> f
  | name, text, _ -> wrong_shape name text "('a, 'b) t -> ('a, 'b) t"

(* ('a, 'b) t -> unit: an effect, or a tensor map whose result is ignored (`iter (fun t ->
   ignore (add_s t 1)) t`, as the cases write it). *)
let tensor_effect v =
  match find v with
  | _, _, Tensor_effect f -> f
  | _, _, Tensor_map { map } -> { run = (fun t -> ignore (map t)) }
  | name, text, _ -> wrong_shape name text "('a, 'b) t -> unit"

let tensor_fold v =
  match find v with
  | _, _, Tensor_fold f -> f
  | name, text, _ -> wrong_shape name text "'a -> ('b, 'c) t -> 'a"

(* Apply `use` to the printer named by `v` and the value `x` it prints. *)
let with_printer v x use =
  match find v with
  | _, _, Printer { print } -> print x use
  | name, text, _ -> wrong_shape name text "Format.formatter -> 'a -> unit"

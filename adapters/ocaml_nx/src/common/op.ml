(* What an operation of the dispatch table is, and the one place arguments are decoded.

   An op takes the positional arguments in the documented order and the labelled ones
   by their documented label (spec/FORMAT.md: kwargs, required labels included) and
   returns a value. A label the op does not take, a missing required label, or an
   argument of a type OCaml would not accept is refused as ill-typed: the program the
   case describes does not compile, so there is nothing to observe. *)

open Wire
open Value

type kwargs = { given : (string * Value.t) list; mutable taken : string list }
type t = Value.t list -> kwargs -> Value.t

let kwargs given = { given; taken = [] }

(* The labels given that the op did not take (checked after the call). *)
let untaken kw = List.filter (fun (label, _) -> not (List.mem label kw.taken)) kw.given

(* A value as a message shows it. An argument the driver cannot read is said to be so: a
   failed read while refusing a call is not the op's raise. *)
let describe v =
  match Value.to_json v with
  | j -> clip (Yojson.Safe.to_string j)
  | exception (Unsupported _ | Ill_typed _) -> "a value the driver cannot write"
  | exception e -> "a value the driver cannot read (" ^ Printexc.to_string e ^ ")"

(* --- Positional values ------------------------------------------------------------------- *)

let tagged tag = function Plain (`Assoc [ (t, body) ]) when t = tag -> Some body | _ -> None

let expect what tag decode v =
  match tagged tag v with
  | Some body -> decode body
  | None -> ill_typed "expected %s, got %s" what (describe v)

let int = expect "an int" "int" int_of_json
let float = expect "a float" "float" float_of_json
let complex = expect "a complex" "complex" complex_of_json
let string = expect "a string" "string" (function `String s -> s | j -> malformed "a string" j)
let bool = expect "a bool" "bool" (function `Bool b -> b | j -> malformed "a bool" j)

(* An `int array` or `int list`: `ints`, or a `list` of ints; `ints` kept as written (a
   variant's payload, integers beyond OCaml's int) are decoded here. *)
let ints = function
  | Ints a -> a
  | List items -> Array.map int items
  | Plain (`Assoc [ ("ints", `List items) ]) ->
      let item = function
        | `Int i -> i
        | j -> ill_typed "%s is not an OCaml int" (clip (Yojson.Safe.to_string j))
      in
      Array.of_list (List.map item items)
  | v -> ill_typed "expected ints, got %s" (describe v)

let int_list v = Array.to_list (ints v)

let floats =
  expect "floats" "floats" (fun j ->
      Array.of_list (List.map float_of_json (list_of_json "floats" j)))

let pairs =
  expect "pairs" "pairs" (fun j ->
      Array.of_list
        (List.map
           (function `List [ a; b ] -> (int_of_json a, int_of_json b) | p -> malformed "a pair" p)
           (list_of_json "pairs" j)))

let dtype =
  expect "a dtype" "dtype" (function `String s -> Dtypes.of_name s | j -> malformed "a dtype" j)

(* A constructor or polymorphic variant: its name and payload ({variant: P, payload: v}). *)
let variant = function
  | Plain (`Assoc fields) when List.mem_assoc "variant" fields -> (
      match List.assoc "variant" fields with
      | `String name -> (name, Option.map (fun p -> Plain p) (List.assoc_opt "payload" fields))
      | j -> malformed "a variant name" j)
  | v -> ill_typed "expected a variant, got %s" (describe v)

let option decode = function
  | Option o -> Option.map decode o
  | v -> ill_typed "expected an option, got %s" (describe v)

let list decode = function
  | List items -> Array.to_list (Array.map decode items)
  | Ints a -> Array.to_list (Array.map (fun i -> decode (Value.int i)) a)
  | v -> ill_typed "expected a list, got %s" (describe v)

let tuple2 decode1 decode2 = function
  | Tuple [ a; b ] -> (decode1 a, decode2 b)
  | v -> ill_typed "expected a pair, got %s" (describe v)

(* A tensor list's elements: OCaml lists are homogeneous, so all of one dtype. *)
type tensors = Ts : ('a, 'b) Nx.dtype * ('a, 'b) Nx.t list -> tensors

let tensor_list op v =
  let wrong v = ill_typed "%s takes a list of tensors, got %s" op (describe v) in
  let rec same : type a b. (a, b) Nx.dtype -> Value.t list -> (a, b) Nx.t list =
   fun dtype -> function
    | [] -> []
    | Tensor (T t) :: rest -> (
        match Dtypes.same dtype (Nx.dtype t) with
        | Some Dtypes.Refl -> t :: same dtype rest
        | None ->
            ill_typed "%s takes tensors of one dtype (%s and %s given)" op (Dtypes.name dtype)
              (Dtypes.name (Nx.dtype t)))
    | v :: _ -> wrong v
  in
  match list Fun.id v with
  (* The element type of [] is whatever the context makes it, and Nx cannot observe it
     (no element carries a dtype): every instance is the same call. *)
  | [] -> Ts (Nx.float32, [])
  | Tensor (T first) :: rest -> Ts (Nx.dtype first, first :: same (Nx.dtype first) rest)
  | v :: _ -> wrong v

(* A tensor whose type the signature fixes: `(int32, int32_elt) t` indices, an
   `(int, uint8_elt) t` mask. *)
let tensor_of : type a b. (a, b) Nx.dtype -> string -> Value.t -> (a, b) Nx.t =
 fun dtype what v ->
  match v with
  | Tensor (T t) -> (
      match Dtypes.same dtype (Nx.dtype t) with
      | Some Dtypes.Refl -> t
      | None ->
          ill_typed "%s is a %s tensor, not %s" what (Dtypes.name dtype) (Dtypes.name (Nx.dtype t)))
  | v -> ill_typed "%s is a %s tensor, got %s" what (Dtypes.name dtype) (describe v)

(* A scalar of the element type ('a): {float: ...} for floats, {int: ...} for the integer
   kinds, ... (Dtypes.scalar_of_json). *)
let scalar dtype v = Dtypes.scalar_of_json dtype (Value.to_json v)

(* --- Labelled values ---------------------------------------------------------------------- *)

let take kw label =
  kw.taken <- label :: kw.taken;
  List.assoc_opt label kw.given

(* `?label`: absent, or given (`{option: null}` stands for passing None explicitly). *)
let opt kw label decode =
  match take kw label with
  | None | Some (Option None) -> None
  | Some (Option (Some v)) -> Some (decode v)
  | Some v -> Some (decode v)

(* `~label`: required. *)
let req kw label decode =
  match take kw label with
  | Some v -> decode v
  | None -> ill_typed "the required label ~%s is missing" label

(* --- Shapes of calls ---------------------------------------------------------------------- *)

let bad_arity op args =
  ill_typed "%s does not take these %d argument(s): %s" op (List.length args)
    (String.concat ", " (List.map describe args))

let need_same op a b =
  match Dtypes.same a b with
  | Some eq -> eq
  | None ->
      ill_typed "%s takes tensors of one dtype (%s and %s given): OCaml refuses the call" op
        (Dtypes.name a) (Dtypes.name b)

let need_float op dtype =
  ill_typed "%s takes a float tensor ((float, 'b) t), not %s" op (Dtypes.name dtype)

(* Ops of one, two or three positional arguments and no labels, by arity. *)
let one name f : t = fun args _ -> match args with [ a ] -> f a | _ -> bad_arity name args
let two name f : t = fun args _ -> match args with [ a; b ] -> f a b | _ -> bad_arity name args

let three name f : t =
 fun args _ -> match args with [ a; b; c ] -> f a b c | _ -> bad_arity name args

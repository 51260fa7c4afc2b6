(* The Bigarray.Genarray functions that the Bigarray interop cases call in `call`
   arguments and pipeline steps (a write through the Bigarray read through the tensor, a
   sub-array as input): create, get, set, fill (genarrays.ml: through the release's
   accessors that know Nx's extended kinds), sub_left. A helper namespace: the driver does
   not announce it.

   Bigarrays are live values ({genarray: ...} is made into a Bigarray when the argument is
   built), with their identity and the byte range of their elements for same_as_arg and
   aliases_arg: Nx's interop shares storage between tensors and Bigarrays. *)

open Value

type Value.ext += Genarray of Genarrays.t

let () =
  Value.register_json (function Genarray g -> Some (Genarrays.to_json g) | _ -> None);
  Value.register_reader "genarray" (fun body -> Ext (Genarray (Genarrays.of_json body)));
  Value.register_storage (function
    | Genarray (G a as g) ->
        let first, last = Genarrays.range g in
        Some { obj = Obj.repr a; first; last }
    | _ -> None)

let value ga = Ext (Genarray (G ga))

(* A Bigarray argument: a live `genarray` value. *)
let genarray = function
  | Ext (Genarray g) -> g
  | v -> Wire.ill_typed "expected a Bigarray, got %s" (Op.describe v)

(* A kind or a layout, given as a constant ({variant: int32}, {variant: c_layout}). *)
let constant v =
  match Op.variant v with
  | name, None -> name
  | name, Some _ -> Wire.ill_typed "the constant %s takes no argument" name

(* create kind layout dims *)
let create args _ =
  match args with
  | [ kind; layout; dims ] ->
      Ext (Genarray (Genarrays.create (constant kind) (constant layout) (Op.ints dims)))
  | _ -> Op.bad_arity "create" args

(* get a index : 'a *)
let get args _ =
  match args with
  | [ a; index ] -> Plain (Genarrays.get (genarray a) (Op.ints index))
  | _ -> Op.bad_arity "get" args

(* set a index x : unit *)
let set args _ =
  match args with
  | [ a; index; x ] ->
      Genarrays.set (genarray a) (Op.ints index) (Value.to_json x);
      Value.unit
  | _ -> Op.bad_arity "set" args

(* fill a x : unit *)
let fill args _ =
  match args with
  | [ a; x ] ->
      Genarrays.fill (genarray a) (Value.to_json x);
      Value.unit
  | _ -> Op.bad_arity "fill" args

(* sub_left a offset length: c_layout only (its type fixes the layout). *)
let sub_left args _ =
  match args with
  | [ a; offset; length ] -> (
      let (G a) = genarray a in
      match Bigarray.Genarray.layout a with
      | C_layout -> value (Bigarray.Genarray.sub_left a (Op.int offset) (Op.int length))
      | Fortran_layout -> Wire.ill_typed "sub_left takes a c_layout Bigarray")
  | _ -> Op.bad_arity "sub_left" args

let ops : (string * Op.t) list =
  [ ("create", create); ("get", get); ("set", set); ("fill", fill); ("sub_left", sub_left) ]

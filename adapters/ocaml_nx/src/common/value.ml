(* The live values of a case, and their tagged JSON (spec/FORMAT.md, "Values").

   Tensors are real Nx tensors, kept as they are so that identity (==) and shared storage
   are observed on the objects Nx returned. Lists and int arrays are mutable OCaml arrays
   (an `int array` argument of an `_into` function is written into, and `args_after`
   shows it). Every other tagged value (int, float, dtype, variant, view, ...) stays its
   JSON, decoded by the op that takes it. *)

open Wire

type tensor = T : ('a, 'b) Nx.t -> tensor

(* Live objects of other namespaces (an Nx_core.View.t, ...): each module that adds a
   constructor registers how it is written (`register_json`). *)
type ext = ..

type t =
  | Tensor of tensor
  | Ints of int array  (** `ints`: an OCaml int array / int list *)
  | List of t array  (** `list`: an OCaml list or array of values *)
  | Tuple of t list
  | Option of t option
  | Index of index list
  | Plain of json  (** any other tagged value, as written *)
  | Ext of ext  (** a live object of another namespace *)

and index = I of int | L of int list | R of int * int | Rs of int * int * int | A | M of t | N

(* --- Tensors ----------------------------------------------------------------------------- *)

let ints_json a = `List (Array.to_list (Array.map (fun d -> `Int d) a))

let numel shape = Array.fold_left ( * ) 1 shape

let tensor_of_json body =
  let field name = member name body in
  let (Dtypes.D dtype) =
    match field "dtype" with Some (`String s) -> Dtypes.of_name s | _ -> malformed "a dtype" body
  in
  let shape =
    match field "shape" with
    | Some (`List dims) -> Array.of_list (List.map int_of_json dims)
    | _ -> malformed "a shape" body
  in
  let n = numel shape in
  let elements =
    match (field "data", field "b64") with
    | Some (`List items), _ -> Array.of_list (List.map (Dtypes.element_of_json dtype) items)
    | Some (`Assoc [ ("b64", `String s) ]), _ | _, Some (`String s) ->
        let bytes = base64_decode s in
        Array.init n (Dtypes.element_of_bytes dtype bytes)
    | _ -> malformed "tensor data or b64" body
  in
  if Array.length elements <> n then malformed "numel data entries" body;
  T (Nx.create dtype shape elements)

(* Row-major elements through the documented conversion, `Nx.to_array` (always a copy). *)
let json_of_tensor (T t) =
  let dtype = Nx.dtype t in
  let data = Array.to_list (Array.map (Dtypes.json_of_element dtype) (Nx.to_array t)) in
  `Assoc
    [ ( "tensor",
        `Assoc
          [ ("dtype", `String (Dtypes.name dtype)); ("shape", ints_json (Nx.shape t));
            ("data", `List data) ] ) ]

(* --- Every value --------------------------------------------------------------------------- *)

let ext_writers : (ext -> json option) list ref = ref []
let register_json writer = ext_writers := writer :: !ext_writers

(* A live object written in a case under a tag of its own ({genarray: ...}) is made when
   the argument is built, so that `ref`s and handles name the very object: each module
   that adds one registers how it is read. *)
let readers : (string * (json -> t)) list ref = ref []
let register_reader tag read = readers := (tag, read) :: !readers
let reader tag = List.assoc_opt tag !readers

let ext_to_json e =
  match List.find_map (fun write -> write e) !ext_writers with
  | Some j -> j
  | None -> unsupported "a live value the driver cannot write"

let rec to_json = function
  | Tensor t -> json_of_tensor t
  | Ints a -> `Assoc [ ("ints", ints_json a) ]
  | List items -> `Assoc [ ("list", `List (Array.to_list (Array.map to_json items))) ]
  | Tuple items -> `Assoc [ ("tuple", `List (List.map to_json items)) ]
  | Option None -> `Assoc [ ("option", `Null) ]
  | Option (Some v) -> `Assoc [ ("option", to_json v) ]
  | Index specs -> `Assoc [ ("index", `List (List.map index_to_json specs)) ]
  | Plain j -> j
  | Ext e -> ext_to_json e

and index_to_json = function
  | I i -> `Assoc [ ("I", `Int i) ]
  | L l -> `Assoc [ ("L", `List (List.map (fun i -> `Int i) l)) ]
  | R (a, b) -> `Assoc [ ("R", `List [ `Int a; `Int b ]) ]
  | Rs (a, b, c) -> `Assoc [ ("Rs", `List [ `Int a; `Int b; `Int c ]) ]
  | A -> `String "A"
  | N -> `String "N"
  | M v -> `Assoc [ ("M", to_json v) ]

(* --- Results ------------------------------------------------------------------------------- *)

let tensor t = Tensor (T t)
let int n = Plain (`Assoc [ ("int", `Int n) ])
let float x = Plain (`Assoc [ ("float", json_of_float x) ])
let bool b = Plain (`Assoc [ ("bool", `Bool b) ])
let string s = Plain (`Assoc [ ("string", `String s) ])
let unit = Plain (`Assoc [ ("unit", `Null) ])
let ints a = Plain (`Assoc [ ("ints", ints_json a) ])
let dtype d = Plain (`Assoc [ ("dtype", `String (Dtypes.name d)) ])
let scalar dtype x = Plain (Dtypes.json_of_scalar dtype x)
let tensors l = List (Array.of_list (List.map tensor l))

(* --- Identity and storage ------------------------------------------------------------------ *)

(* A live object that owns storage (a tensor, a Bigarray, ...): the object itself, for
   identity, and the byte range of its elements. Modules that add such an `ext` register
   how to find them (`register_storage`). *)
type storage = { obj : Obj.t; first : nativeint; last : nativeint }

let ext_storages : (ext -> storage option) list ref = ref []
let register_storage find = ext_storages := find :: !ext_storages

let storage = function
  | Tensor (T t) ->
      let first, last = Buffer_range.of_tensor t in
      Some { obj = Obj.repr t; first; last }
  | Ext e -> List.find_map (fun find -> find e) !ext_storages
  | _ -> None

(* Physically the same tensor or live object (OCaml's ==). *)
let same_object a b =
  match (storage a, storage b) with Some x, Some y -> x.obj == y.obj | _ -> false

(* Two values share storage when the byte ranges of their elements overlap
   (buffer_range.ml for a tensor's buffer): a view lies in its parent's buffer, a copy has
   its own. Empty buffers share nothing. *)
let shares_storage a b =
  match (storage a, storage b) with
  | Some x, Some y ->
      x.first < x.last && y.first < y.last && x.first < y.last && y.first < x.last
  | _ -> false

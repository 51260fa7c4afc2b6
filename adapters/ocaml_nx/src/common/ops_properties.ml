(* Array Properties (nx.txt): what a tensor is, read without changing it.

   Every function takes the tensor last: `shape t`, `dim i t`, `stride i t`. `data t` is
   the underlying buffer (a 1-D Bigarray, shared: a live `genarray`); `to_bigarray` and
   `to_bigarray_ext` give a Bigarray of the tensor's shape; `to_array` an OCaml array of
   the element type (floats, ints, or a list of bools / complex numbers on the wire). *)

open Value

(* An OCaml array of elements: `floats` or `ints` where its type has such a literal,
   otherwise a list of tagged scalars. *)
let elements dtype (a : 'a array) =
  let items = Array.to_list (Array.map (Dtypes.json_of_element dtype) a) in
  match Dtypes.scalar_tag dtype with
  | "float" -> Plain (`Assoc [ ("floats", `List items) ])
  | "int" -> Plain (`Assoc [ ("ints", `List items) ])
  | _ -> List (Array.map (Value.scalar dtype) a)

type query = { q : 'a 'b. ('a, 'b) Nx.t -> Value.t }

(* f t *)
let of_tensor name { q } args _ =
  match args with [ Tensor (T t) ] -> q t | _ -> Op.bad_arity name args

type axis_query = { a : 'a 'b. int -> ('a, 'b) Nx.t -> int }

(* f i t *)
let of_axis name { a } args _ =
  match args with [ i; Tensor (T t) ] -> int (a (Op.int i) t) | _ -> Op.bad_arity name args

let genarray = Ops_genarray.value
let buffer array1 = genarray (Bigarray.genarray_of_array1 array1)

let ops : (string * Op.t) list =
  [ ("data", of_tensor "data" { q = (fun t -> buffer (Buffer_range.data t)) });
    ("shape", of_tensor "shape" { q = (fun t -> ints (Nx.shape t)) });
    ("dims", of_tensor "dims" { q = (fun t -> ints (Nx.dims t)) });
    ("dtype", of_tensor "dtype" { q = (fun t -> dtype (Nx.dtype t)) });
    ("strides", of_tensor "strides" { q = (fun t -> ints (Nx.strides t)) });
    ("stride", of_axis "stride" { a = Nx.stride });
    ("dim", of_axis "dim" { a = Nx.dim });
    ("ndim", of_tensor "ndim" { q = (fun t -> int (Nx.ndim t)) });
    ("itemsize", of_tensor "itemsize" { q = (fun t -> int (Nx.itemsize t)) });
    ("size", of_tensor "size" { q = (fun t -> int (Nx.size t)) });
    ("numel", of_tensor "numel" { q = (fun t -> int (Nx.numel t)) });
    ("nbytes", of_tensor "nbytes" { q = (fun t -> int (Nx.nbytes t)) });
    ("offset", of_tensor "offset" { q = (fun t -> int (Nx.offset t)) });
    ("is_c_contiguous", of_tensor "is_c_contiguous" { q = (fun t -> bool (Nx.is_c_contiguous t)) });
    ("to_bigarray", of_tensor "to_bigarray" { q = (fun t -> genarray (Nx.to_bigarray t)) });
    ( "to_bigarray_ext",
      of_tensor "to_bigarray_ext" { q = (fun t -> genarray (Nx.to_bigarray_ext t)) } );
    ("to_array", of_tensor "to_array" { q = (fun t -> elements (Nx.dtype t) (Nx.to_array t)) }) ]

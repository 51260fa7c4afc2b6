(* The `shape` namespace (nx_core_shape.txt): Nx_core.Shape of Nx 1.0.0~alpha3, the release its
   documentation describes. A shape is an `int array`. The `_into` functions write into
   an `int array` argument: a case gives it as a `list` of ints, which the call receives
   as one OCaml array and whose contents after the call are written back into the list,
   so `args_after` shows what the call wrote. *)

open Value
module Shape = Nx_core.Shape

(* Run `f` on the int array a `list` (or `ints`) argument stands for, keeping its writes. *)
let into v f =
  let a = Op.ints v in
  f a;
  (match v with List items -> Array.iteri (fun i x -> items.(i) <- int x) a | _ -> ());
  unit

let formatter v =
  match Op.variant v with
  | "std_formatter", None -> Format.std_formatter
  | "err_formatter", None -> Format.err_formatter
  | _ -> Wire.ill_typed "expected a Format.formatter, got %s" (Op.describe v)

let ops : (string * Op.t) list =
  [ ("numel", Op.one "numel" (fun s -> int (Shape.numel (Op.ints s))));
    ("equal", Op.two "equal" (fun a b -> bool (Shape.equal (Op.ints a) (Op.ints b))));
    ( "c_contiguous_strides",
      Op.one "c_contiguous_strides" (fun s -> ints (Shape.c_contiguous_strides (Op.ints s))) );
    ("ravel_index", Op.two "ravel_index" (fun i s -> int (Shape.ravel_index (Op.ints i) (Op.ints s))));
    ( "unravel_index",
      Op.two "unravel_index" (fun k s -> ints (Shape.unravel_index (Op.int k) (Op.ints s))) );
    ( "unravel_index_into",
      Op.three "unravel_index_into" (fun k s dst ->
          into dst (Shape.unravel_index_into (Op.int k) (Op.ints s))) );
    ( "resolve_neg_one",
      Op.two "resolve_neg_one" (fun s spec -> ints (Shape.resolve_neg_one (Op.ints s) (Op.ints spec)))
    );
    ("broadcast", Op.two "broadcast" (fun a b -> ints (Shape.broadcast (Op.ints a) (Op.ints b))));
    ( "broadcast_index",
      Op.two "broadcast_index" (fun i s -> ints (Shape.broadcast_index (Op.ints i) (Op.ints s))) );
    ( "broadcast_index_into",
      Op.three "broadcast_index_into" (fun i s dst ->
          into dst (Shape.broadcast_index_into (Op.ints i) (Op.ints s))) );
    ( "pp",
      Op.two "pp" (fun f s ->
          Shape.pp (formatter f) (Op.ints s);
          unit) );
    ("to_string", Op.one "to_string" (fun s -> string (Shape.to_string (Op.ints s)))) ]

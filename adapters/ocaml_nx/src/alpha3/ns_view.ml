(* The `view` namespace (nx_core_view.txt): Nx_core.View of Nx 1.0.0~alpha3, the release its
   documentation describes.

   Views are live values: a view made by one call (`create`, `pad`, ...) is the very
   View.t the next call receives. A view written in a case, {view: {shape, strides,
   offset, mask}} (spec/FORMAT.md), is made by the documented constructor
   `View.create ~offset ~strides ?mask shape`; a view is written back through the
   documented accessors. *)

open Wire
open Value
module View = Nx_core.View

type Value.ext += View of View.t

let json_of_mask m = `List (Array.to_list (Array.map (fun (b, e) -> `List [ `Int b; `Int e ]) m))

let () =
  Value.register_json (function
    | View v ->
        let mask = match View.mask v with None -> `Null | Some m -> json_of_mask m in
        Some
          (`Assoc
            [ ( "view",
                `Assoc
                  [ ("shape", ints_json (View.shape v)); ("strides", ints_json (View.strides v));
                    ("offset", `Int (View.offset v)); ("mask", mask) ] ) ])
    | _ -> None)

let view_of_json body =
  let field name = match member name body with Some j -> j | None -> `Null in
  let ints j = Array.of_list (List.map int_of_json (list_of_json "ints" j)) in
  let pair = function `List [ b; e ] -> (int_of_json b, int_of_json e) | p -> malformed "a pair" p in
  let mask =
    match field "mask" with
    | `Null -> None
    | j -> Some (Array.of_list (List.map pair (list_of_json "a mask" j)))
  in
  let offset = match field "offset" with `Null -> 0 | j -> int_of_json j in
  View.create ~offset ~strides:(ints (field "strides")) ?mask (ints (field "shape"))

let view = function
  | Ext (View v) -> v
  | Plain (`Assoc [ ("view", body) ]) -> view_of_json body
  | v -> Wire.ill_typed "expected a View.t, got %s" (Op.describe v)

let result v = Ext (View v)

(* Accessors and transformations take the view first; `dim` and `stride` an axis first. *)
let on_view name f = Op.one name (fun v -> f (view v))
let on_view_and name f = Op.two name (fun v x -> f (view v) x)
let on_axis name f = Op.two name (fun axis v -> int (f (Op.int axis) (view v)))

let create args kw =
  let offset = Op.opt kw "offset" Op.int in
  let strides = Op.opt kw "strides" Op.ints in
  let mask = Op.opt kw "mask" Op.pairs in
  match args with
  | [ shape ] -> result (View.create ?offset ?strides ?mask (Op.ints shape))
  | _ -> Op.bad_arity "create" args

let mask v =
  Option (Option.map (fun m -> Plain (`Assoc [ ("pairs", json_of_mask m) ])) (View.mask v))

let ops : (string * Op.t) list =
  [ ("create", create);
    ("shape", on_view "shape" (fun v -> ints (View.shape v)));
    ("strides", on_view "strides" (fun v -> ints (View.strides v)));
    ("offset", on_view "offset" (fun v -> int (View.offset v)));
    ("ndim", on_view "ndim" (fun v -> int (View.ndim v)));
    ("numel", on_view "numel" (fun v -> int (View.numel v)));
    ("mask", on_view "mask" mask);
    ("is_c_contiguous", on_view "is_c_contiguous" (fun v -> bool (View.is_c_contiguous v)));
    ("strides_opt", on_view "strides_opt" (fun v -> Option (Option.map ints (View.strides_opt v))));
    ("can_get_strides", on_view "can_get_strides" (fun v -> bool (View.can_get_strides v)));
    ("is_materializable", on_view "is_materializable" (fun v -> bool (View.is_materializable v)));
    ("dim", on_axis "dim" View.dim);
    ("stride", on_axis "stride" View.stride);
    ("linear_index", on_view_and "linear_index" (fun v i -> int (View.linear_index v (Op.ints i))));
    ("is_valid", on_view_and "is_valid" (fun v i -> bool (View.is_valid v (Op.ints i))));
    ("reshape", on_view_and "reshape" (fun v s -> result (View.reshape v (Op.ints s))));
    ("expand", on_view_and "expand" (fun v s -> result (View.expand v (Op.ints s))));
    ("permute", on_view_and "permute" (fun v a -> result (View.permute v (Op.ints a))));
    ("shrink", on_view_and "shrink" (fun v b -> result (View.shrink v (Op.pairs b))));
    ("pad", on_view_and "pad" (fun v p -> result (View.pad v (Op.pairs p))));
    ("flip", on_view_and "flip" (fun v a -> result (View.flip v (Array.of_list (Op.list Op.bool a)))))
  ]

(* Convolution and Pooling (nx.txt). The 1-D and 2-D forms of each function differ only
   in the type of their window parameters (int, or int * int), so each family is one
   record with that type as a parameter.

   correlate1d/2d : ?groups:int -> ?stride:'k -> ?padding_mode:[ `Full | `Same | `Valid ]
                    -> ?dilation:'k -> ?fillvalue:float -> ?bias:(float, 'a) t
                    -> (float, 'a) t -> (float, 'a) t -> (float, 'a) t
   convolve1d/2d  : ?groups:int -> ?stride:'k -> ?padding_mode:[< `Full | `Same | `Valid > `Valid ]
                    -> ?dilation:'k -> ?fillvalue:'a -> ?bias:('a, 'b) t
                    -> ('a, 'b) t -> ('a, 'b) t -> ('a, 'b) t
   avg_pool1d/2d  : kernel_size:'k -> ?stride:'k -> ?dilation:'k -> ?padding_spec:[...]
                    -> ?ceil_mode:bool -> ?count_include_pad:bool -> (float, 'a) t -> (float, 'a) t
   max_pool1d/2d, min_pool1d/2d
                  : kernel_size:'k -> ?stride:'k -> ?dilation:'k -> ?padding_spec:[...]
                    -> ?ceil_mode:bool -> ?return_indices:bool -> ('a, 'b) t
                    -> ('a, 'b) t * (int32, int32_elt) t option
   max_unpool1d/2d : (int, uint8_elt) t -> ('a, 'b) t -> kernel_size:'k -> ?stride:'k
                    -> ?dilation:'k -> ?padding_spec:[...] -> ?output_size_opt:int array
                    -> unit -> (int, uint8_elt) t
   im2col : kernel_size:int array -> stride:int array -> dilation:int array
            -> padding:(int * int) array -> ('a, 'b) t -> ('a, 'b) t
   col2im : output_size:int array -> (the same labels) -> ('a, 'b) t -> ('a, 'b) t
   one_hot : num_classes:int -> ('a, 'b) t -> (int, uint8_elt) t *)

open Value

type padding = [ `Full | `Same | `Valid ]
type uint8 = (int, Nx.uint8_elt) Nx.t

(* The window parameters of the 1-D forms (int) and of the 2-D forms (int * int). *)
let d1 = Op.int
let d2 = Numeric.pair

(* --- Convolution ---------------------------------------------------------------------------- *)

type 'k correlate = {
  cor :
    'a. ?groups:int -> ?stride:'k -> ?padding_mode:padding -> ?dilation:'k -> ?fillvalue:float
    -> ?bias:(float, 'a) Nx.t -> (float, 'a) Nx.t -> (float, 'a) Nx.t -> (float, 'a) Nx.t;
}

let correlate window { cor } name args kw =
  let groups = Op.opt kw "groups" Op.int and stride = Op.opt kw "stride" window in
  let padding_mode = Op.opt kw "padding_mode" Numeric.padding in
  let dilation = Op.opt kw "dilation" window and fillvalue = Op.opt kw "fillvalue" Op.float in
  let bias = Op.opt kw "bias" Numeric.tensor_arg in
  Numeric.two name args
    { f =
        (fun x w ->
          match Numeric.floating name x with
          | F x ->
              let w = Numeric.like name x w in
              let bias = Option.map (fun (T b) -> Numeric.like name x b) bias in
              tensor (cor ?groups ?stride ?padding_mode ?dilation ?fillvalue ?bias x w)) }

type 'k convolve = {
  con :
    'a 'b. ?groups:int -> ?stride:'k -> ?padding_mode:padding -> ?dilation:'k -> ?fillvalue:'a
    -> ?bias:('a, 'b) Nx.t -> ('a, 'b) Nx.t -> ('a, 'b) Nx.t -> ('a, 'b) Nx.t;
}

let convolve window { con } name args kw =
  let groups = Op.opt kw "groups" Op.int and stride = Op.opt kw "stride" window in
  let padding_mode = Op.opt kw "padding_mode" Numeric.padding in
  let dilation = Op.opt kw "dilation" window and fillvalue = Op.opt kw "fillvalue" Fun.id in
  let bias = Op.opt kw "bias" Numeric.tensor_arg in
  Numeric.two name args
    { f =
        (fun x w ->
          let fillvalue = Option.map (Numeric.scalar x) fillvalue in
          let bias = Option.map (fun (T b) -> Numeric.like name x b) bias in
          tensor (con ?groups ?stride ?padding_mode ?dilation ?fillvalue ?bias x w)) }

(* --- Pooling -------------------------------------------------------------------------------- *)

(* The labels every pool takes. *)
type 'k window = { kernel_size : 'k; stride : 'k option; dilation : 'k option; spec : padding option }

let window decode kw =
  { kernel_size = Op.req kw "kernel_size" decode; stride = Op.opt kw "stride" decode;
    dilation = Op.opt kw "dilation" decode; spec = Op.opt kw "padding_spec" Numeric.padding }

type 'k average = {
  avg :
    'a. kernel_size:'k -> ?stride:'k -> ?dilation:'k -> ?padding_spec:padding -> ?ceil_mode:bool
    -> ?count_include_pad:bool -> (float, 'a) Nx.t -> (float, 'a) Nx.t;
}

let average decode { avg } name args kw =
  let w = window decode kw and ceil_mode = Op.opt kw "ceil_mode" Op.bool in
  let count_include_pad = Op.opt kw "count_include_pad" Op.bool in
  Numeric.one name args (fun (T x) ->
      match Numeric.floating name x with
      | F x ->
          tensor
            (avg ~kernel_size:w.kernel_size ?stride:w.stride ?dilation:w.dilation
               ?padding_spec:w.spec ?ceil_mode ?count_include_pad x))

type 'k extreme = {
  ext :
    'a 'b. kernel_size:'k -> ?stride:'k -> ?dilation:'k -> ?padding_spec:padding -> ?ceil_mode:bool
    -> ?return_indices:bool -> ('a, 'b) Nx.t -> ('a, 'b) Nx.t * (int32, Nx.int32_elt) Nx.t option;
}

let extreme decode { ext } name args kw =
  let w = window decode kw and ceil_mode = Op.opt kw "ceil_mode" Op.bool in
  let return_indices = Op.opt kw "return_indices" Op.bool in
  Numeric.one name args (fun (T x) ->
      let values, indices =
        ext ~kernel_size:w.kernel_size ?stride:w.stride ?dilation:w.dilation ?padding_spec:w.spec
          ?ceil_mode ?return_indices x
      in
      Tuple [ tensor values; Option (Option.map tensor indices) ])

type 'k unpool = {
  unp :
    'a 'b. uint8 -> ('a, 'b) Nx.t -> kernel_size:'k -> ?stride:'k -> ?dilation:'k
    -> ?padding_spec:padding -> ?output_size_opt:int array -> unit -> uint8;
}

(* The first argument's documented type is (int, uint8_elt) t: a tensor of another dtype
   there does not type-check. *)
let uint8 : type a b. string -> (a, b) Nx.t -> uint8 =
 fun name t ->
  match Dtypes.same (Nx.dtype t) Nx.uint8 with
  | Some Dtypes.Refl -> t
  | None ->
      Wire.ill_typed "%s takes an (int, uint8_elt) t first argument, not %s" name
        (Dtypes.name (Nx.dtype t))

let unpool decode { unp } name args kw =
  let w = window decode kw and output_size_opt = Op.opt kw "output_size_opt" Op.ints in
  match args with
  | [ Tensor (T first); Tensor (T second); Plain (`Assoc [ ("unit", `Null) ]) ] ->
      tensor
        (unp (uint8 name first) second ~kernel_size:w.kernel_size ?stride:w.stride
           ?dilation:w.dilation ?padding_spec:w.spec ?output_size_opt ())
  | _ -> Op.bad_arity name args

(* --- Sliding blocks ----------------------------------------------------------------------------- *)

let im2col name args kw =
  let kernel_size = Op.req kw "kernel_size" Op.ints and stride = Op.req kw "stride" Op.ints in
  let dilation = Op.req kw "dilation" Op.ints and padding = Op.req kw "padding" Op.pairs in
  Numeric.one name args (fun (T x) -> tensor (Nx.im2col ~kernel_size ~stride ~dilation ~padding x))

let col2im name args kw =
  let output_size = Op.req kw "output_size" Op.ints in
  let kernel_size = Op.req kw "kernel_size" Op.ints and stride = Op.req kw "stride" Op.ints in
  let dilation = Op.req kw "dilation" Op.ints and padding = Op.req kw "padding" Op.pairs in
  Numeric.one name args (fun (T x) ->
      tensor (Nx.col2im ~output_size ~kernel_size ~stride ~dilation ~padding x))

let one_hot name args kw =
  let num_classes = Op.req kw "num_classes" Op.int in
  Numeric.one name args (fun (T x) -> tensor (Nx.one_hot ~num_classes x))

let ops =
  Numeric.table
    [ ("correlate1d", correlate d1 { cor = Nx.correlate1d });
      ("correlate2d", correlate d2 { cor = Nx.correlate2d });
      ("convolve1d", convolve d1 { con = Nx.convolve1d });
      ("convolve2d", convolve d2 { con = Nx.convolve2d });
      ("avg_pool1d", average d1 { avg = Nx.avg_pool1d });
      ("avg_pool2d", average d2 { avg = Nx.avg_pool2d });
      ("max_pool1d", extreme d1 { ext = Nx.max_pool1d });
      ("max_pool2d", extreme d2 { ext = Nx.max_pool2d });
      ("min_pool1d", extreme d1 { ext = Nx.min_pool1d });
      ("min_pool2d", extreme d2 { ext = Nx.min_pool2d });
      ("max_unpool1d", unpool d1 { unp = Nx.max_unpool1d });
      ("max_unpool2d", unpool d2 { unp = Nx.max_unpool2d }); ("im2col", im2col);
      ("col2im", col2im); ("one_hot", one_hot) ]

(* Printing and Display (nx.txt): tensors, dtypes and shapes as text, returned
   (`to_string`, `data_to_string`, ...), printed to stdout (`print`, `print_data`), or
   written to a formatter (`pp fmt t`: {variant: std_formatter} or err_formatter; the
   driver captures what reaches stdout). `format_to_string pp x` and
   `print_with_formatter pp x` take a printer, one of the named functions (nx_pp_data,
   nx_pp, nx_pp_shape, nx_pp_dtype). *)

open Value

let formatter v =
  match Op.variant v with
  | "std_formatter", None -> Format.std_formatter
  | "err_formatter", None -> Format.err_formatter
  | name, _ -> Wire.unsupported "no formatter %s in the driver" name

type shown = { s : 'a 'b. ('a, 'b) Nx.t -> Value.t }

(* f t *)
let of_tensor name { s } args _ =
  match args with [ Tensor (T t) ] -> s t | _ -> Op.bad_arity name args

type pp = { pp : 'a 'b. Format.formatter -> ('a, 'b) Nx.t -> unit }

(* pp fmt t, pp_data fmt t *)
let pp_tensor name { pp } args _ =
  match args with
  | [ fmt; Tensor (T t) ] ->
      pp (formatter fmt) t;
      unit
  | _ -> Op.bad_arity name args

let pp_dtype args _ =
  match args with
  | [ fmt; dtype ] ->
      let (Dtypes.D dtype) = Op.dtype dtype in
      Nx.pp_dtype (formatter fmt) dtype;
      unit
  | _ -> Op.bad_arity "pp_dtype" args

let pp_shape args _ =
  match args with
  | [ fmt; shape ] ->
      Nx.pp_shape (formatter fmt) (Op.ints shape);
      unit
  | _ -> Op.bad_arity "pp_shape" args

let dtype_to_string args _ =
  match args with
  | [ dtype ] ->
      let (Dtypes.D dtype) = Op.dtype dtype in
      string (Nx.dtype_to_string dtype)
  | _ -> Op.bad_arity "dtype_to_string" args

let shape_to_string args _ =
  match args with
  | [ shape ] -> string (Nx.shape_to_string (Op.ints shape))
  | _ -> Op.bad_arity "shape_to_string" args

(* format_to_string pp x *)
let format_to_string args _ =
  match args with
  | [ pp; x ] ->
      Functions.with_printer pp x { use = (fun pp x -> string (Nx.format_to_string pp x)) }
  | _ -> Op.bad_arity "format_to_string" args

(* print_with_formatter pp x *)
let print_with_formatter args _ =
  match args with
  | [ pp; x ] ->
      Functions.with_printer pp x
        { use =
            (fun pp x ->
              Nx.print_with_formatter pp x;
              unit)
        }
  | _ -> Op.bad_arity "print_with_formatter" args

let ops : (string * Op.t) list =
  [ ("pp_data", pp_tensor "pp_data" { pp = Nx.pp_data }); ("format_to_string", format_to_string);
    ("print_with_formatter", print_with_formatter);
    ("data_to_string", of_tensor "data_to_string" { s = (fun t -> string (Nx.data_to_string t)) });
    ( "print_data",
      of_tensor "print_data"
        { s =
            (fun t ->
              Nx.print_data t;
              unit)
        } );
    ("pp_dtype", pp_dtype); ("dtype_to_string", dtype_to_string);
    ("shape_to_string", shape_to_string); ("pp_shape", pp_shape);
    ("pp", pp_tensor "pp" { pp = Nx.pp });
    ( "print",
      of_tensor "print"
        { s =
            (fun t ->
              Nx.print t;
              unit)
        } );
    ("to_string", of_tensor "to_string" { s = (fun t -> string (Nx.to_string t)) }) ]

(* Fourier Transform (nx.txt).

   The transforms fix their element types: complex-to-complex ones take and give
   (Complex.t, 'a) t; the real-input ones take (float, 'a) t and give (Complex.t,
   complex64_elt) t; the real-output ones take (Complex.t, 'a) t and give (float,
   float64_elt) t. One-axis transforms take ?axis ?n ?norm, the others ?axes ?s ?norm
   (norm : fft_norm = [ `Backward | `Forward | `Ortho ]).

   fft, ifft        : ?axis:int -> ?n:int -> ?norm:fft_norm -> (Complex.t, 'a) t -> (Complex.t, 'a) t
   fft2, ifft2, fftn, ifftn
                    : ?axes:int list -> ?s:int list -> ?norm:fft_norm
                      -> (Complex.t, 'a) t -> (Complex.t, 'a) t
   rfft, ihfft      : ?axis:int -> ?n:int -> ?norm:fft_norm -> (float, 'a) t -> (Complex.t, complex64_elt) t
   irfft, hfft      : ?axis:int -> ?n:int -> ?norm:fft_norm -> (Complex.t, 'a) t -> (float, float64_elt) t
   rfft2, rfftn     : ?axes:int list -> ?s:int list -> ?norm:fft_norm
                      -> (float, 'a) t -> (Complex.t, complex64_elt) t
   irfft2, irfftn   : ?axes:int list -> ?s:int list -> ?norm:fft_norm
                      -> (Complex.t, 'a) t -> (float, float64_elt) t
   fftfreq, rfftfreq : ?d:float -> int -> (float, float64_elt) t
   fftshift, ifftshift : ?axes:int list -> ('a, 'b) t -> ('a, 'b) t *)

open Value

type complex64 = (Complex.t, Nx.complex64_elt) Nx.t
type float64 = (float, Nx.float64_elt) Nx.t

(* The labels of the one-axis transforms and of the many-axes ones. *)
let axis kw = Op.opt kw "axis" Op.int
let n kw = Op.opt kw "n" Op.int
let axes kw = Op.opt kw "axes" Op.int_list
let s kw = Op.opt kw "s" Op.int_list
let norm kw = Op.opt kw "norm" Numeric.fft_norm

let complex_input name args k = Numeric.one name args (fun (T x) -> k (Numeric.complex name x))
let float_input name args k = Numeric.one name args (fun (T x) -> k (Numeric.floating name x))

type c2c = {
  c2c : 'a. ?axis:int -> ?n:int -> ?norm:Nx.fft_norm -> (Complex.t, 'a) Nx.t -> (Complex.t, 'a) Nx.t;
}

let c2c { c2c } name args kw =
  let axis = axis kw and n = n kw and norm = norm kw in
  complex_input name args (fun (C x) -> tensor (c2c ?axis ?n ?norm x))

type c2c_n = {
  c2c_n :
    'a. ?axes:int list -> ?s:int list -> ?norm:Nx.fft_norm -> (Complex.t, 'a) Nx.t -> (Complex.t, 'a) Nx.t;
}

let c2c_n { c2c_n } name args kw =
  let axes = axes kw and s = s kw and norm = norm kw in
  complex_input name args (fun (C x) -> tensor (c2c_n ?axes ?s ?norm x))

type r2c = { r2c : 'a. ?axis:int -> ?n:int -> ?norm:Nx.fft_norm -> (float, 'a) Nx.t -> complex64 }

let r2c { r2c } name args kw =
  let axis = axis kw and n = n kw and norm = norm kw in
  float_input name args (fun (F x) -> tensor (r2c ?axis ?n ?norm x))

type r2c_n = {
  r2c_n : 'a. ?axes:int list -> ?s:int list -> ?norm:Nx.fft_norm -> (float, 'a) Nx.t -> complex64;
}

let r2c_n { r2c_n } name args kw =
  let axes = axes kw and s = s kw and norm = norm kw in
  float_input name args (fun (F x) -> tensor (r2c_n ?axes ?s ?norm x))

type c2r = { c2r : 'a. ?axis:int -> ?n:int -> ?norm:Nx.fft_norm -> (Complex.t, 'a) Nx.t -> float64 }

let c2r { c2r } name args kw =
  let axis = axis kw and n = n kw and norm = norm kw in
  complex_input name args (fun (C x) -> tensor (c2r ?axis ?n ?norm x))

type c2r_n = {
  c2r_n : 'a. ?axes:int list -> ?s:int list -> ?norm:Nx.fft_norm -> (Complex.t, 'a) Nx.t -> float64;
}

let c2r_n { c2r_n } name args kw =
  let axes = axes kw and s = s kw and norm = norm kw in
  complex_input name args (fun (C x) -> tensor (c2r_n ?axes ?s ?norm x))

let freq f name args kw =
  let d = Op.opt kw "d" Op.float in
  match args with [ n ] -> tensor (f ?d (Op.int n)) | _ -> Op.bad_arity name args

type shift = { sh : 'a 'b. ?axes:int list -> ('a, 'b) Nx.t -> ('a, 'b) Nx.t }

let shift { sh } name args kw =
  let axes = axes kw in
  Numeric.one name args (fun (T x) -> tensor (sh ?axes x))

(* The transforms are applied to their documented arguments, not passed as values: from
   Nx 1.0.0~alpha3 on, all but hfft and ihfft take an optional ?out first, which OCaml
   leaves out in an application but not in a value of a type with other labels. *)
let ops =
  Numeric.table
    [ ("fft", c2c { c2c = (fun ?axis ?n ?norm x -> Nx.fft ?axis ?n ?norm x) });
      ("ifft", c2c { c2c = (fun ?axis ?n ?norm x -> Nx.ifft ?axis ?n ?norm x) });
      ("fft2", c2c_n { c2c_n = (fun ?axes ?s ?norm x -> Nx.fft2 ?axes ?s ?norm x) });
      ("ifft2", c2c_n { c2c_n = (fun ?axes ?s ?norm x -> Nx.ifft2 ?axes ?s ?norm x) });
      ("fftn", c2c_n { c2c_n = (fun ?axes ?s ?norm x -> Nx.fftn ?axes ?s ?norm x) });
      ("ifftn", c2c_n { c2c_n = (fun ?axes ?s ?norm x -> Nx.ifftn ?axes ?s ?norm x) });
      ("rfft", r2c { r2c = (fun ?axis ?n ?norm x -> Nx.rfft ?axis ?n ?norm x) });
      ("ihfft", r2c { r2c = (fun ?axis ?n ?norm x -> Nx.ihfft ?axis ?n ?norm x) });
      ("rfft2", r2c_n { r2c_n = (fun ?axes ?s ?norm x -> Nx.rfft2 ?axes ?s ?norm x) });
      ("rfftn", r2c_n { r2c_n = (fun ?axes ?s ?norm x -> Nx.rfftn ?axes ?s ?norm x) });
      ("irfft", c2r { c2r = (fun ?axis ?n ?norm x -> Nx.irfft ?axis ?n ?norm x) });
      ("hfft", c2r { c2r = (fun ?axis ?n ?norm x -> Nx.hfft ?axis ?n ?norm x) });
      ("irfft2", c2r_n { c2r_n = (fun ?axes ?s ?norm x -> Nx.irfft2 ?axes ?s ?norm x) });
      ("irfftn", c2r_n { c2r_n = (fun ?axes ?s ?norm x -> Nx.irfftn ?axes ?s ?norm x) });
      ("fftfreq", freq Nx.fftfreq); ("rfftfreq", freq Nx.rfftfreq);
      ("fftshift", shift { sh = Nx.fftshift }); ("ifftshift", shift { sh = Nx.ifftshift }) ]

(* The wire protocol's JSON, below the values: numbers, base64, small accessors.

   adapters/protocol.md: non-finite floats travel as the strings "nan", "inf", "-inf"
   (JSON has no literal for them), negative zero as -0.0; integers beyond OCaml's 63-bit
   int (int64, nativeint) are yojson's `Intlit; tensor data may come as "b64", the
   elements' little-endian bytes. *)

type json = Yojson.Safe.t

(* The driver cannot do what the request asks (reported "unsupported", with the why). *)
exception Unsupported of string

(* OCaml refuses this program when compiling: no run-time behaviour to observe (reported
   "unsupported", saying what the type checker refuses). *)
exception Ill_typed of string

let unsupported fmt = Printf.ksprintf (fun m -> raise (Unsupported m)) fmt
let ill_typed fmt = Printf.ksprintf (fun m -> raise (Ill_typed m)) fmt
let clip s = if String.length s <= 200 then s else String.sub s 0 200 ^ "..."
let malformed what j = unsupported "expected %s, got %s" what (clip (Yojson.Safe.to_string j))
let member name = function `Assoc fields -> List.assoc_opt name fields | _ -> None

let float_of_json = function
  | `Float f -> f
  | `Int i -> float_of_int i
  | `Intlit s -> float_of_string s
  | `String "nan" -> Float.nan
  | `String "inf" -> Float.infinity
  | `String "-inf" -> Float.neg_infinity
  | `String "-0" | `String "-0.0" -> -0.0
  | j -> malformed "a float" j

let json_of_float f =
  if Float.is_nan f then `String "nan"
  else if f = Float.infinity then `String "inf"
  else if f = Float.neg_infinity then `String "-inf"
  else `Float f

let int64_of_json = function
  | `Int i -> Int64.of_int i
  | `Intlit s -> Int64.of_string s
  | j -> malformed "an integer" j

let json_of_int64 i =
  if Int64.compare i (Int64.of_int min_int) >= 0 && Int64.compare i (Int64.of_int max_int) <= 0
  then `Int (Int64.to_int i)
  else `Intlit (Int64.to_string i)

let int_of_json = function
  | `Int i -> i
  | `Intlit s -> Int64.to_int (Int64.of_string s)
  | j -> malformed "an int" j

let complex_of_json = function
  | `List [ re; im ] -> { Complex.re = float_of_json re; im = float_of_json im }
  | j -> malformed "a complex [re, im]" j

let json_of_complex (z : Complex.t) = `List [ json_of_float z.re; json_of_float z.im ]
let list_of_json what = function `List l -> l | j -> malformed what j

(* --- base64 (RFC 4648, padded) --------------------------------------------------------- *)

let alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

let base64_decode s =
  let value c =
    match c with
    | 'A' .. 'Z' -> Char.code c - 65
    | 'a' .. 'z' -> Char.code c - 71
    | '0' .. '9' -> Char.code c + 4
    | '+' -> 62
    | '/' -> 63
    | _ -> unsupported "bad base64 character %C" c
  in
  let out = Buffer.create (String.length s * 3 / 4) in
  let bits = ref 0 and count = ref 0 in
  String.iter
    (fun c ->
      if c <> '=' then begin
        bits := ((!bits lsl 6) lor value c) land 0xffffff;
        count := !count + 6;
        if !count >= 8 then begin
          count := !count - 8;
          Buffer.add_char out (Char.chr ((!bits lsr !count) land 0xff))
        end
      end)
    s;
  Buffer.to_bytes out

(* --- Narrow floats from their bits (b64 data of float16, bfloat16, float8) ------------ *)

(* A float of `exp_bits` exponent bits and `man_bits` mantissa bits (IEEE-like: bias
   2^(e-1) - 1, subnormals; `ieee_specials`: the all-ones exponent is inf / NaN). The E4M3
   of OCP FN has no infinities: only S.1111.111 is NaN. *)
let narrow_float ~exp_bits ~man_bits ~ieee_specials bits =
  let sign = if (bits lsr (exp_bits + man_bits)) land 1 = 1 then -1.0 else 1.0 in
  let e = (bits lsr man_bits) land ((1 lsl exp_bits) - 1) in
  let m = bits land ((1 lsl man_bits) - 1) in
  let bias = (1 lsl (exp_bits - 1)) - 1 in
  let all_ones = (1 lsl exp_bits) - 1 in
  if ieee_specials && e = all_ones then if m = 0 then sign *. Float.infinity else Float.nan
  else if (not ieee_specials) && e = all_ones && m = (1 lsl man_bits) - 1 then Float.nan
  else if e = 0 then sign *. Float.ldexp (float_of_int m) (1 - bias - man_bits)
  else sign *. Float.ldexp (float_of_int (m lor (1 lsl man_bits))) (e - bias - man_bits)

let float16_of_bits = narrow_float ~exp_bits:5 ~man_bits:10 ~ieee_specials:true
let bfloat16_of_bits bits = Int32.float_of_bits (Int32.shift_left (Int32.of_int bits) 16)
let float8_e4m3_of_bits = narrow_float ~exp_bits:4 ~man_bits:3 ~ieee_specials:false
let float8_e5m2_of_bits = narrow_float ~exp_bits:5 ~man_bits:2 ~ieee_specials:true

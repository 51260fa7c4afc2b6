## The `arraymancer` namespace of nx-conformance, run on the real Arraymancer.
##
## A foreign implementation for the suite's runner: it speaks the wire protocol of
## adapters/protocol.md (JSON Lines on stdin/stdout) and answers every request by calling
## Arraymancer's own shapeshifting procs (`transpose`, `asContiguous`, `reshape`,
## `broadcast`, `bc`, `broadcast2`, `permute`, `concat`, `squeeze`, `unsqueeze`,
## `stack`) on real `Tensor[T]`s. Nothing here re-implements one of their rules: shapes,
## strides, storage sharing and the exceptions raised are Arraymancer's.
##
## The protocol, in short (adapters/protocol.md has it whole):
## - first line out: {"hello": {..., "namespaces": ["arraymancer"], "handles": true}};
## - then one reply line per request line:
##     {"id": 7, "namespace": "arraymancer", "op": "permute", "args": [...], "kwargs": {}}
##   -> {"id": 7, "result": <tagged value>}
##    | {"id": 7, "error": {"error": "Invalid_argument", "message": "..."}}
##    | {"id": 7, "unsupported": "why"};
## - "observe" asks for "args_after", "same_as_arg", "aliases_arg" (and "stdout");
## - "keep": true keeps the arguments and the result as live values of the case
##   ("handles" in the reply), named later as {"handle": h};
##   {"id": 9, "release": true} ends the case and forgets them.
##
## Element types. Arraymancer's `Tensor[T]` holds any Nim type T, and shapeshifting only
## moves elements. Each Nx dtype is held in the Nim type of its storage (`Store`): the
## native ones as themselves (bool, int8 ... int32, float32, float64, Complex32 = two
## float32, Complex64 = two float64), int64 / int / nativeint as Nim's 64-bit `int` (the
## type of a Nim integer literal), and the formats Nim lacks as their bit patterns of the
## same width (float16 and bfloat16 in uint16, the float8 formats in uint8, int4 / qint8 in
## int8, uint4 / quint8 in uint8, complex16 as two uint16). Nim gives every element type of
## one call a single T (`varargs[Tensor[T]]`, `broadcast2[T](a, b: Tensor[T])`): mixing
## two dtypes does not compile there, so the driver answers it "unsupported", as it does
## for a bool given to `broadcast[T: SomeNumber]`.
##
## Rank 0. An Arraymancer tensor of shape [] holds no element: its size is the product of
## its shape, which laser's `product` makes 0 for an empty shape (`newTensor` documents
## rank-0 tensors as "sentinel" values). A tensor of shape [] with one element cannot be
## made, nor carried back: such arguments and results are answered "unsupported", saying so.
##
## Errors, mapped in one place (`errorReply`). Arraymancer's documentation names no
## exception; the suite reads a refusal as Invalid_argument or Failure. A refusal is a
## designed check: Arraymancer's own check procs (`check_reshape`, `check_concat`,
## `check_squeezeAxis`, `check_unsqueezeAxis`, `broadcastImpl`, `broadcast2Impl`) raise
## ValueError, a CatchableError, answered as Invalid_argument. A Nim Defect is never a
## refusal but a crash: IndexDefect (an index out of bounds), RangeDefect (a negative value
## converted to a `Natural` parameter), AssertionDefect (a failed `assert`) and the rest come
## from Nim's run-time checks, which `-d:danger` removes (the call would then go on with
## whatever memory it reads), so nothing documented depends on them. A Defect is answered
## with its own Nim name (and the protocol counts any name but the four OCaml exceptions as
## an undocumented crash: the case's `error` outcome), as is any CatchableError other than
## ValueError; the driver goes on with the next request.
##
## Storage sharing ("aliases_arg") is observed on the real tensors: two tensors share
## storage when they hold the same `CpuStorage` (a reference), as a transposed or
## broadcast tensor holds its input's. A Nim `Tensor` is a value (an object copied on
## assignment), never the same object as an argument: "same_as_arg" is null.
##
## Build (adapters/arraymancer/toolchain.py does it):
##   nim c -d:release --opt:none --path:<arraymancer>/src --path:<nimblas> driver.nim

import std/[base64, json, math, strutils, tables]
import std/complex except Complex32, Complex64
import arraymancer/tensor

const arraymancerVersion {.strdefine.} = "unknown"

# --- Element types ----------------------------------------------------------------------

type
  Complex16 = object
    ## A complex16 element: the bit patterns of its two float16 parts.
    re, im: uint16

  Complex32 = Complex[float32]
  Complex64 = Complex[float64]

  Store = enum
    ## The Nim element type that holds a dtype's elements.
    sBool, sI8, sU8, sI16, sU16, sI32, sInt, sF32, sF64, sC16, sC32, sC64

  Encoding = enum
    ## How a dtype's elements are written in JSON data lists.
    eBool, eInt, eFloat, eMinifloat, eComplex, eComplex16

  Minifloat = tuple[exponent, mantissa: int, finite: bool]
    ## A binary float format narrower than float32 (finite: no infinities, E4M3FN).

  DtypeInfo = tuple[name: string, store: Store, encoding: Encoding, format: Minifloat]

const
  NoFormat: Minifloat = (0, 0, false)
  Float16Format: Minifloat = (5, 10, false)
  # The table of the 22 Nx dtypes: where each is held and how its data is written.
  Dtypes: array[22, DtypeInfo] = [
    ("float16", sU16, eMinifloat, Float16Format),
    ("float32", sF32, eFloat, NoFormat),
    ("float64", sF64, eFloat, NoFormat),
    ("int8", sI8, eInt, NoFormat),
    ("uint8", sU8, eInt, NoFormat),
    ("int16", sI16, eInt, NoFormat),
    ("uint16", sU16, eInt, NoFormat),
    ("int32", sI32, eInt, NoFormat),
    ("int64", sInt, eInt, NoFormat),
    ("int", sInt, eInt, NoFormat),
    ("nativeint", sInt, eInt, NoFormat),
    ("complex32", sC32, eComplex, NoFormat),
    ("complex64", sC64, eComplex, NoFormat),
    ("bfloat16", sU16, eMinifloat, (8, 7, false)),
    ("bool", sBool, eBool, NoFormat),
    ("int4", sI8, eInt, NoFormat),
    ("uint4", sU8, eInt, NoFormat),
    ("float8_e4m3", sU8, eMinifloat, (4, 3, true)),
    ("float8_e5m2", sU8, eMinifloat, (5, 2, false)),
    ("complex16", sC16, eComplex16, Float16Format),
    ("qint8", sI8, eInt, NoFormat),
    ("quint8", sU8, eInt, NoFormat)]

# --- Values -------------------------------------------------------------------------------

type
  Held = object
    ## One Arraymancer tensor, whatever its element type, with the Nx dtype it stands for.
    dtype: DtypeInfo
    case store: Store
    of sBool: tBool: Tensor[bool]
    of sI8: tI8: Tensor[int8]
    of sU8: tU8: Tensor[uint8]
    of sI16: tI16: Tensor[int16]
    of sU16: tU16: Tensor[uint16]
    of sI32: tI32: Tensor[int32]
    of sInt: tInt: Tensor[int]
    of sF32: tF32: Tensor[float32]
    of sF64: tF64: Tensor[float64]
    of sC16: tC16: Tensor[Complex16]
    of sC32: tC32: Tensor[Complex32]
    of sC64: tC64: Tensor[Complex64]

  ValueKind = enum vTensor, vList, vTuple, vPlain

  Value = ref object
    ## A live value of a case: a tensor, a list or tuple of values, or any other tagged
    ## value kept as its JSON (ints, a variant, a number), which is immutable.
    case kind: ValueKind
    of vTensor: tensor: Held
    of vList, vTuple: items: seq[Value]
    of vPlain: json: JsonNode

  Unsupported = object of CatchableError
    ## The driver cannot make this call (reported as unsupported, with the reason).

proc unsupported(message: string) {.noreturn.} =
  raise newException(Unsupported, message)

proc malformed(what: string, j: JsonNode) {.noreturn.} =
  unsupported("expected " & what & ", got " & $j)

proc dtypeNamed(name: string): DtypeInfo =
  for info in Dtypes:
    if info.name == name: return info
  unsupported("no dtype " & name)

proc held[T](dtype: DtypeInfo, t: Tensor[T]): Held =
  ## Wrap a tensor of element type T (which must be the dtype's store).
  when T is bool: Held(dtype: dtype, store: sBool, tBool: t)
  elif T is int8: Held(dtype: dtype, store: sI8, tI8: t)
  elif T is uint8: Held(dtype: dtype, store: sU8, tU8: t)
  elif T is int16: Held(dtype: dtype, store: sI16, tI16: t)
  elif T is uint16: Held(dtype: dtype, store: sU16, tU16: t)
  elif T is int32: Held(dtype: dtype, store: sI32, tI32: t)
  elif T is int: Held(dtype: dtype, store: sInt, tInt: t)
  elif T is float32: Held(dtype: dtype, store: sF32, tF32: t)
  elif T is float64: Held(dtype: dtype, store: sF64, tF64: t)
  elif T is Complex16: Held(dtype: dtype, store: sC16, tC16: t)
  elif T is Complex32: Held(dtype: dtype, store: sC32, tC32: t)
  elif T is Complex64: Held(dtype: dtype, store: sC64, tC64: t)
  else: {.error: "no store for this element type".}

proc unwrap[T](h: Held, _: typedesc[T]): Tensor[T] =
  ## The tensor of a Held whose store is T's.
  when T is bool: h.tBool
  elif T is int8: h.tI8
  elif T is uint8: h.tU8
  elif T is int16: h.tI16
  elif T is uint16: h.tU16
  elif T is int32: h.tI32
  elif T is int: h.tInt
  elif T is float32: h.tF32
  elif T is float64: h.tF64
  elif T is Complex16: h.tC16
  elif T is Complex32: h.tC32
  elif T is Complex64: h.tC64
  else: {.error: "no store for this element type".}

template Element(t: Tensor): typedesc =
  ## The element type T of a `Tensor[T]`.
  typeof(elementOf(t))

proc elementOf[T](t: Tensor[T]): T = discard

template withTensor(h: Held, t, body: untyped): untyped =
  ## Run `body` with `t` bound to the tensor of `h`, whatever its element type.
  case h.store
  of sBool: (block: (let t {.inject.} = h.tBool; body))
  of sI8: (block: (let t {.inject.} = h.tI8; body))
  of sU8: (block: (let t {.inject.} = h.tU8; body))
  of sI16: (block: (let t {.inject.} = h.tI16; body))
  of sU16: (block: (let t {.inject.} = h.tU16; body))
  of sI32: (block: (let t {.inject.} = h.tI32; body))
  of sInt: (block: (let t {.inject.} = h.tInt; body))
  of sF32: (block: (let t {.inject.} = h.tF32; body))
  of sF64: (block: (let t {.inject.} = h.tF64; body))
  of sC16: (block: (let t {.inject.} = h.tC16; body))
  of sC32: (block: (let t {.inject.} = h.tC32; body))
  of sC64: (block: (let t {.inject.} = h.tC64; body))

proc tensorValue(h: Held): Value = Value(kind: vTensor, tensor: h)
proc plain(j: JsonNode): Value = Value(kind: vPlain, json: j)

# --- Elements: JSON -> Nim ----------------------------------------------------------------

proc floatOf(j: JsonNode): float64 =
  ## A number; non-finite floats travel as the strings "nan", "inf", "-inf".
  case j.kind
  of JFloat: j.getFloat
  of JInt: float64(j.getBiggestInt)
  of JString:
    case j.getStr
    of "nan": NaN
    of "inf": Inf
    of "-inf": NegInf
    else: malformed("a float", j)
  else: malformed("a float", j)

proc roundHalfEven(x: float64): float64 =
  let below = floor(x)
  let fraction = x - below
  if fraction > 0.5 or (fraction == 0.5 and floorMod(below, 2.0) == 1.0): below + 1
  else: below

proc scaled(x: float64, power: int): float64 =
  ## x * 2^power, exactly (every factor of 2 is exact in the range of these formats).
  result = x
  for _ in 1 .. abs(power):
    result = if power > 0: result * 2 else: result * 0.5

proc minifloatBits(x: float64, f: Minifloat): uint32 =
  ## The bit pattern of `x` rounded to nearest-even in the format `f` (IEEE 754 layout:
  ## sign, exponent biased by 2^(e-1) - 1, mantissa with an implicit leading 1; E4M3FN
  ## has no infinities and its one NaN pattern is all ones).
  let bias = (1 shl (f.exponent - 1)) - 1
  let allOnes = (1 shl f.exponent) - 1
  let sign = (if signbit(x): 1'u32 else: 0'u32) shl (f.exponent + f.mantissa)
  let nan = if f.finite: uint32((allOnes shl f.mantissa) or ((1 shl f.mantissa) - 1))
            else: uint32((allOnes shl f.mantissa) or (1 shl (f.mantissa - 1)))
  let overflow = if f.finite: sign or nan else: sign or uint32(allOnes shl f.mantissa)
  if x.isNaN: return nan
  let a = abs(x)
  if a == Inf: return overflow
  if a == 0: return sign
  let (_, e) = frexp(a)           # a = fraction * 2^e, fraction in [0.5, 1)
  let minExponent = 1 - bias
  var exponent = max(e - 1, minExponent - 1)
  let subnormal = e - 1 < minExponent
  let quantum = (if subnormal: minExponent else: exponent) - f.mantissa
  var n = int(roundHalfEven(scaled(a, -quantum)))
  if subnormal:
    return sign or uint32(n)      # n = 2^mantissa is the smallest normal, encoded alike
  if n == 1 shl (f.mantissa + 1):
    n = 1 shl f.mantissa
    inc exponent
  let field = exponent + bias
  let mantissa = n - (1 shl f.mantissa)
  if field > allOnes or (field == allOnes and (not f.finite or mantissa == (1 shl f.mantissa) - 1)):
    return overflow
  sign or uint32((field shl f.mantissa) or mantissa)

proc element[T](j: JsonNode, info: DtypeInfo): T =
  ## One element of a JSON data list, as the dtype's store holds it.
  case info.encoding
  of eBool:
    when T is bool:
      if j.kind != JBool: malformed("a bool", j)
      return j.getBool
  of eInt:
    when T is SomeInteger:
      if j.kind != JInt: malformed("an integer", j)
      return T(j.getBiggestInt)
  of eFloat:
    when T is SomeFloat:
      return T(floatOf(j))
  of eMinifloat:
    when T is uint8 or T is uint16:
      return T(minifloatBits(floatOf(j), info.format))
  of eComplex:
    when T is Complex32 or T is Complex64:
      if j.kind != JArray or j.len != 2: malformed("a complex [re, im]", j)
      return complex(typeof(result.re)(floatOf(j[0])), typeof(result.re)(floatOf(j[1])))
  of eComplex16:
    when T is Complex16:
      if j.kind != JArray or j.len != 2: malformed("a complex [re, im]", j)
      return Complex16(re: uint16(minifloatBits(floatOf(j[0]), info.format)),
                       im: uint16(minifloatBits(floatOf(j[1]), info.format)))
  unsupported(info.name & " is not held as " & $T)

# --- Tensors: JSON <-> Arraymancer --------------------------------------------------------

const Rank0 = "Arraymancer has no rank-0 tensor holding an element: a tensor of shape [] " &
  "has size 0 (the product of an empty shape is 0 there)"

proc newHeld[T](info: DtypeInfo, shape: seq[int], body: JsonNode): Held =
  ## A new tensor of `shape` (row-major) from JSON data or from b64 little-endian bytes.
  var t = newTensor[T](shape)
  let count = t.size
  if count == 0: return held(info, t)
  if body.hasKey("b64"):
    let bytes = decode(body["b64"].getStr)
    if bytes.len != count * sizeof(T):
      unsupported("b64 data has " & $bytes.len & " bytes, " & $count & " elements of " &
                  info.name & " need " & $(count * sizeof(T)))
    var i = 0
    for x in t.mitems:
      when T is bool: x = bytes[i] != '\0'
      else: copyMem(addr x, unsafeAddr bytes[i * sizeof(T)], sizeof(T))
      inc i
  else:
    let data = body{"data"}
    if data.isNil or data.kind != JArray or data.len != count:
      malformed($count & " data elements", body)
    var i = 0
    for x in t.mitems:
      x = element[T](data[i], info)
      inc i
  held(info, t)

proc heldOf(body: JsonNode): Held =
  ## {"tensor": {"dtype", "shape", "data" | "b64"}}.
  let info = dtypeNamed(body{"dtype"}.getStr)
  var shape: seq[int]
  for d in body{"shape"}.getElems: shape.add d.getInt
  if shape.len == 0: unsupported(Rank0 & "; the argument is one")
  case info.store
  of sBool: newHeld[bool](info, shape, body)
  of sI8: newHeld[int8](info, shape, body)
  of sU8: newHeld[uint8](info, shape, body)
  of sI16: newHeld[int16](info, shape, body)
  of sU16: newHeld[uint16](info, shape, body)
  of sI32: newHeld[int32](info, shape, body)
  of sInt: newHeld[int](info, shape, body)
  of sF32: newHeld[float32](info, shape, body)
  of sF64: newHeld[float64](info, shape, body)
  of sC16: newHeld[Complex16](info, shape, body)
  of sC32: newHeld[Complex32](info, shape, body)
  of sC64: newHeld[Complex64](info, shape, body)

proc rawBytes[T](t: Tensor[T]): string =
  ## The elements in row-major order (Arraymancer's `items`), as little-endian bytes.
  result = newString(t.size * sizeof(T))
  # Note: `items` fails an assertion on a zero-size tensor that is not C-contiguous (a
  # transposed [0, 3], say); such a tensor has no element to read.
  if t.size == 0: return
  var i = 0
  for x in t:
    when T is bool: result[i] = char(ord(x))
    else: copyMem(addr result[i * sizeof(T)], unsafeAddr x, sizeof(T))
    inc i

proc jsonOf(h: Held): JsonNode =
  ## {"tensor": {dtype, shape, b64}}: the bytes carry every bit of every element.
  withTensor(h, t):
    if t.rank == 0: unsupported(Rank0 & "; Arraymancer returned one")
    var shape = newJArray()
    for d in t.shape: shape.add %d
    %*{"tensor": {"dtype": h.dtype.name, "shape": shape, "b64": encode(rawBytes(t))}}

proc jsonOf(v: Value): JsonNode =
  case v.kind
  of vTensor: jsonOf(v.tensor)
  of vList, vTuple:
    var items = newJArray()
    for x in v.items: items.add jsonOf(x)
    %*{(if v.kind == vList: "list" else: "tuple"): items}
  of vPlain: v.json

proc storageOf(h: Held): pointer =
  withTensor(h, t): cast[pointer](t.storage)

proc sharesStorage(a, b: Value): bool =
  a.kind == vTensor and b.kind == vTensor and storageOf(a.tensor) == storageOf(b.tensor)

# --- Arguments ----------------------------------------------------------------------------

type Args = object
  op: string
  positional: seq[Value]
  kwargs: Table[string, Value]

proc tag(v: Value, name: string): JsonNode =
  ## The body of a plain value tagged `name` ({"int": 3} -> 3), or nil.
  if v.kind == vPlain and v.json.kind == JObject and v.json.len == 1 and v.json.hasKey(name):
    v.json[name]
  else: nil

proc expectCount(a: Args, counts: openArray[int]) =
  if a.positional.len notin counts:
    unsupported("arraymancer." & a.op & " with " & $a.positional.len & " argument(s)")

proc tensorArg(v: Value): Held =
  if v.kind != vTensor: malformed("a tensor", jsonOf(v))
  v.tensor

proc intArg(v: Value): int =
  let n = v.tag("int")
  if n.isNil or n.kind != JInt: malformed("an int", jsonOf(v))
  n.getInt

proc intsArg(v: Value): seq[int] =
  let l = v.tag("ints")
  if l.isNil or l.kind != JArray: malformed("ints", jsonOf(v))
  for x in l: result.add x.getInt

proc tensorsArg(v: Value): seq[Held] =
  if v.kind != vList: malformed("a list of tensors", jsonOf(v))
  for x in v.items: result.add tensorArg(x)

proc oneDtype(op: string, tensors: openArray[Held]) =
  ## Nim's `Tensor[T]` parameters take one element type: two dtypes do not compile.
  for h in tensors:
    if h.dtype.name != tensors[0].dtype.name:
      unsupported("does not compile in Nim: " & op & "[T] takes tensors of one element " &
                  "type, got " & tensors[0].dtype.name & " and " & h.dtype.name)

proc kwarg(a: Args, name: string): Value =
  a.kwargs.getOrDefault(name, nil)

proc noNamed(a: Args, allowed: openArray[string]) =
  for name in a.kwargs.keys:
    if name notin allowed:
      unsupported("arraymancer." & a.op & " has no parameter " & name)

# --- The documented procs ----------------------------------------------------------------------

proc opTranspose(a: Args): Value =
  a.expectCount([1]); a.noNamed([])
  let h = tensorArg(a.positional[0])
  withTensor(h, t): tensorValue(held(h.dtype, t.transpose))

proc opAsContiguous(a: Args): Value =
  a.expectCount([1]); a.noNamed(["layout", "force"])
  let h = tensorArg(a.positional[0])
  var layout = rowMajor
  let l = a.kwarg("layout")
  if not l.isNil:
    case l.tag("variant").getStr
    of "rowMajor": layout = rowMajor
    of "colMajor": layout = colMajor
    else: unsupported("an OrderType is rowMajor or colMajor, got " & $jsonOf(l))
  let f = a.kwarg("force")
  let force = if f.isNil: false else: f.tag("bool").getBool
  withTensor(h, t): tensorValue(held(h.dtype, t.asContiguous(layout, force)))

proc opReshape(a: Args): Value =
  a.expectCount([2]); a.noNamed([])
  let h = tensorArg(a.positional[0])
  let shape = intsArg(a.positional[1])
  withTensor(h, t): tensorValue(held(h.dtype, t.reshape(shape)))

proc broadcastNumber(v: Value, shape: seq[int]): Value =
  ## `broadcast[T: SomeNumber](val: T, shape)`: a Nim int literal is an `int` (int64), a
  ## float literal a `float` (float64).
  if not v.tag("int").isNil:
    return tensorValue(held(dtypeNamed("int64"), broadcast(intArg(v), shape)))
  let x = v.tag("float")
  if not x.isNil:
    return tensorValue(held(dtypeNamed("float64"), broadcast(floatOf(x), shape)))
  unsupported("does not compile in Nim: broadcast[T: SomeNumber] takes a tensor or an " &
              "int or float, got " & $jsonOf(v))

proc opBroadcast(a: Args): Value =
  a.expectCount([2]); a.noNamed([])
  let shape = intsArg(a.positional[1])
  if a.positional[0].kind != vTensor: return broadcastNumber(a.positional[0], shape)
  let h = a.positional[0].tensor
  withTensor(h, t): tensorValue(held(h.dtype, t.broadcast(shape)))

proc opBc(a: Args): Value =
  ## The template `bc`, an alias of broadcast, called as such.
  a.expectCount([2]); a.noNamed([])
  let shape = intsArg(a.positional[1])
  if a.positional[0].kind != vTensor:
    let v = a.positional[0]
    if not v.tag("int").isNil:
      return tensorValue(held(dtypeNamed("int64"), intArg(v).bc(shape)))
    if not v.tag("float").isNil:
      return tensorValue(held(dtypeNamed("float64"), floatOf(v.tag("float")).bc(shape)))
    return broadcastNumber(v, shape)
  let h = a.positional[0].tensor
  withTensor(h, t): tensorValue(held(h.dtype, t.bc(shape)))

proc opBroadcast2(a: Args): Value =
  a.expectCount([2]); a.noNamed([])
  let (x, y) = (tensorArg(a.positional[0]), tensorArg(a.positional[1]))
  oneDtype("broadcast2", [x, y])
  withTensor(x, t):
    let (ra, rb) = broadcast2(t, unwrap(y, Element(t)))
    Value(kind: vTuple, items: @[tensorValue(held(x.dtype, ra)), tensorValue(held(x.dtype, rb))])

proc opPermute(a: Args): Value =
  a.expectCount([2]); a.noNamed([])
  let h = tensorArg(a.positional[0])
  let dims = intsArg(a.positional[1])
  withTensor(h, t): tensorValue(held(h.dtype, t.permute(dims)))

proc joined(op: string, list: Value, axis: int, isStack: bool): Value =
  ## concat / stack of a list of tensors of one element type.
  let tensors = tensorsArg(list)
  if tensors.len == 0:
    # An empty list has no element type, which Nim needs: float64 stands for any (the
    # procs read t_list[0] before anything depends on T).
    let empty = newSeq[Tensor[float64]]()
    let info = dtypeNamed("float64")
    return tensorValue(held(info, if isStack: stack(empty, axis) else: concat(empty, axis)))
  oneDtype(op, tensors)
  let first = tensors[0]
  withTensor(first, t0):
    var ts: seq[typeof(t0)]
    for h in tensors: ts.add unwrap(h, Element(t0))
    tensorValue(held(first.dtype, if isStack: stack(ts, axis) else: concat(ts, axis)))

proc opConcat(a: Args): Value =
  a.expectCount([2]); a.noNamed([])
  joined("concat", a.positional[0], intArg(a.positional[1]), isStack = false)

proc opStack(a: Args): Value =
  a.expectCount([1]); a.noNamed(["axis"])
  let axis = if a.kwarg("axis").isNil: 0 else: intArg(a.kwarg("axis"))
  joined("stack", a.positional[0], axis, isStack = true)

proc opSqueeze(a: Args): Value =
  a.expectCount([1, 2]); a.noNamed([])
  let h = tensorArg(a.positional[0])
  if a.positional.len == 1:
    withTensor(h, t): tensorValue(held(h.dtype, t.squeeze))
  else:
    let axis = intArg(a.positional[1])
    withTensor(h, t): tensorValue(held(h.dtype, t.squeeze(axis)))

proc opUnsqueeze(a: Args): Value =
  a.expectCount([2]); a.noNamed([])
  let h = tensorArg(a.positional[0])
  let axis = intArg(a.positional[1])
  withTensor(h, t): tensorValue(held(h.dtype, t.unsqueeze(axis)))

proc opNxStrides(a: Args): Value =
  ## Nx's `strides` as an observation of an Arraymancer tensor (the cases of
  ## `asContiguous` read its layout so): the strides in bytes, Arraymancer's element
  ## strides times the size of one element.
  a.expectCount([1]); a.noNamed([])
  let h = tensorArg(a.positional[0])
  withTensor(h, t):
    var strides = newJArray()
    for s in t.strides: strides.add %(s * sizeof(Element(t)))
    plain(%*{"ints": strides})

type OpProc = proc (a: Args): Value {.nimcall.}

# One dispatch table: (namespace, op) -> proc.
let ops = {
  ("arraymancer", "transpose"): OpProc(opTranspose),
  ("arraymancer", "asContiguous"): opAsContiguous,
  ("arraymancer", "reshape"): opReshape,
  ("arraymancer", "broadcast"): opBroadcast,
  ("arraymancer", "bc"): opBc,
  ("arraymancer", "broadcast2"): opBroadcast2,
  ("arraymancer", "permute"): opPermute,
  ("arraymancer", "concat"): opConcat,
  ("arraymancer", "squeeze"): opSqueeze,
  ("arraymancer", "unsqueeze"): opUnsqueeze,
  ("arraymancer", "stack"): opStack,
  ("nx", "strides"): opNxStrides,
}.toTable

proc run(namespace, op: string, positional: seq[Value], named: Table[string, Value]): Value =
  let found = ops.getOrDefault((namespace, op), nil)
  if found.isNil: unsupported(namespace & "." & op & " is not implemented by this driver")
  found(Args(op: op, positional: positional, kwargs: named))

# --- Requests -----------------------------------------------------------------------------

var kept: seq[Value]   # the live values of the current case, by handle

proc keep(v: Value): int =
  kept.add v
  kept.high

proc build(built: seq[Value], j: JsonNode, namespace: string): Value

proc buildNamed(j: JsonNode, namespace: string): Table[string, Value] =
  if not j.isNil:
    for name, x in j: result[name] = build(@[], x, namespace)

proc build(built: seq[Value], j: JsonNode, namespace: string): Value =
  ## An argument: a tensor is made, a call run, a ref is an earlier argument of the same
  ## request, a handle a kept value; anything else stands for itself.
  if j.kind != JObject or j.len != 1: return plain(j)
  if j.hasKey("tensor"): return tensorValue(heldOf(j["tensor"]))
  if j.hasKey("list") or j.hasKey("tuple"):
    let isList = j.hasKey("list")
    var items: seq[Value]
    for x in j[if isList: "list" else: "tuple"]: items.add build(built, x, namespace)
    return if isList: Value(kind: vList, items: items) else: Value(kind: vTuple, items: items)
  if j.hasKey("call"):
    let body = j["call"]
    var args: seq[Value]
    for x in body{"args"}.getElems: args.add build(args, x, namespace)
    let ns = body{"namespace"}.getStr(namespace)
    return run(ns, body{"op"}.getStr, args, buildNamed(body{"kwargs"}, ns))
  if j.hasKey("ref"):
    let name = j["ref"].getStr
    let bracket = name.find('[')
    if not name.startsWith("arg"): unsupported("ref " & name)
    let position = parseInt(name[3 ..< (if bracket < 0: name.len else: bracket)])
    if position >= built.len: unsupported("ref " & name & " names no earlier argument")
    if bracket < 0: return built[position]
    return built[position].items[parseInt(name[bracket + 1 ..< name.high])]
  if j.hasKey("handle"):
    let h = j["handle"]
    let id = if h.kind == JObject: h{"id"}.getInt else: h.getInt
    if id >= kept.len: unsupported("no live value " & $id)
    if h.kind == JObject: return kept[id].items[h{"component"}.getInt]
    return kept[id]
  plain(j)

proc argWhere(value: Value, args: seq[Value]): JsonNode =
  ## The position of the first argument whose storage `value` shares, or null.
  for i, arg in args:
    if sharesStorage(value, arg): return %i
  newJNull()

proc answer(request: JsonNode): seq[(string, JsonNode)] =
  ## The fields of the reply to one call request (without its id).
  let namespace = request{"namespace"}.getStr
  var args: seq[Value]
  for x in request{"args"}.getElems: args.add build(args, x, namespace)
  let named = buildNamed(request{"kwargs"}, namespace)
  let value = run(namespace, request{"op"}.getStr, args, named)
  result.add ("result", jsonOf(value))
  for what in request{"observe"}.getElems:
    case what.getStr
    of "args_after":
      var after = newJArray()
      for arg in args: after.add jsonOf(arg)
      result.add ("args_after", after)
    of "same_as_arg": result.add ("same_as_arg", newJNull())
    of "aliases_arg":
      result.add ("aliases_arg", argWhere(value, args))
      if value.kind == vTuple:
        var parts = newJArray()
        for part in value.items: parts.add argWhere(part, args)
        result.add ("aliases_components", parts)
    of "stdout": result.add ("stdout", %"")   # nothing here prints
    else: discard
  if request{"keep"}.getBool:
    var handles = newJArray()
    for arg in args: handles.add %keep(arg)
    var components = newJArray()
    if value.kind in {vList, vTuple}:
      for part in value.items: components.add %keep(part)
    result.add ("handles", %*{"args": handles, "result": keep(value),
                              "components": components})

proc errorReply(e: ref Exception): (string, JsonNode) =
  ## The one place where Nim exceptions become replies (see the header).
  if e of Unsupported: return ("unsupported", %e.msg)
  if e of ValueError:   # a designed check of Arraymancer: a refusal
    return ("error", %*{"error": "Invalid_argument", "message": $e.name & ": " & e.msg})
  # A Defect (or another exception): a crash of this call, under its own Nim name.
  let what = if e of Defect: " (a Nim Defect: a run-time check failed, not a designed refusal)"
             else: ""
  ("error", %*{"error": $e.name, "message": $e.name & ": " & e.msg.strip & what})

proc replyTo(line: string): JsonNode =
  var request: JsonNode
  try:
    request = parseJson(line)
  except JsonParsingError as e:
    return %*{"id": nil, "unsupported": "not JSON: " & e.msg}
  result = %*{"id": request{"id"}}
  if request{"release"}.getBool:
    kept.setLen 0
    result["result"] = %*{"unit": nil}
    return
  try:
    for (name, field) in answer(request): result[name] = field
  except Exception as e:   # Defects too: one case's failure never ends the driver
    let (name, field) = errorReply(e)
    result[name] = field

proc hello(): JsonNode =
  var dtypes = newJArray()
  for info in Dtypes: dtypes.add %info.name
  %*{"hello": {"name": "arraymancer",
               "version": arraymancerVersion,
               "namespaces": ["arraymancer"], "dtypes": dtypes, "handles": true}}

when isMainModule:
  stdout.writeLine($hello())
  stdout.flushFile()
  for line in stdin.lines:
    if line.strip.len == 0: continue
    stdout.writeLine($replyTo(line))
    stdout.flushFile()

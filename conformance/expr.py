"""The small safe expression language of property checks (`allclose` lhs/rhs, `holds`).

Case files are written by strangers, so an expression must never be able to run code. The
source is parsed with `ast` (never `eval`) and the whole tree is checked against an explicit
whitelist before anything is evaluated; every construct not listed here is rejected, with its
name and column. Values are computed by the runner, in float64 / complex128, never by the
implementation under test.

Grammar (Python syntax, restricted)::

    expr      := number | name | constant | list | call | subscript | "(" expr ")"
               | expr op expr | "-" expr | "+" expr | "not" expr
               | expr cmp expr [cmp expr ...]       chained: element-wise "and" of the links
               | expr "and" expr | expr "or" expr   element-wise on arrays
    number    := int | float | complex (2j) | True | False    (|int| <= 2**53)
    name      := out | outN | argN                  provided by the runner for the case
    constant  := inf | nan | pi
    list      := "[" expr, ... "]" | "(" expr, ... ")"
    op        := + | - | * | / | @                  element-wise with broadcasting; @ is matmul
    cmp       := == | != | < | <= | > | >=          element-wise, NaN compares as IEEE
    call      := function "(" expr, ... ")"         positional arguments only
    subscript := expr "[" index, ... "]"            index := expr | [expr] ":" [expr] [":" expr]
                                                    (index expressions must be integers)

Functions (see `_FUNCTIONS`): `diag T conj real imag abs sqrt exp log sum mean max min len
round eye reshape tensordot`. `T(x)` swaps the last two axes; `diag` makes a matrix from a 1-D
array and takes the diagonal of the last two axes otherwise; `round` rounds half away from zero;
`eye(n)` is the float64 identity (n <= 10000); `reshape(x, [dims])`;
`tensordot(a, b, [axes_a], [axes_b])`; `sum mean max min` take an optional axis as second
argument. `sqrt` and `log` of negative reals are NaN (not complex). A string (the result of
`to_string`) can only be measured: `len` of a string is its length in bytes, as OCaml's
`String.length`.

A `holds` expression holds when `truth` of its value is true: a scalar's truth, or, for an
array, every element true (an empty array holds). Limits: source <= 2000 characters, nesting
<= 50 levels, no result larger than 10**8 elements.
"""

from __future__ import annotations

import ast
import math
import re
import warnings
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, NamedTuple

import numpy as np

MAX_SOURCE_LENGTH = 2000
MAX_DEPTH = 50
MAX_EYE = 4096
MAX_ELEMENTS = MAX_EYE * MAX_EYE
MAX_INT_CONSTANT = 2**53

_NAME = re.compile(r"out|out[0-9]+|arg[0-9]+")
_CONSTANTS = {"inf": math.inf, "nan": math.nan, "pi": math.pi}
_BRACKETS = {"(": ")", "[": "]", "{": "}"}


class ExpressionError(ValueError):
    """A syntax error, a disallowed construct, an unknown name or function, or an evaluation
    failure (shape mismatch, ...). The message says what and where (column)."""


# --- whitelists -----------------------------------------------------------------------------

_BINARY = {
    ast.Add: np.add,
    ast.Sub: np.subtract,
    ast.Mult: np.multiply,
    ast.Div: np.true_divide,
    ast.MatMult: np.matmul,
}
_UNARY = {ast.USub: np.negative, ast.UAdd: np.positive, ast.Not: np.logical_not}
_BOOLEAN = {ast.And: np.logical_and, ast.Or: np.logical_or}
_COMPARE = {
    ast.Eq: np.equal,
    ast.NotEq: np.not_equal,
    ast.Lt: np.less,
    ast.LtE: np.less_equal,
    ast.Gt: np.greater,
    ast.GtE: np.greater_equal,
}
_ORDERING = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)
_OPERATOR_TEXT = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.MatMult: "@"}

# Readable names of rejected constructs, for error messages.
_SYMBOLS = {
    ast.Pow: "operator '**'",
    ast.Mod: "operator '%'",
    ast.FloorDiv: "operator '//'",
    ast.BitAnd: "operator '&'",
    ast.BitOr: "operator '|'",
    ast.BitXor: "operator '^'",
    ast.LShift: "operator '<<'",
    ast.RShift: "operator '>>'",
    ast.Invert: "operator '~'",
    ast.Is: "comparison 'is'",
    ast.IsNot: "comparison 'is not'",
    ast.In: "comparison 'in'",
    ast.NotIn: "comparison 'not in'",
}
_CONSTRUCTS = {
    ast.Attribute: "attribute access",
    ast.Lambda: "lambda",
    ast.IfExp: "conditional expression",
    ast.ListComp: "list comprehension",
    ast.SetComp: "set comprehension",
    ast.DictComp: "dict comprehension",
    ast.GeneratorExp: "generator expression",
    ast.Dict: "dict literal",
    ast.Set: "set literal",
    ast.Starred: "argument unpacking '*'",
    ast.NamedExpr: "assignment expression ':='",
    ast.JoinedStr: "f-string",
    ast.FormattedValue: "f-string",
    ast.Await: "await",
    ast.Yield: "yield",
    ast.YieldFrom: "yield",
    ast.Slice: "slice outside a subscript",
}


# --- values ---------------------------------------------------------------------------------


def _num(value: Any) -> np.ndarray:
    """`value` as a float64 (complex128 when complex) array; lists become arrays."""
    if isinstance(value, list | tuple):
        array = np.asarray([_num(v) for v in value]) if value else np.empty(0)
    elif isinstance(value, bool | int | float | complex | np.generic | np.ndarray):
        array = np.asarray(value)
    else:
        raise TypeError(f"unsupported value of type {type(value).__name__}")
    if array.dtype.kind == "c":
        return array.astype(np.complex128, copy=False)
    if array.dtype.kind in "biuf" or (array.dtype.kind == "V" and array.dtype.names is None):
        return array.astype(np.float64, copy=False)  # "V": ml_dtypes floats (bfloat16, ...)
    raise TypeError(f"unsupported array dtype {array.dtype}")


def _real(value: Any, what: str) -> np.ndarray:
    array = _num(value)
    if array.dtype.kind == "c":
        raise TypeError(f"{what} is not defined for complex values")
    return array


def _int(value: Any, what: str) -> int:
    """An integer argument or index; integral floats count (arithmetic is in float64)."""
    if not isinstance(value, bool | np.bool_ | list | tuple):
        array = _num(value)
        if array.ndim == 0 and array.dtype.kind == "f" and float(array).is_integer():
            return int(array)
    raise TypeError(f"{what} must be an integer, got {_describe(value)}")


def _ints(value: Any, what: str) -> tuple[int, ...]:
    """A list of integers (a bare integer is a list of one)."""
    if isinstance(value, list | tuple | np.ndarray) and np.ndim(value) == 1:
        return tuple(_int(v, what) for v in value)
    if np.ndim(value) == 0:
        return (_int(value, what),)
    raise TypeError(f"{what} must be a list of integers, got {_describe(value)}")


def _describe(value: Any) -> str:
    if isinstance(value, np.ndarray | np.generic) and np.ndim(value) > 0:
        return f"an array of shape {np.shape(value)}"
    if isinstance(value, list | tuple):
        return f"a list of length {len(value)}"
    return repr(value.item() if isinstance(value, np.ndarray | np.generic) else value)


def _check_size(shape: tuple[int, ...]) -> None:
    if math.prod(shape) > MAX_ELEMENTS:
        raise ValueError(f"the result would have shape {shape}, more than {MAX_ELEMENTS} elements")


def _matmul_shape(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    if len(a) < 2 or len(b) < 2:
        return ()  # no larger than an operand
    return (*np.broadcast_shapes(a[:-2], b[:-2]), a[-2], b[-1])


# --- functions ------------------------------------------------------------------------------


def _diag(x):
    x = _num(x)
    if x.ndim == 0:
        raise TypeError("expects an array, got a scalar")
    if x.ndim == 1:
        _check_size((x.size, x.size))
        return np.diag(x)
    return np.diagonal(x, axis1=-2, axis2=-1).copy()


def _transpose(x):
    x = _num(x)
    return x if x.ndim < 2 else np.swapaxes(x, -1, -2)


def _elementwise(function):
    return lambda x: function(_num(x))


def _reduction(function, ordered: bool):
    def reduce(x, axis=None):
        x = _real(x, "ordering") if ordered else _num(x)
        return function(x, axis=None if axis is None else _int(axis, "the axis"))

    return reduce


def _len(x):
    if isinstance(x, list | tuple):
        return len(x)
    if isinstance(x, str):
        # An OCaml string is bytes: `String.length` counts them (here in UTF-8).
        return len(x.encode("utf-8"))
    x = _num(x)
    if x.ndim == 0:
        raise TypeError("expects a list or an array, got a scalar")
    return x.shape[0]


def _round(x):
    """Half away from zero, exactly (x - floor(x) is exact in binary floating point)."""
    x = _real(x, "round")
    magnitude = np.abs(x)
    whole = np.floor(magnitude)
    return np.copysign(whole + (magnitude - whole >= 0.5), x)


def _eye_size(n) -> int:
    n = _int(n, "n")
    if not 0 <= n <= MAX_EYE:
        raise ValueError(f"n must be between 0 and {MAX_EYE}, got {n}")
    return n


def _reshape_dims(dims) -> tuple[int, ...]:
    dims = _ints(dims, "dims")
    if any(d < -1 for d in dims) or dims.count(-1) > 1:
        raise ValueError(f"dims must be sizes with at most one -1, got {list(dims)}")
    _check_size(tuple(d for d in dims if d >= 0))
    return dims


def _tensordot(a, b, axes_a, axes_b):
    a, b = _num(a), _num(b)
    axes_a, axes_b = _ints(axes_a, "axes_a"), _ints(axes_b, "axes_b")

    def free(shape, axes):
        contracted = {ax % len(shape) for ax in axes} if shape else set()
        return tuple(d for i, d in enumerate(shape) if i not in contracted)

    _check_size(free(a.shape, axes_a) + free(b.shape, axes_b))
    return np.tensordot(a, b, axes=(list(axes_a), list(axes_b)))


class _Function(NamedTuple):
    implementation: Callable[..., Any]
    min_args: int
    max_args: int
    signature: str
    literal_check: Callable[[Any], Any] | None = None  # applied at parse time to literal args


_FUNCTIONS: dict[str, _Function] = {
    "abs": _Function(_elementwise(np.abs), 1, 1, "abs(x)"),
    "conj": _Function(_elementwise(np.conj), 1, 1, "conj(x)"),
    "diag": _Function(_diag, 1, 1, "diag(x)"),
    "exp": _Function(_elementwise(np.exp), 1, 1, "exp(x)"),
    "eye": _Function(lambda n: np.eye(_eye_size(n)), 1, 1, "eye(n)", _eye_size),
    "imag": _Function(_elementwise(np.imag), 1, 1, "imag(x)"),
    "len": _Function(_len, 1, 1, "len(x)"),
    "log": _Function(_elementwise(np.log), 1, 1, "log(x)"),
    "max": _Function(_reduction(np.max, ordered=True), 1, 2, "max(x[, axis])"),
    "mean": _Function(_reduction(np.mean, ordered=False), 1, 2, "mean(x[, axis])"),
    "min": _Function(_reduction(np.min, ordered=True), 1, 2, "min(x[, axis])"),
    "real": _Function(_elementwise(np.real), 1, 1, "real(x)"),
    "reshape": _Function(
        lambda x, dims: np.reshape(_num(x), _reshape_dims(dims)),
        2,
        2,
        "reshape(x, [dims])",
        _reshape_dims,
    ),
    "round": _Function(_round, 1, 1, "round(x)"),
    "sqrt": _Function(_elementwise(np.sqrt), 1, 1, "sqrt(x)"),
    "sum": _Function(_reduction(np.sum, ordered=False), 1, 2, "sum(x[, axis])"),
    "T": _Function(_transpose, 1, 1, "T(x)"),
    "tensordot": _Function(_tensordot, 4, 4, "tensordot(a, b, [axes_a], [axes_b])"),
}
_ALLOWED_FUNCTIONS = ", ".join(sorted(_FUNCTIONS, key=str.lower))


# --- parsing --------------------------------------------------------------------------------


class Expression:
    """A parsed, validated expression; `names` are the free names it uses (out0, arg1, ...)."""

    __slots__ = ("_first_use", "_indent", "_tree", "names", "source")

    def __init__(
        self, source: str, tree: ast.Expression, indent: int, first_use: dict[str, ast.Name]
    ):
        self.source = source
        self.names = frozenset(first_use)
        self._tree = tree
        self._indent = indent
        self._first_use = first_use

    def __repr__(self) -> str:
        return f"Expression({self.source!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Expression) and other.source == self.source

    def __hash__(self) -> int:
        return hash(self.source)

    def evaluate(self, env: Mapping[str, object]) -> object:
        """The value of the expression with `env` mapping each name in `names` to a value."""
        for name in sorted(self.names):
            if name not in env:
                available = ", ".join(sorted(n for n in env if _NAME.fullmatch(n))) or "none"
                where = _where(self.source, self._indent, self._first_use[name])
                raise ExpressionError(
                    f"{where}: name {name!r} is not defined for this case (available: {available})"
                )
        evaluator = _Evaluator(self.source, self._indent, env)
        with np.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)  # e.g. the mean of an empty array
            value = evaluator.eval(self._tree.body)
        if isinstance(value, np.ndarray) and value.ndim == 0:
            return value[()]
        return value


def parse(source: str) -> Expression:
    """Parse and validate `source`; raises ExpressionError, never evaluates anything."""
    if not isinstance(source, str):
        raise ExpressionError(f"an expression must be a string, got {type(source).__name__}")
    if len(source) > MAX_SOURCE_LENGTH:
        raise ExpressionError(
            f"expression is {len(source)} characters long; the limit is {MAX_SOURCE_LENGTH}"
        )
    _check_brackets(source)
    text = source.lstrip(" \t")
    indent = len(source) - len(text)
    if not text.strip():
        raise ExpressionError("empty expression")
    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError as error:
        column = (error.offset or 1) + (indent if (error.lineno or 1) == 1 else 0)
        raise ExpressionError(
            f"{_position(error.lineno or 1, column)}: syntax error: {error.msg}"
        ) from None
    except (ValueError, RecursionError, MemoryError) as error:
        raise ExpressionError(f"syntax error: {error or 'expression too complex'}") from None
    first_use: dict[str, ast.Name] = {}
    _Validator(source, indent, first_use).check(tree.body, depth=1)
    return Expression(source, tree, indent, first_use)


def evaluate(source: str, env: Mapping[str, object]) -> object:
    """Parse `source` and evaluate it with `env`."""
    return parse(source).evaluate(env)


def truth(value: object) -> bool:
    """The `holds` rule: a scalar's truth; an array (or list) holds when every element is true,
    so an empty one holds."""
    if isinstance(value, list | tuple):
        return all(truth(v) for v in value)
    try:
        return bool(np.all(_num(value)))
    except TypeError as error:
        raise ExpressionError(f"cannot take the truth of {_describe(value)}: {error}") from None


def _position(line: int, column: int) -> str:
    return f"column {column}" if line == 1 else f"line {line}, column {column}"


def _where(source: str, indent: int, node: Any) -> str:
    """'column N' (1-based, in characters) of `node` in `source`."""
    line = node.lineno
    text = source.split("\n")[line - 1] if line <= source.count("\n") + 1 else ""
    if line == 1:
        text = text[indent:]
    column = len(text.encode()[: node.col_offset].decode("utf-8", "ignore")) + 1
    return _position(line, column + (indent if line == 1 else 0))


def _check_brackets(source: str) -> None:
    """Reject nesting deeper than MAX_DEPTH before Python's parser sees it."""
    depth, line, column = 0, 1, 0
    for char in source:
        column += 1
        if char == "\n":
            line, column = line + 1, 0
        elif char in _BRACKETS:
            depth += 1
            if depth > MAX_DEPTH:
                raise ExpressionError(
                    f"{_position(line, column)}: brackets nested deeper than {MAX_DEPTH} levels"
                )
        elif char in _BRACKETS.values():
            depth -= 1


def _literal(node: ast.AST) -> Any:
    """The value of a literal number or list of numbers (with unary minus), else None."""
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
        value = _literal(node.operand)
        return None if value is None else (-value if isinstance(node.op, ast.USub) else value)
    if isinstance(node, ast.List | ast.Tuple):
        values = [_literal(e) for e in node.elts]
        return None if any(v is None for v in values) else values
    return None


class _Validator:
    """Walks the tree once, accepting only whitelisted nodes."""

    def __init__(self, source: str, indent: int, first_use: dict[str, ast.Name]):
        self.source, self.indent, self.first_use = source, indent, first_use

    def fail(self, node: ast.AST, message: str) -> ExpressionError:
        return ExpressionError(f"{_where(self.source, self.indent, node)}: {message}")

    def check(self, node: ast.AST, depth: int, in_subscript: bool = False) -> None:
        if depth > MAX_DEPTH:
            raise self.fail(node, f"expression nested deeper than {MAX_DEPTH} levels")
        inner = depth + 1
        if isinstance(node, ast.Constant):
            self.check_constant(node)
        elif isinstance(node, ast.Name):
            self.check_name(node)
        elif isinstance(node, ast.List | ast.Tuple):
            for element in node.elts:
                self.check(element, inner)
        elif isinstance(node, ast.BinOp):
            if type(node.op) not in _BINARY:
                raise self.fail(
                    node,
                    f"{_SYMBOLS.get(type(node.op), 'this operator')} is not "
                    f"allowed; operators are + - * / @",
                )
            self.check(node.left, inner)
            self.check(node.right, inner)
        elif isinstance(node, ast.UnaryOp):
            if type(node.op) not in _UNARY:
                raise self.fail(
                    node, f"{_SYMBOLS.get(type(node.op), 'this operator')} is not allowed"
                )
            self.check(node.operand, inner)
        elif isinstance(node, ast.BoolOp):
            for value in node.values:
                self.check(value, inner)
        elif isinstance(node, ast.Compare):
            for op in node.ops:
                if type(op) not in _COMPARE:
                    raise self.fail(
                        node,
                        f"{_SYMBOLS.get(type(op), 'this comparison')} is not "
                        f"allowed; comparisons are == != < <= > >=",
                    )
            for operand in (node.left, *node.comparators):
                self.check(operand, inner)
        elif isinstance(node, ast.Call):
            self.check_call(node, inner)
        elif isinstance(node, ast.Subscript):
            self.check(node.value, inner)
            index = node.slice
            for part in index.elts if isinstance(index, ast.Tuple) else [index]:
                self.check(part, inner, in_subscript=True)
        elif isinstance(node, ast.Slice) and in_subscript:
            for part in (node.lower, node.upper, node.step):
                if part is not None:
                    self.check(part, inner)
        else:
            construct = _CONSTRUCTS.get(type(node), f"'{type(node).__name__}'")
            raise self.fail(node, f"{construct} is not allowed")

    def check_constant(self, node: ast.Constant) -> None:
        value = node.value
        if type(value) not in (int, float, complex, bool):
            kind = {
                str: "string constant",
                bytes: "bytes constant",
                type(None): "None",
                type(...): "'...' (Ellipsis)",
            }.get(type(value), f"constant {value!r}")
            raise self.fail(node, f"{kind} is not allowed; only numbers are")
        if type(value) is int and abs(value) > MAX_INT_CONSTANT:
            raise self.fail(node, f"integer constant larger than {MAX_INT_CONSTANT} (use a float)")

    def check_name(self, node: ast.Name) -> None:
        name = node.id
        if name in _FUNCTIONS:
            raise self.fail(node, f"function {name!r} must be called: {_FUNCTIONS[name].signature}")
        if name in _CONSTANTS:
            return
        if not _NAME.fullmatch(name):
            raise self.fail(
                node, f"name {name!r} is not allowed; names are out, outN, argN, inf, nan, pi"
            )
        self.first_use.setdefault(name, node)

    def check_call(self, node: ast.Call, inner: int) -> None:
        if not isinstance(node.func, ast.Name):
            raise self.fail(
                node,
                "only the allowed functions can be called, by bare name; "
                f"allowed: {_ALLOWED_FUNCTIONS}",
            )
        name = node.func.id
        function = _FUNCTIONS.get(name)
        if function is None:
            raise self.fail(
                node, f"function {name!r} is not allowed; allowed: {_ALLOWED_FUNCTIONS}"
            )
        if node.keywords:
            raise self.fail(
                node.keywords[0], f"keyword arguments are not allowed; call {function.signature}"
            )
        for arg in node.args:
            if isinstance(arg, ast.Starred):
                raise self.fail(arg, "argument unpacking '*' is not allowed")
        if not function.min_args <= len(node.args) <= function.max_args:
            expected = (
                f"{function.min_args}"
                if function.min_args == function.max_args
                else f"{function.min_args} or {function.max_args}"
            )
            raise self.fail(
                node,
                f"{name}() takes {expected} argument"
                f"{'s' if function.max_args > 1 else ''} "
                f"({function.signature}), got {len(node.args)}",
            )
        if function.literal_check is not None:
            literal = _literal(node.args[-1])
            if literal is not None:
                try:
                    function.literal_check(literal)
                except (TypeError, ValueError) as error:
                    raise self.fail(node, f"{function.signature}: {error}") from None
        for arg in node.args:
            self.check(arg, inner)


# --- evaluation -----------------------------------------------------------------------------


class _Evaluator:
    """Evaluates a validated tree; every failure becomes an ExpressionError with a column."""

    def __init__(self, source: str, indent: int, env: Mapping[str, object]):
        self.source, self.indent, self.env = source, indent, env
        self.values: dict[str, Any] = {}

    def eval(self, node: ast.AST) -> Any:
        try:
            return self.HANDLERS[type(node)](self, node)
        except ExpressionError:
            raise
        except Exception as error:  # shape mismatch, bad index, bad argument, ...
            raise ExpressionError(
                f"{_where(self.source, self.indent, node)}: {self.what(node)}: {error}"
            ) from None

    @staticmethod
    def what(node: ast.AST) -> str:
        if isinstance(node, ast.Call):
            return _FUNCTIONS[node.func.id].signature
        if isinstance(node, ast.BinOp):
            return f"operator '{_OPERATOR_TEXT[type(node.op)]}'"
        if isinstance(node, ast.Name):
            return f"name {node.id!r}"
        return {
            ast.Subscript: "subscript",
            ast.Compare: "comparison",
            ast.List: "list",
            ast.Tuple: "list",
        }.get(type(node), "expression")

    def constant(self, node: ast.Constant) -> Any:
        return node.value

    def name(self, node: ast.Name) -> Any:
        if node.id in _CONSTANTS:
            return np.float64(_CONSTANTS[node.id])
        if node.id not in self.values:
            self.values[node.id] = _convert(self.env[node.id])
        return self.values[node.id]

    def sequence(self, node: ast.List | ast.Tuple) -> np.ndarray:
        return _num([self.eval(e) for e in node.elts])

    def binary(self, node: ast.BinOp) -> Any:
        a, b = _num(self.eval(node.left)), _num(self.eval(node.right))
        matmul = isinstance(node.op, ast.MatMult)
        _check_size(
            _matmul_shape(a.shape, b.shape) if matmul else np.broadcast_shapes(a.shape, b.shape)
        )
        return _BINARY[type(node.op)](a, b)

    def unary(self, node: ast.UnaryOp) -> Any:
        return _UNARY[type(node.op)](_num(self.eval(node.operand)))

    def boolean(self, node: ast.BoolOp) -> Any:
        """Element-wise; a scalar that decides the result stops evaluation, as in Python."""
        decisive = isinstance(node.op, ast.Or)
        result = None
        for operand in node.values:
            value = _num(self.eval(operand))
            result = value != 0 if result is None else _BOOLEAN[type(node.op)](result, value)
            if np.ndim(result) == 0 and bool(result) == decisive:
                break
        return result

    def compare(self, node: ast.Compare) -> Any:
        left, result = _num(self.eval(node.left)), None
        for op, operand in zip(node.ops, node.comparators, strict=True):
            right = _num(self.eval(operand))
            if isinstance(op, _ORDERING) and "c" in (left.dtype.kind, right.dtype.kind):
                raise TypeError("complex values cannot be ordered")
            _check_size(np.broadcast_shapes(left.shape, right.shape))
            link = _COMPARE[type(op)](left, right)
            result = link if result is None else np.logical_and(result, link)
            left = right
        return result

    def call(self, node: ast.Call) -> Any:
        args = [self.eval(arg) for arg in node.args]
        return _FUNCTIONS[node.func.id].implementation(*args)

    def subscript(self, node: ast.Subscript) -> Any:
        value = self.eval(node.value)
        index = node.slice
        parts = index.elts if isinstance(index, ast.Tuple) else [index]
        return _take(value, tuple(self.index(part) for part in parts))

    def index(self, node: ast.AST) -> int | slice:
        if isinstance(node, ast.Slice):
            bounds = (node.lower, node.upper, node.step)
            return slice(
                *(None if b is None else _int(self.eval(b), "a slice bound") for b in bounds)
            )
        return _int(self.eval(node), "an index")

    HANDLERS: ClassVar[dict[type, Callable[[_Evaluator, Any], Any]]] = {
        ast.Constant: constant,
        ast.Name: name,
        ast.List: sequence,
        ast.Tuple: sequence,
        ast.BinOp: binary,
        ast.UnaryOp: unary,
        ast.BoolOp: boolean,
        ast.Compare: compare,
        ast.Call: call,
        ast.Subscript: subscript,
    }


def _convert(value: Any) -> Any:
    """An env value as the evaluator sees it: lists stay lists (of converted items), strings
    stay strings (for `len`)."""
    if isinstance(value, list | tuple):
        return [_convert(v) for v in value]
    if isinstance(value, str):
        return value
    return _num(value)


def _take(value: Any, key: tuple[int | slice, ...]) -> Any:
    """Index an array (NumPy rules) or a list (first component, then the rest on the item)."""
    if not isinstance(value, list):
        return _num(value)[key]
    first, rest = key[0], key[1:]
    item = value[first]
    if not rest:
        return item
    if isinstance(first, slice):
        raise IndexError("a list sliced by its first index cannot take further indices")
    return _take(item, rest)

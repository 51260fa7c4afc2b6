"""einsum: Einstein summation over labelled axes (nx.txt, "Linear Algebra").

The subscripts name every axis of every operand with a label: one term per operand,
separated by commas (`"ij,jk"`), optionally followed by `->` and the output term
(`"ij,jk->ik"`). Equal labels are the same index: its sizes must agree (a size of 1
broadcasts, as in NumPy), and the products of the operands' elements are summed over
every label that is not in the output ("repeated indices are summed, free indices
form output dimensions"). A label repeated within one term takes that operand's
diagonal (`"ii->i"`; `"ii"` is the trace). Without `->` the output is every label
that appears exactly once, in code point order: `"ij,jk"` is `"ik"`, `"ji"` is the
transpose `"ij"`. An explicit output lists each label at most once, each one found in
the inputs. The result is a new tensor of the operands' one dtype.

What the documentation leaves unsaid is read as Nx 1.0.0~alpha1 does it (see the
`# Note:`s of `parse`): labels are letters, digits and `_`; spaces around terms are
ignored and empty terms are dropped (a 0-D operand has no term of its own); `...` stands
for the leading axes a term does not name, broadcast across operands as in NumPy.

Evaluation: each operand's repeated labels become diagonals and its labels used
nowhere else are summed out; then the operands are multiplied in order, two at a time,
each step one batched matrix product (`_common.contract`, over the matmul core): the
labels both share and still needed later are batch axes, the shared labels needed
nowhere else are summed. Finally the labels are put in the output's order.
"""

from __future__ import annotations

import string
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from reference.errors import require
from reference.nx._cores.elementwise import same_dtype
from reference.nx.linalg._common import contract, wide
from reference.registry import op
from reference.tensor import Tensor

LABELS = frozenset(string.ascii_letters + string.digits + "_")
ELLIPSIS = "..."


@dataclass(frozen=True)
class Subscripts:
    inputs: tuple[str, ...]
    output: str
    sizes: dict[str, int]


def ellipsis_label(k: int) -> str:
    """The private label of the k-th axis an ellipsis stands for (a character no
    subscript may hold, so that the rest of the evaluation treats it as any label)."""
    return chr(0x2460 + k)


def tokens(term: str, subscripts: str) -> list[str]:
    """The labels of one term, `...` kept as one token."""
    out, rest = [], term
    while rest:
        if rest.startswith("."):
            require(
                rest.startswith(ELLIPSIS),
                "einsum",
                f"subscripts {subscripts!r}: an ellipsis is written '...'",
            )
            require(
                ELLIPSIS not in out,
                "einsum",
                f"subscripts {subscripts!r}: term {term!r} has more than one '...'",
            )
            out.append(ELLIPSIS)
            rest = rest[3:]
        else:
            require(
                rest[0] in LABELS,
                "einsum",
                f"subscripts {subscripts!r}: {rest[0]!r} is not an index label (a-z, A-Z, 0-9, _)",
            )
            out.append(rest[0])
            rest = rest[1:]
    return out


def expand(term: list[str], ellipsis: list[str]) -> str:
    """`term` with its `...` replaced by the labels it stands for."""
    return "".join("".join(ellipsis) if token == ELLIPSIS else token for token in term)


def parse(subscripts: str, shapes: Sequence[tuple[int, ...]]) -> Subscripts:
    """The checked subscripts for operands of `shapes`, with the size of each label."""
    require(
        subscripts.count("->") <= 1, "einsum", f"subscripts {subscripts!r} have more than one '->'"
    )
    left, arrow, right = subscripts.partition("->")
    # Note: R150 — the documentation shows letters, commas and `->` only. As Nx 1.0.0~alpha1:
    # digits and `_` are labels too, spaces around a term are ignored and an empty term is
    # dropped, so that a 0-D operand cannot be named by an empty term (`",i->i"` has one
    # term for two operands and raises).
    terms = [tokens(term.strip(), subscripts) for term in left.split(",") if term.strip()]
    require(
        len(terms) == len(shapes),
        "einsum",
        f"subscripts {subscripts!r} have {len(terms)} operand term(s) for {len(shapes)} operand(s)",
    )
    # Note: R150 — `...` (NumPy's ellipsis, undocumented) stands for the axes of an operand that
    # its term does not name, leading the named ones' positions; the ellipses of all
    # operands are aligned on the right and broadcast, as in NumPy (Nx 1.0.0~alpha1).
    rank = 0
    for number, (term, shape) in enumerate(zip(terms, shapes, strict=True)):
        named = len(term) - term.count(ELLIPSIS)
        fits = len(shape) >= named if ELLIPSIS in term else len(shape) == named
        require(
            fits,
            "einsum",
            f"term {''.join(term)!r} names {named} axes but operand {number} has shape "
            f"{list(shape)}",
        )
        rank = max(rank, len(shape) - named)
    every = [ellipsis_label(k) for k in range(rank)]
    inputs = []
    for term, shape in zip(terms, shapes, strict=True):
        covered = len(shape) - (len(term) - term.count(ELLIPSIS))
        inputs.append(expand(term, every[rank - covered :]))
    sizes: dict[str, int] = {}
    for number, (term, shape) in enumerate(zip(inputs, shapes, strict=True)):
        own: dict[str, int] = {}
        for letter, size in zip(term, shape, strict=True):
            require(
                own.setdefault(letter, size) == size,
                "einsum",
                f"index {letter!r} is repeated in term {term!r} over axes of sizes "
                f"{own[letter]} and {size} of operand {number}; a diagonal needs equal sizes",
            )
            known = sizes.setdefault(letter, size)
            require(
                size == known or 1 in (size, known),
                "einsum",
                f"index {letter!r} has sizes {known} and {size}; they must be equal "
                f"(or 1, which broadcasts)",
            )
            if known == 1:
                sizes[letter] = size
    counts = Counter("".join(inputs))
    if arrow:
        wanted = tokens(right.strip(), subscripts)
        # Note: R150 — an output `...` needs an ellipsis standing for at least one axis in the
        # inputs (Nx 1.0.0~alpha1 refuses `"ij->...ij"` and a 0-D `"...->..."`; NumPy
        # takes both).
        require(
            ELLIPSIS not in wanted or rank > 0,
            "einsum",
            f"subscripts {subscripts!r}: the output's '...' stands for no input axis",
        )
        output = expand(wanted, every)
        repeated = sorted(letter for letter, n in Counter(output).items() if n > 1)
        require(
            not repeated,
            "einsum",
            f"output {right.strip()!r} repeats the index {', '.join(repeated)}",
        )
        unknown = sorted(set(output) - set(counts))
        require(
            not unknown,
            "einsum",
            f"output {right.strip()!r} has the index {', '.join(unknown)}, found in no operand",
        )
    else:
        # Without `->`, the ellipsis' axes lead, then the labels found once (NumPy).
        once = sorted(letter for letter, n in counts.items() if n == 1 and letter not in every)
        output = "".join(every) + "".join(once)
    return Subscripts(tuple(inputs), output, sizes)


def diagonals(values: np.ndarray, term: str) -> tuple[np.ndarray, str]:
    """`values` with each letter repeated in `term` reduced to its diagonal (one axis,
    moved last); returns the values and their letters, now all distinct."""
    while len(set(term)) < len(term):
        letter = next(letter for letter in term if term.count(letter) > 1)
        first = term.index(letter)
        second = term.index(letter, first + 1)
        values = np.diagonal(values, axis1=first, axis2=second)
        term = term[:first] + term[first + 1 : second] + term[second + 1 :] + letter
    return values, term


def summed_out(values: np.ndarray, term: str, keep: set[str]) -> tuple[np.ndarray, str]:
    """`values` summed over its letters that are not in `keep`."""
    axes = tuple(axis for axis, letter in enumerate(term) if letter not in keep)
    kept = "".join(letter for letter in term if letter in keep)
    return np.add.reduce(values, axis=axes), kept


@op("nx", "einsum")
def einsum(subscripts: str, operands: list[Tensor]) -> Tensor:
    require(len(operands) > 0, "einsum", "the array of operands is empty; at least one is needed")
    dtype = same_dtype("einsum", *operands)
    spec = parse(subscripts, [t.shape for t in operands])
    terms = []
    with np.errstate(all="ignore"):
        for number, (t, term) in enumerate(zip(operands, spec.inputs, strict=True)):
            values, term = diagonals(wide(t), term)
            values = np.broadcast_to(values, [spec.sizes[letter] for letter in term])
            others = set(spec.output).union(*spec.inputs[:number], *spec.inputs[number + 1 :])
            terms.append(summed_out(values, term, others))
        values, term = terms[0]
        for number, (other, other_term) in enumerate(terms[1:], start=1):
            later = set(spec.output).union(*(t for _, t in terms[number + 1 :]))
            shared = [letter for letter in term if letter in other_term]
            batch = [letter for letter in shared if letter in later]
            summed = [letter for letter in shared if letter not in later]
            values = contract(
                values,
                other,
                positions(term, other_term, batch),
                positions(term, other_term, summed),
            )
            term = "".join(batch) + "".join(
                letter for letter in term + other_term if letter not in shared
            )
    # Every letter left is an output letter: the others were summed on the way.
    order = [term.index(letter) for letter in spec.output]
    return Tensor.from_values(np.transpose(values, order), dtype)


def positions(term_x: str, term_y: str, letters: Sequence[str]) -> tuple[list[int], list[int]]:
    """The positions of `letters` in each of the two terms."""
    return [term_x.index(x) for x in letters], [term_y.index(y) for y in letters]

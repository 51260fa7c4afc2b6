"""einsum: Einstein summation over labelled axes (seed 001, "Linear Algebra").

The subscripts name every axis of every operand with a letter: one term per operand,
separated by commas (`"ij,jk"`), optionally followed by `->` and the output term
(`"ij,jk->ik"`). Equal letters are the same index: its sizes must agree (a size of 1
broadcasts, as in NumPy), and the products of the operands' elements are summed over
every letter that is not in the output ("repeated indices are summed, free indices
form output dimensions"). A letter repeated within one term takes that operand's
diagonal (`"ii->i"`; `"ii"` is the trace). Without `->` the output is every letter
that appears exactly once, in alphabetical (code point) order: `"ij,jk"` is `"ik"`,
`"ji"` is the transpose `"ij"`. An explicit output lists each letter at most once,
each one found in the inputs. The result is a new tensor of the operands' one dtype.

Evaluation: each operand's repeated letters become diagonals and its letters used
nowhere else are summed out; then the operands are multiplied in order, two at a time,
each step one batched matrix product (`_common.contract`, over the matmul core): the
letters both share and still needed later are batch axes, the shared letters needed
nowhere else are summed. Finally the letters are put in the output's order.
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

LETTERS = frozenset(string.ascii_letters)


@dataclass(frozen=True)
class Subscripts:
    inputs: tuple[str, ...]
    output: str
    sizes: dict[str, int]


def parse(subscripts: str, shapes: Sequence[tuple[int, ...]]) -> Subscripts:
    """The checked subscripts for operands of `shapes`, with the size of each letter."""
    # Note: R150 — the documentation shows letters, commas and `->` only; the ellipsis `...` of
    # NumPy is not documented and is refused as a malformed subscript, like any other
    # character (spaces included).
    require(subscripts.count("->") <= 1, "einsum",
            f"subscripts {subscripts!r} have more than one '->'")
    left, arrow, right = subscripts.partition("->")
    inputs = tuple(left.split(","))
    for character in left.replace(",", "") + right:
        require(character in LETTERS, "einsum",
                f"subscripts {subscripts!r}: {character!r} is not an index letter (a-z, A-Z)")
    require(len(inputs) == len(shapes), "einsum",
            f"subscripts {subscripts!r} have {len(inputs)} operand term(s) for "
            f"{len(shapes)} operand(s)")
    sizes: dict[str, int] = {}
    for number, (term, shape) in enumerate(zip(inputs, shapes, strict=True)):
        require(len(term) == len(shape), "einsum",
                f"term {term!r} names {len(term)} axes but operand {number} has shape "
                f"{list(shape)}")
        own: dict[str, int] = {}
        for letter, size in zip(term, shape, strict=True):
            require(own.setdefault(letter, size) == size, "einsum",
                    f"index {letter!r} is repeated in term {term!r} over axes of sizes "
                    f"{own[letter]} and {size} of operand {number}; a diagonal needs equal sizes")
            known = sizes.setdefault(letter, size)
            require(size == known or 1 in (size, known), "einsum",
                    f"index {letter!r} has sizes {known} and {size}; they must be equal "
                    f"(or 1, which broadcasts)")
            if known == 1:
                sizes[letter] = size
    counts = Counter(left.replace(",", ""))
    if arrow:
        output = right
        repeated = sorted(letter for letter, n in Counter(output).items() if n > 1)
        require(not repeated, "einsum",
                f"output {output!r} repeats the index {', '.join(repeated)}")
        unknown = sorted(set(output) - set(counts))
        require(not unknown, "einsum",
                f"output {output!r} has the index {', '.join(unknown)}, found in no operand")
    else:
        output = "".join(sorted(letter for letter, n in counts.items() if n == 1))
    return Subscripts(inputs, output, sizes)


def diagonals(values: np.ndarray, term: str) -> tuple[np.ndarray, str]:
    """`values` with each letter repeated in `term` reduced to its diagonal (one axis,
    moved last); returns the values and their letters, now all distinct."""
    while len(set(term)) < len(term):
        letter = next(letter for letter in term if term.count(letter) > 1)
        first = term.index(letter)
        second = term.index(letter, first + 1)
        values = np.diagonal(values, axis1=first, axis2=second)
        term = term[:first] + term[first + 1:second] + term[second + 1:] + letter
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
            others = set(spec.output).union(*spec.inputs[:number], *spec.inputs[number + 1:])
            terms.append(summed_out(values, term, others))
        values, term = terms[0]
        for number, (other, other_term) in enumerate(terms[1:], start=1):
            later = set(spec.output).union(*(t for _, t in terms[number + 1:]))
            shared = [letter for letter in term if letter in other_term]
            batch = [letter for letter in shared if letter in later]
            summed = [letter for letter in shared if letter not in later]
            values = contract(values, other, positions(term, other_term, batch),
                              positions(term, other_term, summed))
            term = "".join(batch) + "".join(
                letter for letter in term + other_term if letter not in shared)
    # Every letter left is an output letter: the others were summed on the way.
    order = [term.index(letter) for letter in spec.output]
    return Tensor.from_values(np.transpose(values, order), dtype)


def positions(term_x: str, term_y: str, letters: Sequence[str]) -> tuple[list[int], list[int]]:
    """The positions of `letters` in each of the two terms."""
    return [term_x.index(x) for x in letters], [term_y.index(y) for y in letters]

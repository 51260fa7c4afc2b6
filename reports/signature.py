"""Failure signatures: what makes two failures "the same".

A failure's message observes the implementation with concrete numbers (values, counts,
indices, sizes, tolerances, durations, addresses) that change from run to run and from
dtype to dtype while the failure stays the same. Its *signature* is the first line of the
message with those numbers masked by `#` (a list of them by one `#`), and without what a
crashed program last wrote on stderr: one failure gives one signature on every run.

The gate compares a known failure's signature with the one a baseline recorded
(`reports/gate.py`, `reports/baseline.py`); the causes of a run group failures by the
facts of their `failure` and, within a cause, by the message with its numbers masked
(`reports/causes.py`). Both mask numbers with the one pattern of this module, `NUMBER`.
"""

from __future__ import annotations

import re

# A number standing alone: integers, decimals, exponents, nan / inf, hexadecimal addresses,
# with an optional unit of time or the `i` of a complex part. Digits inside a name stay
# (`int32`, `float8_e4m3`, `arg2`), and so do dotted versions (`1.0.0`).
NUMBER = re.compile(
    r"""(?<![\w.])[-+]?
        (?: 0x[0-9a-f]+ | (?:\d+(?:\.\d+)?|\.\d+)(?:e[-+]?\d+)? | nan | inf(?:inity)? )
        (?:ms|us|µs|ns|s|i)?
        (?!\w|\.\d)""",
    re.IGNORECASE | re.VERBOSE,
)
MASK = "#"

_COMPLEX = re.compile(r"\(#\s*[-+]\s*#\)")
_LIST = re.compile(r"#(?:,\s*(?:#|\.\.\.))+")  # numbers listed: their count is a count too
_CLIP = re.compile(r"\.\.\.(?!\])")  # a rendering cut at a length (a list's `, ...]` is not)

# What a crashed program last wrote on stderr (`(stderr: '...')`, its text quoted by repr):
# free text of the program, which differs from crash to crash.
_STDERR = re.compile(r""" \(stderr: (?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")\)""")

# How the comparator's first line names the kinds of the differing elements (nan,
# signed-zero, infinity, extreme, ordinary): words of a closed vocabulary, not numbers.
DIFFERING = "; differing: "


def masked(text: str, mask: str = MASK) -> str:
    """`text` with every number standing alone (`NUMBER`) replaced by `mask`; the kinds of
    the differing elements after `DIFFERING` are words (`nan`, `infinity`) and stay."""
    head, marker, kinds = text.partition(DIFFERING)
    return NUMBER.sub(mask, head) + marker + kinds


def signature(message: str) -> str:
    """The first line of a failure message with values, counts, indices, sizes,
    tolerances, durations, addresses and ids replaced by `#` (a list of them by one `#`),
    and without what a crashed program wrote on stderr. The kinds of the differing
    elements stay: a failure whose differing elements change kind changes signature."""
    first = " ".join(message.splitlines()[0].split()) if message.strip() else ""
    first = _STDERR.sub("", first)
    first, marker, kinds = first.partition(DIFFERING)  # the kinds are words, kept as they are
    normal = _LIST.sub(MASK, _COMPLEX.sub(MASK, masked(first)))
    return _unclip(normal) + marker + kinds


def _unclip(text: str) -> str:
    """A value rendering cut at a number of characters ends wherever its numbers' widths
    put the cut: keep it up to its first number only (`[#, -...` and `[#]), ...` are one)."""
    clip = _CLIP.search(text)
    if not clip:
        return text
    start = text.rfind(": ", 0, clip.start()) + 1
    first = text.find(MASK, start, clip.start())
    if first < 0:
        return text
    return text[:first] + MASK + "..." + _unclip(text[clip.end() :])

"""Failure signatures (`reports/signature.py`): a table of messages and the signature each
gives (the first line, numbers masked, a list of them as one `#`, stderr dropped, the kinds
of the differing elements kept), and the one number pattern shared by the gate and the
causes' variants."""

from __future__ import annotations

import pytest

from reports import causes
from reports.signature import masked, signature

SIGNATURES = [
    # values, counts, shapes and the tolerance's figures are numbers; the kinds are words
    (
        "values differ: 3 of 10 element(s) of int4 [10] (compared exactly); differing: "
        "extreme, ordinary\nat [1]: got -8, expected 8",
        "values differ: # of # element(s) of int4 [#] (compared exactly); differing: "
        "extreme, ordinary",
    ),
    (
        "values differ: 1 of 6 element(s) of float32 [2, 3] outside tolerance rtol=1e-05, "
        "atol=0; differing: nan, infinity",
        "values differ: # of # element(s) of float32 [#] outside tolerance rtol=#, atol=#; "
        "differing: nan, infinity",
    ),
    # nan, inf, signs and exponents are numbers; a list of them is one `#`
    (
        "returned float64 tensor [3] [nan, -inf, 1.5e-300], but the call should raise "
        "Invalid_argument",
        "returned float64 tensor [#] [#], but the call should raise Invalid_argument",
    ),
    ("shape differs at [0]: got [0], expected [3]", "shape differs at [#]: got [#], expected [#]"),
    # a complex number rendered (a + bi) is one value
    (
        "value differs: got complex (1.5 + 2i), expected complex (1.5 - 2i)",
        "value differs: got complex #, expected complex #",
    ),
    # digits inside names and dotted versions are not numbers
    (
        "dtype differs: got float8_e4m3, expected int32 (Nx 1.0.0 arg2)",
        "dtype differs: got float8_e4m3, expected int32 (Nx 1.0.0 arg2)",
    ),
    # durations, exit statuses, request numbers and addresses are numbers
    (
        "the implementation crashed: the program exited (status -11) while waiting for the "
        "reply to request 6754; the program was restarted",
        "the implementation crashed: the program exited (status #) while waiting for the "
        "reply to request #; the program was restarted",
    ),
    ("no reply within 5.0s", "no reply within #"),
    ("segfault at 0x7f3a2c", "segfault at #"),
    # what a crashed program wrote on stderr is its own free text: dropped
    (
        "the implementation crashed: exited (status 2) (stderr: 'Fatal error: at 0x1f')",
        "the implementation crashed: exited (status #)",
    ),
    # a rendering cut at a length ends where its numbers' widths put the cut
    (
        "returned Tuple(items=(tensor(float64, [2], [-0.3722813232690143, 5.372281323269014]), "
        "ten..., but the call should raise Invalid_argument",
        "returned Tuple(items=(tensor(float64, [#..., but the call should raise Invalid_argument",
    ),
    # a list's own `, ...]` is not a cut: the list is one `#`
    (
        "returned float64 tensor [3, 3] [1.5, -inf, 2e-300, 0.0, 1.0, 2.0, 3.0, 4.0, ...], "
        "but the call should raise Invalid_argument",
        "returned float64 tensor [#] [#], but the call should raise Invalid_argument",
    ),
    # the first line only, its whitespace collapsed; no message gives no signature
    (
        "the call raised Failure (cmplt:   operation not supported)\nsecond line 42",
        "the call raised Failure (cmplt: operation not supported)",
    ),
    ("", ""),
]


@pytest.mark.parametrize(("message", "expected"), SIGNATURES)
def test_each_message_gives_its_signature(message, expected):
    assert signature(message) == expected


def test_masking_keeps_the_kinds_of_the_differing_elements():
    line = "values differ: 2 of 4 element(s) of float16 [4] outside tolerance exact"
    assert masked(line + "; differing: nan, signed-zero", "N") == (
        "values differ: N of N element(s) of float16 [N] outside tolerance exact"
        "; differing: nan, signed-zero"
    )


def test_the_causes_variants_mask_the_numbers_the_gate_masks():
    message = "the call raised Failure (reshape [2,3] to [7]: nan at 0x1f in Nx 1.0.0)"
    assert causes.normalised(message) == "raised Failure (reshape [N,N] to [N]: N at N in Nx 1.0.0)"
    assert "the call " + causes.normalised(message) == masked(message, "N")

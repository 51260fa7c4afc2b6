"""The reference over the wire protocol, with wrong or incomplete answers planted.

    python -m tests.drivers.answers

Requests for these ops are answered badly; every other request by the reference:
- `out_of_range`: a result whose element 2 is out of range for its dtype (int8 300);
- `out_of_range_after`: a correct result, but an argument after the call holds an int4 9;
- `no_observation`: a result without the observations the request asked for;
- `negative_zero`: the float32 tensor [-0.0, 1.0], written as JavaScript must ("-0");
- `served`: how many requests this process has answered, itself included (a restart
  starts again from 1).
"""

from __future__ import annotations

import json
import sys

from adapters.driver import answer
from adapters.reference.adapter import ReferenceAdapter

PLANTED = {
    "out_of_range": {"tensor": {"dtype": "int8", "shape": [3], "data": [1, 2, 300]}},
    "out_of_range_after": {"unit": None},
    "no_observation": {"unit": None},
    "negative_zero": {"tensor": {"dtype": "float32", "shape": [2], "data": ["-0", 1.0]}},
}


def main() -> None:
    adapter = ReferenceAdapter()
    hello = {
        "name": "answers",
        "version": "1",
        "namespaces": ["nx"],
        "dtypes": sorted(adapter.dtypes),
        "handles": False,
    }
    print(json.dumps({"hello": hello}), flush=True)
    for served, line in enumerate(sys.stdin, 1):
        message = json.loads(line)
        op = message.get("op")
        if op == "served":
            reply = {"id": message["id"], "result": {"int": served}}
        elif op in PLANTED:
            reply = {"id": message["id"], "result": PLANTED[op]}
            if op == "out_of_range_after":
                reply["args_after"] = [{"tensor": {"dtype": "int4", "shape": [2], "data": [1, 9]}}]
        else:
            reply = answer(adapter, message)
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()

"""The reference over the wire protocol, with faults planted on named ops.

    python -m tests.drivers.faulty [exit-at-start | bad-hello | odd-hello | no-hello
                                    | crash-always | start-once MARKER]

Modes: `exit-at-start` exits before its hello; `bad-hello` prints a line that is not a
hello; `odd-hello` a hello whose dtypes are not a list; `no-hello` prints nothing;
`crash-always` says hello and dies on every request;
`start-once MARKER` says hello the first time (creating MARKER) and exits before its hello
when MARKER exists.


Requests for these ops misbehave; every other request is answered by the reference:
- `crash_mid_case`: the process exits without answering;
- `hang`: never answers;
- `garbage`: prints a line that is not JSON;
- `wrong_id`: answers with another request's id;
- `no_result`: answers a JSON object with neither result, error nor unsupported;
- `bad_value`: answers a result that is not a valid tagged value.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from adapters.driver import answer
from adapters.reference.adapter import ReferenceAdapter


def main() -> None:
    mode = sys.argv[1] if len(sys.argv) > 1 else ""
    if mode == "exit-at-start":
        print("dying before hello", file=sys.stderr)
        sys.exit(7)
    if mode == "start-once":
        marker = Path(sys.argv[2])
        try:
            marker.touch(exist_ok=False)  # atomic: of two starts at once, one fails
        except FileExistsError:
            print(f"cannot start again: {marker} exists", file=sys.stderr)
            sys.exit(3)
    if mode == "bad-hello":
        print("Hello there", flush=True)
        sys.stdin.read()
        return
    if mode == "odd-hello":
        print(json.dumps({"hello": {"name": "odd", "dtypes": "int32"}}), flush=True)
        sys.stdin.read()
        return
    if mode == "no-hello":
        sys.stdin.read()
        return
    adapter = ReferenceAdapter()
    hello = {
        "name": "faulty",
        "version": "1",
        "namespaces": ["nx"],
        "dtypes": sorted(adapter.dtypes),
        "handles": True,
    }
    print(json.dumps({"hello": hello}), flush=True)
    for line in sys.stdin:
        message = json.loads(line)
        op = message.get("op")
        if op == "crash_mid_case" or mode == "crash-always":
            print("segmentation fault (planted)", file=sys.stderr, flush=True)
            sys.exit(139)
        if op == "hang":
            time.sleep(3600)
        if op == "garbage":
            print("Warning: something happened", flush=True)
            continue
        if op == "wrong_id":
            print(json.dumps({"id": message["id"] + 100, "result": {"int": 1}}), flush=True)
            continue
        if op == "no_result":
            print(json.dumps({"id": message["id"], "value": 1}), flush=True)
            continue
        if op == "bad_value":
            print(
                json.dumps(
                    {
                        "id": message["id"],
                        "result": {"tensr": {"dtype": "int8", "shape": [1], "data": [3]}},
                    }
                ),
                flush=True,
            )
            continue
        print(json.dumps(answer(adapter, message)), flush=True)


if __name__ == "__main__":
    main()

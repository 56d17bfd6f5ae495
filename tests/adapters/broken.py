"""A deliberately broken implementation for the runner's tests: the reference, except on chosen requests.

Arguments `ACTION=SEQ` pick what happens to the run request with that seq (`*`: every request): `wrong`
(the elder's total off by one), `no-last-trick` (the last trick's extra point forgotten), `crash` (exit
without answering, saying so on stderr), `exit` (exit without answering, saying nothing), `hang` (never answer), `garbage` (a line that is not JSON), `errored` (the
protocol's own "I broke" answer), `unsupported`.
"""

from __future__ import annotations

import json
import sys
import time

from piquet_ref.protocol.serve import answer


def main() -> None:
    plan = {seq if seq == "*" else int(seq): action for action, _, seq in (arg.partition("=") for arg in sys.argv[1:])}
    for line in sys.stdin:
        request = json.loads(line)
        if request.get("cmd") == "stop":
            return
        action = plan.get(request.get("seq", -1), plan.get("*")) if request.get("cmd") == "run" else None
        if action == "crash":
            sys.stderr.write("broken adapter: crashing on purpose\n")
            sys.exit(3)
        if action == "exit":
            sys.exit(4)
        if action == "hang":
            time.sleep(3600)
        if action == "garbage":
            print("this is not JSON", flush=True)
            continue
        response = answer(request)
        if action == "wrong" and response is not None and "result" in response:
            response["result"]["elder"]["total"] += 1
        if action == "no-last-trick" and response is not None and response.get("result", {}).get("complete"):
            winner = response["result"]["tricks"][-1]["winner"]
            response["result"][winner]["play"] -= 1
            response["result"][winner]["total"] -= 1
        if action == "errored":
            response = {"seq": request["seq"], "errored": True, "message": "broken on purpose"}
        if action == "unsupported":
            response = {"seq": request["seq"], "unsupported": True}
        print(json.dumps(response), flush=True)


if __name__ == "__main__":
    main()

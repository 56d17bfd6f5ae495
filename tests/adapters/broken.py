"""A deliberately broken implementation for the runner's tests: the reference, except on chosen requests.

Arguments `ACTION=SEQ` pick what happens to the run request with that seq (`*`: every request): `wrong`
(the elder's total off by one), `no-last-trick` (the last trick's extra point forgotten), `crash` (exit
without answering, saying so on stderr), `exit` (exit without answering, saying nothing), `hang`
(never answer), and what a hostile program does: `deep` (a response nested 100,000 deep), `surrogate`
(a lone surrogate in the response), `close` (close stdout and stay alive), `control` (control characters in
an error message), `seq-float` and `seq-true` (the seq as 4.0 or true), `twice` (answer twice), `flood` (50 MB
on stderr without a newline, then answer), `pid` (write the process id to the file named by PIQUET_PID_FILE,
then hang), (never answer), `garbage` (a line that is not JSON), `errored` (the
protocol's own "I broke" answer), `unsupported`.
"""

from __future__ import annotations

import json
import os
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
        if action == "pid":
            with open(os.environ["PIQUET_PID_FILE"], "w", encoding="utf-8") as out:
                out.write(str(os.getpid()))
            time.sleep(3600)
        if action == "close":
            sys.stdout.close()
            os.close(1)
            time.sleep(3600)
        if action == "deep":
            print("[" * 100_000 + "]" * 100_000, flush=True)
            continue
        if action == "surrogate":
            print('{"seq": %s, "result": {"elder": "\\ud800"}}' % json.dumps(request.get("seq")), flush=True)
            continue
        if action == "flood":
            sys.stderr.write("x" * 50_000_000)
            sys.stderr.flush()
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
        if action == "control" and response is not None:
            response = {"seq": request["seq"], "error": {"code": "play-revoke", "message": "bad\x01\x02\x1b[31m\x00"}}
        if action in ("seq-float", "seq-true") and response is not None:
            response["seq"] = float(request["seq"]) if action == "seq-float" else True
        if action == "twice":
            print(json.dumps(response), flush=True)
        if action == "errored":
            response = {"seq": request["seq"], "errored": True, "message": "broken on purpose"}
        if action == "unsupported":
            response = {"seq": request["seq"], "unsupported": True}
        print(json.dumps(response), flush=True)


if __name__ == "__main__":
    main()

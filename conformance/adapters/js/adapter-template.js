#!/usr/bin/env node
// A starting point for a JavaScript adapter to the piquet-ref conformance corpus (protocol 1,
// ADAPTER.md). Copy this file and fill in the marked part, or require it from your glue, as
// toy-adapter.js does:
//   const { serve, Rejected, Unsupported } = require("./adapter-template");
//   serve({ ops: { score_deal: myScoreDeal }, name: "my-piquet", version: "0.1.0" });
// The protocol (hello, run, stop; one JSON object a line; `seq` echoed; the four kinds of answer)
// is done below, so your glue is a few lines. Node >= 18, no dependencies. From the repository root:
//   piquet-ref conformance run --impl "node my-adapter.js" --op score_deal --level totals
"use strict";
const readline = require("node:readline");

// Throw for an input that breaks a law or is malformed: an `error` answer, judged like a result.
// `code` is one of spec/errors.yaml (play-revoke, card-duplicate, ...); `law` the Portland law.
class Rejected extends Error {
  constructor(code, message, law = null) {
    super(message);
    this.code = code;
    this.law = law;
  }
}

// Throw for an op, ruleset or form of input you do not handle: `unsupported`, never a failure.
class Unsupported extends Error {}

// ---- your engine: fill this in -----------------------------------------------------------------
// A deal record (ADAPTER.md, `score_deal`) in; out at least each player's ten totals, all that
// level `totals` judges: { elder: { carte_blanche, point, sequences, sets, repique, pique, play,
// cards, capot, total }, younger: { the same ten } }, each a number.
function scoreDeal(record) {
  throw new Unsupported("score_deal is not written yet");
}
const OPS = { score_deal: scoreDeal }; // op -> function(input) -> result; every other op: unsupported
// ---- end of your engine ------------------------------------------------------------------------

// The one response to a `run` request: whatever the op throws becomes its kind of answer.
function answer({ seq = null, op, input }, ops, rulesets) {
  try {
    if (!Object.hasOwn(ops, op)) throw new Unsupported(`op ${op} is not offered; ops: ${Object.keys(ops)}`);
    if (input === null || typeof input !== "object" || Array.isArray(input)) { // every op's input is a mapping
      throw new Rejected("record-invalid", "the input must be a mapping");
    }
    const ruleset = Object.hasOwn(input, "ruleset") ? input.ruleset : "portland-1882";
    if (!rulesets.includes(ruleset)) throw new Unsupported(`ruleset ${JSON.stringify(ruleset)} is not offered`);
    return { seq, result: ops[op](input) };
  } catch (e) {
    if (e instanceof Rejected) { // a rule rejection is a proper answer, judged against expect_error
      return { seq, error: { code: e.code, message: e.message, ...(e.law === null ? {} : { law: e.law }) } };
    }
    if (e instanceof Unsupported) return { seq, unsupported: true, message: e.message };
    console.error(`seq ${JSON.stringify(seq)}:`, e); // a fault of the engine: `errored`, never a pass
    return { seq, errored: true, message: String(e) };
  }
}

// Answer the requests on stdin until `stop` or end of input. Nothing but answers goes to stdout.
function serve({ ops = OPS, name = "my-piquet", version = "0.1.0", rulesets = ["portland-1882"] } = {}) {
  const hello = { protocol: 1, implementation: { name, version }, capabilities: { ops: Object.keys(ops), rulesets } };
  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  let stopped = false;
  lines.on("line", (line) => {
    if (stopped || !line.trim()) return; // a blank line gets no answer
    let request = null;
    try { request = JSON.parse(line); } catch { /* the runner never sends one, but answer it rather than die */ }
    const cmd = request !== null && typeof request === "object" ? request.cmd : undefined;
    if (cmd === "stop") return void (stopped = true, lines.close());
    const response = cmd === "hello" ? hello : cmd === "run" ? answer(request, ops, rulesets)
      : { seq: null, error: { code: "request-invalid", message: line.slice(0, 80) } };
    process.stdout.write(JSON.stringify(response) + "\n"); // exactly one line per request
  });
  lines.on("close", () => process.stdout.write("", () => process.exit(0))); // exit once it is all written
  process.stdout.on("error", () => process.exit(0)); // the runner went away
}

module.exports = { Rejected, Unsupported, serve };
if (require.main === module) serve();

#!/usr/bin/env node
// The template's glue on a real engine: toy-engine.js, a small independent scorer that gives each
// player's ten totals, so reaches level `totals`. Its two exceptions become the protocol's answers.
//   piquet-ref conformance run --impl "node conformance/adapters/js/toy-adapter.js" --op score_deal --level totals
"use strict";
const { serve, Rejected, Unsupported } = require("./adapter-template");
const toy = require("./toy-engine");

function scoreDeal(record) {
  try {
    return toy.scoreDeal(record);
  } catch (e) {
    if (e instanceof toy.IllegalDeal) throw new Rejected(e.code, e.message);
    if (e instanceof toy.NotHandled) throw new Unsupported(e.message);
    throw e; // a fault of the toy: answered `errored`
  }
}

serve({ ops: { score_deal: scoreDeal }, name: "piquet-js-toy", version: "0.1.0", rulesets: ["portland-1882"] });

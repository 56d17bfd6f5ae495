#!/usr/bin/env node
// piquet-js-partial: a deliberately partial Piquet implementation (Portland Club laws, 1882)
// speaking protocol 1 of the piquet-ref conformance corpus (JSON Lines on stdin/stdout).
//
// It implements one op, `evaluate_hand`, from its own tables below (it reads nothing from the
// Python package or spec/), and answers `unsupported` for every other op and ruleset. Its point
// is to show that the corpus and the protocol are language-neutral.
//
//   node adapter.js             persistent: answer request lines until `stop` or end of input
//   node adapter.js --one-shot  answer the first request, then exit
//
// Node >= 18, no dependencies.

"use strict";

const PROTOCOL = 1;
const NAME = "piquet-js-partial";
const VERSION = "0.1.0";
const RULESET = "portland-1882";
const OPS = ["evaluate_hand"];

// ---------------------------------------------------------------- the pack

// Ranks, highest first: symbol, name, pip value, court card?, may make a quatorze or trio?
const RANKS = [
  { symbol: "A", name: "ace", pips: 11, court: false, set: true },
  { symbol: "K", name: "king", pips: 10, court: true, set: true },
  { symbol: "Q", name: "queen", pips: 10, court: true, set: true },
  { symbol: "J", name: "knave", pips: 10, court: true, set: true },
  { symbol: "T", name: "ten", pips: 10, court: false, set: true },
  { symbol: "9", name: "nine", pips: 9, court: false, set: false },
  { symbol: "8", name: "eight", pips: 8, court: false, set: false },
  { symbol: "7", name: "seven", pips: 7, court: false, set: false },
];
const RANK_ALIASES = { T: ["10"] };

// Suits in their fixed order (S H D C), with the glyph accepted on input.
const SUITS = [
  { symbol: "S", glyph: "♠" },
  { symbol: "H", glyph: "♥" },
  { symbol: "D", glyph: "♦" },
  { symbol: "C", glyph: "♣" },
];

// Sequences: minimum length, names and points by length.
const SEQ_MIN = 3;
const SEQ_NAMES = { 3: "tierce", 4: "quart", 5: "quint", 6: "sixième", 7: "septième", 8: "huitième" };
const SEQ_POINTS = { 3: 3, 4: 4, 5: 15, 6: 16, 7: 17, 8: 18 };

// Sets: three of a rank is a trio, four a quatorze.
const SET_NAMES = { 3: "trio", 4: "quatorze" };
const SET_POINTS = { 3: 3, 4: 14 };

// Carte blanche: a hand of at least this many cards with no court card.
const BLANCHE_MIN_CARDS = 12;

// A card is the number suit * 8 + rank, indexes into SUITS and RANKS (rank 0 = ace).
const cardName = (suit, rank) => RANKS[rank].symbol + SUITS[suit].symbol;

// Every accepted spelling, upper-cased, -> card index (suit * 8 + rank).
const SPELLINGS = new Map();
SUITS.forEach((s, suit) => {
  RANKS.forEach((r, rank) => {
    for (const rankText of [r.symbol, ...(RANK_ALIASES[r.symbol] || [])]) {
      for (const suitText of [s.symbol, s.glyph]) {
        SPELLINGS.set((rankText + suitText).toUpperCase(), suit * 8 + rank);
      }
    }
  });
});
const SPELLING_HELP = "a rank A K Q J T/10 9 8 7, then a suit S H D C or ♠ ♥ ♦ ♣";

// Whitespace as the reference (Python's str.split / str.strip) understands it.
const WS = "\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const WS_RUN = new RegExp(`[${WS}]+`);
const WS_EDGES = new RegExp(`^[${WS}]+|[${WS}]+$`, "g");
const strip = (text) => text.replace(WS_EDGES, "");

// ---------------------------------------------------------------- errors

// Error codes this adapter can report, with the law and rule the reference gives them.
const CODES = {
  "card-unknown": { law: null, rule: "pack.cards" },
  "card-duplicate": { law: 75, rule: "pack.cards" },
  "record-invalid": { law: null, rule: null },
  "request-invalid": { law: null, rule: null },
};

class PiquetError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
  toJSON() {
    const { law, rule } = CODES[this.code];
    return { code: this.code, law, rule, message: this.message };
  }
}

// A ruleset this adapter does not implement: the request is answered `unsupported`.
class Unsupported extends Error {}

const isMapping = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const has = (obj, key) => Object.prototype.hasOwnProperty.call(obj, key);
// A short description of a value for messages (never recurses into nested input).
const show = (v) => (v !== null && typeof v === "object" ? typeName(v) : JSON.stringify(v));
const typeName = (v) => (v === null ? "null" : Array.isArray(v) ? "list" : typeof v);

// ---------------------------------------------------------------- evaluate_hand

// The cards of an input value: a list of card strings, or one string separated by spaces or commas.
function parseCards(value, what) {
  let items;
  if (typeof value === "string") {
    items = value.replace(/,/g, " ").split(WS_RUN).filter((t) => t !== "");
  } else if (Array.isArray(value)) {
    items = value;
  } else {
    throw new PiquetError("record-invalid", `${what} must be a list of cards or a string of cards, got ${typeName(value)}`);
  }
  return items.map((item, i) => {
    const card = typeof item === "string" ? SPELLINGS.get(strip(item).toUpperCase()) : undefined;
    if (card === undefined) {
      throw new PiquetError("card-unknown", `${what}[${i}]: ${show(item)} is not a card (${SPELLING_HELP})`);
    }
    return card;
  });
}

// What the hand holds: point, every sequence, every set, carte blanche.
function evaluate(cards) {
  // held[suit][rank] is true when the hand holds that card.
  const held = SUITS.map(() => RANKS.map(() => false));
  for (const c of cards) held[c >> 3][c & 7] = true;
  const ranksIn = (suit) => RANKS.map((_, rank) => rank).filter((rank) => held[suit][rank]);

  // Point: the longest suit, then the most pips; the first suit in S H D C order on a tie.
  let point = null;
  SUITS.forEach((s, suit) => {
    const ranks = ranksIn(suit);
    if (ranks.length === 0) return;
    const pips = ranks.reduce((sum, rank) => sum + RANKS[rank].pips, 0);
    if (point === null || ranks.length > point.length || (ranks.length === point.length && pips > point.pips)) {
      point = { suit: s.symbol, length: ranks.length, pips, cards: ranks.map((rank) => cardName(suit, rank)) };
    }
  });

  // Sequences: every maximal run of SEQ_MIN or more cards in a suit; longest first, then the
  // higher top card, then suit order.
  const runs = [];
  SUITS.forEach((_, suit) => {
    let rank = 0;
    while (rank < RANKS.length) {
      if (!held[suit][rank]) { rank++; continue; }
      const top = rank;
      while (rank < RANKS.length && held[suit][rank]) rank++;
      if (rank - top >= SEQ_MIN) runs.push({ suit, top, length: rank - top });
    }
  });
  runs.sort((a, b) => b.length - a.length || a.top - b.top || a.suit - b.suit);
  const sequences = runs.map(({ suit, top, length }) => {
    const lengthName = SEQ_NAMES[length];
    let name;
    if (top === 0) name = `${lengthName} major`; // headed by the ace
    else if (top + length === RANKS.length) name = `${lengthName} minor`; // ends with the seven
    else name = `${lengthName} to a ${RANKS[top].name}`;
    const runCards = [];
    for (let r = top; r < top + length; r++) runCards.push(cardName(suit, r));
    return { suit: SUITS[suit].symbol, length, top: RANKS[top].symbol, name, points: SEQ_POINTS[length], cards: runCards };
  });

  // Sets: three or four cards of a rank that may score; quatorzes before trios, higher rank first.
  const sets = [];
  RANKS.forEach((r, rank) => {
    if (!r.set) return;
    const suits = SUITS.map((_, suit) => suit).filter((suit) => held[suit][rank]);
    if (SET_NAMES[suits.length]) {
      sets.push({
        rank: r.symbol,
        count: suits.length,
        name: `${SET_NAMES[suits.length]} of ${r.name}s`,
        points: SET_POINTS[suits.length],
        cards: suits.map((suit) => cardName(suit, rank)),
        order: rank,
      });
    }
  });
  sets.sort((a, b) => b.count - a.count || a.order - b.order);
  sets.forEach((s) => delete s.order);

  // Carte blanche: enough cards and not one court card.
  const courts = cards.some((c) => RANKS[c & 7].court);
  const carteBlanche = cards.length >= BLANCHE_MIN_CARDS && !courts;

  return { point, sequences, sets, carte_blanche: carteBlanche };
}

// The op: checks the input in the reference's order, then evaluates.
function opEvaluateHand(input) {
  if (!isMapping(input)) {
    throw new PiquetError("record-invalid", `evaluate_hand: input must be a mapping, got ${typeName(input)}`);
  }
  const unknown = Object.keys(input).filter((k) => k !== "cards" && k !== "ruleset").sort();
  if (unknown.length) {
    throw new PiquetError("record-invalid", `evaluate_hand: unknown key(s) ${JSON.stringify(unknown)}; expected ["cards","ruleset"]`);
  }
  const ruleset = has(input, "ruleset") ? input.ruleset : RULESET;
  if (typeof ruleset !== "string") {
    throw new PiquetError("record-invalid", `ruleset must be a ruleset id string, got ${show(ruleset)}`);
  }
  if (ruleset !== RULESET) throw new Unsupported(`no ruleset ${JSON.stringify(ruleset)}; this adapter has ${RULESET} only`);
  if (!has(input, "cards")) throw new PiquetError("record-invalid", "evaluate_hand: input needs cards");
  const cards = parseCards(input.cards, "cards");
  const seen = new Set();
  for (const c of cards) {
    if (seen.has(c)) throw new PiquetError("card-duplicate", `${cardName(c >> 3, c & 7)} is in cards twice`);
    seen.add(c);
  }
  return evaluate(cards);
}

// ---------------------------------------------------------------- the protocol

function hello() {
  return {
    protocol: PROTOCOL,
    implementation: { name: NAME, version: VERSION },
    capabilities: { ops: OPS, rulesets: [RULESET] },
  };
}

// The response (a JSON-able object, or null for none) to one request line, and whether to stop.
function respond(line) {
  if (strip(line) === "") return { response: null, stop: false };
  let seq = null;
  const reply = (body) => ({ response: { seq, ...body }, stop: false });
  try {
    let request;
    try {
      request = JSON.parse(line);
    } catch (e) {
      throw new PiquetError("request-invalid", `not a JSON line (${e.message})`);
    }
    if (!isMapping(request)) {
      throw new PiquetError("request-invalid", `a request is a JSON object, got ${typeName(request)}`);
    }
    seq = has(request, "seq") ? request.seq : null;
    const cmd = request.cmd;
    if (cmd === "hello") {
      const version = has(request, "protocol") ? request.protocol : PROTOCOL;
      if (version !== PROTOCOL) {
        throw new PiquetError("request-invalid", `protocol ${show(version)} is not supported; this is protocol ${PROTOCOL}`);
      }
      return { response: hello(), stop: false };
    }
    if (cmd === "stop") return { response: null, stop: true };
    if (cmd !== "run") throw new PiquetError("request-invalid", `cmd must be hello, run or stop, got ${show(cmd)}`);
    const op = request.op;
    if (typeof op !== "string") throw new PiquetError("request-invalid", "a run request needs an op string");
    if (!OPS.includes(op)) return reply({ unsupported: true, message: `op ${JSON.stringify(op)} is not offered; ops: ${OPS.join(", ")}` });
    if (!has(request, "input")) throw new PiquetError("request-invalid", `run request for ${op} has no input`);
    return reply({ result: opEvaluateHand(request.input) });
  } catch (e) {
    if (e instanceof PiquetError) return reply({ error: e.toJSON() });
    if (e instanceof Unsupported) return reply({ unsupported: true, message: e.message });
    return reply({ errored: true, message: `internal error: ${e}` });
  }
}

// One response line. Pipes and files are written synchronously on Linux, so order is kept and
// nothing is lost on exit. A `seq` too deeply nested to write back is echoed as null.
function send(response) {
  let text;
  try {
    text = JSON.stringify(response);
  } catch (e) {
    text = JSON.stringify({ ...response, seq: null });
  }
  process.stdout.write(text + "\n");
}

function finish() {
  process.stdout.write("", () => process.exit(0));
}

// Read stdin as UTF-8 and split it on "\n" only, as the reference does (a "\r" before it is JSON
// whitespace); a last line without "\n" still counts.
function main() {
  const oneShot = process.argv.slice(2).includes("--one-shot");
  process.stdout.on("error", () => process.exit(0)); // the reader went away
  let buffer = "";
  let done = false;
  const handle = (line) => {
    const { response, stop } = respond(line);
    if (response !== null) send(response);
    if (stop || (oneShot && response !== null)) {
      done = true;
      process.stdin.destroy();
      finish();
    }
  };
  process.stdin.setEncoding("utf8");
  process.stdin.on("data", (chunk) => {
    let start = 0;
    let searchFrom = buffer.length;
    buffer += chunk;
    for (let nl; !done && (nl = buffer.indexOf("\n", searchFrom)) >= 0; searchFrom = start) {
      handle(buffer.slice(start, nl));
      start = nl + 1;
    }
    buffer = buffer.slice(start);
  });
  process.stdin.on("end", () => {
    if (!done && buffer !== "") handle(buffer);
    if (!done) finish();
  });
}

main();

// A toy Piquet scorer in JavaScript: a plain deal under the Portland Club laws (1882), scored to
// each player's ten totals. It is independent of the reference: its tables are its own, written
// from the laws, and it reads nothing from piquet_ref/ or spec/. It knows nothing of the protocol
// either: it throws IllegalDeal for a deal the laws reject, and NotHandled for whatever it does not
// implement, rather than guess (toy-adapter.js maps the two onto the protocol's answers).
//
// It handles: the dealt form (dealt, discard, stock) and the hand form (the hands after the
// exchange); carte blanche, point, sequences, quatorzes and trios, repique and pique in the order
// of accretion, the points of play, the cards and the capot; a deal still in play. It leaves out
// (NotHandled): declare other than "all", false_claim, exposed_stock, take, took_in_first,
// waives_penalty, barred, out_of_turn, a ruleset other than portland-1882, a deal of the wrong
// number of cards, and card spellings it cannot be sure of. Its checks follow the order in which
// the reference finds faults, so that a deal with two faults is rejected for the same one.
"use strict";

class IllegalDeal extends Error {
  constructor(code, message) {
    super(message);
    this.code = code; // a code of spec/errors.yaml, as ADAPTER.md asks
  }
}
class NotHandled extends Error {}

// ---- the tables (Portland laws) --------------------------------------------------------------
const RANKS = "AKQJT987"; // rank index 0 (ace) to 7 (seven); a card is suit * 8 + rank
const SUITS = "SHDC";
const GLYPHS = "♠♥♦♣";
const PIPS = [11, 10, 10, 10, 10, 9, 8, 7];
const COURT = (rank) => rank >= 1 && rank <= 3; // king, queen, knave
const SET_RANKS = 5; // aces to tens make quatorzes and trios
const SEQUENCE_POINTS = { 3: 3, 4: 4, 5: 15, 6: 16, 7: 17, 8: 18 };
const SET_POINTS = { 3: 3, 4: 14 };
const HAND = 12, STOCK = 8, TRICKS = 12, ELDER_MAX = 5;
const CARTE_BLANCHE = 10, THRESHOLD = 30, REPIQUE = 60, PIQUE = 30, CARDS = 10, CAPOT = 30;
const KEYS = ["carte_blanche", "point", "sequences", "sets", "repique", "pique", "play", "cards", "capot", "total"];
const PLAYERS = ["elder", "younger"];
// The record's format (ADAPTER.md): the keys it may hold, and those this toy handles.
const RECORD_KEYS = ["ruleset", "elder", "younger", "stock", "tricks", "out_of_turn"];
const PLAYER_KEYS = ["dealt", "discard", "hand", "declare", "take", "waives_penalty", "false_claim",
  "barred", "exposed_stock", "took_in_first"];

const suitOf = (card) => card >> 3;
const rankOf = (card) => card & 7;
const name = (card) => RANKS[rankOf(card)] + SUITS[suitOf(card)];
const isMapping = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const has = (obj, key) => Object.hasOwn(obj, key);

// ---- reading a record, in the reference's order of checks ------------------------------------
// A card text: rank (10 for T) and suit letter or glyph, any case, spaces around. A text of other
// characters may be a spelling this toy does not know of (Unicode white space): not handled.
function readCard(text, where) {
  if (typeof text !== "string") throw new IllegalDeal("card-unknown", `${where}: not a card`);
  if (!/^[\x20-\x7e♠♥♦♣]*$/.test(text)) throw new NotHandled(`${where}: a spelling this toy cannot judge`);
  const m = /^ *(10|[AKQJT987])([SHDC♠♥♦♣]) *$/.exec(text.toUpperCase());
  if (!m) throw new IllegalDeal("card-unknown", `${where}: ${JSON.stringify(text)} is not a card`);
  const suit = SUITS.includes(m[2]) ? SUITS.indexOf(m[2]) : GLYPHS.indexOf(m[2]);
  return suit * 8 + RANKS.indexOf(m[1] === "10" ? "T" : m[1]);
}

function readCards(value, where) {
  if (typeof value === "string") {
    if (!/^[\x20-\x7e♠♥♦♣]*$/.test(value)) throw new NotHandled(`${where}: a spelling this toy cannot judge`);
    value = value.split(/[ ,]+/).filter((t) => t !== "");
  }
  if (!Array.isArray(value)) throw new IllegalDeal("record-invalid", `${where} is not a list of cards`);
  return value.map((text, i) => readCard(text, `${where}[${i}]`));
}

function readPlayer(data, who) {
  if (!isMapping(data)) throw new IllegalDeal("record-invalid", `${who} is not a mapping`);
  const keys = Object.keys(data);
  if (keys.some((k) => !PLAYER_KEYS.includes(k))) throw new IllegalDeal("record-invalid", `${who}: unknown key`);
  const unhandled = keys.filter((k) => !["dealt", "discard", "hand", "declare"].includes(k));
  if (unhandled.length || (has(data, "declare") && data.declare !== "all")) {
    throw new NotHandled(`${who}: ${unhandled.join(", ") || "declare"} is not handled by this toy`);
  }
  if (has(data, "hand")) {
    if (has(data, "dealt") || has(data, "discard")) throw new IllegalDeal("record-invalid", `${who}: hand and dealt`);
    return { hand: readCards(data.hand, `${who}.hand`) };
  }
  if (!has(data, "dealt") || !has(data, "discard")) throw new IllegalDeal("record-invalid", `${who}: dealt and discard`);
  return { dealt: readCards(data.dealt, `${who}.dealt`), discard: readCards(data.discard, `${who}.discard`) };
}

function readRecord(record) {
  if (!isMapping(record)) throw new IllegalDeal("record-invalid", "a deal record is a mapping");
  if (Object.keys(record).some((k) => !RECORD_KEYS.includes(k))) throw new IllegalDeal("record-invalid", "unknown key");
  const ruleset = has(record, "ruleset") ? record.ruleset : "portland-1882";
  if (typeof ruleset !== "string") throw new IllegalDeal("record-invalid", "ruleset is not a string");
  if (ruleset !== "portland-1882") throw new NotHandled(`ruleset ${ruleset}: this toy has portland-1882 only`);
  if (has(record, "out_of_turn")) throw new NotHandled("out_of_turn is not handled by this toy");
  const [elder, younger] = PLAYERS.map((who) => readPlayer(record[who], who));
  const dealtForm = !elder.hand;
  if (dealtForm !== !younger.hand) throw new IllegalDeal("record-invalid", "players given two ways");
  if (dealtForm !== has(record, "stock")) throw new IllegalDeal("record-invalid", "a stock exactly with dealt hands");
  const stock = dealtForm ? readCards(record.stock, "stock") : null;
  const given = has(record, "tricks") ? record.tricks : [];
  if (!Array.isArray(given)) throw new IllegalDeal("record-invalid", "tricks is not a list");
  if (given.length > TRICKS) throw new IllegalDeal("play-too-many-tricks", `${given.length} tricks`);
  const tricks = given.map((t, i) => {
    const cards = Array.isArray(t) || typeof t === "string" ? readCards(t, `tricks[${i}]`) : [];
    if (cards.length !== 2) throw new IllegalDeal("play-trick-shape", `tricks[${i}] is not two cards`);
    return cards;
  });
  return { elder, younger, stock, tricks };
}

function distinct(cards, where) {
  const seen = new Set();
  for (const c of cards) {
    if (seen.has(c)) throw new IllegalDeal("card-duplicate", `${where}: ${name(c)} twice`);
    seen.add(c);
  }
}

// The hands after the exchange, and who holds carte blanche (judged on the dealt hand).
function exchange({ elder, younger, stock }) {
  if (!stock) {
    for (const [p, who] of [[elder, "elder"], [younger, "younger"]]) {
      if (p.hand.length !== HAND) throw new IllegalDeal("hand-size", `${who}.hand: ${p.hand.length} cards`);
    }
    distinct([...elder.hand, ...younger.hand], "hands");
    return { hands: [elder.hand, younger.hand], blanche: [false, false] };
  }
  if (elder.dealt.length !== HAND || younger.dealt.length !== HAND || stock.length !== STOCK) {
    throw new NotHandled("a deal of the wrong number of cards is not handled by this toy");
  }
  distinct([...elder.dealt, ...younger.dealt, ...stock], "the deal");
  let top = 0;
  const hands = [[elder, "elder", ELDER_MAX], [younger, "younger", STOCK - elder.discard.length]].map(([p, who, most]) => {
    const seen = new Set();
    for (const c of p.discard) {
      if (seen.has(c)) throw new IllegalDeal("card-duplicate", `${who}.discard: ${name(c)} twice`);
      if (!p.dealt.includes(c)) throw new IllegalDeal("exchange-discard-not-held", `${who}.discard: ${name(c)}`);
      seen.add(c);
    }
    if (p.discard.length < 1 || p.discard.length > most) {
      throw new IllegalDeal(`exchange-${who}-count`, `${who} discards ${p.discard.length}; 1 to ${most}`);
    }
    const taken = stock.slice(top, top + p.discard.length);
    top += p.discard.length;
    return [...p.dealt.filter((c) => !seen.has(c)), ...taken];
  });
  const blanche = [elder.dealt, younger.dealt].map((d) => !d.some((c) => COURT(rankOf(c))));
  return { hands, blanche };
}

// ---- what a hand holds -----------------------------------------------------------------------
// Each holding has a key, compared position by position, higher better.
function holdings(hand) {
  const held = (suit, rank) => hand.includes(suit * 8 + rank);
  let point = null;
  const sequences = [], sets = [];
  for (let suit = 0; suit < 4; suit++) {
    const ranks = [...RANKS].map((_, r) => r).filter((r) => held(suit, r));
    const key = [ranks.length, ranks.reduce((sum, r) => sum + PIPS[r], 0)];
    if (ranks.length && (!point || better(key, point))) point = key;
    for (let r = 0; r < 8; ) {
      let end = r;
      while (end < 8 && held(suit, end)) end++;
      if (end - r >= 3) sequences.push({ key: [end - r, -r], points: SEQUENCE_POINTS[end - r] });
      r = Math.max(end, r + 1);
    }
  }
  for (let r = 0; r < SET_RANKS; r++) {
    const count = [0, 1, 2, 3].filter((suit) => held(suit, r)).length;
    if (count >= 3) sets.push({ key: [count, -r], points: SET_POINTS[count] });
  }
  return { point, sequences, sets };
}
const better = (a, b) => a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);
const best = (list) => list.reduce((top, h) => (top === null || better(h.key, top) ? h.key : top), null);

// Who is good in a category (0 elder, 1 younger, or null: nobody, or equal): the better best.
function good(a, b) {
  if (a === null || b === null) return a === null ? (b === null ? null : 1) : 0;
  return better(a, b) ? 0 : better(b, a) ? 1 : null;
}

// ---- the deal --------------------------------------------------------------------------------
function scoreDeal(record) {
  const deal = readRecord(record);
  const { hands, blanche } = exchange(deal);
  const scores = [0, 1].map(() => Object.fromEntries(KEYS.map((k) => [k, 0])));
  const inHand = [0, 0], handAndPlay = [0, 0], bonus = [false, false];
  // One score, in the order of accretion; a repique or pique follows the score that reaches it.
  const add = (p, category, points) => {
    scores[p][category] += points;
    scores[p].total += points;
    if (category === "cards" || category === "capot") return;
    if (category !== "play") inHand[p] += points;
    handAndPlay[p] += points;
    if (bonus[p] || scores[1 - p].total > 0) return; // the adversary counted first
    const [bonusKey, bonusPoints] = category !== "play" && inHand[p] >= THRESHOLD ? ["repique", REPIQUE]
      : p === 0 && handAndPlay[p] >= THRESHOLD ? ["pique", PIQUE] : [null, 0];
    if (bonusKey) {
      bonus[p] = true;
      scores[p][bonusKey] += bonusPoints;
      scores[p].total += bonusPoints;
    }
  };
  [0, 1].forEach((p) => blanche[p] && add(p, "carte_blanche", CARTE_BLANCHE));
  const held = hands.map(holdings);
  const point = good(held[0].point, held[1].point);
  if (point !== null) add(point, "point", held[point].point[0]);
  for (const category of ["sequences", "sets"]) {
    const p = good(best(held[0][category]), best(held[1][category]));
    if (p !== null) add(p, category, held[p][category].reduce((sum, h) => sum + h.points, 0));
  }
  const left = hands.map((h) => new Set(h)), won = [0, 0], tricks = [];
  let leader = 0;
  deal.tricks.forEach(([lead, follow], i) => {
    const follower = 1 - leader, where = `tricks[${i}]`;
    if (!left[leader].has(lead)) {
      throw new IllegalDeal(left[follower].has(lead) ? "play-out-of-turn" : "play-not-held", `${where}: ${name(lead)}`);
    }
    if (!left[follower].has(follow)) throw new IllegalDeal("play-not-held", `${where}: ${name(follow)}`);
    const canFollow = [...left[follower]].some((c) => suitOf(c) === suitOf(lead));
    if (suitOf(follow) !== suitOf(lead) && canFollow) throw new IllegalDeal("play-revoke", `${where}: ${name(follow)}`);
    left[leader].delete(lead);
    left[follower].delete(follow);
    add(leader, "play", 1); // a point for each card led
    const winner = suitOf(follow) === suitOf(lead) && rankOf(follow) < rankOf(lead) ? follower : leader;
    if (winner === follower) add(follower, "play", 1); // a point for winning as second player
    if (i === TRICKS - 1) add(winner, "play", 1); // one more for the last trick
    won[winner]++;
    tricks.push({ number: i + 1, leader: PLAYERS[leader], cards: [name(lead), name(follow)], winner: PLAYERS[winner] });
    leader = winner;
  });
  const complete = tricks.length === TRICKS;
  const most = won[0] > won[1] ? 0 : won[1] > won[0] ? 1 : null;
  if (complete && most !== null) add(most, "cards", CARDS); // divided six and six: nothing
  if (complete && most !== null && won[most] === TRICKS) add(most, "capot", CAPOT); // all twelve
  return { ruleset: "portland-1882", elder: scores[0], younger: scores[1], tricks, complete };
}

module.exports = { scoreDeal, IllegalDeal, NotHandled };

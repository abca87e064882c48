#!/usr/bin/env node
'use strict';
// Adapter protocol, versions 1 and 2 (docs/protocol.md), for the JavaScript MLEM engine in mlem.js.
// One JSON request per line on stdin, one JSON response per line on stdout, in order (so
// pipelined requests are answered in the order they came). `node adapter.js --protocol 1`
// speaks version 1 only.

const crypto = require('crypto');
const readline = require('readline');
const mlem = require('./mlem');

const PROTOCOLS = process.argv.includes('--protocol') && process.argv[process.argv.indexOf('--protocol') + 1] === '1' ? [1] : [1, 2];
let protocol = 1;
const IMPLEMENTATION = {
  name: 'mlem-js',
  version: '0.1.0',
  language: 'javascript',
  homepage: 'https://github.com/tabletop-referee/tabletop-referee/tree/main/examples/js',
  games: { mlem: { options: mlem.OPTION_VALUES, variants: mlem.VARIANTS, vocabulary: 2 } },  // event vocabulary level 2: the scoring events, move dice (docs/protocol.md)
};
// 'play-odds' (protocol 2): play answers the odds digest of chance nodes when asked.
// 'perft' (protocol 2): perft counts a perft vector's tree in-process with the same
// mlem.legalActions and mlem.apply; announced only when protocol 2 is agreed.
const CAPABILITIES = ['custom-boards', 'events', 'observations', 'chance-probabilities', 'play-odds'];
const CAPABILITIES_V2 = ['perft'];
// The conformance profiles this implementation claims: every vector of them must run and pass.
const PROFILES = ['base', 'options', 'variants', 'observations', 'custom-boards', 'perft', 'chance'];

function errorOf(e) {
  if (e instanceof mlem.Rejection) return { rejected: { clause: e.clause, message: e.message } };
  if (e instanceof mlem.InputError) return { error: { kind: 'invalid-input', message: e.message, path: e.path, clause: e.clause } };
  return { error: { kind: 'internal', message: String(e && e.stack ? e.stack : e) } };
}

const STATE_KEYS = ['game', 'format', 'board', 'options', 'phase', 'start_player', 'expedition', 'crashes',
  'players', 'rocket', 'landed', 'goals', 'ended'];
const ROCKET_KEYS = ['space', 'dice', 'roll', 'cursor', 'seats'];

/** A light shape check of the state (the full contract is schemas/mlem/state.schema.json). */
function needState(req) {
  const s = req.state;
  const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
  if (!isObj(s) || s.game !== 'mlem' || s.format !== 1) throw new mlem.InputError('state: not an MLEM state of format 1', '$.state');
  for (const k of STATE_KEYS) if (!(k in s)) throw new mlem.InputError(`state: '${k}' is a required property`, '$.state');
  if (!isObj(s.rocket)) throw new mlem.InputError('state: rocket must be an object', '$.state.rocket');
  for (const k of ROCKET_KEYS) if (!(k in s.rocket)) throw new mlem.InputError(`state: rocket.${k} is a required property`, '$.state.rocket');
  if (!Array.isArray(s.players) || s.players.length < 2 || s.players.length > 5) throw new mlem.InputError('state: 2 to 5 players', '$.state.players');
  if (!Object.prototype.hasOwnProperty.call(mlem.PHASE_ACCEPTS, s.phase)) throw new mlem.InputError(`state: unknown phase ${JSON.stringify(s.phase)}`, '$.state.phase');
  return s;
}

/** Canonical JSON text (docs/protocol.md, "Digests"): keys sorted, no whitespace. */
function canonical(v) {
  if (Array.isArray(v)) return '[' + v.map(canonical).join(',') + ']';
  if (v !== null && typeof v === 'object') {
    return '{' + Object.keys(v).sort().map((k) => JSON.stringify(k) + ':' + canonical(v[k])).join(',') + '}';
  }
  return JSON.stringify(v);
}

function digestText(text) { return crypto.createHash('sha256').update(text, 'utf8').digest('hex'); }
function digest(v) { return digestText(canonical(v)); }
function listDigest(items, asSet) {
  const texts = items.map(canonical);
  if (asSet) texts.sort();
  return digestText('[' + texts.join(',') + ']');
}

/** Protocol 2: play a sequence of steps, answering digests per step. */
function play(req) {
  let state;
  if (req.setup !== undefined) {
    const r = handle({ cmd: 'new_game', game: req.game, setup: req.setup });
    if (!r.state) return r;
    state = r.state;
  } else {
    state = needState(req);
  }
  const every = req.digest_every === undefined ? 1 : req.digest_every;
  if (!Array.isArray(req.steps)) throw new mlem.InputError('steps must be a list', '$.steps');
  const steps = [];
  const start = digest(state);
  for (let i = 0; i < req.steps.length; i++) {
    const step = req.steps[i];
    const legal = mlem.legalActions(state);
    const entry = { legal: listDigest(legal.actions, true) };
    if (req.odds === true && legal.actor === 'chance' && legal.probabilities) {
      entry.odds = listDigest(legal.actions.map((a, k) => [a, legal.probabilities[k]]), true);
    }
    if (step.observe !== undefined) entry.observation = digest(mlem.observe(state, step.observe));
    if (step.probe !== undefined) {
      const p = mlem.apply(state, step.probe);
      entry.probe = p.rejected ? p.rejected.clause : null;
    }
    const r = mlem.apply(state, step.action);
    if (r.rejected) {
      entry.rejected = r.rejected;
      steps.push(entry);
      break;
    }
    state = r.state;
    entry.events = listDigest(r.events, false);
    if ((i + 1) % every === 0 || i === req.steps.length - 1) entry.state = digest(state);
    steps.push(entry);
  }
  return { start, steps };
}

/** A pinned chance outcome the rules refuse: answered as `rejected` (docs/protocol.md, perft). */
class PinRejected extends Error {
  constructor(rejected) { super(rejected.message); this.rejected = rejected; }
}

/**
 * Protocol 2, capability perft (docs/vectors.md, "Perft vectors"): the number of legal
 * decision sequences of `depth` player decisions from the state, plus the shorter ones that end
 * at game over or at a chance node with no pinned outcome left (one leaf each), and the count
 * below each first decision keyed by its action's canonical JSON text. Chance nodes are not
 * plies: a roll takes the path's next pinned roll (`rolls`, cut to the dice available), a draw
 * the path's next id pinned for the state's phase (`draws[phase]`). Counted with the engine's
 * own legalActions and apply. Counts are memoised on (state without its board, decisions left,
 * pins used): the board never changes during play, and the engine is pure.
 */
function perft(req) {
  const root = needState(req);
  const depth = req.depth;
  if (!Number.isInteger(depth) || depth < 0) throw new mlem.InputError('depth must be a non-negative integer', '$.depth');
  const rolls = req.rolls === undefined ? [] : req.rolls;
  const draws = req.draws === undefined ? {} : req.draws;
  if (!Array.isArray(rolls) || !rolls.every((r) => Array.isArray(r) && r.every((f) => typeof f === 'string'))) {
    throw new mlem.InputError('rolls must be a list of lists of faces', '$.rolls');
  }
  const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
  if (!isObj(draws) || !Object.values(draws).every((l) => Array.isArray(l) && l.every((t) => typeof t === 'string'))) {
    throw new mlem.InputError('draws must map phases to lists of token ids', '$.draws');
  }
  const pins = req.pins === undefined ? null : req.pins;
  if (pins !== null && !(isObj(pins) && Object.values(pins).every((l) => Array.isArray(l) && l.every(isObj)))) {
    throw new mlem.InputError('pins must map outcome types to lists of outcome documents', '$.pins');
  }
  // One counter per pinned list: the rolls, the draws of each phase, or the generic pins of each type.
  const phases = Object.keys(draws).sort();
  const types = pins === null ? [] : Object.keys(pins).sort();
  const memo = new Map();
  const key = (state, left, used) => {
    const { board, ...rest } = state;  // eslint-disable-line no-unused-vars
    return `${left}|${used.join(',')}|${JSON.stringify(rest)}`;
  };
  // used: [rolls used, then draws used per phase in `phases` order, then pins used per type]
  const pinned = (state, used) => {
    if (pins !== null) {
      // Generic pins (schemas/vectors/vector-file.schema.json): the next outcome of this type;
      // one the node does not list ends the path.
      const outcomes = mlem.legalActions(state).actions;
      const type = outcomes.length ? outcomes[0].type : null;
      const j = types.indexOf(type);
      if (j < 0 || used[phases.length + 1 + j] >= pins[type].length) return null;
      const doc = pins[type][used[phases.length + 1 + j]];
      const text = canonical(doc);
      if (!outcomes.some((a) => canonical(a) === text)) return null;
      const next = used.slice(); next[phases.length + 1 + j] += 1;
      return { action: doc, used: next };
    }
    if (state.phase === 'roll') {
      // The first n faces when n dice are available (the engine's own count, rocket.dice).
      if (used[0] >= rolls.length) return null;
      const next = used.slice(); next[0] += 1;
      return { action: { type: 'roll', faces: rolls[used[0]].slice(0, state.rocket.dice) }, used: next };
    }
    const i = phases.indexOf(state.phase);
    if (i < 0 || used[i + 1] >= draws[state.phase].length) return null;
    const next = used.slice(); next[i + 1] += 1;
    return { action: { type: 'draw', token: draws[state.phase][used[i + 1]] }, used: next };
  };
  const applied = (state, action) => {
    const r = mlem.apply(state, action);
    if (r.rejected) throw new PinRejected(r.rejected);
    return r.state;
  };
  const decided = (state, action) => {
    const r = mlem.apply(state, action);
    if (r.rejected) throw new Error(`legal action ${canonical(action)} rejected by apply: ${r.rejected.clause}`);
    return r.state;
  };
  // Settle chance nodes with pinned outcomes; null: the path ends here as one leaf.
  const settle = (state, used) => {
    for (;;) {
      const actor = mlem.actor(state);
      if (actor === null) return null;
      if (actor !== 'chance') return { state, legal: mlem.legalActions(state), used };
      const pin = pinned(state, used);
      if (pin === null) return null;
      state = applied(state, pin.action);
      used = pin.used;
    }
  };
  const count = (state, left, used) => {
    if (left === 0) return 1;
    const node = settle(state, used);
    if (node === null) return 1;
    const k = key(node.state, left, node.used);
    let n = memo.get(k);
    if (n !== undefined) return n;
    n = 0;
    for (const a of node.legal.actions) n += count(decided(node.state, a), left - 1, node.used);
    memo.set(k, n);
    return n;
  };
  try {
    const used0 = new Array(phases.length + 1 + types.length).fill(0);
    const divide = {};
    let nodes = 1;
    const node = depth === 0 ? null : settle(root, used0);
    if (node !== null) {
      nodes = 0;
      for (const a of node.legal.actions) {
        const n = count(decided(node.state, a), depth - 1, node.used);
        divide[canonical(a)] = n;
        nodes += n;
      }
    }
    return { perft: { nodes, divide } };
  } catch (e) {
    if (e instanceof PinRejected) return { rejected: e.rejected };
    throw e;
  }
}

function handle(req) {
  const cmd = req.cmd;
  if (cmd === 'start') {
    const offered = Array.isArray(req.protocols) ? req.protocols : [req.protocol];
    const common = PROTOCOLS.filter((v) => offered.includes(v));
    if (common.length === 0) {
      return { error: { kind: 'protocol', message: `this adapter speaks protocol ${PROTOCOLS.join(' or ')}, not ${JSON.stringify(req.protocol)}` } };
    }
    protocol = Math.max(...common);
    const capabilities = protocol >= 2 ? CAPABILITIES.concat(CAPABILITIES_V2) : CAPABILITIES;
    return { protocol, implementation: IMPLEMENTATION, capabilities, profiles: PROFILES };
  }
  if (cmd === 'stop') return { ok: true };
  if (cmd === 'play' && protocol >= 2) {
    if (req.game !== 'mlem') return { skipped: { reason: `game ${JSON.stringify(req.game)} is not supported (supported: mlem)` } };
    return play(req);
  }
  if (cmd === 'perft' && protocol >= 2) {
    if (req.game !== 'mlem') return { skipped: { reason: `game ${JSON.stringify(req.game)} is not supported (supported: mlem)` } };
    return perft(req);
  }
  if (!['new_game', 'legal_actions', 'apply', 'scores', 'observe'].includes(cmd)) {
    return { error: { kind: 'unknown-command', message: `unknown command ${JSON.stringify(cmd)}` } };
  }
  if (req.game !== 'mlem') return { skipped: { reason: `game ${JSON.stringify(req.game)} is not supported (supported: mlem)` } };
  switch (cmd) {
    case 'new_game': {
      const setup = req.setup;
      const options = setup && typeof setup === 'object' ? setup.options : undefined;
      if (options && typeof options === 'object') {
        for (const [k, v] of Object.entries(options)) {
          if (k in mlem.OPTION_VALUES && !mlem.OPTION_VALUES[k].includes(v)) {
            return { skipped: { reason: `option ${k}=${JSON.stringify(v)} is not supported` } };
          }
        }
      }
      return { state: mlem.newGame(setup) };
    }
    case 'legal_actions': {
      const r = mlem.legalActions(needState(req));
      return { actor: r.actor, actions: r.actions, ...(r.probabilities ? { probabilities: r.probabilities } : {}) };
    }
    case 'apply': {
      const r = mlem.apply(needState(req), req.action);
      if (r.rejected) return { rejected: r.rejected };
      return { state: r.state, events: r.events };
    }
    case 'scores': {
      const r = mlem.scores(needState(req));
      return { scores: r.scores, outcome: r.outcome };
    }
    case 'observe':
      return { observation: mlem.observe(needState(req), req.player) };
    default:
      return { error: { kind: 'unknown-command', message: `unknown command ${JSON.stringify(cmd)}` } };
  }
}

function respond(obj) { process.stdout.write(JSON.stringify(obj) + '\n'); }

const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
let stopping = false;
rl.on('line', (line) => {
  if (stopping) return;
  if (line.trim() === '') return;
  let req;
  try {
    req = JSON.parse(line);
  } catch (e) {
    respond({ seq: null, error: { kind: 'bad-json', message: e.message } });
    return;
  }
  if (req === null || typeof req !== 'object' || Array.isArray(req)) {
    respond({ seq: null, error: { kind: 'invalid-input', message: 'a request must be a JSON object' } });
    return;
  }
  const seq = 'seq' in req ? req.seq : null;
  let resp;
  try {
    resp = handle(req);
  } catch (e) {
    resp = errorOf(e);
  }
  respond({ seq, ...resp });
  if (req.cmd === 'stop') {
    stopping = true;
    rl.close();
  }
});
rl.on('close', () => {
  // End of input or stop: let stdout drain, then exit 0.
  process.stdout.write('', () => process.exit(0));
});

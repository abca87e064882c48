#!/usr/bin/env node
'use strict';
// Adapter protocol, versions 1 and 2 (docs/protocol.md), for the JavaScript Seven Knights Bewitched engine in knights.js.
// One JSON request per line on stdin, one JSON response per line on stdout, in order (so
// pipelined requests are answered in the order they came). `node adapter.js --protocol 1`
// speaks version 1 only.

const crypto = require('crypto');
const readline = require('readline');
const knights = require('./knights');

const PROTOCOLS = process.argv.includes('--protocol') && process.argv[process.argv.indexOf('--protocol') + 1] === '1' ? [1] : [1, 2];
let protocol = 1;
const IMPLEMENTATION = {
  name: 'seven-knights-js',
  version: '0.1.0',
  language: 'javascript',
  homepage: 'https://github.com/tabletop-referee/tabletop-referee/tree/main/examples/seven-knights-js',
  games: { 'seven-knights': { options: knights.OPTION_VALUES, variants: [] } },
};
const GAME = 'seven-knights';
// 'play-odds' (protocol 2): play answers the odds digest of chance nodes when asked.
const CAPABILITIES = ['events', 'observations', 'chance-probabilities', 'play-odds'];
// The conformance profiles this implementation claims: every vector of them must run and pass.
const PROFILES = ['base', 'modes', 'options', 'observations', 'perft'];

function errorOf(e) {
  if (e instanceof knights.Rejection) return { rejected: { clause: e.clause, message: e.message } };
  if (e instanceof knights.InputError) return { error: { kind: 'invalid-input', message: e.message, path: e.path, clause: e.clause } };
  return { error: { kind: 'internal', message: String(e && e.stack ? e.stack : e) } };
}

const STATE_KEYS = ['game', 'format', 'setup', 'round', 'first_player', 'phase', 'tiles', 'inspections', 'questions',
  'recommendations', 'recommendations_revealed', 'captain', 'arrangement', 'confirmed', 'revealed', 'scores', 'history'];

/** A light shape check of the state (the full contract is schemas/seven-knights/state.schema.json). */
function needState(req) {
  const s = req.state;
  const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
  if (!isObj(s) || s.game !== GAME || s.format !== 1) throw new knights.InputError('state: not a Seven Knights state of format 1', '$.state');
  for (const k of STATE_KEYS) if (!(k in s)) throw new knights.InputError(`state: '${k}' is a required property`, '$.state');
  if (!isObj(s.setup) || !Number.isInteger(s.setup.players) || s.setup.players < 3 || s.setup.players > 8) throw new knights.InputError('state: setup.players must be 3 to 8', '$.state.setup');
  if (!isObj(s.tiles) || !Array.isArray(s.tiles.players) || !Array.isArray(s.tiles.centre)) throw new knights.InputError('state: tiles must hold players and centre', '$.state.tiles');
  if (!Object.prototype.hasOwnProperty.call(knights.PHASE_ACCEPTS, s.phase)) throw new knights.InputError(`state: unknown phase ${JSON.stringify(s.phase)}`, '$.state.phase');
  return s;
}

/** Canonical JSON text (docs/protocol.md, "Digests"): keys sorted, no whitespace. Written with
 * plain loops: a deal or a line has tens of thousands of legal actions to digest per step. */
function canonical(v) {
  if (v === null) return 'null';
  const t = typeof v;
  if (t === 'string') return JSON.stringify(v);
  if (t !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) {
    let out = '[';
    for (let i = 0; i < v.length; i++) out += (i ? ',' : '') + canonical(v[i]);
    return out + ']';
  }
  const keys = Object.keys(v);
  if (keys.length > 1) keys.sort();
  let out = '{';
  for (let i = 0; i < keys.length; i++) out += (i ? ',' : '') + JSON.stringify(keys[i]) + ':' + canonical(v[keys[i]]);
  return out + '}';
}

function digestText(text) { return crypto.createHash('sha256').update(text, 'utf8').digest('hex'); }
function digest(v) { return digestText(canonical(v)); }
function sortedDigest(texts) { return digestText('[' + texts.slice().sort().join(',') + ']'); }

/** The canonical text of an action document, with fast paths for the two kinds a node may have
 * tens of thousands of (deals and lines); their values and tile ids need no escaping. */
const atom = (x) => (typeof x === 'number' ? String(x) : '"' + x + '"');
function actionText(a) {
  if (a.type === 'deal' && Object.keys(a).length === 2) return '{"type":"deal","values":[' + a.values.map(atom).join(',') + ']}';
  if (a.type === 'arrange' && Object.keys(a).length === 3) return '{"order":[' + a.order.map(atom).join(',') + '],"player":' + a.player + ',"type":"arrange"}';
  return canonical(a);
}
function listDigest(items, asSet) {
  const texts = items.map(canonical);
  if (asSet) return sortedDigest(texts);
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
  if (!Array.isArray(req.steps)) throw new knights.InputError('steps must be a list', '$.steps');
  const steps = [];
  const start = digest(state);
  for (let i = 0; i < req.steps.length; i++) {
    const step = req.steps[i];
    const legal = knights.legalActions(state, step.player);
    const texts = legal.actions.map(actionText);
    const entry = { legal: sortedDigest(texts) };
    if (req.odds === true && legal.actor === 'chance' && legal.probabilities) {
      entry.odds = sortedDigest(texts.map((t, k) => '[' + t + ',' + JSON.stringify(legal.probabilities[k]) + ']'));
    }
    if (step.observe !== undefined) entry.observation = digest(knights.observe(state, step.observe));
    if (step.probe !== undefined) {
      const p = knights.apply(state, step.probe);
      entry.probe = p.rejected ? p.rejected.clause : null;
    }
    const r = knights.apply(state, step.action);
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

function handle(req) {
  const cmd = req.cmd;
  if (cmd === 'start') {
    const offered = Array.isArray(req.protocols) ? req.protocols : [req.protocol];
    const common = PROTOCOLS.filter((v) => offered.includes(v));
    if (common.length === 0) {
      return { error: { kind: 'protocol', message: `this adapter speaks protocol ${PROTOCOLS.join(' or ')}, not ${JSON.stringify(req.protocol)}` } };
    }
    protocol = Math.max(...common);
    return { protocol, implementation: IMPLEMENTATION, capabilities: CAPABILITIES, profiles: PROFILES };
  }
  if (cmd === 'stop') return { ok: true };
  if (cmd === 'play' && protocol >= 2) {
    if (req.game !== GAME) return { skipped: { reason: `game ${JSON.stringify(req.game)} is not supported (supported: seven-knights)` } };
    return play(req);
  }
  if (!['new_game', 'legal_actions', 'apply', 'scores', 'observe'].includes(cmd)) {
    return { error: { kind: 'unknown-command', message: `unknown command ${JSON.stringify(cmd)}` } };
  }
  if (req.game !== GAME) return { skipped: { reason: `game ${JSON.stringify(req.game)} is not supported (supported: seven-knights)` } };
  switch (cmd) {
    case 'new_game':
      return { state: knights.newGame(req.setup) };
    case 'legal_actions': {
      const r = knights.legalActions(needState(req), req.player);
      return { actor: r.actor, actions: r.actions, ...(r.probabilities ? { probabilities: r.probabilities } : {}) };
    }
    case 'apply': {
      const r = knights.apply(needState(req), req.action);
      if (r.rejected) return { rejected: r.rejected };
      return { state: r.state, events: r.events };
    }
    case 'scores': {
      const r = knights.scores(needState(req));
      return { scores: r.scores, outcome: r.outcome };
    }
    case 'observe':
      return { observation: knights.observe(needState(req), req.player) };
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

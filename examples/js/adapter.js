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
const CAPABILITIES = ['custom-boards', 'events', 'observations', 'chance-probabilities', 'play-odds'];
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
    if (req.game !== 'mlem') return { skipped: { reason: `game ${JSON.stringify(req.game)} is not supported (supported: mlem)` } };
    return play(req);
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

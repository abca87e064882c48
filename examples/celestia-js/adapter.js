#!/usr/bin/env node
'use strict';
// Adapter protocol, versions 1 and 2 (docs/protocol.md), for the JavaScript Celestia engine in celestia.js.
// The protocol handling is examples/js/adapter.js's; the game is celestia.js's.
// One JSON request per line on stdin, one JSON response per line on stdout, in order (so
// pipelined requests are answered in the order they came). `node adapter.js --protocol 1`
// speaks version 1 only.

const crypto = require('crypto');
const readline = require('readline');
const cel = require('./celestia');

const PROTOCOLS = process.argv.includes('--protocol') && process.argv[process.argv.indexOf('--protocol') + 1] === '1' ? [1] : [1, 2];
let protocol = 1;
const GAME = 'celestia';
// Every value of every rule option (city_dice: any list of counts), event vocabulary level 1.
const IMPLEMENTATION = {
  name: 'celestia-js',
  version: '0.1.0',
  language: 'javascript',
  homepage: 'https://github.com/tabletop-referee/tabletop-referee/tree/main/examples/celestia-js',
  games: { celestia: { options: { ...cel.OPTION_VALUES, city_dice: 'any' }, variants: [], vocabulary: 1 } },
};
// 'play-odds' (protocol 2): play answers the odds digest of chance nodes when asked.
const CAPABILITIES = ['custom-boards', 'events', 'observations', 'chance-probabilities', 'play-odds'];
// The conformance profiles this implementation claims: every vector of them must run and pass.
const PROFILES = ['base', 'game-types', 'components', 'options', 'observations', 'perft'];

function errorOf(e) {
  if (e instanceof cel.Rejection) return { rejected: { clause: e.clause, message: e.message } };
  if (e instanceof cel.InputError) return { error: { kind: 'invalid-input', message: e.message, path: e.path, clause: e.clause } };
  return { error: { kind: 'internal', message: String(e && e.stack ? e.stack : e) } };
}

const STATE_KEYS = ['setup', 'phase', 'journey', 'deck', 'discard', 'hands', 'piles', 'won', 'aboard',
  'captain', 'first_captain', 'city', 'roll', 'cursor', 'passes', 'rerolls', 'jetpacks', 'first_to_target',
  'to_deal', 'to_treasure', 'after_treasure', 'ended'];

/** A light shape check of the state (the full contract is schemas/celestia/state.schema.json). */
function needState(req) {
  const s = req.state;
  const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
  if (!isObj(s)) throw new cel.InputError('state: a Celestia state object is needed', '$.state');
  for (const k of STATE_KEYS) if (!(k in s)) throw new cel.InputError(`state: '${k}' is a required property`, '$.state');
  for (const k of Object.keys(s)) if (!STATE_KEYS.includes(k)) throw new cel.InputError(`state: unknown property '${k}'`, `$.state.${k}`);
  if (!isObj(s.setup) || !Number.isInteger(s.setup.players) || s.setup.players < 2 || s.setup.players > 6) throw new cel.InputError('state: setup.players must be 2 to 6', '$.state.setup.players');
  if (!Object.prototype.hasOwnProperty.call(cel.PHASE_ACCEPTS, s.phase)) throw new cel.InputError(`state: unknown phase ${JSON.stringify(s.phase)}`, '$.state.phase');
  return s;
}

const canonical = cel.canonical;

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
  if (!Array.isArray(req.steps)) throw new cel.InputError('steps must be a list', '$.steps');
  const steps = [];
  const start = digest(state);
  for (let i = 0; i < req.steps.length; i++) {
    const step = req.steps[i];
    const legal = cel.legalActions(state);
    const entry = { legal: listDigest(legal.actions, true) };
    if (req.odds === true && legal.actor === 'chance' && legal.probabilities) {
      entry.odds = listDigest(legal.actions.map((a, k) => [a, legal.probabilities[k]]), true);
    }
    if (step.observe !== undefined) entry.observation = digest(cel.observe(state, step.observe));
    if (step.probe !== undefined) {
      const p = cel.apply(state, step.probe);
      entry.probe = p.rejected ? p.rejected.clause : null;
    }
    const r = cel.apply(state, step.action);
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
    if (req.game !== GAME) return { skipped: { reason: `game ${JSON.stringify(req.game)} is not supported (supported: celestia)` } };
    return play(req);
  }
  if (!['new_game', 'legal_actions', 'apply', 'scores', 'observe'].includes(cmd)) {
    return { error: { kind: 'unknown-command', message: `unknown command ${JSON.stringify(cmd)}` } };
  }
  if (req.game !== GAME) return { skipped: { reason: `game ${JSON.stringify(req.game)} is not supported (supported: celestia)` } };
  switch (cmd) {
    case 'new_game':
      if (req.setup === undefined) throw new cel.InputError('new_game needs a setup', '$.setup');
      return { state: cel.newGame(req.setup) };
    case 'legal_actions': {
      const r = cel.legalActions(needState(req));
      return { actor: r.actor, actions: r.actions, ...(r.probabilities ? { probabilities: r.probabilities } : {}) };
    }
    case 'apply': {
      if (req.action === undefined) throw new cel.InputError('apply needs an action', '$');
      const r = cel.apply(needState(req), req.action);
      if (r.rejected) return { rejected: r.rejected };
      return { state: r.state, events: r.events };
    }
    case 'scores': {
      const r = cel.scores(needState(req));
      return { scores: r.scores, outcome: r.outcome };
    }
    case 'observe':
      return { observation: cel.observe(needState(req), req.player) };
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

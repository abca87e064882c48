#!/usr/bin/env node
'use strict';
// Adapter protocol v1 (docs/protocol.md) for the JavaScript MLEM engine in mlem.js.
// One JSON request per line on stdin, one JSON response per line on stdout.

const readline = require('readline');
const mlem = require('../js-2026-12-01/mlem');  // the engine is the same file as of a9d09d3

const PROTOCOL = 1;
const IMPLEMENTATION = {
  name: 'mlem-js',
  version: '0.1.0',
  language: 'javascript',
  homepage: 'https://github.com/tabletop-referee/tabletop-referee/tree/main/examples/js',
  games: { mlem: { options: mlem.OPTION_VALUES, variants: mlem.VARIANTS } },
};
const CAPABILITIES = ['custom-boards', 'events', 'observations'];

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

function handle(req) {
  const cmd = req.cmd;
  if (cmd === 'start') {
    if (req.protocol !== PROTOCOL) {
      return { error: { kind: 'protocol', message: `this adapter speaks protocol ${PROTOCOL}, not ${JSON.stringify(req.protocol)}` } };
    }
    return { protocol: PROTOCOL, implementation: IMPLEMENTATION, capabilities: CAPABILITIES };
  }
  if (cmd === 'stop') return { ok: true };
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

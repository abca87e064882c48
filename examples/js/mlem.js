'use strict';
// MLEM: Space Agency (base game and the Exploration, Secret Missions and UFO variants), an
// independent JavaScript engine.
//
// Written from spec/mlem/clauses.yaml, spec/mlem/disputes.yaml, docs/mlem/interchange.md and
// schemas/mlem/*.schema.json. It works directly on the interchange JSON documents:
//
//   newGame(setup, boards?, tokenSets?) -> state            (throws Rejection / InputError)
//   legalActions(state)      -> {actor, actions, probabilities?}
//   apply(state, action)     -> {state, events} | {rejected: {clause, message}}
//   scores(state)            -> {scores, outcome}
//   observe(state, player)   -> observation                 (throws InputError)
//
// Inputs are never mutated. Node 20, no dependencies.

const fs = require('fs');
const path = require('path');

const FACES = ['1', '2', '3', '4', 'afterburner'];
const FACE_WEIGHT = { '1': 1, '2': 2, '3': 1, '4': 1, afterburner: 1 }; // components.dice
const ASTRONAUTS = ['satellite', 'plus-minus', 'parachute', 'moon-double', 'planet-double',
  'deep-space-double', 'die-removal', 'die-one'];
const GOALS = ['deep-space-pair', 'planet-trio', 'four-moons', 'four-planets'];
const GOAL_POINTS = 5;
const MAX_DICE = 6;
const OPTION_VALUES = {
  dice_selection: ['groups', 'single-group'],
  tie_break: ['shared', 'deep-space'],
  game_end: ['end-of-expedition', 'immediate'],
  die_one_rescue: [true, false],
  exploration_collision: ['stack', 'set-aside'],
  tunnel_past_end: ['deep-space', 'no-move'],
  dice_reuse_cap: ['expedition', 'six'],
  ufo_encounter: ['reach', 'exact'],
  ufo_token_taker: ['commander', 'passengers'],
  ufo_after_encounter: ['return', 'stay'],
  ufo_token_value: ['bonus', 'penalty'],
  ufo_extra_face: ['allowed-only', 'any-space'],
  arrivals_exhausted: ['reshuffle', 'none'],
  dice_grouping: ['whole-groups', 'any-dice'],
  four_moons: ['slots', 'spaces'],
  goal_claims: ['any-landing', 'landing-phase'],
  die_one: ['per-expedition', 'once-per-game'],
  afterburner_dice: ['kept', 'removed'],
  ufo_extra_face_use: ['alone', 'with-dice'],
};
// Options added after format 1.0: an options document carries them only when not at their default.
const LATE_OPTIONS = {
  dice_grouping: 'whole-groups', four_moons: 'slots', goal_claims: 'any-landing', die_one: 'per-expedition',
  afterburner_dice: 'kept',
};
const LATE_VARIANT_OPTIONS = { ufo: { ufo_extra_face_use: 'alone' } };
/** A rule option's value in a state, its default when the document leaves it out. */
function opt(state, k) {
  if (k in state.options) return state.options[k];
  return k in LATE_OPTIONS ? LATE_OPTIONS[k] : LATE_VARIANT_OPTIONS.ufo[k];
}
const DEFAULT_OPTIONS = {
  dice_selection: 'groups', tie_break: 'shared', game_end: 'end-of-expedition', die_one_rescue: true,
};
// variants.selection: canonical variant order, and each variant's own options with their defaults.
const VARIANTS = ['exploration', 'missions', 'ufo'];
const VARIANT_OPTIONS = {
  exploration: { exploration_collision: 'stack', tunnel_past_end: 'deep-space', dice_reuse_cap: 'expedition' },
  missions: {},
  ufo: {
    ufo_encounter: 'reach', ufo_token_taker: 'commander', ufo_after_encounter: 'return',
    ufo_token_value: 'bonus', ufo_extra_face: 'allowed-only', arrivals_exhausted: 'reshuffle',
  },
};
const PHASE_ACCEPTS = {
  takeoff: ['embark'], roll: ['roll'], move: ['move', 'reroll'], landing: ['land', 'stay'],
  parachute: ['land', 'stay'], 'game-over': [],
  'exploration-setup': ['draw'], 'mission-deal': ['draw'], 'mission-discard': ['discard'],
  arrival: ['draw'], 'exploration-draw': ['draw'],
};
const UFO_STACK = [5, 4, 3, 2, 1]; // ufo.setup: 5 on top
const MISSION_HAND = 4; // missions.deal
const MISSION_POINTS = [0, 2, 5, 10]; // missions.scoring
const EXPLORATION_REVEALED = 5; // exploration.setup
const TUNNEL_JUMP = 4; // exploration.tunnel
const ABILITY_CLAUSE = { 'extra-face': 'ufo.extra-face', 'keep-dice': 'ufo.keep-dice', reroll: 'ufo.reroll' };

// ------------------------------------------------------------------ errors

/** An action or setup the rules forbid: reported as {rejected: {clause, message}}. */
class Rejection extends Error {
  constructor(clause, message) { super(message); this.clause = clause; }
}

/** A document that is not well-formed interchange JSON: reported as an invalid-input error. */
class InputError extends Error {
  constructor(message, pathStr) { super(message); this.path = pathStr || '$'; this.clause = 'interchange.schema'; }
}

function reject(clause, message) { throw new Rejection(clause, message); }

// ------------------------------------------------------------------ helpers

/** Canonical JSON text: keys sorted recursively, no spaces. */
function canonicalJSON(v) {
  if (Array.isArray(v)) return '[' + v.map(canonicalJSON).join(',') + ']';
  if (v !== null && typeof v === 'object') {
    return '{' + Object.keys(v).sort().map((k) => JSON.stringify(k) + ':' + canonicalJSON(v[k])).join(',') + '}';
  }
  return JSON.stringify(v);
}

function clone(v) { return JSON.parse(JSON.stringify(v)); }

function sortCanonical(actions) {
  const keyed = actions.map((a) => [canonicalJSON(a), a]);
  keyed.sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
  const out = [];
  let last = null;
  for (const [k, a] of keyed) { if (k !== last) out.push(a); last = k; }
  return out;
}

function byFaceOrder(faces) { return faces.slice().sort((a, b) => FACES.indexOf(a) - FACES.indexOf(b)); }
function byTypeOrder(types) { return types.slice().sort((a, b) => ASTRONAUTS.indexOf(a) - ASTRONAUTS.indexOf(b)); }
function faceValue(face) { return Number(face); }
function isInt(v) { return Number.isInteger(v); }
function gcd(a, b) { while (b) [a, b] = [b, a % b]; return a; }
function factorial(n) { let f = 1; for (let i = 2; i <= n; i++) f *= i; return f; }

function countFaces(roll) {
  const c = {};
  for (const f of roll) c[f] = (c[f] || 0) + 1;
  return c;
}

function subsets(list) {
  const out = [];
  for (let mask = 0; mask < (1 << list.length); mask++) out.push(list.filter((_, i) => mask & (1 << i)));
  return out;
}

// ------------------------------------------------------------------ boards

let shippedBoards = null;
function loadBoards() {
  if (!shippedBoards) shippedBoards = JSON.parse(fs.readFileSync(path.join(__dirname, 'boards.json'), 'utf8'));
  return shippedBoards;
}

let shippedTokens = null;
function loadTokenSets() {
  if (!shippedTokens) shippedTokens = JSON.parse(fs.readFileSync(path.join(__dirname, 'tokens.json'), 'utf8'));
  return shippedTokens;
}

/** Is variant v played in this state (variants.selection)? */
function played(state, v) { return Array.isArray(state.options.variants) && state.options.variants.includes(v); }

function endSpace(state) { return state.board.deep_space.space; }
function spaceInfo(state, s) { return state.board.spaces[s]; }
function hasSite(state, s) { const sp = spaceInfo(state, s); return !!(sp && (sp.moons || sp.planet)); }
function planetOf(state, s) { const sp = spaceInfo(state, s); return sp ? sp.planet : undefined; }

/** Index of the first free moon slot of space s in fill order, or -1 (landing.moon-slot). */
function freeSlot(state, s) {
  const sp = spaceInfo(state, s);
  if (!sp || !sp.moons) return -1;
  const taken = new Set(state.landed.filter((l) => l.site === 'moon' && l.space === s).map((l) => l.slot));
  for (let i = 0; i < sp.moons.length; i++) if (!taken.has(i)) return i;
  return -1;
}

/** Can an astronaut land at space s right now: a planet, or a moon with a free slot. */
function siteOpen(state, s) {
  const sp = spaceInfo(state, s);
  if (!sp) return false;
  if (sp.planet) return true;
  if (sp.moons) return freeSlot(state, s) >= 0;
  return false;
}

/** A board (or token set) the engine cannot use: an invalid-input error under setup.board, as the reference answers. */
function boardError(message, pathStr) {
  const e = new InputError(message, pathStr || '$');
  e.clause = 'setup.board';
  return e;
}

function validateBoard(board) {
  const req = ['id', 'start_space', 'satellite_space', 'crash_limit', 'deep_space', 'planets', 'spaces'];
  for (const k of req) if (!(k in board)) throw new InputError(`board: '${k}' is a required property`, '$.board');
  if (!Array.isArray(board.spaces) || board.spaces.length !== board.deep_space.space + 1) {
    throw boardError(`the board needs spaces 0..${board.deep_space.space}, one entry each`);
  }
  board.spaces.forEach((sp, i) => {
    if (sp.planet !== undefined && !(sp.planet in board.planets)) throw boardError(`space ${i} names unknown planet '${sp.planet}'`);
    if (sp.faces.includes('afterburner') !== (sp.afterburner !== undefined)) {
      throw boardError(`space ${i}: afterburner dots are given exactly where the afterburner face is allowed`);
    }
  });
}

// ------------------------------------------------------------------ setup

function newGame(setup, boards, tokenSets) {
  boards = boards || loadBoards();
  if (setup === null || typeof setup !== 'object' || Array.isArray(setup)) throw new InputError('setup: not an object');
  const n = setup.players;
  if (!isInt(n)) throw new InputError('setup: players must be an integer', '$.players');
  if (n < 2 || n > 5) reject('setup.players', `MLEM needs 2 to 5 players, not ${n}`);
  const sp = setup.start_player;
  if (!isInt(sp)) throw new InputError('setup: start_player must be an integer', '$.start_player');
  if (sp < 0 || sp >= n) reject('setup.start-player', `start player ${sp} is not one of players 0..${n - 1}`);
  let board = setup.board === undefined ? 'standard' : setup.board;
  if (typeof board === 'string') {
    if (!Object.prototype.hasOwnProperty.call(boards, board)) {
      throw new InputError(`unknown board '${board}' (shipped boards: ${Object.keys(boards).sort().join(', ')})`, '$.board');
    }
    board = boards[board];
  } else if (board === null || typeof board !== 'object' || Array.isArray(board)) {
    throw new InputError('setup: board must be a board id or a board object', '$.board');
  }
  board = clone(board);
  validateBoard(board);
  const options = setupOptions(setup.options === undefined ? {} : setup.options);
  const players = [];
  for (let p = 0; p < n; p++) players.push({ reserve: ASTRONAUTS.slice() });
  const goals = {};
  for (const g of GOALS) goals[g] = null;
  const state = {
    game: 'mlem',
    format: 1,
    board,
    options,
    phase: 'takeoff',
    start_player: sp,
    expedition: 1,
    crashes: 0,
    players,
    rocket: { space: board.start_space, dice: MAX_DICE, roll: null, cursor: 0, seats: [] },
    landed: [],
    goals,
    ended: null,
  };
  if (!options.variants) return state;
  const tokens = setupTokens(setup, board, tokenSets || loadTokenSets());
  const byId = (list) => sortById(clone(list || []));
  const perPlayer = () => players.map(() => []);
  if (played(state, 'exploration')) {
    state.exploration = { pile: byId(tokens.exploration), spaces: [], held: perPlayer(), removed: [], pending: 0 };
  }
  if (played(state, 'missions')) {
    state.missions = { pile: byId(tokens.missions), hands: perPlayer(), discarded: perPlayer() };
  }
  if (played(state, 'ufo')) {
    const home = tokens.ufo_home === undefined ? endSpace(state) : tokens.ufo_home;
    state.ufo = {
      home, space: home, pile: byId(tokens.arrivals), used: [], arrival: null, ability_used: false,
      stack: UFO_STACK.slice(), held: perPlayer(),
    };
  }
  gameStart(state, 'exploration-setup', []);
  return state;
}

/** The rule options of a setup, completed with defaults, in canonical form (variants.selection). */
function setupOptions(given) {
  if (given === null || typeof given !== 'object' || Array.isArray(given)) throw new InputError('setup: options must be an object', '$.options');
  for (const k of Object.keys(given)) {
    if (!(k in OPTION_VALUES) && k !== 'variants') throw new InputError(`setup: unknown option '${k}'`, `$.options.${k}`);
  }
  const options = {};
  for (const k of Object.keys(DEFAULT_OPTIONS)) {
    const v = k in given ? given[k] : DEFAULT_OPTIONS[k];
    if (!OPTION_VALUES[k].includes(v)) throw new InputError(`setup: option ${k} cannot be ${JSON.stringify(v)}`, `$.options.${k}`);
    options[k] = v;
  }
  for (const [k, d] of Object.entries(LATE_OPTIONS)) {
    if (!(k in given)) continue;
    if (!OPTION_VALUES[k].includes(given[k])) throw new InputError(`setup: option ${k} cannot be ${JSON.stringify(given[k])}`, `$.options.${k}`);
    if (given[k] !== d) options[k] = given[k];
  }
  const variants = given.variants === undefined ? [] : given.variants;
  if (!Array.isArray(variants) || variants.some((v) => !VARIANTS.includes(v)) || new Set(variants).size !== variants.length) {
    const e = new InputError('setup: variants must list distinct variants among exploration, missions, ufo', '$.options.variants');
    e.clause = 'variants.selection';
    throw e;
  }
  const on = VARIANTS.filter((v) => variants.includes(v));
  for (const v of VARIANTS) {
    for (const k of [...Object.keys(VARIANT_OPTIONS[v]), ...Object.keys(LATE_VARIANT_OPTIONS[v] || {})]) {
      if (k in given && !on.includes(v)) {
        // variants.selection "is an error": an invalid-input error naming the option, as the reference answers.
        const e = new InputError(`option ${k} applies only with the ${v} variant, which is not played`, `$.options.${k}`);
        e.clause = 'variants.selection';
        throw e;
      }
    }
  }
  if (on.length) options.variants = on;
  for (const v of on) {
    for (const [k, d] of Object.entries(VARIANT_OPTIONS[v])) {
      const val = k in given ? given[k] : d;
      if (!OPTION_VALUES[k].includes(val)) throw new InputError(`setup: option ${k} cannot be ${JSON.stringify(val)}`, `$.options.${k}`);
      options[k] = val;
    }
    for (const [k, d] of Object.entries(LATE_VARIANT_OPTIONS[v] || {})) {
      if (!(k in given)) continue;
      if (!OPTION_VALUES[k].includes(given[k])) throw new InputError(`setup: option ${k} cannot be ${JSON.stringify(given[k])}`, `$.options.${k}`);
      if (given[k] !== d) options[k] = given[k];
    }
  }
  return options;
}

function sortById(tokens) { return tokens.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)); }

/** The token set of a setup: the one named (default: the board's id) or given inline, checked against the board. */
function setupTokens(setup, board, tokenSets) {
  let tokens = setup.tokens === undefined ? board.id : setup.tokens;
  if (typeof tokens === 'string') {
    if (!Object.prototype.hasOwnProperty.call(tokenSets, tokens)) {
      throw new InputError(`unknown token set '${tokens}' (shipped token sets: ${Object.keys(tokenSets).sort().join(', ')})`, '$.tokens');
    }
    tokens = tokenSets[tokens];
  } else if (tokens === null || typeof tokens !== 'object' || Array.isArray(tokens)) {
    throw new InputError('setup: tokens must be a token set id or a token set object', '$.tokens');
  }
  for (const kind of ['exploration', 'missions', 'arrivals']) {
    const ids = (tokens[kind] || []).map((t) => t.id);
    const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
    if (twice.length) throw new InputError(`token set '${tokens.id}': token ids used twice: ${[...new Set(twice)].join(', ')}`, '$.tokens');
  }
  // The token set must fit the board: an input error under setup.board, like a bad board.
  const end = board.deep_space.space;
  const problems = [];
  for (const t of tokens.exploration || []) {
    if (!(t.space > board.start_space && t.space < end)) problems.push(`exploration token ${t.id} is for space ${t.space}, not one of ${board.start_space + 1}..${end - 1}`);
  }
  for (const t of tokens.missions || []) {
    const sp = board.spaces[t.space];
    if (t.space >= end || !sp || !(sp.moons || sp.planet)) problems.push(`mission token ${t.id} is for space ${t.space}, which has no moon or planet`);
  }
  if (tokens.ufo_home !== undefined && !(tokens.ufo_home >= 1 && tokens.ufo_home <= end)) {
    problems.push(`ufo_home ${tokens.ufo_home} is not a space of the board (1..${end})`);
  }
  if (problems.length) {
    throw boardError(`token set '${tokens.id}' does not fit board '${board.id}': ${problems.join('; ')}`, '$.tokens');
  }
  // missions.deal: every player is dealt four.
  const need = MISSION_HAND * setup.players;
  if (setup.options && Array.isArray(setup.options.variants) && setup.options.variants.includes('missions') && (tokens.missions || []).length < need) {
    reject('missions.deal', `${setup.players} players need ${need} mission tokens; token set '${tokens.id}' has ${(tokens.missions || []).length}`);
  }
  return tokens;
}

// ------------------------------------------------------------------ game-start steps (variants)

const GAME_START = ['exploration-setup', 'mission-deal', 'mission-discard', 'expedition'];

/** variants.selection: enter the first game-start step at or after `step` that has something to do. */
function gameStart(s, step, events) {
  for (let i = GAME_START.indexOf(step); i < GAME_START.length; i++) {
    switch (GAME_START[i]) {
      case 'exploration-setup':
        if (played(s, 'exploration') && explorationSetupOpen(s)) { s.phase = 'exploration-setup'; return; }
        break;
      case 'mission-deal':
        if (played(s, 'missions') && dealTarget(s) >= 0) { s.phase = 'mission-deal'; return; }
        break;
      case 'mission-discard':
        if (played(s, 'missions') && discarder(s) >= 0) { s.phase = 'mission-discard'; return; }
        break;
      default:
        beginExpedition(s, events);
        return;
    }
  }
}

/** exploration.setup: draw until five tokens lie on the track or the pile is empty. */
function explorationSetupOpen(s) {
  return s.exploration.pile.length > 0 && s.exploration.spaces.length < EXPLORATION_REVEALED;
}

/** missions.deal: the first player from the start player holding fewer than four, or -1. */
function dealTarget(s) {
  if (s.missions.pile.length === 0) return -1;
  const n = nPlayers(s);
  for (let i = 0; i < n; i++) {
    const p = (s.start_player + i) % n;
    if (s.missions.hands[p].length < MISSION_HAND) return p;
  }
  return -1;
}

/** missions.discard: the first player from the start player who has not discarded yet, or -1. */
function discarder(s) {
  const n = nPlayers(s);
  for (let i = 0; i < n; i++) {
    const p = (s.start_player + i) % n;
    if (s.missions.discarded[p].length === 0 && s.missions.hands[p].length === MISSION_HAND) return p;
  }
  return -1;
}

/** ufo.arrival / ufo.arrivals-exhausted: open an expedition (phase arrival, or takeoff). */
function beginExpedition(s, events) {
  s.phase = 'takeoff';
  if (!played(s, 'ufo')) return;
  const u = s.ufo;
  if (u.pile.length === 0 && s.options.arrivals_exhausted === 'reshuffle' && u.used.length > 0) {
    u.pile = sortById(u.used);
    u.used = [];
    events.push({ type: 'arrivals-reshuffled', clause: 'ufo.arrivals-exhausted', count: u.pile.length });
  }
  if (u.pile.length > 0) { s.phase = 'arrival'; return; }
  events.push({ type: 'no-arrival', clause: 'ufo.arrivals-exhausted', expedition: s.expedition });
}

// ------------------------------------------------------------------ who acts

function nPlayers(state) { return state.players.length; }

/** The player (or 'chance', or null) whose decision is pending; derived, never stored. */
function actorOf(state) {
  switch (state.phase) {
    case 'takeoff': return (state.start_player + state.rocket.seats.length) % nPlayers(state);
    case 'roll': return 'chance';
    case 'move': return state.rocket.seats[0].player;
    case 'landing':
    case 'parachute': return state.rocket.seats[state.rocket.cursor].player;
    case 'exploration-setup':
    case 'mission-deal':
    case 'arrival':
    case 'exploration-draw': return 'chance';
    case 'mission-discard': return discarder(state);
    default: return null;
  }
}

// ------------------------------------------------------------------ travel

/** Face-up die-one astronauts aboard, as their owners (ascending). */
function faceUpDieOnes(state) {
  return state.rocket.seats.filter((s) => s.astronaut === 'die-one' && !s.flipped).map((s) => s.player).sort((a, b) => a - b);
}

/** All legal moves for the current roll (empty means a crash). */
function legalMoves(state) {
  const allowed = spaceInfo(state, state.rocket.space).faces;
  return movesFor(state, allowed, countFaces(state.rocket.roll));
}

/** The moves for these allowed faces and rolled dice: groups, whole or (dice_grouping any-dice) in part. */
function movesFor(state, allowed, counts) {
  const groups = FACES.filter((f) => counts[f] && allowed.includes(f)); // travel.allowed-faces
  const oneAllowed = allowed.includes('1');
  const dieOnes = faceUpDieOnes(state);
  // power.die-one: usable where 1 is allowed; with die_one_rescue=false only if the roll itself can move.
  const dieOneUsable = oneAllowed && dieOnes.length > 0 && (state.options.die_one_rescue || groups.length > 0);
  const choices = groups.slice();
  if (dieOneUsable && !choices.includes('1')) choices.unshift('1');
  const player = state.rocket.seats[0].player;
  const moves = [];
  for (const faces of subsets(choices)) {
    if (faces.length === 0) continue;
    if (state.options.dice_selection === 'single-group' && faces.length !== 1) continue; // travel.group-count
    const dieOneSets = faces.includes('1') && dieOneUsable ? subsets(dieOnes) : [[]];
    for (const dieOne of dieOneSets) {
      if (faces.includes('1') && !counts['1'] && dieOne.length === 0) continue;
      if (opt(state, 'dice_grouping') !== 'any-dice') {
        moves.push({ type: 'move', player, faces, die_one: dieOne });
        continue;
      }
      // travel.whole-group with any-dice: 1..n dice of each face (0..n of the 1s beside a Die-1)
      let combos = [{}];
      for (const f of faces) {
        const n = counts[f] || 0;
        const low = f === '1' && dieOne.length ? 0 : 1;
        const next = [];
        for (const c of combos) for (let k = low; k <= n; k++) next.push(k < n ? { ...c, [f]: k } : c);
        combos = next;
      }
      for (const dice of combos) {
        const m = { type: 'move', player, faces, die_one: dieOne };
        if (Object.keys(dice).length) m.dice = dice;
        moves.push(m);
      }
    }
  }
  return moves;
}

/** This expedition's unused arrival token (UFO variant), or null (ufo.ability). */
function unusedArrival(state) {
  if (!played(state, 'ufo') || !state.ufo.arrival || state.ufo.ability_used) return null;
  return state.ufo.arrival;
}

/** Why the arrival token's extra face cannot be used at the rocket's space, or null (ufo.extra-face). */
function extraFaceProblem(state, face) {
  const info = spaceInfo(state, state.rocket.space);
  if (state.options.ufo_extra_face === 'allowed-only') {
    if (!info.faces.includes(face)) return `face '${face}' is not allowed on space ${state.rocket.space}`;
  } else if (face === 'afterburner' && info.afterburner === undefined) {
    return `space ${state.rocket.space} prints no afterburner dots`;
  }
  return null;
}

/** Every decision of the move phase: the ordinary moves, and the unused arrival ability's (ufo.ability). */
function moveActions(state) {
  const moves = legalMoves(state);
  const arrival = unusedArrival(state);
  if (!arrival) return moves;
  const player = state.rocket.seats[0].player;
  const out = moves.slice();
  if (arrival.ability === 'keep-dice') for (const m of moves) out.push({ ...m, ability: 'keep-dice' });
  if (arrival.ability === 'reroll') out.push({ type: 'reroll', player });
  if (arrival.ability === 'extra-face' && !extraFaceProblem(state, arrival.face)) {
    if (opt(state, 'ufo_extra_face_use') === 'with-dice') {
      // ufo.extra-face with-dice: the face is one more die, joining the rolled dice of its face
      const face = arrival.face;
      const info = spaceInfo(state, state.rocket.space);
      const allowed = FACES.filter((f) => info.faces.includes(f) || f === face);
      const counts = countFaces([...state.rocket.roll, face]);
      for (const m of movesFor(state, allowed, counts)) {
        if (!m.faces.includes(face) || (m.dice && m.dice[face] === 0)) continue;
        out.push({ ...m, ability: 'extra-face' });
      }
    } else {
      out.push({ type: 'move', player, faces: [], die_one: [], ability: 'extra-face' });
    }
  }
  return out;
}

// ------------------------------------------------------------------ landing

/** Spaces where the astronaut in seat `idx` may land now (sorted), per phase. */
function landingSpaces(state, idx) {
  const seat = state.rocket.seats[idx];
  const s = state.rocket.space;
  if (state.phase === 'parachute') {
    return seat.astronaut === 'parachute' && siteOpen(state, s) ? [s] : []; // crash.parachute
  }
  const targets = [s];
  if (seat.astronaut === 'plus-minus') targets.push(s - 1, s + 1); // power.plus-minus
  return targets.filter((t) => t >= 0 && t < endSpace(state) && siteOpen(state, t)).sort((a, b) => a - b);
}

/** The first seat at or after `from` that has a decision to make, or -1 (landing.optional). */
function nextDecision(state, from, events) {
  for (let i = from; i < state.rocket.seats.length; i++) {
    if (landingSpaces(state, i).length) return i;
    const seat = state.rocket.seats[i];
    // A seat with nowhere to land is passed over (in a crash only parachutists are concerned).
    if (events && (state.phase === 'landing' || seat.astronaut === 'parachute')) {
      const info = spaceInfo(state, state.rocket.space);
      events.push({
        type: 'passed-over', clause: info && info.moons ? 'landing.full-moon' : 'landing.no-site',
        player: seat.player, astronaut: seat.astronaut, space: state.rocket.space,
      });
    }
  }
  return -1;
}

// ------------------------------------------------------------------ legal actions

function rollOutcomes(dice) {
  const out = [];
  const rec = (start, acc) => {
    if (acc.length === dice) { out.push(acc.slice()); return; }
    for (let i = start; i < FACES.length; i++) { acc.push(FACES[i]); rec(i, acc); acc.pop(); }
  };
  rec(0, []);
  return out;
}

/** Probability of a roll (a multiset in canonical order) as a reduced fraction string. */
function rollProbability(faces) {
  const c = countFaces(faces);
  let num = factorial(faces.length);
  for (const f of FACES) if (c[f]) num = (num / factorial(c[f])) * FACE_WEIGHT[f] ** c[f];
  const den = 6 ** faces.length;
  const g = gcd(num, den);
  return `${num / g}/${den / g}`;
}

/** The face-down pile a chance phase draws from. */
function drawPile(state) {
  switch (state.phase) {
    case 'exploration-setup':
    case 'exploration-draw': return state.exploration.pile;
    case 'mission-deal': return state.missions.pile;
    case 'arrival': return state.ufo.pile;
    default: return [];
  }
}

function legalActions(state) {
  const actor = actorOf(state);
  let actions = [];
  switch (state.phase) {
    case 'takeoff':
      actions = state.players[actor].reserve.map((a) => ({ type: 'embark', player: actor, astronaut: a }));
      break;
    case 'roll': {
      actions = sortCanonical(rollOutcomes(state.rocket.dice).map((faces) => ({ type: 'roll', faces })));
      return { actor, actions, probabilities: actions.map((a) => rollProbability(a.faces)) };
    }
    case 'move':
      actions = moveActions(state);
      break;
    case 'mission-discard':
      actions = state.missions.hands[actor].map((t) => ({ type: 'discard', player: actor, token: t.id }));
      break;
    case 'exploration-setup':
    case 'mission-deal':
    case 'arrival':
    case 'exploration-draw': {
      actions = sortCanonical(drawPile(state).map((t) => ({ type: 'draw', token: t.id })));
      return { actor, actions, probabilities: actions.map(() => `1/${actions.length}`) };
    }
    case 'landing':
    case 'parachute':
      actions = landingSpaces(state, state.rocket.cursor).map((space) => ({ type: 'land', player: actor, space }));
      actions.push({ type: 'stay', player: actor });
      break;
    default:
      break;
  }
  return { actor, actions: sortCanonical(actions) };
}

// ------------------------------------------------------------------ action shape (interchange.schema)

const ACTION_FIELDS = {
  embark: ['type', 'player', 'astronaut'],
  roll: ['type', 'faces'],
  move: ['type', 'player', 'faces', 'die_one'],
  land: ['type', 'player', 'space'],
  stay: ['type', 'player'],
  draw: ['type', 'token'],
  discard: ['type', 'player', 'token'],
  reroll: ['type', 'player'],
};
const OPTIONAL_FIELDS = { move: ['ability', 'dice'] };
const TOKEN_ID = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

function checkActionShape(action) {
  if (action === null || typeof action !== 'object' || Array.isArray(action)) throw new InputError('action: not an object');
  if (!(action.type in ACTION_FIELDS)) throw new InputError(`action: unknown type ${JSON.stringify(action.type)}`, '$.type');
  const fields = ACTION_FIELDS[action.type];
  const optional = OPTIONAL_FIELDS[action.type] || [];
  for (const k of fields) if (!(k in action)) throw new InputError(`action: '${k}' is a required property`, '$');
  for (const k of Object.keys(action)) if (!fields.includes(k) && !optional.includes(k)) throw new InputError(`action: '${k}' was unexpected`, '$');
  if ('token' in action && !(typeof action.token === 'string' && TOKEN_ID.test(action.token))) throw new InputError('action: bad token id', '$.token');
  if ('ability' in action && !['extra-face', 'keep-dice'].includes(action.ability)) throw new InputError(`action: ${JSON.stringify(action.ability)} is not a move ability`, '$.ability');
  if ('dice' in action) {
    const d = action.dice;
    if (d === null || typeof d !== 'object' || Array.isArray(d) || Object.keys(d).length > 5) throw new InputError('action: bad dice', '$.dice');
    for (const [f, k] of Object.entries(d)) {
      if (!FACES.includes(f)) throw new InputError(`action: '${f}' is not a die face`, `$.dice.${f}`);
      if (!(isInt(k) && k >= 0 && k <= 6)) throw new InputError('action: bad dice count', `$.dice.${f}`);
    }
  }
  if (action.type === 'move' && action.ability === 'extra-face') {
    // The schema leaves the groups of an extra-face move to the rules (ufo_extra_face_use).
    if (!Array.isArray(action.faces) || action.faces.length > 5) throw new InputError('action: bad faces', '$.faces');
    action.faces.forEach((x, i) => { if (!FACES.includes(x)) throw new InputError(`action: '${x}' is not a die face`, `$.faces[${i}]`); });
    const d = action.die_one;
    if (!Array.isArray(d) || d.length > 5 || d.some((p) => !(isInt(p) && p >= 0 && p <= 4)) || new Set(d).size !== d.length) {
      throw new InputError('action: bad die_one', '$.die_one');
    }
    if ('player' in action && !(isInt(action.player) && action.player >= 0 && action.player <= 4)) throw new InputError('action: bad player', '$.player');
    return;
  }
  if ('player' in action && !(isInt(action.player) && action.player >= 0 && action.player <= 4)) throw new InputError('action: bad player', '$.player');
  if ('space' in action && !(isInt(action.space) && action.space >= 0)) throw new InputError('action: bad space', '$.space');
  if ('astronaut' in action && !ASTRONAUTS.includes(action.astronaut)) throw new InputError(`action: '${action.astronaut}' is not an astronaut type`, '$.astronaut');
  if ('faces' in action) {
    const f = action.faces;
    if (!Array.isArray(f) || f.length < (action.type === 'roll' ? 1 : 0) || f.length > (action.type === 'roll' ? 6 : 5)) throw new InputError('action: bad faces', '$.faces');
    f.forEach((x, i) => { if (!FACES.includes(x)) throw new InputError(`action: '${x}' is not a die face`, `$.faces[${i}]`); });
    // An empty move or a face named twice is a rule question (travel.group-count, travel.whole-group).
  }
  if ('die_one' in action) {
    const d = action.die_one;
    if (!Array.isArray(d) || d.length > 5 || d.some((p) => !(isInt(p) && p >= 0 && p <= 4)) || new Set(d).size !== d.length) {
      throw new InputError('action: bad die_one', '$.die_one');
    }
  }
}

// ------------------------------------------------------------------ apply

function apply(state, action) {
  try {
    checkActionShape(action);
    const s = clone(state);
    const events = [];
    const accepts = PHASE_ACCEPTS[s.phase];
    if (s.phase === 'game-over') reject('turn.phase', 'the game is over');
    if (!accepts.includes(action.type)) {
      reject('turn.phase', `phase ${s.phase} accepts ${accepts.join(' or ')}, not a ${action.type} action`);
    }
    if (action.type !== 'roll' && action.type !== 'draw') {
      const actor = actorOf(s);
      if (action.player !== actor) reject('turn.actor', `it is player ${actor}'s decision, not player ${action.player}'s`);
    }
    switch (action.type) {
      case 'embark': doEmbark(s, action, events); break;
      case 'roll': doRoll(s, action, events); break;
      case 'move': doMove(s, action, events); break;
      case 'land': doLand(s, action, events); break;
      case 'stay': doStay(s, action, events); break;
      case 'draw': doDraw(s, action, events); break;
      case 'discard': doDiscard(s, action, events); break;
      case 'reroll': doReroll(s, action, events); break;
      default: break;
    }
    return { state: s, events };
  } catch (e) {
    if (e instanceof Rejection) return { rejected: { clause: e.clause, message: e.message } };
    throw e;
  }
}

function doEmbark(s, a, events) {
  const reserve = s.players[a.player].reserve;
  if (!reserve.includes(a.astronaut)) {
    reject('takeoff.boarding-order', `player ${a.player} has no '${a.astronaut}' astronaut on their board`);
  }
  reserve.splice(reserve.indexOf(a.astronaut), 1);
  const seat = s.rocket.seats.length;
  // power.die-one once-per-game: a spent Die-1 boards face down
  const spent = a.astronaut === 'die-one' && (s.die_one_spent || []).includes(a.player);
  s.rocket.seats.push({ player: a.player, astronaut: a.astronaut, flipped: spent });
  events.push({ type: 'boarded', clause: 'takeoff.boarding-order', player: a.player, astronaut: a.astronaut, seat });
  if (s.rocket.seats.length === nPlayers(s)) {
    const satellite = s.rocket.seats.some((x) => x.astronaut === 'satellite');
    s.rocket.space = satellite ? s.board.satellite_space : s.board.start_space;
    events.push({ type: 'rocket-placed', clause: satellite ? 'power.satellite' : 'takeoff.rocket-start', space: s.rocket.space });
    s.phase = 'roll';
  }
}

function doRoll(s, a, events) {
  if (a.faces.length !== s.rocket.dice) {
    reject('travel.roll', `the roll has ${a.faces.length} faces but ${s.rocket.dice} dice are available`);
  }
  const faces = byFaceOrder(a.faces);
  events.push({ type: 'rolled', clause: 'travel.roll', faces });
  s.rocket.roll = faces;
  if (moveActions(s).length > 0) { s.phase = 'move'; return; }
  // crash.trigger: nothing usable, not even a die-one or the arrival token's ability (ufo.ability).
  s.rocket.roll = null;
  s.crashes += 1;
  events.push({ type: 'crashed', clause: 'crash.trigger', space: s.rocket.space, crashes: s.crashes });
  s.phase = 'parachute';
  const first = nextDecision(s, 0, events);
  if (first >= 0) { s.rocket.cursor = first; return; }
  endExpedition(s, events, 'crash'); // crash.return-home
}

function doMove(s, a, events) {
  if (a.ability !== undefined) {
    const arrival = unusedArrival(s);
    if (!arrival || arrival.ability !== a.ability) {
      reject('ufo.ability', `the ${a.ability} ability is not available: ${abilityState(s)}`);
    }
    if (a.ability === 'extra-face' && opt(s, 'ufo_extra_face_use') === 'alone') { doExtraFace(s, a, arrival, events); return; }
  }
  const space = s.rocket.space;
  let info = spaceInfo(s, space);
  let roll = s.rocket.roll;
  const token = a.ability === 'extra-face' ? s.ufo.arrival.face : null;
  if (token !== null) {
    // ufo.extra-face with-dice: one more die showing the token's face
    const problem = extraFaceProblem(s, token);
    if (problem) reject('ufo.extra-face', `the extra face cannot be used here: ${problem}`);
    if (!a.faces.includes(token)) reject('ufo.extra-face', `with-dice: the token's face '${token}' is one more die, so the move must use its group`);
    roll = [...roll, token];
    info = { ...info, faces: FACES.filter((f) => info.faces.includes(f) || f === token) };
  }
  const counts = countFaces(roll);
  const faces = a.faces;
  const dieOne = a.die_one.slice().sort((x, y) => x - y); // a set of players; canonical form ascending
  if (faces.length === 0) reject('travel.group-count', 'at least one group must be used');
  if (new Set(faces).size !== faces.length) reject('travel.whole-group', 'a move may not name a group twice');
  if (s.options.dice_selection === 'single-group' && faces.length !== 1) {
    reject('travel.group-count', 'exactly one group may be used (dice_selection single-group)');
  }
  for (const f of faces) {
    if (!info.faces.includes(f)) {
      reject('travel.allowed-faces', `face '${f}' is not allowed on space ${space} (allowed: ${info.faces.join(', ')})`);
    }
  }
  for (const f of faces) {
    if (!counts[f] && !(f === '1' && dieOne.length)) reject('travel.allowed-faces', `no rolled die shows '${f}'`);
  }
  const faceUp = faceUpDieOnes(s);
  for (const p of dieOne) {
    if (!faceUp.includes(p)) reject('power.die-one', `there is no unused Die-1 astronaut of player ${p} aboard`);
  }
  if (dieOne.length && !faces.includes('1')) reject('power.die-one', 'a Die-1 astronaut belongs to the 1s group: the move must use face 1');
  if (dieOne.length && !s.options.die_one_rescue && !FACES.some((f) => counts[f] && info.faces.includes(f))) {
    reject('power.die-one', 'without die_one_rescue a Die-1 astronaut needs a roll with a usable die');
  }
  // travel.whole-group: every die of a face, or (dice_grouping any-dice) the count `dice` names
  const used = {};
  for (const f of faces) used[f] = counts[f] || 0;
  for (const [f, k] of Object.entries(a.dice || {})) {
    if (!(f in used)) reject('travel.whole-group', `dice names face '${f}', which the move does not use`);
    const n = used[f];
    if (k > n) reject('travel.whole-group', `${n} dice show '${f}': cannot use ${k} of them`);
    if (k === n) reject('travel.whole-group', `all ${n} dice showing '${f}' are its whole group: name the face alone`);
    if (opt(s, 'dice_grouping') === 'whole-groups') reject('travel.whole-group', `a face is used with all its dice: ${n} dice show '${f}' (dice_grouping=whole-groups)`);
    if (k === 0 && !(f === '1' && dieOne.length)) reject('travel.whole-group', `face '${f}' is named with 0 dice`);
    if (k === 0 && f === token) reject('ufo.extra-face', `the token's face '${token}' is one of the dice used`);
    used[f] = k;
  }
  // travel.distance / travel.afterburner; travel.remove-dice: the dice to remove
  // (numbered ones; with afterburner_dice=removed the afterburners too)
  let distance = dieOne.length;
  let numbered = 0;
  const burnersGo = opt(s, 'afterburner_dice') === 'removed';
  for (const f of faces) {
    const c = used[f];
    if (f === 'afterburner') { distance += c * info.afterburner; if (burnersGo) numbered += c; }
    else { distance += c * faceValue(f); numbered += c; }
  }
  if (token !== null && (token !== 'afterburner' || burnersGo)) numbered -= 1; // the token's die is not removed
  const from = space;
  const end = endSpace(s);
  const to = Math.min(from + distance, end);
  s.rocket.space = to;
  s.rocket.roll = null;
  for (const seat of s.rocket.seats) if (seat.astronaut === 'die-one' && dieOne.includes(seat.player)) seat.flipped = true;
  const moved = {
    type: 'moved', clause: token !== null ? 'ufo.extra-face' : from + distance > end ? 'travel.overshoot' : 'travel.distance',
    player: a.player, faces: byFaceOrder(faces), die_one: dieOne.slice(), from, to, distance,
  };
  if (a.dice && Object.keys(a.dice).length) moved.dice = { ...a.dice };
  events.push(moved);
  for (const p of dieOne.slice().sort((x, y) => x - y)) events.push({ type: 'die-one-used', clause: 'power.die-one', player: p });
  if (dieOne.length && opt(s, 'die_one') === 'once-per-game') {
    // power.die-one once-per-game: the power is spent for the rest of the game
    s.die_one_spent = [...new Set([...(s.die_one_spent || []), ...dieOne])].sort((x, y) => x - y);
  }
  if (token !== null) useAbility(s, a.player, 'extra-face', events);
  if (a.ability === 'keep-dice') useAbility(s, a.player, 'keep-dice', events);
  if (numbered > 0 && a.ability !== 'keep-dice') { // ufo.keep-dice: no die is removed
    s.rocket.dice -= numbered;
    events.push({ type: 'dice-removed', clause: 'travel.remove-dice', count: numbered, dice: s.rocket.dice });
    if (s.rocket.dice < 1) {
      s.rocket.dice = 1;
      events.push({ type: 'die-restored', clause: 'travel.last-die', dice: 1 });
    }
  }
  afterMovement(s, a.player, from, events);
}

function abilityState(s) {
  if (!played(s, 'ufo')) return 'the UFO variant is not played';
  if (!s.ufo.arrival) return 'this expedition has no arrival token';
  if (s.ufo.ability_used) return `the ${s.ufo.arrival.ability} ability was already used this expedition`;
  return `this expedition's arrival token gives ${s.ufo.arrival.ability}`;
}

function useAbility(s, player, ability, events) {
  s.ufo.ability_used = true;
  events.push({ type: 'ability-used', clause: ABILITY_CLAUSE[ability], player, ability });
}

/** ufo.extra-face: the arrival token's face alone moves the rocket; no die is used or removed. */
function doExtraFace(s, a, arrival, events) {
  const face = arrival.face;
  if (a.faces.length || a.die_one.length) {
    reject('ufo.extra-face', 'the extra face is used on its own: no rolled dice or Die-1 astronauts with it (ufo_extra_face_use=alone)');
  }
  const problem = extraFaceProblem(s, face);
  if (problem) reject('ufo.extra-face', `the extra face cannot be used here: ${problem}`);
  const info = spaceInfo(s, s.rocket.space);
  const distance = face === 'afterburner' ? info.afterburner : faceValue(face);
  const from = s.rocket.space;
  const to = Math.min(from + distance, endSpace(s));
  s.rocket.space = to;
  s.rocket.roll = null;
  events.push({ type: 'moved', clause: 'ufo.extra-face', player: a.player, faces: [face], die_one: [], from, to, distance });
  useAbility(s, a.player, 'extra-face', events);
  afterMovement(s, a.player, from, events);
}

/** ufo.reroll: back to the roll phase; the new roll must be used. */
function doReroll(s, a, events) {
  const arrival = unusedArrival(s);
  if (!arrival || arrival.ability !== 'reroll') reject('ufo.ability', `the reroll ability is not available: ${abilityState(s)}`);
  useAbility(s, a.player, 'reroll', events);
  s.rocket.roll = null;
  s.phase = 'roll';
}

/**
 * After a movement by `commander` from `from` to the rocket's space: the UFO (ufo.encounter), the
 * exploration tokens and tunnels (exploration.trigger), the replacement draws, then deep space or
 * the landing phase.
 */
function afterMovement(s, commander, from, events) {
  let start = from;
  for (;;) {
    const here = s.rocket.space;
    if (played(s, 'ufo')) encounter(s, commander, start, here, events);
    if (!played(s, 'exploration')) break;
    const tunnels = triggerTokens(s, commander, here, events);
    if (tunnels === 0) break;
    // exploration.tunnel: one jump of four spaces per tunnel, once every token has taken effect.
    const end = endSpace(s);
    const dest = here + TUNNEL_JUMP * tunnels;
    if (dest > end && s.options.tunnel_past_end === 'no-move') {
      events.push({ type: 'tunnel-blocked', clause: 'exploration.tunnel-past-end', from: here });
      break;
    }
    const to = Math.min(dest, end);
    events.push({ type: 'tunnel', clause: dest > end ? 'exploration.tunnel-past-end' : 'exploration.tunnel', from: here, to });
    s.rocket.space = to;
    start = here;
  }
  if (played(s, 'exploration') && s.exploration.pending > 0) {
    if (s.exploration.pile.length > 0) { s.phase = 'exploration-draw'; return; }
    s.exploration.pending = 0; // exploration.replace: draws owed to an empty pile are dropped
  }
  continueAfterMove(s, events);
}

/** The expedition goes on from the rocket's space: deep space, a landing phase, or the next roll. */
function continueAfterMove(s, events) {
  const to = s.rocket.space;
  s.rocket.roll = null;
  s.rocket.cursor = 0;
  if (to === endSpace(s)) { deepSpace(s, events); return; }
  if (hasSite(s, to)) {
    s.phase = 'landing';
    const first = nextDecision(s, 0, events);
    if (first >= 0) { s.rocket.cursor = first; return; }
  } else {
    events.push({ type: 'no-landing', clause: 'landing.no-site', space: to });
  }
  s.phase = 'roll'; // landing.no-site or nobody to ask; expedition.continue
  s.rocket.cursor = 0;
}

/** ufo.encounter, ufo.tokens, ufo.after-encounter for a movement from `from` to `to`. */
function encounter(s, commander, from, to, events) {
  const u = s.ufo;
  const meets = s.options.ufo_encounter === 'exact' ? to === u.space : from < u.space && to >= u.space;
  if (!meets) return;
  events.push({ type: 'ufo-encountered', clause: 'ufo.encounter', space: u.space, player: commander });
  const takers = s.options.ufo_token_taker === 'passengers' ? s.rocket.seats.map((x) => x.player) : [commander];
  for (const p of takers) {
    if (u.stack.length === 0) break;
    const value = u.stack.shift();
    u.held[p].push(value);
    events.push({ type: 'ufo-token-taken', clause: 'ufo.tokens', player: p, value });
  }
  if (s.options.ufo_after_encounter === 'return' && u.space !== u.home) {
    events.push({ type: 'ufo-returned', clause: 'ufo.after-encounter', from: u.space, to: u.home });
    u.space = u.home;
  }
}

/** exploration.trigger: the tokens on `space` take effect in placement order; returns the number of tunnels. */
function triggerTokens(s, commander, space, events) {
  const ex = s.exploration;
  const here = ex.spaces.filter((t) => t.space === space);
  if (here.length === 0) return 0;
  ex.spaces = ex.spaces.filter((t) => t.space !== space);
  let tunnels = 0;
  for (const t of here) {
    events.push({ type: 'exploration-triggered', clause: 'exploration.trigger', player: commander, token: t.id, space, effect: t.effect });
    ex.pending += 1;
    if (t.effect === 'points') {
      ex.held[commander].push(t);
      events.push({ type: 'exploration-points', clause: 'exploration.points', player: commander, token: t.id, points: t.points });
    } else if (t.effect === 'dice-reuse') {
      ex.removed.push(t);
      const cap = diceCap(s);
      if (s.rocket.dice < cap) {
        s.rocket.dice += 1;
        events.push({ type: 'die-reused', clause: 'exploration.dice-reuse', player: commander, dice: s.rocket.dice });
      } else {
        events.push({ type: 'dice-reuse-wasted', clause: 'exploration.dice-reuse', player: commander, dice: s.rocket.dice });
      }
    } else {
      ex.removed.push(t);
      tunnels += 1;
    }
  }
  return tunnels;
}

/** exploration.dice-reuse: how many dice are "all dice" (dice_reuse_cap). */
function diceCap(s) {
  if (s.options.dice_reuse_cap === 'six') return MAX_DICE;
  return played(s, 'ufo') && s.ufo.arrival ? s.ufo.arrival.dice : MAX_DICE;
}

/** A chance draw from the pile the phase names. */
function doDraw(s, a, events) {
  const clause = { 'exploration-setup': 'exploration.setup', 'exploration-draw': 'exploration.replace', 'mission-deal': 'missions.deal', arrival: 'ufo.arrival' }[s.phase];
  const pile = drawPile(s);
  const idx = pile.findIndex((t) => t.id === a.token);
  if (idx < 0) reject(clause, `token ${a.token} is not in the face-down pile`);
  const recipient = s.phase === 'mission-deal' ? dealTarget(s) : null;
  const token = pile.splice(idx, 1)[0];
  switch (s.phase) {
    case 'exploration-setup':
      revealToken(s, token, clause, events);
      if (!explorationSetupOpen(s)) gameStart(s, 'mission-deal', events);
      break;
    case 'exploration-draw':
      if (revealToken(s, token, clause, events)) s.exploration.pending -= 1;
      if (s.exploration.pending > 0 && s.exploration.pile.length > 0) break;
      s.exploration.pending = 0;
      continueAfterMove(s, events);
      break;
    case 'mission-deal':
      s.missions.hands[recipient] = sortById(s.missions.hands[recipient].concat([token]));
      events.push({ type: 'mission-dealt', clause, player: recipient, token: token.id });
      if (dealTarget(s) < 0) gameStart(s, 'mission-discard', events);
      break;
    case 'arrival': {
      const u = s.ufo;
      u.arrival = token;
      u.ability_used = false;
      s.rocket.dice = token.dice;
      events.push({ type: 'arrival-revealed', clause, token: token.id, dice: token.dice, ufo_move: token.ufo_move });
      const to = Math.max(1, u.space - token.ufo_move); // ufo.movement: never below space 1
      if (to !== u.space) {
        events.push({ type: 'ufo-moved', clause: 'ufo.movement', from: u.space, to });
        u.space = to;
      }
      s.phase = 'takeoff';
      break;
    }
    default:
      break;
  }
}

/** Lay a drawn exploration token on its space, or set it aside (exploration.collision); true when laid. */
function revealToken(s, token, clause, events) {
  const ex = s.exploration;
  if (s.options.exploration_collision === 'set-aside' && ex.spaces.some((t) => t.space === token.space)) {
    ex.removed.push(token);
    events.push({ type: 'token-set-aside', clause: 'exploration.collision', token: token.id, space: token.space });
    return false;
  }
  ex.spaces.push(token);
  events.push({ type: 'token-revealed', clause, token: token.id, space: token.space });
  return true;
}

/** missions.discard: the player puts one of their four missions face down and keeps three. */
function doDiscard(s, a, events) {
  const hand = s.missions.hands[a.player];
  const idx = hand.findIndex((t) => t.id === a.token);
  if (idx < 0) reject('missions.discard', `player ${a.player} holds no mission ${a.token}`);
  s.missions.discarded[a.player] = [hand.splice(idx, 1)[0]];
  events.push({ type: 'mission-discarded', clause: 'missions.discard', player: a.player, token: a.token });
  if (discarder(s) < 0) gameStart(s, 'expedition', events);
}

/** landing.deep-space: commander to the comet, everyone else to the galaxy, front seat first. */
function deepSpace(s, events) {
  const end = endSpace(s);
  const seats = s.rocket.seats;
  s.rocket.seats = [];
  seats.forEach((seat, i) => {
    const site = i === 0 ? 'comet' : 'galaxy';
    let points = s.board.deep_space[site];
    if (seat.astronaut === 'deep-space-double') points *= 2;
    s.landed.push({ player: seat.player, astronaut: seat.astronaut, space: end, site });
    events.push({ type: 'landed', clause: 'landing.deep-space', player: seat.player, astronaut: seat.astronaut, space: end, site, points });
    if (seat.astronaut === 'deep-space-double') { // power.deep-space-double
      events.push({ type: 'points-doubled', clause: 'power.deep-space-double', player: seat.player, astronaut: seat.astronaut, space: end, points });
    }
    checkGoals(s, seat.player, events);
  });
  // Everyone has landed, so even with game_end=immediate the expedition ends normally (end.timing).
  endExpedition(s, events, 'deep-space');
}

function doLand(s, a, events) {
  const cur = s.rocket.cursor;
  const seat = s.rocket.seats[cur];
  const here = s.rocket.space;
  const t = a.space;
  const end = endSpace(s);
  if (t !== here) {
    if (seat.astronaut !== 'plus-minus' || s.phase === 'parachute') reject('power.plus-minus', `only a Plus-minus astronaut may land away from space ${here}`);
    if (Math.abs(t - here) > 1) reject('power.plus-minus', `space ${t} is more than one space from the rocket on space ${here}`);
    if (t === end) reject('power.plus-minus', 'a Plus-minus astronaut cannot land in deep space');
  }
  if (t >= end || !hasSite(s, t)) reject('landing.no-site', `space ${t} has nothing to land on`);
  if (!siteOpen(s, t)) reject('landing.full-moon', `every moon slot of space ${t} is taken`);
  const info = spaceInfo(s, t);
  let clause;
  if (s.phase === 'parachute') clause = 'crash.parachute';
  else if (t !== here) clause = 'power.plus-minus';
  else clause = info.moons ? 'landing.moon-slot' : 'landing.planet';
  s.rocket.seats.splice(cur, 1); // landing.seats-move-up
  if (info.moons) {
    const slot = freeSlot(s, t);
    let points = info.moons[slot];
    if (seat.astronaut === 'moon-double') points *= 2;
    s.landed.push({ player: seat.player, astronaut: seat.astronaut, space: t, site: 'moon', slot });
    events.push({ type: 'landed', clause, player: seat.player, astronaut: seat.astronaut, space: t, site: 'moon', slot, points });
    if (seat.astronaut === 'moon-double') { // power.moon-double
      events.push({ type: 'points-doubled', clause: 'power.moon-double', player: seat.player, astronaut: seat.astronaut, space: t, points });
    }
  } else {
    s.landed.push({ player: seat.player, astronaut: seat.astronaut, space: t, site: 'planet' });
    events.push({ type: 'landed', clause, player: seat.player, astronaut: seat.astronaut, space: t, site: 'planet', points: 0 });
  }
  // goal.first-come; with goal_claims landing-phase a parachute landing claims no goal
  if (s.phase === 'landing' || opt(s, 'goal_claims') === 'any-landing') checkGoals(s, seat.player, events);
  if (cur === 0 && s.rocket.seats.length > 0 && s.phase === 'landing') {
    events.push({ type: 'commander-changed', clause: 'landing.commander-change', player: s.rocket.seats[0].player });
  }
  if (s.phase === 'landing' && seat.astronaut === 'die-removal') {
    // power.die-removal; with one die left it comes straight back (travel.last-die).
    s.rocket.dice -= 1;
    events.push({ type: 'dice-removed', clause: 'power.die-removal', count: 1, dice: s.rocket.dice });
    if (s.rocket.dice < 1) {
      s.rocket.dice = 1;
      events.push({ type: 'die-restored', clause: 'travel.last-die', dice: 1 });
    }
  }
  if (s.options.game_end === 'immediate' && allPlaced(s, seat.player)) {
    endImmediately(s, events);
    return;
  }
  advanceDecision(s, cur, events);
}

function doStay(s, a, events) {
  events.push({ type: 'stayed', clause: s.phase === 'parachute' ? 'crash.parachute' : 'landing.optional', player: a.player });
  advanceDecision(s, s.rocket.cursor + 1, events);
}

/** Move the cursor to the next seat with a decision, or close the landing / parachute phase. */
function advanceDecision(s, from, events) {
  const next = nextDecision(s, from, events);
  if (next >= 0) { s.rocket.cursor = next; return; }
  s.rocket.cursor = 0;
  if (s.phase === 'parachute') { endExpedition(s, events, 'crash'); return; } // crash.return-home
  if (s.rocket.seats.length === 0) { endExpedition(s, events, 'empty'); return; }
  s.phase = 'roll'; // expedition.continue
}

function allPlaced(s, p) { return s.landed.filter((l) => l.player === p).length === ASTRONAUTS.length; }

/** Send everyone still aboard back to their owners' boards (crash.return-home, end.timing). */
function returnHome(s, events, clause) {
  for (const seat of s.rocket.seats) {
    const owner = s.players[seat.player];
    owner.reserve = byTypeOrder(owner.reserve.concat([seat.astronaut]));
    events.push({ type: 'returned-home', clause, player: seat.player, astronaut: seat.astronaut });
  }
  s.rocket.seats = [];
}

function gameOver(s, events, reason) {
  s.phase = 'game-over';
  s.ended = { reason };
  events.push({ type: 'game-ended', clause: reason === 'crash-limit' ? 'end.crash-limit' : 'end.all-placed', reason });
  events.push(...finalScoring(s));
}

/**
 * The end-of-game scoring as events (docs/mlem/interchange.md): per planet in board order a
 * planet-tie-broken for each group of players tied on head count that reaches a medal
 * (scoring.planet-ties), a planet-scored per medal (scoring.planets, points before doubling)
 * and a points-doubled per player there with a planet-double (power.planet-double, ranking
 * order, the doubled points: 0 without a medal); then final-scores with every player's score
 * sheet and the winners (scoring.winner).
 */
function finalScoring(s) {
  const events = [];
  const medals = ['gold', 'silver', 'bronze'];
  for (const id of Object.keys(s.board.planets)) {
    const stats = new Map();
    s.landed.forEach((l, i) => {
      if (l.site !== 'planet' || planetOf(s, l.space) !== id) return;
      if (!stats.has(l.player)) stats.set(l.player, { player: l.player, count: 0, first: i, double: null });
      const st = stats.get(l.player);
      st.count += 1;
      if (l.astronaut === 'planet-double') st.double = l.space;
    });
    const ranking = [...stats.values()].sort((x, y) => y.count - x.count || x.first - y.first);
    const awards = s.board.planets[id];
    for (let i = 0; i < ranking.length;) {
      let j = i;
      while (j + 1 < ranking.length && ranking[j + 1].count === ranking[i].count) j += 1;
      if (j > i && i < medals.length) {
        events.push({ type: 'planet-tie-broken', clause: 'scoring.planet-ties', planet: id,
          players: ranking.slice(i, j + 1).map((st) => st.player), astronauts: ranking[i].count });
      }
      i = j + 1;
    }
    ranking.forEach((st, rank) => {
      if (rank < medals.length) {
        events.push({ type: 'planet-scored', clause: 'scoring.planets', player: st.player, planet: id,
          rank: rank + 1, astronauts: st.count, points: awards[medals[rank]] });
      }
    });
    ranking.forEach((st, rank) => {
      if (st.double !== null) {
        const points = rank < medals.length ? 2 * awards[medals[rank]] : 0;
        events.push({ type: 'points-doubled', clause: 'power.planet-double', player: st.player,
          astronaut: 'planet-double', space: st.double, points });
      }
    });
  }
  const { scores: rows, outcome } = scores(s);
  events.push({ type: 'final-scores', clause: 'scoring.winner', scores: rows, winners: outcome.winners });
  return events;
}

/** expedition.end: dice back, rocket to the start space, the next start player; then end checks. */
function endExpedition(s, events, reason) {
  returnHome(s, events, 'crash.return-home');
  const next = (s.start_player + 1) % nPlayers(s);
  events.push({ type: 'expedition-ended', clause: 'expedition.end', expedition: s.expedition, reason, next_start_player: next });
  s.rocket = { space: s.board.start_space, dice: MAX_DICE, roll: null, cursor: 0, seats: [] };
  s.start_player = next;
  s.expedition += 1;
  s.phase = 'takeoff';
  if (played(s, 'ufo')) retireArrival(s);
  if (s.crashes >= s.board.crash_limit) gameOver(s, events, 'crash-limit'); // end.crash-limit
  else if (s.players.some((p, i) => allPlaced(s, i))) gameOver(s, events, 'all-placed'); // end.all-placed
  else beginExpedition(s, events); // ufo.arrival
}

/** ufo.arrival: once the expedition is over its arrival token counts as used. */
function retireArrival(s) {
  if (s.ufo.arrival) s.ufo.used.push(s.ufo.arrival);
  s.ufo.arrival = null;
  s.ufo.ability_used = false;
}

/** end.timing with game_end=immediate: the game stops right after the eighth placement. */
function endImmediately(s, events) {
  returnHome(s, events, 'end.timing');
  const next = (s.start_player + 1) % nPlayers(s);
  events.push({ type: 'expedition-ended', clause: 'end.timing', expedition: s.expedition, reason: 'game-end', next_start_player: next });
  s.rocket.roll = null;
  s.rocket.cursor = 0;
  gameOver(s, events, 'all-placed');
}

// ------------------------------------------------------------------ goals

function goalMet(s, p, goal) {
  const mine = s.landed.filter((l) => l.player === p);
  switch (goal) {
    case 'deep-space-pair': return mine.filter((l) => l.site === 'comet' || l.site === 'galaxy').length >= 2;
    case 'four-moons': { // four_moons: every slot a moon, or (spaces) a moon space is one moon
      const moons = mine.filter((l) => l.site === 'moon');
      return (opt(s, 'four_moons') === 'spaces' ? new Set(moons.map((l) => l.space)).size : moons.length) >= 4;
    }
    case 'planet-trio':
    case 'four-planets': {
      const per = {};
      for (const l of mine) if (l.site === 'planet') { const id = planetOf(s, l.space); per[id] = (per[id] || 0) + 1; }
      if (goal === 'planet-trio') return Object.values(per).some((c) => c >= 3);
      return Object.keys(per).length >= 4;
    }
    default: return false;
  }
}

/** goal.first-come: checked for the lander after each single landing. */
function checkGoals(s, p, events) {
  for (const g of GOALS) {
    if (s.goals[g] === null && goalMet(s, p, g)) {
      s.goals[g] = p;
      events.push({ type: 'goal-claimed', clause: `goal.${g}`, player: p, goal: g });
    }
  }
}

// ------------------------------------------------------------------ scoring

function scores(state) {
  const n = nPlayers(state);
  const rows = [];
  for (let p = 0; p < n; p++) rows.push({ moons: 0, planets: 0, deep_space: 0, goals: 0 });
  const planetArrivals = {}; // planet id -> [{player, astronaut}] in placement order
  for (const l of state.landed) {
    const row = rows[l.player];
    if (l.site === 'moon') {
      const v = state.board.spaces[l.space].moons[l.slot];
      row.moons += l.astronaut === 'moon-double' ? 2 * v : v; // scoring.moons, power.moon-double
    } else if (l.site === 'comet' || l.site === 'galaxy') {
      const v = state.board.deep_space[l.site];
      row.deep_space += l.astronaut === 'deep-space-double' ? 2 * v : v; // scoring.deep-space
    } else if (l.site === 'planet') {
      const id = planetOf(state, l.space);
      (planetArrivals[id] = planetArrivals[id] || []).push(l);
    }
  }
  // scoring.planets, scoring.planet-ties, power.planet-double
  for (const id of Object.keys(planetArrivals)) {
    const stats = new Map();
    planetArrivals[id].forEach((l, i) => {
      if (!stats.has(l.player)) stats.set(l.player, { player: l.player, count: 0, first: i, double: false });
      const st = stats.get(l.player);
      st.count += 1;
      if (l.astronaut === 'planet-double') st.double = true;
    });
    const ranking = [...stats.values()].sort((x, y) => y.count - x.count || x.first - y.first);
    const awards = state.board.planets[id];
    ['gold', 'silver', 'bronze'].forEach((medal, rank) => {
      const st = ranking[rank];
      if (st) rows[st.player].planets += st.double ? 2 * awards[medal] : awards[medal];
    });
  }
  for (const g of GOALS) if (state.goals[g] !== null) rows[state.goals[g]].goals += GOAL_POINTS; // scoring.goals
  rows.forEach((row, p) => {
    if (played(state, 'exploration')) row.exploration = state.exploration.held[p].reduce((a, t) => a + t.points, 0); // exploration.points
    if (played(state, 'missions')) row.missions = MISSION_POINTS[Math.min(fulfilled(state, p), 3)]; // missions.scoring
    if (played(state, 'ufo')) { // ufo.scoring
      const sum = state.ufo.held[p].reduce((a, v) => a + v, 0);
      row.ufo = state.options.ufo_token_value === 'penalty' ? -sum : sum;
    }
    row.total = row.moons + row.planets + row.deep_space + row.goals + (row.exploration || 0) + (row.missions || 0) + (row.ufo || 0);
  });
  let outcome = null;
  if (state.phase === 'game-over' && state.ended) {
    const best = Math.max(...rows.map((r) => r.total));
    let winners = rows.map((r, p) => p).filter((p) => rows[p].total === best);
    if (state.options.tie_break === 'deep-space' && winners.length > 1) { // scoring.winner
      const deep = (p) => state.landed.filter((l) => l.player === p && (l.site === 'comet' || l.site === 'galaxy')).length;
      const most = Math.max(...winners.map(deep));
      winners = winners.filter((p) => deep(p) === most);
    }
    outcome = { winners, reason: state.ended.reason };
  }
  return { scores: rows, outcome };
}

/** missions.fulfilled: how many of p's kept missions name a space where p has an astronaut on a moon or planet. */
function fulfilled(state, p) {
  const sites = new Set(state.landed.filter((l) => l.player === p && (l.site === 'moon' || l.site === 'planet')).map((l) => l.space));
  return state.missions.hands[p].filter((t) => sites.has(t.space)).length;
}

// ------------------------------------------------------------------ observation

/** observation.per-player: the state with every list hidden from `player` replaced by its size. */
function observe(state, player) {
  if (!(isInt(player) && player >= 0 && player < nPlayers(state))) {
    const e = new InputError(`player ${JSON.stringify(player)} is not one of players 0..${nPlayers(state) - 1}`, '$.player');
    e.clause = 'observation.per-player';
    throw e;
  }
  const o = clone(state);
  const hide = (list) => ({ hidden: list.length });
  if (o.exploration) o.exploration.pile = hide(o.exploration.pile);
  if (o.ufo) o.ufo.pile = hide(o.ufo.pile);
  if (o.missions) {
    const m = o.missions;
    m.pile = hide(m.pile);
    m.hands = m.hands.map((h, q) => (q === player || o.phase === 'game-over' ? h : hide(h)));
    m.discarded = m.discarded.map((d, q) => (q === player ? d : hide(d)));
  }
  o.observer = player;
  return o;
}

module.exports = {
  newGame, legalActions, apply, actor: actorOf, scores, observe, canonicalJSON, loadBoards, loadTokenSets,
  Rejection, InputError, FACES, ASTRONAUTS, GOALS, OPTION_VALUES, VARIANTS, PHASE_ACCEPTS,
};

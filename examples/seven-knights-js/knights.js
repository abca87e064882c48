'use strict';
// Seven Knights Bewitched (ミュルマミウスの虜) in JavaScript, written from the published docs only:
// docs/seven-knights/interchange.md, docs/seven-knights/rules.md, schemas/seven-knights/,
// spec/seven-knights/{tiles,scoring,options}.yaml. It works directly on interchange JSON
// documents: newGame(setup), legalActions(state, player?), apply(state, action),
// scores(state), observe(state, player). Pure: no clock, no randomness, no files.

class Rejection extends Error {
  constructor(clause, message) { super(message); this.clause = clause; }
}
class InputError extends Error {
  constructor(message, path, clause) { super(message); this.path = path || '$'; this.clause = clause || 'interchange.schema'; }
}

const OPTION_VALUES = {
  variant: ['standard', 'advanced', 'darkness'],
  cooperative: [false, true],
  fixed_score: [false, true],
  review_phase: [false, true],
  witch_in_line: ['far-right', 'left-out'],
  witch_team_recommendation: ['all-pairs', 'witch-pairs'],
  captain_check_order: ['question-first', 'check-first'],
  three_player_standard: ['darkness', 'refused'],
  captain_number: ['hidden', 'revealed'],
  max_question_tiles: [3, 2],
  last_question: ['optional', 'required'],
};
const OPTION_ORDER = Object.keys(OPTION_VALUES);

const KNIGHTS = [1, 2, 3, 4, 5, 6, 7];
// spec/seven-knights/tiles.yaml, as data.
const STANDARD = {
  competitive: { 4: [4, 1], 5: [5, 1], 6: [5, 0], 7: [6, 0], 8: [7, 0] }, // highest knight in play, centre
  cooperative: { 4: [5, 1], 5: [6, 1], 6: [6, 0], 7: [7, 0] },
};
const ADVANCED_CENTRE = { 4: 1, 5: 1, 6: 0, 7: 0 };
const DARKNESS_CENTRE = { competitive: { 3: 3, 4: 3 }, cooperative: { 3: 4, 4: 3 } };
// spec/seven-knights/scoring.yaml
const POINTS = { knights: [2, 2, 7], witch: [3, 3, 7] };
const FIXED_POINTS = { knights: [2, 2, 2], witch: [3, 3, 3] };

const PHASE_ACCEPTS = {
  'first-player': ['first-player'],
  deal: ['deal'],
  inspect: ['inspect'],
  ask: ['ask'],
  answer: ['answer'],
  recommend: ['recommend', 'withdraw'],
  'captain-ask': ['ask', 'skip'],
  'captain-answer': ['answer'],
  arrange: ['arrange'],
  review: ['confirm'],
  'game-over': [],
};

const clone = (v) => JSON.parse(JSON.stringify(v));
const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const isInt = (v) => typeof v === 'number' && Number.isInteger(v);
const tileKey = (t) => (typeof t === 'number' ? t : 100 + Number(t.slice(1)));
const sortTiles = (ts) => ts.slice().sort((a, b) => tileKey(a) - tileKey(b));
const sameTile = (a, b) => a === b;

// ---------------------------------------------------------------------------------------------
// Setup

function defaultTiles(players, variant, coop) {
  const mode = variant === 'standard' && players === 3 ? 'darkness' : variant;
  if (mode === 'standard') {
    const row = STANDARD[coop ? 'cooperative' : 'competitive'][players];
    if (!row) return null;
    const [high, centre] = row;
    const knights = KNIGHTS.filter((k) => k <= high);
    return { pool: coop ? knights : ['W', ...knights], centre, knights_to_players: false, leftover: KNIGHTS.filter((k) => k > high) };
  }
  if (mode === 'advanced') {
    if (!(players in ADVANCED_CENTRE)) return null;
    return { pool: coop ? KNIGHTS.slice() : ['W', ...KNIGHTS], centre: ADVANCED_CENTRE[players], knights_to_players: false, leftover: [] };
  }
  const centre = DARKNESS_CENTRE[coop ? 'cooperative' : 'competitive'][players];
  if (centre === undefined) return null;
  return { pool: coop ? KNIGHTS.slice() : ['W', ...KNIGHTS], centre, knights_to_players: true, leftover: [] };
}

function checkValue(v, path) {
  if (!(v === 'W' || (isInt(v) && v >= 1 && v <= 7))) throw new InputError(`${path}: ${JSON.stringify(v)} is not a tile value (W or 1-7)`, path);
}

function readSetup(setup) {
  if (!isObj(setup)) throw new InputError('setup: must be an object', '$.setup');
  for (const k of Object.keys(setup)) {
    if (!['players', 'first_player', 'options', 'tiles'].includes(k)) throw new InputError(`setup: unknown property ${JSON.stringify(k)}`, `$.setup.${k}`);
  }
  if (!isInt(setup.players)) throw new InputError('setup.players: must be an integer', '$.setup.players');
  if ('first_player' in setup && setup.first_player !== null && !isInt(setup.first_player)) {
    throw new InputError('setup.first_player: must be an integer or null', '$.setup.first_player');
  }
  const given = setup.options === undefined ? {} : setup.options;
  if (!isObj(given)) throw new InputError('setup.options: must be an object', '$.setup.options');
  const options = {};
  for (const [k, v] of Object.entries(given)) {
    if (!(k in OPTION_VALUES)) throw new InputError(`setup.options: unknown option ${JSON.stringify(k)}`, `$.setup.options.${k}`);
    if (!OPTION_VALUES[k].includes(v)) throw new InputError(`setup.options.${k}: ${JSON.stringify(v)} is not one of ${JSON.stringify(OPTION_VALUES[k])}`, `$.setup.options.${k}`);
  }
  for (const k of OPTION_ORDER) options[k] = k in given ? given[k] : OPTION_VALUES[k][0];
  let tiles;
  if (setup.tiles !== undefined) {
    const t = setup.tiles;
    if (!isObj(t)) throw new InputError('setup.tiles: must be an object', '$.setup.tiles');
    for (const k of Object.keys(t)) {
      if (!['pool', 'centre', 'knights_to_players', 'leftover'].includes(k)) throw new InputError(`setup.tiles: unknown property ${JSON.stringify(k)}`, `$.setup.tiles.${k}`);
    }
    if (!Array.isArray(t.pool) || t.pool.length < 1 || t.pool.length > 8) throw new InputError('setup.tiles.pool: 1 to 8 values', '$.setup.tiles.pool');
    t.pool.forEach((v, i) => checkValue(v, `$.setup.tiles.pool[${i}]`));
    if (new Set(t.pool).size !== t.pool.length) throw new InputError('setup.tiles.pool: values must be distinct', '$.setup.tiles.pool');
    if (!isInt(t.centre) || t.centre < 0 || t.centre > 4) throw new InputError('setup.tiles.centre: an integer 0-4', '$.setup.tiles.centre');
    if ('knights_to_players' in t && typeof t.knights_to_players !== 'boolean') throw new InputError('setup.tiles.knights_to_players: a boolean', '$.setup.tiles.knights_to_players');
    if ('leftover' in t) {
      if (!Array.isArray(t.leftover) || t.leftover.some((k) => !isInt(k) || k < 1 || k > 7) || new Set(t.leftover).size !== t.leftover.length) {
        throw new InputError('setup.tiles.leftover: distinct knight numbers', '$.setup.tiles.leftover');
      }
    }
    tiles = { pool: t.pool.slice(), centre: t.centre, knights_to_players: !!t.knights_to_players, leftover: (t.leftover || []).slice() };
  }
  return { options, tiles };
}

function newGame(setup) {
  const { options, tiles: inline } = readSetup(setup);
  const n = setup.players;
  if (n < 3 || n > 8) throw new Rejection('setup.player-count', `${n} players: the game is for 3 to 8`);
  const fp = 'first_player' in setup ? setup.first_player : 0;
  if (fp !== null && (fp < 0 || fp >= n)) throw new Rejection('setup.first-player', `first player ${fp} is not a seat of a ${n}-player game`);
  const { variant, cooperative } = options;
  if (variant === 'standard' && n === 3 && options.three_player_standard === 'refused') {
    throw new Rejection('modes.three-player-standard', 'standard play with 3 players is refused (three_player_standard: refused)');
  }
  const limits = { standard: [3, 8], advanced: [4, 7], darkness: [3, 4] }[variant];
  if (n < limits[0] || n > limits[1] || (cooperative && n > 7)) {
    throw new Rejection('modes.player-limits', `${variant}${cooperative ? ' cooperative' : ''} play is not for ${n} players`);
  }
  const tiles = inline || defaultTiles(n, variant, cooperative);
  if (!tiles) throw new Rejection('modes.tiles-in-play', `no tile data for ${n} players in ${variant} play`);
  const inPlay = n + tiles.centre;
  const knightsInPool = tiles.pool.filter((v) => v !== 'W').length;
  if (tiles.pool.length < inPlay || (tiles.knights_to_players && knightsInPool < n)) {
    throw new Rejection('modes.tiles-in-play', `the tile data cannot deal ${inPlay} tiles in play`);
  }
  if (cooperative && tiles.pool.includes('W')) throw new Rejection('deal.cooperative', 'cooperative play has no Witch in its pool');
  return {
    game: 'seven-knights',
    format: 1,
    setup: { players: n, first_player: fp, options, tiles },
    round: 1,
    first_player: fp,
    phase: fp === null ? 'first-player' : 'deal',
    tiles: { players: [], centre: [] },
    inspections: [],
    questions: [],
    recommendations: [],
    recommendations_revealed: false,
    captain: null,
    arrangement: null,
    confirmed: [],
    revealed: [],
    scores: new Array(n).fill(0),
    history: [],
  };
}

// ---------------------------------------------------------------------------------------------
// Derived facts

const nPlayers = (s) => s.setup.players;
const mode = (s) => (s.setup.options.variant === 'standard' && s.setup.players === 3 ? 'darkness' : s.setup.options.variant);
const laps = (s) => (mode(s) === 'darkness' ? 2 : 1);
const centreCount = (s) => (s.tiles.players.length ? s.tiles.centre.length : s.setup.tiles.centre);

function tilesInPlay(s) {
  const out = [];
  for (let p = 0; p < nPlayers(s); p++) out.push(p);
  for (let c = 0; c < centreCount(s); c++) out.push(`c${c}`);
  return out;
}
function isTileInPlay(s, t) {
  if (isInt(t)) return t >= 0 && t < nPlayers(s);
  if (typeof t === 'string' && /^c[0-9]$/.test(t)) return Number(t.slice(1)) < centreCount(s);
  return false;
}
function valueOf(s, t) { return typeof t === 'number' ? s.tiles.players[t] : s.tiles.centre[Number(t.slice(1))]; }
function knownTo(s, p) {
  const k = [p];
  for (const i of s.inspections) if (i.player === p && !k.some((t) => sameTile(t, i.tile))) k.push(i.tile);
  return k;
}
const knows = (s, p, t) => knownTo(s, p).some((x) => sameTile(x, t));
function witchTile(s) {
  for (const t of tilesInPlay(s)) if (valueOf(s, t) === 'W') return t;
  return null;
}
function witchTeam(s) {
  const wt = witchTile(s);
  const team = new Set();
  if (wt === null) return team;
  if (typeof wt === 'number') team.add(wt);
  for (const i of s.inspections) if (sameTile(i.tile, wt)) team.add(i.player);
  return team;
}
const phaseQuestions = (s) => s.questions.filter((q) => !q.last);
const pendingQuestion = (s) => s.questions[s.questions.length - 1];

const oneOrList = (ps) => (ps.length === 1 ? ps[0] : ps);

function actorOf(s) {
  const n = nPlayers(s);
  switch (s.phase) {
    case 'first-player': case 'deal': return 'chance';
    case 'inspect': return (s.first_player + s.inspections.length) % n;
    case 'ask': return (s.first_player + phaseQuestions(s).length) % n;
    case 'answer': case 'captain-answer': return pendingQuestion(s).answerer;
    // Simultaneous phases: the list of players still to choose, or the one player when one is left.
    case 'recommend': return oneOrList(s.recommendations.map((r, p) => (r === null ? p : -1)).filter((p) => p >= 0));
    case 'captain-ask': case 'arrange': return s.captain;
    case 'review': return oneOrList(s.confirmed.map((c, p) => (c ? -1 : p)).filter((p) => p >= 0));
    default: return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Expressions: infix (A+1=B | B+1=A) or postfix (ab1+=), variables A B C, digits, + = < & |.

class ExprError extends Error {
  constructor(clause, message) { super(message); this.clause = clause; }
}
const OPS = '+=<&|';

function tokenize(text) {
  const toks = [];
  for (const ch of text) {
    if (/\s/.test(ch)) continue; // any white space, as Python's str.isspace
    if (/[0-9]/.test(ch)) toks.push({ k: 'num', v: Number(ch) });
    else if (/[abcABC]/.test(ch)) toks.push({ k: 'var', v: ch.toUpperCase() });
    else if (OPS.includes(ch)) toks.push({ k: 'op', v: ch });
    else if (ch === '(' || ch === ')') toks.push({ k: ch });
    else throw new ExprError('question.expression-limits', `the symbol ${JSON.stringify(ch)} is not part of the expression language`);
  }
  if (!toks.length) throw new ExprError('question.expression-limits', 'an empty expression');
  return toks;
}

// Infix parser -> postfix token list (precedence: + ; = < ; & ; |).
function infixToPostfix(toks) {
  let i = 0;
  const out = [];
  const peek = () => toks[i];
  const bad = (m) => { throw new ExprError('question.expression-limits', m || 'the expression is not well formed'); };
  function primary() {
    const t = peek();
    if (!t) bad();
    if (t.k === 'num' || t.k === 'var') { i++; out.push(t); return; }
    if (t.k === '(') { i++; or(); if (!peek() || peek().k !== ')') bad('unbalanced parentheses'); i++; return; }
    bad();
  }
  function sum() {
    primary();
    while (peek() && peek().k === 'op' && peek().v === '+') { i++; primary(); out.push({ k: 'op', v: '+' }); }
  }
  function cmp() {
    sum();
    // A chained comparison (A<B<C) parses, left to right, and fails on its types (question.expression).
    while (peek() && peek().k === 'op' && (peek().v === '=' || peek().v === '<')) {
      const op = peek().v; i++; sum(); out.push({ k: 'op', v: op });
    }
  }
  function and() {
    cmp();
    while (peek() && peek().k === 'op' && peek().v === '&') { i++; cmp(); out.push({ k: 'op', v: '&' }); }
  }
  function or() {
    and();
    while (peek() && peek().k === 'op' && peek().v === '|') { i++; and(); out.push({ k: 'op', v: '|' }); }
  }
  or();
  if (i !== toks.length) bad();
  return out;
}

/** Parse an expression text into postfix tokens; checks form, limits, types. */
function compile(text, nTiles) {
  const toks = tokenize(text);
  const last = toks[toks.length - 1];
  let post;
  if (last.k === 'op' && !toks.some((t) => t.k === '(' || t.k === ')')) post = toks;
  else post = infixToPostfix(toks);
  // structural check and types on the postfix form
  const stack = [];
  let typeError = null;
  for (const t of post) {
    if (t.k === 'num' || t.k === 'var') { stack.push('n'); continue; }
    if (t.k !== 'op') throw new ExprError('question.expression-limits', 'parentheses in a postfix expression');
    if (stack.length < 2) throw new ExprError('question.expression-limits', `the operator ${t.v} lacks an operand`);
    const b = stack.pop(); const a = stack.pop();
    if (t.v === '+') { if (a !== 'n' || b !== 'n') typeError = typeError || `+ adds numbers`; stack.push('n'); }
    else if (t.v === '=' || t.v === '<') { if (a !== 'n' || b !== 'n') typeError = typeError || `${t.v} compares numbers`; stack.push('b'); }
    else { if (a !== 'b' || b !== 'b') typeError = typeError || `${t.v} combines yes/no values`; stack.push('b'); }
  }
  if (stack.length !== 1) throw new ExprError('question.expression-limits', 'values are left over');
  if (typeError) throw new ExprError('question.expression', typeError);
  if (stack[0] !== 'b') throw new ExprError('question.expression', 'the expression does not come out yes or no');
  return post;
}

function checkLimits(post, nTiles) {
  if (post.length > 16) throw new ExprError('question.expression-limits', `${post.length} symbols in postfix form (at most 16)`);
  const vars = new Set(post.filter((t) => t.k === 'var').map((t) => t.v));
  const allowed = ['A', 'B', 'C'].slice(0, nTiles);
  for (const v of vars) if (!allowed.includes(v)) throw new ExprError('question.expression-limits', `the variable ${v} names no tile of the question`);
  for (const v of allowed) if (!vars.has(v)) throw new ExprError('question.expression-limits', `the tile bound to ${v} does not occur in the expression`);
}

function evalPostfix(post, values) {
  const stack = [];
  for (const t of post) {
    if (t.k === 'num') stack.push(t.v);
    else if (t.k === 'var') stack.push(values['ABC'.indexOf(t.v)]);
    else {
      const b = stack.pop(); const a = stack.pop();
      stack.push(t.v === '+' ? a + b : t.v === '=' ? a === b : t.v === '<' ? a < b : t.v === '&' ? a && b : a || b);
    }
  }
  return stack[0];
}

function truthOf(s, q) {
  const values = q.tiles.map((t) => valueOf(s, t));
  if (q.expression === '') return values[0] !== 'W' && q.numbers.includes(values[0]);
  if (values.includes('W')) return false;
  return !!evalPostfix(compile(q.expression, q.tiles.length), values);
}

// ---------------------------------------------------------------------------------------------
// Legal actions

function permutations(items, k) {
  const out = [];
  const used = new Array(items.length).fill(false);
  const cur = [];
  (function rec() {
    if (cur.length === k) { out.push(cur.slice()); return; }
    for (let i = 0; i < items.length; i++) {
      if (used[i]) continue;
      used[i] = true; cur.push(items[i]); rec(); cur.pop(); used[i] = false;
    }
  })();
  return out;
}

function gcd(a, b) { while (b) [a, b] = [b, a % b]; return a; }
function frac(a, b) { const g = gcd(a, b); return `${a / g}/${b / g}`; }

function dealOutcomes(s) {
  const n = nPlayers(s);
  const { pool, centre, knights_to_players: k2p } = s.setup.tiles;
  if (!k2p) return permutations(pool, n + centre);
  const out = [];
  const knights = pool.filter((v) => v !== 'W');
  for (const ps of permutations(knights, n)) {
    const rest = pool.filter((v) => !ps.includes(v));
    for (const cs of permutations(rest, centre)) out.push(ps.concat(cs));
  }
  return out;
}

const NUMBER_SETS = (() => {
  const out = [];
  for (let m = 1; m < 127; m++) out.push(KNIGHTS.filter((k) => m & (1 << (k - 1))));
  return out;
})();

function questionsFor(s, p, last) {
  const out = [];
  const n = nPlayers(s);
  const max = s.setup.options.max_question_tiles;
  for (let r = 0; r < n; r++) {
    if (r === p) continue;
    const ts = sortTiles(knownTo(s, r).filter((t) => !knows(s, p, t)));
    for (const t of ts) for (const numbers of NUMBER_SETS) out.push({ type: 'ask', player: p, answerer: r, tiles: [t], numbers, expression: '' });
    if (max >= 2) {
      for (let i = 0; i < ts.length; i++) {
        for (let j = i + 1; j < ts.length; j++) {
          out.push({ type: 'ask', player: p, answerer: r, tiles: [ts[i], ts[j]], numbers: [], expression: 'A+1=B|B+1=A' });
          out.push({ type: 'ask', player: p, answerer: r, tiles: [ts[i], ts[j]], numbers: [], expression: 'A<B' });
          out.push({ type: 'ask', player: p, answerer: r, tiles: [ts[j], ts[i]], numbers: [], expression: 'A<B' });
        }
      }
    }
    if (max >= 3) {
      // three tiles (in tile order): is their sum above 6, 7, 8, 9?
      for (let i = 0; i < ts.length; i++) {
        for (let j = i + 1; j < ts.length; j++) {
          for (let k = j + 1; k < ts.length; k++) {
            for (const e of ['6<A+B+C', '7<A+B+C', '8<A+B+C', '9<A+B+C']) out.push({ type: 'ask', player: p, answerer: r, tiles: [ts[i], ts[j], ts[k]], numbers: [], expression: e });
          }
        }
      }
    }
  }
  void last;
  return out;
}

function recommendTargets(s, p) {
  const out = [];
  for (let t = 0; t < nPlayers(s); t++) if (!recommendBlocked(s, p, t)) out.push(t);
  return out;
}

function recommendBlocked(s, p, t) {
  if (p === t) return false;
  if (s.setup.options.witch_team_recommendation === 'all-pairs') {
    const team = witchTeam(s);
    return team.has(p) && team.has(t);
  }
  const wt = witchTile(s);
  if (wt === null) return false;
  const holder = typeof wt === 'number' ? wt : null;
  const inspectors = new Set(s.inspections.filter((i) => sameTile(i.tile, wt)).map((i) => i.player));
  return (p === holder && inspectors.has(t)) || (inspectors.has(p) && t === holder);
}

function lineLengths(s) {
  const T = tilesInPlay(s).length;
  if (s.setup.options.cooperative) return [T];
  if (mode(s) === 'standard') return s.setup.options.witch_in_line === 'far-right' ? [T - 1, T] : [T - 1];
  return [T - 1, T];
}

function legalActions(s, player) {
  const actor = actorOf(s);
  // `player` (protocol: one player's actions at a simultaneous node) is read only when several
  // players choose; one who is not among them is input error, not an empty list.
  let onlyPlayer;
  if (Array.isArray(actor) && player !== undefined && player !== null) {
    if (!actor.includes(player)) throw new InputError(`player ${JSON.stringify(player)} is not choosing now (choosing: ${JSON.stringify(actor)})`, '$.player', 'turn.actor');
    onlyPlayer = player;
  }
  const n = nPlayers(s);
  let actions = [];
  let probabilities;
  switch (s.phase) {
    case 'first-player':
      for (let p = 0; p < n; p++) actions.push({ type: 'first-player', seat: p });
      probabilities = actions.map(() => frac(1, n));
      break;
    case 'deal': {
      const outs = dealOutcomes(s);
      actions = outs.map((values) => ({ type: 'deal', values }));
      probabilities = actions.map(() => frac(1, outs.length));
      break;
    }
    case 'inspect': {
      const lap = Math.floor(s.inspections.length / n);
      for (const t of tilesInPlay(s)) {
        if (t === actor) continue;
        if (mode(s) === 'darkness' && (lap === 0 ? typeof t !== 'number' : typeof t === 'number')) continue;
        actions.push({ type: 'inspect', player: actor, tile: t });
      }
      break;
    }
    case 'ask':
      actions = questionsFor(s, actor, false);
      break;
    case 'captain-ask':
      actions = questionsFor(s, actor, true);
      if (s.setup.options.last_question === 'optional') actions.push({ type: 'skip', player: actor });
      break;
    case 'answer': case 'captain-answer': {
      const q = pendingQuestion(s);
      const truth = truthOf(s, q);
      if (witchTeam(s).has(q.answerer)) actions = [{ type: 'answer', player: q.answerer, yes: true }, { type: 'answer', player: q.answerer, yes: false }];
      else actions = [{ type: 'answer', player: q.answerer, yes: truth }];
      break;
    }
    case 'recommend':
      for (let p = 0; p < n; p++) {
        if (onlyPlayer !== undefined && onlyPlayer !== null && p !== onlyPlayer) continue;
        // A withdrawal is legal for a player whose recommendation stands, but it is not listed.
        if (s.recommendations[p] === null) for (const t of recommendTargets(s, p)) actions.push({ type: 'recommend', player: p, target: t });
      }
      break;
    case 'arrange': {
      const ts = tilesInPlay(s);
      for (const len of lineLengths(s)) for (const order of permutations(ts, len)) actions.push({ type: 'arrange', player: actor, order });
      break;
    }
    case 'review':
      for (let p = 0; p < n; p++) {
        if (onlyPlayer !== undefined && onlyPlayer !== null && p !== onlyPlayer) continue;
        if (!s.confirmed[p]) actions.push({ type: 'confirm', player: p });
      }
      break;
    default:
      break;
  }
  const r = { actor, actions };
  if (probabilities) r.probabilities = probabilities;
  return r;
}

// ---------------------------------------------------------------------------------------------
// Apply

function check(s, a) {
  // gates
  if (s.phase === 'game-over' || !PHASE_ACCEPTS[s.phase].includes(a.type)) {
    throw new Rejection('turn.phase-kind', s.phase === 'game-over' ? 'the game is over' : `the ${s.phase} phase does not accept ${a.type}`);
  }
  const n = nPlayers(s);
  if (a.type !== 'deal' && a.type !== 'first-player') {
    if (!(a.player >= 0 && a.player < n)) throw new Rejection('turn.actor', `player ${a.player} is not at the table`);
    if (!['recommend', 'withdraw', 'confirm'].includes(a.type) && a.player !== actorOf(s)) {
      throw new Rejection('turn.actor', `player ${a.player} does not decide now`);
    }
  }
  switch (a.type) {
    case 'first-player':
      if (!(a.seat >= 0 && a.seat < n)) throw new Rejection('setup.first-player', `seat ${a.seat} is not at the table`);
      break;
    case 'deal': {
      const { pool, centre, knights_to_players: k2p } = s.setup.tiles;
      const v = a.values;
      if (v.length !== n + centre || v.some((x) => !pool.includes(x)) || new Set(v).size !== v.length) {
        throw new Rejection('deal.shuffle-chance', 'not a deal of the pool: one distinct value of the pool per tile in play');
      }
      if (k2p && v.slice(0, n).includes('W')) throw new Rejection('deal.darkness', 'players are dealt knights only');
      break;
    }
    case 'inspect': {
      if (!isTileInPlay(s, a.tile)) throw new Rejection('inspection.target-exists', `there is no tile ${JSON.stringify(a.tile)} in play`);
      if (a.tile === a.player) throw new Rejection('inspection.not-own', 'you may not inspect your own tile');
      if (mode(s) === 'darkness') {
        const lap = Math.floor(s.inspections.length / n);
        if (lap === 0 && typeof a.tile !== 'number') throw new Rejection('inspection.darkness-first-lap', 'the first lap looks at another player\'s tile');
        if (lap === 1 && typeof a.tile === 'number') throw new Rejection('inspection.darkness-second-lap', 'the second lap looks at a centre tile');
      }
      break;
    }
    case 'ask':
      checkQuestion(s, a);
      break;
    case 'answer': {
      const q = pendingQuestion(s);
      if (a.player !== q.answerer) throw new Rejection('answer.by-addressee', 'only the player asked answers');
      if (!witchTeam(s).has(a.player) && a.yes !== truthOf(s, q)) throw new Rejection('answer.knights-truthful', 'a Knight must answer truthfully');
      break;
    }
    case 'skip':
      if (s.setup.options.last_question === 'required') throw new Rejection('command.last-question', 'the last question is required');
      break;
    case 'recommend':
      if (s.recommendations[a.player] !== null) throw new Rejection('recommendation.change', 'withdraw your recommendation first');
      if (!(a.target >= 0 && a.target < n)) throw new Rejection('recommendation.simultaneous', `player ${a.target} is not at the table`);
      if (recommendBlocked(s, a.player, a.target)) throw new Rejection('recommendation.witch-team', 'Witch-team members may not recommend one another');
      break;
    case 'withdraw':
      if (s.recommendations[a.player] === null) throw new Rejection('recommendation.change', 'there is no recommendation to withdraw');
      break;
    case 'arrange': {
      const o = a.order;
      if (o.some((t) => !isTileInPlay(s, t))) throw new Rejection('command.all-tiles', 'the line names a tile not in play');
      if (new Set(o.map(String)).size !== o.length) throw new Rejection('command.distinct', 'a tile is placed twice');
      const T = tilesInPlay(s).length;
      if (s.setup.options.cooperative) {
        if (o.length !== T) throw new Rejection('command.cooperative-all', 'cooperative play places every tile');
      } else if (mode(s) === 'standard') {
        if (!lineLengths(s).includes(o.length)) throw new Rejection('command.standard-slots', `a standard line has ${lineLengths(s).join(' or ')} tiles`);
      } else if (!lineLengths(s).includes(o.length)) {
        throw new Rejection('command.optional-slot', `the line has ${T - 1} or ${T} tiles`);
      }
      break;
    }
    case 'confirm':
      if (s.confirmed[a.player]) throw new Rejection('round.review', 'you have already confirmed');
      break;
    default:
      break;
  }
}

function checkQuestion(s, a) {
  const n = nPlayers(s);
  if (a.answerer === a.player || !(a.answerer >= 0 && a.answerer < n)) throw new Rejection('question.other-player', 'ask another player');
  const expr = a.expression || '';
  const max = s.setup.options.max_question_tiles;
  const distinct = new Set(a.tiles.map(String)).size === a.tiles.length;
  if (expr === '') {
    if (a.tiles.length !== 1) throw new Rejection('question.tile-count', 'a number-set question names one tile');
  } else if (a.tiles.length < 1 || a.tiles.length > max || !distinct) {
    throw new Rejection('question.tile-count', `a question names 1 to ${max} different tiles`);
  }
  for (const t of a.tiles) if (!isTileInPlay(s, t)) throw new Rejection('question.tile-count', `there is no tile ${JSON.stringify(t)} in play`);
  for (const t of a.tiles) if (!knows(s, a.answerer, t)) throw new Rejection('question.answerer-must-know', `player ${a.answerer} does not know tile ${JSON.stringify(t)}`);
  for (const t of a.tiles) if (knows(s, a.player, t)) throw new Rejection('question.asker-must-not-know', `you already know tile ${JSON.stringify(t)}`);
  if (expr !== '') {
    if ((a.numbers || []).length) throw new Rejection('question.expression', 'an expression question has no numbers');
    let post;
    try {
      post = compile(expr, a.tiles.length);
    } catch (e) {
      if (e instanceof ExprError) throw new Rejection(e.clause, e.message);
      throw e;
    }
    try { checkLimits(post, a.tiles.length); } catch (e) { throw new Rejection(e.clause, e.message); }
  } else {
    const nums = a.numbers || [];
    for (let i = 1; i < nums.length; i++) if (!(nums[i - 1] < nums[i])) throw new Rejection('question.number-set', 'the numbers must ascend');
    if (nums.length === 0 || nums.length === 7) throw new Rejection('question.number-set-nonempty', 'the number set must be neither empty nor every number');
  }
}

function seatsOrder(s, p) { return (p - s.first_player + nPlayers(s)) % nPlayers(s); }

function appoint(s) {
  const n = nPlayers(s);
  const votes = new Array(n).fill(0);
  for (const t of s.recommendations) votes[t]++;
  const max = Math.max(...votes);
  const tied = votes.map((v, p) => (v === max ? p : -1)).filter((p) => p >= 0);
  if (tied.length === 1) return { captain: tied[0], clause: 'captain.most-votes', votes };
  const notSelf = tied.filter((p) => s.recommendations[p] !== p);
  if (notSelf.length === 1) return { captain: notSelf[0], clause: 'captain.not-self-voted', votes };
  const cands = notSelf.length ? notSelf : tied;
  let best = cands[0];
  for (const p of cands) if (seatsOrder(s, p) > seatsOrder(s, best)) best = p;
  return { captain: best, clause: 'captain.farthest', votes };
}

function addRevealed(s, tiles) {
  const set = s.revealed.slice();
  for (const t of tiles) if (!set.some((x) => sameTile(x, t))) set.push(t);
  s.revealed = sortTiles(set);
}

/** The side check: a Witch-team captain ends the round. Returns true if it did. */
function sideCheck(s, ev) {
  const team = witchTeam(s);
  if (!team.has(s.captain)) { s.phase = 'arrange'; return false; }
  const wt = witchTile(s);
  ev.push({ type: 'witch-captain', clause: 'captain.side-check', captain: s.captain, value: valueOf(s, s.captain), witch_tile: wt, holder: typeof wt === 'number' ? wt : null });
  addRevealed(s, [s.captain, wt]);
  endRound(s, ev, 'witch', 'witch-captain');
  return true;
}

function endRound(s, ev, result, reason) {
  const n = nPlayers(s);
  const opts = s.setup.options;
  const table = opts.fixed_score ? FIXED_POINTS : POINTS;
  const team = witchTeam(s);
  const points = new Array(n).fill(0);
  let winner; let clause;
  if (opts.cooperative) {
    clause = 'settlement.cooperative';
    if (result === 'knights') { winner = 'knights'; points.fill(table.knights[s.round - 1]); } else winner = 'nobody';
  } else if (result === 'knights') {
    winner = 'knights'; clause = 'settlement.winners';
    for (let p = 0; p < n; p++) if (!team.has(p)) points[p] = table.knights[s.round - 1];
  } else if (team.size === 0) {
    winner = 'nobody'; clause = 'settlement.no-witch-team';
  } else {
    winner = 'witch'; clause = 'settlement.winners';
    for (const p of team) points[p] = table.witch[s.round - 1];
  }
  s.scores = s.scores.map((v, p) => v + points[p]);
  s.history.push({ round: s.round, first_player: s.first_player, captain: s.captain, winner, points, reason });
  ev.push({ type: 'round-scored', clause, round: s.round, winner, points, scores: s.scores.slice(), reason });
  const all = tilesInPlay(s);
  ev.push({ type: 'tiles-revealed', clause: 'observation.round-end', tiles: all.map((t) => ({ tile: t, value: valueOf(s, t) })) });
  addRevealed(s, all);
  if (s.round >= 3) {
    const best = Math.max(...s.scores);
    const winners = s.scores.map((v, p) => (v === best ? p : -1)).filter((p) => p >= 0);
    ev.push({ type: 'game-over', clause: 'end.winner', winners, scores: s.scores.slice() });
    s.phase = 'game-over';
  } else if (opts.review_phase) {
    s.phase = 'review';
    s.confirmed = new Array(n).fill(false);
  } else {
    startNextRound(s, ev);
  }
}

function startNextRound(s, ev) {
  let fp = null;
  let low = 99;
  s.tiles.players.forEach((v, p) => { if (v !== 'W' && v < low) { low = v; fp = p; } });
  s.round += 1;
  s.first_player = fp;
  ev.push({ type: 'round-started', clause: 'round.next-first-player', round: s.round, first_player: fp });
  s.phase = 'deal';
  s.tiles = { players: [], centre: [] };
  s.inspections = [];
  s.questions = [];
  s.recommendations = [];
  s.recommendations_revealed = false;
  s.captain = null;
  s.arrangement = null;
  s.confirmed = [];
  s.revealed = [];
}

function afterAnswer(s, ev) {
  const q = pendingQuestion(s);
  if (q.last) {
    if (s.setup.options.captain_check_order === 'question-first') sideCheck(s, ev);
    else s.phase = 'arrange';
    return;
  }
  if (phaseQuestions(s).length >= nPlayers(s)) {
    s.phase = 'recommend';
    s.recommendations = new Array(nPlayers(s)).fill(null);
  } else s.phase = 'ask';
}

function apply(state, action) {
  const a = readAction(action);
  const s = clone(state);
  try {
    check(s, a);
  } catch (e) {
    if (e instanceof Rejection) return { rejected: { clause: e.clause, message: e.message } };
    throw e;
  }
  const ev = [];
  const n = nPlayers(s);
  switch (a.type) {
    case 'first-player':
      s.first_player = a.seat;
      s.phase = 'deal';
      ev.push({ type: 'first-player-drawn', clause: 'setup.first-player', first_player: a.seat });
      break;
    case 'deal':
      s.tiles = { players: a.values.slice(0, n), centre: a.values.slice(n) };
      s.phase = 'inspect';
      ev.push({ type: 'dealt', clause: 'deal.shuffle-chance', round: s.round, values: a.values.slice() });
      break;
    case 'inspect': {
      s.inspections.push({ player: a.player, tile: a.tile });
      const v = valueOf(s, a.tile);
      ev.push({ type: 'inspected', clause: 'inspection.public', player: a.player, tile: a.tile, value: v });
      if (v === 'W') ev.push({ type: 'bewitched', clause: 'bewitch.on-sight', player: a.player });
      if (s.inspections.length >= laps(s) * n) s.phase = 'ask';
      break;
    }
    case 'ask': {
      const last = s.phase === 'captain-ask';
      const q = { asker: a.player, answerer: a.answerer, tiles: a.tiles.slice(), numbers: (a.numbers || []).slice(), expression: a.expression || '', answer: null, last };
      s.questions.push(q);
      ev.push({ type: 'asked', clause: last ? 'command.last-question' : 'question.order', player: a.player, answerer: a.answerer, tiles: q.tiles.slice(), numbers: q.numbers.slice(), expression: q.expression });
      if (s.setup.options.cooperative) {
        q.answer = truthOf(s, q);
        ev.push({ type: 'answered', clause: 'answer.cooperative-automatic', player: a.answerer, yes: q.answer });
        afterAnswer(s, ev);
      } else s.phase = last ? 'captain-answer' : 'answer';
      break;
    }
    case 'answer':
      pendingQuestion(s).answer = a.yes;
      ev.push({ type: 'answered', clause: 'answer.public', player: a.player, yes: a.yes });
      afterAnswer(s, ev);
      break;
    case 'skip':
      ev.push({ type: 'last-question-skipped', clause: 'command.last-question', player: a.player });
      if (s.setup.options.captain_check_order === 'question-first') sideCheck(s, ev);
      else s.phase = 'arrange';
      break;
    case 'recommend':
      s.recommendations[a.player] = a.target;
      ev.push({ type: 'recommended', clause: 'recommendation.secret', player: a.player, target: a.target });
      if (s.recommendations.every((r) => r !== null)) {
        s.recommendations_revealed = true;
        ev.push({ type: 'recommendations-revealed', clause: 'recommendation.reveal', recommendations: s.recommendations.slice() });
        const { captain, clause, votes } = appoint(s);
        s.captain = captain;
        ev.push({ type: 'captain-appointed', clause, captain, votes });
        if (s.setup.options.captain_number === 'revealed') {
          ev.push({ type: 'captain-revealed', clause: 'captain.number-hidden', captain, value: valueOf(s, captain) });
          addRevealed(s, [captain]);
        }
        s.phase = 'captain-ask';
        if (s.setup.options.captain_check_order === 'check-first') {
          if (sideCheck(s, ev)) break;
          s.phase = 'captain-ask';
        }
      }
      break;
    case 'withdraw':
      s.recommendations[a.player] = null;
      ev.push({ type: 'withdrawn', clause: 'recommendation.change', player: a.player });
      break;
    case 'arrange': {
      s.arrangement = a.order.slice();
      const values = a.order.map((t) => valueOf(s, t));
      const mistakes = [];
      let high = 0;
      a.order.forEach((t, i) => {
        const v = values[i];
        if (v === 'W') {
          if (!(i === a.order.length - 1 && s.setup.options.witch_in_line === 'far-right')) mistakes.push({ tile: t, clause: 'settlement.witch-placed' });
        } else {
          if (!(v > high)) mistakes.push({ tile: t, clause: 'settlement.ascending' });
          high = Math.max(high, v);
        }
      });
      for (const t of tilesInPlay(s)) {
        if (valueOf(s, t) !== 'W' && !a.order.some((x) => sameTile(x, t))) mistakes.push({ tile: t, clause: 'settlement.unplaced-knight' });
      }
      ev.push({ type: 'line-revealed', clause: 'settlement.reveal', captain: s.captain, order: a.order.slice(), values, mistakes });
      endRound(s, ev, mistakes.length ? 'witch' : 'knights', mistakes.length ? 'mistake' : 'line');
      break;
    }
    case 'confirm':
      s.confirmed[a.player] = true;
      ev.push({ type: 'confirmed', clause: 'round.review', player: a.player });
      if (s.confirmed.every(Boolean)) startNextRound(s, ev);
      break;
    default:
      break;
  }
  return { state: s, events: ev };
}

// ---------------------------------------------------------------------------------------------
// Action documents: shape checks (schemas/seven-knights/action.schema.json)

const ACTION_FIELDS = {
  'first-player': ['seat'],
  deal: ['values'],
  inspect: ['player', 'tile'],
  ask: ['player', 'answerer', 'tiles'],
  answer: ['player', 'yes'],
  skip: ['player'],
  recommend: ['player', 'target'],
  withdraw: ['player'],
  arrange: ['player', 'order'],
  confirm: ['player'],
};
const OPTIONAL_FIELDS = { ask: ['numbers', 'expression'] };

function isTileId(t) { return (isInt(t) && t >= 0 && t <= 7) || (typeof t === 'string' && /^c[0-9]$/.test(t)); }
function isSeat(p) { return isInt(p) && p >= 0 && p <= 7; }

function readAction(a) {
  const bad = (m, p) => { throw new InputError(`action: ${m}`, p || '$.action'); };
  if (!isObj(a)) bad('must be an object');
  if (!(a.type in ACTION_FIELDS)) bad(`unknown type ${JSON.stringify(a.type)}`, '$.action.type');
  const fields = ACTION_FIELDS[a.type];
  const opt = OPTIONAL_FIELDS[a.type] || [];
  for (const k of Object.keys(a)) if (k !== 'type' && !fields.includes(k) && !opt.includes(k)) bad(`unknown field ${JSON.stringify(k)} for ${a.type}`, `$.action.${k}`);
  for (const k of fields) if (!(k in a)) bad(`'${k}' is a required property`, '$.action');
  if ('player' in a && !isSeat(a.player)) bad('player must be a seat 0-7', '$.action.player');
  switch (a.type) {
    case 'first-player': if (!isSeat(a.seat)) bad('seat must be a seat 0-7', '$.action.seat'); break;
    case 'deal':
      if (!Array.isArray(a.values) || a.values.length < 1 || a.values.length > 12) bad('values: 1 to 12 tile values', '$.action.values');
      a.values.forEach((v, i) => { if (!(v === 'W' || (isInt(v) && v >= 1 && v <= 7))) bad(`values[${i}] is not a tile value`, `$.action.values[${i}]`); });
      break;
    case 'inspect': if (!isTileId(a.tile)) bad('tile must be a tile id', '$.action.tile'); break;
    case 'ask':
      if (!isSeat(a.answerer)) bad('answerer must be a seat 0-7', '$.action.answerer');
      if (!Array.isArray(a.tiles) || a.tiles.length < 1 || a.tiles.length > 3 || !a.tiles.every(isTileId)) bad('tiles: 1 to 3 tile ids', '$.action.tiles');
      if ('numbers' in a) {
        if (!Array.isArray(a.numbers) || a.numbers.length > 7 || !a.numbers.every((k) => isInt(k) && k >= 1 && k <= 7) || new Set(a.numbers).size !== a.numbers.length) bad('numbers: distinct knight numbers', '$.action.numbers');
      }
      if ('expression' in a && (typeof a.expression !== 'string' || a.expression.length > 64)) bad('expression: a string of at most 64 characters', '$.action.expression');
      break;
    case 'answer': if (typeof a.yes !== 'boolean') bad('yes must be a boolean', '$.action.yes'); break;
    case 'recommend': if (!isSeat(a.target)) bad('target must be a seat 0-7', '$.action.target'); break;
    case 'arrange':
      if (!Array.isArray(a.order) || a.order.length > 12 || !a.order.every(isTileId)) bad('order: tile ids', '$.action.order');
      break;
    default: break;
  }
  return a;
}

// ---------------------------------------------------------------------------------------------
// Scores and observations

function scores(s) {
  const out = s.scores.map((t) => ({ total: t }));
  let outcome = null;
  if (s.phase === 'game-over') {
    const best = Math.max(...s.scores);
    outcome = { winners: s.scores.map((v, p) => (v === best ? p : -1)).filter((p) => p >= 0), reason: 'highest total after three rounds' };
  }
  return { scores: out, outcome };
}

function observe(s, player) {
  if (!isInt(player) || player < 0 || player >= nPlayers(s)) {
    throw new InputError(`player ${JSON.stringify(player)} is not a player of this game`, '$.player', 'observation.per-player');
  }
  const o = clone(s);
  o.observer = player;
  const sees = (t) => knows(s, player, t) || s.revealed.some((x) => sameTile(x, t));
  o.tiles.players = s.tiles.players.map((v, p) => (sees(p) ? v : null));
  o.tiles.centre = s.tiles.centre.map((v, c) => (sees(`c${c}`) ? v : null));
  if (!s.recommendations_revealed) o.recommendations = s.recommendations.map((r, p) => (p === player || r === null ? r : 'hidden'));
  return o;
}

module.exports = { newGame, legalActions, apply, scores, observe, Rejection, InputError, OPTION_VALUES, PHASE_ACCEPTS, compile, truthOf };

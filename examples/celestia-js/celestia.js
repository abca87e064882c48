'use strict';
// Celestia, an independent JavaScript engine, written from the published material only:
// docs/celestia/interchange.md, docs/celestia/rules.md, schemas/celestia/*.schema.json and the
// shipped data in spec/celestia/ (cities.yaml, deck.yaml, treasures/*.yaml, copied below).
// It works directly on the interchange JSON documents:
//
//   newGame(setup)           -> state                      (throws Rejection / InputError)
//   legalActions(state)      -> {actor, actions, probabilities?}
//   apply(state, action)     -> {state, events} | {rejected: {clause, message}}
//   scores(state)            -> {scores, outcome}
//   observe(state, player)   -> observation                 (throws InputError)
//
// Inputs are never mutated. Node 20, no dependencies.

// ---- the shipped data (spec/celestia/*.yaml) ------------------------------------------------

const CARDS = ['compass', 'lightning-arrester', 'horn', 'cannon', 'turbo',
  'alternative-route', 'ejection', 'gust', 'jetpack', 'grappling-hook'];
const FACES = ['fog', 'lightning', 'bird', 'pirates', 'blank'];
const SYMBOLS = ['fog', 'lightning', 'bird', 'pirates'];
const ANSWER = { fog: 'compass', lightning: 'lightning-arrester', bird: 'horn', pirates: 'cannon' };
const POWER = ['alternative-route', 'ejection', 'gust', 'jetpack', 'grappling-hook'];
const EQUIPMENT_COUNTS = { compass: 20, 'lightning-arrester': 18, horn: 16, cannon: 14 };
const TURBO_COUNT = 8;
const POWER_COUNTS = { 'alternative-route': 2, ejection: 2, gust: 2, jetpack: 2 };
const PROMO_COUNTS = { 'grappling-hook': 1 };
const HAND_SIZES = { 2: 8, 3: 8, 4: 6, 5: 6, 6: 6 };

const CITIES = [
  { id: 1, label: '1+', minimum: 1 }, { id: 2, label: '2+', minimum: 2 },
  { id: 4, label: '4+', minimum: 4 }, { id: 6, label: '6+', minimum: 6 },
  { id: 9, label: '9+', minimum: 9 }, { id: 12, label: '12+', minimum: 12 },
  { id: 15, label: '15', minimum: 15 }, { id: 20, label: '20', minimum: 20 },
  { id: 25, label: '25', minimum: 25 },
];
const DEFAULT_CITY_DICE = [2, 2, 2, 3, 3, 3, 4, 4, 4];
// Per city in route order: [telescopes, {points: copies}]
const TREASURE_SETS = {
  'seed-80': [[1, { 1: 5, 2: 3, 4: 2 }], [1, { 2: 5, 4: 3, 6: 2 }], [1, { 4: 5, 6: 3, 9: 2 }],
    [1, { 6: 5, 9: 3, 12: 2 }], [0, { 9: 6, 12: 3 }], [0, { 12: 6, 15: 3 }], [0, { 15: 6 }],
    [0, { 20: 6 }], [0, { 25: 6 }]],
  'rulebook-78': [[1, { 1: 5, 2: 3, 4: 2 }], [1, { 2: 5, 4: 3, 6: 2 }], [1, { 4: 5, 6: 3, 9: 1 }],
    [1, { 6: 5, 9: 3, 12: 1 }], [0, { 9: 6, 12: 3 }], [0, { 12: 6, 15: 3 }], [0, { 15: 6 }],
    [0, { 20: 6 }], [0, { 25: 6 }]],
};

const OPTION_VALUES = {
  game_type: ['basic', 'basic-promo', 'fast'],
  treasure_set: ['seed-80', 'rulebook-78'],
  telescope_cities: ['first-four', 'every-plus'],
  telescope: ['zero-points', 'removed'],
  landing_points: ['drawn-card', 'city-number'],
  captain_leaving: ['lone-before-roll', 'never'],
  jetpack_timing: ['after-crash', 'in-window'],
  jetpack_city: ['next', 'current'],
  end_timing: ['journey-end', 'immediate'],
  end_winner: ['highest', 'first-to-fifty'],
  fast_game_turbo: ['without', 'with'],
  alternative_route: ['one-die', 'all-dice'],
  gust: ['extra-die', 'pass-hazards', 'inert'],
  grappling_hook: ['inert', 'absent'],
  journey_captain: ['after-last-captain', 'after-first-captain'],
  power_players: ['all', 'aboard'],
};
const TARGET = 50;

const PHASE_ACCEPTS = {
  deal: ['deal'], 'land-or-roll': ['land', 'go'], roll: ['roll'], decide: ['stay', 'leave'],
  treasure: ['treasure'], power: ['play', 'pass'], reroll: ['reroll'], challenge: ['meet', 'crash'],
  jetpack: ['play', 'pass'], 'game-over': [],
};
const CHANCE_PHASES = { deal: 'deal', roll: 'roll', treasure: 'treasure', reroll: 'reroll' };
const CHANCE_TYPES = ['deal', 'roll', 'reroll', 'treasure'];
const ACTION_FIELDS = {
  deal: ['card'], roll: ['faces'], reroll: ['faces'], treasure: ['card'], land: ['player'],
  go: ['player'], stay: ['player'], leave: ['player'], play: ['player', 'card'], pass: ['player'],
  meet: ['player', 'cards'], crash: ['player'],
};

class Rejection extends Error {
  constructor(clause, message) { super(message); this.clause = clause; }
}
class InputError extends Error {
  constructor(message, path, clause) { super(message); this.path = path; this.clause = clause || 'interchange.schema'; }
}

// ---- small helpers ---------------------------------------------------------------------------

const clone = (v) => JSON.parse(JSON.stringify(v));
const cardIdx = (c) => CARDS.indexOf(c);
const faceIdx = (f) => FACES.indexOf(f);
const sortCards = (cs) => cs.slice().sort((a, b) => cardIdx(a) - cardIdx(b));
const sortFaces = (fs) => fs.slice().sort((a, b) => faceIdx(a) - faceIdx(b));
const count = (list, x) => list.reduce((n, y) => n + (y === x ? 1 : 0), 0);
function removeOne(list, x) {
  const i = list.indexOf(x);
  if (i < 0) return false;
  list.splice(i, 1);
  return true;
}
function gcd(a, b) { while (b) { [a, b] = [b, a % b]; } return a; }
function frac(n, d) { const g = gcd(n, d); return `${n / g}/${d / g}`; }
const isInt = (v) => Number.isInteger(v);
const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

// ---- setup -----------------------------------------------------------------------------------

function fullOptions(options) {
  const o = {};
  for (const [k, vals] of Object.entries(OPTION_VALUES)) o[k] = vals[0];
  o.city_dice = DEFAULT_CITY_DICE.slice();
  for (const [k, v] of Object.entries(options || {})) o[k] = clone(v);
  return o;
}

function checkOptions(options, path) {
  if (options === undefined) return;
  if (!isObj(options)) throw new InputError(`${path}: options must be an object`, path);
  for (const [k, v] of Object.entries(options)) {
    if (k === 'city_dice') {
      if (!Array.isArray(v) || v.length < 1 || !v.every((x) => isInt(x) && x >= 1 && x <= 4)) {
        throw new InputError(`${path}.city_dice: a list of dice counts from 1 to 4 is needed, got ${JSON.stringify(v)}`, `${path}.city_dice`);
      }
    } else if (!(k in OPTION_VALUES)) {
      throw new InputError(`${path}: unknown option ${JSON.stringify(k)}`, path);
    } else if (!OPTION_VALUES[k].includes(v)) {
      throw new InputError(`${path}.${k}: ${JSON.stringify(v)} is not one of ${OPTION_VALUES[k].join(', ')}`, `${path}.${k}`);
    }
  }
}

/** The shipped treasure set for these options, in the inline `treasures` format. */
function shippedTreasures(o) {
  const rows = TREASURE_SETS[o.treasure_set];
  const points = {};
  const cities = CITIES.map((c, i) => {
    let [tele, cards] = rows[i];
    if (o.telescope_cities === 'every-plus' && c.label.endsWith('+') && tele === 0) tele = 1;
    if (o.telescope === 'removed') tele = 0;
    const treasures = [];
    for (let k = 0; k < tele; k++) treasures.push('telescope');
    for (const p of Object.keys(cards).map(Number).sort((a, b) => a - b)) {
      for (let k = 0; k < cards[p]; k++) treasures.push(String(p));
      points[String(p)] = p;
    }
    if (tele > 0) points.telescope = 0;
    return { id: c.id, label: c.label, minimum: c.minimum, dice: o.city_dice[i] === undefined ? DEFAULT_CITY_DICE[i] : o.city_dice[i], treasures };
  });
  return { id: o.treasure_set, cities, points };
}

function shippedDeck() {
  return {
    id: 'standard',
    cards: { ...EQUIPMENT_COUNTS, turbo: TURBO_COUNT, ...POWER_COUNTS, ...PROMO_COUNTS },
    hand_sizes: { 2: 8, 3: 8, 4: 6, 5: 6, 6: 6 },
  };
}

/** The cards of the game's deck (a multiset) for its game type and options. */
function gameDeckCounts(setup) {
  const o = setup.options;
  const full = (setup.deck || shippedDeck()).cards;
  const counts = {};
  const take = (c) => { if (full[c]) counts[c] = full[c]; };
  for (const c of Object.keys(EQUIPMENT_COUNTS)) take(c);
  if (o.game_type !== 'fast' || o.fast_game_turbo === 'with') take('turbo');
  if (o.game_type !== 'fast') for (const c of Object.keys(POWER_COUNTS)) take(c);
  if (o.game_type === 'basic-promo' && o.grappling_hook !== 'absent') take('grappling-hook');
  return counts;
}

function handSize(setup) {
  const hs = (setup.deck || shippedDeck()).hand_sizes;
  const v = hs[String(setup.players)];
  return v === undefined ? HAND_SIZES[setup.players] : v;
}

function treasureData(setup) { return setup.treasures || shippedTreasures(setup.options); }
function cardPoints(setup, card) {
  const pts = treasureData(setup).points;
  if (card in pts) return pts[card];
  return card === 'telescope' ? 0 : parseInt(card, 10);
}
function sortPile(setup, pile) {
  return pile.slice().sort((a, b) => (cardPoints(setup, a) - cardPoints(setup, b)) || (a < b ? -1 : a > b ? 1 : 0));
}

function newGame(setup) {
  if (!isObj(setup)) throw new InputError('setup: an object is needed', '$');
  for (const k of Object.keys(setup)) {
    if (!['players', 'first_captain', 'options', 'treasures', 'deck'].includes(k)) {
      throw new InputError(`setup: unknown property ${JSON.stringify(k)}`, '$');
    }
  }
  if (!isInt(setup.players)) throw new InputError('setup.players: an integer is needed', '$.players');
  if (setup.first_captain !== undefined && (!isInt(setup.first_captain) || setup.first_captain < 0 || setup.first_captain > 5)) {
    throw new InputError('setup.first_captain: a player number 0-5 is needed', '$.first_captain');
  }
  checkOptions(setup.options, '$.options');
  if (setup.treasures !== undefined) checkTreasures(setup.treasures);
  if (setup.deck !== undefined) checkDeck(setup.deck);
  const n = setup.players;
  if (n < 2 || n > 6) throw new Rejection('setup.players', `${n} players: Celestia takes 2 to 6`);
  const fc = setup.first_captain === undefined ? 0 : setup.first_captain;
  if (fc >= n) throw new Rejection('setup.first-captain', `first captain ${fc} is not one of the ${n} players`);
  const s = { players: n, first_captain: fc, options: fullOptions(setup.options) };
  if (setup.treasures !== undefined) {
    // An inline treasure set is written back with each pile sorted by points, then name.
    const t = clone(setup.treasures);
    for (const c of t.cities) c.treasures = sortPile({ treasures: t }, c.treasures);
    if (canonical(t) !== canonical(shippedTreasures(s.options))) s.treasures = t;
  }
  if (setup.deck !== undefined && canonical(setup.deck) !== canonical(shippedDeck())) s.deck = clone(setup.deck);
  const cities = treasureData(s).cities;
  if (s.options.city_dice.length !== cities.length) {
    throw new Rejection('roll.dice-count', `city_dice gives ${s.options.city_dice.length} counts for ${cities.length} cities`);
  }
  const counts = gameDeckCounts(s);
  const deck = [];
  for (const c of CARDS) for (let k = 0; k < (counts[c] || 0); k++) deck.push(c);
  const hs = handSize(s);
  if (deck.length < hs * n) throw new Rejection('setup.hand-size', `the deck of ${deck.length} cards cannot deal ${n} hands of ${hs}`);
  const toDeal = [];
  for (let r = 0; r < hs; r++) for (let k = 0; k < n; k++) toDeal.push((fc + k) % n);
  return {
    setup: s,
    phase: 'deal',
    journey: 0,
    deck,
    discard: [],
    hands: Array.from({ length: n }, () => []),
    piles: cities.map((c) => sortPile(s, c.treasures)),
    won: Array.from({ length: n }, () => []),
    aboard: [],
    captain: fc,
    first_captain: fc,
    city: cities[0].id,
    roll: [],
    cursor: null,
    passes: 0,
    rerolls: 0,
    jetpacks: [],
    first_to_target: null,
    to_deal: toDeal,
    to_treasure: [],
    after_treasure: '',
    ended: null,
  };
}

function checkTreasures(t) {
  const p = '$.treasures';
  if (!isObj(t) || typeof t.id !== 'string' || !Array.isArray(t.cities) || t.cities.length < 1 || !isObj(t.points)) {
    throw new InputError('setup.treasures: id, cities and points are needed', p);
  }
  t.cities.forEach((c, i) => {
    if (!isObj(c) || !isInt(c.id) || typeof c.label !== 'string' || !isInt(c.minimum) || !isInt(c.dice) || !Array.isArray(c.treasures)) {
      throw new InputError(`setup.treasures.cities[${i}]: id, label, minimum, dice and treasures are needed`, `${p}.cities[${i}]`);
    }
    c.treasures.forEach((card, j) => {
      if (typeof card !== 'string' || !/^([0-9]+|telescope)$/.test(card)) throw new InputError(`bad treasure card ${JSON.stringify(card)}`, `${p}.cities[${i}].treasures[${j}]`);
      if (!(card in t.points)) throw new InputError(`treasure card ${JSON.stringify(card)} has no points`, `${p}.points`);
    });
  });
}

function checkDeck(d) {
  if (!isObj(d) || typeof d.id !== 'string' || !isObj(d.cards) || !isObj(d.hand_sizes)) {
    throw new InputError('setup.deck: id, cards and hand_sizes are needed', '$.deck');
  }
  for (const [c, v] of Object.entries(d.cards)) {
    if (!CARDS.includes(c) || !isInt(v) || v < 0) throw new InputError(`setup.deck.cards: bad entry ${c}`, `$.deck.cards.${c}`);
  }
}

// ---- the route -------------------------------------------------------------------------------

const cityIds = (s) => treasureData(s.setup).cities.map((c) => c.id);
const cityIndex = (s, city) => cityIds(s).indexOf(city);
const pileOf = (s, city) => s.piles[cityIndex(s, city)];
const hasTreasure = (s, city) => pileOf(s, city).length > 0;
function firstCityInPlay(s) {
  const ids = cityIds(s);
  for (let i = 0; i < ids.length; i++) if (s.piles[i].length > 0) return ids[i];
  return null;
}
/** The next city in play after `city`, with the emptied cities flown over. */
function nextCityInPlay(s, city) {
  const ids = cityIds(s);
  const skipped = [];
  for (let i = cityIndex(s, city) + 1; i < ids.length; i++) {
    if (s.piles[i].length > 0) return { city: ids[i], index: i, skipped };
    skipped.push(ids[i]);
  }
  return null;
}
const isLastInPlay = (s, city) => nextCityInPlay(s, city) === null;
// The dice of a city: option city_dice for the shipped data, the city's own `dice` in an inline
// treasure set (doc gap 5, learnt by playing inline data against the reference).
const diceFor = (s, city) => (s.setup.treasures ? s.setup.treasures.cities[cityIndex(s, city)].dice : s.setup.options.city_dice[cityIndex(s, city)]);
const nPlayers = (s) => s.setup.players;
/** Players of `set` clockwise from the player left of `from`, `from` itself last if in set. */
function clockwiseAfter(s, from, set) {
  const n = nPlayers(s);
  const out = [];
  for (let k = 1; k <= n; k++) { const p = (from + k) % n; if (set.includes(p)) out.push(p); }
  return out;
}
function total(s, p) {
  let t = 0;
  const lp = s.setup.options.landing_points === 'city-number';
  const cities = treasureData(s.setup).cities;
  for (const w of s.won[p]) {
    if (lp) { const c = cities.find((x) => x.id === w.city); t += c ? c.minimum : w.city; } else t += cardPoints(s.setup, w.card);
  }
  return t;
}
const totals = (s) => s.won.map((_, p) => total(s, p));
function deckHas(s, card) { return (gameDeckCounts(s.setup)[card] || 0) > 0; }
function hasPowerCards(s) { return POWER.some((c) => deckHas(s, c)); }
function eligible(s) {
  if (s.setup.options.power_players === 'aboard') return s.aboard.slice();
  return Array.from({ length: nPlayers(s) }, (_, i) => i);
}
function jetpackCity(s) {
  if (s.setup.options.jetpack_city === 'current') return s.city;
  const nx = nextCityInPlay(s, s.city);
  return nx ? nx.city : null;
}
const jetpackCityHasTreasure = (s) => { const c = jetpackCity(s); return c !== null && hasTreasure(s, c); };

// ---- flow ------------------------------------------------------------------------------------

function ev(type, clause, fields) { return { type, clause, ...fields }; }

/** Deal owed cards: reshuffle or no-card when the deck is empty; start the journey when done. */
function settleDeal(s, events) {
  if (s.to_deal.length > 0 && s.deck.length === 0) {
    if (s.discard.length > 0) {
      events.push(ev('reshuffle', 'equipment.reshuffle', { cards: s.discard.length }));
      s.deck = s.discard;
      s.discard = [];
    } else {
      for (const p of s.to_deal) events.push(ev('no-card', 'equipment.reshuffle', { player: p }));
      s.to_deal = [];
    }
  }
  if (s.to_deal.length > 0) { s.phase = 'deal'; return; }
  startJourney(s, events);
}

function gameOver(s, events, reason) {
  const t = totals(s);
  let winners;
  if (reason === 'target' && s.setup.options.end_winner === 'first-to-fifty' && s.first_to_target !== null) {
    winners = [s.first_to_target];
  } else {
    const best = Math.max(...t);
    winners = t.map((v, p) => (v === best ? p : -1)).filter((p) => p >= 0);
  }
  events.push(ev('game-over', 'end.fifty-points', { reason, totals: t, winners }));
  s.phase = 'game-over';
  s.ended = reason;
  // The game over empties what a journey's end empties, also when it comes in the middle of a
  // journey (end_timing immediate; doc gap 2, learnt from fuzz).
  s.aboard = [];
  s.roll = [];
  s.jetpacks = [];
  s.cursor = null;
  s.passes = 0;
  s.rerolls = 0;
  s.to_treasure = [];
  s.after_treasure = '';
}

function startJourney(s, events) {
  const first = firstCityInPlay(s);
  if (first === null) { gameOver(s, events, 'no-treasure'); return; }
  s.journey += 1;
  s.aboard = Array.from({ length: nPlayers(s) }, (_, i) => i);
  s.captain = s.first_captain;
  s.city = first;
  events.push(ev('journey', 'journey.start', { journey: s.journey, city: first, captain: s.captain }));
  if (isLastInPlay(s, first)) { lastCity(s, events); return; }
  beginLeg(s, events);
}

function lastCity(s, events) {
  const order = [s.captain, ...clockwiseAfter(s, s.captain, s.aboard).filter((p) => p !== s.captain)];
  events.push(ev('last-city', 'arrival.last-city', { city: s.city, order }));
  s.aboard = [];
  s.roll = [];
  s.to_treasure = order.map((p) => ({ player: p, city: s.city }));
  s.after_treasure = 'journey-end';
  s.cursor = null;
  settleTreasure(s, events);
}

function beginLeg(s, events) {
  s.roll = [];
  s.jetpacks = [];
  s.cursor = null;
  s.passes = 0;
  if (s.aboard.length === 1 && s.setup.options.captain_leaving === 'lone-before-roll' && hasTreasure(s, s.city)) {
    s.phase = 'land-or-roll';
  } else {
    s.phase = 'roll';
  }
}

function passengersAfter(s, from) {
  // The passengers still to decide after `from`, clockwise, up to (not including) the captain.
  const out = [];
  const n = nPlayers(s);
  for (let k = 1; k < n; k++) {
    const p = (from + k) % n;
    if (p === s.captain) break;
    if (s.aboard.includes(p)) out.push(p);
  }
  return out;
}

function nextDecision(s, from, events) {
  if (hasTreasure(s, s.city)) {
    const rest = passengersAfter(s, from);
    if (rest.length > 0) { s.phase = 'decide'; s.cursor = rest[0]; return; }
  }
  openWindow(s, events);
}

function openWindow(s, events) {
  s.passes = 0;
  const el = eligible(s);
  if (!hasPowerCards(s) || el.length === 0) { challenge(s); return; }
  s.phase = 'power';
  s.cursor = clockwiseAfter(s, s.captain, el)[0];
}

function challenge(s) {
  s.phase = 'challenge';
  s.cursor = null;
  s.passes = 0;
}

function continueWindow(s, after) {
  const el = eligible(s);
  if (s.passes >= el.length) { challenge(s); return; }
  s.phase = 'power';
  s.cursor = clockwiseAfter(s, after, el)[0];
}

/** Draw owed treasure: skip empty piles, then resume play when nothing is owed. */
function settleTreasure(s, events) {
  while (s.to_treasure.length > 0 && !hasTreasure(s, s.to_treasure[0].city)) {
    const d = s.to_treasure.shift();
    events.push(ev('no-treasure', 'treasure.city-empty', { player: d.player, city: d.city }));
  }
  if (s.to_treasure.length > 0) { s.phase = 'treasure'; return; }
  const resume = s.after_treasure;
  s.after_treasure = '';
  switch (resume) {
    case 'decide': nextDecision(s, s.cursor, events); break;
    case 'power': continueWindow(s, s.cursor); break;
    case 'crash': continueCrash(s, events); break;
    case 'land': journeyEnd(s, events); break;
    case 'journey-end': journeyEnd(s, events); break;
    default: throw new Error(`nothing to resume after treasure (${JSON.stringify(resume)})`);
  }
}

function continueCrash(s, events) {
  // After a Jetpack offer (or escape): the next player aboard after the cursor, the captain last.
  // Once the step has begun everyone is asked, even when an escape has emptied the Jetpack's
  // city (then only `pass` is legal; doc gap 3, learnt from fuzz).
  if (s.setup.options.jetpack_timing === 'after-crash' && s.cursor !== null && s.cursor !== s.captain) {
    const n = nPlayers(s);
    for (let k = 1; k <= n; k++) {
      const p = (s.cursor + k) % n;
      if (s.aboard.includes(p)) { s.phase = 'jetpack'; s.cursor = p; return; }
      if (p === s.captain) break;
    }
  }
  wrecked(s, events);
}

/** The Jetpack offers after a crash: those aboard clockwise from the captain's left, captain last. */
function offerOrder(s) { return clockwiseAfter(s, s.captain, s.aboard); }

function wrecked(s, events) {
  events.push(ev('wrecked', 'crash.everyone-aboard', { players: s.aboard.slice() }));
  s.aboard = [];
  s.cursor = null;
  journeyEnd(s, events);
}

function journeyEnd(s, events) {
  events.push(ev('journey-end', 'journey.end', { journey: s.journey }));
  s.aboard = [];
  s.roll = [];
  s.jetpacks = [];
  s.cursor = null;
  s.passes = 0;
  s.rerolls = 0;
  if (s.first_to_target !== null) { gameOver(s, events, 'target'); return; }
  const n = nPlayers(s);
  s.first_captain = s.setup.options.journey_captain === 'after-first-captain' ? (s.first_captain + 1) % n : (s.captain + 1) % n;
  s.to_deal = Array.from({ length: n }, (_, k) => (s.first_captain + k) % n);
  settleDeal(s, events);
}

function moveOn(s, events) {
  const nx = nextCityInPlay(s, s.city);
  s.city = nx.city;
  s.roll = [];
  s.jetpacks = [];
  events.push(ev('move', 'arrival.move', { city: nx.city, skipped: nx.skipped, aboard: s.aboard.slice() }));
  if (isLastInPlay(s, s.city)) { lastCity(s, events); return; }
  if (s.aboard.length > 1) {
    s.captain = clockwiseAfter(s, s.captain, s.aboard)[0];
    events.push(ev('captain', 'captain.rotation', { player: s.captain }));
  }
  beginLeg(s, events);
}

// ---- the captain's answer ----------------------------------------------------------------------

/** The cards a meet must play, and whether it is possible / forced. */
function answerOf(s) {
  const hand = s.hands[s.captain];
  const cards = [];
  let shortfall = 0;
  for (const sym of SYMBOLS) {
    const need = count(s.roll, sym);
    const have = count(hand, ANSWER[sym]);
    const use = Math.min(need, have);
    for (let k = 0; k < use; k++) cards.push(ANSWER[sym]);
    shortfall += need - use;
  }
  const turbos = count(hand, 'turbo');
  for (let k = 0; k < shortfall && k < turbos; k++) cards.push('turbo');
  return { cards: sortCards(cards), shortfall, possible: turbos >= shortfall };
}

// ---- legal actions ---------------------------------------------------------------------------

function multisets(n) {
  // every multiset of n faces, in canonical face order, listed by count of fog descending, ...
  const out = [];
  const rec = (i, left, acc) => {
    if (i === FACES.length - 1) { out.push(acc.concat(Array(left).fill(FACES[i]))); return; }
    for (let k = left; k >= 0; k--) rec(i + 1, left - k, acc.concat(Array(k).fill(FACES[i])));
  };
  rec(0, n, []);
  return out;
}
const FACT = [1, 1, 2, 6, 24, 120];
function rollProbability(faces) {
  const n = faces.length;
  let num = FACT[n];
  let den = 1;
  for (const f of FACES) num = num / FACT[count(faces, f)];
  for (const f of faces) { den *= 6; if (f === 'blank') num *= 2; }
  return frac(num, den);
}

function pendingActor(s) {
  switch (s.phase) {
    case 'game-over': return null;
    case 'deal': case 'roll': case 'treasure': case 'reroll': return 'chance';
    case 'land-or-roll': case 'challenge': return s.captain;
    default: return s.cursor;
  }
}

function windowPlays(s, p) {
  const o = s.setup.options;
  const hand = s.hands[p];
  const plays = [];
  const aboard = s.aboard.includes(p);
  for (const card of POWER) {
    if (!hand.includes(card)) continue;
    if (card === 'alternative-route') {
      if (o.alternative_route === 'one-die') {
        for (const f of FACES) if (s.roll.includes(f)) plays.push({ type: 'play', player: p, card, die: f });
      } else if (s.roll.length > 0) plays.push({ type: 'play', player: p, card });
    } else if (card === 'ejection') {
      if (aboard && hasTreasure(s, s.city)) {
        for (const t of s.aboard) if (t !== s.captain && t !== p) plays.push({ type: 'play', player: p, card, target: t });
      }
    } else if (card === 'gust') {
      if (o.gust !== 'extra-die' || s.roll.length < 4) plays.push({ type: 'play', player: p, card });
    } else if (card === 'jetpack') {
      if (o.jetpack_timing === 'in-window' && aboard && !s.jetpacks.includes(p) && jetpackCityHasTreasure(s)) plays.push({ type: 'play', player: p, card });
    } else if (card === 'grappling-hook') {
      plays.push({ type: 'play', player: p, card });
    }
  }
  return plays;
}

function legalActions(state) {
  const s = state;
  const actor = pendingActor(s);
  if (actor === null) return { actor: null, actions: [] };
  if (actor === 'chance') {
    let actions = [];
    let probabilities = [];
    if (s.phase === 'deal') {
      for (const c of CARDS) {
        const k = count(s.deck, c);
        if (k > 0) { actions.push({ type: 'deal', card: c }); probabilities.push(frac(k, s.deck.length)); }
      }
    } else if (s.phase === 'treasure') {
      const pile = pileOf(s, s.to_treasure[0].city);
      const seen = [];
      for (const c of pile) {
        if (seen.includes(c)) continue;
        seen.push(c);
        actions.push({ type: 'treasure', card: c });
        probabilities.push(frac(count(pile, c), pile.length));
      }
    } else {
      const n = s.phase === 'roll' ? diceFor(s, nextCityInPlay(s, s.city).city) : s.rerolls;
      for (const m of multisets(n)) { actions.push({ type: s.phase, faces: m }); probabilities.push(rollProbability(m)); }
    }
    return { actor, actions, probabilities };
  }
  const p = actor;
  const actions = [];
  switch (s.phase) {
    case 'land-or-roll':
      actions.push({ type: 'land', player: p }, { type: 'go', player: p });
      break;
    case 'decide':
      actions.push({ type: 'stay', player: p });
      if (hasTreasure(s, s.city)) actions.push({ type: 'leave', player: p });
      break;
    case 'power':
      actions.push(...windowPlays(s, p), { type: 'pass', player: p });
      break;
    case 'challenge': {
      const a = answerOf(s);
      if (a.possible) actions.push({ type: 'meet', player: p, cards: a.cards });
      if (a.shortfall > 0) actions.push({ type: 'crash', player: p });
      break;
    }
    case 'jetpack':
      if (s.hands[p].includes('jetpack') && jetpackCityHasTreasure(s)) actions.push({ type: 'play', player: p, card: 'jetpack' });
      actions.push({ type: 'pass', player: p });
      break;
    default: break;
  }
  return { actor, actions };
}

// ---- apply -----------------------------------------------------------------------------------

// Paths are JSON paths into the action document itself (`$` the action), as the reference's
// schema check gives them: a missing or unknown field is reported at `$`.
function checkAction(a) {
  if (!isObj(a)) throw new InputError('action: an object is needed', '$');
  if (!(a.type in ACTION_FIELDS)) throw new InputError(`action: unknown type ${JSON.stringify(a.type)}`, '$');
  const allowed = ['type', ...ACTION_FIELDS[a.type]];
  if (a.type === 'play') allowed.push('target', 'die');
  for (const k of Object.keys(a)) if (!allowed.includes(k)) throw new InputError(`action: unknown property ${JSON.stringify(k)}`, '$');
  for (const k of ACTION_FIELDS[a.type]) if (!(k in a)) throw new InputError(`action: '${k}' is a required property`, '$');
  const player = (v, k) => { if (!isInt(v) || v < 0 || v > 5) throw new InputError(`action.${k}: a player number is needed`, `$.${k}`); };
  if ('player' in a) player(a.player, 'player');
  if ('target' in a) player(a.target, 'target');
  if ('card' in a) {
    if (['deal', 'play'].includes(a.type) && !CARDS.includes(a.card)) throw new InputError(`action.card: unknown card ${JSON.stringify(a.card)}`, '$.card');
    if (a.type === 'treasure' && (typeof a.card !== 'string' || !/^([0-9]+|telescope)$/.test(a.card))) throw new InputError(`action.card: not a treasure card ${JSON.stringify(a.card)}`, '$.card');
  }
  if ('die' in a && !FACES.includes(a.die)) throw new InputError(`action.die: unknown face ${JSON.stringify(a.die)}`, '$.die');
  if ('faces' in a) {
    if (!Array.isArray(a.faces) || a.faces.length > 4) throw new InputError('action.faces: a list of at most 4 faces is needed', '$.faces');
    a.faces.forEach((f, i) => { if (!FACES.includes(f)) throw new InputError(`action.faces[${i}]: unknown face ${JSON.stringify(f)}`, `$.faces[${i}]`); });
  }
  if ('cards' in a) {
    if (!Array.isArray(a.cards)) throw new InputError('action.cards: a list of action cards is needed', '$.cards');
    a.cards.forEach((c, i) => { if (!CARDS.includes(c)) throw new InputError(`action.cards[${i}]: unknown card ${JSON.stringify(c)}`, `$.cards[${i}]`); });
  }
}

function holds(hand, cards) {
  const h = hand.slice();
  return cards.every((c) => removeOne(h, c));
}

function gates(s, a) {
  if (s.phase === 'game-over') throw new Rejection('turn.game-over', 'the game is over');
  const chancePhase = s.phase in CHANCE_PHASES;
  const chanceAction = CHANCE_TYPES.includes(a.type);
  if (chancePhase !== chanceAction) {
    throw new Rejection('turn.chance', chancePhase ? `the ${s.phase} step waits for chance, not ${a.type}` : `a ${a.type} chance action at a decision step`);
  }
  if (chancePhase) {
    if (a.type !== CHANCE_PHASES[s.phase]) throw new Rejection('turn.chance', `${a.type} cannot come up in the ${s.phase} step`);
    if (a.type === 'deal' && !s.deck.includes(a.card)) throw new Rejection('turn.chance', `no ${a.card} in the deck`);
    if (a.type === 'treasure' && !pileOf(s, s.to_treasure[0].city).includes(a.card)) throw new Rejection('turn.chance', `no ${a.card} in the pile`);
    if (a.type === 'roll' && a.faces.length !== diceFor(s, nextCityInPlay(s, s.city).city)) throw new Rejection('turn.chance', `${a.faces.length} dice rolled`);
    if (a.type === 'reroll' && a.faces.length !== s.rerolls) throw new Rejection('turn.chance', `${a.faces.length} dice rolled again`);
    return;
  }
  if (!PHASE_ACCEPTS[s.phase].includes(a.type)) throw new Rejection('turn.step', `the ${s.phase} step does not accept ${a.type}`);
  const actor = pendingActor(s);
  if (a.player === actor) {
    // Only a card of the kind the step plays (a Power card in the window, a Jetpack after a
    // crash) is refused here for not being held; any other card falls to the play's own checks,
    // power.window / power.jetpack (doc gap 6, learnt by probing the reference).
    const playable = s.phase === 'power' ? POWER.includes(a.card) : a.card === 'jetpack' && a.target === undefined && a.die === undefined;
    if (a.type === 'play' && playable && !s.hands[a.player].includes(a.card)) throw new Rejection('turn.step', `player ${a.player} holds no ${a.card}`);
    if (a.type === 'meet' && !holds(s.hands[a.player], a.cards)) throw new Rejection('turn.step', `player ${a.player} does not hold ${a.cards.join(', ')}`);
  }
  if (s.phase === 'decide' && a.type === 'leave' && a.player === s.captain) throw new Rejection('passengers.captain-stays', 'the captain never leaves during the decisions');
  if (a.player !== actor) throw new Rejection('turn.pending', `it is player ${actor}'s decision, not player ${a.player}'s`);
}

function apply(state, action) {
  try {
    checkAction(action);
    const s = clone(state);
    gates(s, action);
    const events = [];
    step(s, action, events);
    return { state: s, events };
  } catch (e) {
    if (e instanceof Rejection) return { rejected: { clause: e.clause, message: e.message } };
    throw e;
  }
}

function step(s, a, events) {
  const o = s.setup.options;
  switch (a.type) {
    case 'deal': {
      const p = s.to_deal.shift();
      removeOne(s.deck, a.card);
      s.hands[p] = sortCards([...s.hands[p], a.card]);
      events.push(ev('draw', s.journey === 0 ? 'setup.hand-size' : 'journey.refill', { player: p, card: a.card }));
      settleDeal(s, events);
      break;
    }
    case 'roll': {
      const faces = sortFaces(a.faces);
      s.roll = faces;
      events.push(ev('roll', 'roll.faces', { player: s.captain, faces }));
      nextDecision(s, s.captain, events);
      break;
    }
    case 'treasure': {
      const d = s.to_treasure.shift();
      removeOne(pileOf(s, d.city), a.card);
      s.won[d.player].push({ city: d.city, card: a.card });
      let points = cardPoints(s.setup, a.card);
      if (o.landing_points === 'city-number') {
        const c = treasureData(s.setup).cities.find((x) => x.id === d.city);
        points = c ? c.minimum : d.city;
      }
      events.push(ev('treasure', 'treasure.draw', { player: d.player, city: d.city, card: a.card, points }));
      if (!hasTreasure(s, d.city)) events.push(ev('city-empty', 'treasure.city-empty', { city: d.city }));
      const t = total(s, d.player);
      if (s.first_to_target === null && t >= TARGET) {
        s.first_to_target = d.player;
        events.push(ev('target', 'end.fifty-points', { player: d.player, total: t }));
        if (o.end_timing === 'immediate') {
          gameOver(s, events, 'target');
          break;
        }
      }
      settleTreasure(s, events);
      break;
    }
    case 'land': {
      if (!hasTreasure(s, s.city)) throw new Rejection('lone-player.land-or-roll', 'no treasure left here');
      events.push(ev('land', 'lone-player.land-or-roll', { player: a.player, city: s.city }));
      s.aboard = [];
      s.to_treasure = [{ player: a.player, city: s.city }];
      s.after_treasure = 'land';
      s.phase = 'treasure';
      break;
    }
    case 'go':
      events.push(ev('go', 'lone-player.land-or-roll', { player: a.player }));
      s.phase = 'roll';
      break;
    case 'stay':
      events.push(ev('stay', 'passengers.stay', { player: a.player }));
      nextDecision(s, a.player, events);
      break;
    case 'leave':
      if (!hasTreasure(s, s.city)) throw new Rejection('passengers.emptied-city', `city ${s.city} has no treasure left`);
      events.push(ev('leave', 'passengers.leave', { player: a.player, city: s.city }));
      s.aboard = s.aboard.filter((p) => p !== a.player);
      s.to_treasure = [{ player: a.player, city: s.city }];
      s.after_treasure = 'decide';
      s.phase = 'treasure';
      break;
    case 'pass':
      if (s.phase === 'power') {
        events.push(ev('pass', 'power.window', { player: a.player }));
        s.passes += 1;
        continueWindow(s, a.player);
      } else {
        events.push(ev('pass', 'power.jetpack', { player: a.player }));
        continueCrash(s, events);
      }
      break;
    case 'play':
      if (s.phase === 'power') playInWindow(s, a, events);
      else playJetpack(s, a, events);
      break;
    case 'reroll': {
      const faces = sortFaces(a.faces);
      s.roll = sortFaces([...s.roll, ...faces]);
      s.rerolls = 0;
      events.push(ev('reroll', 'roll.faces', { faces, roll: s.roll.slice() }));
      continueWindow(s, s.cursor);
      break;
    }
    case 'meet': {
      const ans = answerOf(s);
      if (!ans.possible) throw new Rejection('crash.when', 'the captain cannot answer every die');
      const given = sortCards(a.cards);
      // Holding every matching card, Equipment other than the matching cards breaks
      // equipment.must-play; any other wrong answer (a Turbo too many or too few, or wrong
      // Equipment while Turbo is needed) breaks equipment.turbo-shortfall (vector celestia-0045
      // and probes of the reference; doc gap 1).
      const equipment = (cs) => canonical(cs.filter((c) => c !== 'turbo'));
      if (ans.shortfall === 0 && equipment(given) !== equipment(ans.cards)) {
        throw new Rejection('equipment.must-play', `the matching Equipment held must be played: ${ans.cards.join(', ') || 'no card'}`);
      }
      if (canonical(given) !== canonical(ans.cards)) throw new Rejection('equipment.turbo-shortfall', `the dice are answered by ${ans.cards.join(', ') || 'no card'}`);
      for (const c of given) removeOne(s.hands[a.player], c);
      s.discard = sortCards([...s.discard, ...given]);
      events.push(ev('meet', 'equipment.one-per-die', { player: a.player, cards: given }));
      moveOn(s, events);
      break;
    }
    case 'crash': {
      const ans = answerOf(s);
      if (ans.shortfall === 0) throw new Rejection('equipment.must-play', 'the captain holds the matching Equipment and must play it');
      events.push(ev('crash', 'crash.when', { captain: s.captain, city: s.city, roll: s.roll.slice() }));
      crash(s, events);
      break;
    }
    default:
      throw new Error(`unhandled action ${a.type}`);
  }
}

function crash(s, events) {
  const o = s.setup.options;
  s.cursor = null;
  s.passes = 0;
  if (o.jetpack_timing === 'in-window') {
    const city = jetpackCity(s);
    const escaping = clockwiseAfter(s, s.captain, s.jetpacks);
    s.jetpacks = [];
    for (const p of escaping) {
      events.push(ev('escape', 'power.jetpack', { player: p }));
      s.aboard = s.aboard.filter((x) => x !== p);
      s.to_treasure.push({ player: p, city });
    }
    if (s.to_treasure.length > 0) { s.after_treasure = 'crash'; settleTreasure(s, events); return; }
    wrecked(s, events);
    return;
  }
  if (deckHas(s, 'jetpack') && jetpackCityHasTreasure(s)) {
    s.phase = 'jetpack';
    s.cursor = offerOrder(s)[0];
    return;
  }
  wrecked(s, events);
}

function playJetpack(s, a, events) {
  if (a.card !== 'jetpack') throw new Rejection('power.jetpack', 'only a Jetpack may be played after a crash');
  if (a.target !== undefined || a.die !== undefined) throw new Rejection('power.jetpack', 'a Jetpack names no target and no die');
  if (!jetpackCityHasTreasure(s)) throw new Rejection('power.jetpack', 'the Jetpack\'s city has no treasure');
  const city = jetpackCity(s);
  removeOne(s.hands[a.player], 'jetpack');
  s.discard = sortCards([...s.discard, 'jetpack']);
  events.push(ev('escape', 'power.jetpack', { player: a.player }));
  s.aboard = s.aboard.filter((x) => x !== a.player);
  s.to_treasure = [{ player: a.player, city }];
  s.after_treasure = 'crash';
  s.phase = 'treasure';
}

function playInWindow(s, a, events) {
  const o = s.setup.options;
  const p = a.player;
  const card = a.card;
  if (!POWER.includes(card)) throw new Rejection('power.window', `${card} is not a Power card`);
  const aboard = s.aboard.includes(p);
  if (card === 'ejection') {
    if (!aboard) throw new Rejection('power.ejection', 'only a player aboard may play Ejection');
    if (a.target === undefined || !s.aboard.includes(a.target) || a.target === s.captain || a.target === p) throw new Rejection('power.ejection', 'Ejection names another passenger aboard, never the captain');
    if (!hasTreasure(s, s.city)) throw new Rejection('power.ejection', `city ${s.city} has no treasure left`);
    if (a.die !== undefined) throw new Rejection('power.ejection', 'Ejection names no die');
  } else if (a.target !== undefined) {
    throw new Rejection(`power.${card}`, `${card} names no target`);
  }
  if (card === 'jetpack') {
    if (o.jetpack_timing !== 'in-window') throw new Rejection('power.jetpack', 'a Jetpack is played after a crash, not in the window');
    if (!aboard) throw new Rejection('power.jetpack', 'only a player aboard may play a Jetpack');
    if (s.jetpacks.includes(p)) throw new Rejection('power.jetpack', 'already protected');
    if (!jetpackCityHasTreasure(s)) throw new Rejection('power.jetpack', 'the Jetpack\'s city has no treasure');
  }
  if (card === 'alternative-route') {
    if (o.alternative_route === 'one-die') {
      if (a.die === undefined || !s.roll.includes(a.die)) throw new Rejection('power.alternative-route', 'Alternative Route names a die showing');
    } else {
      if (a.die !== undefined) throw new Rejection('power.alternative-route', 'under all-dice Alternative Route names no die');
      if (s.roll.length === 0) throw new Rejection('power.alternative-route', 'no dice showing');
    }
  } else if (a.die !== undefined) {
    throw new Rejection(`power.${card}`, `${card} names no die`);
  }
  if (card === 'gust' && o.gust === 'extra-die' && s.roll.length >= 4) throw new Rejection('power.gust', 'four dice are already rolled');
  if (card === 'grappling-hook' && !deckHas(s, 'grappling-hook')) throw new Rejection('power.grappling-hook', 'no Grappling Hook in this game');

  removeOne(s.hands[p], card);
  s.discard = sortCards([...s.discard, card]);
  const fields = { player: p, card };
  if (a.target !== undefined) fields.target = a.target;
  if (a.die !== undefined) fields.die = a.die;
  events.push(ev('play', `power.${card}`, fields));
  s.passes = 0;
  s.cursor = p;
  if (card === 'ejection') {
    events.push(ev('leave', 'power.ejection', { player: a.target, city: s.city }));
    s.aboard = s.aboard.filter((x) => x !== a.target);
    s.jetpacks = s.jetpacks.filter((x) => x !== a.target);
    s.to_treasure = [{ player: a.target, city: s.city }];
    s.after_treasure = 'power';
    s.phase = 'treasure';
    return;
  }
  if (card === 'alternative-route') {
    if (o.alternative_route === 'one-die') { removeOne(s.roll, a.die); s.rerolls = 1; } else { s.rerolls = s.roll.length; s.roll = []; }
    s.phase = 'reroll';
    return;
  }
  if (card === 'gust') {
    if (o.gust === 'extra-die') { s.rerolls = 1; s.phase = 'reroll'; return; }
    if (o.gust === 'pass-hazards') { events.push(ev('hazards-cleared', 'power.gust', {})); s.roll = []; }
  }
  if (card === 'jetpack') s.jetpacks.push(p);
  continueWindow(s, p);
}

// ---- scores and observations -----------------------------------------------------------------

function scores(state) {
  const t = totals(state);
  let outcome = null;
  if (state.phase === 'game-over') {
    const go = lastOutcome(state, t);
    outcome = { winners: go, reason: state.ended };
  }
  return { scores: t.map((v, p) => ({ player: p, total: v })), outcome };
}

function lastOutcome(s, t) {
  if (s.ended === 'target' && s.setup.options.end_winner === 'first-to-fifty' && s.first_to_target !== null) return [s.first_to_target];
  const best = Math.max(...t);
  return t.map((v, p) => (v === best ? p : -1)).filter((p) => p >= 0);
}

function observe(state, player) {
  if (!isInt(player) || player < 0 || player >= state.setup.players) {
    throw new InputError(`player ${JSON.stringify(player)} is not one of the ${state.setup.players} players`, '$.player', 'observation.per-player');
  }
  const o = clone(state);
  o.deck = { hidden: state.deck.length };
  o.piles = state.piles.map((p) => ({ hidden: p.length }));
  o.hands = state.hands.map((h, p) => (p === player ? h.slice() : { hidden: h.length }));
  o.observer = player;
  return o;
}

/** Canonical JSON text (docs/protocol.md, "Digests"): keys sorted, no whitespace. */
function canonical(v) {
  if (Array.isArray(v)) return '[' + v.map(canonical).join(',') + ']';
  if (v !== null && typeof v === 'object') {
    return '{' + Object.keys(v).sort().map((k) => JSON.stringify(k) + ':' + canonical(v[k])).join(',') + '}';
  }
  return JSON.stringify(v);
}

module.exports = {
  newGame, legalActions, apply, scores, observe, canonical,
  Rejection, InputError, OPTION_VALUES, PHASE_ACCEPTS,
};

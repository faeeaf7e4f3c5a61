/* The play engine of rulebook, its core: what every family's table shares, in the browser
 * and under node. Each family is one file of families/ (families/pairs.js, families/tricks.js),
 * the twin of its Python folder generator/families/<family>/ (engine.py, play.py, bot.py),
 * which registers its table and its page with register(name, family); nothing here names
 * a family.
 *
 * The tables make exactly the decisions of the Python engines, through their play tables
 * (generator/families/<family>/play.py on generator/families/table_play.py, the twin of
 * Table below): tests/test_play_engine.py plays thousands of seeded rounds of every game,
 * variant and player count in both and compares the legal moves at every step and the
 * results. A table reads only the options JSON that Python exports (play_options in
 * generator/families/play.py); cards, moves and states are in the notation of the example
 * scripts. The API is documented in docs/play.md.
 *
 * Dependency-free ES2017; sets window.RulebookEngine in a browser, module.exports in node.
 */
(function (root) {
  'use strict';

  // -- seeded randomness: Mulberry32, the same numbers as generator/core/prng.py ----------
  function Rng(seed) { this.s = seed >>> 0; }
  Rng.prototype.nextU32 = function () {
    this.s = (this.s + 0x6D2B79F5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  Rng.prototype.below = function (n) { // rejection sampling: each of 0..n-1 equally likely
    const limit = 4294967296 - (4294967296 % n);
    for (;;) { const x = this.nextU32(); if (x < limit) return x % n; }
  };
  Rng.prototype.shuffle = function (a) { // Fisher-Yates from the last position down
    for (let i = a.length - 1; i > 0; i--) {
      const j = this.below(i + 1); const t = a[i]; a[i] = a[j]; a[j] = t;
    }
    return a;
  };
  function stream(seed, k) { return new Rng((seed ^ Math.imul(0x9E3779B9, k)) >>> 0); }

  // -- cards: "10♥", "Q♠", "★", "☆" -------------------------------------------------------
  const HIGH = { 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10, J: 11, Q: 12, K: 13, A: 14 };
  const JOKER = '★';  // the joker (the black one of a deck with two)
  const RED_JOKER = '☆';
  const QUEEN = 'Q♠';
  const isJoker = (c) => c === JOKER || c === RED_JOKER;
  const suitOf = (c) => (isJoker(c) ? null : c.slice(-1));
  const rankOf = (c) => (isJoker(c) ? null : c.slice(0, -1));
  const high = (c) => HIGH[rankOf(c)] || 0;
  // as cards.py's Card.colour: the red joker is red, the (black) joker has no colour
  const colourOf = (c) => (c === RED_JOKER ? 'red' : c === JOKER ? null
    : (c.endsWith('♥') || c.endsWith('♦') ? 'red' : 'black'));
  const CARD = /^(?:(?:10|[2-9AJQK])[♠♥♦♣]|[★☆])$/;
  const isCard = (c) => typeof c === 'string' && CARD.test(c);
  const isSeat = (s, n) => Number.isInteger(s) && s >= 0 && s < n;
  const mod = (a, n) => ((a % n) + n) % n;
  const sum = (xs) => xs.reduce((a, b) => a + b, 0);

  class PlayError extends Error {
    constructor(code, message, legal) { super(message); this.code = code; this.legal = legal; }
    toJSON() { return { error: this.code, message: this.message, legal: this.legal }; }
  }

  function entries(pairs) { // Object.fromEntries is ES2019
    const out = {};
    for (const [k, v] of pairs) out[k] = v;
    return out;
  }

  // The players' genders ('f' or 'm', one per seat), which the languages' words of a player
  // agree with: `rulebook check` warns of a script without them. A played hand is a draft:
  // `rulebook check` replays it as it is, and publishes it once its author has narrated it.
  function finishScript(script, names, genders, players) {
    if (genders) { script.genders = entries(names.slice(0, players).map((name, s) => [name, genders[s]])); }
    script.draft = true;
    return script;
  }

  function byOrder(order) { return (a, b) => order.get(a) - order.get(b); }


  // -- what every family's table shares (generator/families/table_play.py) -----------------
  // A match of rounds, each dealt from a seed by the shared generator, the deal passing to
  // the left from round to round. A family's table says how a shuffled pack is dealt
  // (deal(pack)) and played, what a new match forgets (newMatch()), and its state().
  class Table {
    constructor(options) {
      this.options = options;
      this.players = options.players;
      this.order = new Map(options.cards.map((c, i) => [c, i]));
      this.roundNumber = 0;
      this.dealer = (options.dealer || 0) - 1;
      this.newMatch();
    }

    sorted(cards) { return cards.slice().sort(byOrder(this.order)); }

    /** A new match and its first round, dealt from `seed`; or, given `deal` ({pack, dealer,
        round}: table_play.py's Deal), from that pack in that order, `dealer` dealing, as the
        round-th of a match (an example round's deal: the guide of the play page). The seed
        still seeds the computer players. */
    newRound(seed, deal) {
      const given = deal ? checkedDeal(deal, this.options) : null;
      if (given && given.position) {
        const why = this.positionError(given.position);
        if (why !== null) throw new PlayError('bad-deal', `not a position: ${why}`, []);
      }
      this.roundNumber = 0;
      this.dealer = (given ? given.dealer : (this.options.dealer || 0)) - 1;
      this.newMatch();
      if (!given) return this.nextRound(seed);
      this.roundNumber = given.round - 1;
      return given.position ? this.dealNext(seed, null, given.position) : this.dealNext(seed, given.pack.slice());
    }

    /** What is wrong with `position` for this table, or null when it can start from it
        (table_play.py: position_error); a family that starts rounds from a position says. */
    positionError() { return `the ${this.options.family} table starts no round from a position`; }

    nextRound(seed) {
      const match = this.roundNumber ? this.match() : null;
      if (match && match.over) throw new PlayError('match-over', 'the match is over: newRound starts another', []);
      return this.dealNext(seed, null);
    }

    /** The next round dealt from `pack`, or started from `position` (the family's
        startFrom(position): the twin of deal for a round an example takes up late), or
        dealt from the pack shuffled by `seed`. */
    dealNext(seed, pack, position) {
      this.roundNumber += 1;
      this.dealer = (this.dealer + 1) % this.players;
      this.seed = seed >>> 0;
      if (position) this.startFrom(position);
      else this.deal(pack || new Rng(this.seed).shuffle(this.options.cards.slice()));
      return this.state();
    }
  }

  /** A given deal, checked as table_play.py's checked_deal does: every card in play once, a
      dealer at the table, a round from 1; else PlayError bad-deal with what is wrong. */
  function checkedDeal(deal, options) {
    const fail = (why) => { throw new PlayError('bad-deal', `not a deal: ${why}`, []); };
    const pack = deal.pack === undefined ? null : deal.pack;
    const position = deal.position === undefined ? null : deal.position;
    if ((pack === null) === (position === null)) fail('a deal gives exactly one of a pack and a position');
    if (position !== null && (typeof position !== 'object' || Array.isArray(position))) fail('position is not an object');
    if (position === null && !(Array.isArray(pack) && pack.every((c) => typeof c === 'string'))) fail('pack is not a list of cards');
    const want = options.cards.slice().sort().join(' ');
    if (position === null && pack.slice().sort().join(' ') !== want) fail('pack is not the cards in play, each once');
    if (!isSeat(deal.dealer, options.players)) fail(`no seat ${JSON.stringify(deal.dealer)} deals`);
    const round = deal.round === undefined ? 1 : deal.round;
    if (!Number.isInteger(round) || round < 1) fail(`round ${JSON.stringify(deal.round)} is not 1 or more`);
    return { pack, position, dealer: deal.dealer, round };
  }

  /** What is wrong with the cards of a position (table_play.py: position_cards): each of
      `keys` (hands and the others a family reads; only hands must be there) a list of a
      list of cards a seat, every card one in play and placed once; null when sound. */
  function positionCards(position, keys, options) {
    const inPlay = new Set(options.cards);
    const seen = new Set();
    for (const key of keys) {
      const lists = position[key] === undefined ? null : position[key];
      if (lists === null && key !== 'hands') continue;
      if (!Array.isArray(lists) || lists.length !== options.players
          || !lists.every((h) => Array.isArray(h) && h.every((c) => typeof c === 'string'))) {
        return `${key} is not a list of cards for each of the ${options.players} seats`;
      }
      for (const h of lists) {
        for (const card of h) {
          if (!inPlay.has(card)) return `${card} in ${key} is not a card in play`;
          if (seen.has(card)) return `${card} is placed twice`;
          seen.add(card);
        }
      }
    }
    return null;
  }

  // -- the families: each registers itself (families/<name>.js) ---------------------------
  // family = { Table: a subclass of Table, page(h): the play page's part of the family, made
  // by play.js with its helpers (never called under node) }.
  const families = {};
  function register(name, family) { families[name] = family; }
  function familyOf(name) {
    if (!Object.prototype.hasOwnProperty.call(families, name)) {
      throw new Error(`no play table for the family ${JSON.stringify(name)}`);
    }
    return families[name];
  }

  // -- figures -----------------------------------------------------------------------------
  /** A number as every page writes it: a negative one with the minus sign (U+2212), not
      the hyphen-minus, as the Python side does (generator/core/markup.py, minus_sign). Here
      so that the play page and the tests that run its parts under node use the one rule. */
  function figure(n) {
    return typeof n === 'number' && n < 0 ? `\u2212${-n}` : String(n);
  }

  // -- the API: one table, as the play page exposes it (window.rulebook) ----------------
  function createTable(options) { return new (familyOf(options.family).Table)(options); }

  // The object a page exposes as window.rulebook: newRound(options, seed) starts a match
  // (a game of several hands) with its first round; nextRound(seed) deals the next one.
  function createApi() {
    let table = null;
    const need = () => { if (!table) throw new Error('no round: call newRound(options, seed) first'); return table; };
    return {
      newRound(options, seed, deal) { table = createTable(options); return table.newRound(seed, deal); },
      nextRound(seed) { return need().nextRound(seed); },
      legalMoves() { return need().legalMoves(); },
      play(move) { return need().play(move); },
      state() { return need().state(); },
      view(seat) { return need().view(seat); },
      botMove(seat) { return need().botMove(seat); },
      exampleScript(names, genders) { return need().exampleScript(names, genders); },
    };
  }

  const api = {
    Rng, stream, PlayError, Table, register, familyOf, createTable, createApi,
    cards: { HIGH, JOKER, RED_JOKER, QUEEN, isJoker, suitOf, rankOf, high, colourOf, isCard, isSeat, mod, sum },
    entries, finishScript, byOrder, figure, positionCards,
  };
  if (typeof module === 'object' && module.exports) module.exports = api;
  else root.RulebookEngine = api;
}(typeof window !== 'undefined' ? window : this));

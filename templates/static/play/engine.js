/* The play engine of rulebook: both families of games, in the browser and under node.
 *
 * It makes exactly the decisions of the Python engines (generator/families/<family>/engine.py,
 * through their play tables generator/families/<family>/play.py): tests/test_play_engine.py plays
 * thousands of seeded rounds of every game, variant and player count in both and compares
 * the legal moves at every step and the results. It reads only the options JSON that
 * Python exports (play_options in generator/families/play.py); cards, moves and
 * states are in the notation of the example scripts. The API is documented in docs/play.md.
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

  // -- cards: "10♥", "Q♠", "★" ------------------------------------------------------------
  const HIGH = { 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10, J: 11, Q: 12, K: 13, A: 14 };
  const JOKER = '★';
  const QUEEN = 'Q♠';
  const suitOf = (c) => (c === JOKER ? null : c.slice(-1));
  const rankOf = (c) => (c === JOKER ? null : c.slice(0, -1));
  const high = (c) => HIGH[rankOf(c)] || 0;
  const colourOf = (c) => (c === JOKER ? null : (c.endsWith('♥') || c.endsWith('♦') ? 'red' : 'black'));
  const CARD = /^(?:(?:10|[2-9AJQK])[♠♥♦♣]|★)$/;
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

  function byOrder(order) { return (a, b) => order.get(a) - order.get(b); }

  // ======================================================================================
  // Drawing-and-pairing games (generator/families/pairs/engine.py)
  // ======================================================================================
  const ODD = 'odd';
  const ALONE = 'alone';
  const STEP = { left: 1, right: -1 };

  function nextWithCards(hands, seat, step, includeSelf) {
    const n = hands.length;
    for (let i = includeSelf ? 0 : 1; i <= n; i++) {
      const other = mod(seat + step * i, n);
      if (hands[other].size && (includeSelf || other !== seat)) return other;
    }
    throw new Error('no other player has cards');
  }

  class PairsTable {
    constructor(options) {
      this.options = options;
      this.players = options.players;
      this.order = new Map(options.cards.map((c, i) => [c, i]));
      this.mode = options.odd_card === 'hidden' ? 'hidden' : options.odd_card === 'none' ? 'leftover' : 'named';
      this.alone = new Set(options.lay_down_alone);
      this.keys = new Map(options.cards.map((c) => [c, this.computeKey(c)]));
      this.roundLosers = []; this.roundNumber = 0;
      this.dealer = (options.dealer || 0) - 1;
    }

    computeKey(card) {
      const o = this.options;
      if (this.mode === 'named' && card === o.odd_card) return ODD;
      if (this.alone.has(card)) return ALONE;
      for (let i = 0; i < o.pairs.length; i++) if (o.pairs[i].includes(card)) return 'p' + i;
      return o.pairing === 'rank' ? 'r' + rankOf(card) : 'r' + rankOf(card) + colourOf(card);
    }
    key(card) { return this.keys.has(card) ? this.keys.get(card) : ODD; }

    layDownFirst(hand) { // kept cards, pairs and cards laid down alone (three alike: keep one)
      const kept = new Map(); const pairs = []; const alone = [];
      for (const card of hand) {
        const key = this.key(card);
        if (key === ALONE) alone.push(card);
        else if (key !== ODD && kept.has(key)) { pairs.push([kept.get(key), card]); kept.delete(key); }
        else kept.set(key !== ODD ? key : 'o:' + card, card);
      }
      return [Array.from(kept.values()), pairs, alone];
    }

    newRound(seed) {
      this.roundLosers = []; this.roundNumber = 0;
      this.dealer = (this.options.dealer || 0) - 1;
      return this.nextRound(seed);
    }

    nextRound(seed) {
      const n = this.players;
      this.roundNumber += 1;
      this.dealer = (this.dealer + 1) % n;
      this.seed = seed >>> 0;
      const pack = new Rng(this.seed).shuffle(this.options.cards.slice());
      this.hidden = this.mode === 'hidden' ? pack.pop() : null;
      this.dealt = Array.from({ length: n }, () => []);
      pack.forEach((card, i) => this.dealt[(this.dealer + 1 + i) % n].push(card));
      const laid = this.dealt.map((h) => this.layDownFirst(h));
      this.firstPairs = laid.map((l) => l[1]);
      this.laidAlone = laid.map((l) => l[2]);
      this.kept = laid.map((l) => this.sorted(l[0]));
      this.hands = this.kept.map((hand) => {
        const d = new Map();
        for (const card of hand) {
          const key = this.key(card);
          d.set(key === ODD || d.has(key) ? key + '|' + card : key, card);
        }
        return d;
      });
      this.active = this.hands.filter((h) => h.size).length;
      const firstOut = this.hands.map((h, i) => i).filter((i) => !this.hands[i].size);
      this.outGroups = firstOut.length ? [firstOut] : [];
      this.draws = 0;
      this.drawer = null; this.source = -1;
      if (!this.isOver()) this.setDrawer(this.firstDrawer());
      this.first = this.drawer;
      this.bots = Array.from({ length: n }, (_, s) => stream(this.seed, s + 1));
      this.moves = []; this.last = null;
      return this.state();
    }

    firstDrawer() {
      const o = this.options;
      if (o.first_turn === 'left-of-dealer-draws') return nextWithCards(this.hands, this.dealer, 1, false);
      const offerer = nextWithCards(this.hands, this.dealer, 1, o.first_turn === 'dealer-offers');
      return nextWithCards(this.hands, offerer, -STEP[o.draw_from], false);
    }
    setDrawer(drawer) {
      this.drawer = drawer;
      if (drawer !== null) this.source = nextWithCards(this.hands, drawer, STEP[this.options.draw_from], false);
    }
    isOver() { return this.active <= 1; }
    sorted(cards) { return cards.slice().sort(byOrder(this.order)); }
    hand(seat) { return this.sorted(Array.from(this.hands[seat].values())); }
    turn() { return this.isOver() ? null : this.drawer; }

    legalMoves() {
      if (this.isOver()) return [];
      return this.hand(this.source).map((c) => ({ by: this.drawer, from: this.source, draw: c }));
    }

    whyIllegal(move) {
      if (this.isOver()) return ['round-over', 'the round is already over'];
      if (move.by !== this.drawer) return ['wrong-player', `it is seat ${this.drawer}'s turn to draw`];
      if (move.from !== this.source) return ['wrong-source', `seat ${this.drawer} draws from seat ${this.source}`];
      if (!Array.from(this.hands[move.from].values()).includes(move.draw)) {
        return ['card-not-held', `${move.draw} is not in seat ${move.from}'s hand`];
      }
      return null;
    }

    play(move) {
      if (!move || !isSeat(move.by, this.players) || !isSeat(move.from, this.players) || !isCard(move.draw)) {
        throw new PlayError('bad-move', `not a draw: ${JSON.stringify(move)}`, this.legalMoves());
      }
      const why = this.whyIllegal(move);
      if (why) throw new PlayError(why[0], why[1], this.legalMoves());
      const from = this.hands[move.from];
      let key = null;
      for (const [k, c] of from) if (c === move.draw) { key = k; break; }
      from.delete(key);
      const hand = this.hands[move.by];
      const event = { by: move.by, from: move.from, draw: move.draw };
      if (key === ALONE) { /* laid down on sight */ } else if (hand.has(key)) {
        event.pair = [move.draw, hand.get(key)]; hand.delete(key);
      } else hand.set(key, move.draw);
      this.draws += 1;
      const out = [move.from, move.by].filter((s) => !this.hands[s].size);
      if (out.length) { this.active -= out.length; this.outGroups.push(out); event.out = out; }
      this.setDrawer(this.active <= 1 ? null : nextWithCards(this.hands, move.by, STEP[this.options.turn_passes], false));
      this.moves.push(event); this.last = event;
      if (this.isOver()) this.roundLosers.push(this.result().losers);
      return event;
    }

    result() {
      const holder = this.hands.findIndex((h) => h.size);
      if (holder < 0) throw new Error('no card is left');
      const everyone = Array.from({ length: this.players }, (_, i) => i);
      const others = everyone.filter((s) => s !== holder);
      const o = this.options;
      let winners;
      if (o.odd_card_holder === 'wins') winners = [holder];
      else if (o.winners === 'first-out' && this.outGroups.length) winners = this.outGroups[0].slice().sort((a, b) => a - b);
      else winners = others;
      const losers = o.odd_card_holder === 'wins' ? others : [holder];
      return { holder, last_card: Array.from(this.hands[holder].values())[0], losers, winners, draws: this.draws };
    }

    match() {
      const rule = this.options.match;
      if (!rule) return null;
      const counts = new Array(this.players).fill(0);
      let losers = [];
      let played = 0;
      for (const loser of [].concat(...this.roundLosers)) {
        counts[loser] += 1; played += 1;
        if (rule.kind === 'first-to-losses' && counts[loser] >= (rule.losses || 1)) { losers = [loser]; break; }
      }
      if (!losers.length && rule.kind === 'agreed-hands' && rule.hands !== null && played >= rule.hands) {
        const worst = Math.max(...counts);
        losers = counts.map((p, i) => i).filter((i) => counts[i] === worst);
      }
      return { rounds: this.roundLosers.length, penalties: counts, over: losers.length > 0, losers };
    }

    view(seat) {
      const turn = this.turn();
      return { seat, hand: this.hand(seat), counts: this.hands.map((h) => h.size), turn,
        from: turn === null ? null : this.source };
    }

    botMove(seat) { // a face-down card of the neighbour's, each equally likely (docs/play.md)
      const view = this.view(seat);
      if (view.turn !== seat) throw new PlayError('wrong-player', `it is seat ${view.turn}'s turn to draw`, this.legalMoves());
      return this.legalMoves()[this.bots[seat].below(view.counts[view.from])];
    }

    state() {
      const over = this.isOver();
      const turn = this.turn();
      return {
        family: 'pairs', players: this.players, seed: this.seed, round: this.roundNumber, dealer: this.dealer,
        dealt: this.dealt.map((h) => h.slice()), hidden_card: this.hidden,
        first_pairs: this.firstPairs.map((ps) => ps.map((p) => p.slice())),
        laid_alone: this.laidAlone.map((a) => a.slice()), kept: this.kept.map((h) => h.slice()),
        hands: this.hands.map((h, i) => this.hand(i)), turn, from: turn === null ? null : this.source,
        moves: this.moves.slice(), last: this.last, out: this.outGroups.map((g) => g.slice()),
        over, result: over ? this.result() : null, match: this.match(),
      };
    }

    exampleScript(names) { // the round as an example script (rules/<game>/examples/*.yaml)
      const n = (s) => names[s];
      const byName = (lists) => entries(lists.map((cards, s) => [n(s), cards.join(' ')]));
      const script = { seats: names.slice(0, this.players), dealer: n(this.dealer) };
      if (this.options.variant) script.variant = this.options.variant;
      script.deal = byName(this.dealt);
      if (this.hidden !== null) script.hidden_card = this.hidden;
      script.first_pairs = byName(this.kept);
      if (this.first !== null) script.first = n(this.first);
      script.moves = this.moves.map((m) => {
        const out = { by: n(m.by), from: n(m.from), draw: m.draw };
        if (m.pair) out.pair = m.pair.join(' ');
        if (m.out) out.out = m.out.map(n);
        return out;
      });
      if (this.isOver()) {
        const r = this.result();
        script.result = r.losers.length === 1 ? { loser: n(r.losers[0]), winners: r.winners.map(n) }
          : { winners: r.winners.map(n) };
      }
      return script;
    }
  }

  // ======================================================================================
  // Trick-taking games (generator/families/tricks/engine.py and scoring.py)
  // ======================================================================================
  function passTarget(direction, seat, n) {
    return mod(seat + ({ left: 1, right: -1, across: Math.floor(n / 2), none: 0 })[direction], n);
  }

  function combinations(items, k) { // in lexicographic order of positions, as itertools does
    const out = [];
    const pick = [];
    (function rec(start) {
      if (pick.length === k) { out.push(pick.slice()); return; }
      for (let i = start; i <= items.length - (k - pick.length); i++) { pick.push(items[i]); rec(i + 1); pick.pop(); }
    })(0);
    return out;
  }

  function verdict(end, totals, hands) {
    const seats = totals.map((t, i) => i);
    const crossed = seats.filter((s) => end.over !== null && totals[s] > end.over);
    const ends = crossed.length > 0 || (end.hands !== null && hands >= end.hands);
    if (!ends) return { over: false, winners: [], losers: [] };
    if (end.winning !== 'turin') {
      const best = end.winning === 'lowest-wins' ? Math.min(...totals) : Math.max(...totals);
      return { over: true, winners: seats.filter((s) => totals[s] === best), losers: [] };
    }
    const losers = new Set(crossed);
    const rounds = 2 - losers.size;
    for (let r = 0; r < rounds; r++) {
      const rest = seats.filter((s) => !losers.has(s));
      if (rest.length) {
        const top = Math.max(...rest.map((s) => totals[s]));
        rest.filter((s) => totals[s] === top).forEach((s) => losers.add(s));
      }
    }
    const rest = seats.filter((s) => !losers.has(s)).sort((a, b) => totals[a] - totals[b] || a - b);
    const cut = rest.length ? totals[rest[Math.min(1, rest.length - 1)]] : 0;
    return { over: true, winners: rest.filter((s) => totals[s] <= cut).sort((a, b) => a - b),
      losers: Array.from(losers).sort((a, b) => a - b) };
  }

  class TricksTable {
    constructor(options) {
      this.options = options;
      this.players = options.players;
      this.order = new Map(options.cards.map((c, i) => [c, i]));
      this.table = new Map(options.points);
      this.values = new Map(options.points);
      for (const [c, v] of options.special) this.values.set(c, (this.values.get(c) || 0) + v);
      this.special = new Map(options.special);
      this.sheet = []; this.handNumber = 0;
      this.dealer = (options.dealer || 0) - 1;
    }

    value(card) { return this.values.get(card) || 0; }
    sorted(cards) { return cards.slice().sort(byOrder(this.order)); }

    newRound(seed) {
      this.sheet = []; this.handNumber = 0;
      this.dealer = (this.options.dealer || 0) - 1;
      return this.nextRound(seed);
    }

    nextRound(seed) {
      const n = this.players; const o = this.options;
      this.handNumber += 1;
      this.dealer = (this.dealer + 1) % n;
      this.seed = seed >>> 0;
      const pack = new Rng(this.seed).shuffle(o.cards.slice());
      this.dealt = Array.from({ length: n }, (_, i) => this.sorted(pack.filter((c, j) => j % n === i)));
      this.hands = this.dealt.map((h) => h.slice());
      const schedule = o.passing.schedule;
      this.direction = schedule.length ? schedule[(this.handNumber - 1) % schedule.length] : 'none';
      this.isPassing = this.direction !== 'none' && o.passing.count > 0;
      this.passTo = this.isPassing ? this.direction : 'none';
      this.passes = new Array(n).fill(null);
      this.taken = Array.from({ length: n }, () => []);
      this.tricksWon = new Array(n).fill(0);
      this.trickNumber = 1; this.broken = false; this.trick = [];
      this.step = o.play === 'clockwise' ? 1 : -1;
      this.leader = this.firstLeader();
      this.turnSeat = this.isPassing || !this.hands[this.leader].length ? null : this.leader;
      this.tricks = []; this.last = null; this.handResult = null;
      return this.state();
    }

    firstLeader() {
      const o = this.options; const n = this.players;
      if (o.first_lead === 'two-of-clubs') {
        const seat = this.hands.findIndex((h) => h.includes('2♣'));
        if (seat >= 0) return seat;
      }
      if (o.first_lead === 'left-of-dealer') return (this.dealer + 1) % n;
      return mod(this.dealer - 1, n);
    }

    turn() { return this.isPassing ? this.passes.findIndex((p) => p === null) : this.turnSeat; }
    isOver() { return !this.isPassing && this.turnSeat === null; }
    breaks(card) { return suitOf(card) === '♥' || (this.options.queen_breaks_hearts && card === QUEEN); }

    legalCards() {
      if (this.turnSeat === null) return [];
      const o = this.options;
      let hand = this.hands[this.turnSeat];
      const first = this.trickNumber === 1;
      if (this.trick.length) {
        const led = suitOf(this.trick[0].play);
        const same = hand.filter((c) => suitOf(c) === led);
        if (same.length) return this.sorted(same);
      } else if (first && o.first_lead === 'two-of-clubs' && hand.includes('2♣')) {
        return ['2♣'];
      } else if (o.hearts_lead === 'when-broken' && !this.broken) {
        const other = hand.filter((c) => suitOf(c) !== '♥');
        if (other.length) hand = other;
      }
      if (first && o.first_trick === 'no-points') {
        const clean = hand.filter((c) => suitOf(c) !== '♥' && c !== QUEEN);
        if (clean.length) return this.sorted(clean);
      }
      return this.sorted(hand);
    }

    legalMoves() {
      if (this.isPassing) {
        const seat = this.turn();
        return combinations(this.sorted(this.hands[seat]), this.options.passing.count)
          .map((cards) => ({ by: seat, pass: cards }));
      }
      return this.legalCards().map((c) => ({ by: this.turnSeat, play: c }));
    }

    whyIllegal(move) {
      const count = this.options.passing.count;
      if (move.pass) {
        if (!this.isPassing) return ['bad-pass', 'nobody passes cards in this hand'];
        if (this.passes[move.by] !== null) return ['bad-pass', `seat ${move.by} passes twice`];
        const missing = move.pass.filter((c) => !this.hands[move.by].includes(c));
        if (missing.length) return ['card-not-held', `${missing.join(' ')} not in seat ${move.by}'s hand`];
        const distinct = new Set(move.pass).size;
        if (distinct !== count) return ['bad-pass', `passes ${distinct} different card(s); this game passes ${count}`];
        return null;
      }
      const card = move.play;
      if (this.isPassing) return ['bad-pass', 'the cards must be passed before the first trick'];
      if (this.turnSeat === null) return ['hand-over', 'the hand is already over'];
      if (move.by !== this.turnSeat) return ['wrong-player', `seat ${this.turnSeat} plays now, not seat ${move.by}`];
      const hand = this.hands[move.by];
      if (!hand.includes(card)) return ['card-not-held', `${card} is not in seat ${move.by}'s hand`];
      const legal = this.legalCards();
      if (legal.includes(card)) return null;
      const led = this.trick.length ? suitOf(this.trick[0].play) : null;
      if (led !== null && suitOf(card) !== led && hand.some((c) => suitOf(c) === led)) {
        return ['revoke', `seat ${move.by} must follow ${led}`];
      }
      if (!this.trick.length) return ['illegal-lead', `seat ${move.by} may not lead ${card}; they may lead ${legal.join(' ')}`];
      return ['illegal-discard', `seat ${move.by} may not play ${card} on the first trick; they may play ${legal.join(' ')}`];
    }

    play(move) {
      const ok = move && isSeat(move.by, this.players)
        && ('pass' in move ? Array.isArray(move.pass) && move.pass.every(isCard) : isCard(move.play));
      if (!ok) throw new PlayError('bad-move', `not a move: ${JSON.stringify(move)}`, this.legalMoves());
      const why = this.whyIllegal(move);
      if (why) throw new PlayError(why[0], why[1], this.legalMoves());
      let event;
      if (move.pass) {
        this.passes[move.by] = this.sorted(move.pass);
        event = { by: move.by, pass: this.passes[move.by] };
        if (this.passes.every((p) => p !== null)) {
          const n = this.players;
          this.passes.forEach((cards, s) => { this.hands[s] = this.hands[s].filter((c) => !cards.includes(c)); });
          this.passes.forEach((cards, s) => { const t = passTarget(this.direction, s, n); this.hands[t] = this.hands[t].concat(cards); });
          this.isPassing = false;
          this.leader = this.firstLeader();
          this.turnSeat = this.leader;
          event.exchanged = true;
        }
      } else event = this.playCard(move.by, move.play);
      this.last = event;
      return event;
    }

    playCard(seat, card) {
      const n = this.players;
      this.hands[seat] = this.hands[seat].filter((c) => c !== card);
      this.trick.push({ by: seat, play: card });
      const event = { by: seat, play: card };
      if (this.trick.length < n) { this.turnSeat = mod(seat + this.step, n); return event; }
      const led = suitOf(this.trick[0].play);
      let best = null;
      for (const p of this.trick) if (suitOf(p.play) === led && (best === null || high(p.play) > high(best.play))) best = p;
      const cards = this.trick.map((p) => p.play);
      this.broken = this.broken || cards.some((c) => this.breaks(c));
      const winner = best.by;
      this.taken[winner].push(...cards);
      this.tricksWon[winner] += 1;
      const trick = { number: this.trickNumber, lead: this.trick[0].by, cards, winner,
        points: sum(cards.map((c) => this.value(c))), broken: this.broken };
      this.tricks.push(trick); event.trick = trick;
      this.trick = []; this.trickNumber += 1; this.leader = winner;
      this.turnSeat = this.hands[winner].length ? winner : null;
      if (this.turnSeat === null) { this.handResult = this.score(); this.sheet.push(this.handResult.scores.slice()); }
      return event;
    }

    slamTaker() {
      const slam = this.options.slam;
      if (!slam) return null;
      if (slam.takes === 'all-tricks') {
        const total = sum(this.tricksWon);
        const s = this.tricksWon.findIndex((t) => t === total && total);
        return s < 0 ? null : s;
      }
      const wanted = this.options.cards.filter((c) => c === QUEEN || suitOf(c) === '♥');
      const s = this.taken.findIndex((cards) => wanted.length && wanted.every((c) => cards.includes(c)));
      return s < 0 ? null : s;
    }

    score() { // generator/families/tricks/scoring.py: score_hand
      const o = this.options;
      const scores = this.taken.map((cards, s) => {
        const table = cards.map((c) => this.table.get(c) || 0);
        const won = this.tricksWon[s];
        let score = sum(table) + o.per_trick * won;
        if (won === 0 && o.no_tricks !== null) score += o.no_tricks;
        else if (won && o.clean_tricks !== null && !table.some((v) => v)) score += o.clean_tricks;
        return score;
      });
      const slammer = this.slamTaker();
      if (slammer !== null) {
        scores.forEach((_, s) => {
          if (s === slammer) scores[s] = o.slam.taker;
          else if (o.slam.others !== null) scores[s] = o.slam.others;
        });
      }
      this.taken.forEach((cards, s) => { scores[s] += sum(cards.map((c) => this.special.get(c) || 0)); });
      return { tricks: this.tricksWon.slice(), points: this.taken.map((cards) => sum(cards.map((c) => this.value(c)))),
        slam: slammer, scores };
    }

    match() {
      const totals = Array.from({ length: this.players }, (_, s) => sum(this.sheet.map((row) => row[s])));
      const v = verdict(this.options.end, totals, this.sheet.length);
      return { hands: this.sheet.length, totals, over: v.over, winners: v.winners, losers: v.losers };
    }

    view(seat) {
      const turn = this.turn();
      return { seat, players: this.players, hand_number: this.handNumber, hand: this.sorted(this.hands[seat]),
        passing: this.isPassing, pass_to: this.passTo, passed: this.passes[seat],
        trick: this.trick.map((p) => ({ by: p.by, play: p.play })), tricks: this.tricks.slice(),
        broken: this.broken, turn, legal: turn === seat && !this.isPassing ? this.legalMoves() : [] };
    }

    botMove(seat) {
      const view = this.view(seat);
      if (view.turn !== seat) throw new PlayError('wrong-player', `it is seat ${view.turn}'s turn`, this.legalMoves());
      return chooseTricks(this.options, view);
    }

    state() {
      return {
        family: 'tricks', players: this.players, seed: this.seed, round: this.handNumber, dealer: this.dealer,
        pass_to: this.passTo, dealt: this.dealt.map((h) => h.slice()), passes: this.passes.map((p) => (p ? p.slice() : null)),
        passing: this.isPassing, hands: this.hands.map((h) => this.sorted(h)), turn: this.turn(),
        trick: this.trick.map((p) => ({ by: p.by, play: p.play })), trick_number: this.trickNumber,
        broken: this.broken, tricks: this.tricks.slice(), taken: this.taken.map((t) => t.slice()), last: this.last,
        over: this.isOver(), result: this.handResult, sheet: this.sheet.map((r) => r.slice()), match: this.match(),
      };
    }

    exampleScript(names) { // the hand as an example script (rules/<game>/examples/*.yaml)
      const n = (s) => names[s];
      const byName = (lists) => entries(lists.map((cards, s) => [n(s), cards.join(' ')]));
      const perSeat = (xs) => entries(xs.map((x, s) => [n(s), x]));
      const script = { seats: names.slice(0, this.players), dealer: n(this.dealer) };
      if (this.options.variant) script.variant = this.options.variant;
      script.hand = this.handNumber;
      script.deal = byName(this.dealt);
      if (this.passTo !== 'none') { script.pass_to = this.passTo; script.passes = byName(this.passes.map((p) => p || [])); }
      let broken = false;
      script.tricks = this.tricks.map((t) => {
        const out = { lead: n(t.lead), cards: t.cards.join(' '), winner: n(t.winner), points: t.points };
        if (t.broken && !broken) out.broken = true;
        broken = t.broken;
        return out;
      });
      if (this.handResult) {
        const r = this.handResult;
        script.result = { points: perSeat(r.points), tricks: perSeat(r.tricks), scores: perSeat(r.scores) };
        if (r.slam !== null) script.result.slam = n(r.slam);
      }
      return script;
    }
  }

  // -- the rule-based player of the trick-taking games (generator/families/tricks/bot.py) --
  function chooseTricks(options, view) {
    const legal = view.legal;
    const seat = view.seat;
    const sense = new Sense(options, view);
    if (view.passing) return { by: seat, pass: passCards(sense, options.passing.count) };
    if (legal.length === 1) return legal[0];
    const cards = legal.map((m) => m.play);
    return { by: seat, play: view.trick.length ? follow(sense, view, cards) : lead(sense, cards) };
  }

  function compareKeys(a, b) { // tuples of numbers, as Python compares them
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
    return 0;
  }

  class Sense {
    constructor(options, view) {
      const sign = options.end.winning === 'highest-wins' ? -1 : 1;
      this.values = new Map();
      for (const [c, v] of options.points.concat(options.special)) this.values.set(c, (this.values.get(c) || 0) + v);
      this.sign = sign;
      this.order = new Map(options.cards.map((c, i) => [c, i]));
      this.base = sign * options.per_trick;
      this.seat = view.seat;
      this.hand = view.hand;
      const gone = new Set(this.hand);
      view.tricks.forEach((t) => t.cards.forEach((c) => gone.add(c)));
      view.trick.forEach((p) => gone.add(p.play));
      this.unseen = options.cards.filter((c) => !gone.has(c));
      this.voids = new Set();
      const step = options.play === 'clockwise' ? 1 : -1;
      for (const t of view.tricks) {
        const led = suitOf(t.cards[0]);
        t.cards.forEach((c, i) => { if (suitOf(c) !== led) this.voids.add(mod(t.lead + i * step, view.players) + led); });
      }
      if (view.trick.length) {
        const led = suitOf(view.trick[0].play);
        view.trick.forEach((p) => { if (suitOf(p.play) !== led) this.voids.add(p.by + led); });
      }
      this.queenBad = this.cost(QUEEN) > 0 && this.order.has(QUEEN);
    }
    cost(card) { return this.sign * (this.values.get(card) || 0); }
    inHand(suit) { return this.hand.filter((c) => suitOf(c) === suit).length; }
    exposedSpade(card) { return this.queenBad && suitOf(card) === '♠' && high(card) > 12 && this.unseen.includes(QUEEN); }
    voidElsewhere(suit) {
      for (const v of this.voids) if (v.slice(-1) === suit && Number(v.slice(0, -1)) !== this.seat) return true;
      return false;
    }
    best(cards, key) { // the card of the smallest key, ties by deck order
      let bestCard = null; let bestKey = null;
      for (const c of cards) {
        const k = [].concat(key(c), this.order.get(c));
        if (bestKey === null || compareKeys(k, bestKey) < 0) { bestCard = c; bestKey = k; }
      }
      return bestCard;
    }
  }

  function passCards(sense, count) {
    const hand = sense.hand;
    const lowSpades = hand.filter((c) => suitOf(c) === '♠' && high(c) < 12).length;
    const holdsQueen = hand.includes(QUEEN);
    const score = (card) => {
      let s = sense.cost(card) * 10 + high(card);
      if (sense.queenBad && suitOf(card) === '♠' && high(card) > 12 && !holdsQueen && lowSpades < 3) s += 60;
      const length = sense.inHand(suitOf(card));
      if (length <= 2 && sense.cost(card) <= 0) s += (3 - length) * 3;
      return -s;
    };
    const chosen = hand.slice().sort((a, b) => score(a) - score(b) || sense.order.get(a) - sense.order.get(b)).slice(0, count);
    return chosen.sort(byOrder(sense.order));
  }

  function follow(sense, view, cards) {
    const trick = view.trick.map((p) => p.play);
    const led = suitOf(trick[0]);
    const top = Math.max(...trick.filter((c) => suitOf(c) === led).map(high));
    const after = view.players - trick.length - 1;
    if (suitOf(cards[0]) !== led) {
      const danger = (c) => sense.cost(c) * 100 + high(c) + (sense.exposedSpade(c) ? 30 : 0) + 13 - sense.inHand(suitOf(c));
      return sense.best(cards, (c) => [-danger(c)]);
    }
    const pending = sense.base + sum(trick.map((c) => sense.cost(c)));
    const winners = cards.filter((c) => high(c) > top);
    const under = cards.filter((c) => high(c) < top);
    if (pending < 0 && winners.length) { // a trick worth taking
      if (after === 0) return sense.best(winners, (c) => [sense.cost(c), high(c)]);
      if (sense.base < 0) return sense.best(winners, (c) => [sense.cost(c), -high(c)]);
    }
    if (under.length) return sense.best(under, (c) => [-sense.cost(c), -high(c)]);
    if (after === 0) return sense.best(winners, (c) => [sense.cost(c), -high(c)]);
    return sense.best(winners, (c) => [sense.cost(c), high(c)]);
  }

  function lead(sense, cards) {
    const dangerOut = sense.unseen.some((c) => sense.cost(c) > 0);
    return sense.best(cards, (card) => {
      const suit = suitOf(card); const h = high(card);
      const out = sense.unseen.filter((c) => suitOf(c) === suit);
      const above = out.filter((c) => high(c) > h).length;
      let s = sense.cost(card) * 20 + (sense.base >= 0 ? h - 2 * above : 2 * above - h);
      if (!out.length) s += 40;
      else if (dangerOut && sense.voidElsewhere(suit)) s += 25;
      if (sense.exposedSpade(card)) s += 50;
      return [s];
    });
  }

  // -- the API: one table, as the play page exposes it (window.rulebook) ----------------
  function createTable(options) {
    if (options.family === 'pairs') return new PairsTable(options);
    if (options.family === 'tricks') return new TricksTable(options);
    throw new Error(`no play table for the family ${JSON.stringify(options.family)}`);
  }

  // The object a page exposes as window.rulebook: newRound(options, seed) starts a match
  // (a game of several hands) with its first round; nextRound(seed) deals the next one.
  function createApi() {
    let table = null;
    const need = () => { if (!table) throw new Error('no round: call newRound(options, seed) first'); return table; };
    return {
      newRound(options, seed) { table = createTable(options); return table.newRound(seed); },
      nextRound(seed) { return need().nextRound(seed); },
      legalMoves() { return need().legalMoves(); },
      play(move) { return need().play(move); },
      state() { return need().state(); },
      view(seat) { return need().view(seat); },
      botMove(seat) { return need().botMove(seat); },
      exampleScript(names) { return need().exampleScript(names); },
    };
  }

  const api = { Rng, stream, PlayError, PairsTable, TricksTable, createTable, createApi, verdict };
  if (typeof module === 'object' && module.exports) module.exports = api;
  else root.RulebookEngine = api;
}(typeof window !== 'undefined' ? window : this));

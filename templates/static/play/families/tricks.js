/* The trick-taking games at the play table (Peppa, Chat Noir, Hearts, ...): the twin of
 * generator/families/tricks/ (engine.py, scoring.py, play.py, bot.py), registered with the
 * engine's core (../engine.js) as 'tricks', with the play page's part of the family. */
(function (E) {
  'use strict';
  const { PlayError, entries, finishScript, byOrder } = E;
  const { QUEEN, suitOf, high, isCard, isSeat, mod, sum } = E.cards;

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

  // -- trumps and the ranking of the cards (generator/families/tricks/trumps.py) ----------
  function powerTable(ranking) { // each rank's strength in a trick: ace high unless ranked
    if (!ranking.length) return Object.assign({}, E.cards.HIGH);
    const out = {};
    ranking.forEach((r, i) => { out[r] = ranking.length - i; });
    return out;
  }
  const rankOf = E.cards.rankOf;

  function bidScore(b, bid, tricks) { // scoring.py: BidScore.score
    const made = b.exact ? tricks === bid : tricks >= bid;
    if (made) return b.made + b.per_trick * tricks + b.per_bid * bid;
    return b.missed + b.per_trick_off * Math.abs(tricks - bid) + b.missed_per_bid * bid;
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

  const LEVELS = ['easy', 'strong'];  // the computer players' levels (options.level; easy when left out)

  class TricksTable extends E.Table {
    constructor(options) {
      const level = options.level === undefined ? 'easy' : options.level;
      if (!LEVELS.includes(level)) throw new Error(`no computer players of the level ${JSON.stringify(level)}: easy or strong`);
      if (options.budget !== undefined && options.budget !== null && !(Number.isInteger(options.budget) && options.budget > 0)) {
        throw new Error(`the strong player's budget is a number of plays above 0, not ${JSON.stringify(options.budget)}`);
      }
      super(options);
      this.table = new Map(options.points);
      this.values = new Map(options.points);
      for (const [c, v] of options.special) this.values.set(c, (this.values.get(c) || 0) + v);
      this.special = new Map(options.special);
      this.power = powerTable(options.ranking);
      this.opening = this.openingCard();
    }

    openingCard() { // sums.py: opening_card; the card whose holder must lead the first trick
      const o = this.options;
      if (o.first_lead === 'two-of-clubs') return '2♣';
      if (o.first_lead !== 'lowest-club') return null;
      const clubs = o.cards.filter((c) => suitOf(c) === '♣');
      return clubs.length ? clubs.reduce((a, b) => (this.pw(b) < this.pw(a) ? b : a)) : null;
    }

    pw(card) { return this.power[rankOf(card)] || 0; }
    strength(card, led) { // trumps.py: strength
      if (this.trump !== null && suitOf(card) === this.trump) return 100 + this.pw(card);
      return suitOf(card) === led ? this.pw(card) : -1;
    }
    sizeFor(hand) { // options.py: Dealing.size_for
      const d = this.options.deal;
      if (d.by_hand.length) return d.by_hand[(hand - 1) % d.by_hand.length];
      return d.size !== null ? d.size : Math.floor(this.options.cards.length / this.players);
    }
    trumpFor(hand, turned) { // options.py: Trumps.suit_for
      const t = this.options.trumps;
      if (t.source === 'suit') return t.suit;
      if (t.source === 'by-hand') return t.order.length ? t.order[(hand - 1) % t.order.length] : null;
      if (t.source === 'dealer-last' || t.source === 'turned') return turned === null ? null : suitOf(turned);
      return null;
    }
    sideSeats() { // options.py: TricksOptions.side_seats
      const n = this.players;
      if (this.options.sides !== 'partners') return Array.from({ length: n }, (_, s) => [s]);
      const half = Math.floor(n / 2);
      return Array.from({ length: half }, (_, s) => { const g = []; for (let x = s; x < n; x += half) g.push(x); return g; });
    }

    newMatch() { this.sheet = []; }
    value(card) { return this.values.get(card) || 0; }

    deal(pack) { // deal.py: deal_pack; every card, or the hand's size each with a stock
      const n = this.players; const o = this.options; const t = o.trumps; const d = o.deal;
      const turns = t.source === 'dealer-last' || t.source === 'turned';
      let hands; let stock = []; let turned = null;
      if (d.size === null && !d.by_hand.length && !turns) {
        hands = Array.from({ length: n }, (_, i) => pack.filter((c, j) => j % n === i));
      } else {
        const end = Math.min(this.sizeFor(this.roundNumber) * n, pack.length);
        hands = Array.from({ length: n }, (_, i) => { const h = []; for (let j = i; j < end; j += n) h.push(pack[j]); return h; });
        stock = pack.slice(end);
        const mine = hands[this.dealer];
        if (t.source === 'dealer-last' && mine.length) turned = mine[mine.length - 1];
        else if (t.source === 'turned' && stock.length) turned = stock.shift();
      }
      this.begin(hands, stock, turned, null);
    }

    /** A position is `hands` (each of one size, before a trick) and `leader` (who leads the
        next trick), and where it has them `taken` (each seat's cards taken in tricks so
        far), `stock` (top first), `turned` (the card turned up) and `bids` (every seat's,
        made before): play.py's TricksTable.position_error. */
    positionError(position) {
      const n = this.players; const o = this.options;
      const why = E.positionCards(position, ['hands', 'taken'], o);
      if (why !== null) return why;
      const stock = position.stock === undefined || position.stock === null ? [] : position.stock;
      const turned = position.turned === undefined ? null : position.turned;
      if (!Array.isArray(stock) || !stock.every((c) => typeof c === 'string')) return 'stock is not a list of cards';
      if (turned !== null && typeof turned !== 'string') return 'turned is not a card';
      const hands = position.hands;
      const taken = position.taken || Array.from({ length: n }, () => []);
      const inPlay = new Set(o.cards);
      const placed = new Set([].concat(...hands, ...taken));
      // the turned card stays in the dealer's hand where the dealer's last card is turned
      const apart = turned !== null && o.trumps.source === 'turned' ? [turned] : [];
      for (const card of stock.concat(apart)) {
        if (!inPlay.has(card)) return `${card} in the stock is not a card in play`;
        if (placed.has(card)) return `${card} is placed twice`;
        placed.add(card);
      }
      if (turned !== null && !inPlay.has(turned)) return `the turned card ${turned} is not a card in play`;
      if (new Set(hands.map((h) => h.length)).size !== 1 || !hands[0].length) return 'the hands are not of one size, of one card or more';
      for (let seat = 0; seat < n; seat++) {
        if (taken[seat].length % n) return `seat ${seat} has taken ${taken[seat].length} cards, not whole tricks`;
      }
      const leader = position.leader === undefined ? null : position.leader;
      if (!isSeat(leader, n)) return `no seat ${JSON.stringify(leader)} leads`;
      const turns = o.trumps.source === 'dealer-last' || o.trumps.source === 'turned';
      if (o.deal.size === null && !o.deal.by_hand.length && !turns && placed.size !== inPlay.size) return 'not every card in play is placed';
      if (turned !== null && !turns) return 'no card is turned up in this game';
      if (stock.length && !o.deal.draw) return 'this game has no stock';
      const bids = position.bids === undefined ? null : position.bids;
      if (o.bids === null && bids !== null) return 'nobody bids in this game';
      if (o.bids !== null && !(Array.isArray(bids) && bids.length === n && bids.every((b) => Number.isInteger(b) && b >= 0))) {
        return `bids is not a number of tricks for each of the ${n} seats`;
      }
      const byPosition = o.trick_points.length || o.sets.some((set) => set.tricks.length);
      if (taken.some((pile) => pile.length) && byPosition) {
        return 'this game scores tricks by their position, and a position does not say who took which trick';
      }
      return null;
    }

    startFrom(position) { // the hand late in play (engine.py: resume); no passing, no bids to make
      const n = this.players;
      this.begin(position.hands, position.stock || [], position.turned === undefined ? null : position.turned, {
        taken: position.taken || Array.from({ length: n }, () => []), leader: position.leader,
        bids: position.bids === undefined ? null : position.bids });
    }

    /** The hand under way from `hands`, `stock` and `turned`: dealt (`from` null), or
        taken up at a position (`from`: {taken, leader, bids}). */
    begin(hands, stock, turned, from) {
      const n = this.players; const o = this.options; const t = o.trumps; const d = o.deal;
      this.dealt = hands.map((h) => this.sorted(h));
      this.hands = this.dealt.map((h) => h.slice());
      this.turned = turned;
      this.dealtStock = stock.slice(); // as dealt, top first, without the turned card: for the script
      this.bidOrder = [];
      this.trump = this.trumpFor(this.roundNumber, turned);
      // engine.py: TricksGame._stock; the turned card under the stock where it is drawn last
      this.stock = !d.draw ? [] : stock.concat(turned !== null && t.turned_drawn_last && t.source === 'turned' ? [turned] : []);
      this.mustTrump = this.trump !== null && t.must_trump;
      this.overTrump = this.trump !== null && t.over_trump;
      // engine.py: TricksState, with the cards a position says were taken before it
      this.fromPosition = !!from;
      this.before = from ? from.taken.map((pile) => pile.slice()) : Array.from({ length: n }, () => []);
      this.taken = from ? from.taken.map((pile) => pile.slice()) : Array.from({ length: n }, () => []);
      this.tricksWon = this.taken.map((pile) => Math.floor(pile.length / n));
      this.trickNumber = sum(this.tricksWon) + 1;
      this.broken = this.taken.some((pile) => pile.some((c) => this.breaks(c)));
      this.trick = [];
      this.handTricks = Math.floor((sum(this.hands.map((h) => h.length)) + this.stock.length) / n) + this.trickNumber - 1;
      this.isBidding = o.bids !== null && !(from && from.bids !== null);
      this.bids = from && from.bids !== null ? from.bids.slice() : new Array(n).fill(null);
      this.winners = [];
      const schedule = o.passing.schedule;
      this.direction = from || !schedule.length ? 'none' : schedule[(this.roundNumber - 1) % schedule.length];
      this.isPassing = this.direction !== 'none' && o.passing.count > 0;
      this.passTo = this.isPassing ? this.direction : 'none';
      this.passes = new Array(n).fill(null);
      this.step = o.play === 'clockwise' ? 1 : -1;
      this.leader = from ? from.leader : this.firstLeader();
      this.bidTurn = this.isBidding ? mod(this.dealer + this.step, n) : null;
      this.turnSeat = this.isPassing || this.isBidding || !this.hands[this.leader].length ? null : this.leader;
      this.tricks = []; this.last = null; this.handResult = null;
    }

    firstLeader() {
      const o = this.options; const n = this.players;
      if (this.opening !== null) {
        const seat = this.hands.findIndex((h) => h.includes(this.opening));
        if (seat >= 0) return seat;
      }
      if (o.first_lead === 'left-of-dealer') return (this.dealer + 1) % n;
      return mod(this.dealer - 1, n);
    }

    turn() {
      if (this.isPassing) return this.passes.findIndex((p) => p === null);
      return this.isBidding ? this.bidTurn : this.turnSeat;
    }
    isOver() { return !this.isPassing && !this.isBidding && this.turnSeat === null; }

    whyBidIllegal(bid) { // bidding.py: why_bid_illegal; [code, message] or null
      if (this.isPassing) return ['bad-bid', `bids ${bid.bid} before the cards are passed`];
      if (this.bidTurn === null) return ['bad-bid', `bids ${bid.bid}, but nobody bids now`];
      if (bid.by !== this.bidTurn) return ['wrong-player', `seat ${this.bidTurn} bids now, not seat ${bid.by}`];
      const total = this.handTricks;
      if (bid.bid < 0 || bid.bid > total) return ['bad-bid', `a bid is 0 to ${total}`];
      const others = this.bids.filter((b, s) => s !== bid.by);
      if (this.options.bids.hook && others.every((b) => b !== null) && sum(others) + bid.bid === total) {
        return ['bad-bid', `may not bid ${bid.bid}: the bids would add up to the ${total} trick(s) of the hand`];
      }
      return null;
    }
    legalBids() {
      if (this.bidTurn === null) return [];
      const out = [];
      for (let t = 0; t <= this.handTricks; t++) if (this.whyBidIllegal({ by: this.bidTurn, bid: t }) === null) out.push({ by: this.bidTurn, bid: t });
      return out;
    }
    over(trumps) { // trumps.py: over; the trumps that beat the trick's, or all of them
      let top = null;
      for (const p of this.trick) if (suitOf(p.play) === this.trump && (top === null || this.pw(p.play) > this.pw(top))) top = p.play;
      if (top === null) return trumps;
      const higher = trumps.filter((c) => this.pw(c) > this.pw(top));
      return higher.length ? higher : trumps;
    }
    breaks(card) { return suitOf(card) === '♥' || (this.options.queen_breaks_hearts && card === QUEEN); }

    legalCards() {
      if (this.turnSeat === null) return [];
      const o = this.options;
      let hand = this.hands[this.turnSeat];
      const first = this.trickNumber === 1;
      if (this.trick.length) {
        if (o.follow === 'suit') {
          const led = suitOf(this.trick[0].play);
          const same = hand.filter((c) => suitOf(c) === led);
          if (same.length) return this.sorted(this.overTrump && led === this.trump ? this.over(same) : same);
          if (this.mustTrump) {
            const trumps = hand.filter((c) => suitOf(c) === this.trump);
            if (trumps.length) return this.sorted(this.overTrump ? this.over(trumps) : trumps);
          }
        }
      } else if (first && this.opening !== null && hand.includes(this.opening)) {
        return [this.opening];
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
      if (this.isBidding) return this.legalBids();
      return this.legalCards().map((c) => ({ by: this.turnSeat, play: c }));
    }

    whyIllegal(move) {
      const count = this.options.passing.count;
      if (move.pass) {
        if (!this.isPassing) return ['bad-pass', 'nobody passes cards in this hand'];
        if (this.passes[move.by] !== null) return ['bad-pass', `seat ${move.by} passes twice`];
        const missing = move.pass.filter((c) => !this.hands[move.by].includes(c));
        if (missing.length) return ['card-not-held', `${missing.join(' ')} not in seat ${move.by}'s hand`];
        if (new Set(move.pass).size !== move.pass.length) return ['bad-pass', `seat ${move.by} passes a card twice`];
        if (move.pass.length !== count) return ['bad-pass', `passes ${move.pass.length} card(s); this game passes ${count}`];
        return null;
      }
      if ('bid' in move) return this.whyBidIllegal(move);
      const card = move.play;
      if (this.isPassing) return ['bad-pass', 'the cards must be passed before the first trick'];
      if (this.isBidding) return ['bad-bid', 'plays before the bids are over'];
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
      if ((this.mustTrump || this.overTrump) && this.trick.length && legal.every((c) => suitOf(c) === this.trump)) {
        if (suitOf(card) !== this.trump) return ['must-trump', `seat ${move.by} must play a trump`];
        return ['must-over-trump', `seat ${move.by} must beat the trumps in the trick`];
      }
      if (!this.trick.length) return ['illegal-lead', `seat ${move.by} may not lead ${card}; they may lead ${legal.join(' ')}`];
      return ['illegal-discard', `seat ${move.by} may not play ${card} on the first trick; they may play ${legal.join(' ')}`];
    }

    play(move) {
      const ok = move && isSeat(move.by, this.players)
        && ('pass' in move ? Array.isArray(move.pass) && move.pass.every(isCard)
          : 'bid' in move ? Number.isInteger(move.bid) : isCard(move.play));
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
          this.turnSeat = this.isBidding ? null : this.leader;
          event.exchanged = true;
        }
      } else if ('bid' in move) {
        this.bids[move.by] = move.bid;
        this.bidOrder.push(move.by);
        event = { by: move.by, bid: move.bid };
        if (this.bids.every((b) => b !== null)) {
          this.isBidding = false; this.bidTurn = null;
          this.turnSeat = this.hands[this.leader].length ? this.leader : null;
          event.bids_done = true;
        } else this.bidTurn = mod(this.bidTurn + this.step, this.players);
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
      let best = this.trick[0]; // trumps.py: trick_winner, the first of the strongest
      for (const p of this.trick) if (this.strength(p.play, led) > this.strength(best.play, led)) best = p;
      const cards = this.trick.map((p) => p.play);
      this.broken = this.broken || cards.some((c) => this.breaks(c));
      const winner = best.by;
      this.taken[winner].push(...cards);
      this.tricksWon[winner] += 1;
      this.winners.push(winner);
      const trick = { number: this.trickNumber, lead: this.trick[0].by, cards, winner,
        points: sum(cards.map((c) => this.value(c))), broken: this.broken };
      if (this.options.deal.draw) { // engine.py: _draw, the winner first, while the stock lasts
        trick.draws = [];
        for (let i = 0; i < n && this.stock.length; i++) {
          const s = mod(winner + i * this.step, n); const c = this.stock.shift();
          this.hands[s].push(c); trick.draws.push({ by: s, card: c });
        }
      }
      this.tricks.push(trick); event.trick = trick;
      this.trick = []; this.trickNumber += 1; this.leader = winner;
      this.turnSeat = this.hands[winner].length ? winner : null;
      if (this.options.ends_with.some((c) => cards.includes(c))) this.turnSeat = null; // the hand ends here
      if (this.turnSeat === null) { this.handResult = this.score(); this.sheet.push(this.handResult.scores.slice()); }
      return event;
    }

    slamTaker(taken, tricks) { // scoring.py: slam_taker, over the sides
      const slam = this.options.slam;
      if (!slam) return null;
      if (slam.takes === 'all-tricks') {
        const total = sum(tricks);
        const s = tricks.findIndex((t) => t === total && total);
        return s < 0 ? null : s;
      }
      const wanted = this.options.cards.filter((c) => c === QUEEN || suitOf(c) === '♥');
      const s = taken.findIndex((cards) => wanted.length && wanted.every((c) => cards.includes(c)));
      return s < 0 ? null : s;
    }

    score() { // generator/families/tricks/scoring.py: score_hand, a side scoring as one player
      const o = this.options;
      const groups = this.sideSeats();
      const taken = groups.map((g) => [].concat(...g.map((s) => this.taken[s])));
      const tricks = groups.map((g) => sum(g.map((s) => this.tricksWon[s])));
      const scores = taken.map((cards, g) => {
        const table = cards.map((c) => this.table.get(c) || 0);
        const won = tricks[g];
        let score = sum(table) + o.per_trick * won;
        if (won === 0 && o.no_tricks !== null) score += o.no_tricks;
        else if (won && o.clean_tricks !== null && !table.some((v) => v)) score += o.clean_tricks;
        return score;
      });
      const slammer = this.slamTaker(taken, tricks);
      if (slammer !== null) {
        scores.forEach((_, g) => {
          if (g === slammer) scores[g] = o.slam.taker;
          else if (o.slam.others !== null) scores[g] = o.slam.others;
        });
      }
      taken.forEach((cards, g) => { scores[g] += sum(cards.map((c) => this.special.get(c) || 0)); });
      const sideOf = [];
      groups.forEach((g, i) => g.forEach((s) => { sideOf[s] = i; }));
      this.addComponents(scores, taken, tricks, sideOf, groups);
      return { tricks: this.tricksWon.slice(), points: this.taken.map((cards) => sum(cards.map((c) => this.value(c)))),
        slam: slammer === null ? null : groups[slammer][0], scores: sideOf.map((g) => scores[g]),
        side_tricks: tricks, side_scores: scores };
    }

    addComponents(scores, taken, tricks, sideOf, groups) { // scoring.py: _add_components
      const o = this.options; const w = this.winners;
      const index = (pos) => (pos === -1 ? w.length - 1 : pos - 1);
      for (const [pos, value] of o.trick_points) {
        const i = index(pos);
        if (i >= 0 && i < w.length) scores[sideOf[w[i]]] += value;
      }
      for (const set of o.sets) {
        const owners = set.tricks.map((pos) => { const i = index(pos); return w.length && i >= 0 && i < w.length ? sideOf[w[i]] : null; });
        for (const c of set.cards) { const g = taken.findIndex((cards) => cards.includes(c)); owners.push(g < 0 ? null : g); }
        const first = owners.length ? owners[0] : null;
        if (first !== null && owners.every((x) => x === first)) scores[first] += set.value;
      }
      if (o.book) tricks.forEach((won, g) => { scores[g] += o.book.per_trick * Math.max(0, won - o.book.tricks); });
      if (o.bid_score && o.bids) groups.forEach((g, i) => { scores[i] += bidScore(o.bid_score, sum(g.map((s) => this.bids[s] || 0)), tricks[i]); });
    }

    match() {
      const totals = Array.from({ length: this.players }, (_, s) => sum(this.sheet.map((row) => row[s])));
      const v = verdict(this.options.end, totals, this.sheet.length);
      return { hands: this.sheet.length, totals, over: v.over, winners: v.winners, losers: v.losers, sides: this.sideSeats() };
    }

    // what `seat` may know: of another seat's draw only that it drew (unless it drew the turned card)
    seen(trick, seat) {
      if (!trick.draws) return trick;
      return Object.assign({}, trick, { draws: trick.draws.map((d) => (d.by === seat || d.card === this.turned ? d : { by: d.by, card: null })) });
    }

    view(seat) {
      const turn = this.turn();
      return { seat, players: this.players, hand_number: this.roundNumber, hand: this.sorted(this.hands[seat]),
        passing: this.isPassing, pass_to: this.passTo, passed: this.passes[seat],
        trick: this.trick.map((p) => ({ by: p.by, play: p.play })), tricks: this.tricks.map((t) => this.seen(t, seat)),
        broken: this.broken, turn, legal: turn === seat && !this.isPassing ? this.legalMoves() : [],
        turned: this.turned, trump: this.trump, bidding: this.isBidding, bids: this.bids.slice(),
        stock: this.stock.length, dealer: this.dealer, counts: this.hands.map((h) => h.length),
        before: this.before.map((pile) => pile.slice()) };
    }

    botMove(seat) {
      const view = this.view(seat);
      if (view.turn !== seat) throw new PlayError('wrong-player', `it is seat ${view.turn}'s turn`, this.legalMoves());
      if (this.options.level === 'strong') return chooseStrong(this.options, view, this.seed);
      return chooseTricks(this.options, view);
    }

    // -- a position the strong player imagines (generator/families/tricks/strong.py) --------
    /** This table at the point of the hand `view` shows, with `hands` (every seat's, the
        view's own among them) and `stock` (top first) as one sampled world has them: what
        the view says of the hand (the tricks, the trick under way, the bids, the trumps) and
        nothing of the match (its sheet is empty). */
    position(view, hands, stock) {
      const n = this.players;
      this.roundNumber = view.hand_number; this.dealer = view.dealer; this.seed = 0;
      this.sheet = [];
      this.hands = hands.map((h) => this.sorted(h)); this.dealt = this.hands.map((h) => h.slice());
      this.stock = stock.slice(); this.dealtStock = []; this.turned = view.turned; this.trump = view.trump;
      this.mustTrump = this.trump !== null && this.options.trumps.must_trump;
      this.overTrump = this.trump !== null && this.options.trumps.over_trump;
      this.tricks = view.tricks.slice();
      this.winners = view.tricks.map((t) => t.winner);
      // the cards taken before a position the hand was taken up at, then the tricks since
      this.before = view.before.map((pile) => pile.slice()); this.fromPosition = this.before.some((pile) => pile.length);
      this.taken = view.before.map((pile) => pile.slice());
      this.tricksWon = view.before.map((pile) => Math.floor(pile.length / n));
      for (const t of view.tricks) { this.taken[t.winner].push(...t.cards); this.tricksWon[t.winner] += 1; }
      this.trick = view.trick.map((p) => ({ by: p.by, play: p.play }));
      this.trickNumber = sum(this.tricksWon) + 1; this.broken = view.broken;
      const held = sum(this.hands.map((h) => h.length)) + this.trick.length;
      this.handTricks = this.trickNumber - 1 + Math.floor((held + this.stock.length) / n);
      this.isBidding = view.bidding; this.bids = view.bids.slice(); this.bidOrder = [];
      this.bidTurn = view.bidding ? view.turn : null;
      this.direction = 'none'; this.isPassing = false; this.passTo = view.pass_to;
      this.passes = new Array(n).fill(null);
      this.step = this.options.play === 'clockwise' ? 1 : -1;
      this.leader = this.trick.length ? this.trick[0].by : view.tricks.length
        ? view.tricks[view.tricks.length - 1].winner : this.firstLeader();
      this.turnSeat = view.bidding ? null : view.turn;
      this.last = null; this.handResult = null;
      return this;
    }

    /** What the rule-based player reads of view(seat), made quickly for a world's seat on
        its turn: the same fields, the others' draws left as they are (the player never
        reads a draw, and a world's cards are the strong player's own guesses). */
    botView(seat) {
      return { seat, players: this.players, hand: this.sorted(this.hands[seat]), passing: false,
        trick: this.trick, tricks: this.tricks, turn: seat, legal: this.legalMoves(), trump: this.trump,
        bidding: this.isBidding, bids: this.bids, before: this.before };
    }

    /** A copy to play on: the hand's changing parts copied, the rest shared. */
    copy() {
      const t = Object.assign(Object.create(TricksTable.prototype), this);
      t.hands = this.hands.map((h) => h.slice()); t.stock = this.stock.slice();
      t.tricks = this.tricks.slice(); t.winners = this.winners.slice();
      t.taken = this.taken.map((c) => c.slice()); t.tricksWon = this.tricksWon.slice();
      t.trick = this.trick.slice(); t.bids = this.bids.slice(); t.bidOrder = this.bidOrder.slice();
      t.passes = this.passes.slice(); t.sheet = [];
      return t;
    }

    state() {
      return {
        family: 'tricks', players: this.players, seed: this.seed, round: this.roundNumber, dealer: this.dealer,
        pass_to: this.passTo, dealt: this.dealt.map((h) => h.slice()), passes: this.passes.map((p) => (p ? p.slice() : null)),
        passing: this.isPassing, hands: this.hands.map((h) => this.sorted(h)), turn: this.turn(),
        trick: this.trick.map((p) => ({ by: p.by, play: p.play })), trick_number: this.trickNumber,
        broken: this.broken, tricks: this.tricks.slice(), taken: this.taken.map((t) => t.slice()), last: this.last,
        over: this.isOver(), turned: this.turned, trump: this.trump, stock: this.stock.length,
        bidding: this.isBidding, bids: this.bids.slice(), hand_tricks: this.handTricks,
        result: this.handResult, sheet: this.sheet.map((r) => r.slice()), match: this.match(),
      };
    }

    exampleScript(names, genders) { // the hand as an example script (rules/<game>/examples/*.yaml)
      const n = (s) => names[s];
      const byName = (lists) => entries(lists.map((cards, s) => [n(s), cards.join(' ')]));
      const perSeat = (xs) => entries(xs.map((x, s) => [n(s), x]));
      const script = finishScript({ seats: names.slice(0, this.players) }, names, genders, this.players);
      script.dealer = n(this.dealer);
      if (this.options.variant) script.variant = this.options.variant;
      script.hand = this.roundNumber;
      if (this.fromPosition) { // a hand taken up late: its position and what was taken before
        script.position = byName(this.dealt);
        if (this.before.some((pile) => pile.length)) {
          script.taken = entries(this.before.map((pile, s) => [n(s), pile.join(' ')]).filter((e) => e[1]));
        }
      } else script.deal = byName(this.dealt);
      if (this.passTo !== 'none') { script.pass_to = this.passTo; script.passes = byName(this.passes.map((p) => p || [])); }
      const o = this.options;
      if (o.deal.draw) script.stock = this.dealtStock.join(' ');
      if (this.turned !== null) script.turned = this.turned;
      if (o.bids !== null && this.fromPosition) script.bids = perSeat(this.bids); // made before the position
      else if (o.bids !== null) script.bids = entries(this.bidOrder.map((s) => [n(s), this.bids[s]])); // in the order made
      // hearts broken before a position are no trick's doing
      let broken = this.before.some((pile) => pile.some((c) => this.breaks(c)));
      script.tricks = this.tricks.map((t) => {
        const out = { lead: n(t.lead), cards: t.cards.join(' '), winner: n(t.winner), points: t.points };
        if (t.broken && !broken) out.broken = true;
        broken = t.broken;
        if (t.draws && t.draws.length) out.draws = entries(t.draws.map((d) => [n(d.by), d.card]));
        return out;
      });
      if (this.handResult) {
        const r = this.handResult;
        script.result = { points: perSeat(r.points), tricks: perSeat(r.tricks), scores: perSeat(r.scores) };
        if (r.slam !== null) script.result.slam = n(r.slam);
        if (o.sides === 'partners') { // a side named by its first seat
          const sides = this.sideSeats();
          script.result.side_tricks = entries(sides.map((g, i) => [n(g[0]), r.side_tricks[i]]));
          script.result.side_scores = entries(sides.map((g, i) => [n(g[0]), r.side_scores[i]]));
        }
      }
      return script;
    }
  }

  // -- the rule-based player of the trick-taking games (generator/families/tricks/bot.py) --
  function chooseTricks(options, view) {
    if (isTaking(options)) return chooseTaking(options, view);
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

  // What the bots read from a game's options, read once a game (the strong player asks the
  // rule-based one thousands of times a move).
  const READ = new WeakMap();
  function readOptions(options) {
    let r = READ.get(options);
    if (r === undefined) {
      const values = new Map();
      for (const [c, v] of options.points.concat(options.special)) values.set(c, (values.get(c) || 0) + v);
      r = { values, order: new Map(options.cards.map((c, i) => [c, i])), power: powerTable(options.ranking) };
      READ.set(options, r);
    }
    return r;
  }

  class Sense {
    constructor(options, view) {
      const sign = options.end.winning === 'highest-wins' ? -1 : 1;
      const read = readOptions(options);
      this.values = read.values;
      this.sign = sign;
      this.order = read.order;
      this.base = sign * options.per_trick;
      this.seat = view.seat;
      this.hand = view.hand;
      const gone = new Set(this.hand);
      view.tricks.forEach((t) => t.cards.forEach((c) => gone.add(c)));
      (view.before || []).forEach((pile) => pile.forEach((c) => gone.add(c)));  // taken before a position
      view.trick.forEach((p) => gone.add(p.play));
      this.unseen = options.cards.filter((c) => !gone.has(c));
      this.options = options; this.view = view; this.shown = null;
      this.queenBad = this.cost(QUEEN) > 0 && this.order.has(QUEEN);
    }
    get voids() { // who has shown a void in which suit ("2♥"), worked out when first asked
      if (this.shown !== null) return this.shown;
      const view = this.view;
      this.shown = new Set();
      const step = this.options.play === 'clockwise' ? 1 : -1;
      for (const t of view.tricks) {
        const led = suitOf(t.cards[0]);
        t.cards.forEach((c, i) => { if (suitOf(c) !== led) this.shown.add(mod(t.lead + i * step, view.players) + led); });
      }
      if (view.trick.length) {
        const led = suitOf(view.trick[0].play);
        view.trick.forEach((p) => { if (suitOf(p.play) !== led) this.shown.add(p.by + led); });
      }
      return this.shown;
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


  // -- the player of the games that take tricks (generator/families/tricks/bot_taking.py) --
  function isTaking(o) {
    return o.trumps.source !== 'none' || o.follow !== 'suit' || o.ranking.length > 0 || o.sides !== 'each'
      || o.bids !== null || o.book !== null || o.deal.draw;
  }

  class Taking {
    constructor(options, view) {
      const read = readOptions(options);
      this.power = read.power;
      this.values = read.values;
      this.order = read.order;
      this.seat = view.seat; this.players = view.players; this.hand = view.hand; this.trump = view.trump;
      const half = Math.floor(this.players / 2);
      this.side = new Set(options.sides === 'partners'
        ? Array.from({ length: this.players }, (_, s) => s).filter((s) => s % half === this.seat % half) : [this.seat]);
      const gone = new Set(this.hand);
      const before = view.before || [];  // taken before a position
      view.tricks.forEach((t) => t.cards.forEach((c) => gone.add(c)));
      before.forEach((pile) => pile.forEach((c) => gone.add(c)));
      view.trick.forEach((p) => gone.add(p.play));
      this.unseen = options.cards.filter((c) => !gone.has(c));
      this.follows = options.follow === 'suit';
      this.tricksScore = options.per_trick !== 0 || options.book !== null || options.bid_score !== null;
      const won = view.tricks.filter((t) => this.side.has(t.winner)).length
        + sum(before.map((pile, s) => (this.side.has(s) ? Math.floor(pile.length / this.players) : 0)));
      if (options.bids !== null && view.bids.every((b) => b !== null)) {
        this.want = won < sum(view.bids.filter((b, s) => this.side.has(s)).map((b) => b || 0));
      } else this.want = options.end.winning === 'highest-wins';
    }
    pw(card) { return this.power[rankOf(card)] || 0; }
    trumpOf(card) { return suitOf(card) === this.trump ? 1 : 0; }
    points(card) { return this.values.get(card) || 0; }
    strength(card, led) {
      if (this.trumpOf(card)) return 100 + this.pw(card);
      return suitOf(card) === led ? this.pw(card) : -1;
    }
    cheap(card) { return [this.points(card), this.trumpOf(card), this.pw(card)]; }
    topOfSuit(card) { return this.unseen.every((u) => suitOf(u) !== suitOf(card) || this.pw(u) < this.pw(card)); }
    best(cards, key) { return Sense.prototype.best.call(this, cards, key); }
  }

  function chooseTaking(options, view) {
    const legal = view.legal; const seat = view.seat;
    const t = new Taking(options, view);
    if (view.bidding) return { by: seat, bid: takingBid(t, legal.map((m) => m.bid)) };
    if (legal.length === 1) return legal[0];
    const cards = legal.map((m) => m.play);
    return { by: seat, play: view.trick.length ? takingFollow(t, view, cards) : takingLead(t, cards) };
  }

  function takingBid(t, bids) { // the tricks the hand should take, in halves
    const top = Object.values(t.power).sort((a, b) => b - a);
    const place = (c) => { const i = top.indexOf(t.pw(c)); return i < 0 ? top.length : i; };
    let halves = 0;
    const trumps = t.hand.filter((c) => t.trumpOf(c)).map((c, i) => [c, i])
      .sort((a, b) => t.pw(b[0]) - t.pw(a[0]) || a[1] - b[1]).map((x) => x[0]);
    trumps.forEach((c, i) => { const p = place(c); halves += p < 2 || i >= 3 ? 2 : p < 4 ? 1 : 0; });
    for (const c of t.hand) {
      if (t.trumpOf(c)) continue;
      const p = place(c);
      const length = t.hand.filter((x) => suitOf(x) === suitOf(c)).length;
      halves += p === 0 ? (t.trump === null ? 2 : 1) : p === 1 && length >= 2 && t.trump === null ? 1 : 0;
    }
    const guess = Math.min(Math.floor(halves / 2), t.hand.length);
    let best = null;
    for (const b of bids) if (best === null || Math.abs(b - guess) < Math.abs(best - guess) || (Math.abs(b - guess) === Math.abs(best - guess) && b < best)) best = b;
    return best;
  }

  function takingFollow(t, view, cards) {
    const trick = view.trick;
    const led = suitOf(trick[0].play);
    let best = trick[0];
    for (const p of trick.slice(1)) if (t.strength(p.play, led) > t.strength(best.play, led)) best = p;
    const top = t.strength(best.play, led);
    const after = t.players - trick.length - 1;
    const winners = cards.filter((c) => t.strength(c, led) > top);
    const losers = cards.filter((c) => t.strength(c, led) <= top);
    if (!t.want) {
      if (losers.length) return t.best(losers, (c) => [-t.trumpOf(c), -t.pw(c)]);
      return t.best(winners, (c) => (after === 0 ? [-t.pw(c)] : [t.pw(c)]));
    }
    if (t.side.has(best.by)) {
      if (losers.length) return t.best(losers, after === 0 ? (c) => [-t.points(c), t.trumpOf(c), t.pw(c)] : (c) => t.cheap(c));
      return t.best(winners, (c) => t.cheap(c));
    }
    const worth = sum(trick.map((p) => t.points(p.play))) > 0 || t.tricksScore;
    const plain = winners.filter((c) => !t.trumpOf(c));
    if (plain.length) {
      const sure = plain.filter((c) => t.topOfSuit(c));
      return t.best(after === 0 || !sure.length ? plain : sure, (c) => [t.pw(c)]);
    }
    if (winners.length && (worth || !losers.length)) return t.best(winners, (c) => [t.pw(c)]);
    if (losers.length) return t.best(losers, (c) => t.cheap(c));
    return t.best(winners, (c) => t.cheap(c));
  }

  function takingLead(t, cards) {
    if (!t.want || !t.follows) return t.best(cards, (c) => t.cheap(c));
    const plain = cards.filter((c) => !t.trumpOf(c));
    const sure = plain.filter((c) => t.topOfSuit(c));
    if (sure.length) return t.best(sure, (c) => [-t.pw(c)]);
    const mine = cards.filter((c) => t.trumpOf(c));
    const theirs = t.unseen.filter((c) => t.trumpOf(c));
    if (mine.length && mine.length > theirs.length) return t.best(mine, (c) => [-t.pw(c)]);
    const pool = plain.length ? plain : cards;
    return t.best(pool, (c) => [-t.hand.filter((x) => suitOf(x) === suitOf(c)).length, t.pw(c)]);
  }

  // -- the strong player: worlds sampled from what it has seen, played out ----------------
  // (generator/families/tricks/strong.py, move for move.) From view(seat) alone it deals the
  // cards it cannot see in N ways consistent with what it has seen (the voids shown, the
  // cards it passed, the turned card, the stock's size), plays each of its moves in each
  // world to the end of the hand with the rule-based player at every seat, and makes the
  // move whose hands score best for its side against the others. Its passes are the
  // rule-based player's. The work is a fixed budget of simulated plays, never a clock: the
  // same view and seed give the same move on any machine.
  const STRONG = { budget: 2000, worlds: 24, tries: 20 };
  const NO_CAP = 999;  // a trump cap above every power: the seat may hold any trump

  function chooseStrong(options, view, seed) {
    if (view.passing) return chooseTricks(options, view);
    const candidates = strongCandidates(options, view);
    if (candidates.length === 1) return candidates[0];
    const known = knowledge(options, view);
    const left = sum(view.counts) + view.stock + (view.bidding ? view.bids.filter((b) => b === null).length : 0);
    const budget = options.budget || STRONG.budget;
    const worlds = Math.max(1, Math.min(STRONG.worlds, Math.floor(budget / (candidates.length * left))));
    const rng = strongStream(view, seed);
    const table = new TricksTable(options);
    const totals = new Array(candidates.length).fill(0);
    for (let w = 0; w < worlds; w++) {
      const world = sampleWorld(known, view, rng);
      const base = table.position(view, world.hands, world.stock);
      candidates.forEach((move, i) => {
        const t = base.copy();
        t.play(move);
        while (!t.isOver()) {  // the rule-based player's moves are legal: no need to check them again
          const m = chooseTricks(options, t.botView(t.turn()));
          if ('play' in m) t.playCard(m.by, m.play); else t.play(m);
        }
        totals[i] += worth(options, t, view.seat);
      });
    }
    let best = 0;
    totals.forEach((v, i) => { if (v > totals[best]) best = i; });
    return candidates[best];
  }

  /** The bot's own random stream: from the hand's seed, its seat and how far the hand has
      gone, so that the same view gives the same move (whatever the hidden cards are). */
  function strongStream(view, seed) {
    const progress = view.tricks.length * view.players + view.trick.length + view.bids.filter((b) => b !== null).length;
    return E.stream((seed ^ Math.imul(progress + 1, 0x85EBCA6B)) >>> 0, view.seat + 1);
  }

  /** A finished hand's worth to `seat`: its side's score against the others' (each side
      counted once), turned round where the lowest total wins; whole numbers, so that both
      languages add them alike. */
  function worth(options, t, seat) {
    const scores = t.handResult.side_scores;
    const mine = t.sideSeats().findIndex((g) => g.includes(seat));
    const value = (scores.length - 1) * scores[mine] - (sum(scores) - scores[mine]);
    return options.end.winning === 'highest-wins' ? value : -value;
  }

  /** The legal moves worth trying: the bids, or one card of each run of cards that do the
      same (the 9 and 10 of a suit whose cards between are played or held, worth the same). */
  function strongCandidates(options, view) {
    const legal = view.legal;
    if (view.bidding || legal.length < 2) return legal;
    const power = powerTable(options.ranking);
    const pw = (c) => power[rankOf(c)] || 0;
    const values = new Map();
    for (const [c, v] of options.points.concat(options.special)) values.set(c, (values.get(c) || 0) + v);
    const marked = new Set(options.ends_with);
    for (const set of options.sets) set.cards.forEach((c) => marked.add(c));
    if (options.queen_breaks_hearts) marked.add(QUEEN);
    const gone = new Set(view.hand);
    view.before.forEach((pile) => pile.forEach((c) => gone.add(c)));  // taken before a position
    view.tricks.forEach((t) => t.cards.forEach((c) => gone.add(c)));
    view.trick.forEach((p) => gone.add(p.play));
    const unseen = options.cards.filter((c) => !gone.has(c));
    const out = [];
    for (const move of legal) {
      const c = move.play;
      const same = out.some((m) => {
        const d = m.play;
        if (suitOf(d) !== suitOf(c) || (values.get(d) || 0) !== (values.get(c) || 0) || marked.has(c) || marked.has(d)) return false;
        const lo = Math.min(pw(c), pw(d)); const hi = Math.max(pw(c), pw(d));
        return !unseen.some((u) => suitOf(u) === suitOf(c) && pw(u) > lo && pw(u) < hi);
      });
      if (!same) out.push(move);
    }
    return out;
  }

  /** What the view says of where the unseen cards are: the cards pinned to a seat (those it
      passed; the turned card, in the dealer's hand, the drawer's or under the stock), each
      seat's voids (not following suit; not trumping where it must) and its trump cap (a
      lower trump where it must over-trump), the places left and the cards to deal them. */
  function knowledge(options, view) {
    const n = view.players; const me = view.seat; const t = options.trumps;
    const gone = new Set(view.hand);
    view.before.forEach((pile) => pile.forEach((c) => gone.add(c)));  // taken before a position
    view.tricks.forEach((tr) => tr.cards.forEach((c) => gone.add(c)));
    view.trick.forEach((p) => gone.add(p.play));
    const pinned = new Map();
    const pin = (c, where) => { if (!gone.has(c)) pinned.set(c, where); };
    if (view.passed && !view.passing && view.pass_to !== 'none') {
      const to = passTarget(view.pass_to, me, n);
      if (to !== me) view.passed.forEach((c) => pin(c, to));
    }
    let aside = null;  // the turned card, out of play
    if (view.turned !== null && t.source === 'dealer-last' && view.dealer !== me) pin(view.turned, view.dealer);
    if (view.turned !== null && t.source === 'turned') {
      if (options.deal.draw && t.turned_drawn_last) {
        let drawer = null;
        view.tricks.forEach((tr) => (tr.draws || []).forEach((d) => { if (d.card === view.turned) drawer = d.by; }));
        if (drawer === null) pin(view.turned, n);
        else if (drawer !== me) pin(view.turned, drawer);
      } else aside = view.turned;
    }
    const power = powerTable(options.ranking);
    const pw = (c) => power[rankOf(c)] || 0;
    const voids = Array.from({ length: n }, () => new Set());
    const cap = new Array(n).fill(NO_CAP);
    const trump = view.trump;
    const mustTrump = trump !== null && t.must_trump; const overTrump = trump !== null && t.over_trump;
    const step = options.play === 'clockwise' ? 1 : -1;
    const tricks = view.tricks.map((tr) => tr.cards.map((c, i) => ({ by: mod(tr.lead + i * step, n), play: c })));
    tricks.push(view.trick);
    for (const plays of tricks) {
      if (options.follow !== 'suit' || !plays.length) continue;
      const led = suitOf(plays[0].play);
      let top = null;  // the highest trump played before
      plays.forEach((p, i) => {
        const s = suitOf(p.play);
        if (i > 0 && s !== led) {
          voids[p.by].add(led);
          if (mustTrump && s !== trump) voids[p.by].add(trump);
        }
        if (i > 0 && s === trump && top !== null && overTrump && (led === trump || mustTrump) && pw(p.play) < pw(top)) {
          cap[p.by] = Math.min(cap[p.by], pw(top));
        }
        if (s === trump && (top === null || pw(p.play) > pw(top))) top = p.play;
      });
    }
    // the places: each other seat (0..n-1), the stock (n) and out of play (n + 1)
    const pool = options.cards.filter((c) => !gone.has(c) && !pinned.has(c) && c !== aside);
    const room = new Array(n + 2).fill(0);
    for (let s = 0; s < n; s++) if (s !== me) room[s] = view.counts[s];
    room[n] = view.stock;
    for (const where of pinned.values()) room[where] -= 1;
    room[n + 1] = pool.length - sum(room.slice(0, n + 1));
    if (room.some((r) => r < 0)) throw new Error(`seat ${me}'s view does not add up: ${JSON.stringify(room)}`);
    const fits = (place, c) => place >= n || (!voids[place].has(suitOf(c)) && !(suitOf(c) === trump && pw(c) > cap[place]));
    return { pinned, pool, room, fits, places: n + 2 };
  }

  /** One world: the pool dealt to the places with room, the most constrained cards first,
      each to a place that may hold it with the chance of its room left; after `tries`
      dead ends, dealt without the voids (a world that cannot be is still a fair guess). */
  function sampleWorld(known, view, rng) {
    const { pinned, pool, room, fits, places } = known;
    const choices = (c) => { let k = 0; for (let p = 0; p < places; p++) if (room[p] > 0 && fits(p, c)) k += 1; return k; };
    const order = new Map(pool.map((c) => [c, choices(c)]));
    let got = null;
    for (let attempt = 0; attempt <= STRONG.tries && got === null; attempt++) {
      const strict = attempt < STRONG.tries;
      const cards = rng.shuffle(pool.slice());
      if (strict) cards.sort((a, b) => order.get(a) - order.get(b));
      got = deal(cards, room, places, strict ? fits : () => true, rng);
    }
    const n = view.players;
    const hands = Array.from({ length: n }, (_, s) => (s === view.seat ? view.hand.slice() : got[s]));
    const stock = rng.shuffle(got[n]);
    for (const [c, where] of pinned) {
      if (where < n) hands[where].push(c);
    }
    for (const [c, where] of pinned) if (where === n) stock.push(c);  // the turned card, drawn last
    return { hands, stock };
  }

  function deal(cards, room, places, fits, rng) {
    const left = room.slice();
    const got = Array.from({ length: places }, () => []);
    for (const c of cards) {
      let total = 0;
      for (let p = 0; p < places; p++) if (left[p] > 0 && fits(p, c)) total += left[p];
      if (!total) return null;
      let r = rng.below(total);
      for (let p = 0; p < places; p++) {
        if (left[p] > 0 && fits(p, c)) {
          if (r < left[p]) { got[p].push(c); left[p] -= 1; break; }
          r -= left[p];
        }
      }
    }
    return got;
  }

  // -- the play page's part (play.js calls page(h) with its helpers) ----------------------
  // The reader plays (or passes) from a row of card buttons; the trick lies in the middle.
  function tricksPage(h) {
    const { el, num, fill, plural, say, name, ui, W, api, ME, faceNode, sentence, render, tryMove, legalCards, arrows, clampFocus, options, list, of, his } = h;
    const partners = () => options().sides === 'partners';
    const bidding = () => options().bids !== null;
    // a game without card points (Whist, Oh Hell) counts tricks where others count points
    const counted = () => options().points.length > 0 || options().special.length > 0;

    function passTargetOf(s) {
      const n = s.players;
      return { left: 1, right: n - 1, across: Math.floor(n / 2) }[s.pass_to] % n;
    }
    /** The points a seat has taken in this hand so far: its cards' points (with those
        taken before a position the hand was taken up at, which no trick of s.tricks has). */
    function pointsTaken(s, seat) {
      const o = options(); const table = new Map(o.points); const special = new Map(o.special);
      return s.taken[seat].reduce((total, c) => total + (table.get(c) || 0) + (special.get(c) || 0), 0);
    }
    function lastTrickPlays(s) {
      const t = s.tricks[s.tricks.length - 1];
      const step = options().play === 'clockwise' ? 1 : s.players - 1;
      return t.cards.map((card, i) => ({ by: (t.lead + i * step) % s.players, play: card }));
    }
    function tricksTaken(s, seat) { return Math.floor(s.taken[seat].length / s.players); }
    /** A seat's score in this hand so far, as the sheet will count it before the bonuses:
        its cards' points and what its tricks are worth (Peppa Scivolosa: 10 a trick). */
    function handScore(s, seat) { return pointsTaken(s, seat) + (options().per_trick || 0) * tricksTaken(s, seat); }
    const signed = (n) => (n > 0 ? `+${n}` : num(n));
    /** What a side's score is made of: the cards, the tricks, a bonus for none or for clean
        tricks, and whatever the other rules added (the scores are the engine's). */
    function parts(s, seats, score) {
      const o = options(); const table = new Map(o.points); const special = new Map(o.special);
      const cards = [].concat(...seats.map((seat) => s.taken[seat]));
      const won = seats.reduce((n, seat) => n + s.result.tricks[seat], 0);
      const values = cards.map((c) => table.get(c) || 0);
      const out = [[W.partCards, values.reduce((a, b) => a + b, 0) + cards.reduce((a, c) => a + (special.get(c) || 0), 0)]];
      if (o.per_trick) out.push([W.partTricks, o.per_trick * won]);
      if (won === 0 && o.no_tricks !== null) out.push([W.partNone, o.no_tricks]);
      else if (won && o.clean_tricks !== null && !values.some((v) => v)) out.push([W.partClean, o.clean_tricks]);
      const rest = score - out.reduce((a, p) => a + p[1], 0);
      if (rest) out.push([W.partOther, rest]);
      return out.length > 1 ? out.map(([text, n]) => fill(text, { num: signed(n), each: o.per_trick })) : null;
    }
    /** The trump suit and the card turned up, the stock's size: what everyone sees. */
    function trumpsNode(s) {
      const o = options();
      if (o.trumps.source === 'none' && !o.deal.draw) return null;
      const parts = [];
      if (o.trumps.source !== 'none') parts.push(s.trump ? fill(W.trumps, { suit: s.trump }) : W.noTrumps);
      if (s.turned) parts.push(' · ', sentence(W.turned, { card: [s.turned] }));
      if (o.deal.draw) parts.push(' · ', fill(W.stock, { num: s.stock }));
      return el('p', { class: 'play-trumps' }, parts);
    }
    /** The bids 0..n as a row of buttons; the dealer's forbidden bid is there, disabled and
        explained, so that the reader sees why. */
    function bidNode(s) {
      const legal = new Set(api.legalMoves().map((m) => m.bid));
      const all = Array.from({ length: s.hand_tricks + 1 }, (_, i) => i);
      const first = all.findIndex((b) => legal.has(b));
      const focus = legal.has(all[clampFocus(all.length)]) ? clampFocus(all.length) : first;
      const buttons = all.map((b, i) => el('button', {
        type: 'button', class: 'play-card play-bid' + (legal.has(b) ? '' : ' is-illegal'),
        'aria-disabled': legal.has(b) ? null : 'true', tabindex: i === focus ? '0' : '-1',
        'data-bid': String(b), 'data-focus': i === focus ? '1' : null,
        on: { click: () => { ui.focus = i; tryMove({ by: ME, bid: b }); } },
      }, [String(b)]));
      const row = el('div', { class: 'play-hand play-bids', dir: 'ltr', role: 'group', 'aria-label': W.yourBidLabel }, buttons);
      row.addEventListener('keydown', arrows);
      const out = [row];
      const banned = all.filter((b) => !legal.has(b));
      if (banned.length) out.push(el('p', { class: 'play-hook', text: fill(W.hook, { num: banned[0], total: s.hand_tricks }) }));
      return out;
    }
    function choose(card, passing) {
      if (!passing) { tryMove({ by: ME, play: card }); return; }
      const count = options().passing.count;
      if (ui.selected.includes(card)) ui.selected = ui.selected.filter((c) => c !== card);
      else if (ui.selected.length < count) ui.selected.push(card);
      ui.reason = '';
      render(true);
    }

    return {
      nextLabel: W.nextHand,
      begin(s) { say(ui.takenUp ? W.handTakenUp : W.handNum, { num: s.round }); },
      announceTurn(s) {
        if (s.passing && s.passes[ME] === null) {
          say(plural(W.yourPass, options().passing.count), { num: options().passing.count, name: name(passTargetOf(s)) }, false);
        } else if (s.bidding) say(W.yourBid, { num: s.hand_tricks }, false);
        else say(s.trick.length ? W.yourPlay : W.yourLead, {}, false);
      },
      /** One sentence per event, in the words of the example rounds where they have them. */
      narrate(ev, before) {
        if ('pass' in ev) {
          if (ev.exchanged) {
            const had = new Set(before.hands[ME]);  // the cards received are the ones not held before
            say(W.passed, { cards: api.state().hands[ME].filter((c) => !had.has(c)) });
          }
          return;
        }
        if ('bid' in ev) { say(ev.by === ME ? W.youBid : his('bids', ev.by), { name: name(ev.by), num: ev.bid }); return; }
        say(W.plays, { name: name(ev.by), card: [ev.play] });
        if (ev.trick) {
          if (W.broken && ev.trick.broken && !before.broken) say(W.broken, {});
          const w = ev.trick.winner;
          if (counted() && ev.trick.points) say(w === ME ? W.youTakePoints : his('takesPoints', w), { name: name(w), num: ev.trick.points });
          else say(w === ME ? W.youTake : his('takes', w), { name: name(w) });
          // the draws: the reader's own card, the turned card everyone saw, else only that one drew
          for (const d of ev.trick.draws || []) {
            if (d.by === ME) say(W.youDrawCard, { card: [d.card] });
            else if (d.card === before.turned) say(his('drawsCard', d.by), { name: name(d.by), card: [d.card] });
            else say(his('drawsHidden', d.by), { name: name(d.by) });
          }
        }
      },
      /** The hand's headline (the game's, once it is over): who won and lost by which rule,
          the moon or the slam, what each score is made of, the totals and the way to the end. */
      result(s) {
        const o = options(); const r = s.result; const m = s.match; const lines = [];
        if (!m) return { title: W.handOver, lines };  // the scores are outside the model: none is said
        const line = (text, vars) => lines.push({ text, vars });
        const groups = m.sides;
        const sideName = (g) => (g.length > 1 ? fill(W.side, { first: name(g[0]), second: name(g[1]) }) : name(g[0]));
        const scores = groups.map((g) => r.scores[g[0]]);
        const low = o.end.winning !== 'highest-wins';
        const standing = (values) => list(groups.map((g, i) => `${sideName(g)}\u00a0${num(values[i])}`), true);  // a name and its figure on one line
        if (m.over) {
          if (o.end.over !== null && m.totals.some((t) => t > o.end.over)) line(W.endOver, { num: o.end.over });
          else if (o.end.hands !== null) line(W.endHands, { num: o.end.hands });
          const winners = list(m.winners.map(name));
          if (o.end.winning === 'turin') line(W.turin, { losers: list(m.losers.map(name)), name: winners });
          else line(low ? W.winLowest : W.winHighest, { name: `${winners} (${num(m.totals[m.winners[0]])})` });
        }
        const best = low ? Math.min(...scores) : Math.max(...scores);
        line(low ? W.bestLow : W.bestHigh, { name: `${list(groups.filter((g, i) => scores[i] === best).map(sideName))} (${num(best)})` });
        if (r.slam !== null && o.slam) {
          line(of(o.slam.takes === 'all-tricks' ? 'slam' : 'moon', r.slam), { name: name(r.slam), taker: o.slam.taker, others: o.slam.others });
        } else if (counted()) {
          groups.forEach((g, i) => {
            const made = parts(s, g, scores[i]);
            if (made) line(W.scoreParts, { name: sideName(g), parts: list(made, true), num: scores[i] });
          });
        }
        // what the tricks were worth where they are counted, not the cards: Whist's book,
        // Oh Hell's bids (each player's bid, the tricks taken, the score they make)
        const won = groups.map((g) => g.reduce((n, seat) => n + r.tricks[seat], 0));
        if (o.book) line(W.bookLine, { list: standing(won), book: o.book.tricks, each: o.book.per_trick });
        const bidding = o.bid_score && o.bids && s.bids;
        if (bidding) {
          groups.forEach((g, i) => line(W.bidLine, { name: sideName(g), bid: g.reduce((n, seat) => n + (s.bids[seat] || 0), 0),
                                                    won: won[i], num: scores[i] }));
        } else line(W.handScores, { list: standing(scores) });
        if (!m.over) {
          line(W.totals, { list: standing(groups.map((g) => m.totals[g[0]])) });
          if (o.end.hands !== null) line(W.handOf, { num: s.round, total: o.end.hands });
        }
        return { title: fill(W.resultHand, { num: s.round }), lines };
      },
      reason(code, s) {
        if (code === 'revoke') return fill(W.revoke, { suit: s.trick[0].play.slice(-1) });
        if (code === 'illegal-lead') {
          // the first lead is a fixed card (the 2♣) when it is the only one allowed
          const legal = legalCards();
          return s.tricks.length === 0 && legal.length === 1 ? fill(W.firstLead, { card: legal[0] }) : W.illegalLead;
        }
        if (code === 'illegal-discard') return W.illegalDiscard;
        if (code === 'bad-pass') return fill(plural(W.badPass, options().passing.count), { num: options().passing.count });
        if (code === 'must-trump') return fill(W.mustTrump, { suit: s.trick[0].play.slice(-1) });
        if (code === 'must-over-trump') return W.overTrump;
        if (code === 'bad-bid') return W.badBid;
        return null;
      },
      pauseAfterMove(s) { return s.trick.length === 0; },  // a trick just completed
      centre(s) {
        const plays = s.trick.length ? s.trick : (s.tricks.length ? lastTrickPlays(s) : []);
        const done = !s.trick.length && s.tricks.length;
        return el('section', { class: 'play-trick', 'aria-label': W.trick }, [
          trumpsNode(s),
          el('h2', { class: 'play-h', text: W.trick }),
          el('ul', { class: 'play-trick-cards' }, plays.map((p) => el('li', {
            class: done && s.tricks[s.tricks.length - 1].winner === p.by ? 'is-winner' : null, 'data-arrive': String(p.by),
          }, [el('span', { class: 'play-name', text: name(p.by) }), ' ', faceNode(p.play)]))),
        ]);
      },
      seat(s, seat) {
        const out = [el('span', { class: 'play-count', text: fill(W.cards, { num: s.hands[seat].length }) }),
          counted() ? el('span', { class: 'play-count', text: fill(W.handPoints, { num: handScore(s, seat) }) })
            : el('span', { class: 'play-count', text: fill(W.tricksWon, { num: tricksTaken(s, seat) }) })];
        if (bidding() && s.bids[seat] !== null) out.push(el('span', { class: 'play-count', text: fill(W.bid, { num: s.bids[seat] }) }));
        return out;
      },
      handTitle(s) {
        const mine = counted() ? fill(W.yourPoints, { num: handScore(s, ME) }) : fill(W.yourTricks, { num: tricksTaken(s, ME) });
        const bid = bidding() && s.bids[ME] !== null ? ` · ${fill(W.bid, { num: s.bids[ME] })}` : '';
        return el('span', { class: 'play-dealer', text: ` · ${mine}${bid}` });
      },
      hand(s, parts, myTurn) {
        if (s.bidding && myTurn) { parts.push(...bidNode(s)); }
        const mine = s.hands[ME];
        const passing = s.passing && s.passes[ME] === null && myTurn;
        const legal = new Set(myTurn && !passing && !s.bidding ? legalCards() : []);
        // the focus on a card that may be played (after the pass it would stay where it was)
        let focus = clampFocus(mine.length);
        if (myTurn && !passing && !legal.has(mine[focus])) focus = Math.max(0, mine.findIndex((c) => legal.has(c)));
        const buttons = mine.map((c, i) => {
          const chosen = ui.selected.includes(c);
          const ok = passing || legal.has(c);
          return el('button', {
            type: 'button', class: 'play-card play-face' + (ok ? '' : ' is-illegal') + (chosen ? ' is-chosen' : ''),
            'aria-disabled': myTurn && !ok ? 'true' : null, 'aria-pressed': passing ? String(chosen) : null,
            tabindex: i === focus ? '0' : '-1', 'data-card': c,
            'data-focus': myTurn && !s.bidding && i === focus ? '1' : null,
            on: { click: () => { ui.focus = i; choose(c, passing); } },
          }, [faceNode(c)]);
        });
        const row = el('div', { class: 'play-hand', dir: 'ltr', role: 'group', 'aria-labelledby': 'play-hand-title' }, buttons);
        row.addEventListener('keydown', arrows);
        parts.push(row);
        if (passing) {
          const count = options().passing.count;
          parts.push(el('button', {
            type: 'button', class: 'button play-pass', 'aria-disabled': ui.selected.length === count ? null : 'true',
            on: { click: () => tryMove({ by: ME, pass: mine.filter((c) => ui.selected.includes(c)) }) },
            text: W.pass,
          }));
        }
        return el('section', { class: 'play-mine' }, parts);
      },
      sheet(s) {
        if (partners()) { // a column a side: the partners score together
          const sides = s.match.sides;
          const cells = (row) => sides.map((g) => el('td', { class: 'num', text: num(row[g[0]]) }));
          const rows = s.sheet.map((row, i) => el('tr', {}, [el('th', { scope: 'row', class: 'num', text: String(i + 1) }), ...cells(row)]));
          rows.push(el('tr', { class: 'play-total' }, [el('th', { scope: 'row', text: W.total }), ...cells(s.match.totals)]));
          return { corner: el('th', { scope: 'col', text: W.hand }), rows,
            columns: sides.map((g) => fill(W.side, { first: name(g[0]), second: name(g[1]) })) };
        }
        const rows = s.sheet.map((scores, i) => el('tr', {}, [el('th', { scope: 'row', class: 'num', text: String(i + 1) }),
          ...scores.map((p) => el('td', { class: 'num', text: num(p) }))]));
        if (s.match) {
          rows.push(el('tr', { class: 'play-total' }, [el('th', { scope: 'row', text: W.total }),
            ...s.match.totals.map((p) => el('td', { class: 'num', text: num(p) }))]));
        }
        return { corner: el('th', { scope: 'col', text: W.hand }), rows };
      },
    };
  }

  E.register('tricks', { Table: TricksTable, page: tricksPage, verdict, levels: LEVELS });
}(typeof module === 'object' && module.exports ? require('../engine.js') : window.RulebookEngine));

/* The trick-taking games at the play table (Peppa, Chat Noir, Hearts, ...): the twin of
 * generator/families/tricks/ (engine.py, scoring.py, play.py, bot.py), registered with the
 * engine's core (../engine.js) as 'tricks', with the play page's part of the family. */
(function (E) {
  'use strict';
  const { PlayError, entries, withGenders, byOrder } = E;
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

  class TricksTable extends E.Table {
    constructor(options) {
      super(options);
      this.table = new Map(options.points);
      this.values = new Map(options.points);
      for (const [c, v] of options.special) this.values.set(c, (this.values.get(c) || 0) + v);
      this.special = new Map(options.special);
    }

    newMatch() { this.sheet = []; }
    value(card) { return this.values.get(card) || 0; }

    deal(pack) { // every card, one at a time round the table; passing first when the hand has it
      const n = this.players; const o = this.options;
      this.dealt = Array.from({ length: n }, (_, i) => this.sorted(pack.filter((c, j) => j % n === i)));
      this.hands = this.dealt.map((h) => h.slice());
      const schedule = o.passing.schedule;
      this.direction = schedule.length ? schedule[(this.roundNumber - 1) % schedule.length] : 'none';
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
      return { seat, players: this.players, hand_number: this.roundNumber, hand: this.sorted(this.hands[seat]),
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
        family: 'tricks', players: this.players, seed: this.seed, round: this.roundNumber, dealer: this.dealer,
        pass_to: this.passTo, dealt: this.dealt.map((h) => h.slice()), passes: this.passes.map((p) => (p ? p.slice() : null)),
        passing: this.isPassing, hands: this.hands.map((h) => this.sorted(h)), turn: this.turn(),
        trick: this.trick.map((p) => ({ by: p.by, play: p.play })), trick_number: this.trickNumber,
        broken: this.broken, tricks: this.tricks.slice(), taken: this.taken.map((t) => t.slice()), last: this.last,
        over: this.isOver(), result: this.handResult, sheet: this.sheet.map((r) => r.slice()), match: this.match(),
      };
    }

    exampleScript(names, genders) { // the hand as an example script (rules/<game>/examples/*.yaml)
      const n = (s) => names[s];
      const byName = (lists) => entries(lists.map((cards, s) => [n(s), cards.join(' ')]));
      const perSeat = (xs) => entries(xs.map((x, s) => [n(s), x]));
      const script = withGenders({ seats: names.slice(0, this.players) }, names, genders, this.players);
      script.dealer = n(this.dealer);
      if (this.options.variant) script.variant = this.options.variant;
      script.hand = this.roundNumber;
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


  // -- the play page's part (play.js calls page(h) with its helpers) ----------------------
  // The reader plays (or passes) from a row of card buttons; the trick lies in the middle.
  function tricksPage(h) {
    const { el, fill, say, name, ui, W, api, ME, cardNode, render, tryMove, legalCards, arrows, clampFocus, options } = h;

    function passTargetOf(s) {
      const n = s.players;
      return { left: 1, right: n - 1, across: Math.floor(n / 2) }[s.pass_to] % n;
    }
    /** The points a seat has taken in this hand so far: the tricks' own points. */
    function pointsTaken(s, seat) {
      return s.tricks.filter((t) => t.winner === seat).reduce((total, t) => total + t.points, 0);
    }
    function lastTrickPlays(s) {
      const t = s.tricks[s.tricks.length - 1];
      const step = options().play === 'clockwise' ? 1 : s.players - 1;
      return t.cards.map((card, i) => ({ by: (t.lead + i * step) % s.players, play: card }));
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
      begin(s) { say(W.handNum, { num: s.round }); },
      announceTurn(s) {
        if (s.passing && s.passes[ME] === null) {
          say(W.yourPass, { num: options().passing.count, name: name(passTargetOf(s)) }, false);
        } else say(s.trick.length ? W.yourPlay : W.yourLead, {}, false);
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
        say(W.plays, { name: name(ev.by), card: [ev.play] });
        if (ev.trick) {
          if (W.broken && ev.trick.broken && !before.broken) say(W.broken, {});
          say(ev.trick.winner === ME ? W.youTake : W.takes, { name: name(ev.trick.winner) });
          if (ev.trick.points) say(W.points, { num: ev.trick.points });
        }
      },
      announceEnd(s) {
        say(W.handOver, {});
        if (s.match && s.match.over) say(W.gameOver, { name: s.match.winners.map(name).join(', ') });
      },
      reason(code, s) {
        if (code === 'revoke') return fill(W.revoke, { suit: s.trick[0].play.slice(-1) });
        if (code === 'illegal-lead') {
          // the first lead is a fixed card (the 2♣) when it is the only one allowed
          const legal = legalCards();
          return s.tricks.length === 0 && legal.length === 1 ? fill(W.firstLead, { card: legal[0] }) : W.illegalLead;
        }
        if (code === 'illegal-discard') return W.illegalDiscard;
        if (code === 'bad-pass') return fill(W.badPass, { num: options().passing.count });
        return null;
      },
      pauseAfterMove(s) { return s.trick.length === 0; },  // a trick just completed
      centre(s) {
        const plays = s.trick.length ? s.trick : (s.tricks.length ? lastTrickPlays(s) : []);
        const done = !s.trick.length && s.tricks.length;
        return el('section', { class: 'play-trick', 'aria-label': W.trick }, [
          el('h2', { class: 'play-h', text: W.trick }),
          el('ul', { class: 'play-trick-cards' }, plays.map((p) => el('li', {
            class: done && s.tricks[s.tricks.length - 1].winner === p.by ? 'is-winner' : null,
          }, [el('span', { class: 'play-name', text: name(p.by) }), ' ', cardNode(p.play)]))),
        ]);
      },
      seat(s, seat) {
        return [el('span', { class: 'play-count', text: fill(W.cards, { num: s.hands[seat].length }) }),
          el('span', { class: 'play-count', text: fill(W.points, { num: pointsTaken(s, seat) }) })];
      },
      handTitle(s) {
        return el('span', { class: 'play-dealer', text: ` · ${fill(W.points, { num: pointsTaken(s, ME) })}` });
      },
      hand(s, parts, myTurn) {
        const mine = s.hands[ME];
        const passing = s.passing && s.passes[ME] === null && myTurn;
        const legal = new Set(myTurn && !passing ? legalCards() : []);
        const buttons = mine.map((c, i) => {
          const chosen = ui.selected.includes(c);
          const ok = passing || legal.has(c);
          return el('button', {
            type: 'button', class: 'play-card' + (ok ? '' : ' is-illegal') + (chosen ? ' is-chosen' : ''),
            'aria-disabled': myTurn && !ok ? 'true' : null, 'aria-pressed': passing ? String(chosen) : null,
            tabindex: i === clampFocus(mine.length) ? '0' : '-1', 'data-card': c,
            'data-focus': myTurn && i === clampFocus(mine.length) ? '1' : null,
            on: { click: () => { ui.focus = i; choose(c, passing); } },
          }, [cardNode(c)]);
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
        const rows = s.sheet.map((scores, i) => el('tr', {}, [el('th', { scope: 'row', class: 'num', text: String(i + 1) }),
          ...scores.map((p) => el('td', { class: 'num', text: String(p) }))]));
        if (s.match) {
          rows.push(el('tr', { class: 'play-total' }, [el('th', { scope: 'row', text: W.total }),
            ...s.match.totals.map((p) => el('td', { class: 'num', text: String(p) }))]));
        }
        return { corner: el('th', { scope: 'col', text: W.hand }), rows };
      },
    };
  }

  E.register('tricks', { Table: TricksTable, page: tricksPage, verdict });
}(typeof module === 'object' && module.exports ? require('../engine.js') : window.RulebookEngine));

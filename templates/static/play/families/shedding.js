/* The shedding games at the play table (Crazy Eights, Mau-Mau, Macao, ...): the twin of
 * generator/families/shedding/ (engine.py, play.py; the bot's move), registered with the
 * engine's core (../engine.js) as 'shedding', with the play page's part of the family.
 * Moves: {by, play: "8♥", suit: "♣"} (several cards of a rank: "2♥ 2♠"; the call:
 * announce: true), {by, draw: true}, {by, pass: true}. */
(function (E) {
  'use strict';
  const { PlayError, Rng, stream } = E;
  const { rankOf, suitOf, isCard, isSeat, mod, sum, JOKER, isJoker } = E.cards;

  const SUITS = ['♠', '♥', '♦', '♣'];  // the order of generator/core/cards.py's Suit
  const STEP = { left: 1, right: -1 };
  const NO_SPECIAL = { ranks: [], cards: [], wild: false, on_anything: false, draw: 0, skip: false,
    reverse: false, again: false, cancels_draw: false };

  function defaultPoints(card) { // a number card its pips, a picture 10, an ace 1, a joker 50
    const rank = rankOf(card);
    if (rank === null) return 50;
    if (rank === 'J' || rank === 'Q' || rank === 'K') return 10;
    if (rank === 'A') return 1;
    return Number(rank);
  }

  function removeOne(list, card) { list.splice(list.indexOf(card), 1); }

  class ShedTable extends E.Table {
    newMatch() { this.totals = new Array(this.players).fill(0); }

    special(card) {
      for (const s of this.options.specials) {
        if (s.cards.includes(card) || (rankOf(card) !== null && s.ranks.includes(rankOf(card)))) return s;
      }
      return NO_SPECIAL;
    }
    isSpecial(card) {
      const s = this.special(card);
      return s.wild || s.on_anything || s.draw > 0 || s.skip || s.reverse || s.again || s.cancels_draw;
    }
    points(card) { // a joker: the ☆ key prices the red one, else the ★ key prices both
      const has = (key) => Object.prototype.hasOwnProperty.call(this.options.points, key);
      const key = isJoker(card) ? card : rankOf(card);
      if (has(key)) return this.options.points[key];
      if (isJoker(card) && has(JOKER)) return this.options.points[JOKER];
      return defaultPoints(card);
    }

    deal(pack) { // one card at a time from the dealer's left; the rest is the stock
      const n = this.players; const size = this.options.cards_dealt;
      const hands = Array.from({ length: n }, () => []);
      for (let i = 0; i < size * n; i++) hands[(this.dealer + 1 + i) % n].push(pack[i]);
      this.dealt = hands.map((h) => this.sorted(h));
      this.restockRng = new Rng((this.seed ^ 0x5EED) >>> 0);
      this.hands = this.dealt.map((h) => h.slice());
      this.stock = pack.slice(size * n);
      this.firstTurned = this.stock[0]; this.stockDealt = this.stock.slice(1);  // for a script
      this.restockOrders = []; this.restockAt = {};
      this.pile = [];
      this.step = STEP[this.options.direction];
      this.asked = null; this.free = false; this.pending = 0; this.drawn = false;
      this.stops = 0; this.waiting = new Array(n).fill(0);
      this.turns = 0; this.restocks = 0; this.idle = 0; this.winner = null; this.blocked = false;
      this.turnOverStart();
      this.bots = Array.from({ length: n }, (_, s) => stream(this.seed, s + 1));
      this.moves = []; this.last = null; this.scored = false;
    }

    turnOverStart() {
      const o = this.options;
      const first = mod(this.dealer + this.step, this.players);
      let card = this.stock.shift();
      const buried = [];
      while (o.turned_special === 'bottom' && this.isSpecial(card)) {
        buried.push(card); this.stock.push(card);
        if (buried.length > this.stock.length) throw new Error('every card of the stock is special');
        card = this.stock.shift();
      }
      this.pile.push(card); this.turned = card; this.current = first;
      if (o.turned_special !== 'takes-effect') return;
      const s = this.special(card);
      if (s.wild || s.on_anything || isJoker(card)) this.free = true;
      if (s.reverse) { this.step = -this.step; this.current = mod(this.dealer + this.step, this.players); }
      if (s.draw) this.pending = s.draw;
      else if (s.skip && o.skip_passed_on) this.stops = 1;
      else if (s.skip) this.current = mod(this.current + this.step, this.players);
    }

    top() { return this.pile[this.pile.length - 1]; }
    isOver() { return this.winner !== null || this.blocked; }
    turn() { return this.isOver() ? null : this.current; }
    drawable() { return this.stock.length + this.pile.length - 1; }

    fits(card) {
      const o = this.options; const top = this.top(); const s = this.special(card);
      if (this.stops) return s.skip;  // only a skip card passes a stop on
      if (this.pending) {
        if (s.cancels_draw) return true;
        if (!s.draw || o.stacking === 'none') return false;
        return o.stacking === 'any-draw' || rankOf(card) === rankOf(top);
      }
      if (s.wild) return o.wild_on_wild || !this.special(top).wild || this.free;
      if (s.on_anything || this.free) return true;
      if (this.asked !== null) return suitOf(card) === this.asked;
      if (isJoker(top)) return true;  // a joker played names no suit: anything goes on it
      return suitOf(card) === suitOf(top) || rankOf(card) === rankOf(top);
    }
    playable(seat) { return this.hands[seat].filter((c) => this.fits(c)); }

    // Moves inside: {kind: 'play'|'draw'|'pass', seat, cards, suit, announce}
    internalMoves() {
      if (this.isOver()) return [];
      const o = this.options; const seat = this.current; const hand = this.hands[seat];
      const out = [];
      if (!(this.drawn && o.unable === 'draw-one-and-pass')) {
        for (const card of this.playable(seat)) {
          const runs = [[card]];
          if (o.several && rankOf(card) !== null) {
            const same = hand.filter((c) => rankOf(c) === rankOf(card) && c !== card);
            if (same.length) runs.push([card].concat(same));
          }
          for (const run of runs) {
            const announce = hand.length - run.length === 1 && o.announcement !== null;
            if (this.special(card).wild && !(this.pending || this.stops)) {
              for (const suit of SUITS) out.push({ kind: 'play', seat, cards: run, suit, announce });
            } else out.push({ kind: 'play', seat, cards: run, suit: null, announce });
          }
        }
      }
      for (const kind of ['draw', 'pass']) {
        const move = { kind, seat };
        if (this.whyIllegal(move) === null) out.push(move);
      }
      return out;
    }

    legalMoves() { return this.internalMoves().map(moveJson); }

    whyIllegal(move) {
      if (this.isOver()) return ['round-over', 'the hand is already over'];
      if (move.seat !== this.current) return ['wrong-player', `it is seat ${this.current}'s turn`];
      if (move.kind === 'play') return this.whyIllegalPlay(move);
      if (move.kind === 'draw') return this.whyIllegalDraw(move);
      return this.whyIllegalPass(move);
    }

    whyIllegalPlay(move) {
      const o = this.options;
      const hand = this.hands[move.seat].slice();
      for (const card of move.cards) {
        if (!hand.includes(card)) return ['card-not-held', `${card} is not in the hand (${this.hands[move.seat].join(' ') || 'no cards'})`];
        removeOne(hand, card);
      }
      if (!move.cards.length) return ['several-cards', 'a play puts at least one card on the pile'];
      if (this.drawn && o.unable === 'draw-one-and-pass') return ['pass-before-draw', 'in this game a player who draws ends the turn: pass'];
      const first = move.cards[0];
      if (move.cards.length > 1) {
        if (!o.several) return ['several-cards', 'in this game one card is played at a time'];
        if (rankOf(first) === null || move.cards.some((c) => rankOf(c) !== rankOf(first))) {
          return ['several-cards', 'several cards played at once are of one rank'];
        }
      }
      if (this.stops && !this.fits(first)) return ['stop-not-taken', this.stoppedWhy()];
      if (this.pending && !this.fits(first)) {
        let why;
        if (o.stacking === 'none') why = `draw the ${this.pending} cards the last play gives`;
        else {
          const which = o.stacking === 'any-draw' ? 'a draw card' : `a ${rankOf(this.top()) !== null ? rankOf(this.top()) : this.top()}`;
          why = `draw the ${this.pending} cards, or pass them on with ${which}`;
        }
        return ['draw-not-taken', why];
      }
      if (!this.fits(first)) {
        if (this.asked !== null && !this.special(first).wild) return ['wrong-suit', `${first} does not follow the suit named, ${this.asked}`];
        return ['illegal-card', `${first} goes neither on ${this.top()} by suit nor by rank`];
      }
      const wild = this.special(first).wild && !(this.pending || this.stops);
      if (wild && move.suit === null) return ['suit-not-named', `a player who plays ${first} names a suit`];
      if (!wild && move.suit !== null) return ['suit-not-wild', `${first} is not wild: no suit is named with it`];
      const left = this.hands[move.seat].length - move.cards.length;
      if (move.announce && (o.announcement === null || left !== 1)) {
        return ['false-announcement', o.announcement ? `'${o.announcement.call}' is said with one card left after the play; ${left} are left` : 'this game has no call'];
      }
      return null;
    }

    stoppedWhy() {
      const turns = this.stops === 1 ? 'the turn' : `${this.stops} turns`;
      return `a player stopped misses ${turns} (pass) or passes the stop on with a skip card`;
    }

    whyIllegalDraw(move) {
      const o = this.options;
      if (this.stops) return ['stop-not-taken', this.stoppedWhy()];
      if (this.pending) return null;
      if (this.drawn) {
        if (o.unable === 'draw-one-and-pass' || o.unable === 'draw-one') return ['draw-not-allowed', 'one card is drawn a turn: play or pass'];
        if (this.playable(move.seat).length || !this.drawable()) return ['draw-not-allowed', 'a card drawn fits: play it'];
      }
      if (!o.draw_when_able && this.playable(move.seat).length) {
        return ['draw-not-allowed', `a player who can play does not draw: ${this.playable(move.seat).join(' ')} fit`];
      }
      if (!this.drawable()) return ['draw-not-allowed', 'no card is left to draw: pass'];
      return null;
    }

    whyIllegalPass(move) {
      const o = this.options;
      if (this.stops) return null;  // the stop taken: the turn missed
      if (this.pending) return ['draw-not-taken', `draw the ${this.pending} cards first`];
      if (this.drawn) {
        if (o.unable === 'draw-until-playable' && this.playable(move.seat).length) return ['draw-not-allowed', 'a card drawn fits: play it'];
        return null;
      }
      if (this.drawable()) return ['pass-before-draw', 'a player who does not play draws first'];
      if (this.playable(move.seat).length && !o.draw_when_able) {
        return ['pass-before-draw', `a player who can play does not pass: ${this.playable(move.seat).join(' ')} fit`];
      }
      return null;
    }

    take(count) { // up to count cards from the stock, made again from the pile when it runs out
      const taken = []; let restocks = 0;
      while (taken.length < count) {
        if (!this.stock.length) {
          if (this.pile.length <= 1) break;
          const under = this.pile.slice(0, -1);
          this.pile = this.pile.slice(-1);
          if (this.options.empty_stock === 'shuffle') {
            this.restockRng.shuffle(under);
            this.restockOrders.push(under.slice());  // a script gives the order (restock)
          }
          this.stock = under; this.restocks += 1; restocks += 1;
        }
        taken.push(this.stock.shift());
      }
      return [taken, restocks];
    }

    advance(skips) { // past skips players and those still to miss a turn; the players passed
      const passed = [];
      for (let k = 0; k < (skips || 0); k++) {
        this.current = mod(this.current + this.step, this.players); passed.push(this.current);
      }
      this.current = mod(this.current + this.step, this.players);
      while (this.waiting[this.current]) {  // ends: the player who moved is never waiting
        this.waiting[this.current] -= 1; passed.push(this.current);
        this.current = mod(this.current + this.step, this.players);
      }
      this.drawn = false;
      return passed;
    }

    play(json) {
      const move = parseMove(json, this.players);
      if (move === null) throw new PlayError('bad-move', `not a move: ${JSON.stringify(json)}`, this.legalMoves());
      const why = this.whyIllegal(move);
      if (why) throw new PlayError(why[0], why[1], this.legalMoves());
      this.turns += 1;
      const event = moveJson(move);
      let skipped;
      if (move.kind === 'play') {
        let penalty;
        [penalty, skipped] = this.applyPlay(move);
        if (penalty.length) event.penalty = penalty;
      } else if (move.kind === 'draw') {
        let drawn;
        [drawn, skipped] = this.applyDraw(move);
        if (drawn.length) event.drawn = drawn;
      } else {
        const missed = this.stops;
        if (missed) {  // the stop taken: this turn is the first one missed
          this.waiting[move.seat] += missed - 1; this.stops = 0; event.missed = missed;
        } else if (!this.drawn) this.idle += 1;
        skipped = this.advance(0);
        if (this.idle >= this.players) this.blocked = true;
      }
      if (skipped.length) event.skipped = skipped;
      if (this.restockOrders.length) { this.restockAt[this.moves.length] = this.restockOrders[0]; this.restockOrders = []; }
      this.moves.push(event); this.last = event;
      if (this.isOver() && !this.scored) {
        this.scored = true;
        this.result().scores.forEach((score, seat) => { this.totals[seat] += score; });
      }
      return event;
    }

    applyPlay(move) {
      const o = this.options; const hand = this.hands[move.seat];
      for (const card of move.cards) { removeOne(hand, card); this.pile.push(card); }
      this.idle = 0;
      let penalty = [];
      if (o.announcement !== null && hand.length === 1 && !move.announce) {
        penalty = this.take(o.announcement.penalty)[0];
        hand.push(...penalty);
      }
      const s = this.special(move.cards[0]);
      this.free = false;
      this.asked = s.wild && !(this.pending || this.stops) ? move.suit : null;
      if (this.pending && s.cancels_draw && !s.draw) this.pending = 0;  // the draw cancelled
      if (s.draw) this.pending += s.draw * move.cards.length;
      let skips = s.skip ? move.cards.length : 0;
      if (skips && o.skip_passed_on) { this.stops += skips; skips = 0; }  // taken or passed on
      const turned = s.reverse && move.cards.length % 2 === 1;
      if (turned) this.step = -this.step;
      if (!hand.length) { this.winner = move.seat; return [penalty, []]; }
      const again = s.again || (turned && this.players === 2);
      if (again) { this.drawn = false; return [penalty, []]; }
      return [penalty, this.advance(skips)];
    }

    applyDraw(move) {
      const o = this.options; const hand = this.hands[move.seat];
      let drawn; let skipped = [];
      if (this.pending) {
        drawn = this.take(this.pending)[0];
        this.pending = 0; hand.push(...drawn); skipped = this.advance(0);
      } else if (o.unable === 'draw-until-playable') {
        drawn = [];
        for (;;) {
          const got = this.take(1)[0];
          drawn.push(...got); hand.push(...got);
          if (!got.length || this.fits(got[0])) break;
        }
        this.drawn = true;
      } else {
        drawn = this.take(1)[0];
        hand.push(...drawn);
        if (o.unable === 'draw-one-and-pass') skipped = this.advance(0); else this.drawn = true;
      }
      this.idle = drawn.length ? 0 : this.idle + 1;
      return [drawn, skipped];
    }

    result() {
      const points = this.hands.map((h) => sum(h.map((c) => this.points(c))));
      let winner = this.winner;
      if (winner === null) {
        const low = Math.min(...points);
        const lowest = points.map((p, i) => i).filter((i) => points[i] === low);
        winner = lowest.length === 1 ? lowest[0] : null;
      }
      const scoring = this.options.scoring;
      let scores;
      if (scoring === 'winner-collects') {
        scores = points.map((p, i) => (i === winner ? sum(points.filter((q, j) => j !== i)) : 0));
      } else if (scoring === 'penalty') scores = points.map((p, i) => (i === winner ? 0 : p));
      else scores = points.map((p, i) => (i === winner ? 1 : 0));
      return { winner, points, scores, blocked: this.blocked };
    }

    match() {
      const rule = this.options.match;
      if (!rule) return null;
      let over = false; let winners = [];
      if (this.isOver() && this.totals.length && Math.max(...this.totals) >= rule.target) {
        const best = this.options.scoring === 'penalty' ? Math.min(...this.totals) : Math.max(...this.totals);
        over = true;
        winners = this.totals.map((t, i) => i).filter((i) => this.totals[i] === best);
      }
      return { totals: this.totals.slice(), over, winners };
    }

    view(seat) {
      return { seat, hand: this.sorted(this.hands[seat]), top: this.top(), asked: this.asked,
        pending: this.pending, stops: this.stops, waiting: this.waiting.slice(),
        drawn: this.drawn, counts: this.hands.map((h) => h.length),
        stock: this.stock.length, turn: this.turn() };
    }

    botMove(seat) { // what fits, ordinary cards first, wild cards last; the suit it holds most of
      const view = this.view(seat);
      if (view.turn !== seat) throw new PlayError('wrong-player', `it is seat ${view.turn}'s turn`, this.legalMoves());
      const moves = this.internalMoves();
      const plays = moves.filter((m) => m.kind === 'play');
      if (plays.length) {
        const cost = (m) => {
          const s = this.special(m.cards[0]);
          return [s.wild ? 2 : this.isSpecial(m.cards[0]) ? 1 : 0, -m.cards.length, this.order.get(m.cards[0])];
        };
        const less = (a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
        let best = cost(plays[0]);
        for (const m of plays) if (less(cost(m), best) < 0) best = cost(m);
        let chosen = plays.filter((m) => less(cost(m), best) === 0);
        if (chosen[0].suit !== null) {
          const counts = new Map(SUITS.map((s) => [s, 0]));
          for (const c of view.hand) if (!chosen[0].cards.includes(c) && suitOf(c) !== null) counts.set(suitOf(c), counts.get(suitOf(c)) + 1);
          let want = SUITS[0];
          for (const s of SUITS) if (counts.get(s) > counts.get(want)) want = s;
          const named = chosen.filter((m) => m.suit === want);
          if (named.length) chosen = named;
        }
        return moveJson(chosen[this.bots[seat].below(chosen.length)]);
      }
      return moveJson(moves.find((m) => m.kind === 'draw' || m.kind === 'pass'));
    }

    state() {
      const over = this.isOver();
      return {
        family: 'shedding', players: this.players, seed: this.seed, round: this.roundNumber, dealer: this.dealer,
        dealt: this.dealt.map((h) => h.slice()), turned: this.turned,
        hands: this.hands.map((h) => this.sorted(h)), pile: this.pile.slice(), stock: this.stock.length,
        asked: this.asked, pending: this.pending, stops: this.stops, waiting: this.waiting.slice(),
        turn: this.turn(), moves: this.moves.slice(), last: this.last,
        over, result: over ? this.result() : null, match: this.match(),
      };
    }

    exampleScript(names, genders) { // the hand as an example script (rules/<game>/examples/*.yaml)
      const n = (s) => names[s];
      const script = E.finishScript({ seats: names.slice(0, this.players) }, names, genders, this.players);
      script.dealer = n(this.dealer);
      if (this.options.variant) script.variant = this.options.variant;
      script.deal = E.entries(this.dealt.map((cards, s) => [n(s), cards.join(' ')]));
      script.turned = this.firstTurned;
      script.stock = this.stockDealt.join(' ');
      script.moves = this.moves.map((m, i) => {
        const out = { by: n(m.by) };
        if (this.restockAt[i]) out.restock = this.restockAt[i].join(' ');
        if (m.play !== undefined) {
          out.play = m.play;
          if (m.suit) out.suit = m.suit;
          if (m.announce) out.announce = true;
          if (m.penalty) out.penalty = m.penalty.join(' ');
        } else if (m.draw) out.draw = (m.drawn || []).join(' ');
        else out.pass = true;
        return out;
      });
      if (this.isOver()) {
        const r = this.result();
        script.result = { scores: E.entries(r.scores.map((v, s) => [n(s), v])) };
        if (r.winner !== null) script.result.winner = n(r.winner);
      }
      return script;
    }
  }

  function moveJson(m) {
    if (m.kind === 'play') {
      const out = { by: m.seat, play: m.cards.join(' ') };
      if (m.suit !== null) out.suit = m.suit;
      if (m.announce) out.announce = true;
      return out;
    }
    return m.kind === 'draw' ? { by: m.seat, draw: true } : { by: m.seat, pass: true };
  }

  function parseMove(json, players) {
    if (!json || !isSeat(json.by, players)) return null;
    if (typeof json.play === 'string') {
      const cards = json.play.split(/\s+/).filter((c) => c);
      if (!cards.every(isCard)) return null;
      const suit = json.suit === undefined || json.suit === null ? null : json.suit;
      if (suit !== null && !SUITS.includes(suit)) return null;
      return { kind: 'play', seat: json.by, cards, suit, announce: json.announce === true };
    }
    if (json.draw === true) return { kind: 'draw', seat: json.by };
    if (json.pass === true) return { kind: 'pass', seat: json.by };
    return null;
  }


  // -- the play page's part (play.js calls page(h) with its helpers) ----------------------
  // The reader's hand is a row of cards: each that may be played is a button (a wild card
  // asks for the suit with four buttons); a button draws, another passes.
  function shedPage(h) {
    // The page's words (generator/web/play_page.py), from the language's catalog.
    const { el, num, fill, say, name, ui, W, api, ME, cardsNode, faceNode, backNode, tryMove, arrows, clampFocus, list, options, his } = h;

    return {
      nextLabel: W.nextHand,
      begin(s) { say(ui.takenUp ? W.handTakenUp : W.handNum, { num: s.round }); },
      announceTurn() { say(W.yourPlay, {}, false); },
      narrate(ev) {
        if (ev.play !== undefined) {
          say(W.plays, { name: name(ev.by), card: ev.play.split(' ') });
          if (ev.suit) say(W.asked, { suit: ev.suit });  // the suit a wild card names
        }
        else if (ev.draw && ev.by === ME && ev.drawn) say(W.youDrawCard, { card: ev.drawn });
        else if (ev.draw && ev.drawn && ev.drawn.length > 1) say(his('drawsSome', ev.by), { name: name(ev.by), num: ev.drawn.length });
        else if (ev.draw) say(his('drawsHidden', ev.by), { name: name(ev.by) });
        else if (ev.by === ME) say(W.youPass, {});
        else say(his('passes', ev.by), { name: name(ev.by) });
      },
      result(s) { // the hand's headline, the rule that decided it, its figures, the match's
        const lines = []; const line = (text, vars) => lines.push({ text, vars });
        const r = s.result; const m = s.match; const o = options();
        const figures = (seats, values) => list(seats.map((i) => `${name(i)}\u00a0${num(values[i])}`), true);
        const seats = r ? r.points.map((p, i) => i) : [];
        if (r && r.blocked) {  // nobody could play or draw: the lowest hand decides
          if (r.winner !== null) line(W.winsBlocked, { name: name(r.winner) });
          else line(W.tieBlocked, {});
          line(W.leftInHand, { list: figures(seats, r.points) });
        } else if (r && r.winner !== null) line(r.winner === ME ? W.youWinHand : his('winsHand', r.winner), { name: name(r.winner) });
        if (r && r.winner !== null && o.scoring === 'winner-collects') {
          const others = seats.filter((i) => i !== r.winner);
          line(W.collects, { name: name(r.winner), num: num(r.scores[r.winner]), list: figures(others, r.points) });
        } else if (r && o.scoring === 'penalty' && !r.blocked) {
          line(W.leftInHand, { list: figures(seats.filter((i) => i !== r.winner), r.points) });
        }
        if (m && m.over) {
          line(W.endReached, { num: o.match.target });
          const winners = list(m.winners.map(name));
          line(o.scoring === 'penalty' ? W.winLowest : W.winHighest, { name: `${winners} (${num(m.totals[m.winners[0]])})` });
        } else if (m) line(W.totals, { list: figures(seats, m.totals) });
        if (!lines.length) lines.push({ text: W.handNum, vars: { num: s.round } });
        return { title: fill(W.handNum, { num: s.round }), lines };
      },
      reason() { return null; },
      pauseAfterMove() { return false; },
      centre(s) {
        // the pile's top card, come from the player who played it (s.last: the last move)
        const by = s.last && s.last.play !== undefined ? String(s.last.by) : null;
        return el('div', { class: 'play-pile' }, [
          el('span', { 'data-arrive': by }, [faceNode(s.pile[s.pile.length - 1])]),
          el('span', { class: 'play-stock' }, [s.stock ? backNode() : null,
            el('span', { class: 'play-count', text: fill(W.stock, { num: s.stock }) })]),
          s.asked ? el('span', { class: 'play-asked', text: fill(W.asked, { suit: s.asked }) }) : null,
          s.pending ? el('span', { class: 'play-pending', text: fill(W.pending, { num: s.pending }) }) : null]);
      },
      seat(s, seat) {
        return [el('span', { class: 'play-count', text: fill(W.cards, { num: s.hands[seat].length }) })];
      },
      handTitle() { return null; },
      hand(s, parts, myTurn) {
        const legal = myTurn ? api.legalMoves() : [];
        const mine = s.hands[ME];
        // every card a button, as in the other families: one that may not be played now is
        // marked so (struck through, aria-disabled), and the arrow keys move along the row
        const cards = mine.map((c, i) => {
          const plays = legal.filter((m) => m.play !== undefined && m.suit === undefined && m.play.split(' ')[0] === c);
          const wild = legal.some((m) => m.suit !== undefined && m.play === c);
          const ok = plays.length > 0 || wild;
          // a wild card asks for its suit: the click moves to the row of its suit buttons
          const click = () => {
            ui.focus = i;
            if (plays.length) tryMove(plays[0]);
            else if (wild) document.querySelector(`.play-actions [data-wild="${c}"]`).focus();
          };
          return el('button', {
            type: 'button', class: 'play-card play-face' + (ok ? '' : ' is-illegal'),
            'aria-disabled': myTurn && !ok ? 'true' : null, 'data-card': c,
            tabindex: i === clampFocus(mine.length) ? '0' : '-1',
            'data-focus': myTurn && i === clampFocus(mine.length) ? '1' : null,
            on: { click },
          }, [faceNode(c)]);
        });
        const row = el('div', { class: 'play-hand', dir: 'ltr', role: 'group', 'aria-labelledby': 'play-hand-title' }, cards);
        row.addEventListener('keydown', arrows);
        parts.push(row);
        // a wild card with each suit it may name, several cards of a rank, a draw, a pass
        const others = legal.filter((m) => m.play === undefined || m.suit !== undefined || m.play.includes(' '));
        if (others.length) {
          // the cards as the page shows them everywhere (a Russian page's Д♠), named in words
          parts.push(el('div', { class: 'play-actions', dir: 'ltr' }, others.map((m) => el('button', {
            type: 'button', class: 'play-action', 'data-wild': m.suit !== undefined ? m.play : null,
            text: m.draw ? W.drawAction : m.pass ? W.passAction : null,
            on: { click: () => tryMove(m) } }, m.draw || m.pass ? []
            : [cardsNode(m.play.split(' ')), m.suit !== undefined ? ` → ${m.suit}` : null]))));
        }
        return el('section', { class: 'play-mine', 'aria-labelledby': 'play-hand-title' }, parts);
      },
      sheet(s) {
        if (!s.match) return null;
        return { corner: el('td'), rows: [el('tr', {}, [el('th', { scope: 'row', text: W.total }),
          ...s.match.totals.map((p) => el('td', { class: 'num', text: num(p) }))])] };
      },
    };
  }

  E.register('shedding', { Table: ShedTable, page: shedPage });
}(typeof module === 'object' && module.exports ? require('../engine.js') : window.RulebookEngine));

/* The drawing-and-pairing games at the play table (Black Peter, Old Maid, Uomo Nero, ...):
 * the twin of generator/families/pairs/ (engine.py, play.py; the bot's draw), registered with
 * the engine's core (../engine.js) as 'pairs', with the play page's part of the family. */
(function (E) {
  'use strict';
  const { PlayError, stream, entries, finishScript } = E;
  const { rankOf, colourOf, isCard, isSeat, mod } = E.cards;

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

  class PairsTable extends E.Table {
    constructor(options) {
      super(options);
      this.mode = options.odd_card === 'hidden' ? 'hidden' : options.odd_card === 'none' ? 'leftover' : 'named';
      this.alone = new Set(options.lay_down_alone);
      this.keys = new Map(options.cards.map((c) => [c, this.computeKey(c)]));
    }

    newMatch() { this.roundLosers = []; }

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

    deal(pack) { // the odd card set aside when hidden, then one card each from the dealer's left
      const n = this.players;
      this.hidden = this.mode === 'hidden' ? pack.pop() : null;
      this.dealt = Array.from({ length: n }, () => []);
      pack.forEach((card, i) => this.dealt[(this.dealer + 1 + i) % n].push(card));
      const laid = this.dealt.map((h) => this.layDownFirst(h));
      this.firstPairs = laid.map((l) => l[1]);
      this.laidAlone = laid.map((l) => l[2]);
      this.begin(laid.map((l) => this.sorted(l[0])));
    }

    /** A position is `hands` (what each seat holds, its pairs laid down) and, where the
        game hides a card, `hidden_card` (or null, unknown): play.py's position_error. */
    positionError(position) {
      const why = E.positionCards(position, ['hands'], this.options);
      if (why !== null) return why;
      const hands = position.hands;
      for (let seat = 0; seat < hands.length; seat++) {
        const [, pairs, alone] = this.layDownFirst(hands[seat]);
        if (pairs.length || alone.length) return `seat ${seat} holds cards it lays down: ${pairs.length ? pairs[0][0] : alone[0]}`;
      }
      if (!hands.some((h) => h.length)) return 'nobody holds a card';
      const odd = this.options.odd_card;
      if (this.mode === 'named' && !hands.some((h) => h.includes(odd))) return `nobody holds the odd card ${odd}`;
      const hidden = position.hidden_card === undefined ? null : position.hidden_card;
      if (hidden !== null) {
        if (this.mode !== 'hidden') return 'no card is hidden in this game';
        if (typeof hidden !== 'string' || !this.options.cards.includes(hidden)) return `the hidden card ${JSON.stringify(hidden)} is not a card in play`;
        if (hands.some((h) => h.includes(hidden))) return `the hidden card ${hidden} is in a hand`;
      }
      return null;
    }

    startFrom(position) { // the hands of the position, every pair laid down (none from the deal to show)
      this.hidden = position.hidden_card === undefined ? null : position.hidden_card;
      const kept = position.hands.map((h) => this.sorted(h));
      this.dealt = kept.map((h) => h.slice());
      this.firstPairs = kept.map(() => []);
      this.laidAlone = kept.map(() => []);
      this.begin(kept);
      this.fromPosition = true;
    }

    begin(kept) { // the round under way from `kept`, the hands after the pairs laid down
      const n = this.players;
      this.fromPosition = false;
      this.kept = kept;
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
      if (this.isOver()) this.roundLosers.push(this.result().losers);  // over at the deal: it counts
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

    exampleScript(names, genders) { // the round as an example script (rules/<game>/examples/*.yaml)
      const n = (s) => names[s];
      const byName = (lists) => entries(lists.map((cards, s) => [n(s), cards.join(' ')]));
      const script = finishScript({ seats: names.slice(0, this.players) }, names, genders, this.players);
      script.dealer = n(this.dealer);
      if (this.options.variant) script.variant = this.options.variant;
      if (this.fromPosition) script.position = byName(this.kept); // a round taken up late
      else {
        script.deal = byName(this.dealt);
        if (this.hidden !== null) script.hidden_card = this.hidden;
        script.first_pairs = byName(this.kept);
      }
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


  // -- the play page's part (play.js calls page(h) with its helpers) ----------------------
  // The reader draws from a fan of face-down backs, in an order shuffled for every draw.
  function pairsPage(h) {
    const { el, num, fill, plural, say, name, ui, W, api, ME, faceNode, backNode, tryMove, arrows, clampFocus, shuffledFan, list, options, his, role } = h;

    function fanNode(s) {
      const legal = api.legalMoves();
      if (ui.fan.length !== legal.length || ui.fanFor !== api.state().moves.length) {
        ui.fan = shuffledFan(legal.length);
        ui.fanFor = api.state().moves.length;
      }
      const title = fill(W.fan, { owner: role('owner', s.from) });
      const backs = ui.fan.map((at, i) => el('button', {
        type: 'button', class: 'play-back' + (h.scripted && h.scripted(legal[at]) ? ' is-scripted' : ''),
        tabindex: i === clampFocus(legal.length) ? '0' : '-1',
        'data-focus': i === clampFocus(legal.length) ? '1' : null,
        'aria-label': fill(W.back, { num: i + 1, total: legal.length }),
        on: { click: () => { ui.focus = i; ui.fan = []; tryMove(legal[at]); } },
      }, [backNode()]));
      const row = el('div', { class: 'play-fan', dir: 'ltr', role: 'group', 'aria-label': title }, backs);
      row.addEventListener('keydown', arrows);
      return el('div', { class: 'play-fan-box' }, [el('p', { class: 'play-fan-title', text: title }), row]);
    }

    return {
      how: W.howDraw,  // the reader draws from a fan: nothing is "played" here
      nextLabel: W.nextRound,
      begin(s) {
        say(ui.takenUp ? W.roundTakenUp : W.round, { num: s.round });
        s.first_pairs.forEach((pairs, seat) => {
          if (pairs.length) say(seat === ME ? W.youFirstPairs : his('firstPairs', seat), { name: name(seat), cards: pairs });
        });
      },
      announceTurn(s) { say(W.yourDraw, { giver: role('giver', s.from) }, false); },
      /** One sentence per event, in the words of the example rounds where they have them. */
      narrate(ev) {
        if (ev.by === ME) say(W.youDraw, { card: [ev.draw], giver: role('giver', ev.from) });
        else if (ev.from === ME) say(his('drawsFromYou', ev.by), { name: name(ev.by), card: [ev.draw] });
        else say(his('draws', ev.by), { name: name(ev.by), giver: role('giver', ev.from) });
        if (ev.pair) say(ev.by === ME ? W.youPair : his('pair', ev.by), { name: name(ev.by), cards: ev.pair });
        for (const seat of ev.out || []) say(seat === ME ? W.youOut : W.isOut, { owner: role('owner', seat) });
      },
      /** The round's headline by the game's rule (who holds the odd card loses, or wins in a
          reversed variant; who went out first wins), then the match's standing and its rule. */
      result(s) {
        const r = s.result; const o = options(); const lines = [];
        const line = (text, vars) => lines.push({ text, vars });
        const card = [r.last_card];
        if (o.odd_card_holder === 'wins') {
          if (r.holder === ME) line(W.youWinHolder, { card });
          else line(W.winsHolder, { name: name(r.holder), card });
        } else {
          if (o.winners === 'first-out' && r.winners.length) line(W.firstOut, { name: list(r.winners.map(name)) });
          line(r.holder === ME ? W.youLose : W.roundLost, { name: name(r.holder), card });
        }
        const m = s.match;
        if (m) {
          if (m.over) line(plural(W.matchOver, Math.max(...m.penalties)), { num: Math.max(...m.penalties), name: list(m.losers.map(name)) });
          else line(W.standing, { list: list(m.penalties.map((p, seat) => `${name(seat)}\u00a0${p}`), true) });
          if (o.match.kind === 'first-to-losses') line(plural(W.firstToLosses, o.match.losses || 1), { num: o.match.losses || 1 });
          else if (o.match.hands) line(plural(W.agreedHands, o.match.hands), { num: o.match.hands });
        }
        return { title: fill(W.resultRound, { num: s.round }), lines };
      },
      reason() { return null; },  // a draw is refused only out of turn
      pauseAfterMove() { return false; },
      centre() { return null; },
      seat(s, seat) {
        const out = s.out.flat().includes(seat);
        return [el('span', { class: 'play-count', text: out ? W.out : fill(W.cards, { num: s.hands[seat].length }) })];
      },
      handTitle() { return null; },
      hand(s, parts, myTurn) {
        parts.push(el('div', { class: 'play-hand', dir: 'ltr' }, s.hands[ME].map((c) => faceNode(c))));
        if (myTurn) parts.push(fanNode(s));
        return el('section', { class: 'play-mine', 'aria-labelledby': 'play-hand-title' }, parts);
      },
      sheet(s) {
        if (!s.match) return null;
        return { corner: el('td'), rows: [el('tr', {}, [el('th', { scope: 'row', text: W.losses }),
          ...s.match.penalties.map((p) => el('td', { class: 'num', text: num(p) }))])] };
      },
    };
  }

  E.register('pairs', { Table: PairsTable, page: pairsPage });
}(typeof module === 'object' && module.exports ? require('../engine.js') : window.RulebookEngine));

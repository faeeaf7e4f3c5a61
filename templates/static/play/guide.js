/* The play page's guide, hint and why (docs/play.md, "The guide"), beside play.js and over
   the same engine (window.rulebook):
   - the guide: the game page's first example round that the table can play
     (generator/web/play_guide.py), dealt as the script deals it; the reader plays its first
     seat, the other seats play the script's moves at the page's pace, and each step's
     narration (the game page's own, from the build) is shown as the hand goes. A move of the
     reader's other than the script's is allowed: the guide says where the hand left the
     example, and the computer plays on;
   - the hint: "What would the computer play?" marks the computer player's choice for the
     reader's seat (botMove: from view(seat) alone) without playing it;
   - the why: a refused card's message links to the section of the game page with its rule.
   The guide wraps the API's newRound, botMove and play (the same object play.js calls) and
   draws after each of play.js's renders ('rulebook:render'): play.js knows nothing of it
   but for hooks.scripted, which marks the example's face-down card in a pairing game. */
(function () {
  'use strict';
  const P = window.rulebookPlay;
  const api = window.rulebook;
  const root = document.getElementById('play-root');
  if (!P || !api || !root) return;
  const data = P.data;
  const W = data.words;
  const G = data.guide;  // null: no example of this game can be played at the table
  const ME = P.reader();
  const el = P.el;
  const base = { newRound: api.newRound, nextRound: api.nextRound, botMove: api.botMove, play: api.play };
  // active: the hand under way is the example's; done: its moves made as scripted; off: where
  // the reader left it ({mine, expected}); hint: the computer's move shown; refused: the code
  const g = { active: false, done: 0, off: null, hint: null, refused: null, auto: false };

  /** Whether `a` is the move `b` (a pass in any order of its cards). */
  function same(a, b) {
    if (!a || !b || a.by !== b.by) return false;
    if (Array.isArray(b.pass)) return Array.isArray(a.pass) && a.pass.slice().sort().join(' ') === b.pass.slice().sort().join(' ');
    if (b.pass === true) return a.pass === true;
    if ('bid' in b) return a.bid === b.bid;
    if ('from' in b) return a.from === b.from && a.draw === b.draw;
    if (b.draw === true) return a.draw === true;
    return a.play === b.play && (a.suit || null) === (b.suit || null) && !!a.announce === !!b.announce;
  }
  const scripted = () => (g.active && !g.off && g.done < G.moves.length ? G.moves[g.done] : null);

  api.newRound = function (options, seed, deal) {
    g.active = !!G && deal === G.deal;
    g.done = 0; g.off = null; g.hint = null; g.refused = null;
    return base.newRound.call(api, options, seed, deal);
  };
  api.nextRound = function (...args) {  // the match's next hand is the computer's own deal
    g.active = false; g.hint = null; g.refused = null;
    return base.nextRound.apply(api, args);
  };
  api.botMove = function (seat, ...more) {  // the script's move while the hand follows it
    const m = scripted();
    return m && m.by === seat ? JSON.parse(JSON.stringify(m)) : base.botMove.call(api, seat, ...more);
  };
  api.play = function (move) {
    const expected = scripted();
    let ev;
    try {
      ev = base.play.call(api, move);
    } catch (err) {
      if (err && err.code) g.refused = err.code;
      throw err;
    }
    g.refused = null; g.hint = null;
    if (expected) {
      if (same(move, expected)) g.done += 1;
      else g.off = { mine: move, expected };
    }
    return ev;
  };
  P.hooks.scripted = (move) => {
    const m = scripted();
    return !!m && m.by === ME && same(move, m);
  };

  // -- the example's steps -----------------------------------------------------------------

  /** The step of move k (from 0): -1 for the moves before the first step (the pass). */
  function stepOf(k) {
    if (k < G.start) return -1;
    const i = G.steps.findIndex((end) => k < end);
    return i < 0 ? G.steps.length - 1 : i;
  }
  function html(node, text) { node.innerHTML = text; return node; }  // the build's own HTML

  function gendered(key, seat) { return W[key + (G.genders[seat] === 'f' ? 'F' : 'M')]; }
  function cardsOf(move) {
    if (Array.isArray(move.pass)) return move.pass;
    if (typeof move.play === 'string') return move.play.split(' ');
    if (typeof move.draw === 'string') return [move.draw];
    return null;
  }
  /** Where the hand left the example: "You played 9♥; in the example Anna played 7♥ ...". */
  function offNode(off) {
    const mine = cardsOf(off.mine); const theirs = cardsOf(off.expected);
    const key = Array.isArray(off.expected.pass) ? 'offPassed' : 'from' in off.expected ? 'offDrew' : 'offPlayed';
    if (!mine || !theirs || ('bid' in off.expected) || off.expected.draw === true) return P.sentence(W.offOther, {});
    return P.sentence(gendered(key, ME), { mine, name: G.names[ME], card: theirs });
  }

  function panel(s) {
    const n = G.steps.length;
    let label; let text;
    if (g.off) {
      label = null; text = null;
    } else if (s.over) {
      label = W.guideStep.replace('%(num)s', n).replace('%(total)s', n);
      text = G.narration[n - 1] + G.result;
    } else {
      const i = stepOf(s.turn === ME ? g.done : g.done - 1);
      label = i < 0 ? W.guideDeal : W.guideStep.replace('%(num)s', i + 1).replace('%(total)s', n);
      text = i < 0 ? G.intro + G.begin : G.narration[i];
    }
    const note = g.off ? offNode(g.off)
      : s.over ? document.createTextNode(W.guideSame)
        : s.turn === ME ? document.createTextNode(W.guideMarked) : null;
    const step = g.off ? null : stepOf(s.over ? G.moves.length - 1 : (s.turn === ME ? g.done : g.done - 1));
    return el('section', { class: 'play-guide', 'aria-labelledby': 'play-guide-title', 'data-step': step === null ? 'off' : String(step + 1) }, [
      el('h2', { class: 'play-h', id: 'play-guide-title', text: G.title }),
      el('p', { class: 'play-guide-seat' }, [P.sentence(W.guideSeat, { name: G.names[ME] }), ' · ',
        el('a', { href: G.href, text: W.guideRead })]),
      label ? el('h3', { class: 'play-guide-step', text: label }) : null,
      text ? html(el('div', { class: 'play-guide-text' }), text) : null,
      note ? el('p', { class: 'play-guide-note' + (g.off ? ' is-off' : ''), id: 'play-guide-note', role: 'status' }, [note]) : null,
    ]);
  }

  // -- marking a move in the reader's hand ------------------------------------------------

  /** The buttons of the reader's move: its cards, its bid, its draw or pass. */
  function buttonsOf(move) {
    const mine = root.querySelector('.play-mine');
    if (!mine) return [];
    if ('bid' in move) return [...mine.querySelectorAll(`[data-bid="${move.bid}"]`)];
    if (move.suit !== undefined) return [...mine.querySelectorAll('.play-action')].filter((b) => b.dataset.wild === move.play && b.textContent.endsWith(move.suit));
    if (move.draw === true || move.pass === true) {
      const word = move.draw === true ? W.drawAction : W.passAction;
      return [...mine.querySelectorAll('.play-action')].filter((b) => b.textContent === word);
    }
    const cards = cardsOf(move) || [];
    if (typeof move.play === 'string' && cards.length > 1) {
      return [...mine.querySelectorAll('.play-action')].filter((b) => b.textContent === move.play);
    }
    return cards.flatMap((c) => [...mine.querySelectorAll(`.play-card[data-card="${c}"]`)]);
  }
  /** Marks the move's buttons; the example's move is also described to a screen reader by
      the guide's note ("The example's move is marked ..."), not by its ring alone. */
  function mark(move, cls, note) {
    for (const b of buttonsOf(move)) {
      b.classList.add(cls);
      if (note) b.setAttribute('aria-describedby', note);
    }
  }

  /** Where play.js put the focus on a card of the hand or the fan: on the example's card
      there instead (the first not yet chosen to pass), the row's one tab stop. */
  function focusMarked() {
    const at = document.activeElement;
    const row = at && at.closest && at.closest('.play-hand, .play-fan');
    if (!row || !root.contains(row)) return;
    const target = [...row.querySelectorAll('.is-scripted')].find((b) => b.getAttribute('aria-pressed') !== 'true');
    if (!target || target === at) return;
    for (const b of row.querySelectorAll('button')) b.setAttribute('tabindex', b === target ? '0' : '-1');
    target.focus();
  }

  // -- the hint ----------------------------------------------------------------------------

  function hintText(m) {
    if (Array.isArray(m.pass)) return [W.hintPass, { card: m.pass }];
    if ('bid' in m) return [W.hintBid, { num: m.bid }];
    if (m.draw === true) return [W.hintDraw, {}];
    if (m.pass === true) return [W.hintPassTurn, {}];
    return [W.hintPlay, { card: m.play.split(' ') }];
  }
  function hintNode() {
    const button = el('button', { type: 'button', class: 'button play-hint-button', text: W.hint, on: { click: () => {
      g.hint = base.botMove.call(api, ME);  // the computer's player for the reader's seat
      P.render(false);
    } } });
    const said = g.hint ? P.sentence(...hintText(g.hint)) : null;
    return el('p', { class: 'play-hint' }, [button, said ? ' ' : null, said ? el('span', { role: 'status' }, [said]) : null]);
  }

  // -- after each drawing of the table -----------------------------------------------------

  function offer(form) {  // the setup form: the example hand beside "Start the game"
    if (!G || form.querySelector('.play-guide-start')) return;
    const button = el('button', { type: 'button', class: 'button play-guide-start', text: W.guidePlay,
      on: { click: () => start() } });
    form.append(button);
  }
  function start() {
    // the reader is "You" in every form; the others' names in each role's case (ru «у Анны»)
    const roles = Object.fromEntries(Object.entries(G.roles).map(([r, forms]) => [r, [data.roles[r][0], ...forms.slice(1)]]));
    P.start(G.config, { deal: G.deal, names: [data.names[0], ...G.names.slice(1)], genders: G.genders, roles });
  }

  function setup() {  // the form; ?example=<name> (the game page's link) starts the guide
    g.active = false;
    const form = root.querySelector('.play-setup');
    if (form) offer(form);
    const asked = new URLSearchParams(location.search).get('example');
    if (G && asked === G.example && !g.auto) { g.auto = true; start(); }
  }

  root.addEventListener('rulebook:render', (e) => {
    if (e.detail.phase === 'setup') { setup(); return; }
    const s = api.state();
    const reason = root.querySelector('.play-reason');
    if (reason && g.refused && data.rules[g.refused]) {  // the why: the rule's section
      reason.append(' ', el('a', { href: data.rules[g.refused], class: 'play-why', text: W.why }));
    }
    const mine = root.querySelector('.play-mine');
    const myTurn = !s.over && s.turn === ME;
    if (mine && myTurn && data.family !== 'pairs') {  // a draw from a fan is not a choice
      mine.append(hintNode());
      if (g.hint) mark(g.hint, 'is-hint');
    }
    const expected = scripted();
    if (expected && expected.by === ME && myTurn) {
      mark(expected, 'is-scripted', 'play-guide-note');
      for (const b of root.querySelectorAll('.play-back.is-scripted')) b.setAttribute('aria-describedby', 'play-guide-note');
      focusMarked();
    }
    if (g.active && mine) mine.after(panel(s));
    // an example taken up at a position may not say who dealt: the table's dealer is then
    // its own choice, not the example's, and no seat is shown as the dealer
    if (g.active && !G.dealer_named) for (const badge of root.querySelectorAll('[data-dealer]')) badge.remove();
  });
  if (root.querySelector('.play-setup')) setup();  // play.js drew the form before this loaded
}());

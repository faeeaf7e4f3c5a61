/* The play page: the reader plays seat 0 against the computer (docs/play.md, "The page").
   Everything the rules decide is the engine's (engine.js, window.rulebook); this script only
   shows the reader's side of the table, asks for the reader's moves and paces the computer's.
   What differs from family to family (what a turn is, what happened, the hand, the middle of
   the table, the score sheet) is the family's page, in its file of families/ beside its
   table: this script names no family.
   The page's words, cards and options come from Python (generator/web/play_page.py) as JSON.
   The hidden cards never enter the DOM: the others' hands are counts, and the fan a reader
   draws from is a row of numbered backs in an order shuffled for every draw. */
(function () {
  'use strict';
  const root = document.getElementById('play-root');
  const dataNode = document.getElementById('play-data');
  if (!root || !dataNode || !window.RulebookEngine) return;
  const data = JSON.parse(dataNode.textContent);
  const W = data.words;
  const live = document.getElementById('play-live');
  const params = new URLSearchParams(location.search);
  const reduced = window.matchMedia && matchMedia('(prefers-reduced-motion: reduce)').matches;
  const api = window.rulebook = window.RulebookEngine.createApi();
  const ME = 0;
  let page = null;  // the family's part of the page (families/<family>.js), made below

  // The pace of the computer's moves: a pause before each move and a longer one on what a
  // move completed (a trick). Brisk by default: a move is read at a glance (a name and a
  // card), a finished trick needs a look at every card (docs/play.md, "Pace"). The reader's
  // choice is remembered on this device; ?pace=N (ms, both pauses) is for the tests.
  const PACES = { slow: [700, 1400], brisk: [250, 750], fast: [100, 300], now: [0, 0] };
  const PACE_KEY = 'rulebook-play-pace';
  function storedPace() {
    try { const p = localStorage.getItem(PACE_KEY); return p in PACES ? p : null; } catch (e) { return null; }
  }
  // The computer players' level, where the family has levels (the trick games: Easy, the
  // rule-based player; Strong, the one that plays out sampled deals, within 200 ms a move on
  // a phone: docs/play.md). Strong by default; the reader's choice is remembered like the
  // pace and goes to the engine with the game's options when a game starts.
  const LEVEL_KEY = 'rulebook-play-level';
  const levels = window.RulebookEngine.familyOf(data.family).levels || null;
  function storedLevel() {
    try { const l = localStorage.getItem(LEVEL_KEY); return levels && levels.includes(l) ? l : null; } catch (e) { return null; }
  }
  const ui = {
    config: data.default || 0, names: [], paceName: storedPace() || (reduced ? 'now' : 'brisk'),
    level: storedLevel() || 'strong',
    log: [], takenUp: false, pending: [], reason: '', selected: [], fan: [], focus: 0, gen: 0, token: 0, result: null,
  };
  let testPace = params.has('pace') ? Number(params.get('pace')) : null;
  const pace = () => (testPace !== null ? testPace : PACES[ui.paceName][0]);
  const hold = () => (testPace !== null ? testPace : PACES[ui.paceName][1]);
  const lang = document.documentElement.lang || 'en';
  /** A list as the page's language joins it: names "Bruno and Carla"; figures with their
      owners (figures: true) "You 5, Bruno 0, Carla 13". */
  function list(items, figures) {
    if (figures) return items.join(lang === 'ar' ? '، ' : ', ');  // (ICU joins Russian units with spaces)
    let out;
    try { out = new Intl.ListFormat(lang, { style: 'long', type: 'conjunction' }).format(items); } catch (e) { return items.join(', '); }
    // the last joining word agreeing with the last item (it «Bruno ed Elena»: core/euphony.py)
    const last = items[items.length - 1];
    for (const [word, form] of Object.entries(data.euphony || {})) {
      const tail = ` ${word} ${last}`;
      if (items.length > 1 && out.endsWith(tail) && firstLetter(last) === word.slice(-1)) return out.slice(0, -tail.length) + ` ${form} ${last}`;
    }
    return out;
  }
  /** The words said of one player: "You ..." for the reader, else agreeing with the name. */
  function of(key, seat) {
    if (seat === ME) return W[key + 'You'];
    return his(key, seat);
  }
  /** The words said of a computer player, in the form of that player's gender (key + M or F). */
  function his(key, seat) {
    return W[key + ((ui.genders ? ui.genders[seat] : data.genders[seat - 1]) === 'f' ? 'F' : 'M')];
  }
  /** A seat's name in a role's form: "giver" (drawn from), "owner" (whose cards), each in the
      case the page's language gives the role (ru «у Карлы»: core/seatnames.py). */
  function role(r, seat) {
    // the guide's example round seats its own names, with their forms (play_guide.py)
    return (ui.roles || data.roles)[r][seat];
  }
  // the words whose card is a verb's object: a language that declines card names says it
  // there in the accusative to a screen reader
  const objects = new Set(data.objects.flatMap((k) => [W[k], W[k + 'M'], W[k + 'F']]).filter(Boolean));

  // -- words and cards ---------------------------------------------------------------------

  /** A number as the page shows it: a negative one with the minus sign (U+2212), not the
      hyphen (engine.js, figure). */
  const num = window.RulebookEngine.figure;
  /** The words before a slot in the form its value asks for: it «a» before «Anna» is «ad»
      (core/euphony.py; data.euphony maps a word to that form, by the same first-letter rule). */
  const firstLetter = (v) => String(v).replace(/^(?:<[^>]*>)+/, '').trimStart().slice(0, 1).toLowerCase();
  function euphonic(text, vars) {
    const forms = data.euphony || {};
    return text.replace(/(^|[\s(«"])(\w+) (?=%\((\w+)\)s)/gu, (all, before, word, key) => (
      forms[word] && key in vars && typeof vars[key] === 'string' && firstLetter(vars[key]) === word.slice(-1)
        ? `${before}${forms[word]} ` : all));
  }
  /** A word that counts in its form for n: W[key] is then its plural forms, and data.plural
      the form of each count the page says (play_page.py: PLURAL_SPAN). */
  function plural(text, n) {
    return Array.isArray(text) ? text[data.plural[Math.min(n, data.plural.length - 1)]] : text;
  }
  function fill(text, vars) {
    return euphonic(text, vars).replace(/%\((\w+)\)s/g, (_, key) => num(vars[key]));
  }
  function el(tag, attrs, children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === 'text') node.textContent = v;
      else if (k === 'on') for (const [ev, fn] of Object.entries(v)) node.addEventListener(ev, fn);
      else node.setAttribute(k, v === true ? '' : v);
    }
    for (const c of children || []) if (c) node.append(c);
    return node;
  }
  /** A card as the site writes it: "10♥", left to right, named in the page's language. */
  function cardNode(card) {
    const [rank, suit, label, colour] = data.cards[card] || [card, '', card, 'black'];
    return el('span', { class: `card card-${colour}`, dir: 'ltr', role: 'img', 'aria-label': label },
      [rank, suit ? el('small', { text: suit }) : null]);
  }
  /** A card's face, for the hand, the trick and the pile (faces.js): a picture with the
      card's name; the running text of the log keeps the cards as text (cardNode). */
  function faceNode(card) {
    return window.RulebookFaces.face(card, data.cards[card], data.suits === 'italian');
  }
  /** A card face down: a picture only; its button or the count beside it says what it is. */
  function backNode() {
    return window.RulebookFaces.back();
  }
  /** A card, or a group of cards (a pair) kept together. */
  function cardsNode(c) {
    if (!Array.isArray(c)) return cardNode(c);
    return el('span', { class: 'play-group' }, c.flatMap((x, i) => (i ? [' ', cardNode(x)] : [cardNode(x)])));
  }
  /** A sentence with its cards as cards: the words from the catalog, %(card)s filled in. */
  function sentence(text, vars) {
    const out = el('span');
    const parts = euphonic(text, vars).split(/(%\(\w+\)s)/);
    for (const part of parts) {
      const m = /^%\((\w+)\)s$/.exec(part);
      if (!m) { out.append(part); continue; }
      const v = vars[m[1]];
      if (Array.isArray(v)) v.forEach((c, i) => { if (i) out.append(' '); out.append(cardsNode(c)); });
      else out.append(num(v));  // a figure as fill() writes it: −10, not -10
    }
    return out;
  }
  function spoken(text, vars) {
    const named = {};
    const form = objects.has(text) ? 4 : 2;
    const label = (c) => { const d = data.cards[c] || [c, '', c]; return d[form] || d[2]; };
    for (const [k, v] of Object.entries(vars)) {
      named[k] = Array.isArray(v) ? list(v.flat().map(label), true) : v;  // (Arabic: «،»)
    }
    return fill(text, named);
  }
  const name = (seat) => ui.names[seat];
  /** A player's hand face down: a small fan of backs, a picture beside the count that says
      how many (at most thirteen drawn: a bigger hand is a bigger number, not a wider fan). */
  function backsNode(count) {
    const n = Math.min(count, 13);
    const spread = Math.min(36, 4 * (n - 1));  // degrees from the first card to the last
    const backs = Array.from({ length: n }, (_, i) => {
      const back = backNode();
      if (n > 1) back.style.setProperty('--tilt', `${(i / (n - 1) - 0.5) * spread}deg`);
      return back;
    });
    return el('span', { class: 'play-backs', 'aria-hidden': 'true' }, backs);
  }

  // -- the pace of the computer -------------------------------------------------------------

  const sleep = (ms) => new Promise((resolve) => (ms > 0 ? setTimeout(resolve, ms) : resolve()));
  /** An event for the log and the screen reader (keep: false for a prompt, not logged). The
      live region is written at the reader's turn, at the end, and after each computer move
      at a readable pace: at once, each event would replace the last before it is read. */
  function say(text, vars, keep) {
    if (keep !== false) ui.log.push({ text, vars });
    else ui.prompt = { text, vars };
    ui.pending.push(spoken(text, vars || {}));
  }
  function speak() {
    if (ui.pending.length) live.textContent = ui.pending.join(' ');
    ui.pending = [];
  }
  function paceNode() {
    const words = { slow: W.paceSlow, brisk: W.paceBrisk, fast: W.paceFast, now: W.paceNow };
    const select = el('select', { id: 'play-pace' }, Object.keys(PACES).map((k) =>
      el('option', { value: k, text: words[k], selected: k === ui.paceName })));
    select.addEventListener('change', () => {
      ui.paceName = select.value; testPace = null;
      try { localStorage.setItem(PACE_KEY, select.value); } catch (e) { /* private mode: this visit only */ }
    });
    return el('p', { class: 'play-pace' }, [el('label', { for: 'play-pace', text: W.pace }), ' ', select]);
  }

  function levelNode() {
    if (!levels) return null;
    const words = { easy: W.levelEasy, strong: W.levelStrong };
    const select = el('select', { id: 'play-level' }, levels.map((k) =>
      el('option', { value: k, text: words[k], selected: k === ui.level })));
    select.addEventListener('change', () => {
      ui.level = select.value;
      try { localStorage.setItem(LEVEL_KEY, select.value); } catch (e) { /* private mode: this visit only */ }
    });
    return el('p', { class: 'play-pace' }, [el('label', { for: 'play-level', text: W.level }), ' ', select]);
  }

  // -- setup --------------------------------------------------------------------------------

  function setup() {
    root.replaceChildren();
    const select = el('select', { id: 'play-config' },
      data.configs.map((c, i) => el('option', { value: String(i), text: c.label, selected: i === ui.config })));
    const form = el('form', { class: 'play-setup', on: { submit: (e) => { e.preventDefault(); ui.config = Number(select.value); start(); } } }, [
      el('label', { for: 'play-config', text: W.setup }), select,
      levelNode(), paceNode(),
      el('button', { type: 'submit', class: 'button', id: 'play-start', text: W.start }),
    ]);
    root.append(form);
    if (ui.names.length) { ui.gen += 1; select.focus(); }  // back from a game: its loop stops
    rendered('setup');
  }
  /** Tells the page's other scripts (guide.js) that the table was drawn again. */
  function rendered(phase) { root.dispatchEvent(new CustomEvent('rulebook:render', { detail: { phase } })); }

  function seed() {
    if (params.has('seed')) return (Number(params.get('seed')) + ui.token) >>> 0;
    const a = new Uint32Array(1); crypto.getRandomValues(a); return a[0];
  }

  /** A new game; `given` ({deal, names, genders, roles}: the guide's example round) deals
      that round to seats of those names (genders a seat each, each role's forms of the names)
      instead of a shuffled one. */
  function start(given) {
    const config = data.configs[ui.config];
    ui.names = given ? given.names.slice() : data.names.slice(0, config.players);
    ui.genders = given ? given.genders : null;
    ui.roles = given ? given.roles : null;
    // a guide's example taken up at a position: its log says so, not "Hand 1" (a new deal)
    ui.takenUp = !!(given && given.deal && given.deal.position);
    ui.token = 0;
    ui.log = [];
    api.newRound(levels ? Object.assign({}, config.options, { level: ui.level }) : config.options, seed(),
      given ? given.deal : undefined);
    beginRound();
  }
  function next() {
    ui.token += 1;
    ui.log = [];
    ui.takenUp = false;
    api.nextRound(seed());
    beginRound();
  }
  function beginRound() {
    const s = api.state();
    ui.reason = ''; ui.selected = []; ui.focus = 0; ui.result = null;
    page.begin(s);
    run(true);
  }

  // -- the loop: the computer moves until it is the reader's turn -------------------------

  /** Each call is a generation: a loop left waiting by "New game" stops at its next step. */
  async function run(focus) {
    const gen = ++ui.gen;
    const current = () => gen === ui.gen;
    for (;;) {
      const s = api.state();
      if (s.over) break;
      if (s.turn === ME) { page.announceTurn(s); render(focus); speak(); return; }
      ui.prompt = { text: his('waiting', s.turn), vars: { name: name(s.turn) } };
      if (pace()) { render(false); speak(); }
      await sleep(pace());
      if (!current()) return;
      page.narrate(api.play(api.botMove(s.turn)), s);
      if (hold() && page.pauseAfterMove(api.state())) {
        render(false); speak();
        await sleep(hold());  // what the move completed (a trick) stays on the table a moment
        if (!current()) return;
      }
    }
    ui.prompt = null;
    announceEnd(shown(api.state()));
    speak();
  }

  /** The result, said and shown: a headline of who won and lost by which rule, and what
      each score is made of (the family's result(s): a title and its lines). */
  function announceEnd(s) {
    ui.result = page.result(s);
    if (!ui.result.lines.length) say(ui.result.title, {});
    for (const line of ui.result.lines) say(line.text, line.vars);
    render(true);
  }

  // -- the reader's moves ------------------------------------------------------------------

  function tryMove(move) {
    const before = api.state();
    let ev;
    try {
      ev = api.play(move);
    } catch (err) {
      if (!err || !err.code) throw err;
      ui.reason = reason(err.code, before);  // said by its role="alert"
      render(true);
      return;
    }
    ui.reason = ''; ui.selected = [];
    page.narrate(ev, before);
    run(true);
  }

  function reason(code, s) {
    return page.reason(code, s) || W.notYourTurn;
  }

  function legalCards() {
    return api.legalMoves().filter((m) => 'play' in m).map((m) => m.play);
  }

  function shuffledFan(count) {
    // A fresh order for every draw: the position of a back says nothing about its card.
    const order = [...Array(count).keys()];
    const r = new Uint32Array(count);
    crypto.getRandomValues(r);
    for (let i = count - 1; i > 0; i--) {
      const j = r[i] % (i + 1);
      [order[i], order[j]] = [order[j], order[i]];
    }
    return order;
  }

  // -- drawing the table ---------------------------------------------------------------------

  /** The state as the page shows it: without a score sheet or a match where the game's
      scores are outside rulebook's model (options.scored false; docs/authoring.md). */
  function shown(s) {
    return data.configs[ui.config].options.scored === false ? Object.assign({}, s, { match: null, sheet: [] }) : s;
  }

  // -- a played card moves to the trick ------------------------------------------------------

  /** No motion when the reader asks for less (the system setting, read at each move) or the
      computer plays "At once": the card is simply there. */
  function moving() {
    return ui.paceName !== 'now' && !(window.matchMedia && matchMedia('(prefers-reduced-motion: reduce)').matches);
  }
  /** Where the cards were before a render: the reader's cards, the others' seats, and the
      cards already on the table (data-arrive), which do not move again. */
  function whereCardsWere() {
    const rect = (n) => n.getBoundingClientRect();
    return {
      hand: new Map([...root.querySelectorAll('.play-mine [data-face]')].map((n) => [n.dataset.face, rect(n)])),
      seats: new Map([...root.querySelectorAll('.play-seat[data-seat]')].map((n) => [n.dataset.seat, rect(n)])),
      table: new Set([...root.querySelectorAll('[data-arrive] [data-face]')].map((n) => n.dataset.face)),
    };
  }
  /** Each card new on the table glides in from where it was: the reader's hand, or the seat
      of the player who played it (transform only: nothing else on the page moves). */
  function arrive(before) {
    for (const node of root.querySelectorAll('[data-arrive] [data-face]')) {
      const card = node.dataset.face;
      if (before.table.has(card)) continue;
      const from = before.hand.get(card) || before.seats.get(node.closest('[data-arrive]').dataset.arrive);
      if (!from) continue;
      const to = node.getBoundingClientRect();
      const dx = from.left + from.width / 2 - (to.left + to.width / 2);
      const dy = from.top + from.height / 2 - (to.top + to.height / 2);
      const scale = Math.max(0.3, Math.min(1.5, from.width / to.width));
      const motion = node.animate([{ transform: `translate(${dx}px, ${dy}px) scale(${scale})` }, { transform: 'none' }],
        { duration: 320, easing: 'cubic-bezier(.2, .7, .3, 1)' });
      motion.id = 'rb-arrive';
    }
  }

  /** The pace and "New game" under the table, made once a game and kept while the table is
      drawn again: a button drawn again under the pointer loses the click pressed on it ("New
      game" pressed while the computer moved at a brisk pace), and an open list of paces
      would close at the computer's next move. */
  function controls(s) {
    if (!ui.controls || !root.contains(ui.controls[0])) {
      ui.controls = [paceNode(), el('p', { class: 'play-quit' }, [
        el('button', { type: 'button', class: 'button', on: { click: setup }, text: W.newGame })])];
      root.append(...ui.controls);
    }
    ui.controls[1].hidden = !!s.over;
    return ui.controls;
  }

  function render(focus) {
    const s = shown(api.state());
    const kept = controls(s);
    const hadFocus = root.contains(document.activeElement) && !kept.some((k) => k.contains(document.activeElement));
    const before = moving() ? whereCardsWere() : null;
    const prompt = ui.prompt && !s.over
      ? el('p', { class: 'play-turn' }, [sentence(ui.prompt.text, ui.prompt.vars)]) : null;
    for (const child of [...root.children]) if (!kept.includes(child)) child.remove();
    kept[0].before(...[seatsNode(s), page.centre(s), prompt,
      handNode(s), ui.reason ? el('p', { class: 'play-reason', role: 'alert', text: ui.reason }) : null,
      s.over && ui.result ? resultNode(ui.result) : null, s.over ? endNode(s) : null, logNode(), sheetNode(s),
    ].filter(Boolean));
    if (before) arrive(before);
    if (focus || hadFocus) {
      const target = root.querySelector('[data-focus="1"]') || root.querySelector('.play-end button');
      if (target) target.focus();
    }
    rendered('play');
  }

  function seatsNode(s) {
    const items = [];
    for (let seat = 0; seat < s.players; seat++) {
      if (seat === ME) continue;
      items.push(el('li', { class: 'play-seat' + (s.turn === seat ? ' is-turn' : ''), 'data-seat': String(seat),
        'aria-current': s.turn === seat ? 'true' : null }, [
        el('span', { class: 'play-name', text: name(seat) }),
        s.hands[seat].length ? backsNode(s.hands[seat].length) : null,
        ...page.seat(s, seat),
        s.dealer === seat ? el('span', { class: 'play-dealer', 'data-dealer': true, text: his('dealer', seat) }) : null,
      ]));
    }
    return el('ul', { class: 'play-seats', 'aria-label': W.table }, items);
  }

  function handNode(s) {
    const myTurn = !s.over && s.turn === ME;
    const parts = [el('h2', { class: 'play-h', id: 'play-hand-title' }, [W.yourHand,
      s.dealer === ME ? el('span', { class: 'play-dealer', 'data-dealer': true, text: ` · ${W.dealer}` }) : null,
      page.handTitle(s)])];
    return page.hand(s, parts, myTurn);
  }
  function clampFocus(n) { return Math.max(0, Math.min(ui.focus, n - 1)); }

  /** The arrow keys move between the buttons of a row (left to right in every language). */
  function arrows(e) {
    const keys = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: -1e9, End: 1e9 };
    if (!(e.key in keys)) return;
    const buttons = [...e.currentTarget.querySelectorAll('button')];
    const at = buttons.indexOf(document.activeElement);
    const to = Math.max(0, Math.min(buttons.length - 1, (at < 0 ? 0 : at) + keys[e.key]));
    e.preventDefault();
    buttons.forEach((b, i) => b.setAttribute('tabindex', i === to ? '0' : '-1'));
    ui.focus = to;
    buttons[to].focus();
  }

  function endNode(s) {
    const over = s.match ? s.match.over : true;
    const buttons = [];
    if (!over) {
      buttons.push(el('button', { type: 'button', class: 'button', 'data-focus': '1', on: { click: next },
        text: page.nextLabel }));
    }
    buttons.push(el('button', { type: 'button', class: 'button', 'data-focus': over ? '1' : null, on: { click: setup }, text: W.newGame }));
    buttons.push(el('button', { type: 'button', class: 'button play-download', on: { click: download }, text: W.download }));
    return el('div', { class: 'play-end' }, buttons);
  }

  function resultNode(result) {
    return el('section', { class: 'play-result', 'aria-labelledby': 'play-result-title' }, [
      el('h2', { class: 'play-h', id: 'play-result-title', text: result.title }),
      ...result.lines.map((line, i) => el('p', { class: i ? null : 'play-headline' }, [sentence(line.text, line.vars)])),
    ]);
  }

  /** The whole round, newest first, numbered from its first event: the last twelve open,
      the earlier ones folded under a line that says how many. */
  const SHOWN = 12;
  function logNode() {
    const item = (e) => el('li', {}, [sentence(e.text, e.vars || {})]);
    const n = ui.log.length;
    const recent = ui.log.slice(-SHOWN).reverse();
    const older = ui.log.slice(0, Math.max(0, n - SHOWN)).reverse();
    return el('section', { class: 'play-log-box', 'aria-label': W.log }, [
      el('h2', { class: 'play-h', text: W.log }),
      el('ol', { class: 'play-log', reversed: true, start: String(n) }, recent.map(item)),
      older.length ? el('details', { class: 'play-log-older' }, [
        el('summary', { text: fill(W.earlier, { num: older.length }) }),
        el('ol', { class: 'play-log', reversed: true, start: String(older.length) }, older.map(item)),
      ]) : null,
    ]);
  }

  function sheetNode(s) {
    const sheet = data.configs[ui.config].options.scored === false ? null : page.sheet(s);
    if (!sheet) return null;
    const head = el('tr', {}, [sheet.corner, ...(sheet.columns || ui.names).map((n) => el('th', { scope: 'col', text: n }))]);
    return el('section', { class: 'play-sheet' }, [el('h2', { class: 'play-h', text: W.score }),
      el('div', { class: 'play-sheet-scroll' }, [el('table', {}, [el('thead', {}, [head]), el('tbody', {}, sheet.rows)])])]);
  }

  // -- the hand as an example script ---------------------------------------------------------

  /** YAML for the shapes of an example script: scalars, flow lists, flow maps of scalars. */
  function yaml(data) {
    const scalar = (v) => {
      if (typeof v !== 'string') return String(v);
      return /^[\p{L}\p{N}★☆♠♥♦♣][\p{L}\p{N} ★☆♠♥♦♣._-]*$/u.test(v) && !/^(true|false|null|yes|no|on|off|~|[\d.]+)$/i.test(v)
        ? v : JSON.stringify(v);
    };
    const flow = (v) => (Array.isArray(v) ? `[${v.map(flow).join(', ')}]`
      : v && typeof v === 'object' ? `{${Object.entries(v).map(([k, x]) => `${scalar(k)}: ${flow(x)}`).join(', ')}}` : scalar(v));
    const lines = [];
    for (const [key, value] of Object.entries(data)) {
      if (Array.isArray(value) && value.some((x) => x && typeof x === 'object')) {
        lines.push(`${key}:`);
        for (const item of value) lines.push(`  - ${flow(item)}`);
      } else if (value && typeof value === 'object' && !Array.isArray(value)) {
        lines.push(`${key}:`);
        for (const [k, v] of Object.entries(value)) lines.push(`  ${scalar(k)}: ${flow(v)}`);
      } else lines.push(`${key}: ${flow(value)}`);
    }
    return lines.join('\n') + '\n';
  }

  function download() {
    const s = api.state();
    const script = api.exampleScript(data.script_names.slice(0, s.players), data.script_genders);
    const text = `# Played on the play page: ${data.game}, round ${s.round}, seed ${s.seed}.\n`
      + '# Save it in the game\'s examples/ folder: `rulebook check` replays it as it is. To publish\n'
      + '# it, narrate it in each language file and remove `draft: true`.\n' + yaml(script);
    const url = URL.createObjectURL(new Blob([text], { type: 'text/yaml' }));
    const a = el('a', { href: url, download: `played-${data.game}-${s.round}.yaml` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  // What the page's other scripts use (guide.js: the example hand, the hint, the rules);
  // `scripted(move)` says which move the guide marks (a face-down card has no data-card).
  const hooks = { scripted: null };
  const scripted = (move) => !!(hooks.scripted && hooks.scripted(move));
  window.rulebookPlay = {
    yaml,  // for tests: the emitter alone
    hooks, data, el, sentence, render,
    start(config, given) { ui.config = config; start(given); },
    reader: () => ME,
  };
  page = window.RulebookEngine.familyOf(data.family).page({
    el, fill, plural, num, sentence, cardNode, cardsNode, faceNode, backNode, backsNode, say, name, ui, data, W, api, ME, render, tryMove, scripted,
    legalCards, arrows, clampFocus, shuffledFan, list, of, his, role, options: () => data.configs[ui.config].options,
  });
  const how = document.querySelector('.play-how');  // how to move, in the family's words
  if (how && page.how) how.textContent = page.how;
  setup();
}());

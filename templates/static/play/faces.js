/* Card faces and backs for the play page, drawn as SVG in the page (docs/play.md, "Card
   faces"). No image files and no font: a face is a rounded card with its rank and suit in two
   corners, the suit's pips in the middle (a court card: its letter in a frame, under an
   emblem), and every colour is a CSS custom property of site.css (--card-face, --card-red,
   ...), so a face follows the light or dark theme and a site's custom.css. The pips and the
   back's pattern are drawn once, as symbols of one hidden <svg> the first face adds to the
   page; each face uses them by reference, so a hand of thirteen costs a few hundred nodes.
   A face is a picture with the card's spoken name (role="img", aria-label); its drawing is
   hidden from screen readers. The 40-card Italian deck (Briscola: coppe, denari, spade,
   bastoni, written with the French glyphs ♥ ♦ ♠ ♣ as the rules write them) has its own
   emblems, its cavallo (Q) a horseshoe.
   Dependency-free ES2017; sets window.RulebookFaces. */
(function (root) {
  'use strict';
  const NS = 'http://www.w3.org/2000/svg';
  const W = 60, H = 84;  // a face's viewBox: the 5:7 of a playing card

  // Each symbol in a 100 x 100 box; the ids are a page's (one sprite per page).
  const SYMBOLS = {
    // the French suits
    'rb-h': '<path d="M50 92C22 68 2 50 2 29 2 13 14 3 28 3c10 0 18 6 22 14C54 9 62 3 72 3c14 0 26 10 26 26 0 21-20 39-48 63Z"/>',
    'rb-d': '<path d="M50 2 88 50 50 98 12 50Z"/>',
    'rb-s': '<path d="M50 2C72 24 98 40 98 62c0 14-11 24-24 24-9 0-16-4-20-11 1 10 5 17 13 23H33c8-6 12-13 13-23-4 7-11 11-20 11C13 86 2 76 2 62 2 40 28 24 50 2Z"/>',
    'rb-c': '<circle cx="50" cy="28" r="22"/><circle cx="26" cy="60" r="22"/><circle cx="74" cy="60" r="22"/>'
      + '<path d="M44 40h12v20c0 16 4 28 12 38H32c8-10 12-22 12-38Z"/>',
    // the Italian suits: coppe (a goblet), denari (a coin: rings), spade (a sword), bastoni (a club)
    'rb-ih': '<path d="M14 6h72c0 34-14 54-30 57v15c10 2 22 9 22 18v2H22v-2c0-9 12-16 22-18V63C28 60 14 40 14 6Z"/>',
    'rb-id': '<path fill-rule="evenodd" d="M50 2a48 48 0 1 1 0 96 48 48 0 1 1 0-96Zm0 14a34 34 0 1 0 0 68 34 34 0 1 0 0-68Zm0 20a14 14 0 1 1 0 28 14 14 0 1 1 0-28Z"/>',
    'rb-is': '<path d="M50 0l14 16v50H36V16Z"/><path d="M12 64h76v13H12Z"/><path d="M42 77h16v12H42Z"/><circle cx="50" cy="91" r="9"/>',
    'rb-ic': '<path d="M36 8c6-8 22-8 28 0l6 92H30Z"/><circle cx="30" cy="34" r="9"/><circle cx="70" cy="56" r="9"/><circle cx="30" cy="76" r="9"/>',
    // the court's emblems: a crown (king), a diadem (queen), a cap (jack), a horseshoe (cavallo)
    'rb-k': '<path d="M6 86 2 24l24 26 24-40 24 40 24-26-4 62Z"/><circle cx="2" cy="20" r="7"/><circle cx="50" cy="8" r="8"/><circle cx="98" cy="20" r="7"/>',
    'rb-q': '<path d="M8 86 4 44c10 10 22 14 30 4 6 10 26 10 32 0 8 10 20 6 30-4l-4 42Z"/><circle cx="4" cy="38" r="6"/><circle cx="34" cy="40" r="6"/><circle cx="66" cy="40" r="6"/><circle cx="96" cy="38" r="6"/><circle cx="50" cy="22" r="9"/>',
    'rb-j': '<path d="M6 80c0-26 18-46 44-46s44 20 44 46Z"/><path d="M50 34c10-20 28-30 46-26-12 4-22 12-28 28Z"/><path d="M2 80h96v12H2Z"/>',
    'rb-horse': '<path fill-rule="evenodd" d="M50 4c26 0 44 20 44 48 0 18-6 34-14 44H60c8-12 14-26 14-42 0-18-10-30-24-30S26 36 26 54c0 16 6 30 14 42H20C12 86 6 70 6 52 6 24 24 4 50 4ZM16 46a4 4 0 1 0 0 8 4 4 0 1 0 0-8Zm68 0a4 4 0 1 0 0 8 4 4 0 1 0 0-8ZM22 24a4 4 0 1 0 0 8 4 4 0 1 0 0-8Zm56 0a4 4 0 1 0 0 8 4 4 0 1 0 0-8ZM50 10a4 4 0 1 0 0 8 4 4 0 1 0 0-8Z"/>',
    'rb-star': '<path d="M50 4 62 38h36L69 59l11 35-30-21-30 21 11-35L2 38h36Z"/>',
  };
  const FRENCH = { '♥': 'rb-h', '♦': 'rb-d', '♠': 'rb-s', '♣': 'rb-c' };
  const ITALIAN = { '♥': 'rb-ih', '♦': 'rb-id', '♠': 'rb-is', '♣': 'rb-ic' };
  const COURT = { J: 'rb-j', Q: 'rb-q', K: 'rb-k' };

  // Where a card's pips stand (centres in the viewBox), 2 to 10 as on a printed card; the
  // pips of the lower half upside down. The corner indices keep x 3-17 and x 43-57 free.
  const L = 23, C = 30, R = 37, T = 17, B = 67, M = 42;
  const ROWS4 = [T, 33.7, 50.3, B];
  const PIPS = {
    2: [[C, T], [C, B]],
    3: [[C, T], [C, M], [C, B]],
    4: [[L, T], [R, T], [L, B], [R, B]],
    5: [[L, T], [R, T], [C, M], [L, B], [R, B]],
    6: [[L, T], [R, T], [L, M], [R, M], [L, B], [R, B]],
    7: [[L, T], [R, T], [C, 29.5], [L, M], [R, M], [L, B], [R, B]],
    8: [[L, T], [R, T], [C, 29.5], [L, M], [R, M], [C, 54.5], [L, B], [R, B]],
    9: [...ROWS4.flatMap((y) => [[L, y], [R, y]]), [C, M]],
    10: [...ROWS4.flatMap((y) => [[L, y], [R, y]]), [C, 25.3], [C, 58.7]],
  };

  function svg(tag, attrs) {
    const node = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    return node;
  }
  /** The page's one sprite of symbols, added before the first face or back is drawn. */
  function ensureSprite() {
    if (document.getElementById('rb-card-sprite')) return;
    const body = Object.entries(SYMBOLS).map(([id, d]) => `<symbol id="${id}" viewBox="0 0 100 100">${d}</symbol>`).join('')
      // the back: a lattice within a border, like the backs of a pack of cards
      + '<pattern id="rb-lattice" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
      + '<path d="M0 4h8M4 0v8" class="back-line" stroke-width="1.6"/></pattern>'
      + '<symbol id="rb-back" viewBox="0 0 60 84"><rect x=".75" y=".75" width="58.5" height="82.5" rx="5" class="back-bg"/>'
      + '<rect x="5" y="5" width="50" height="74" rx="3" fill="url(#rb-lattice)" class="back-frame" stroke-width="1.5"/>'
      + '<circle cx="30" cy="42" r="9" class="back-bg back-frame" stroke-width="1.5"/>'
      + '<path d="M30 36l5 6-5 6-5-6Z" class="back-mark"/></symbol>';
    const sprite = svg('svg', { id: 'rb-card-sprite', 'aria-hidden': 'true', focusable: 'false', width: '0', height: '0' });
    sprite.innerHTML = `<defs>${body}</defs>`;
    document.body.prepend(sprite);
  }
  function use(id, x, y, size, turn) {
    const attrs = { href: `#${id}`, x: String(x), y: String(y), width: String(size), height: String(size) };
    if (turn) attrs.transform = `rotate(180 ${x + size / 2} ${y + size / 2})`;
    return svg('use', attrs);
  }
  /** A corner's index: the rank as the page writes it, and the suit under it. */
  function index(rank, pip) {
    const g = svg('g', { class: 'face-index' });
    const text = svg('text', { x: '10', y: '17', 'text-anchor': 'middle' });
    if (rank.length > 1) { text.setAttribute('textLength', '15'); text.setAttribute('lengthAdjust', 'spacingAndGlyphs'); }
    text.textContent = rank;
    g.append(text);
    if (pip) g.append(use(pip, 4, 20, 12));
    return g;
  }

  /** A face: <span class="face face-red" role="img" aria-label="seven of hearts"> around its
      drawing. ``info`` is the page's [rank as shown, suit, spoken name, colour]; ``italian``
      draws the Italian suits; ``court`` is the card's rank in the notation (J, Q, K). */
  function face(card, info, italian) {
    ensureSprite();
    const [shown, suit, label, colour] = info || [card, '', card, 'black'];
    const rank = suit ? card.slice(0, -suit.length) : '';
    const pip = suit ? (italian ? ITALIAN : FRENCH)[suit] : 'rb-star';
    const picture = svg('svg', { viewBox: `0 0 ${W} ${H}`, 'aria-hidden': 'true', focusable: 'false' });
    picture.append(svg('rect', { x: '.75', y: '.75', width: '58.5', height: '82.5', rx: '5', class: 'face-bg' }));
    const ink = svg('g', { class: 'face-ink' });
    ink.append(index(shown, suit ? pip : null));
    const bottom = index(shown, suit ? pip : null);
    bottom.setAttribute('transform', `rotate(180 ${W / 2} ${H / 2})`);
    ink.append(bottom);
    if (!suit) ink.append(use('rb-star', 12, 24, 36));  // a joker: its star
    else if (COURT[rank]) {
      ink.append(svg('rect', { x: '18', y: '12', width: '24', height: '60', rx: '3', class: 'face-court' }));
      ink.append(use(italian && rank === 'Q' ? 'rb-horse' : COURT[rank], 22, 16, 16));
      const letter = svg('text', { x: '30', y: '53', 'text-anchor': 'middle', class: 'face-letter' });
      letter.textContent = shown;
      ink.append(letter, use(pip, 24, 56, 12));
    } else if (PIPS[rank]) {
      const size = italian ? 13 : 11;  // the Italian emblems are tall and narrow
      for (const [x, y] of PIPS[rank]) ink.append(use(pip, x - size / 2, y - size / 2, size, y > M));
    } else ink.append(use(pip, 13, 25, 34));  // the ace: one large pip
    picture.append(ink);
    const node = document.createElement('span');
    node.className = `face face-${colour}`;
    node.setAttribute('role', 'img');
    node.setAttribute('aria-label', label);
    node.dataset.face = card;  // (data-card is its button's)
    node.append(picture);
    return node;
  }

  /** A back: the same card face down, a picture without a name (what it stands for is said
      by its button or beside it). */
  function back() {
    ensureSprite();
    const picture = svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'back', 'aria-hidden': 'true', focusable: 'false' });
    picture.append(svg('use', { href: '#rb-back' }));
    return picture;
  }

  root.RulebookFaces = { face, back, PIPS };
}(typeof window === 'object' ? window : this));

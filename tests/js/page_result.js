// The node side of tests/test_play_results.py: a family's page part (families/<family>.js)
// says the result of a finished round or hand, as the play page would show it. One JSON
// request on stdin: {words, plural, names, genders, lang, options, states: [...]}; the answer, one
// list a state: {title, lines}, each line its words filled in (cards as their notation).
'use strict';
const path = require('path');
const fs = require('fs');
const PLAY = path.resolve(__dirname, '../../templates/static/play');
const E = require(path.join(PLAY, 'engine.js'));
for (const name of fs.readdirSync(path.join(PLAY, 'families')).sort()) {
  if (name.endsWith('.js')) require(path.join(PLAY, 'families', name));
}

const request = JSON.parse(fs.readFileSync(0, 'utf8'));
const W = request.words;
// play.js's num: the engine's figure, a negative number with the minus sign
const num = E.figure;
const fill = (text, vars) => text.replace(/%\((\w+)\)s/g, (_, k) => {
  const v = vars[k];
  return Array.isArray(v) ? v.flat().join(' ') : num(v);
});
// the page's helpers that a result needs (play.js), the same code paths
function list(items, figures) {
  if (figures) return items.join(request.lang === 'ar' ? '، ' : ', ');
  return new Intl.ListFormat(request.lang, { style: 'long', type: 'conjunction' }).format(items);
}
// play.js's plural: a word that counts, in its form for n
const plural = (text, n) => (Array.isArray(text) ? text[request.plural[Math.min(n, request.plural.length - 1)]] : text);
function of(key, seat) {
  if (seat === 0) return W[key + 'You'];
  return his(key, seat);
}
function his(key, seat) {
  return W[key + (request.genders[seat - 1] === 'f' ? 'F' : 'M')];
}
const h = { fill, plural, num, list, of, his, W, ME: 0, name: (s) => request.names[s], options: () => request.options, ui: {}, data: {} };
const page = E.familyOf(request.options.family).page(h);
const out = request.states.map((s) => {
  const r = page.result(s);
  return { title: r.title, lines: r.lines.map((l) => fill(l.text, l.vars)), how: page.how || null };
});
process.stdout.write(JSON.stringify(out));

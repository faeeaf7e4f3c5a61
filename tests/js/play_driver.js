// The node side of tests/test_play_engine.py: plays the rounds Python asks for through
// templates/static/play/engine.js (with every family of families/ registered) and answers
// one JSON line per request line.
//
// A request: {"options": [...play options...], "jobs": [{"opt": i, "seed": s, "rounds": k,
// "bots": [seats], "verbose": false}]}. Each job plays a match of k rounds (newRound, then
// nextRound(seed + r)), fewer when the match ends before; random seats pick legalMoves()[chooser.below(n)] with the chooser
// Rng(seed ^ 0x5bd1e995). The answer per job: a FNV-1a hash over every step's legal moves
// and chosen move, the steps, and each round's result and match standing; with verbose,
// the steps themselves.
'use strict';
const path = require('path');
const readline = require('readline');
const fs = require('fs');
const PLAY = path.resolve(__dirname, '../../templates/static/play');
const engine = require(path.join(PLAY, 'engine.js'));
for (const name of fs.readdirSync(path.join(PLAY, 'families')).sort()) {
  if (name.endsWith('.js')) require(path.join(PLAY, 'families', name));  // each registers itself
}

function fnv(h, text) {
  for (let i = 0; i < text.length; i++) { h ^= text.charCodeAt(i); h = Math.imul(h, 16777619) >>> 0; }
  return h;
}
function moveKey(m) { // the twin of test_play_engine.py's move_key
  let what;
  if (m.bid !== undefined) what = `bid ${m.bid}`;
  else if (m.draw === true || m.pass === true) what = m.draw === true ? 'draw' : 'pass';
  else if (m.draw !== undefined || m.play !== undefined) {
    what = m.draw !== undefined ? m.draw : m.play;
    if (m.suit !== undefined) what += ` ${m.suit}`;
    if (m.announce) what += ' !';
  } else what = m.pass.join(' ');
  return `${m.by}|${m.from !== undefined ? m.from : ''}|${what}`;
}

// A hand given up after this many moves: shedding bots can pass the same wild cards round
// the table for ever (test_play_engine.py's ENDLESS, the same number).
const ENDLESS = 5000;

function runJob(options, job) {
  const table = engine.createTable(options);
  const chooser = new engine.Rng((job.seed ^ 0x5bd1e995) >>> 0);
  const bots = new Set(job.bots);
  let h = 2166136261; let steps = 0;
  const rounds = []; const trace = [];
  let endless = false;
  for (let r = 0; r < job.rounds && !endless; r++) {
    if (r > 0 && (table.match() || {}).over) break;  // the match is over: no round after it
    if (r === 0) table.newRound(job.seed, job.deal); else table.nextRound((job.seed + r) >>> 0);
    for (let moves = 0; ; moves++) {
      const turn = table.turn();
      if (turn === null || table.isOver()) break;
      if (moves === ENDLESS) { endless = true; break; } // (test_play_engine.ENDLESS)
      const legal = table.legalMoves();
      const legalKey = legal.map(moveKey).join(',');
      const move = bots.has(turn) ? table.botMove(turn) : legal[chooser.below(legal.length)];
      h = fnv(fnv(h, legalKey), moveKey(move));
      if (job.verbose) trace.push([legalKey, moveKey(move)]);
      table.play(move);
      steps += 1;
    }
    const s = table.state();
    rounds.push({ result: s.result, match: s.match, endless });
    if (job.script) rounds[rounds.length - 1].script = table.exampleScript(job.script, job.genders);
  }
  const out = { hash: h, steps, rounds };
  if (job.verbose) out.trace = trace;
  return out;
}

const rl = readline.createInterface({ input: process.stdin, terminal: false });
rl.on('line', (line) => {
  const request = JSON.parse(line);
  let answer;
  try {
    if (request.prng) {
      const rng = new engine.Rng(request.prng.seed);
      answer = { u32: Array.from({ length: request.prng.count }, () => rng.nextU32()),
        below: request.prng.below.map((n) => rng.below(n)),
        shuffled: rng.shuffle(Array.from({ length: request.prng.shuffle }, (_, i) => i)),
        stream: engine.stream(request.prng.seed, 3).nextU32() };
    } else if (request.states) {
      answer = request.states.map((job) => {
        const table = engine.createTable(request.options[job.opt]);
        const chooser = new engine.Rng((job.seed ^ 0x5bd1e995) >>> 0);
        // a given deal and moves first where the job has them (an example round: the guide)
        const out = [table.newRound(job.seed, job.deal)];
        for (const move of job.moves || []) { table.play(move); out.push(table.state()); }
        while (!table.isOver()) {
          const legal = table.legalMoves();
          const turn = table.turn();
          table.play(job.bots.includes(turn) ? table.botMove(turn) : legal[chooser.below(legal.length)]);
          out.push(table.state());
        }
        return out;
      });
    } else if (request.calls) {
      const api = engine.createApi();
      answer = request.calls.map(([name, ...args]) => {
        try { return { ok: api[name](...args) }; } catch (e) {
          return e instanceof engine.PlayError ? { error: e.toJSON() } : { crash: String(e) };
        }
      });
    } else answer = request.jobs.map((job) => runJob(request.options[job.opt], job));
  } catch (e) {
    answer = { crash: String(e && e.stack || e) };
  }
  process.stdout.write(JSON.stringify(answer) + '\n');
});

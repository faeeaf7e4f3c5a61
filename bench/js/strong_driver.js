// The node side of bench/bench_bots.py --strong: the strong computer player at one seat
// against the rule-based (easy) player at every other, whole matches through
// templates/static/play/engine.js, the strong seat moving round the table match by match.
//
// A request on stdin (one JSON document): {"options": play options, "hands": N, "seed": S,
// "budget": B or null}. The answer on stdout: {"hands": [{match, strong, scores}], "matches":
// [{strong, winners, hands}], "ms": [the time of each strong move, in milliseconds], "cpu":
// [the processor time of each, in milliseconds: node's threads, whatever else the machine
// runs]}.
'use strict';
const path = require('path');
const PLAY = path.resolve(__dirname, '../../templates/static/play');
const engine = require(path.join(PLAY, 'engine.js'));
require(path.join(PLAY, 'families', 'tricks.js'));

function run(request) {
  const easy = Object.assign({}, request.options, { level: 'easy' });
  const strong = Object.assign({}, request.options, { level: 'strong' });
  if (request.budget) strong.budget = request.budget;
  const table = engine.createTable(easy);
  const out = { hands: [], matches: [], ms: [], cpu: [] };
  for (let m = 0; out.hands.length < request.hands; m++) {
    const seat = m % easy.players;
    const seed = (request.seed + m * 7919) >>> 0;
    let played = 0;
    for (;;) {
      if (played === 0) table.newRound(seed); else table.nextRound((seed + played) >>> 0);
      while (!table.isOver()) {
        const turn = table.turn();
        // one table, two players: the options say which level moves (nothing else differs)
        table.options = turn === seat ? strong : easy;
        const passing = table.isPassing;
        const cpu = process.cpuUsage();
        const start = process.hrtime.bigint();
        const move = table.botMove(turn);
        if (turn === seat && !passing) {  // (its passes are the easy player's)
          out.ms.push(Number(process.hrtime.bigint() - start) / 1e6);
          const used = process.cpuUsage(cpu);
          out.cpu.push((used.user + used.system) / 1000);
        }
        table.options = easy;
        table.play(move);
      }
      played += 1;
      const s = table.state();
      out.hands.push({ match: m, strong: seat, scores: s.result.scores });
      if (!s.match || s.match.over) {
        out.matches.push({ strong: seat, winners: s.match ? s.match.winners : [], hands: played,
          sides: s.match ? s.match.sides : null });
        break;
      }
    }
  }
  return out;
}

let input = '';
process.stdin.on('data', (d) => { input += d; });
process.stdin.on('end', () => { process.stdout.write(JSON.stringify(run(JSON.parse(input)))); });

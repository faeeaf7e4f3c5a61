"""The narration reader's recall: every example narration of the corpus with one fact changed
(a player, a trick's winner, a card in glyphs or in words, a score), checked, and the share of
changes reported at the changed line, by kind and language. Prints the table, and with
--missed the changes nobody reported; asserts nothing. Run with
`python bench/narration_recall.py [--missed] [--kind KIND] [--lang LANG] [--game ID]`.
What counts as a change is defined in tests/narration_mutations.py."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from narration_mutations import corpus_mutations, run, shown, table  # noqa: E402

from generator.check.games import check  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--missed", action="store_true", help="list the changes not reported")
    parser.add_argument("--kind")
    parser.add_argument("--lang")
    parser.add_argument("--game")
    args = parser.parse_args()
    checked = check([ROOT / "rules"], root=ROOT)
    assert checked.ok, [d.format() for d in checked.report.errors]
    found = [(b, m) for b, m in corpus_mutations(checked)
             if (args.kind is None or m.kind == args.kind)
             and (args.lang is None or m.lang == args.lang)
             and (args.game is None or m.game == args.game)]
    outcomes = [run(b, m) for b, m in found]
    print(shown(table(outcomes)))
    print(f"\n{len(outcomes)} changes; reported elsewhere only: "
          f"{sum(o.elsewhere for o in outcomes)}")
    if args.missed:
        for o in outcomes:
            if not o.caught:
                m = o.mutation
                print(f"{m.kind:<12} {m.where}  {m.old!r} -> {m.new!r}"
                      f"{'  (elsewhere)' if o.elsewhere else ''}")


if __name__ == "__main__":
    main()

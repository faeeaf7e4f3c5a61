"""What the search costs Pagefind itself: prints figures, asserts nothing.

The synthetic corpus of bench_site.py (every copy's prose its own) is built once without
search; then each language's game pages, and then its numbers pages, are indexed alone by one
Pagefind service, as the build hands them over (from memory, through its Python API). Each
line is Pagefind's own CPU time (the service process's, read when it exits) per page, and the
two together: what one game in one language costs the search before rulebook does anything.

Then the issue-40 comparison, in one run: the search step's CPU (its own line in a clean
build's `--timings`, Pagefind's services included; the simulations in the run's own warm
cache) beside the Pagefind CLI's CPU indexing the same output folder, twice (``pagefind --site``,
every HTML file of it read, the pages marked for the search indexed, the bundle written
elsewhere): the CLI is the floor, the target is at most 1.2 times it.

    python bench/bench_search.py [--copies 25] [--cli-only]
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_site import synthetic_corpus  # noqa: E402
from compare import step_cpu, timed  # noqa: E402

from generator.core.diagnostics import Report  # noqa: E402
from generator.pipeline import BuildConfig, build  # noqa: E402
from generator.web.search import language_indexes, pagefind_binary  # noqa: E402


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def pagefind_ms(out: Path, lang: str, pattern: str) -> tuple[float, int]:
    """Pagefind's CPU per page, in ms, for ``lang``'s pages matching ``pattern``."""
    pages = {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.glob(pattern))}
    before = _children_cpu()
    if language_indexes({lang: pages}, Report(), workers=1) is None:
        raise SystemExit("Pagefind failed")
    return (_children_cpu() - before) / len(pages) * 1000, len(pages)


def main(copies: int) -> None:
    if pagefind_binary() is None:
        raise SystemExit("Pagefind is not installed: pip install 'pagefind[extended]'")
    with tempfile.TemporaryDirectory() as tmp:
        rules = synthetic_corpus(Path(tmp), copies)
        out = Path(tmp) / "site"
        result = build(BuildConfig(rules, ROOT / "templates", out, pdf=False, search=False,
                                   quiet=True))
        if not result.ok:
            raise SystemExit("the corpus did not build")
        print(f"corpus: {copies} copies of the real games; Pagefind's CPU per indexed page")
        for lang in ("en", "it", "de", "ru", "ro", "ar"):
            game, count = pagefind_ms(out, lang, f"{lang}/*/index.html")
            numbers, _ = pagefind_ms(out, lang, f"{lang}/*/numbers/index.html")
            print(f"{lang}: game page {game:.1f} ms, numbers page {numbers:.1f} ms, "
                  f"a game together {game + numbers:.1f} ms ({count} games)")


def against_cli(copies: int) -> None:
    """The search step's CPU beside the Pagefind CLI's on the same pages (issue 40)."""
    binary = pagefind_binary()
    assert binary is not None
    with tempfile.TemporaryDirectory() as tmp:
        rules = synthetic_corpus(Path(tmp), copies)
        games = len(list(rules.glob("*/game.yaml")))
        # the run's own disk cache, or the one named (its simulations already made)
        env = {"RULEBOOK_CACHE": os.environ.get("RULEBOOK_CACHE") or str(Path(tmp) / "cache")}

        def command(out: Path, *extra: str) -> list[str]:
            return [sys.executable, "-m", "generator", "build", "--no-pdf", "--quiet",
                    "--rules", str(rules), "--templates", str(ROOT / "templates"),
                    "--out", str(out), *extra]

        timed(command(Path(tmp) / "warm-up", "--no-search"), ROOT, env)  # the simulations
        _, bare, _ = timed(command(Path(tmp) / "bare", "--no-search"), ROOT, env)
        site = Path(tmp) / "with-search"
        said: list[str] = []
        _, full, _ = timed(command(site, "--timings"), ROOT, env, said)
        # the step's own CPU, its Pagefind services' included (`--timings`): the difference of
        # two whole builds moves with the machine's speed by more than the step costs
        step = step_cpu(said[0])["indexing the search"]
        html = sum(1 for _ in site.rglob("*.html"))
        indexed = sum(1 for p in site.rglob("*.html") if b"data-pagefind-body" in p.read_bytes())
        clis = []
        for n in range(2):  # twice: the spread of the floor
            before = _children_cpu()
            subprocess.run([str(binary), "--site", str(site), "--output-path",
                            str(Path(tmp) / f"cli{n}"), "--silent"], check=True)
            clis.append(_children_cpu() - before)
        cli = min(clis)
        print(f"{games} games, {html} HTML files, {indexed} indexed (game and numbers pages)")
        print(f"the search step ('indexing the search' of `rulebook build --timings`): {step:.1f} s "
              f"CPU (the build with search {full:.1f} s, without {bare:.1f} s: a difference of "
              f"{full - bare:.1f} s)")
        print(f"Pagefind CLI on the same folder: {' / '.join(f'{c:.1f}' for c in clis)} s CPU; "
              f"the search step / the CLI's least = {step / cli:.2f} (target: at most 1.2)")

if __name__ == "__main__":
    args = sys.argv[1:]
    copies = int(args[args.index("--copies") + 1]) if "--copies" in args else 25
    if "--cli-only" not in args:
        main(copies)
    against_cli(copies)

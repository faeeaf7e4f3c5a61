"""What the search costs Pagefind itself: prints figures, asserts nothing.

The synthetic corpus of bench_site.py (every copy's prose its own) is built once without
search; then each language's game pages, and then its numbers pages, are indexed alone by one
Pagefind service, as the build hands them over (from memory, through its Python API). Each
line is Pagefind's own CPU time (the service process's, read when it exits) per page, and the
two together: what one game in one language costs the search before rulebook does anything.

    python bench/bench_search.py [--copies 25]
"""

from __future__ import annotations

import resource
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_site import synthetic_corpus  # noqa: E402

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


if __name__ == "__main__":
    args = sys.argv[1:]
    main(int(args[args.index("--copies") + 1]) if "--copies" in args else 25)

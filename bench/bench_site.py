"""Site benchmarks: prints figures, asserts nothing. Run with `make bench`.

- HTML pages per second: the whole corpus rendered in memory, and a full build of a
  synthetic corpus of many games (copies of the real ones under new ids and slugs);
- a no-op rebuild (nothing changed) and a rebuild after one sentence of one game changed,
  in-process and as a whole command. Clean builds and edits are repeated; medians shown.
"""

from __future__ import annotations

import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.pipeline import BuildConfig, build  # noqa: E402

TEMPLATES = ROOT / "templates"


def corpus_rules(target: Path, copies: int) -> Path:
    """The rules a bench runs on, in ``target``: the synthetic corpus of ``copies`` copies, or
    a copy of rules/ itself when ``copies`` is 0."""
    if copies:
        return synthetic_corpus(target, copies)
    rules = target / "rules"
    shutil.copytree(ROOT / "rules", rules)
    return rules


def synthetic_corpus(target: Path, copies: int) -> Path:
    """rules/ with every real game copied ``copies`` times under new ids and slugs.

    Each copy's related links name the games of the same copy. Each copy's prose is its own:
    the copy's number ends every paragraph of every text of every language (sections,
    description, steps, FAQ, quick reference, the examples' narration, ...). A renderer that
    renders each distinct text once therefore gains nothing from the copies being copies."""
    rules = target / "rules"
    shutil.copytree(ROOT / "rules", rules)
    games = [p.parent for p in (ROOT / "rules").glob("*/game.yaml")]
    for i in range(copies):
        for game in games:
            new = rules / f"{game.name}-copy{i}"
            shutil.copytree(game, new)
            text = (new / "game.yaml").read_text(encoding="utf-8")
            text = re.sub(r"^id: .*$", f"id: {new.name}", text, flags=re.M)
            text = re.sub(r"^(  [a-z]{2}: )([a-z0-9-]+)$", rf"\g<1>\g<2>-copy{i}", text, flags=re.M)
            # and its former addresses (former_slugs: each language's list): its own
            text = re.sub(r"^(  [a-z]{2}: \[)([^]]*)\]$",
                          lambda m: m.group(1) + ", ".join(f"{s.strip()}-copy{i}"
                                                           for s in m.group(2).split(",")) + "]",
                          text, flags=re.M)
            # links stay within the copy: 26 families of the real site's shape, not one
            # family of each real game with every copy of it (90 related games on a page)
            text = re.sub(r"\{game: ([a-z0-9-]+),", rf"{{game: \g<1>-copy{i},", text)
            (new / "game.yaml").write_text(text, encoding="utf-8")
            for prose in new.glob("[a-z][a-z].yaml"):
                data = mark_copy(yaml.safe_load(prose.read_text(encoding="utf-8")), f"(copy {i + 1})")
                prose.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=100),
                                 encoding="utf-8")
    return rules


def _mark_paragraphs(text: str, mark: str) -> str:
    """``mark`` at the end of every paragraph (tables and headings are left whole)."""
    paragraphs = text.rstrip("\n").split("\n\n")
    marked = "\n\n".join(p if p.lstrip().startswith(("|", "#")) else f"{p} {mark}"
                         for p in paragraphs)
    return marked + "\n" if text.endswith("\n") else marked


def mark_copy(data: Any, mark: str, key: str = "") -> Any:
    """One language file's prose made distinct for one copy: ``mark`` ends every paragraph of
    every text (sections, FAQ, steps, quick reference, examples' narration, variants, ...);
    the players' names of the examples are left as they are (the scripts name them)."""
    if isinstance(data, dict):
        return {k: v if k == "seats" else mark_copy(v, mark, k) for k, v in data.items()}
    if isinstance(data, list):
        return [mark_copy(v, mark, key) for v in data]
    if isinstance(data, str) and data.strip():
        return _mark_paragraphs(data, mark)
    return data


def bench_render(seconds: float = 2.0) -> None:
    """Clean builds of the real corpus without PDFs and search (check, pages and fonts: the
    real pipeline), each into a new folder, as many as fit in ``seconds``."""
    with tempfile.TemporaryDirectory() as tmp:
        pages, runs, start = 0, 0, time.perf_counter()
        while time.perf_counter() - start < seconds or not runs:
            result = build(BuildConfig(ROOT / "rules", TEMPLATES, Path(tmp) / f"{runs}" / "site",
                                       pdf=False, search=False))
            assert result.ok, [d.format() for d in result.report.errors][:5]
            pages, runs = pages + result.pages, runs + 1
        elapsed = time.perf_counter() - start
    print(f"clean build without PDFs and search, real corpus ({result.pages} pages, "
          f"{runs} runs): {pages / elapsed:7.0f} pages/s")


def _command(rules: Path, out: Path) -> list[str]:
    return [sys.executable, "-m", "generator", "build", "--no-pdf", "--rules", str(rules),
            "--templates", str(TEMPLATES), "--out", str(out)]


def edit_one_sentence(rules: Path, n: int, game: str = "black-peter-copy3") -> None:
    """Change one sentence of one game's English text (a different wording each time); the
    real rules alone have no copies: ``game`` "black-peter" there."""
    path = rules / game / "en.yaml"
    text = path.read_text(encoding="utf-8")
    text, count = re.subn(r"You simply take turns drawing from each other\.( \(edit \d+\))?",
                          f"You simply take turns drawing from each other. (edit {n})", text)
    assert count == 1, "the sentence to edit is not in the synthetic corpus"
    path.write_text(text, encoding="utf-8")


def bench_build(copies: int = 25, repeats: int = 3, clean_repeats: int = 3) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        rules = synthetic_corpus(Path(tmp), copies)
        games = len(list(rules.glob("*/game.yaml")))
        times, cpu, pages = [], [], 0
        for n in range(clean_repeats):  # each one clean: a new output folder and no state
            out = Path(tmp) / f"clean{n}" / "site"
            start, start_cpu = time.perf_counter(), _cpu_all()
            result = build(BuildConfig(rules, TEMPLATES, out, pdf=False))
            times.append(time.perf_counter() - start)
            cpu.append(_cpu_all() - start_cpu)
            assert result.ok, [d.format() for d in result.report.errors][:5]
            pages = result.pages
        print(f"clean build, synthetic corpus ({games} games, {pages} pages, check included): "
              f"median {statistics.median(times):.2f} s of {_runs(times)}, "
              f"{pages / statistics.median(times):.0f} pages/s; "
              f"CPU (the build, its page workers and Pagefind) {_runs(cpu)} s")
        config = BuildConfig(rules, TEMPLATES, Path(tmp) / "clean0" / "site", pdf=False)
        times = []
        for _ in range(5):
            start = time.perf_counter()
            assert build(config).up_to_date
            times.append(time.perf_counter() - start)
        print(f"no-op rebuild in-process, same corpus: median {statistics.median(times) * 1000:.1f} ms")
        pages_only = replace(config, search=False)
        times, cpu, search_times = [], [], []
        for n in range(repeats):  # as `rulebook serve` does it: the pages, then the search
            edit_one_sentence(rules, n)
            start, start_cpu = time.perf_counter(), _cpu_all()
            result = build(pages_only)
            times.append(time.perf_counter() - start)
            cpu.append(_cpu_all() - start_cpu)
            assert result.ok and result.written >= 1, (result.written, result.report.errors[:3])
            start = time.perf_counter()
            assert build(config).ok
            search_times.append(time.perf_counter() - start)
        print(f"one-sentence edit, pages rebuilt in-process (the search after): median "
              f"{statistics.median(times):.3f} s of {_runs(times)} ({result.written} file(s) "
              f"written); CPU {_runs(cpu)} s; then the edited language's search index: median "
              f"{statistics.median(search_times):.2f} s of {_runs(search_times)}")
        times, cpu = [], []
        for n in range(repeats):
            edit_one_sentence(rules, 50 + n)
            start, start_cpu = time.perf_counter(), _cpu_all()
            result = build(config)
            times.append(time.perf_counter() - start)
            cpu.append(_cpu_all() - start_cpu)
            assert result.ok and result.written >= 1, (result.written, result.report.errors[:3])
        print(f"one-sentence edit, pages and search in one build, in-process: median "
              f"{statistics.median(times):.3f} s of {_runs(times)} ({result.written} file(s) "
              f"written); CPU {_runs(cpu)} s")
        times, cpu = [], []
        for n in range(repeats):
            edit_one_sentence(rules, 100 + n)
            start, start_cpu = time.perf_counter(), _cpu(resource.RUSAGE_CHILDREN)
            subprocess.run(_command(rules, config.out), cwd=ROOT, check=True, capture_output=True)
            times.append(time.perf_counter() - start)
            cpu.append(_cpu(resource.RUSAGE_CHILDREN) - start_cpu)
        print(f"one-sentence edit, `rulebook build` command: median {statistics.median(times):.3f} s "
              f"of {_runs(times)} (start-up included); CPU {_runs(cpu)} s")
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            subprocess.run(_command(rules, config.out), cwd=ROOT, check=True, capture_output=True)
            times.append(time.perf_counter() - start)
        print(f"no-op `rulebook build` command, same corpus: median {statistics.median(times):.3f} s "
              "(start-up included)")


def _runs(times: list[float]) -> str:
    return " / ".join(f"{t:.2f}" for t in times)


def _cpu(who: int = resource.RUSAGE_SELF) -> float:
    """CPU seconds used so far (user + system): on a shared machine the wall time measures the
    neighbours as much as the build."""
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def _cpu_all() -> float:
    return _cpu() + _cpu(resource.RUSAGE_CHILDREN)


def _option(name: str, default: int) -> int:
    return int(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else default


if __name__ == "__main__":
    if "--build-only" not in sys.argv:
        bench_render()
    bench_build(copies=_option("--copies", 25), repeats=_option("--repeats", 3),
                clean_repeats=_option("--clean-repeats", _option("--repeats", 3)))

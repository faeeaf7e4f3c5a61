"""rulebook against Hugo and MkDocs on the same prose: prints figures, asserts nothing.

The synthetic corpus of bench_site.py (every copy's prose its own) is exported as one markdown
page per game and language (title, description, every section, the steps and the FAQ) to a
Hugo site and a MkDocs site. rulebook builds it clean three times, with a disk cache of the
run's own: empty (the simulations of the numbers pages made: "cold"), then warm with and
without search; Hugo and MkDocs build it once. Then one sentence of one game is changed and
rulebook rebuilds, with and without search, in this process and as a command. Each figure
is wall time, CPU time and peak memory (GNU time's maximum resident set).

    python bench/compare.py [--copies 25]

Hugo and MkDocs are used when present and skipped (with how to install them) when not:
    apt-get install hugo          # Debian's Hugo (0.111 on bookworm)
    pip install 'mkdocs>=1.5'     # into the same virtual environment
"""

from __future__ import annotations

import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_site import edit_one_sentence, synthetic_corpus  # noqa: E402

from generator.pipeline import BuildConfig, build  # noqa: E402

TEMPLATES = ROOT / "templates"
_HUGO_LAYOUT = ("<!doctype html><html lang=\"{{ .Site.Language.Lang }}\"><meta charset=utf-8>"
                "<title>{{ .Title }}</title><body><main><h1>{{ .Title }}</h1>{{ .Content }}"
                "</main></body></html>\n")


def markdown_page(data: dict[str, Any]) -> str:
    """One game in one language as a markdown page (the prose rulebook renders)."""
    parts = [str(data.get("description", "")), ""]
    for key, words in (data.get("sections") or {}).items():
        parts += [f"## {key.replace('_', ' ').capitalize()}", "", str(words), ""]
    if data.get("steps"):
        parts += ["## Steps", ""] + [f"{i}. {s}" for i, s in enumerate(data["steps"], 1)] + [""]
    for entry in data.get("faq") or []:
        parts += [f"### {entry['q']}", "", str(entry["a"]), ""]
    return "\n".join(parts)


def export(rules: Path, target: Path) -> int:
    """Write the Hugo and the MkDocs site of the corpus; return the number of pages."""
    hugo, docs = target / "hugo", target / "mkdocs" / "docs"
    (hugo / "layouts" / "_default").mkdir(parents=True)
    for name in ("single.html", "list.html"):
        (hugo / "layouts" / "_default" / name).write_text(_HUGO_LAYOUT, encoding="utf-8")
    (hugo / "hugo.toml").write_text('baseURL = "https://example.org/"\ntitle = "rules"\n'
                                    'disableKinds = ["taxonomy", "term", "RSS"]\n', encoding="utf-8")
    docs.mkdir(parents=True)
    (target / "mkdocs" / "mkdocs.yml").write_text("site_name: rules\nuse_directory_urls: true\n",
                                                  encoding="utf-8")
    (docs / "index.md").write_text("# rules\n", encoding="utf-8")
    pages = 0
    for prose in sorted(rules.glob("*/[a-z][a-z].yaml")):
        data = yaml.safe_load(prose.read_text(encoding="utf-8"))
        lang, game = prose.stem, prose.parent.name
        body = markdown_page(data)
        title = str(data.get("title", game)).replace('"', "'")
        page = hugo / "content" / lang / f"{game}.md"
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(f'---\ntitle: "{title}"\n---\n\n{body}', encoding="utf-8")
        page = docs / lang / f"{game}.md"
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(f"# {title}\n\n{body}", encoding="utf-8")
        pages += 1
    return pages


def timed(command: list[str], cwd: Path, env: dict[str, str] | None = None,
          said: list[str] | None = None) -> tuple[float, float, float]:
    """Wall and CPU seconds of one command, and its peak memory in MB (GNU time's maximum
    resident set, of the command and its largest child; 0 without /usr/bin/time); what it
    said on stderr goes to ``said`` when given."""
    gnu_time = Path("/usr/bin/time")
    with tempfile.NamedTemporaryFile("r", suffix=".rss") as rss:
        prefix = [str(gnu_time), "-f", "%M", "-o", rss.name] if gnu_time.exists() else []
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run([*prefix, *command], cwd=cwd, check=True, capture_output=True,
                              env={**os.environ, **(env or {})})
        wall = time.perf_counter() - start
        if said is not None:
            said.append(done.stderr.decode("utf-8", "replace"))
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        peak = int(rss.read().strip().splitlines()[-1]) / 1024 if prefix else 0.0
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), peak


def timed_tree(command: list[str], cwd: Path, env: dict[str, str] | None = None
               ) -> tuple[float, float, float, float]:
    """``timed``, and the peak of the resident memory of the command and all its processes
    together (sampled every 0.2 s from /proc; 0 where there is none): a build's workers and
    Pagefind's services run beside it."""
    sampled = [0.0]
    done = threading.Event()

    def sample() -> None:
        while not done.wait(0.2):
            sampled[0] = max(sampled[0], _tree_rss_mb(os.getpid()) - _own_rss_mb())

    watcher = threading.Thread(target=sample, daemon=True)
    watcher.start()
    try:
        wall, cpu, peak = timed(command, cwd, env)
    finally:
        done.set()
        watcher.join()
    return wall, cpu, peak, sampled[0]


def _own_rss_mb() -> float:
    return _rss_mb(os.getpid())


def _rss_mb(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/statm", encoding="ascii") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        return 0.0


def _tree_rss_mb(root: int) -> float:
    """The resident memory of ``root`` and every process under it."""
    total, pending = 0.0, [root]
    while pending:
        pid = pending.pop()
        total += _rss_mb(pid)
        try:
            for task in os.listdir(f"/proc/{pid}/task"):
                with open(f"/proc/{pid}/task/{task}/children", encoding="ascii") as children:
                    pending += [int(c) for c in children.read().split()]
        except OSError:
            continue
    return total


def main(copies: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        rules = synthetic_corpus(Path(tmp), copies)
        markdown_pages = export(rules, Path(tmp))
        games = len(list(rules.glob("*/game.yaml")))
        # a disk cache of this run's own: empty for the first build (the simulations, web fonts
        # and figures made), then warm for the builds after it, as on an author's machine
        cache = {"RULEBOOK_CACHE": str(Path(tmp) / "cache")}
        os.environ.update(cache)  # for the builds in this process

        def command(out: Path, *extra: str) -> list[str]:
            return [sys.executable, "-m", "generator", "build", "--no-pdf", "--quiet",
                    "--rules", str(rules), "--templates", str(TEMPLATES), "--out", str(out),
                    *extra]

        steps: dict[str, dict[str, float]] = {}  # each clean build's CPU by step (--timings)

        def clean(name: str, *extra: str) -> tuple[float, float, float]:
            said: list[str] = []
            wall, cpu, peak = timed(command(Path(tmp) / name / "site", "--timings", *extra), ROOT,
                                    cache, said)
            print(f"rulebook {name}: {wall:.2f} s wall, {cpu:.2f} s CPU, {peak:.0f} MB peak")
            steps[name] = step_cpu(said[0])
            return wall, cpu, peak

        cold = clean("clean build, simulation cache cold, with search")
        out = Path(tmp) / "clean build, simulation cache warm, with search" / "site"
        warm = clean("clean build, simulation cache warm, with search")
        bare_name = "clean build, simulation cache warm, --no-search"
        bare = clean(bare_name, "--no-search")
        game_pages = sum(1 for _ in out.glob("*/*/index.html"))  # <lang>/<slug>/index.html
        print(f"corpus: {games} games; {markdown_pages} game pages as markdown; rulebook makes "
              f"{game_pages} game pages (+ their numbers, play and quick-reference pages, "
              "indexes, sitemap)")
        print(f"the simulations' cost: {cold[0] - warm[0]:.1f} s wall, {cold[1] - warm[1]:.1f} s "
              "CPU (cold minus warm)")
        figures = {"rulebook": warm[:2], "rulebook without search": bare[:2]}
        hugo = shutil.which("hugo")
        if hugo:
            h = timed([hugo, "--quiet", "-d", str(Path(tmp) / "hugo-out")], Path(tmp) / "hugo")
            figures["Hugo"] = h[:2]
            print(f"Hugo: {h[0]:.2f} s wall, {h[1]:.2f} s CPU, {h[2]:.0f} MB peak")
        else:
            print("Hugo: not installed (apt-get install hugo)")
        mkdocs = shutil.which("mkdocs") or (str(Path(sys.executable).parent / "mkdocs")
                                            if (Path(sys.executable).parent / "mkdocs").exists() else None)
        if mkdocs:
            m = timed([mkdocs, "build", "-q", "-d", str(Path(tmp) / "mkdocs-out")],
                      Path(tmp) / "mkdocs")
            figures["MkDocs"] = m[:2]
            print(f"MkDocs: {m[0]:.2f} s wall, {m[1]:.2f} s CPU, {m[2]:.0f} MB peak")
        else:
            print("MkDocs: not installed (pip install 'mkdocs>=1.5')")
        for ours_name, name in (("rulebook without search", "Hugo"), ("rulebook", "MkDocs")):
            ours = figures[ours_name][1] / game_pages
            if name in figures:  # like for like: Hugo indexes nothing, MkDocs does (lunr)
                theirs = figures[name][1] / markdown_pages
                print(f"CPU per game page (warm): {ours_name} {ours * 1000:.1f} ms, {name} "
                      f"{theirs * 1000:.1f} ms: rulebook/{name} = {ours / theirs:.2f}")
            else:
                print(f"CPU per game page (warm): {ours_name} {ours * 1000:.1f} ms")
        # the render alone: the build's CPU less its check, per game page (the check replays
        # every example and reads its narration: a step MkDocs and Hugo have no counterpart of)
        warm_steps = steps[bare_name]
        checking = warm_steps.get("checking the games", 0.0)
        print("the warm clean build without search, CPU by step: " + ", ".join(
            f"{k} {v:.1f} s" for k, v in warm_steps.items() if k != "all the steps"))
        render = (figures["rulebook without search"][1] - checking) / game_pages
        print(f"CPU per game page (warm, without search), the check left out: {render * 1000:.1f} ms"
              + (f"; MkDocs {figures['MkDocs'][1] / markdown_pages * 1000:.1f} ms: "
                 f"rulebook/MkDocs = {render / (figures['MkDocs'][1] / markdown_pages):.2f}"
                 if "MkDocs" in figures else ""))
        for n, (folder, search) in enumerate(((out, True), (Path(tmp) / bare_name / "site", False))):
            words = "with search" if search else "without search"
            edit_one_sentence(rules, 2 * n + 1)
            start = time.perf_counter()
            result = build(BuildConfig(rules, TEMPLATES, folder, pdf=False, search=search,
                                       quiet=True))
            print(f"rulebook one-sentence edit {words}, rebuild in-process: "
                  f"{time.perf_counter() - start:.3f} s ({result.written} file(s) written)")
            edit_one_sentence(rules, 2 * n + 2)
            wall, cpu, peak = timed(command(folder, *([] if search else ["--no-search"])), ROOT,
                                    cache)
            print(f"rulebook one-sentence edit {words}, `rulebook build` command: {wall:.3f} s "
                  f"wall, {cpu:.3f} s CPU, {peak:.0f} MB peak (start-up included)")


def step_cpu(said: str) -> dict[str, float]:
    """The CPU seconds of each step from what `rulebook build --timings` said."""
    lines = said.splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith("where the time went")),
                 len(lines))
    out = {}
    for line in lines[start + 1:]:
        found = re.fullmatch(r"(.+?)\s+(\d+\.\d+)\s+(\d+\.\d+)", line)
        if found:
            out[found.group(1)] = float(found.group(3))
    return out


if __name__ == "__main__":
    main(int(sys.argv[sys.argv.index("--copies") + 1]) if "--copies" in sys.argv else 25)

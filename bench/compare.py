"""rulebook against Hugo and MkDocs on the same prose: prints figures, asserts nothing.

The synthetic corpus of bench_site.py (every copy's prose its own) is exported as one markdown
page per game and language (title, description, every section, the steps and the FAQ) to a
Hugo site and a MkDocs site; the three are built clean in one run, then one sentence of one
game is changed and rulebook rebuilds.

    python bench/compare.py [--copies 25]

Hugo and MkDocs are used when present and skipped (with how to install them) when not:
    apt-get install hugo          # Debian's Hugo (0.111 on bookworm)
    pip install 'mkdocs>=1.5'     # into the same virtual environment
"""

from __future__ import annotations

import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_site import edit_one_sentence, synthetic_corpus  # noqa: E402

from generator.build import BuildConfig, build  # noqa: E402

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


def timed(command: list[str], cwd: Path) -> tuple[float, float]:
    """Wall and CPU seconds of one command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, cwd=cwd, check=True, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(copies: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        rules = synthetic_corpus(Path(tmp), copies)
        markdown_pages = export(rules, Path(tmp))
        games = len(list(rules.glob("*/game.yaml")))
        out = Path(tmp) / "rulebook" / "site"
        command = [sys.executable, "-m", "generator", "build", "--no-pdf", "--rules", str(rules),
                   "--templates", str(TEMPLATES), "--out", str(out)]
        wall, cpu = timed(command, ROOT)
        game_pages = sum(1 for _ in out.glob("*/*/index.html"))  # <lang>/<slug>/index.html
        print(f"corpus: {games} games; {markdown_pages} game pages as markdown; rulebook makes "
              f"{game_pages} game pages (+ quick references, indexes, sitemap)")
        figures = {"rulebook": (wall, cpu)}
        print(f"rulebook build (clean, check and search included): {wall:.2f} s wall, "
              f"{cpu:.2f} s CPU")
        # Hugo makes no search index, MkDocs makes lunr's: rulebook is also timed without its own
        bare = Path(tmp) / "rulebook-bare" / "site"
        figures["rulebook without search"] = timed(
            [*command[:command.index("--out")], "--out", str(bare), "--no-search"], ROOT)
        print(f"rulebook build (clean, check included, --no-search): "
              f"{figures['rulebook without search'][0]:.2f} s wall, "
              f"{figures['rulebook without search'][1]:.2f} s CPU")
        hugo = shutil.which("hugo")
        if hugo:
            figures["Hugo"] = timed([hugo, "--quiet", "-d", str(Path(tmp) / "hugo-out")],
                                    Path(tmp) / "hugo")
            print(f"Hugo: {figures['Hugo'][0]:.2f} s wall, {figures['Hugo'][1]:.2f} s CPU")
        else:
            print("Hugo: not installed (apt-get install hugo)")
        mkdocs = shutil.which("mkdocs") or (str(Path(sys.executable).parent / "mkdocs")
                                            if (Path(sys.executable).parent / "mkdocs").exists() else None)
        if mkdocs:
            figures["MkDocs"] = timed([mkdocs, "build", "-q", "-d", str(Path(tmp) / "mkdocs-out")],
                                      Path(tmp) / "mkdocs")
            print(f"MkDocs: {figures['MkDocs'][0]:.2f} s wall, {figures['MkDocs'][1]:.2f} s CPU")
        else:
            print("MkDocs: not installed (pip install 'mkdocs>=1.5')")
        for ours_name, name in (("rulebook without search", "Hugo"), ("rulebook", "MkDocs")):
            if name in figures:  # like for like: Hugo indexes nothing, MkDocs does (lunr)
                ours = figures[ours_name][1] / game_pages
                theirs = figures[name][1] / markdown_pages
                print(f"CPU per game page: {ours_name} {ours * 1000:.1f} ms, {name} "
                      f"{theirs * 1000:.1f} ms: rulebook/{name} = {ours / theirs:.2f}")
        edit_one_sentence(rules, 1)
        start = time.perf_counter()
        result = build(BuildConfig(rules, TEMPLATES, out, pdf=False))
        print(f"rulebook one-sentence edit, rebuild in-process: {time.perf_counter() - start:.3f} s "
              f"({result.written} file(s) written)")
        edit_one_sentence(rules, 2)
        wall, cpu = timed(command, ROOT)
        print(f"rulebook one-sentence edit, `rulebook build` command: {wall:.3f} s wall, "
              f"{cpu:.3f} s CPU (start-up included)")


if __name__ == "__main__":
    main(int(sys.argv[sys.argv.index("--copies") + 1]) if "--copies" in sys.argv else 25)

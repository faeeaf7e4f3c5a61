"""The build's spool: checked games and rendered pages wait on disk, not in memory, so that a
build's memory does not grow with the number of games; the spool never outlives a build."""

from __future__ import annotations

import gc
from collections import Counter
from pathlib import Path

import pytest

from conftest import TEMPLATES, small_rules
from generator.model.game import GameBundle
from generator.pipeline import BuildConfig, build, games, spool
from generator.pipeline.spool import Files
from generator.web.render import Renderer

SIX = ("schwarzer-peter", "uomo-nero", "peppa", "whist", "crazy-eights", "mau-mau")


def spools(out: Path) -> list[str]:
    return sorted(p.name for p in out.parent.iterdir() if p.name.startswith(f".{out.name}.spool-"))


def test_files_are_merged_and_dropped_without_being_read(tmp_path: Path) -> None:
    gone = tmp_path / "never-written.html"  # reading it would fail
    files = Files({"a.css": b"a"})
    files.spooled("en/index.html", gone)
    merged = files.without({"a.css"}) | {"b.js": b"b"}
    merged |= Files({"c.txt": b"c"})
    assert sorted(merged) == ["b.js", "c.txt", "en/index.html"]
    assert merged.path_of("en/index.html") == gone and merged.path_of("b.js") is None
    assert merged["c.txt"] == b"c" and "a.css" not in merged
    merged["en/index.html"] = b"now in memory"
    assert merged.path_of("en/index.html") is None and merged["en/index.html"] == b"now in memory"


@pytest.mark.site
def test_the_spool_goes_with_the_build_and_a_killed_builds_spool_with_the_next(
        tmp_path: Path) -> None:
    out = tmp_path / "site"
    config = BuildConfig(small_rules(tmp_path / "rules"), TEMPLATES, out, pdf=False, search=False,
                         workers=1)
    assert build(config).ok and spools(out) == []
    planted = tmp_path / ".site.spool-99999"  # as a killed build leaves it
    (planted / "files").mkdir(parents=True)
    (planted / "files" / "page.html").write_text("half")
    assert build(config).up_to_date
    assert spools(out) == [] and (out / "en" / "index.html").is_file()


@pytest.mark.site
def test_a_build_keeps_a_few_games_in_memory_and_loads_each_twice_at_most(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """In one process (no workers), with every game checked: each game is read back from the
    spool once for the plan and once for its pages, and no more than a few are alive at any
    moment of the render."""
    loads: Counter[str] = Counter()
    real_load = spool.load_game

    def counted(path: Path) -> object:
        loads[path.stem] += 1
        return real_load(path)

    monkeypatch.setattr(games, "load_game", counted)
    alive: list[int] = []
    rendered = Counter[str]()
    real_render = Renderer.render

    def render(self: Renderer, page: object) -> str:
        rendered["pages"] += 1
        if rendered["pages"] % 7 == 0:  # now and then: gc.collect() is slow
            gc.collect()  # what is alive, not what waits to be collected
            alive.append(sum(1 for o in gc.get_objects()
                             if isinstance(o, GameBundle) and o.folder.parent == rules))
        return real_render(self, page)  # type: ignore[arg-type]

    monkeypatch.setattr(Renderer, "render", render)
    # six games of the three families in two languages, kept at hand two at a time
    # (games.RECENT): more games than the build keeps, as the corpus's sixteen are for eight
    monkeypatch.setattr(games, "RECENT", 2)
    rules = small_rules(tmp_path / "rules", games=SIX, langs=("ru",))  # only this build's games
    result = build(BuildConfig(rules, TEMPLATES, tmp_path / "site", pdf=False, search=False,
                               workers=1))
    assert result.ok, [d.format() for d in result.report.errors]
    folders = sorted(SIX)
    assert sorted(loads) == folders  # every game went through the spool
    assert max(loads.values()) <= 2, loads
    assert alive and max(alive) <= games.RECENT, max(alive)

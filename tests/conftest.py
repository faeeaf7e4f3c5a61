from __future__ import annotations

import os
import shutil
import signal
import tempfile
from pathlib import Path

import pytest

from generator.check.games import CheckResult, check

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "rules"

# A runner started in the background (`cmd &` in a script) hands its children SIGINT ignored,
# and an ignored signal stays ignored in every build a test starts: the Ctrl-C tests would see a
# build that cannot be interrupted. Builds started by the tests get a terminal's default.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# Every build of the test run, and of the next runs, shares one disk cache outside the
# checkout (entries are content-addressed: a changed game or engine gets new ones): "By the
# numbers" is simulated and the fonts are cut once, not once per temporary output folder.
# Subprocesses inherit it.
os.environ.setdefault("RULEBOOK_CACHE", str(Path(tempfile.gettempdir()) / f"rulebook-tests-{os.getuid()}"))


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The whole site with its PDFs, built once for every test that reads them back."""
    from generator.build import BuildConfig, build
    from generator.web.site import DocKind, plan

    out = tmp_path_factory.mktemp("pdf") / "site"
    result = build(BuildConfig(RULES, ROOT / "templates", out, workers=2))
    assert result.ok, [d.format() for d in result.report.errors]
    rendered = [d for d in plan(check([RULES], root=ROOT).games).documents if d.kind is not DocKind.IMPOSED]
    assert result.pdfs.rendered + result.pdfs.cached == len(rendered)
    assert not result.pdfs.overflows  # no box of any PDF outside its page
    return out


class BrokenCopy:
    """A copy of one real game folder, edited by text replacement, then checked."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp

    def __call__(self, game: str, edits: dict[str, list[tuple[str, str]]]) -> CheckResult:
        target = self.tmp / "rules" / game
        if not target.exists():
            shutil.copytree(RULES / game, target)
        for rel, pairs in edits.items():
            path = target / rel
            text = path.read_text(encoding="utf-8")
            for old, new in pairs:
                assert old in text, f"{old!r} not in {rel}"
                text = text.replace(old, new, 1)
            path.write_text(text, encoding="utf-8")
        return check([target], root=self.tmp)


@pytest.fixture
def broken(tmp_path: Path) -> BrokenCopy:
    return BrokenCopy(tmp_path)


def findings(result: CheckResult) -> list[tuple[str, int, str]]:
    """(path, line, code) of every finding, in order."""
    return [(d.mark.path, d.mark.line, d.code) for d in result.report.sorted()]


def line_of(game: str, rel: str, needle: str) -> int:
    """The 1-based line of the first line containing ``needle`` in a real rules file."""
    for i, line in enumerate((RULES / game / rel).read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            return i
    raise AssertionError(f"{needle!r} not in {game}/{rel}")

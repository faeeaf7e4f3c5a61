"""Garbage in, for every family of the registry: arbitrary YAML in any file of a game of that
family is a finding or nothing, never a traceback out of `rulebook check`. A family that joins
the registry is searched here without a line written for it (issue 42: the property tests,
parametrized by family)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import RULES, corpus, sized
from generator.cli.main import main
from generator.families import REGISTRY

pytestmark = [pytest.mark.slow, pytest.mark.deep]  # sizes: sized(make test, make test-deep)


def representative(family: str) -> str:
    """The corpus game a family's garbage goes into: its first by id."""
    return min(b.rules.id for b in corpus().games if b.rules.spec.family == family)


FAMILIES = sorted(REGISTRY)
# every character the formats give a meaning to, and cards of both decks' notation
YAMLISH = st.text(alphabet=st.sampled_from(list("ab: -[]{}\n'\"#&*!|>?,%@`J♣Q♠♥2♣10x\t")),
                  max_size=120)


def files(game: str) -> list[str]:
    examples = sorted(f"examples/{p.name}" for p in (RULES / game / "examples").glob("*.yaml"))
    return ["game.yaml", "en.yaml", *examples]


def test_every_family_of_the_registry_has_a_game_to_search() -> None:
    assert {f: files(representative(f)) for f in FAMILIES}  # (min() of nothing would raise)


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A rules folder for each family, holding its game alone."""
    roots = {}
    for family in FAMILIES:
        roots[family] = tmp_path_factory.mktemp(f"garbage-{family}") / "rules"
        shutil.copytree(RULES / representative(family), roots[family] / representative(family))
    return roots


@pytest.mark.parametrize("family", FAMILIES)
@settings(max_examples=sized(40, 1200), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=YAMLISH, data=st.data())
def test_arbitrary_yaml_never_raises_out_of_check(scratch: dict[str, Path], family: str, text: str,
                                                  data: st.DataObject,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    game = representative(family)
    which = data.draw(st.sampled_from(files(game)))
    target = scratch[family] / game / which
    saved = (RULES / game / which).read_text(encoding="utf-8")
    target.write_text(text, encoding="utf-8")
    try:
        code = main(["check", str(scratch[family])])
    finally:
        target.write_text(saved, encoding="utf-8")
    assert code in (0, 1)
    capsys.readouterr()

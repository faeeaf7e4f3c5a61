"""The playing time in the facts box: a figure that no source gives is this site's estimate
(`duration.estimate` in game.yaml) and says so in every language."""

from __future__ import annotations

import dataclasses

import pytest

from conftest import ROOT, corpus
from generator.core.languages import LANGUAGES, load_messages
from generator.model.game import GameBundle
from generator.web.facts import GameFacts

CHECKED = corpus()


def game(name: str) -> GameBundle:
    return next(b for b in CHECKED.games if b.rules.id == name)


def duration(bundle: GameBundle, lang: str) -> str:
    return GameFacts(bundle, lang, load_messages(ROOT / "templates", lang)).duration


def test_one_mark_after_the_figure_that_is_an_estimate() -> None:
    # Black Peter: the sources give a hand's minutes, not a match's
    assert duration(game("black-peter"), "en") == \
        "about 10 minutes a hand, about 40 minutes a game (our estimate)"
    assert duration(game("uomo-nero"), "en") == "about 10 minutes a hand (our estimate)"


def test_one_mark_for_both_figures_when_both_are_estimates() -> None:
    assert duration(game("hearts"), "en") == \
        "about 8 minutes a hand, about 90 minutes a game (our estimates)"
    assert duration(game("hearts"), "ru") == \
        "около 8 минут на сдачу, около 90 минут на партию (наши оценки)"


def test_a_sourced_figure_has_no_mark() -> None:
    bundle = game("hearts")
    spec = bundle.rules.spec
    sourced = spec.model_copy(update={"duration": spec.duration.model_copy(update={"estimate": []})})
    bundle = dataclasses.replace(bundle, rules=dataclasses.replace(bundle.rules, spec=sourced))
    assert duration(bundle, "en") == "about 8 minutes a hand, about 90 minutes a game"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_marks_an_estimate(lang: str) -> None:
    plain = load_messages(ROOT / "templates", lang).ngettext(
        "about %(num)s minute a hand", "about %(num)s minutes a hand", 10) % {"num": 10}
    marked = duration(game("uomo-nero"), lang)
    assert marked.startswith(plain) and len(marked) > len(plain) + 3, marked


def test_a_duration_no_source_gives_is_marked_an_estimate() -> None:
    """A game whose reading 'duration' cites no source marks every figure as an estimate."""
    for bundle in CHECKED.games:
        spec = bundle.rules.spec
        reading = next((r for r in spec.readings if r.id == "duration"), None)
        if reading is not None and not reading.sources:
            figures = {"hand"} | ({"game"} if spec.duration.game else set())
            assert set(spec.duration.estimate) == figures, spec.id

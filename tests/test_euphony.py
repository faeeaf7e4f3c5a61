"""Italian's euphonic d (issue 38, generator/core/euphony.py): «a» and «e» before a slot take
a d when what fills the slot begins with the same vowel, in the generated sentences of the
results, the stepper and the play page; the names joined in a list alike."""

from __future__ import annotations

import pytest
from markupsafe import Markup

from generator.core import euphony


@pytest.mark.parametrize(("template", "name", "said"), [
    ("Tutte le prese sono andate a %(name)s.", "Anna", "Tutte le prese sono andate ad Anna."),
    ("Tutte le prese sono andate a %(name)s.", "Elena", "Tutte le prese sono andate a Elena."),
    ("Tutte le prese sono andate a %(name)s.", "Bruno", "Tutte le prese sono andate a Bruno."),
    ("%(first)s e %(second)s", "Elena", "%(first)s ed Elena"),
    ("%(first)s e %(second)s", "Anna", "%(first)s e Anna"),
    ("Gioca a %(game)s", "Asinone", "Gioca ad Asinone"),
    # a word ending in a or e that is not the preposition or the conjunction stays
    ("una %(name)s", "Anna", "una Anna"),
])
def test_a_and_e_take_a_d_before_the_same_vowel(template: str, name: str, said: str) -> None:
    values = {"name": name, "second": name, "game": name, "first": "%(first)s"}
    assert euphony.fill("it", template, values) == said


def test_the_rule_reads_the_name_through_its_markup_and_keeps_markup_safe() -> None:
    template = Markup("Tutti i cuori e la Q♠ sono andati a %(name)s.")
    out = euphony.fill("it", template, {"name": Markup("<strong>Anna</strong>")})
    assert out == "Tutti i cuori e la Q♠ sono andati ad <strong>Anna</strong>."
    assert isinstance(out, Markup)
    assert euphony.fill("it", template, {"name": "<b>Anna</b>"}) \
        == "Tutti i cuori e la Q♠ sono andati ad &lt;b&gt;Anna&lt;/b&gt;."


def test_other_languages_are_left_as_they_are() -> None:
    assert euphony.fill("en", "Every trick went to %(name)s.", {"name": "Anna"}) \
        == "Every trick went to Anna."
    assert euphony.fill("ro", "a %(name)s", {"name": "Anna"}) == "a Anna"


@pytest.mark.parametrize(("names", "joined"), [
    (["Bruno", "Elena"], "Bruno ed Elena"),
    (["Anna", "Bruno", "Elena"], "Anna, Bruno ed Elena"),
    (["Elena", "Anna"], "Elena e Anna"),
    (["Elena"], "Elena"),
])
def test_a_list_of_names_ends_with_ed_before_an_e(names: list[str], joined: str) -> None:
    assert euphony.join("it", names) == joined


"""Issue 38's typography: negative numbers take the minus sign (U+2212) in the generated text
of every language, and a hyphen-minus before a digit in prose is a warning at its column."""

from __future__ import annotations

import re

import pytest

from conftest import corpus, formatted
from generator.check.games import check
from generator.check.prose import check_minus_signs
from generator.core.diagnostics import Report
from generator.core.markup import minus_sign
from generator.model.source import load_yaml

pytestmark = pytest.mark.unit

MINUS = "\u2212"


def minus_findings(text: str) -> list[tuple[int, int, str]]:
    """(line, column, figure) of each hyphen-minus found in a one-key file holding ``text``."""
    src, problems = load_yaml("x.yaml", f"k: >-\n  {text}\n")
    assert src is not None and problems == []
    report = Report()
    check_minus_signs(src, report)
    assert all(d.code == "hyphen-minus" and d.severity == "warning" for d in report.items)
    return [(d.mark.line, d.mark.col, d.message.split("'")[1]) for d in report.items]


def test_a_negative_number_with_a_hyphen_is_found_at_its_column() -> None:
    assert minus_findings("she scores -4, he -44 (-1.5 a hand).") == [
        (2, 14, "-4"), (2, 21, "-44"), (2, 26, "-1.5")]


def test_a_subtraction_with_a_hyphen_is_found_at_its_hyphen() -> None:
    """ru/ro/en Peppa Scivolosa said 'Carla scores 30 - 12 = 18' and passed (issue 38)."""
    src, problems = load_yaml("x.yaml", "k: >-\n  Carla scores 30 - 12 = 18, Dario 4 - 2.5 =1.5.\n")
    assert src is not None and problems == []
    report = Report()
    check_minus_signs(src, report)
    assert [(d.mark.line, d.mark.col, d.message) for d in report.items] == [
        (2, 19, f"'30 - 12' subtracts with a hyphen-minus: a subtraction takes the minus sign, "
                f"'30 {MINUS} 12'"),
        (2, 38, f"'4 - 2.5' subtracts with a hyphen-minus: a subtraction takes the minus sign, "
                f"'4 {MINUS} 2.5'")]


@pytest.mark.parametrize("text", [
    "for 2 - 6 players", "30 \u2212 12 = 18", "pages 4 - 9, then 10 = ten",
    "for 2-6 players", "on 2026-12-03", "the 10-card hand", "x-1",
    "see https://example.org/a-1", "a minus sign: −4", "- a list item", "+-3", "[a](#s-2)",
    "50%-60%"])
def test_a_hyphen_that_is_no_minus_is_left_alone(text: str) -> None:
    assert minus_findings(text) == []


def test_the_finding_names_the_fix_and_the_corpus_has_none(broken) -> None:
    result = broken("peppa-scivolosa", {"en.yaml": [("she scores −4", "she scores -4")]})
    [found] = [d for d in result.report.items if d.code == "hyphen-minus"]
    assert found.message == ("'-4' is written with a hyphen-minus: a negative number takes the "
                             f"minus sign, '{MINUS}4'")
    assert found.hint and "U+2212" in found.hint
    assert [d for d in corpus().report.items if d.code == "hyphen-minus"] == []


def test_generated_figures_take_the_minus_sign_in_every_language() -> None:
    from generator.web.numbers import _babel, _whole
    for lang in ("en", "it", "de", "ru", "ro", "ar"):
        assert _whole(lang, -14) == f"{MINUS}14"
        assert _babel(lang, "#,##0.0", -145, 1).startswith(MINUS)
        assert "-" not in _babel(lang, "#,##0.0", -145, 1)
    assert minus_sign("-3 to -1") == f"{MINUS}3 to {MINUS}1"


def test_a_placeholder_with_a_negative_value_takes_the_minus_sign() -> None:
    from conftest import RULES
    from generator.check.load import placeholders
    [hearts] = [b for b in corpus().games if b.rules.id == "hearts"]
    values = placeholders(hearts.rules)
    negative = {k: v for k, v in values.items() if v.startswith((MINUS, "-"))}
    assert negative and all(v.startswith(MINUS) for v in negative.values()), negative
    assert formatted(check([RULES / "hearts"], root=RULES.parent).report.items) == []


# A hyphen-minus before a digit, not inside a word, an address or a range ("2–10", "a-1").
_HYPHEN_FIGURE = re.compile(r"(?<![\w\-\u2212+/#])-(?=\d)")


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_trick_steppers_figures_take_the_minus_sign(lang: str) -> None:
    """Slippery Peppa's hearts are worth minus their number: the stepper's trick notes ("-3
    points"), the callout of a card that decides the hand ("10♥ taken: -10 points") and the
    points taken so far (data-points, which stepper.js writes under each seat) had a
    hyphen-minus where the score sheet has the minus sign."""
    from generator.families import get_family
    from generator.families.view import ExampleView
    from generator.runtime.theme import Theme
    from generator.web.render import Renderer, SiteConfig
    from generator.web.site import plan

    checked = corpus()
    renderer = Renderer(SiteConfig(Theme.layered(), "https://example.org/", "rulebook", pdf=False),
                        plan(checked.games), checked.replays)
    negative, wrong = 0, []
    for b in checked.games:
        family = get_family(b.rules.spec.family)
        if b.rules.spec.family != "tricks":
            continue
        for example in b.examples:
            view = ExampleView(example, b, lang, b.languages[lang].spec.examples[example],
                               renderer.messages(lang))
            context = family.example_context(checked.replays[(b.rules.id, example)], view)
            html = renderer.env(lang).get_template(family.example_partial).render(ex=context)
            text = re.sub(r"<[^>]*>", " ", html)
            points = " ".join(re.findall(r'data-points="([^"]*)"', html))
            said = f"{text} {points}"
            wrong += [f"{b.rules.id}/{example}: …{said[m.start() - 30:m.end() + 10]}…"
                      for m in _HYPHEN_FIGURE.finditer(said)]
            negative += (text + points).count(MINUS)
    assert not wrong, wrong[:5]
    assert negative > 0  # the corpus has negative figures: the test reads them

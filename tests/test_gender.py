"""The words the site says of a player agree with that player's gender (issue 25): every
example of every game, rendered in each language through its family's page context and its
partial template, says no masculine form of a woman and no feminine form of a man.

What is read: the words bound to one seat (the dealer's badge, the role under a seat at the
table, "takes the trick", "out", the sheet's "wins" and "loses") and each generated sentence
(the move, the notes, the result lines) whose named players are all of one gender. The
words looked for are the forms the catalogs could give the other gender: past-tense verbs
and nouns in Russian, the imperfect's prefix and the feminine ending in Arabic, the
pronoun and the -in of a noun in German, the clitic and the noun in Italian.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator
from xml.etree.ElementTree import Element

import html5lib
import pytest

from conftest import ROOT, corpus
from generator.core.languages import (
    LANGUAGES,
    SOURCE_LANGUAGE,
    Gendered,
    Messages,
    _p_,
    catalog_key,
    group_gender,
    load_messages,
)
from generator.families import get_family
from generator.families.view import DEALER, WINNERS, ExampleView
from generator.model.game import GameBundle
from generator.runtime.theme import Theme
from generator.web.render import Renderer, SiteConfig
from generator.web.site import plan

CHECKED = corpus()
TRANSLATED = [lang for lang in LANGUAGES if lang != SOURCE_LANGUAGE]
EXAMPLES = [(b.rules.id, name) for b in CHECKED.games for name in b.examples]
# Arabic short vowels, shadda and sukun: read without them
ARABIC_MARKS = re.compile("[\u064b-\u065f\u0670]")


def words(*forms: str) -> re.Pattern[str]:
    return re.compile(r"(?<!\w)(?:" + "|".join(forms) + r")(?!\w)", re.IGNORECASE)


# Forms said of a man that the languages never say of a woman, and the other way round.
MASCULINE = {
    "ru": words(r"[а-яё]+л", "сдающий", "у него", "ему", "игроку", "победитель", "победители",
                "проигравший"),
    # (the passive "يُسحب منها", "is drawn from her", is said of the card)
    "ar": words(r"[وف]?(?:يأخذ|يفتتح|يفوز|يخسر)", r"[وف]?يسحب(?!\s+منه?ا?(?!\w))", "خرج",
                "الموزع", "منه",
                "الفائز", "الفائزون", "الفائزان", "الخاسر", "الخاسرون", "الخاسران"),
    "de": words("Geber", "ihm", "er", r"sein\w*"),
    "it": words("gli", "lui", "mazziere", "uscito", "rimasto", "eliminato", "vincitore"),
    "ro": words("lui", "el", r"câștigătorul\w*", "învinsul"),
}
FEMININE = {
    "ru": words(r"[а-яё]+ла", "сдающая", "у неё", "у нее", "ей", "победительница",
                "победительницы", "проигравшая"),
    "ar": words(r"[وف]?(?:تأخذ|تفتتح|تسحب|تفوز|تخسر)", "خرجت", "الموزعة", "منها", "الفائزة",
                "الفائزات", "الفائزتان", "الخاسرة", "الخاسرات", "الخاسرتان"),
    "de": words("Geberin", "ihr", "sie", r"ihre\w*"),
    "it": words("le si", "lei", "mazziera", "uscita", "rimasta", "eliminata", "vincitrice"),
    "ro": words("ei", "ea", r"câștigătoarea\w*", "învinsa"),
}
# The classes of what the generator writes of players: words bound to a seat, and sentences.
SEAT_WORDS = ("tv-role", "tv-wins", "tv-out", "badge")  # the most particular first: a role is a badge too
SENTENCES = ("tv-move", "tv-note", "result")


def renderer() -> Renderer:
    return Renderer(SiteConfig(Theme.layered(), "https://example.org/", "rulebook", pdf=False),
                    plan(CHECKED.games), CHECKED.replays)


RENDERER = renderer()


def bundle(game: str) -> GameBundle:
    return next(b for b in CHECKED.games if b.rules.id == game)


def rendered(game: str, example: str, lang: str) -> Element:
    """The example as its game page shows it in ``lang`` (game_page._example's steps)."""
    b = bundle(game)
    family = get_family(b.rules.spec.family)
    view = ExampleView(example, b, lang, b.languages[lang].spec.examples[example],
                       RENDERER.messages(lang))
    context = family.example_context(CHECKED.replays[(game, example)], view)
    html = RENDERER.env(lang).get_template(family.example_partial).render(ex=context)
    return html5lib.parse(html, namespaceHTMLElements=False)


def text(el: Element) -> str:
    return ARABIC_MARKS.sub("", re.sub(r"\s+", " ", "".join(el.itertext())).strip())


def classes(el: Element) -> set[str]:
    return set((el.get("class") or "").split())


def said(doc: Element, names: dict[str, str]) -> Iterator[tuple[frozenset[str], str, str]]:
    """(the seats a text is said of, the text, what it is) for every text the generator
    writes of players; ``names`` maps each seat's name in this language to the seat."""
    parents = {child: parent for parent in doc.iter() for child in parent}
    # a name whole, in Arabic with "and" written onto it (أليس وبن وكلوي)
    named = {shown: re.compile(rf"(?<!\w)و?{re.escape(shown)}(?!\w)") for shown in names}

    def seats_in(words: str) -> frozenset[str]:
        return frozenset(names[shown] for shown, pattern in named.items() if pattern.search(words))

    for el in doc.iter():
        kinds = classes(el)
        if kinds & set(SEAT_WORDS):
            at, owner = el, None
            while owner is None and at in parents:
                at = parents[at]
                if at.get("data-seat"):
                    owner = frozenset({at.get("data-seat") or ""})
                elif "seat" in classes(at):  # the seats line: the name before its badge
                    owner = seats_in(text(at))
            assert owner, f"{sorted(kinds)} belongs to no seat"
            yield owner, text(el), next(k for k in SEAT_WORDS if k in kinds)
        elif kinds & set(SENTENCES):
            for sentence in re.split(r"(?<=[.!?؟])\s+", text(el)):
                yield seats_in(sentence), sentence, next(k for k in SENTENCES if k in kinds)
        elif "sheet" in kinds:  # the outcome of each column, said of the seat at its head
            heads = [text(th) for th in el.iter("th") if th.get("scope") == "col"][1:]
            cells = [text(td) for td in el.iter("td") if "sheet-outcome" in classes(td)]
            for head, cell in zip(heads, cells):
                if cell:
                    yield frozenset({names[head]}), cell, "sheet-outcome"


def check(game: str, example: str, lang: str) -> tuple[list[str], set[str]]:
    """What ``lang`` says of a player in the other gender's form; what kinds of text held a
    gendered word said of one gender alone."""
    b = bundle(game)
    genders = b.examples[example].spec.genders
    shown = b.languages[lang].spec.examples[example].seats
    names = {shown.get(seat, seat): seat for seat in b.examples[example].spec.seats}
    wrong, read = [], set()
    for seats, words, kind in said(rendered(game, example, lang), names):
        found = {genders.get(s, "m") for s in seats}
        if len(found) != 1:
            continue  # no one, or a man and a woman together
        gender = found.pop()
        other = (MASCULINE if gender == "f" else FEMININE)[lang].findall(words)
        own = (FEMININE if gender == "f" else MASCULINE)[lang].findall(words)
        if other:
            wrong.append(f"{game}/{example} {lang} {kind}: {words!r} of "
                         f"{', '.join(sorted(seats))} ({gender}): {other}")
        if own:
            read.add(kind)
    return wrong, read


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_word_is_said_of_a_player_in_the_other_genders_form(lang: str) -> None:
    wrong, read = [], set()
    for game, example in EXAMPLES:
        if lang in bundle(game).languages:
            found, kinds = check(game, example, lang)
            wrong += found
            read |= kinds
    assert wrong == []
    # the test reads what it means to: in the languages with forms, each kind of text
    expected = {"ru": {"badge", "tv-role", "result"},
                "ar": {"badge", "tv-role", "tv-wins", "tv-note", "result", "sheet-outcome"},
                "de": {"badge", "tv-role"}, "it": {"badge", "tv-role"}, "ro": set()}[lang]
    assert expected <= read, f"{lang}: no gendered word read in {expected - read}"


def test_every_example_names_each_players_gender() -> None:
    for game, example in EXAMPLES:
        spec = bundle(game).examples[example].spec
        assert set(spec.genders) == set(spec.seats), f"{game}/{example}"


def test_the_markers_tell_the_forms_apart() -> None:
    """The words looked for are the catalogs' own forms, each of its gender."""
    for lang in TRANSLATED:
        msgs = load_messages(ROOT / "templates", lang)
        for message in ("dealer", "is drawn from", "%(name)s takes the trick.", "takes the trick"):
            feminine = msgs.pgettext("feminine", message)
            masculine = msgs.pgettext("masculine", message)
            if feminine != masculine:
                assert FEMININE[lang].search(ARABIC_MARKS.sub("", feminine)), (lang, feminine)
                assert MASCULINE[lang].search(ARABIC_MARKS.sub("", masculine)), (lang, masculine)
                assert not MASCULINE[lang].search(ARABIC_MARKS.sub("", feminine)), (lang, feminine)


# -- `rulebook check`: a player whose gender a language needs -------------------------------

ABC = "examples/anna-bruno-carla.yaml"
ABC_GENDERS = "genders: {Anna: f, Bruno: m, Carla: f}\n"


def test_a_player_without_a_gender_is_a_warning_at_the_seat(broken) -> None:
    result = broken("uomo-nero", {ABC: [(ABC_GENDERS, "genders: {Bruno: m}\n")]})
    found = [(Path(d.mark.path).name, d.mark.line, d.mark.col, str(d.severity), d.code, d.message,
              d.hint) for d in result.report.sorted()]
    assert [f[:5] for f in found] == [("anna-bruno-carla.yaml", 2, 9, "warning", "missing-gender"),
                                      ("anna-bruno-carla.yaml", 2, 22, "warning", "missing-gender")]
    assert found[0][5].startswith("no gender for 'Anna': ") and found[0][5].endswith(
        " say the words of a player in a feminine or a masculine form, and without one the "
        "masculine is said")
    assert found[1][6] == ("add it to the script's genders (Carla: f or Carla: m): the form the "
                           "languages use of this player")


def test_a_script_without_genders_builds_its_pages_in_the_masculine(broken) -> None:
    result = broken("uomo-nero", {ABC: [(ABC_GENDERS, "")]})
    assert {d.code for d in result.report.items} == {"missing-gender"}
    assert len(result.report.items) == 3 and not result.report.errors


def test_a_gender_of_no_seat_is_an_error(broken) -> None:
    result = broken("uomo-nero", {ABC: [(ABC_GENDERS, "genders: {Anna: f, Bruno: m, Karla: f}\n")]})
    found = [(d.code, d.message) for d in result.report.sorted()]
    assert ("unknown-seat", "'Karla' is not one of the seats (Anna, Bruno, Carla)") in found


def test_a_gender_is_f_or_m(broken) -> None:
    result = broken("uomo-nero", {ABC: [(ABC_GENDERS, "genders: {Anna: x, Bruno: m, Carla: f}\n")]})
    assert [d.mark.line for d in result.report.errors] == [3]


def test_a_game_in_english_alone_needs_no_gender(broken) -> None:
    broken("uomo-nero", {})
    for path in (broken.tmp / "rules" / "uomo-nero").glob("*.yaml"):
        if path.name not in ("game.yaml", "en.yaml"):
            path.unlink()
    result = broken("uomo-nero", {ABC: [(ABC_GENDERS, "")]})
    assert not [d.format() for d in result.report.items]


# -- the catalogs' two forms ----------------------------------------------------------------

def test_a_group_is_feminine_only_when_every_one_is_a_woman() -> None:
    assert (group_gender(["f", "f"]), group_gender(["f", "m"]), group_gender([])) == ("f", "m", "m")


def test_a_form_missing_from_a_catalog_falls_back_to_the_english() -> None:
    msgs = Messages("ru", {catalog_key("masculine", "dealer"): "сдающий"})
    assert msgs.gendered(DEALER, "m") == "сдающий" and msgs.gendered(DEALER, "f") == "dealer"
    assert msgs.ngendered(WINNERS, "f", 2) == "Winners: %(names)s."


def test_both_forms_are_one_message() -> None:
    with pytest.raises(ValueError):
        Gendered(_p_("feminine", "draws"), _p_("masculine", "drew"))
    with pytest.raises(ValueError):
        Gendered(_p_("masculine", "draws"), _p_("feminine", "draws"))


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_negative_score_in_an_examples_table_has_the_minus_sign(lang: str) -> None:
    """Chat Noir's 'Two ways below zero' ends at −20 and −10: the table wrote Python's
    hyphen-minus (issue 38's typography: '−' in every generated figure)."""
    page = rendered("chat-noir", "minus-twenty", lang)
    figures = [x.text or "" for x in page.iter("span") if x.get("class") == "num"]
    assert "\u221220" in figures and "\u221210" in figures
    assert not any(f.startswith("-") for f in figures)

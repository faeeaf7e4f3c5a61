"""The player aid says what each card is worth (issue 39): the values come from the engine
(each family's ``card_values``), gathered into short lines (web/values.py) that never say
more or less than the engine counts; the printed aid reads them back."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import ROOT, corpus
from generator.core.cards import get_deck
from generator.core.languages import load_messages
from generator.families import family_of
from generator.web.values import _NUMBERS, gather, lines


def _worths(game: str):  # type: ignore[no-untyped-def]
    bundle = next(b for b in corpus().games if b.rules.id == game)
    removed = set(bundle.rules.engine.removed)
    deck = [c for c in get_deck(bundle.rules.spec.deck).cards if c not in removed]
    return family_of(bundle).card_values(bundle.rules.engine), gather(
        family_of(bundle).card_values(bundle.rules.engine), deck)


def _plain(game: str, lang: str = "en") -> list[str]:
    _, worths = _worths(game)
    return [re.sub(r"<[^>]+>", "", str(line))
            for line in lines(worths, load_messages(ROOT / "templates", lang), lang, local=False)]


def test_the_lines_of_the_corpus_say_each_games_values_shortly() -> None:
    assert _plain("hearts") == ["Q♠ 13", "♥: 1 each"]
    assert _plain("briscola") == ["A: 11 each", "3: 10 each", "K: 4 each", "Q: 3 each", "J: 2 each"]
    assert _plain("crazy-eights") == ["8: 50 each", "J Q K: 10 each", "A: 1 each",
                                      "2–7 9 10: the number on the card"]
    assert _plain("chat-noir") == ["Q♠ 13", "A♥ 6", "K♥ 5", "Q♥ 4", "J♥ 3", "10♥ 2",
                                   "2♥–9♥: 1 each"]
    assert _plain("peppa-scivolosa")[-1] == "2♥–10♥: minus the number on the card"
    assert _plain("peppa-scivolosa")[0] == "Q♠ −26"
    assert _plain("macao")[-1] == "2–10: the number on the card"
    assert _plain("macao", "de")[2] == "B D K: je 10" or _plain("macao", "de")[2] == "J Q K: je 10"
    assert _plain("black-peter") == [] and _plain("whist") == []  # no card counts


@pytest.mark.parametrize("game", sorted(b.rules.id for b in corpus().games))
def test_the_lines_cover_each_counted_card_once_at_its_value(game: str) -> None:
    values, worths = _worths(game)
    said = [c for w in worths for c in w.cards]
    assert sorted(said, key=str) == sorted((c for c, v in values.items() if v), key=str)
    for w in worths:
        for card in w.cards:
            if w.numbered:
                assert card.rank is not None and values[card] == w.value * _NUMBERS[card.rank]
            else:
                assert values[card] == w.value, (card, w)


@pytest.mark.parametrize(("game", "lang", "said"), [
    ("hearts", "en", [r"Card values\s*:\s*Q\s*♠\s*13", r"♥\s*:\s*1\s+each"]),
    ("chat-noir", "ru", [r"Стоимость карт", r"2\s*♥\s*–\s*9\s*♥\s*:\s*по 1"]),
    ("black-peter", "en", [r"Odd card\s*:\s*J\s*♣"]),
    # full at its smallest type: the values, which its own end lines say, are left out, and
    # no line is lost (the corpus's build, `built`, has no overflow)
    ("macao", "en", [r"pictures 10, ace 1, joker 50"]),
])
def test_the_printed_aid_says_the_values_and_the_odd_card(
        built: Path, game: str, lang: str, said: list[str]) -> None:
    slug = next(b.rules.spec.slugs[lang] for b in corpus().games if b.rules.id == game)
    aid = built / lang / slug / f"{slug}-player-aid.pdf"
    text = " ".join((page.extract_text() or "") for page in PdfReader(aid).pages)
    for pattern in said:
        assert len(re.findall(pattern, " ".join(text.split()))) == 9, (pattern, text[:600])
    if game == "macao":
        assert "Card values" not in text


def _aid_text(built: Path, game: str, lang: str) -> str:
    """The first card of the game's player aid in ``lang``, as the corpus's build printed it
    (the `built` fixture: rendered and fitted once a session, no box lost), as one line of text."""
    from print_audit import cards_of, lines_in, read

    slug = next(b.rules.spec.slugs[lang] for b in corpus().games if b.rules.id == game)
    (side,) = read(built / lang / slug / f"{slug}-player-aid.pdf")
    return " ".join(" ".join(ln.text.replace("\u00a0", " ").split())
                    for ln in lines_in(side, cards_of(side)[0]))


# Peppa's counting cards, in every language (its Arabic, Russian, German, Italian and Romanian
# aids left them out: full at 9 pt), and its pass to the right beside them; Hearts' pass schedule
# and its end at 100 beside its values,
# Peppa Scivolosa's values (a value that could not break was wider than the card).
AID_SAYS = [
    *[("peppa", lang, [r"13", r"5", r"4", r"3", r"2\b"]) for lang in ("en", "it", "de", "ru", "ro", "ar")],
    ("peppa", "en", [r"Card values: Q♠ 13 · A♥ 5 · K♥ 4 · Q♥ 3 · J♥ 2 · 2♥ ?– ?10♥ ?: 1 ?each"]),
    # Peppa's pass schedule, with its values, in every language (ar and ru had no room for it)
    ("peppa", "en", [r"pass 3 ?cards to the right", r"Over 100"]),
    ("peppa", "it", [r"3 ?carte a destra", r"Sopra i 100"]),
    ("peppa", "de", [r"3 ?Karten nach rechts", r"Über 100"]),
    ("peppa", "ru", [r"Передайте 3 ?карты направо", r"Больше 100"]),
    ("peppa", "ro", [r"Dați 3 ?cărți la dreapta", r"Peste 100"]),
    ("peppa", "ar", [r"مرّر 3 ?أوراق يمينًا", r"100"]),
    ("peppa", "ru", [r"Стоимость карт: Д♠ 13 · Т♥ 5"]),
    ("hearts", "en", [r"Pass 3 ?cards: left, right, across, none", r"Over 100 ?ends the game",
                      r"Card values: Q♠ 13 · ♥: 1 ?each"]),
    ("hearts", "ru", [r"Передайте 3 ?карты", r"больше 100", r"Стоимость карт: Д♠ 13"]),
    ("peppa-scivolosa", "en", [r"Card values: Q♠ −26 · A♥ −14", r"minus the number"]),
    ("whist", "en", [r"First side past 6 ?points wins"]),
]


@pytest.mark.parametrize(("game", "lang", "said"), AID_SAYS)
def test_a_scoring_games_player_aid_says_its_card_values_and_its_end(
        built: Path, game: str, lang: str, said: list[str]) -> None:
    text = _aid_text(built, game, lang)
    values = {"en": "Card values", "it": "Valore delle carte", "de": "Kartenwerte", "ru": "Стоимость карт",
              "ro": "Valoarea cărților", "ar": "الأوراق"}[lang]
    if game != "whist":
        assert values in text or (lang == "ar" and "قيمة" in text), text
    for pattern in said:
        assert re.search(pattern, text), (pattern, text)

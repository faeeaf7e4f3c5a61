"""What an intro says of the deal is read and checked against the replay, in every language
(families/dealing.py): the card turned up and who turns it (the dealer), and how many cards
each player is dealt. A wrong fact is reported at its word; the true sentences are read, so
they are no longer `unread-narration`."""

from __future__ import annotations

import pytest

from conftest import BrokenCopy
from generator.check.games import CheckResult


def claims(result: CheckResult) -> list[str]:
    return [d.format().split("\n")[0] for d in result.report.items if d.code == "narration-claim"]


def at(broken: BrokenCopy, game: str, lang: str, new: str, word: str) -> str:
    """``path:line:col`` of ``word`` (its last place in ``new``) in the edited copy."""
    path = broken.tmp / "rules" / game / f"{lang}.yaml"
    text = path.read_text(encoding="utf-8")
    offset = text.index(new) + new.rindex(word)
    line = text.count("\n", 0, offset) + 1
    col = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return f"rules/{game}/{lang}.yaml:{line}:{col}"


# Oh Hell's sixth hand: Dario deals and turns up the 4♠ (trumps are spades).
TURNED = {
    "en": ("Dario deals and turns up the 4♠:", "Dario deals and turns up the 5♠:"),
    "it": ("Dario distribuisce e scopre il 4♠:", "Dario distribuisce e scopre il 5♠:"),
    "de": ("Dario gibt und deckt die 4♠ auf:", "Dario gibt und deckt die 5♠ auf:"),
    "ru": ("Сдаёт Дарио, он открывает 4♠:", "Сдаёт Дарио, он открывает 5♠:"),
    "ro": ("Dario împarte și întoarce 4♠:", "Dario împarte și întoarce 5♠:"),
    "ar": ("يوزّع داريو ويكشف 4♠:", "يوزّع داريو ويكشف 5♠:"),
}


@pytest.mark.parametrize("lang", sorted(TURNED))
def test_a_wrong_card_turned_up_is_reported_at_the_card(broken: BrokenCopy, lang: str) -> None:
    old, new = TURNED[lang]
    found = claims(broken("oh-hell", {f"{lang}.yaml": [(old, new)]}))
    assert found == [f"{at(broken, 'oh-hell', lang, new, '5♠')}: error[narration-claim]: {lang}: "
                     "the intro says 5♠ is turned up; in the replay the card turned is 4♠"]


# Oh Hell's "the-hook": Dario (the dealer) turns up the 5♥.
WRONG_DEALER = {
    "en": ("Dario turns up the 5♥", "Anna turns up the 5♥"),
    "de": ("Dario deckt die 5♥ auf", "Anna deckt die 5♥ auf"),
    "ru": ("Дарио открывает 5♥", "Анна открывает 5♥"),
    "ro": ("Dario întoarce 5♥", "Anna întoarce 5♥"),
}


@pytest.mark.parametrize("lang", sorted(WRONG_DEALER))
def test_the_wrong_player_turning_the_card_is_reported_at_the_name(broken: BrokenCopy,
                                                                   lang: str) -> None:
    old, new = WRONG_DEALER[lang]
    found = claims(broken("oh-hell", {f"{lang}.yaml": [(old, new)]}))
    assert found == [f"{at(broken, 'oh-hell', lang, new, new.split()[0])}: error[narration-claim]:"
                     f" {lang}: the intro says 'Anna' turns up the card; in the replay 'Dario' "
                     "deals"]


# Black Peter's deal of 31 cards to three: Player 2 gets 11, Players 3 and 1 get 10.
DEALT = {
    "en": ("Player 2 ends up with 11 cards", "Player 2 ends up with 12 cards", "12"),
    "de": ("Spieler 2 erhält 11 Karten", "Spieler 2 erhält 12 Karten", "12"),
    "ru": ("Игрока 2 выходит 11 карт", "Игрока 2 выходит 12 карт", "12"),
    "ro": ("Jucătorul 2 primește 11,", "Jucătorul 2 primește 12,", "12"),
    "ar": ("فإن اللاعب 2 ينال 11 ورقة", "فإن اللاعب 2 ينال 12 ورقة", "12"),
}


@pytest.mark.parametrize("lang", sorted(DEALT))
def test_a_wrong_number_of_cards_dealt_is_reported_at_the_number(broken: BrokenCopy,
                                                                 lang: str) -> None:
    old, new, number = DEALT[lang]
    found = claims(broken("black-peter", {f"{lang}.yaml": [(old, new)]}))
    assert found == [f"{at(broken, 'black-peter', lang, new, number)}: error[narration-claim]: "
                     f"{lang}: the intro says '2' is dealt 12 cards; in the replay '2' is dealt "
                     "11"]


# The second number of the sentence, said of a list of numbered names ("Players 3 and 1").
LISTED = {
    "en": ("Players 3 and 1 with 10", "Players 3 and 1 with 9"),
    "de": ("Spieler 3 und Spieler 1 je 10", "Spieler 3 und Spieler 1 je 9"),
    "ru": ("у Игроков 3 и 1 — по 10", "у Игроков 3 и 1 — по 9"),
    "ro": ("Jucătorii 3 și 1 câte 10", "Jucătorii 3 și 1 câte 9"),
}


@pytest.mark.parametrize("lang", sorted(LISTED))
def test_a_count_said_of_a_list_of_numbered_names(broken: BrokenCopy, lang: str) -> None:
    old, new = LISTED[lang]
    found = claims(broken("black-peter", {f"{lang}.yaml": [(old, new)]}))
    assert found == [f"{at(broken, 'black-peter', lang, new, '9')}: error[narration-claim]: "
                     f"{lang}: the intro says '1' and '3' are dealt 9 cards; in the replay '1' "
                     "is dealt 10, '3' is dealt 10"]


# Old Maid with four: Alice, Ben and Chloe get 13 cards each, Dan 12.
EACH = {
    "en": ("13 cards each, Dan 12", "13 cards each, Dan 13"),
    "de": ("je 13\n      Karten, Dan 12", "je 13\n      Karten, Dan 13"),
    "ru": ("по 13 карт, Дэн 12", "по 13 карт, Дэн 13"),
    "ro": ("cărți,\n      Dan 12", "cărți,\n      Dan 13"),
}


@pytest.mark.parametrize("lang", sorted(EACH))
def test_counts_said_of_several_players_each(broken: BrokenCopy, lang: str) -> None:
    old, new = EACH[lang]
    found = claims(broken("old-maid", {f"{lang}.yaml": [(old, new)]}))
    assert found == [f"{at(broken, 'old-maid', lang, new, '13')}: error[narration-claim]: {lang}: "
                     "the intro says 'Dan' is dealt 13 cards; in the replay 'Dan' is dealt 12"]


@pytest.mark.parametrize(("game", "example", "sentence"), [
    ("black-peter", "deal", "Player 2 ends up with 11 cards"),
    ("old-maid", "four-players", "Alice, Ben and Chloe get 13 cards each"),
    ("oh-hell", "five-cards", "turns up the 4♠"),
])
def test_the_true_sentences_of_the_deal_are_read(broken: BrokenCopy, game: str, example: str,
                                                 sentence: str) -> None:
    """Read in English, with no sentence left unread, and in at least four languages."""
    result = broken(game, {})
    assert not claims(result)
    texts = {r.lang: r for r in result.report.readings
             if r.example == example and r.part == "intro"}
    assert sentence in " ".join(texts["en"].text.split())
    assert not texts["en"].unread
    read = [lang for lang, r in texts.items() if any(c.kind in ("dealt", "turned")
                                                    for c in r.claims)]
    assert "en" in read and len(read) >= 4, read

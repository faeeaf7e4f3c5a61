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


# Schwarzer Peter with four: Jonas lays down J♦ with J♣ first; Lena keeps the J♥.
FIRST_PAIR = {
    "en": ("Jonas puts down J♦ with J♣", "Jonas puts down J♦ with J♥"),
    "it": ("Jonas cala J♦ e J♣", "Jonas cala J♦ e J♥"),
    "de": ("Jonas legt J♦ und J♣ ab", "Jonas legt J♦ und J♥ ab"),
    "ru": ("Йонас сбрасывает J♦ и J♣", "Йонас сбрасывает J♦ и J♥"),
    "ro": ("J♦ cu J♣", "J♦ cu J♥"),
    "ar": ("J♦ مع J♣", "J♦ مع J♥"),
}


@pytest.mark.parametrize("lang", sorted(FIRST_PAIR))
def test_a_pair_the_start_lays_down_is_one_the_replay_lays(broken: BrokenCopy, lang: str) -> None:
    old, new = FIRST_PAIR[lang]
    found = claims(broken("schwarzer-peter", {f"{lang}.yaml": [(old, new)]}))
    assert len(found) == 1, found
    assert found[0].startswith(f"{at(broken, 'schwarzer-peter', lang, new, 'J♦')}: error["
                               f"narration-claim]: {lang}: the start says J♦ and J♥ are laid "
                               "down as a pair; in the replay "), found


def test_the_first_pairs_of_the_start_are_read(broken: BrokenCopy) -> None:
    result = broken("schwarzer-peter", {})
    assert not claims(result)
    for r in result.report.readings:
        if r.example == "lena-jonas-mia-paul" and r.part == "start":
            assert any(c.kind == "plays" and c.card is not None and str(c.card) == "J♦"
                       for c in r.claims), r.lang


# Uomo Nero, rank-only jacks, step 3: she gets the 5♥ back and lays it down with her 5♠.
SECOND_CARD = {
    "en": ("with\n        her 5♠", "with\n        her 8♦"),
    "de": ("legt sie mit ihrer 5♠ ab", "legt sie mit ihrer 8♦ ab"),
}


@pytest.mark.parametrize("lang", sorted(SECOND_CARD))
def test_the_card_a_pair_is_laid_down_with_is_the_pairs(broken: BrokenCopy, lang: str) -> None:
    old, new = SECOND_CARD[lang]
    found = claims(broken("uomo-nero", {f"{lang}.yaml": [(old, new)]}))
    assert len(found) == 1, found
    assert found[0].startswith(f"{at(broken, 'uomo-nero', lang, new, '8♦')}: error["
                               f"narration-claim]: {lang}: step 3 says 8♦ makes the pair;"), found


def test_the_true_card_a_pair_is_laid_down_with_is_read(broken: BrokenCopy) -> None:
    """(A wrong one was caught before, as a card laid down; the true sentence was unread.)"""
    result = broken("uomo-nero", {})
    texts = [r for r in result.report.readings
             if r.example == "rank-only-jacks" and r.part == "step 3" and r.lang in ("en", "de")]
    assert len(texts) == 2
    for r in texts:  # (German's "Sie bekommt die 5♥ zurück" is another shape, not read)
        assert not [u for u in r.unread if any("5♠" in what for what in u.holds)], r.unread

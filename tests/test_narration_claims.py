"""Narration is checked for who and how much, not only for which card: a step or a result
that says the wrong player takes a trick, plays a card the player did not play, gives a
score the replay has not, names a player with no part in a move, or names the wrong loser
is reported at the word, in every language."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import BrokenCopy, formatted, line_of
from generator.check.games import CheckResult, check
from generator.core.languages import LANGUAGES, load_messages
from generator.families import claims as reading
from generator.families import roles

JACKS = Path(__file__).parent / "fixtures" / "jacks"


def jacks(tmp_path: Path, lang: str, old: str, new: str) -> CheckResult:
    """The test game with one text of ``lang``.yaml changed."""
    rules = tmp_path / "rules"
    shutil.copytree(JACKS, rules)
    path = rules / "jacks" / f"{lang}.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text, (lang, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return check([rules], root=tmp_path)


def claims(result: CheckResult) -> list[str]:
    return [d.format().split("\n")[0] for d in result.report.items if d.code == "narration-claim"]


def test_the_test_game_itself_is_clean(tmp_path: Path) -> None:
    assert formatted(check([JACKS], root=JACKS.parent).report.items) == []


WRONG_TAKER = {  # trick 2 is Carla's; the narration gives it to Bruno
    "en": ("Carla takes\n        the trick", "Bruno takes\n        the trick"),
    "de": ("Carla macht\n        den Stich", "Bruno macht\n        den Stich"),
    "ru": ("получает Карла", "получает Бруно"),
    "ar": ("تأكل كارلا الأكلة", "يأكل برونو الأكلة"),
}


@pytest.mark.parametrize("lang", sorted(WRONG_TAKER))
def test_the_wrong_player_taking_a_trick_is_reported(tmp_path: Path, lang: str) -> None:
    old, new = WRONG_TAKER[lang]
    found = claims(jacks(tmp_path, lang, old, new))
    assert len(found) == 1, found
    assert f"rules/jacks/{lang}.yaml:" in found[0]
    assert found[0].endswith(f"error[narration-claim]: {lang}: step 2 says 'Bruno' takes trick 8; "
                             "the replay has 'Carla' take it")


WRONG_SCORE = {  # Bruno ends the hand with 8 points
    "en": ("Bruno ends the hand with 8 points", "Bruno ends the hand with 9 points"),
    "de": ("Bruno beendet das Spiel mit 8 Punkten", "Bruno beendet das Spiel mit 9 Punkten"),
    "ru": ("Бруно заканчивает сдачу с 8 очками", "Бруно заканчивает сдачу с 9 очками"),
    "ar": ("ينهي برونو الجولة بـ 8 نقاط", "ينهي برونو الجولة بـ 9 نقاط"),
}


@pytest.mark.parametrize("lang", sorted(WRONG_SCORE))
def test_a_wrong_score_in_the_result_is_reported_at_the_number(tmp_path: Path, lang: str) -> None:
    old, new = WRONG_SCORE[lang]
    result = jacks(tmp_path, lang, old, new)
    found = claims(result)
    assert len(found) == 1, found
    assert found[0].endswith(f"error[narration-claim]: {lang}: the result gives 'Bruno' 9; "
                             "the replay has 4 (tricks taken), 8 (points taken)")
    text = (tmp_path / "rules" / "jacks" / f"{lang}.yaml").read_text(encoding="utf-8")
    line = next(i for i, row in enumerate(text.splitlines(), 1) if new.split()[-2] in row
                and "9" in row)
    path, row, col = found[0].split(":")[:3]
    assert int(row) == line and text.splitlines()[line - 1][int(col) - 1] == "9"


WRONG_CARD = {  # in the first trick of Hearts Anna plays the J♣; the narration says the J♠
    "en": ("Anna plays the J♣.", "Anna plays the jack of spades."),
    "de": ("Anna legt den J♣.", "Anna legt den Pik-Buben."),
    "ru": ("Анна кладёт J♣.", "Анна кладёт валета пик."),
    "ar": ("وتلعب آنا J♣.", "وتلعب آنا الولد البستوني."),
}


@pytest.mark.parametrize("lang", sorted(WRONG_CARD))
def test_a_card_the_player_did_not_play_is_reported(broken: BrokenCopy, lang: str) -> None:
    """The J♠ is still in a hand, so naming it is no card-in-words finding; the claim is."""
    old, new = WRONG_CARD[lang]
    found = claims(broken("hearts", {f"{lang}.yaml": [(old, new)]}))
    assert len(found) == 1, found
    assert f"hearts/{lang}.yaml:{line_of('hearts', f'{lang}.yaml', old)}:" in found[0]
    assert found[0].endswith(f"error[narration-claim]: {lang}: step 1 says 'Anna' plays J♠; "
                             "in the replay 'Anna' plays J♣ in trick 1")


WRONG_DRAWER = {  # move 1 of Uomo Nero's example: Anna draws from Carla; Bruno has no part
    "en": ("and Anna draws the Q♣ from her fan", "and Bruno draws the Q♣ from her fan"),
    "de": ("Anna zieht daraus", "Bruno zieht daraus"),
    "ru": ("и Анна вытягивает из него Q♣", "и Бруно вытягивает из него Q♣"),
    "ar": ("وتسحب منها آنا Q♣", "ويسحب منها برونو Q♣"),
}


@pytest.mark.parametrize("lang", sorted(WRONG_DRAWER))
def test_a_player_with_no_part_in_a_move_is_reported(broken: BrokenCopy, lang: str) -> None:
    old, new = WRONG_DRAWER[lang]
    found = claims(broken("uomo-nero", {f"{lang}.yaml": [(old, new)]}))
    assert any(f.endswith(f"{lang}: step 1 names 'Bruno', who takes no part in move 1: 'Anna' "
                          "draws from 'Carla'") for f in found), found


WRONG_LOSER = {  # Anna loses Uomo Nero's example, Carla wins it
    "en": ("Anna is left holding the J♠: she is the Uomo Nero and loses the hand.",
           "Carla is left holding the J♠ and loses the hand."),
    "ru": ("У Анны остаётся J♠: она Уомо Неро и проигрывает сдачу.",
           "Карла проигрывает сдачу."),
    "ar": ("يبقى J♠ في يد آنا، فهي أومو نيرو وتخسر الجولة،", "تخسر كارلا الجولة،"),
}


@pytest.mark.parametrize("lang", sorted(WRONG_LOSER))
def test_the_wrong_loser_in_the_result_is_reported(broken: BrokenCopy, lang: str) -> None:
    old, new = WRONG_LOSER[lang]
    found = claims(broken("uomo-nero", {f"{lang}.yaml": [(old, new)]}))
    assert any(f.endswith(f"{lang}: the result says 'Carla' loses; in the replay 'Anna' loses")
               for f in found), found


# The catalogs' own sentences of taking, losing and winning, in both genders' forms: a
# narration that borrows the site's wording must be read as the claim it is.
CATALOG_CLAIMS = [
    ("%(name)s takes the trick.", "TAKES"),
    ("takes the trick", "TAKES"),
    ("%(name)s is left with %(card)s and loses.", "LOSES"),
    ("%(name)s is left with %(card)s and wins.", "WINS"),
    ("loses", "LOSES"),
    ("wins", "WINS"),
    ("plays", "PLAYS"),  # the shedding example's seat label
    ("draws", "DRAWS"),
]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("context", ["feminine", "masculine"])
@pytest.mark.parametrize(("msgid", "kind"), CATALOG_CLAIMS)
def test_the_claim_words_include_the_catalogs_own(lang: str, context: str, msgid: str,
                                                  kind: str) -> None:
    messages = load_messages(Path(__file__).parents[1] / "templates", lang)
    translated = messages.pgettext(context, msgid)
    assert lang == "en" or translated != msgid, f"{lang} has no translation of {msgid!r}"
    text = translated % {"name": "Anna", "card": "Q♠"} if "%(" in translated else translated
    clause = reading.Clause(0, text, frozenset({"anna"}))
    assert reading.says(clause, getattr(reading, kind), lang), (lang, text)


def test_a_name_outside_the_clause_of_the_play_claims_nothing(tmp_path: Path) -> None:
    """'she discards the Q♠, the card Bruno passed her' says nothing of what Bruno plays
    (a newcomer's sentence that was once reported as a claim)."""
    result = jacks(tmp_path, "en", "Carla plays the K♥, Dario",
                   "She plays the K♥, the card Dario feared. Dario")
    assert claims(result) == []
    # the same words with Dario as the one who plays are his claim, and a false one
    result = jacks(tmp_path / "2", "en", "Carla plays the K♥, Dario",
                   "Dario plays the K♥, the card Carla feared. Dario")
    assert [c.split(": ", 2)[2] for c in claims(result)] == [
        "en: step 2 says 'Dario' plays K♥; in the replay 'Dario' plays J♥ in trick 8"]


# -- the games that take tricks: bids, trumps, bids made (issue 34) -------------------------

TAKING = Path(__file__).parent / "fixtures" / "trick-games"


def oh_hell(tmp_path: Path, *changes: tuple[str, str]) -> list[str]:
    """The findings of narration claims in Oh Hell's third hand (tests/fixtures/trick-games:
    Anna bids 3, Bruno 2, Carla 0, Dario 2 and they take 1, 1, 1, 0; clubs are trumps; Carla's
    10♣ takes trick 2, led with Bruno's 6♥) with its en.yaml changed."""
    rules = tmp_path / "rules"
    shutil.copytree(TAKING, rules)
    path = rules / "oh-hell" / "en.yaml"
    text = path.read_text(encoding="utf-8")
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")
    return [c.split(": ", 2)[2] for c in claims(check([rules], root=tmp_path))]


INTRO = "Three cards each: the bids come first, from Anna on the dealer's left."


@pytest.mark.parametrize(("said", "found"), [
    ("Anna bids 3, Bruno 2, Carla nothing and Dario two.", []),
    ("Anna holds two queens and bids three.", []),
    ("Anna holds two queens and bids two.", ["en: the intro says 'Anna' bids 2; the script has "
                                              "'Anna' bid 3"]),
    ("Anna bids 3, Bruno 1.", ["en: the intro says 'Bruno' bids 1; the script has 'Bruno' "
                               "bid 2"]),
    ("Dario may not bid 1, and Carla could bid 2.", []),  # denied or supposed: no claim
])
def test_the_bids_the_narration_states_are_the_scripts(tmp_path: Path, said: str,
                                                        found: list[str]) -> None:
    assert oh_hell(tmp_path, (INTRO, said)) == found


def test_a_player_said_to_trump_must_play_a_trump(tmp_path: Path) -> None:
    assert oh_hell(tmp_path, ("- Trick 2.", "- Bruno leads the 6♥ and Carla, without hearts, "
                              "trumps with the 10♣.")) == []
    assert oh_hell(tmp_path / "2", ("- Trick 2.", "- Dario has a heart, yet trumps with the "
                                    "K♥.")) == [
        "en: step 2 says 'Dario' trumps; in the replay 'Dario' plays K♥ in trick 2, and it is "
        "not a trump (clubs are trumps)"]


def test_a_bid_said_made_or_missed_is_checked_against_the_tricks(tmp_path: Path) -> None:
    result = "Every bid is missed: nobody scores."
    assert oh_hell(tmp_path, (result, "Anna misses her bid; so does Dario.")) == []
    assert oh_hell(tmp_path / "2", (result, "Anna makes her bid.")) == [
        "en: the result says 'Anna' makes the bid; in the replay 'Anna' bids 3 and takes 1"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_bid_words_include_the_play_pages_own(lang: str) -> None:
    """The play page's "%(name)s bids %(num)s." is read as a bid, in every language, said of a
    woman (the play page has it in both genders)."""
    messages = load_messages(Path(__file__).parents[1] / "templates", lang)
    text = messages.pgettext("feminine", "%(name)s bids %(num)s.") % {"name": "Anna", "num": 2}
    clause = reading.Clause(0, text, frozenset({"anna"}))
    assert reading.says(clause, reading.BIDS, lang), (lang, text)
    assert [value for value, _ in reading.counts(clause, lang)] == [2], (lang, text)


@pytest.mark.parametrize(("lang", "text", "values"), [
    ("en", "bids nothing, then two", [0, 2]),
    ("it", "dichiara una presa, poi tre", [1, 3]),
    ("de", "sagt zwei an, dann null", [2, 0]),
    ("ru", "заказывает две взятки, потом одну", [2, 1]),
    ("ro", "licitează două levate", [2]),
    ("ar", "يطلب اثنتين ثم واحدة", [2, 1]),
])
def test_small_counts_are_read_in_words(lang: str, text: str, values: list[int]) -> None:
    clause = reading.Clause(0, text, frozenset())
    assert [value for value, _ in reading.counts(clause, lang)] == values


def test_a_step_may_name_the_cards_drawn_after_its_trick(tmp_path: Path) -> None:
    """Briscola's first trick (tests/fixtures/trick-games): Carla takes it and draws the 3♣
    first. A step may say so; a card drawn only later is still named at the word."""
    rules = tmp_path / "rules"
    shutil.copytree(TAKING, rules)
    path = rules / "briscola" / "en.yaml"
    text = path.read_text(encoding="utf-8")
    assert "- Trick 1.\n" in text
    path.write_text(text.replace("- Trick 1.\n", "- Carla takes the trick and draws the 3♣.\n", 1),
                    encoding="utf-8")
    assert formatted(check([rules], root=tmp_path).report.items) == []
    path.write_text(text.replace("- Trick 1.\n", "- Carla takes the trick and draws the A♠.\n", 1),
                    encoding="utf-8")
    found = [d.split("\n")[0] for d in formatted(check([rules], root=tmp_path).report.items)]
    assert len(found) == 1 and found[0].endswith(
        "error[narration-card]: en: step 1 mentions A♠, which nobody holds or draws at trick 1")


def test_an_arabic_result_with_the_loser_and_the_winners_in_one_sentence() -> None:
    """«Dario is left with the J♠ and loses the hand; Anna, Bruno and Carla are all winners»:
    read clause by clause (the adjective فائزون is a word for winning), so neither the
    loser's clause nor the winners' is taken for all four players."""
    names = {"Anna": "آنا", "Bruno": "برونو", "Carla": "كارلا", "Dario": "داريو"}
    text = "يبقى مع داريو J♠ فيخسر الجولة، أما آنا وبرونو وكارلا فكلهم فائزون."
    read = [(kind is reading.LOSES, sorted(part.names), ok) for part, kind, _, _, ok
            in reading.verdicts_read(text, names, "ar", {"Dario"}, {"Anna", "Bruno", "Carla"})]
    assert read == [(True, ["Dario"], True), (False, ["Anna", "Bruno", "Carla"], True)]


AR_SEATS = {"Anna": "آنا", "Bruno": "برونو", "Carla": "كارلا", "Dario": "داريو"}
SEATS = {s: s for s in AR_SEATS}


@pytest.mark.parametrize(("lang", "text", "figures"), [
    # the verb first, then the two players it speaks of; "3 to 2": the side's total, then
    # the others'
    ("ar", "تسجّل آنا وكارلا 2 وتتقدّمان 3 مقابل 2.",
     [("Anna", 2), ("Carla", 2), ("Anna", 3), ("Carla", 3), ("Bruno", 2), ("Dario", 2)]),
    # "each of them" after a colon
    ("ar", "حقّق برونو وداريو طلب الواحدة: 11 لكل منهما.", [("Bruno", 11), ("Dario", 11)]),
    # a list after a colon, paired in order, with "and" written onto each number
    ("ar", "حقّق آنا وبرونو وكارلا طلباتهم: 13 و14 و13.",
     [("Anna", 13), ("Bruno", 14), ("Carla", 13)]),
    # "câte": each of the two before the colon
    ("ro", "Anna și Carla au anunțat zero și n-au luat nimic: câte 10. Bruno și-a făcut unul: 11.",
     [("Anna", 10), ("Carla", 10), ("Bruno", 11)]),
    ("en", "Bruno and Dario take eight tricks and score 2.", [("Bruno", 2), ("Dario", 2)]),
])
def test_figures_said_of_several_players(lang: str, text: str, figures: list[tuple[str, int]]
                                         ) -> None:
    names = AR_SEATS if lang == "ar" else SEATS
    assert [(seat, value) for seat, value, _ in roles.figures(text, names, lang, {})] == figures


# Black Peter's endgame: Player 2 keeps the J♣ and loses; Players 1 and 3 win.
NUMBERED_WINNERS = {
    "en": ("Players 1 and 3 have won", "Players 1 and 2 have won"),
    "it": ("I Giocatori 1 e 3", "I Giocatori 1 e 2"),
    "de": ("Spieler 1 und 3", "Spieler 1 und 2"),
    "ru": ("Игроки 1 и 3 выиграли", "Игроки 1 и 2 выиграли"),
    "ro": ("Jucătorii 1 și 3", "Jucătorii 1 și 2"),
    "ar": ("ويفوز اللاعبان 1 و3", "ويفوز اللاعبان 1 و2"),
}


@pytest.mark.parametrize("lang", sorted(NUMBERED_WINNERS))
def test_a_list_of_numbered_winners_is_read_whole(broken: BrokenCopy, lang: str) -> None:
    """"Players 1 and 3 have won": each number is a winner, so a loser among them is
    reported, and the true sentence is read (its 3 no longer an unread number)."""
    old, new = NUMBERED_WINNERS[lang]
    result = broken("black-peter", {f"{lang}.yaml": [(old, new)]})
    found = claims(result)
    text = (broken.tmp / "rules" / "black-peter" / f"{lang}.yaml").read_text(encoding="utf-8")
    line = text.count("\n", 0, text.index(new)) + 1
    assert len(found) == 1 and f"black-peter/{lang}.yaml:{line}:" in found[0], found
    assert found[0].endswith(f"{lang}: the result says '1' and '2' win; in the replay '1' and "
                             "'3' win")


def test_the_true_list_of_numbered_winners_is_read(broken: BrokenCopy) -> None:
    result = broken("black-peter", {})
    for r in result.report.readings:
        if r.example == "endgame" and r.part == "result":
            assert not [u for u in r.unread if "the number 3" in u.holds], (r.lang, r.unread)
            assert any(c.kind == "winner" and c.seats == ("1", "3") for c in r.claims), r.lang


# Briscola with four, a game of one hand: Anna and Carla's side scores 62 and wins it.
HAND_WINNERS = {
    "en": ("Anna and Carla win the hand", "Bruno and Dario win the hand"),
    "it": ("Anna e Carla vincono la smazzata", "Bruno e Dario vincono la smazzata"),
    "de": ("Anna und Carla gewinnen das Spiel", "Bruno und Dario gewinnen das Spiel"),
    "ru": ("Анна и Карла выигрывают сдачу", "Бруно и Дарио выигрывают сдачу"),
    "ro": ("Anna și Carla câștigă mâna", "Bruno și Dario câștigă mâna"),
    "ar": ("تفوز آنا وكارلا بالجولة", "يفوز برونو وداريو بالجولة"),
}


@pytest.mark.parametrize("lang", sorted(HAND_WINNERS))
def test_the_winners_of_a_game_of_one_hand_are_its_best_score(broken: BrokenCopy,
                                                              lang: str) -> None:
    old, new = HAND_WINNERS[lang]
    found = claims(broken("briscola", {f"{lang}.yaml": [(old, new)]}))
    text = (broken.tmp / "rules" / "briscola" / f"{lang}.yaml").read_text(encoding="utf-8")
    line = text.count("\n", 0, text.index(new)) + 1
    assert len(found) == 1 and f"briscola/{lang}.yaml:{line}:" in found[0], found
    assert found[0].endswith(f"{lang}: the result says 'Bruno' and 'Dario' win; in the replay "
                             "'Anna' and 'Carla' win")


# Briscola's first tricks end with the draws from the stock: Anna the A♦, Bruno the Q♦.
RESULT_DRAWS = {
    "en": ("Anna draws the A♦", "Bruno draws the A♦"),
    "it": ("Anna pesca l'A♦", "Bruno pesca l'A♦"),
    "de": ("Anna zieht das A♦", "Bruno zieht das A♦"),
    "ru": ("Анна вытягивает A♦", "Бруно вытягивает A♦"),
    "ro": ("Anna trage A♦", "Bruno trage A♦"),
    "ar": ("تسحب آنا A♦", "يسحب برونو A♦"),
}


@pytest.mark.parametrize("lang", sorted(RESULT_DRAWS))
def test_the_draws_a_result_tells_are_the_last_tricks(broken: BrokenCopy, lang: str) -> None:
    old, new = RESULT_DRAWS[lang]
    found = claims(broken("briscola", {f"{lang}.yaml": [(old, new)]}))
    text = (broken.tmp / "rules" / "briscola" / f"{lang}.yaml").read_text(encoding="utf-8")
    offset = text.index(new) + new.index("A♦")
    line, col = text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset)
    assert found == [f"rules/briscola/{lang}.yaml:{line}:{col}: error[narration-claim]: {lang}: "
                     "the result says 'Bruno' draws A♦; in the replay 'Bruno' draws Q♦"]


# Hearts, shooting the moon: Anna has taken the Q♠ before the example's last tricks, and
# every heart by its end.
TAKEN = {
    ("en", "intro"): ("Anna has already taken the Q♠", "Bruno has already taken the Q♠"),
    ("en", "result"): ("Anna has taken the Q♠", "Bruno has taken the Q♠"),
    ("it", "result"): ("Anna ha preso la Q♠", "Bruno ha preso la Q♠"),
    ("ro", "intro"): ("Anna a luat deja Q♠", "Bruno a luat deja Q♠"),
    ("ar", "result"): ("أكلت آنا Q♠", "أكل برونو Q♠"),
}


@pytest.mark.parametrize(("lang", "part"), sorted(TAKEN))
def test_a_card_said_taken_by_the_wrong_player_is_reported(broken: BrokenCopy, lang: str,
                                                           part: str) -> None:
    old, new = TAKEN[lang, part]
    found = claims(broken("hearts", {f"{lang}.yaml": [(old, new)]}))
    text = (broken.tmp / "rules" / "hearts" / f"{lang}.yaml").read_text(encoding="utf-8")
    offset = text.index(new) + new.index("Q♠")
    line, col = text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset)
    assert found == [f"rules/hearts/{lang}.yaml:{line}:{col}: error[narration-claim]: {lang}: "
                     f"the {part} says 'Bruno' has taken Q♠; in the replay 'Anna' has"]


# Chat Noir's "minus twenty": Anna takes no trick, Bruno four without a point.
TRICKS_TAKEN = {
    ("en", "Bruno took four tricks", "Bruno took five tricks", "five", 5, 4),
    ("en", "Anna took no trick", "Anna took one trick", "one", 1, 0),
    ("ro", "Bruno a luat patru levate", "Bruno a luat cinci levate", "cinci", 5, 4),
    ("ru", "Бруно взял четыре взятки", "Бруно взял пять взяток", "пять", 5, 4),
    ("ar", "وأكل برونو أربع أكلات", "وأكل برونو خمس أكلات", "خمس", 5, 4),
}


@pytest.mark.parametrize(("lang", "old", "new", "word", "said", "true"), sorted(TRICKS_TAKEN))
def test_the_number_of_tricks_a_result_gives_a_player(broken: BrokenCopy, lang: str, old: str,
                                                      new: str, word: str, said: int,
                                                      true: int) -> None:
    found = claims(broken("chat-noir", {f"{lang}.yaml": [(old, new)]}))
    text = (broken.tmp / "rules" / "chat-noir" / f"{lang}.yaml").read_text(encoding="utf-8")
    offset = text.index(new) + new.index(word)
    line, col = text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset)
    seat = "Bruno" if "Bruno" in old or "Бруно" in old or "برونو" in old else "Anna"
    assert found == [f"rules/chat-noir/{lang}.yaml:{line}:{col}: error[narration-claim]: "
                     f"{lang}: the result says '{seat}' has taken {said} trick(s); in the "
                     f"replay '{seat}' has taken {true}"]


def test_the_cards_a_player_bids_with_are_in_the_hand_dealt(broken: BrokenCopy,
                                                            tmp_path: Path) -> None:
    """Oh Hell's five cards: Anna is dealt A♥ K♥ 8♣ 6♦ 2♠ and bids two; Bruno holds the Q♥."""
    new = "Анна с A♥ и Q♥ заказывает две"
    found = claims(broken("oh-hell", {"ru.yaml": [("Анна с A♥ и K♥ заказывает две", new)]}))
    text = (broken.tmp / "rules" / "oh-hell" / "ru.yaml").read_text(encoding="utf-8")
    offset = text.index(new) + new.index("Q♥")
    line, col = text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset)
    assert found == [f"rules/oh-hell/ru.yaml:{line}:{col}: error[narration-claim]: ru: the "
                     "start says 'Anna' holds Q♥; in the replay 'Anna' does not"]
    true = BrokenCopy(tmp_path / "true")("oh-hell", {})
    [start] = [r for r in true.report.readings
               if r.example == "five-cards" and r.part == "start" and r.lang == "ru"]
    assert not [u for u in start.unread if "K♥" in " ".join(u.holds)], start.unread


# Peppa's Turin hand, trick 11: Carla's 7♣, Dario's K♥, Anna's 4♣, Bruno's 10♣, which takes
# the king of hearts; Bruno still holds the J♥.
TAKEN_IN_TRICK = {
    "en": ("which takes the king of hearts", "which takes the jack of hearts", "jack"),
    "it": ("che si prende il re di cuori", "che si prende il fante di cuori", "fante"),
}


@pytest.mark.parametrize("lang", sorted(TAKEN_IN_TRICK))
def test_what_a_card_takes_is_in_the_trick(broken: BrokenCopy, lang: str) -> None:
    old, new, word = TAKEN_IN_TRICK[lang]
    found = claims(broken("peppa", {f"{lang}.yaml": [(old, new)]}))
    text = (broken.tmp / "rules" / "peppa" / f"{lang}.yaml").read_text(encoding="utf-8")
    offset = text.index(new) + new.index(word)
    line, col = text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset)
    assert found == [f"rules/peppa/{lang}.yaml:{line}:{col}: error[narration-claim]: {lang}: "
                     "step 11 says J♥ is taken in trick 11; it is not played in it"]


@pytest.mark.parametrize(("lang", "text", "hedged"), [
    ("en", "Had Anna led the A♣ first", True),  # what might have happened
    ("en", " and Anna had the A♣ left", False),
    ("it", "il 2♥ l'avrebbe preso", True),
    ("it", "il 2♥ l'ha preso", False),
])
def test_a_clause_of_what_might_have_happened_claims_nothing(lang: str, text: str,
                                                             hedged: bool) -> None:
    clause = reading.Clause(0, text, frozenset())
    assert reading.says(clause, reading.HEDGED, lang) is hedged


# Briscola's "stock runs out": Anna took the trick before and leads the first of the example.
LEADS_FIRST = {
    "en": ("Anna took the last trick and leads", "Bruno took the last trick and leads", "Bruno"),
    "ru": ("взятку взяла Анна, ей и ходить", "взятку взял Бруно, ему и ходить", "Бруно"),
    "ar": ("آنا أكلت الأكلة الأخيرة\n      وهي التي تفتتح",
           "برونو أكل الأكلة الأخيرة\n      وهو الذي يفتتح", "برونو"),
}


@pytest.mark.parametrize("lang", sorted(LEADS_FIRST))
def test_who_took_the_trick_before_leads_the_first(broken: BrokenCopy, lang: str) -> None:
    old, new, word = LEADS_FIRST[lang]
    found = claims(broken("briscola", {f"{lang}.yaml": [(old, new)]}))
    text = (broken.tmp / "rules" / "briscola" / f"{lang}.yaml").read_text(encoding="utf-8")
    offset = text.index(new) + new.index(word)
    line, col = text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset)
    assert found == [f"rules/briscola/{lang}.yaml:{line}:{col}: error[narration-claim]: {lang}: "
                     "the intro says 'Bruno' took the trick before and leads; in the replay "
                     "'Anna' leads the first trick"]


# Hearts' first hand: Anna passes K♠ Q♥ 10♥ to Bruno, Bruno J♥ A♦ K♣ to Carla.
PASSES = {
    "en": ("and 10♥ to Bruno", "and 9♥ to Bruno", "9♥", "Anna", "K♠ Q♥ 10♥"),
    "de": ("A♦ und K♣ an Carla", "A♦ und Q♣ an Carla", "Q♣", "Bruno", "J♥ A♦ K♣"),
}


@pytest.mark.parametrize("lang", sorted(PASSES))
def test_the_cards_a_start_says_a_player_passes(broken: BrokenCopy, lang: str) -> None:
    old, new, card, seat, passed = PASSES[lang]
    found = claims(broken("hearts", {f"{lang}.yaml": [(old, new)]}))
    text = (broken.tmp / "rules" / "hearts" / f"{lang}.yaml").read_text(encoding="utf-8")
    offset = text.index(new) + new.index(card)
    line, col = text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset)
    assert found == [f"rules/hearts/{lang}.yaml:{line}:{col}: error[narration-claim]: {lang}: "
                     f"the start says '{seat}' passes {card}; in the replay '{seat}' passes "
                     f"{passed}"]


# Peppa scivolosa's twelve hands: in the seventh Anna takes every negative card (45 for her,
# −15 for each of the others); Bruno scores −15.
SLAM = {
    "en": ("Anna takes every negative card", "Bruno takes every negative card", "Bruno"),
    "de": ("Anna nimmt alle Minuskarten", "Bruno nimmt alle Minuskarten", "Bruno"),
    "ar": ("تأكل آنا كل الأوراق السالبة", "يأكل برونو كل الأوراق السالبة", "برونو"),
}


@pytest.mark.parametrize("lang", sorted(SLAM))
def test_a_sheets_hand_said_taken_whole_is_a_slam(broken: BrokenCopy, lang: str) -> None:
    old, new, word = SLAM[lang]
    found = claims(broken("peppa-scivolosa", {f"{lang}.yaml": [(old, new)]}))
    text = (broken.tmp / "rules" / "peppa-scivolosa" / f"{lang}.yaml").read_text(
        encoding="utf-8")
    offset = text.index(new) + new.index(word)
    line, col = text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset)
    assert found == [f"rules/peppa-scivolosa/{lang}.yaml:{line}:{col}: error[narration-claim]: "
                     f"{lang}: step 7 says 'Bruno' takes everything; the hand's scores are not "
                     "a slam's (45 for the one who takes everything): 'Bruno' scores -15"]


def test_everything_taken_may_be_said_in_the_clause_after(broken: BrokenCopy) -> None:
    """Peppa's Turin sheet, hand 3: Carla takes the Peppa and all the hearts."""
    found = claims(broken("peppa", {"en.yaml": [("Carla takes the Peppa and all the hearts",
                                                 "Bruno takes the Peppa and all the hearts")]}))
    assert len(found) == 1 and ": en: step 3 says 'Bruno' takes everything;" in found[0], found


# Oh Hell, trumps in turn: Bruno, Carla and Dario miss their bids and score 0 each.
EACH_SCORE = {
    "en": ("they score 0 each", "they score 1 each", "1"),
    "it": ("segnano 0 ciascuno", "segnano 1 ciascuno", "1"),
    "ru": ("каждый получает 0", "каждый получает 1", "1"),
}


@pytest.mark.parametrize("lang", sorted(EACH_SCORE))
def test_a_figure_given_each_of_the_players_named_before(broken: BrokenCopy, lang: str) -> None:
    old, new, word = EACH_SCORE[lang]
    found = claims(broken("oh-hell", {f"{lang}.yaml": [(old, new)]}))
    text = (broken.tmp / "rules" / "oh-hell" / f"{lang}.yaml").read_text(encoding="utf-8")
    offset = text.index(new) + new.index(word)
    line, col = text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset)
    assert len(found) == 1, found
    assert found[0].startswith(f"rules/oh-hell/{lang}.yaml:{line}:{col}: error[narration-claim]: "
                               f"{lang}: the result gives 'Bruno', 'Carla' and 'Dario' 1 each; "
                               "the replay has 'Bruno' 0"), found


def test_a_german_card_with_its_article_may_take_the_trick(broken: BrokenCopy) -> None:
    """Whist's turned card, step 3: «Der K♣ holt Darios Q♣ heraus» (the article is no
    relative pronoun here): Anna's K♣ takes the trick, so the 7♠ cannot."""
    found = claims(broken("whist", {"de.yaml": [("Der K♣ holt Darios Q♣", "Die 7♠ holt Darios Q♣")]}))
    assert any(": de: step 3 says the 7♠ takes trick" in f and "'Anna''s K♣ takes it" in f
               for f in found), found


# Hearts to a hundred, hand 3: Bruno takes the queen and 18 points in all.
POINTS_TAKEN = {
    "en": ("Bruno takes the queen and 18 points in all", "Bruno takes the queen and 19 points in all"),
    "it": ("Bruno prende la donna e 18 punti", "Bruno prende la donna e 19 punti"),
}


@pytest.mark.parametrize("lang", sorted(POINTS_TAKEN))
def test_points_said_after_a_word_of_taking(broken: BrokenCopy, lang: str) -> None:
    old, new = POINTS_TAKEN[lang]
    found = claims(broken("hearts", {f"{lang}.yaml": [(old, new)]}))
    text = (broken.tmp / "rules" / "hearts" / f"{lang}.yaml").read_text(encoding="utf-8")
    offset = text.index(new) + new.index("19")
    line, col = text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset)
    assert len(found) == 1 and found[0].startswith(
        f"rules/hearts/{lang}.yaml:{line}:{col}: error[narration-claim]: {lang}: step 3 gives "
        "'Bruno' 19; the replay has 18"), found


# Oh Hell, trumps in turn: Bruno took three for two, Carla three for four, Dario one for two.
FOR_BID = {
    "en": ("Carla three for four", "Carla two for four", "two"),
    "ro": ("Carla trei pentru patru", "Carla două pentru patru", "două"),
}


@pytest.mark.parametrize("lang", sorted(FOR_BID))
def test_tricks_said_against_a_bid_in_a_list(broken: BrokenCopy, lang: str) -> None:
    old, new, word = FOR_BID[lang]
    found = claims(broken("oh-hell", {f"{lang}.yaml": [(old, new)]}))
    text = (broken.tmp / "rules" / "oh-hell" / f"{lang}.yaml").read_text(encoding="utf-8")
    offset = text.index(new) + new.index(word)
    line, col = text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset)
    assert found == [f"rules/oh-hell/{lang}.yaml:{line}:{col}: error[narration-claim]: {lang}: "
                     "the result says 'Carla' has taken 2 trick(s); in the replay 'Carla' has "
                     "taken 3"]

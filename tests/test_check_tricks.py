"""Each kind of finding of `rulebook check` on the trick-taking games: a broken copy of a real
example must fail with the right code at the right line, and the real corpus must pass."""

from __future__ import annotations

import pytest

from conftest import RULES, findings, formatted, line_of
from generator.check.games import check

FIRST = "examples/first-hand.yaml"
MOON = "examples/shooting-the-moon.yaml"
HUNDRED = "examples/to-a-hundred.yaml"
TURIN = "examples/turin-hand.yaml"
SHEET = "examples/turin-sheet.yaml"
THIRTEEN = "examples/standard-thirteen.yaml"
MINUS = "examples/minus-twenty.yaml"
TWELVE = "examples/twelve-hands.yaml"
LAST = "examples/last-four.yaml"
TRICKS_GAMES = ("peppa", "chat-noir", "hearts", "peppa-scivolosa")


def errors(result) -> list[tuple[str, int, str]]:
    return [(p, line, code) for p, line, code in findings(result) if code != "replay-stopped"]


def test_the_tricks_games_are_clean_and_every_example_replays() -> None:
    result = check([RULES / game for game in TRICKS_GAMES], root=RULES.parent)
    assert formatted(result.report.sorted()) == []
    names = {name for game, name in result.replays if game in TRICKS_GAMES}
    assert names == {"turin-hand", "turin-sheet", "standard-thirteen", "minus-twenty",
                     "first-hand", "shooting-the-moon", "to-a-hundred", "with-five-players",
                     "last-four", "counter-clockwise",
                     "twelve-hands"}
    for (game, name), replay in result.replays.items():
        if game in TRICKS_GAMES:
            assert replay.complete, (game, name)


def test_the_replay_records_what_happened() -> None:
    result = check([RULES / "hearts"], root=RULES.parent)
    first = result.replays[("hearts", "first-hand")]
    assert first.pass_to == "left" and first.passes["Anna"][0].rank == "K"
    assert [t.winner for t in first.tricks][:3] == ["Anna", "Carla", "Anna"]
    assert first.tricks[1].broken and not first.tricks[0].broken
    assert first.scores == {"Anna": 13, "Bruno": 7, "Carla": 6, "Dario": 0}
    moon = result.replays[("hearts", "shooting-the-moon")]
    assert moon.slam == "Anna" and moon.scores["Bruno"] == 26
    sheet = result.replays[("hearts", "to-a-hundred")]
    assert sheet.winners == ("Carla",) and sheet.sheet[-1].totals["Bruno"] == 101


CASES = {
    # name: (game, file, old, new, code, line-needle)
    "card not in the hand it is played from": (
        "hearts", FIRST, "cards: 2♠ 5♠ 6♠ 3♠", "cards: 2♠ 4♠ 6♠ 3♠", "card-not-held",
        "cards: 2♠ 5♠ 6♠ 3♠"),
    "failure to follow suit": (
        "hearts", FIRST, "cards: 3♦ 6♦ 9♦ 8♥", "cards: 3♦ Q♥ 9♦ 8♥", "revoke",
        "cards: 3♦ 6♦ 9♦ 8♥"),
    "a heart led before hearts are broken": (
        "hearts", FIRST, "cards: 2♦ 5♦ 8♦ A♥", "cards: 9♥ 5♥ 2♥ A♥", "illegal-lead",
        "cards: 2♦ 5♦ 8♦ A♥"),
    "the 2♣ not led first": (
        "hearts", FIRST, "cards: 2♣ J♣ K♠ 10♣", "cards: 3♣ J♣ K♠ 10♣", "illegal-lead",
        "cards: 2♣ J♣ K♠ 10♣"),
    "the Q♠ on the first trick": (
        "hearts", FIRST, "cards: 2♣ J♣ K♠ 10♣", "cards: 2♣ J♣ Q♠ 10♣", "illegal-discard",
        "cards: 2♣ J♣ K♠ 10♣"),
    "wrong trick winner": (
        "hearts", FIRST, "cards: 2♠ 5♠ 6♠ 3♠, winner: Anna", "cards: 2♠ 5♠ 6♠ 3♠, winner: Dario",
        "wrong-winner", "cards: 2♠ 5♠ 6♠ 3♠"),
    "wrong points in a trick": (
        "hearts", FIRST, "winner: Anna, points: 13", "winner: Anna, points: 12", "wrong-points",
        "winner: Anna, points: 13"),
    "hearts claimed unbroken": (
        "hearts", FIRST, "broken: true", "broken: false", "false-claim", "broken: true"),
    "wrong leader": (
        "hearts", FIRST, "{lead: Anna, cards: 3♦", "{lead: Bruno, cards: 3♦", "wrong-player",
        "{lead: Anna, cards: 3♦"),
    "wrong hand score": (
        "hearts", FIRST, "scores: {Anna: 13", "scores: {Anna: 12", "wrong-points", "scores:"),
    "card missing from the deal": (
        "hearts", FIRST, "Anna:  K♠ 6♠ Q♥ 10♥ 9♥", "Anna:  K♠ 6♠ Q♥ 10♥", "deal-mismatch",
        "deal:"),
    "hand of the wrong size": (
        "hearts", FIRST, "Anna:  K♠ 6♠ Q♥ 10♥ 9♥", "Anna:  K♠ 6♠ Q♥ 10♥", "deal-sizes",
        "Anna:  K♠ 6♠"),
    "card dealt twice": (
        "hearts", FIRST, "Anna:  K♠ 6♠", "Anna:  2♣ K♠ 6♠", "duplicate-card", "Dario: A♠ 10♠"),
    "too few cards passed": (
        "hearts", FIRST, "Anna:  K♠ Q♥ 10♥", "Anna:  K♠ Q♥", "bad-pass", "Anna:  K♠ Q♥ 10♥"),
    "a card passed that was not dealt": (
        "hearts", FIRST, "Anna:  K♠ Q♥ 10♥", "Anna:  K♠ Q♥ 2♣", "card-not-held",
        "Anna:  K♠ Q♥ 10♥"),
    "passing the wrong way": (
        "hearts", FIRST, "pass_to: left", "pass_to: right", "bad-pass", "pass_to: left"),
    "passing in the hand without a pass": (
        "hearts", FIRST, "hand: 1\n", "hand: 4\n", "bad-pass", "passes:"),
    "a trick after the last one": (
        "hearts", FIRST, "result:", "  - {lead: Bruno, cards: 2♣ 3♣ 4♣ 5♣}\nresult:", "hand-over",
        "result:"),
    "false claim that somebody shot the moon": (
        "hearts", MOON, "slam: Anna", "slam: Bruno", "false-claim", "slam: Anna"),
    "a taken pile that is no whole number of tricks": (
        "hearts", MOON, "Carla: 6♠ 5♠ 3♠ 2♦", "Carla: 6♠ 5♠ 3♠", "deal-sizes", "Carla: 6♠ 5♠"),
    "a position without a leader": (
        "hearts", MOON, "{lead: Anna, cards: A♥ 9♦", "{cards: A♥ 9♦", "missing-key", "cards: A♥ 9♦"),
    "wrong winner of the game": (
        "hearts", HUNDRED, "winners: [Carla]", "winners: [Dario]", "wrong-result", "winners:"),
    "a hand after the end of the game": (
        "hearts", HUNDRED, "result:", "  - scores: {Anna: 0, Bruno: 0, Carla: 0, Dario: 26}\nresult:",
        "game-over", "result:"),
    "a hand whose scores do not add up": (
        "hearts", HUNDRED, "{Anna: 4, Bruno: 18, Carla: 3, Dario: 1}",
        "{Anna: 4, Bruno: 18, Carla: 3, Dario: 2}", "wrong-points", "Bruno: 18"),
    "wrong running total": (
        "hearts", HUNDRED, "totals: {Anna: 65, Bruno: 51", "totals: {Anna: 66, Bruno: 51",
        "wrong-points", "totals: {Anna: 65"),
    "Turin: the wrong second loser": (
        "peppa", SHEET, "losers: [Bruno, Anna]", "losers: [Bruno, Dario]", "wrong-result",
        "losers:"),
    "a scoring table whose total disagrees with the rules": (
        "peppa", "game.yaml", "total: 36", "total: 35", "points-total", "total: 36"),
    "a variant table whose total disagrees with the rules": (
        "peppa", "game.yaml", "total: 265", "total: 260", "points-total", "total: 265"),
    "wrong slam score in the standard variant": (
        "peppa", THIRTEEN, "scores: {Anna: 0, Bruno: 265", "scores: {Anna: 265, Bruno: 265",
        "wrong-points", "scores:"),
    "a zero-sum game whose slam does not add up to zero": (
        "peppa-scivolosa", "game.yaml", "taker: 45, others: -15", "taker: 45, others: -14",
        "not-zero-sum", "zero_sum: true"),
    "a hand of the score sheet that is not zero": (
        "peppa-scivolosa", TWELVE, "{Anna: 7, Bruno: -6, Carla: 21, Dario: -22}",
        "{Anna: 7, Bruno: -6, Carla: 21, Dario: -21}", "not-zero-sum", "Anna: 7, Bruno: -6"),
    "wrong score with the trick points": (
        "peppa-scivolosa", LAST, "scores: {Anna: -4", "scores: {Anna: -34", "wrong-points",
        "scores:"),
    "the bonus for no trick forgotten": (
        "chat-noir", MINUS, "scores: {Anna: -20", "scores: {Anna: 0", "wrong-points", "scores:"),
    "a bad card in the scoring table": (
        "chat-noir", "game.yaml", "  10♥: 2", "  10x: 2", "bad-card", "10♥: 2"),
    "an unknown option": (
        "hearts", "game.yaml", "first_trick: no-points", "first_trik: no-points", "unknown-key",
        "first_trick"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_broken_copy_fails_with_code_and_line(case: str, broken) -> None:
    game, rel, old, new, code, needle = CASES[case]
    result = broken(game, {rel: [(old, new)]})
    line = line_of(game, rel, needle)
    assert (f"rules/{game}/{rel}", line, code) in errors(result), errors(result)
    assert not result.ok


def messages(result, code: str) -> list[tuple[int, int, str, str | None]]:
    return [(d.mark.line, d.mark.col, d.message, d.hint) for d in result.report.sorted()
            if d.code == code]


def test_a_revoke_names_the_suit_the_cards_held_and_the_card_played(broken) -> None:
    result = broken("hearts", {FIRST: [("cards: 3♦ 6♦ 9♦ 8♥", "cards: 3♦ Q♥ 9♦ 8♥")]})
    line = line_of("hearts", FIRST, "cards: 3♦ 6♦ 9♦ 8♥")
    col = 1 + (RULES / "hearts" / FIRST).read_text(encoding="utf-8").splitlines()[line - 1].index("6♦")
    assert messages(result, "revoke") == [
        (line, col, "trick 4: 'Bruno' must follow ♦ (holds 6♦); the script plays Q♥",
         "a player who holds a card of the suit led must play one")]


def test_a_lead_before_hearts_are_broken_says_what_may_be_led(broken) -> None:
    result = broken("hearts", {FIRST: [("cards: 2♦ 5♦ 8♦ A♥", "cards: 9♥ 5♥ 2♥ A♥")]})
    (line, _, message, hint), = messages(result, "illegal-lead")
    assert message.startswith("trick 2: 'Anna' may not lead 9♥ before hearts are broken; "
                              "they may lead ")
    assert hint is not None and hint.startswith("hearts may be led once a heart has been played")


def test_the_first_trick_rule_message(broken) -> None:
    result = broken("hearts", {FIRST: [("cards: 2♣ J♣ K♠ 10♣", "cards: 2♣ J♣ Q♠ 10♣")]})
    (_, _, message, _), = messages(result, "illegal-discard")
    assert message.startswith("trick 1: 'Bruno' may not play Q♠ on the first trick; they may play ")
    assert "Q♥" not in message.split("they may play")[1]


def test_the_table_total_message_shows_the_table(broken) -> None:
    result = broken("peppa", {"game.yaml": [("total: 36", "total: 35")]})
    (_, _, message, hint), = messages(result, "points-total")
    assert message == "the scoring table adds up to 36; the rules say 35"
    assert hint is not None and hint.startswith("Q♠ 13 + A♥ 5 + K♥ 4")


def test_the_turin_verdict_message(broken) -> None:
    result = broken("peppa", {SHEET: [("losers: [Bruno, Anna]", "losers: [Bruno, Dario]")]})
    (_, _, message, hint), = messages(result, "wrong-result")
    assert message == "the losers are 'Anna', 'Bruno'; the script says 'Bruno', 'Dario'"
    assert hint is not None and "Anna 67, Bruno 103, Carla 55, Dario 63" in hint


def test_a_game_claimed_over_too_early(broken) -> None:
    result = broken("hearts", {HUNDRED: [("  - scores: {Anna: 1, Bruno: 24, Carla: 0, Dario: 1}\n", "")]})
    (_, _, message, _), = messages(result, "wrong-result")
    assert message == ("the game is not over after hand 5: nobody is over 100 "
                       "(the highest is 'Bruno' with 77)")


def test_all_findings_of_a_script_are_reported_at_once(broken) -> None:
    result = broken("hearts", {FIRST: [
        ("broken: true", "broken: false"),
        ("cards: 3♦ 6♦ 9♦ 8♥, winner: Carla", "cards: 3♦ 6♦ 9♦ 8♥, winner: Dario"),
        ("winner: Anna, points: 13", "winner: Anna, points: 12"),
        ("scores: {Anna: 13", "scores: {Anna: 12"),
    ]})
    assert [code for _, _, code in errors(result)] == [
        "false-claim", "wrong-winner", "wrong-points", "wrong-points"]


def test_narration_needs_one_text_per_trick(broken) -> None:
    text = (RULES / "chat-noir" / "en.yaml").read_text(encoding="utf-8")
    last = text.index("      - >-\n        Dario leads his last card")
    end = text.index("    result: >-\n      Anna took no trick")
    result = broken("chat-noir", {"en.yaml": [(text[last:end], "")]})
    (line, _, message, _), = messages(result, "narration-steps")
    assert line == line_of("chat-noir", "en.yaml", "    steps:")
    assert message.endswith("has 3 step text(s) for 4 trick(s): missing the text of trick(s) 4")


def test_narration_may_not_name_a_card_already_played(broken) -> None:
    result = broken("chat-noir", {"en.yaml": [("Dario leads his last card, the 8♥.",
                                               "Dario leads his last card, the 8♥, not the A♣.")]})
    (line, col, message, _), = messages(result, "narration-card")
    # in a folded text (">-"), at the card itself: its line and column in the file
    assert (line, col) == (line_of("chat-noir", "en.yaml", "Dario leads his last card"), 52)
    assert message == "en: step 4 mentions A♣, which nobody holds any more at trick 13"


def test_a_seat_count_that_does_not_fit_the_game(broken) -> None:
    result = broken("hearts", {MOON: [("seats: [Anna, Bruno, Carla, Dario]",
                                       "seats: [Anna, Bruno, Carla]")]})
    (_, _, message, _), = messages(result, "bad-value")
    assert message == "3 seats; this game is played by 4"

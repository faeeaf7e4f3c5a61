"""Each new kind of finding of `rulebook check` on the trick games with trumps, partners, a
stock or bids: a broken copy of a fixture game (tests/fixtures/trick-games: Whist-, Briscola-
and Oh-Hell-like) fails with the right code, at the right line, with the right message; the
fixtures themselves are clean."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import formatted
from generator.check.games import CheckResult, check

FIXTURES = Path(__file__).parent / "fixtures" / "trick-games"
WHIST = "examples/whole-hand.yaml"
BRISCOLA = "examples/whole-hand.yaml"
OH_HELL = "examples/third-hand.yaml"


def broken(tmp: Path, game: str, rel: str, edits: list[tuple[str, str]]) -> tuple[CheckResult, str]:
    """Check a copy of a fixture game with ``edits``; the edited file's text with it."""
    target = tmp / "rules" / game
    shutil.copytree(FIXTURES / game, target)
    shutil.copy(FIXTURES / "site.yaml", tmp / "rules" / "site.yaml")
    path = target / rel
    text = path.read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")
    return check([target], root=tmp), text


def line(text: str, needle: str) -> int:
    return next(i for i, x in enumerate(text.splitlines(), 1) if needle in x)


def found(result: CheckResult) -> list[tuple[int, str, str]]:
    return [(d.mark.line, d.code, d.message) for d in result.report.sorted()
            if d.code != "replay-stopped"]


def test_the_fixture_games_are_clean_and_their_hands_replay() -> None:
    result = check([FIXTURES], root=FIXTURES.parent)
    assert formatted(result.report.sorted()) == []
    whist = result.replays[("whist", "whole-hand")]
    assert whist.complete and whist.trump is not None and whist.turned is not None
    assert whist.sides == (("Anna", "Carla"), ("Bruno", "Dario")) and whist.side_scores == (0, 3)
    briscola = result.replays[("briscola", "whole-hand")]
    assert briscola.complete and sum(briscola.side_scores) == 120
    assert briscola.tricks[6].draws[-1] == ("Carla", briscola.turned)
    oh_hell = result.replays[("oh-hell", "third-hand")]
    assert oh_hell.complete and oh_hell.bids == {"Anna": 3, "Bruno": 2, "Carla": 0, "Dario": 2}


CASES = {
    # name: (game, file, [(old, new)], needle of the line, code, message or None)
    "a trick taken by a trump claimed for the highest of the suit led": (
        "whist", WHIST, [("cards: 10♣ J♣ Q♣ 4♥, winner: Carla", "cards: 10♣ J♣ Q♣ 4♥, winner: Bruno")],
        "10♣ J♣ Q♣ 4♥", "wrong-winner", "trick 4: 'Carla' takes it; the script says 'Bruno'"),
    "a revoke when trumps are led": (
        "whist", WHIST, [("cards: 10♥ 7♥ 6♥ K♥", "cards: 10♥ K♠ 6♥ K♥")], "10♥ K♠ 6♥ K♥", "revoke",
        "trick 5: 'Dario' must follow ♥ (holds A♥ J♥ 8♥ 7♥); the script plays K♠"),
    "a turned card that is not the dealer's": (
        "whist", WHIST, [("turned: 8♥", "turned: 8♦")], "turned: 8♦", "false-claim",
        "the turned card is the dealer's last card: 8♦ is not in 'Dario''s hand"),
    "a wrong score of a side": (
        "whist", WHIST, [("side_scores: {Anna: 0, Bruno: 3}", "side_scores: {Anna: 0, Bruno: 4}")],
        "side_scores:", "wrong-points", "'Bruno' and 'Dario' score 3 in this hand; the script says 4"),
    "wrong tricks of a side": (
        "whist", WHIST, [("side_tricks: {Anna: 4, Bruno: 9}", "side_tricks: {Anna: 5, Bruno: 9}")],
        "side_tricks:", "false-claim", "'Anna' and 'Carla' take 4 in this hand; the script says 5"),
    "a wrong seat score with partners": (
        "whist", WHIST, [("scores: {Anna: 0, Bruno: 3", "scores: {Anna: 0, Bruno: 4")],
        "  scores:", "wrong-points", "'Bruno' scores 3 in this hand; the script says 4"),
    "a missing turned card": (
        "whist", WHIST, [("turned: 8♥\n", "")], "deal:", "missing-key",
        "missing key 'turned': the card turned up decides this hand's trumps"),
    "a draw of the wrong card": (
        "briscola", BRISCOLA, [("draws: {Carla: 3♣,", "draws: {Carla: 2♥,")], "{Carla: 2♥,",
        "wrong-draw", "trick 1: 'Carla' draws 3♣, the top of the stock; the script says 2♥"),
    "a draw out of turn": (
        "briscola", BRISCOLA, [("draws: {Carla: 3♣, Bruno: 2♥,", "draws: {Bruno: 2♥, Carla: 3♣,")],
        "{Bruno: 2♥, Carla: 3♣,", "wrong-player", "trick 1: 'Carla' draws now, not 'Bruno'"),
    "a draw after the stock is empty": (
        "briscola", BRISCOLA, [("winner: Carla, points: 19}",
                                "winner: Carla, points: 19, draws: {Carla: 2♥}}")],
        "points: 19, draws", "wrong-draw", "trick 8: the stock is empty; nobody draws after this trick"),
    "a stock that is missing a card": (
        "briscola", BRISCOLA, [("stock: 3♣ 2♥ ", "stock: 3♣ ")], "stock:", "deal-mismatch",
        "1 card(s) of the deck are nowhere: 2♥"),
    "a winner against the rank order": (
        "briscola", BRISCOLA, [("cards: 3♣ K♠ 6♠ 6♣, winner: Carla", "cards: 3♣ K♠ 6♠ 6♣, winner: Bruno")],
        "3♣ K♠ 6♠ 6♣", "wrong-winner", "trick 2: 'Carla' takes it; the script says 'Bruno'"),
    "a bid out of turn": (
        "oh-hell", OH_HELL, [("bids: {Anna: 3, Bruno: 2", "bids: {Bruno: 2, Anna: 3")], "bids:",
        "wrong-player", "'Anna' bids now, not 'Bruno'"),
    "a bid over the tricks of the hand": (
        "oh-hell", OH_HELL, [("bids: {Anna: 3,", "bids: {Anna: 4,")], "bids:", "bad-bid",
        "'Anna' bids 4; in a hand of 3 trick(s) a bid is 0 to 3"),
    "a dealer's bid against the hook": (
        "oh-hell", OH_HELL, [("bids: {Anna: 3, Bruno: 2, Carla: 0, Dario: 2}",
                              "bids: {Anna: 1, Bruno: 2, Carla: 0, Dario: 0}")], "bids:", "bad-bid",
        "'Dario' may not bid 0: the bids would add up to the 3 trick(s) of the hand (the others "
        "bid 3), and the dealer bidding last may not"),
    "a wrong score for a bid": (
        "oh-hell", OH_HELL, [("scores: {Anna: 0, Bruno: 0", "scores: {Anna: 0, Bruno: 12")],
        "scores:", "wrong-points", "'Bruno' scores 0 in this hand; the script says 12"),
    "missing bids": (
        "oh-hell", OH_HELL, [("bids: {Anna: 3, Bruno: 2, Carla: 0, Dario: 2}\n", "")], "deal:",
        "missing-key", "missing key 'bids': in this game each player bids before the first trick"),
    "a hand dealt the wrong number of cards": (
        "oh-hell", OH_HELL, [("hand: 3\n", "hand: 2\n")], "Anna: Q♠ Q♣ 5♣", "deal-sizes",
        "'Anna' is dealt 3 cards; in hand 2 of this game each player is dealt 2"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_broken_copy_is_found_at_its_line(case: str, tmp_path: Path) -> None:
    game, rel, edits, needle, code, message = CASES[case]
    result, text = broken(tmp_path, game, rel, edits)
    assert (line(text, needle), code, message) in found(result), found(result)
    assert not result.ok


def test_a_must_trump_fault_is_found_at_its_card(tmp_path: Path) -> None:
    """Whist played with the rule that a void player must trump: Carla, void in clubs, may
    not discard on trick 4 while she holds hearts."""
    broken(tmp_path, "whist", "game.yaml", [
        ("trumps: {source: dealer-last}", "trumps: {source: dealer-last, must_trump: true}")])
    copy = tmp_path / "rules" / "whist" / WHIST
    text = copy.read_text(encoding="utf-8").replace("cards: 10♣ J♣ Q♣ 4♥, winner: Carla",
                                                    "cards: 10♣ J♣ Q♣ 6♦, winner: Bruno")
    copy.write_text(text, encoding="utf-8")
    result = check([tmp_path / "rules" / "whist"], root=tmp_path)
    row = line(text, "10♣ J♣ Q♣ 6♦")
    col = 1 + text.splitlines()[row - 1].index("6♦")
    hits = [(d.mark.line, d.mark.col, d.message, d.hint) for d in result.report.sorted()
            if d.code == "must-trump" and d.mark.line == row]
    assert hits == [(row, col, "trick 4: 'Carla' has no ♣ and must play a trump (holds 10♥ 4♥); "
                     "the script plays 6♦", "a player who cannot follow suit must play a trump "
                     "when they hold one")]


OPTION_CASES = {
    # name: (game, [(old, new)], needle of the line, message)
    "a bid with nothing to score it": (
        "oh-hell", [("  bid_score: {made: 10, per_trick: 1, missed: 0}\n", "")], "bids:",
        "the players bid, but nothing scores a bid"),
    "a stock with every card dealt": (
        "briscola", [("deal: {cards: 3, draw: true}", "deal: {draw: true}")], "deal:",
        "the players draw from a stock, but every card is dealt: no stock is left"),
    "partners with an odd number of players": (
        "whist", [("  players: 4\n", "  players: 3\n"), ("french-52", "french-52\nremove: 2♣")],
        "sides: partners", "partners sit across the table: 3 players cannot make sides of two"),
    "trumps from a turned card with no card left to turn": (
        "whist", [("trumps: {source: dealer-last}", "trumps: {source: turned}")], "trumps:",
        "trumps come from a card turned up after the deal, but every card is dealt: none is left "
        "to turn"),
    "a ranking that leaves out a rank": (
        "briscola", [("4, 2]", "4]")], "ranking:", "the ranking leaves out 2"),
    "must trump without following suit": (
        "briscola", [("turned_drawn_last: true}", "turned_drawn_last: true, must_trump: true}")],
        "trumps:", "'must_trump', but nobody must follow suit ('follow: none')"),
    "a hand that ends on a card not in play": (
        "briscola", [("  total: 120\n", "  total: 120\n  ends_with: 10♥\n")], "ends_with:",
        "the hand ends when 10♥ is taken, but it is not in play"),
    "the 2♣ leads when not every card is dealt": (
        "oh-hell", [("first_lead: left-of-dealer", "first_lead: two-of-clubs")], "first_lead:",
        "the holder of the 2♣ leads, but not every card is dealt: the 2♣ may be in nobody's hand"),
    "a book as large as the hand": (
        "whist", [("book: {tricks: 6}", "book: {tricks: 13}")], "book:",
        "a book of 13 trick(s) leaves no trick to score: a hand has 13"),
}


@pytest.mark.parametrize("case", sorted(OPTION_CASES))
def test_options_that_cannot_go_together_are_found_at_their_line(case: str, tmp_path: Path) -> None:
    game, edits, needle, message = OPTION_CASES[case]
    result, text = broken(tmp_path, game, "game.yaml", edits)
    assert (line(text, needle), "option-conflict", message) in found(result), found(result)
    hints = [d.hint for d in result.report.items if d.code == "option-conflict"]
    assert all(hints)


def _position_script(game: str, example: str, trick: int) -> str:
    """A script of the fixture's hand from a position before ``trick`` (from 1): the hands
    and piles as the replay had them, the stock left, the turned card and the bids."""
    result = check([FIXTURES / game], root=FIXTURES)
    replay = result.replays[(game, example)]
    before = replay.tricks[trick - 1]
    taken: dict[str, list[str]] = {}
    for t in replay.tricks[:trick - 1]:
        taken.setdefault(t.winner, []).extend(str(c) for _, c in t.cards)
    drawn = {c for t in replay.tricks[:trick - 1] for _, c in t.draws}
    stock = [str(c) for c in replay.stock if c not in drawn]
    lines = ["seats: [Anna, Bruno, Carla, Dario]", "genders: {Anna: f, Bruno: m, Carla: f, Dario: m}",
             "position:"]
    lines += [f"  {name}: {' '.join(map(str, cards))}" for name, cards in before.hands_before.items()]
    lines += ["taken:"] + [f"  {name}: {' '.join(cards)}" for name, cards in taken.items()]
    if stock:
        lines.append(f"stock: {' '.join(stock)}")
    if replay.turned is not None:
        lines.append(f"turned: {replay.turned}")
    if replay.bids:
        lines.append("bids: {" + ", ".join(f"{k}: {v}" for k, v in replay.bids.items()) + "}")
    lines.append("tricks:")
    for t in replay.tricks[trick - 1:]:
        draws = ", draws: {" + ", ".join(f"{n}: {c}" for n, c in t.draws) + "}" if t.draws else ""
        lines.append(f"  - {{lead: {t.leader}, cards: {' '.join(str(c) for _, c in t.cards)}, "
                     f"winner: {t.winner}{draws}}}")
    lines += ["result:", "  side_scores: {" + ", ".join(
        f"{side[0]}: {score}" for side, score in zip(replay.sides, replay.side_scores)) + "}"
        if replay.sides else "  scores: {" + ", ".join(
            f"{n}: {s}" for n, s in replay.scores.items()) + "}"]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("game,example,trick", [("briscola", "whole-hand", 6),
                                                ("oh-hell", "third-hand", 2)])
def test_a_hand_from_a_position_with_a_stock_or_bids_replays(game: str, example: str, trick: int,
                                                             tmp_path: Path) -> None:
    script = _position_script(game, example, trick)
    result, _ = broken(tmp_path, game, f"examples/{example}.yaml", [])
    (tmp_path / "rules" / game / "examples" / f"{example}.yaml").write_text(script,
                                                                            encoding="utf-8")
    text = (tmp_path / "rules" / game / "en.yaml").read_text(encoding="utf-8")
    steps = text.count("      - Trick ")
    for i in range(1, trick):  # one narration a trick replayed
        text = text.replace(f"      - Trick {i}.\n", "", 1)
    assert text.count("      - Trick ") == steps - trick + 1
    (tmp_path / "rules" / game / "en.yaml").write_text(text, encoding="utf-8")
    result = check([tmp_path / "rules" / game], root=tmp_path)
    assert formatted(result.report.sorted()) == []
    assert result.replays[(game, example)].complete


def test_a_position_needs_the_stock_it_draws_from(tmp_path: Path) -> None:
    script = _position_script("briscola", "whole-hand", 6)
    result, _ = broken(tmp_path, "briscola", BRISCOLA, [])
    stock = next(x for x in script.splitlines() if x.startswith("stock:"))
    path = tmp_path / "rules" / "briscola" / BRISCOLA
    path.write_text(script.replace(stock + "\n", ""), encoding="utf-8")
    result = check([tmp_path / "rules" / "briscola"], root=tmp_path)
    (message, hint), = [(d.message, d.hint) for d in result.report.sorted()
                        if d.code == "deal-mismatch"]
    missing = stock.split(": ")[1].split()
    assert message.startswith(f"{len(missing)} card(s) of the deck are nowhere: ")
    assert sorted(message.split(": ")[1].split()) == sorted(missing)
    assert hint == "'stock' holds the cards not drawn yet, top first (without the turned card)"


def test_a_trick_after_the_card_that_ends_the_hand_is_found(tmp_path: Path) -> None:
    """Whist ending, as a test rule, with the trick that takes the Q♣ (trick 4)."""
    broken(tmp_path, "whist", "game.yaml", [("  book: {tricks: 6}\n",
                                             "  book: {tricks: 6}\n  ends_with: Q♣\n")])
    text = (tmp_path / "rules" / "whist" / WHIST).read_text(encoding="utf-8")
    result = check([tmp_path / "rules" / "whist"], root=tmp_path)
    hits = [(d.mark.line, d.message, d.hint) for d in result.report.sorted()
            if d.code == "hand-over"]
    assert hits == [(line(text, "cards: 10♥ 7♥ 6♥ K♥"),
                     "trick 5: the hand is already over after 4 tricks",
                     "the hand ends with the trick that takes Q♣")]

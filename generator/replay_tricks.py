"""Replay a trick-taking example script through the engine and report every finding.

A script is one of three things:

- a ``deal``: the hands as dealt, the ``passes`` when this hand of the game passes, then
  the ``tricks``;
- a ``position`` late in a hand: what each player holds and has ``taken``, then the tricks
  (the first says who leads);
- a score ``sheet``: each hand's scores, for the end-of-game rules.

Each trick is one step: who leads, the cards in order of play, and claims about it (the
winner, its points, whether hearts are broken). The replay never stops at a wrong claim or
an illegal play; it stops only when the script cannot be followed any more (a card that is
not in the hand it is played from).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Sequence

from .cards import Card, card_name, find_prose_cards, split_tokens
from .diagnostics import Mark, Report
from .engines.tricks import (
    Fault,
    FirstLead,
    Illegal,
    PassTo,
    Play,
    TricksGame,
    TricksState,
)
from .engines.tricks_score import GameVerdict, HandResult
from .model import Example, GameBundle, parse_cards_at
from .schema_tricks import TricksExampleSpec, TrickSpec
from .script import Seats, narrations
from .source import Key, Source

Hands = dict[str, tuple[Card, ...]]


@dataclass(frozen=True)
class TrickReplay:
    number: int  # within the hand, counting from 1
    leader: str
    cards: tuple[tuple[str, Card], ...]  # (seat, card) in order of play
    winner: str
    points: int
    broken: bool  # hearts are broken once this trick is over
    hands_before: Hands


@dataclass(frozen=True)
class SheetRow:
    hand: int
    scores: dict[str, int]
    totals: dict[str, int]


@dataclass
class Replay:
    """What really happened in a trick-taking example, ready to be rendered."""

    name: str
    variant: str | None
    seats: tuple[str, ...]
    dealer: str | None
    hand: int = 1  # which hand of the game: it sets the passing
    pass_to: PassTo | None = None
    dealt: Hands | None = None
    passes: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    start: Hands | None = None  # the hands when play begins (after passing), or the position
    taken_before: Hands = field(default_factory=dict)  # a position: cards already taken
    tricks: list[TrickReplay] = field(default_factory=list)
    points: dict[str, int] = field(default_factory=dict)  # card values taken in the hand
    tricks_won: dict[str, int] = field(default_factory=dict)
    scores: dict[str, int] = field(default_factory=dict)  # the hand's scores
    slam: str | None = None  # who took everything
    complete: bool = False  # every scripted step replayed, and the hand (or game) is over
    sheet: list[SheetRow] = field(default_factory=list)
    verdict: GameVerdict | None = None
    losers: tuple[str, ...] = ()
    winners: tuple[str, ...] = ()


def report_stopped(src: Source, key: Key, report: Report, what: str) -> None:
    report.warning(src.mark(key), "replay-stopped", f"replay stopped at {what}; later steps "
                   "were not checked")


# -- the whole script ------------------------------------------------------------------

def replay_example(bundle: GameBundle, example: Example, report: Report) -> Replay | None:
    spec: TricksExampleSpec = example.spec
    src = example.source
    game: TricksGame = bundle.rules.engine
    if spec.variant is not None:
        if spec.variant not in bundle.rules.variants:
            known = list(bundle.rules.variants)
            near = difflib.get_close_matches(spec.variant, known, n=1)
            report.error(src.mark(("variant",)), "unknown-variant",
                         f"unknown variant '{spec.variant}'",
                         hint=f"did you mean '{near[0]}'?" if near else
                         f"known: {', '.join(known) or 'none'}")
            return None
        game = bundle.rules.variants[spec.variant]
    names = tuple(spec.seats)
    first_at: dict[str, int] = {}  # linear: a script may list 100,000 seats
    for i, name in enumerate(names):
        if first_at.setdefault(name, i) != i:
            report.error(src.mark(("seats", i)), "duplicate-seat", f"seat '{name}' is listed twice")
            return None
    if len(names) != game.players:
        report.error(src.mark(("seats",)), "bad-value",
                     f"{len(names)} seats; this {'variant' if spec.variant else 'game'} is "
                     f"played by {game.players}")
        return None
    seats = Seats(names, src, report)
    replay = Replay(example.name, spec.variant, names, spec.dealer, hand=spec.hand)
    modes = [m for m in ("deal", "position", "sheet") if getattr(spec, m) is not None]
    if len(modes) != 1:
        report.error(src.mark(()), "bad-value",
                     "a script is exactly one of a 'deal', a 'position' or a score 'sheet'; "
                     f"found {' and '.join(modes) if modes else 'none'}")
        return None
    if spec.sheet is not None:
        from .replay_tricks_sheet import replay_sheet
        replay_sheet(game, seats, example, report, replay)
        return replay
    for key in ("losers", "winners"):
        if getattr(spec.result, key, None) is not None:
            report.error(src.key_mark(("result", key)), "bad-value",
                         f"'{key}' is a claim about a whole game: it belongs to a score sheet")
    from .replay_tricks_start import start_from_deal, start_from_position
    if spec.deal is not None:
        state = start_from_deal(game, seats, src, spec, report, replay)
    else:
        state = start_from_position(game, seats, src, spec, report, replay)
    if state is None:
        return replay
    if _replay_tricks(game, state, seats, src, spec, report, replay):
        _check_hand_result(game, state, seats, src, spec, report, replay)
    return replay


# -- the tricks ------------------------------------------------------------------------

_HINTS = {
    Fault.REVOKE: "a player who holds a card of the suit led must play one",
    Fault.WRONG_PLAYER: "whoever takes a trick leads the next one; then play goes round",
}


def _fault_hint(game: TricksGame, illegal: Illegal) -> str | None:
    o = game.options
    if illegal.fault is Fault.LEAD:
        if o.first_lead is FirstLead.TWO_OF_CLUBS and illegal.trick == 1 \
                and [card_name(c) for c in illegal.legal] == ["2♣"]:
            return "in this game the holder of the 2♣ leads it to the first trick"
        return ("hearts may be led once a heart has been played"
                + (" (or the Q♠)" if o.queen_breaks_hearts else "")
                + ", or by a player who holds nothing but hearts")
    if illegal.fault is Fault.DISCARD:
        return "no heart and no Q♠ may go on the first trick, unless the hand holds nothing else"
    return _HINTS.get(illegal.fault)


def _lead_reason(game: TricksGame, state: TricksState) -> str:
    if state.trick_number > 1:
        return f"who took trick {state.trick_number - 1}"
    rule = game.options.first_lead
    if rule is FirstLead.TWO_OF_CLUBS:
        return "who holds the 2♣"
    return f"on the dealer's {'right' if rule is FirstLead.RIGHT_OF_DEALER else 'left'}"


def _replay_tricks(game: TricksGame, state: TricksState, seats: Seats, src: Source,
                   spec: TricksExampleSpec, report: Report, replay: Replay) -> bool:
    """Play every scripted trick; False when the replay had to stop."""
    names = seats.names
    for i, trick in enumerate(spec.tricks):
        key: Key = ("tricks", i)
        number = state.trick_number
        if state.is_over():
            report.error(src.mark(key), "hand-over",
                         f"trick {number}: the hand is already over after {number - 1} tricks")
            return False
        leader = state.turn
        assert leader is not None
        lead = seats.index(trick.lead, key + ("lead",))
        if lead is not None and lead != leader and not (i == 0 and spec.position is not None):
            report.error(src.mark(key + ("lead",)), "wrong-player",
                         f"trick {number}: '{names[leader]}' leads, "
                         f"{_lead_reason(game, state)}; the script has '{trick.lead}'",
                         hint=_HINTS[Fault.WRONG_PLAYER])
        cards = parse_cards_at(src, key + ("cards",), report)
        if cards is None:
            report_stopped(src, key, report, f"trick {number}")
            return False
        if len(cards) != game.players:
            report.error(src.mark(key + ("cards",)), "bad-value",
                         f"trick {number} has {len(cards)} card(s); each of the {game.players} "
                         "players plays one")
            report_stopped(src, key, report, f"trick {number}")
            return False
        marks = _card_marks(src, key + ("cards",))
        before = {names[s]: tuple(state.hands[s]) for s in range(len(names))}
        record = None
        for j, card in enumerate(cards):
            seat = state.turn
            assert seat is not None
            move = Play(seat, card)
            illegal = state.why_illegal(move)
            mark = marks[j] if j < len(marks) else src.mark(key + ("cards",))
            if illegal is not None:
                report.error(mark, illegal.fault.value, illegal.describe(names),
                             hint=_fault_hint(game, illegal))
                if illegal.fault is Fault.NOT_HELD:
                    report_stopped(src, key, report, f"trick {number}")
                    return False
                record = state.apply_unverified(move)
            else:
                record = state.apply(move)
        assert record is not None and record.trick is not None
        done = record.trick
        replay.tricks.append(TrickReplay(
            done.number, names[done.leader], tuple((names[p.seat], p.card) for p in done.plays),
            names[done.winner], done.points, done.broken, before))
        _check_trick_claims(trick, done.winner, done.points, done.broken, seats, src, key,
                            number, report)
    return True


def _card_marks(src: Source, key: Key) -> list[Mark]:
    value = src.get(key)
    items = [(key, value)] if isinstance(value, str) else \
        [(key + (i,), v) for i, v in enumerate(value or []) if isinstance(v, str)]
    return [src.text_mark(k, offset) for k, text in items for offset, _ in split_tokens(text)]


def _check_trick_claims(trick: TrickSpec, winner: int, points: int, broken: bool, seats: Seats,
                        src: Source, key: Key, number: int, report: Report) -> None:
    names = seats.names
    claimed_winner = trick.winner
    w = seats.index(claimed_winner, key + ("winner",))
    if w is not None and w != winner:
        report.error(src.mark(key + ("winner",)), "wrong-winner",
                     f"trick {number}: '{names[winner]}' takes it; the script says "
                     f"'{claimed_winner}'",
                     hint="the highest card of the suit led takes the trick; other suits never do")
    claimed_points = trick.points
    if claimed_points is not None and claimed_points != points:
        report.error(src.mark(key + ("points",)), "wrong-points",
                     f"trick {number}: its cards are worth {points}; the script says {claimed_points}")
    claimed_broken = trick.broken
    if claimed_broken is not None and claimed_broken != broken:
        really = "broken" if broken else "not broken yet"
        report.error(src.mark(key + ("broken",)), "false-claim",
                     f"trick {number}: hearts are {really} after this trick; the script says "
                     f"broken: {str(claimed_broken).lower()}")


# -- the hand's result -----------------------------------------------------------------

def _check_hand_result(game: TricksGame, state: TricksState, seats: Seats, src: Source,
                       spec: TricksExampleSpec, report: Report, replay: Replay) -> None:
    names = seats.names
    replay.complete = state.is_over()
    result = spec.result
    if not state.is_over():
        if result is not None and any(getattr(result, k) is not None
                                      for k in ("points", "tricks", "scores", "slam")):
            left = len(state.hands[state.turn or 0])
            report.error(src.key_mark(("result",)), "false-claim",
                         f"the hand is not over after trick {state.trick_number - 1}: "
                         f"{left} trick(s) are still to be played",
                         hint="add the remaining tricks or remove the hand's result")
        return
    hand = state.result()
    replay.points = {n: hand.points[s] for s, n in enumerate(names)}
    replay.tricks_won = {n: hand.tricks[s] for s, n in enumerate(names)}
    replay.scores = {n: hand.scores[s] for s, n in enumerate(names)}
    replay.slam = names[hand.slam] if hand.slam is not None else None
    if result is None:
        return
    for what, claims, actual, code in (("points", result.points, hand.points, "wrong-points"),
                                       ("tricks", result.tricks, hand.tricks, "false-claim"),
                                       ("scores", result.scores, hand.scores, "wrong-points")):
        if claims is None:
            continue
        written = seats.mapping(("result", what), every_seat=False) or {}
        for seat, name in written.items():
            if claims[name] != actual[seat]:
                report.error(src.mark(("result", what, name)), code,
                             f"'{name}' {_verb(what)} {actual[seat]} in this hand; the script "
                             f"says {claims[name]}", hint=_explain(game, hand, seat, names))
    if result.slam is not None and seats.index(result.slam, ("result", "slam")) is not None:
        if result.slam != replay.slam:
            really = f"'{replay.slam}' takes everything" if replay.slam else "nobody takes everything"
            report.error(src.mark(("result", "slam")), "false-claim",
                         f"{really}; the script says '{result.slam}'")


def _verb(what: str) -> str:
    return {"points": "takes points worth", "tricks": "takes tricks:", "scores": "scores"}[what]


def _explain(game: TricksGame, hand: HandResult, seat: int, names: Sequence[str]) -> str:
    """How a seat's score comes about: the valued cards taken and the hand's rules."""
    s = game.scoring
    valued = [f"{card_name(c)} {game.value(c)}" for c in hand.taken[seat] if game.value(c)]
    parts = [f"took {', '.join(valued) if valued else 'no card of value'} "
             f"in {hand.tricks[seat]} trick(s)"]
    if s.per_trick:
        parts.append(f"{hand.tricks[seat]} × {s.per_trick} for the tricks")
    if hand.tricks[seat] == 0 and s.no_tricks is not None:
        parts.append(f"{s.no_tricks} for taking no trick")
    elif s.clean_tricks is not None and hand.tricks[seat] and not any(
            s.table_value(c) for c in hand.taken[seat]):
        parts.append(f"{s.clean_tricks} for tricks without points")
    if hand.slam is not None and s.slam is not None:
        parts.append(f"'{names[hand.slam]}' took everything: {s.slam.taker} for them"
                     + (f", {s.slam.others} for each other player" if s.slam.others is not None
                        else ""))
    return "; ".join(parts)


# -- narration -------------------------------------------------------------------------

def check_narration(bundle: GameBundle, replay: Replay, report: Report) -> None:
    """Each language's narration: one text per step (a trick, or a hand of a score sheet),
    naming only cards that are still in play at that step."""
    spec: TricksExampleSpec = bundle.examples[replay.name].spec
    game: TricksGame = bundle.rules.engine_for(replay.variant)
    sheet = spec.sheet is not None
    steps = len(spec.sheet or []) if sheet else len(spec.tricks)
    unit = "hand" if sheet else "trick"
    in_play = set(game.cards)
    for lang, src, base, texts, narration in narrations(bundle, replay.name, replay.seats,
                                                        steps=steps, unit=unit, report=report):
        for i, words in enumerate(texts):
            if sheet or i >= len(replay.tricks):
                allowed, why = in_play, "is not in play in this game"
            else:
                trick = replay.tricks[i]
                allowed = {c for h in trick.hands_before.values() for c in h}
                why = f"nobody holds any more at trick {trick.number}"
            _check_cards(src, base + ("steps", i), words, allowed, in_play, report,
                         f"{lang}: step {i + 1}", why)
        for part in ("intro", "start", "result"):
            words = getattr(narration, part)
            if words:
                _check_cards(src, base + (part,), words, in_play, in_play, report,
                             f"{lang}: the {part}", "is not in play in this game")


def _check_cards(src: Source, key: Key, words: str, allowed: set[Card], in_play: set[Card],
                 report: Report, where: str, why: str) -> None:
    for offset, card in find_prose_cards(words):
        if card not in allowed:
            reason = why if card in in_play else "is not in play in this game"
            report.error(src.text_mark(key, offset), "narration-card",
                         f"{where} mentions {card_name(card)}, which {reason}")

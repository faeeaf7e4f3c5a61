"""Replay an example-hand script through the shedding engine and report every finding.

The replay never stops at the first wrong claim: it is reported and play goes on from what
really happened. It stops when the script cannot be followed any more (an illegal move, a
draw past the part of the stock the script gives).
"""

from __future__ import annotations

from ...core.cards import Card, Suit, card_name, cards_name
from ...model.source import Key
from ...model.tokens import parse_card_at, parse_cards_at
from ..shared import ReplayContext, check_hands_after, check_in_play, parse_hands
from .engine import (
    Draw,
    Fault,
    IllegalMove,
    Move,
    MoveRecord,
    Pass,
    Play,
    RoundError,
    ShedGame,
    ShedState,
)
from .options import EmptyStock, Scoring
from .record import Hands, Replay, ReplayStep
from .schema import MoveSpec, ShedExampleSpec

Context = ReplayContext[ShedGame, ShedExampleSpec]

_SUITS = {s.value: s for s in Suit} | {s.letter: s for s in Suit} | {
    "spades": Suit.SPADES, "hearts": Suit.HEARTS, "diamonds": Suit.DIAMONDS,
    "clubs": Suit.CLUBS}

# what a fault means for the writer of a script
_HINTS = {
    Fault.NO_MATCH: "a card goes on the pile's top card by suit or by rank, or is wild",
    Fault.WRONG_SUIT: "after a wild card the next card follows the suit its player named",
    Fault.MUST_DRAW: "the player made to draw writes `draw:` with the cards drawn",
    Fault.MUST_DRAW_FIRST: "a player who does not play writes `draw:` first",
    Fault.SUIT_NEEDED: "add `suit:` with the suit named (♠ ♥ ♦ ♣)",
    Fault.SUIT_NOT_WILD: "remove `suit:`",
    Fault.FALSE_CALL: "remove `announce: true`",
    Fault.NOT_HELD: "a player plays only cards in their hand (`hands:` says what they hold)",
    Fault.MIXED: "play one card, or several of one rank where the game allows it",
    Fault.MAY_NOT_DRAW: "a player who has a card that fits plays it, and draws once a turn",
    Fault.OVER: "remove the moves after the last card is played",
}


def _hands_text(state: ShedState, seats: tuple[str, ...]) -> Hands:
    return {name: tuple(state.hands[i]) for i, name in enumerate(seats)}


def replay_example(ctx: Context) -> Replay | None:
    spec, src, report, game, seats = ctx.spec, ctx.src, ctx.report, ctx.game, ctx.seats
    names = tuple(seats.names)
    players = ctx.bundle.rules.spec.players
    if not players.min <= len(names) <= players.max:
        report.error(src.mark(("seats",)), "bad-value",
                     f"{len(names)} seats; this game is for {players.min} to {players.max} players")
        return None
    dealer = seats.index(spec.dealer, ("dealer",))
    if dealer is None:
        return None
    replay = Replay(ctx.name, spec.variant, names, spec.dealer)
    hands = parse_hands(ctx, ("deal",))
    turned = parse_card_at(src, ("turned",), report)
    stock = parse_cards_at(src, ("stock",), report, spec.stock)
    if hands is None or turned is None or stock is None:
        return None
    replay.dealt = {names[s]: hands[s] for s in sorted(hands)}
    sound = _in_play(ctx, hands, turned, stock)
    size = game.hand_size(len(names))
    if size is None:
        report.error(src.mark(("seats",)), "bad-value",
                     f"this game says how many cards are dealt to "
                     f"{', '.join(map(str, sorted(game.options.cards_dealt)))} players, "
                     f"not to {len(names)}")
        return None
    for seat, hand in hands.items():
        if len(hand) != size:
            sound = False
            report.error(src.mark(("deal", names[seat])), "deal-sizes",
                         f"'{names[seat]}' is dealt {len(hand)} cards; each player is dealt "
                         f"{size} in this game with {len(names)} players")
    if not sound:
        return replay
    placed = {c for h in hands.values() for c in h} | {turned} | set(stock)
    rest = [c for c in game.cards if c not in placed]  # the stock the script does not give
    try:
        state = game.new_round([list(hands[i]) for i in range(len(names))],
                               [turned, *stock, *rest], dealer=dealer)
    except RoundError as err:
        report.error(src.mark(("turned",)), "deal-mismatch", str(err))
        return replay
    unknown = set(rest)
    if state.top in unknown:
        report.error(src.mark(("stock",)), "stock-unknown",
                     "the card turned after the special ones is not in 'stock'",
                     hint="give the stock's top cards in order")
        return replay
    replay.turned, replay.start_top = turned, state.top
    replay.stock = len(state.stock)
    replay.first = names[state.turn]
    _replay_moves(ctx, replay, state, unknown)
    return replay


def _in_play(ctx: Context, hands: dict[int, tuple[Card, ...]], turned: Card,
             stock: tuple[Card, ...]) -> bool:
    """No card outside the game, none twice, across the deal, the card turned and the
    stock."""
    game, src, report = ctx.game, ctx.src, ctx.report
    ok = check_in_play(ctx, [(("deal",), hands)])
    seen = {c for h in hands.values() for c in h}
    for key, cards in ((("turned",), (turned,)), (("stock",), stock)):
        for c in cards:
            if c not in game.cards:
                ok = False
                report.error(src.mark(key), "deal-mismatch",
                             f"{card_name(c)} is not in this game's deck ({game.deck.name})")
            elif c in seen:
                ok = False
                report.error(src.mark(key), "duplicate-card",
                             f"{card_name(c)} is written twice (in a hand, the card turned or "
                             "the stock)")
            seen.add(c)
    return ok


def _parse_suit(ctx: Context, key: Key, text: str) -> Suit | None:
    suit = _SUITS.get(text.strip().lower())
    if suit is None:
        ctx.report.error(ctx.src.mark(key), "bad-suit", f"'{text}' is not a suit",
                         hint="write ♠ ♥ ♦ ♣ (or s h d c)")
    return suit


def _move_of(ctx: Context, spec: MoveSpec, key: Key, seat: int) -> Move | None:
    src, report = ctx.src, ctx.report
    kinds = [k for k, v in (("play", spec.play is not None), ("draw", spec.draw is not None),
                            ("pass", spec.pass_)) if v]
    if len(kinds) != 1:
        report.error(src.mark(key), "bad-value", "a move is exactly one of 'play', 'draw' or "
                     f"'pass'; found {' and '.join(kinds) or 'none'}")
        return None
    if spec.play is not None:
        cards = parse_cards_at(src, key + ("play",), report)
        if cards is None:
            return None
        suit = None
        if spec.suit is not None:
            suit = _parse_suit(ctx, key + ("suit",), spec.suit)
            if suit is None:
                return None
        return Play(seat, cards, suit, spec.announce)
    if spec.draw is not None:
        return Draw(seat)
    return Pass(seat)


def _replay_moves(ctx: Context, replay: Replay, state: ShedState, unknown: set[Card]) -> None:
    src, report, seats = ctx.src, ctx.report, ctx.seats
    names = replay.seats
    for i, move_spec in enumerate(ctx.spec.moves):
        key: Key = ("moves", i)
        if state.is_over():
            report.error(src.mark(key), "round-over",
                         f"move {i + 1}: the hand is already over", hint="remove the moves after it")
            return
        seat = state.turn
        if move_spec.by is not None:
            claimed = seats.index(move_spec.by, key + ("by",))
            if claimed is None:
                return
            seat = claimed
        move = _move_of(ctx, move_spec, key, seat)
        if move is None:
            return
        if move_spec.restock is not None:
            order = parse_cards_at(src, key + ("restock",), report)
            if order is None:
                return
            if ctx.game.options.empty_stock is not EmptyStock.SHUFFLE:
                report.error(src.key_mark(key + ("restock",)), "bad-value",
                             "this game turns the pile over as it lies: no order is given")
            else:
                state.restock_order = list(order)
        illegal = state.why_illegal(move)
        if illegal is not None:
            report.error(src.mark(key + ((_field(move),) if illegal.fault not in (
                Fault.WRONG_PLAYER, Fault.OVER) else ("by",))), illegal.fault.value,
                f"move {i + 1}: {illegal.describe()}",
                hint=_HINTS.get(illegal.fault) or f"it is {names[state.turn]}'s turn "
                f"(play goes {'left' if state.step > 0 else 'right'})")
            return
        before = _hands_text(state, names)
        try:
            record = state.apply(move)
        except (IllegalMove, RoundError) as err:
            report.error(src.mark(key), "bad-value", f"move {i + 1}: {err}")
            return
        after = _hands_text(state, names)
        _check_penalty(ctx, move_spec, record, after, key, i, unknown)
        taken = set(record.drawn) | set(record.penalty)
        if taken & unknown:
            report.error(src.mark(key), "stock-unknown",
                         f"move {i + 1} draws past the cards the script gives in 'stock'",
                         hint="give more of the stock, in order")
            return
        replay.steps.append(_step(replay, state, record, before, after))
        _check_claims(ctx, move_spec, record, after, key, i)
    replay.complete = state.is_over()
    if state.is_over():
        result = state.result()
        replay.winner = names[result.winner] if result.winner is not None else None
        replay.points = {n: result.points[j] for j, n in enumerate(names)}
        replay.scores = {n: result.scores[j] for j, n in enumerate(names)}
    _check_result(ctx, replay, state)


def _field(move: Move) -> str:
    return "play" if isinstance(move, Play) else "draw" if isinstance(move, Draw) else "pass"


def _step(replay: Replay, state: ShedState, record: MoveRecord, before: Hands, after: Hands
          ) -> ReplayStep:
    names, move = replay.seats, record.move
    return ReplayStep(
        seat=names[move.seat], kind=_field(move),
        cards=move.cards if isinstance(move, Play) else record.drawn,
        suit=move.suit if isinstance(move, Play) else None,
        announced=isinstance(move, Play) and move.announce, penalty=record.penalty,
        skipped=tuple(names[s] for s in record.skipped), reversed=record.reversed,
        restocked=record.restocks > 0, top=state.top, asked=state.asked,
        pending=state.pending, stops=state.stops, cancelled=record.cancelled,
        missed=record.missed, stock=len(state.stock), before=before, after=after,
        out=record.out)


def _check_claims(ctx: Context, spec: MoveSpec, record: MoveRecord, after: Hands, key: Key,
                  i: int) -> None:
    src, report = ctx.src, ctx.report
    if isinstance(record.move, Draw):
        claimed = parse_cards_at(src, key + ("draw",), report)
        if claimed is not None and list(claimed) != list(record.drawn):
            report.error(src.mark(key + ("draw",)), "false-claim",
                         f"move {i + 1}: the stock gives {cards_name(record.drawn) or 'no card'}; "
                         f"the script says {cards_name(claimed) or 'no card'}",
                         hint="the stock is drawn from its top, in the order 'stock' gives")
    check_hands_after(ctx, spec.hands, after, key, i)


def _check_penalty(ctx: Context, spec: MoveSpec, record: MoveRecord, after: Hands, key: Key,
                   i: int, unknown: set[Card]) -> None:
    """A missed call: the script must draw its penalty (or say the call)."""
    src, report, seats, game = ctx.src, ctx.report, ctx.seats, ctx.game
    shown = "" if set(record.penalty) & unknown else \
        f" ({cards_name(record.penalty) or 'none are left'})"
    call = game.options.announcement
    if record.penalty or (call is not None and isinstance(record.move, Play)
                          and not record.move.announce and len(after[seats.names[record.move.seat]])
                          - len(record.penalty) == 1):
        if spec.penalty is None:
            assert call is not None
            report.error(src.mark(key), "missed-penalty",
                         f"move {i + 1}: one card is left and '{call.call}' is not said: the "
                         f"player draws {call.penalty} cards{shown}",
                         hint="add announce: true, or penalty: with the cards drawn")
        else:
            claimed = parse_cards_at(src, key + ("penalty",), report)
            if claimed is not None and list(claimed) != list(record.penalty):
                report.error(src.mark(key + ("penalty",)), "false-claim",
                             f"move {i + 1}: the penalty draws {cards_name(record.penalty)}; "
                             f"the script says {cards_name(claimed)}")
    elif spec.penalty is not None:
        report.error(src.key_mark(key + ("penalty",)), "false-claim",
                     f"move {i + 1}: no penalty is drawn here", hint="remove 'penalty'")


def _check_result(ctx: Context, replay: Replay, state: ShedState) -> None:
    src, report, seats, game = ctx.src, ctx.report, ctx.seats, ctx.game
    if src.get(("result",)) is None:
        return
    if not state.is_over():
        report.error(src.mark(("result",)), "false-claim",
                     "the hand is not over after the last move",
                     hint="add the remaining moves or remove 'result'")
        return
    spec = ctx.spec.result
    if spec is None:
        return
    if spec.winner is not None and seats.index(spec.winner, ("result", "winner")) is not None:
        if spec.winner != replay.winner:
            really = f"'{replay.winner}' wins" if replay.winner else "nobody wins"
            report.error(src.mark(("result", "winner")), "wrong-result",
                         f"{really}; the script says '{spec.winner}'")
    for part, table in (("points", replay.points), ("scores", replay.scores)):
        claimed = getattr(spec, part)
        for name, value in (claimed or {}).items():
            pkey = ("result", part, name)
            if seats.index(name, pkey, on_key=True) is None:
                continue
            if value != table[name]:
                how = {Scoring.WINNER_COLLECTS: "the winner scores the cards left in the "
                       "others' hands", Scoring.PENALTY: "each player scores the cards left "
                       "in their own hand", Scoring.NONE: "the winner scores 1"}[game.options.scoring]
                report.error(src.mark(pkey), "wrong-score",
                             f"'{name}' {'scores' if part == 'scores' else 'holds'} "
                             f"{table[name]}; the script says {value}",
                             hint=how if part == "scores" else _points_hint(
                                 ctx, state.hands[seats.names.index(name)]))


def _points_hint(ctx: Context, hand: list[Card]) -> str:
    return " + ".join(f"{card_name(c)} {ctx.game.points(c)}" for c in hand) or "no cards"


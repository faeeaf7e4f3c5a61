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

from typing import Sequence

from ...core.cards import Suit, card_name, cards_name
from ...model.schema import Affects
from ...model.source import Key
from ...model.tokens import card_tokens, parse_cards_at
from .engine import Fault, Illegal, Play, TrickRecord, TricksGame, TricksState
from .options import FirstLead, Sides
from .record import Replay, TrickReplay
from .schema import TrickSpec, TricksResultSpec
from .scoring import LAST, HandResult, TrickBonus
from .sheet import replay_sheet
from .start import Context, report_stopped, start_from_deal, start_from_position
from .stock import check_draws

# -- the whole script ------------------------------------------------------------------

def replay_example(ctx: Context) -> Replay | None:
    spec, src, report, game = ctx.spec, ctx.src, ctx.report, ctx.game
    names = tuple(ctx.names)
    if len(names) != game.players:
        report.error(src.mark(("seats",)), "bad-value",
                     f"{len(names)} seats; this {'variant' if spec.variant else 'game'} is "
                     f"played by {game.players}")
        return None
    replay = Replay(ctx.name, spec.variant, names, spec.dealer, hand=spec.hand,
                    pass_count=game.options.passing.count)
    modes = [m for m, v in (("deal", spec.deal), ("position", spec.position), ("sheet", spec.sheet))
             if v is not None]
    if len(modes) != 1:
        report.error(src.mark(()), "bad-value",
                     "a script is exactly one of a 'deal', a 'position' or a score 'sheet'; "
                     f"found {' and '.join(modes) if modes else 'none'}")
        return None
    outside = ctx.outside_model(Affects.SCORES)
    if outside is not None:
        replay.scored = False
    if spec.sheet is not None:
        if outside is not None:  # a sheet is scores alone: nothing of it can be checked
            report.note(src.mark(("sheet",)), "outside-model",
                        f"the score sheet is not replayed: the scores of this game are outside "
                        f"the model ('{outside}')")
            return replay
        replay_sheet(ctx, replay)
        return replay
    result = spec.result
    for key, claim in (("losers", result and result.losers), ("winners", result and result.winners)):
        if claim is not None:
            report.error(src.key_mark(("result", key)), "bad-value",
                         f"'{key}' is a claim about a whole game: it belongs to a score sheet")
    if spec.deal is not None:
        state = start_from_deal(ctx, replay)
    else:
        state = start_from_position(ctx, replay)
    if state is None:
        return replay
    if _replay_tricks(ctx, replay, state):
        _check_hand_result(ctx, replay, state)
    return replay


# -- the tricks ------------------------------------------------------------------------

_HINTS = {
    Fault.REVOKE: "a player who holds a card of the suit led must play one",
    Fault.WRONG_PLAYER: "whoever takes a trick leads the next one; then play goes round",
    Fault.TRUMP: "a player who cannot follow suit must play a trump when they hold one",
    Fault.OVER_TRUMP: "a player who plays a trump must beat the trumps already in the trick "
                      "when they can",
    Fault.BID: "everyone bids before the first trick",
}


def _fault_hint(game: TricksGame, illegal: Illegal) -> str | None:
    o = game.options
    if illegal.fault is Fault.LEAD:
        opening = game.opening
        if opening is not None and illegal.trick == 1 and list(illegal.legal) == [opening]:
            return (f"in this game the holder of the {card_name(opening)} leads it to the "
                    "first trick" + (", the lowest club in play"
                                     if o.first_lead is FirstLead.LOWEST_CLUB else ""))
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
    if game.opening is not None:
        return f"who holds the {card_name(game.opening)}"
    return f"on the dealer's {'right' if rule is FirstLead.RIGHT_OF_DEALER else 'left'}"


def _replay_tricks(ctx: Context, replay: Replay, state: TricksState) -> bool:
    """Play every scripted trick; False when the replay had to stop."""
    game, seats, src, spec, report = ctx.game, ctx.seats, ctx.src, ctx.spec, ctx.report
    names = seats.names
    for i, trick in enumerate(spec.tricks):
        key: Key = ("tricks", i)
        number = state.trick_number
        if state.is_over():
            early = game.options.ends_with and any(state.hands)
            report.error(src.mark(key), "hand-over",
                         f"trick {number}: the hand is already over after {number - 1} tricks",
                         hint=f"the hand ends with the trick that takes "
                         f"{cards_name(game.options.ends_with)}" if early else None)
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
            report_stopped(ctx, key, f"trick {number}")
            return False
        if len(cards) != game.players:
            report.error(src.mark(key + ("cards",)), "bad-value",
                         f"trick {number} has {len(cards)} card(s); each of the {game.players} "
                         "players plays one")
            report_stopped(ctx, key, f"trick {number}")
            return False
        marks = [token.mark for token in card_tokens(src, key + ("cards",))]
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
                    report_stopped(ctx, key, f"trick {number}")
                    return False
                record = state.apply(move, strict=False)
            else:
                record = state.apply(move)
        assert record is not None and record.trick is not None
        done = record.trick
        replay.tricks.append(TrickReplay(
            done.number, names[done.leader], tuple((names[p.seat], p.card) for p in done.plays),
            names[done.winner], done.points, done.broken, before,
            tuple((names[s], c) for s, c in done.draws)))
        _check_trick_claims(ctx, trick, done, key, trump=state.trump)
        check_draws(ctx, trick, done, key)
    return True


def _winner_rule(game: TricksGame, trump: Suit | None) -> str:
    ranks = game.options.ranking
    order = f" (ranked {' '.join(r.value for r in ranks)})" if ranks else ""
    if trump is None:
        return f"the highest card{order} of the suit led takes the trick; other suits never do"
    return (f"the highest trump ({trump}) takes the trick, else the highest card{order} of the "
            "suit led; other suits never do")


def _check_trick_claims(ctx: Context, trick: TrickSpec, done: TrickRecord, key: Key, *,
                        trump: Suit | None) -> None:
    """What the script claims about a trick, against what the trick really did."""
    seats, src, report = ctx.seats, ctx.src, ctx.report
    winner, points, broken, number = done.winner, done.points, done.broken, done.number
    names = seats.names
    claimed_winner = trick.winner
    w = seats.index(claimed_winner, key + ("winner",))
    if w is not None and w != winner:
        report.error(src.mark(key + ("winner",)), "wrong-winner",
                     f"trick {number}: '{names[winner]}' takes it; the script says "
                     f"'{claimed_winner}'",
                     hint=_winner_rule(ctx.game, trump))
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

def _check_hand_result(ctx: Context, replay: Replay, state: TricksState) -> None:
    game, seats, src, spec, report = ctx.game, ctx.seats, ctx.src, ctx.spec, ctx.report
    names = seats.names
    replay.complete = state.is_over()
    result = spec.result
    if not state.is_over():
        if result is not None and any(claim is not None for claim in (
                result.points, result.tricks, result.scores, result.slam, result.side_tricks,
                result.side_scores)):
            left = len(state.hands[state.turn or 0])
            report.error(src.key_mark(("result",)), "false-claim",
                         f"the hand is not over after trick {state.trick_number - 1}: "
                         f"{left} trick(s) are still to be played",
                         hint="add the remaining tricks or remove the hand's result")
        return
    hand = state.result()
    replay.points = {n: hand.points[s] for s, n in enumerate(names)}
    replay.tricks_won = {n: hand.tricks[s] for s, n in enumerate(names)}
    if game.options.sides is Sides.PARTNERS:
        replay.side_tricks = hand.side_tricks
    if replay.scored:  # else the engine's scores are not the game's: none is kept or shown
        replay.scores = {n: hand.scores[s] for s, n in enumerate(names)}
        replay.slam = names[hand.slam] if hand.slam is not None else None
        if game.options.sides is Sides.PARTNERS:
            replay.side_scores = hand.side_scores
    winners = tuple(state.winners) if state.winners is not None else None
    if result is None:
        return
    if not replay.scored:
        _note_unchecked(ctx, result)
    for what, claims, actual, code in (("points", result.points, hand.points, "wrong-points"),
                                       ("tricks", result.tricks, hand.tricks, "false-claim"),
                                       ("scores", result.scores if replay.scored else None,
                                        hand.scores, "wrong-points")):
        if claims is None:
            continue
        written = seats.mapping(("result", what), every_seat=False) or {}
        for seat, name in written.items():
            if claims[name] != actual[seat]:
                report.error(src.mark(("result", what, name)), code,
                             f"'{name}' {_verb(what)} {actual[seat]} in this hand; the script "
                             f"says {claims[name]}",
                             hint=_explain(game, hand, seat, names, winners))
    _check_side_claims(ctx, hand, winners, scored=replay.scored)
    if replay.scored and result.slam is not None \
            and seats.index(result.slam, ("result", "slam")) is not None:
        if result.slam != replay.slam:
            really = f"'{replay.slam}' takes everything" if replay.slam else "nobody takes everything"
            report.error(src.mark(("result", "slam")), "false-claim",
                         f"{really}; the script says '{result.slam}'")


def _note_unchecked(ctx: Context, result: TricksResultSpec) -> None:
    """The claims of a result the engine cannot compute, said once: not checked, not shown."""
    outside = ctx.outside_model(Affects.SCORES)
    claims = [key for key, claim in (("scores", result.scores), ("side_scores", result.side_scores),
                                     ("slam", result.slam)) if claim is not None]
    if claims:
        ctx.report.note(ctx.src.mark(("result", claims[0])), "outside-model",
                        f"{', '.join(claims)}: not checked, nor shown on the page: the scores of "
                        f"this game are outside the model ('{outside}')")


def _check_side_claims(ctx: Context, hand: HandResult, winners: tuple[int, ...] | None, *,
                       scored: bool = True) -> None:
    """``side_tricks`` and ``side_scores`` (when the scores are the model's), each keyed by
    one seat of its side."""
    game, seats, src, report, result = ctx.game, ctx.seats, ctx.src, ctx.report, ctx.spec.result
    names = seats.names
    assert result is not None
    for what, claims, actual in (("side_tricks", result.side_tricks, hand.side_tricks),
                                 ("side_scores", result.side_scores if scored else None,
                                  hand.side_scores)):
        if claims is None:
            continue
        if game.options.sides is not Sides.PARTNERS:
            report.error(src.key_mark(("result", what)), "bad-value",
                         f"'{what}' is a claim about sides, and this game has no partners")
            continue
        written = seats.mapping(("result", what), every_seat=False) or {}
        for seat, name in written.items():
            side = game.options.side_of(seat)
            if claims[name] != actual[side]:
                who = " and ".join(f"'{names[s]}'" for s in hand.sides[side])
                verb = "take" if what == "side_tricks" else "score"
                report.error(src.mark(("result", what, name)),
                             "false-claim" if what == "side_tricks" else "wrong-points",
                             f"{who} {verb} {actual[side]} in this hand; the script says "
                             f"{claims[name]}", hint=_explain(game, hand, seat, names, winners))


def _verb(what: str) -> str:
    return {"points": "takes points worth", "tricks": "takes tricks:", "scores": "scores"}[what]


def _explain(game: TricksGame, hand: HandResult, seat: int, names: Sequence[str],
             winners: tuple[int, ...] | None = None) -> str:
    """How a seat's score comes about: the valued cards taken and the hand's rules."""
    s = game.scoring
    if game.options.sides is Sides.PARTNERS:
        side = game.options.side_of(seat)
        who = " and ".join(f"'{names[x]}'" for x in hand.sides[side])
        seats = hand.sides[side]
        taken = [c for x in seats for c in hand.taken[x]]
        tricks = sum(hand.tricks[x] for x in seats)
        valued = [f"{card_name(c)} {game.value(c)}" for c in taken if game.value(c)]
        parts = [f"took {', '.join(valued) if valued else 'no card of value'} in {tricks} "
                 "trick(s)"] + ([f"{tricks} × {s.per_trick} for the tricks"] if s.per_trick else [])
        return f"{who} score together: " + "; ".join(
            parts + components(game, hand, side, winners))
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
    return "; ".join(parts + components(game, hand, seat, winners))


def _ordinal(trick: int) -> str:
    if trick == LAST:
        return "the last trick"
    if trick == 1:
        return "the first trick"
    return f"trick {trick}"


def components(game: TricksGame, hand: HandResult, side: int,
               winners: tuple[int, ...] | None) -> list[str]:
    """What a side (a seat, without partners) scores for the book, its bid, tricks by
    position and sets taken together."""
    s, o = game.scoring, game.options
    seats = hand.sides[side] if hand.sides else (side,)
    taken = {c for x in seats for c in hand.taken[x]}
    tricks = sum(hand.tricks[x] for x in seats)
    parts: list[str] = []
    if s.book is not None:
        over = max(0, tricks - s.book.tricks)
        parts.append(f"{over} trick(s) over the book of {s.book.tricks} × {s.book.per_trick}")
    if s.bid is not None and hand.bids is not None:
        bid = sum(hand.bids[x] for x in seats)
        parts.append(f"bid {bid} and took {tricks}: {s.bid.score(bid, tricks)}")
    for bonus in s.trick_bonus:
        i = bonus.index(len(winners or ()))
        if winners and 0 <= i < len(winners) and o.side_of(winners[i]) == o.side_of(seats[0]):
            parts.append(f"{bonus.value} for {_ordinal(bonus.trick)}")
    for group in s.sets:
        indexes = [TrickBonus(t, 0).index(len(winners or ())) for t in group.tricks]
        if all(c in taken for c in group.cards) and all(
                winners and 0 <= i < len(winners) and winners[i] in seats for i in indexes):
            wanted = [_ordinal(t) for t in group.tricks] + [card_name(c) for c in group.cards]
            parts.append(f"{group.value} for taking {', '.join(wanted)} together")
    return parts

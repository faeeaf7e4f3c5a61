"""The start of a trick-taking example: the deal and the passes, or a position late in a
hand (what each player holds and has taken), checked against the deck and the rules."""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from ...core.cards import Card, Suit, card_name, cards_name
from ...core.diagnostics import Mark
from ...model.source import Key
from ...model.tokens import card_tokens
from ..shared import check_in_play, parse_hands
from .engine import Fault, Pass, TricksState
from .options import PassTo, Sides, TrumpFrom
from .record import Replay
from .stock import Context, read_stock, replay_bids, written_bids

__all__ = ["Context", "report_stopped", "sorted_hand", "start_from_deal", "start_from_position"]
_SUITS = list(Suit)


def report_stopped(ctx: Context, key: Key, what: str) -> None:
    ctx.report.warning(ctx.src.mark(key), "replay-stopped", f"replay stopped at {what}; later "
                       "steps were not checked")


def sorted_hand(cards: Sequence[Card]) -> tuple[Card, ...]:
    """A hand as players hold it: by suit (♠ ♥ ♦ ♣), high cards first (for display)."""
    return tuple(sorted(cards, key=lambda c: (_SUITS.index(c.suit) if c.suit else 4,
                                              -(c.rank.high if c.rank else 0))))


def start_from_deal(ctx: Context, replay: Replay) -> TricksState | None:
    game, seats, src, spec, report = ctx.game, ctx.seats, ctx.src, ctx.spec, ctx.report
    names = seats.names
    if spec.dealer is None:
        report.error(src.key_mark(("deal",)), "missing-key",
                     "missing key 'dealer': a deal needs a dealer, who decides the first lead")
        return None
    dealer = seats.index(spec.dealer, ("dealer",))
    if spec.position is None and spec.taken is not None:
        report.error(src.key_mark(("taken",)), "bad-value",
                     "'taken' belongs to a position; a deal starts with nothing taken")
    hands = parse_hands(ctx, ("deal",))
    if hands is None or dealer is None:
        return None
    size = game.cards_for(spec.hand)
    every_card = size * game.players == len(game.cards)
    sound = check_in_play(ctx, [(("deal",), hands)], every_card=every_card)
    for seat, hand in hands.items():
        if len(hand) != size:
            sound = False
            report.error(src.mark(("deal", names[seat])), "deal-sizes",
                         f"'{names[seat]}' is dealt {len(hand)} cards; {len(game.cards)} cards "
                         f"among {game.players} players make {size} each" if every_card else
                         f"'{names[seat]}' is dealt {len(hand)} cards; in hand {spec.hand} of "
                         f"this game each player is dealt {size}")
    replay.dealt = {names[s]: hands[s] for s in sorted(hands)}
    if not sound:
        return None
    ok, stock, turned = read_stock(ctx, hands, dealer=dealer, hand=spec.hand)
    if not ok:
        return None
    dealt = [hands[s] for s in range(len(names))]
    state = game.new_hand(dealt, dealer=dealer, hand=spec.hand, stock=stock, turned=turned)
    _record_table(ctx, replay, state, stock, turned)
    direction = game.options.passing.direction(spec.hand)
    replay.pass_to = direction
    schedule = ", ".join(game.options.passing.schedule) or "none"
    if spec.pass_to is not None and spec.pass_to != direction:
        report.error(src.mark(("pass_to",)), "bad-pass",
                     f"hand {spec.hand} of this game passes {_to(direction)}; the script says "
                     f"{spec.pass_to}", hint=f"the passing schedule, hand by hand: {schedule}")
    if not state.passing:
        if spec.passes is not None:
            report.error(src.key_mark(("passes",)), "bad-pass",
                         f"nobody passes cards in hand {spec.hand} of this game",
                         hint=f"the passing schedule, hand by hand: {schedule}")
    elif not _apply_passes(ctx, replay, state):
        if spec.tricks:
            report_stopped(ctx, ("tricks",), "the passing")
        return None
    replay.bids = replay_bids(ctx, state) or {}
    if state.bidding:
        return None  # reported: the bids are missing or wrong
    replay.start = {names[s]: sorted_hand(state.hands[s]) for s in range(len(names))}
    return state


def _record_table(ctx: Context, replay: Replay, state: TricksState, stock: Sequence[Card],
                  turned: Card | None) -> None:
    """What the page shows of the table besides the hands: trumps, the stock, the sides."""
    names = ctx.names
    replay.trump, replay.turned, replay.stock = state.trump, turned, tuple(stock)
    o = ctx.game.options
    if o.sides is Sides.PARTNERS:
        replay.sides = tuple(tuple(names[s] for s in side) for side in o.side_seats())


def _to(direction: PassTo) -> str:
    return "nothing" if direction is PassTo.NONE else f"to the {direction}" \
        if direction is not PassTo.ACROSS else "across"


def _apply_passes(ctx: Context, replay: Replay, state: TricksState) -> bool:
    game, seats, src, spec, report = ctx.game, ctx.seats, ctx.src, ctx.spec, ctx.report
    count, direction = game.options.passing.count, state.direction
    if spec.passes is None:
        report.error(src.key_mark(("deal",)), "missing-key",
                     f"missing key 'passes': in hand {spec.hand} each player passes {count} cards "
                     f"{_to(direction)}")
        return False
    passes = parse_hands(ctx, ("passes",))
    if passes is None:
        return False
    ok = True
    for seat, cards in sorted(passes.items()):
        name = seats.names[seat]
        illegal = state.why_illegal(Pass(seat, cards))
        if illegal is None:
            continue
        ok = False
        mark = src.mark(("passes", name))
        if illegal.fault is Fault.NOT_HELD:
            where = _token_mark(ctx, ("passes", name), [card_name(c) for c in illegal.cards])
            report.error(where or mark, "card-not-held",
                         f"'{name}' passes {cards_name(illegal.cards)}, which was not dealt to "
                         f"them ({cards_name(illegal.legal)})")
        else:
            report.error(mark, "bad-pass", f"'{name}' passes {len(cards)} card(s) "
                         f"({cards_name(cards)}); each player passes {count} different cards")
    if not ok:
        return False
    for seat in range(len(seats.names)):
        state.apply(Pass(seat, passes[seat]))
    replay.passes = {seats.names[s]: passes[s] for s in sorted(passes)}
    return True


def _token_mark(ctx: Context, key: Key, wanted: Sequence[str]) -> Mark | None:
    """The mark of the first token at ``key`` that is one of ``wanted`` (in canonical form)."""
    return next((token.mark for token in card_tokens(ctx.src, key)
                 if token.card is not None and card_name(token.card) in wanted), None)


def start_from_position(ctx: Context, replay: Replay) -> TricksState | None:
    game, seats, src, spec, report = ctx.game, ctx.seats, ctx.src, ctx.spec, ctx.report
    names = seats.names
    if spec.passes is not None:
        report.error(src.key_mark(("passes",)), "bad-value",
                     "a position is taken after the passing; 'passes' belongs to a deal")
    if spec.dealer is not None:
        seats.index(spec.dealer, ("dealer",))
    hands = parse_hands(ctx, ("position",))
    taken = parse_hands(ctx, ("taken",), every_seat=False) if spec.taken is not None else {}
    if hands is None or taken is None:
        return None
    groups: list[tuple[Key, dict[int, tuple[Card, ...]]]] = [(("position",), hands)]
    if taken:
        groups.append((("taken",), taken))
    o = game.options
    whole = o.dealing.size is None and not o.dealing.by_hand \
        and o.trumps.source is not TrumpFrom.TURNED
    sound = check_in_play(ctx, groups, every_card=whole)
    stock: tuple[Card, ...] = ()
    turned: Card | None = None
    if sound:
        taken_cards = [c for pile in taken.values() for c in pile]
        sound, stock, turned = read_stock(ctx, hands, dealer=None, hand=spec.hand,
                                          taken=taken_cards)
    bids = _position_bids(ctx)
    scored_by_position = game.scoring.trick_bonus or any(s.tricks for s in game.scoring.sets)
    if taken and scored_by_position:
        sound = False
        report.error(src.key_mark(("taken",)), "bad-value",
                     "this game scores tricks by their position, and a position does not say "
                     "who took which trick", hint="start the script from the deal")
    sizes = Counter(len(h) for h in hands.values())
    usual = sizes.most_common(1)[0][0]
    for seat, hand in hands.items():
        if len(hand) != usual:
            sound = False
            report.error(src.mark(("position", names[seat])), "deal-sizes",
                         f"'{names[seat]}' holds {len(hand)} cards and the others {usual}; "
                         "before a trick everyone holds as many cards")
    n = game.players
    for seat, pile in taken.items():
        if len(pile) % n:
            sound = False
            report.error(src.mark(("taken", names[seat])), "deal-sizes",
                         f"'{names[seat]}' has taken {len(pile)} cards; each trick is {n} cards, "
                         "so a pile holds a multiple of that")
    first = spec.tricks[0] if spec.tricks else None
    leader = seats.index(first.lead, ("tricks", 0, "lead")) if first is not None else None
    if first is not None and first.lead is None:
        report.error(src.mark(("tricks", 0)), "missing-key",
                     "missing key 'lead': after a position, the first trick must say who leads")
    if not sound or (first is not None and leader is None):
        return None
    opening = game.opening
    if not taken and leader is not None and opening is not None:
        holder = next((s for s, h in hands.items() if any(c == opening for c in h)), leader)
        if holder != leader:
            card = card_name(opening)
            report.error(src.mark(("tricks", 0, "lead")), "wrong-player",
                         f"trick 1: '{names[holder]}' leads, who holds the {card}; the script "
                         f"has '{names[leader]}'", hint=f"in this game the holder of the {card} "
                         "leads it to the first trick")
            leader = holder
    if o.bidding is not None and bids is None:
        return None
    replay.start = {names[s]: hands[s] for s in range(len(names))}
    replay.taken_before = {names[s]: taken[s] for s in sorted(taken)}
    state = game.resume([hands[s] for s in range(len(names))],
                        taken=[taken.get(s, ()) for s in range(len(names))], leader=leader or 0,
                        hand=spec.hand, stock=stock, turned=turned, bids=bids)
    _record_table(ctx, replay, state, stock, turned)
    if bids is not None:
        replay.bids = {names[s]: b for s, b in enumerate(bids)}
    return state


def _position_bids(ctx: Context) -> list[int] | None:
    """The bids of a position (made before it): every seat's, each 0 or more."""
    spec = ctx.spec
    written = written_bids(ctx, start="position")
    if written is None or spec.bids is None:
        return None
    return [spec.bids[written[s]] for s in range(len(ctx.names))]

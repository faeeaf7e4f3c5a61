"""The parts of a trick-taking script that a game with a stock, a turned card or bids adds:
the stock (top first) and the turned card, checked against the deal and the deck; the bids,
replayed in turn through the engine; the draws after each trick, checked card by card.

The script states what it draws; the engine knows the stock's order from the script's
``stock``, so a wrong card, a seat drawing out of turn or a draw from an empty stock is
found at its line."""

from __future__ import annotations

from typing import Sequence

from ...core.cards import Card, CardError, card_name, cards_name, parse_card
from ...model.source import Key
from ...model.tokens import parse_cards_at
from ..shared import ReplayContext, quoted
from .engine import Bid, Fault, TrickRecord, TricksGame, TricksState
from .options import TrumpFrom
from .schema import TricksExampleSpec, TrickSpec

Context = ReplayContext[TricksGame, TricksExampleSpec]


def read_turned(ctx: Context) -> tuple[bool, Card | None]:
    """The script's turned card: (sound, card)."""
    spec, src, report, game = ctx.spec, ctx.src, ctx.report, ctx.game
    source = game.options.trumps.source
    if spec.turned is None:
        return True, None
    if source not in (TrumpFrom.DEALER_LAST, TrumpFrom.TURNED):
        report.error(src.key_mark(("turned",)), "bad-value",
                     "'turned' is the card turned up for trumps, but this game's trumps "
                     f"{'come from ' + repr(source.value) if source is not TrumpFrom.NONE else 'are none'}")
        return False, None
    try:
        card = parse_card(spec.turned)
    except CardError as err:
        report.error(src.mark(("turned",)), "bad-card", str(err))
        return False, None
    if card not in game.cards:
        report.error(src.mark(("turned",)), "deal-mismatch",
                     f"{card_name(card)} is not in this game's deck ({game.deck.name})")
        return False, None
    return True, card


def read_stock(ctx: Context, hands: dict[int, tuple[Card, ...]], *, dealer: int | None,
               hand: int, taken: Sequence[Card] = ()) -> tuple[bool, tuple[Card, ...], Card | None]:
    """The stock and the turned card of a deal (or a position), checked: every card of the
    deck once across the hands, ``taken``, the stock and the turned card, where the game
    has a stock; (sound, stock, turned)."""
    game, spec, src, report = ctx.game, ctx.spec, ctx.src, ctx.report
    o, n = game.options, game.players
    ok, turned = read_turned(ctx)
    stock: tuple[Card, ...] = ()
    if spec.stock is not None:
        parsed = parse_cards_at(src, ("stock",), report)
        if parsed is None:
            return False, (), turned
        stock = parsed
        if not o.dealing.draw and o.trumps.source is not TrumpFrom.TURNED:
            report.error(src.key_mark(("stock",)), "bad-value",
                         "nobody draws from a stock in this game, and no card is turned from it",
                         hint="every card is dealt, or the cards left over are not used")
            return False, stock, turned
    in_hands = {c: s for s, h in hands.items() for c in h}
    seen = set(in_hands) | set(taken)
    for c in stock:
        if c not in game.cards:
            ok = False
            report.error(src.mark(("stock",)), "deal-mismatch",
                         f"{card_name(c)} is not in this game's deck ({game.deck.name})")
        elif c in seen:
            ok = False
            report.error(src.mark(("stock",)), "duplicate-card",
                         f"{card_name(c)} is in the stock and also dealt or taken")
        seen.add(c)
    source = o.trumps.source
    if turned is not None and source is TrumpFrom.DEALER_LAST:
        if dealer is not None and in_hands.get(turned) != dealer:
            ok = False
            report.error(src.mark(("turned",)), "false-claim",
                         f"the turned card is the dealer's last card: {card_name(turned)} is not "
                         f"in '{ctx.names[dealer]}''s hand", hint="the dealer turns up the last "
                         "card they deal themselves, and keeps it")
    elif turned is not None:
        if turned in seen:
            ok = False
            report.error(src.mark(("turned",)), "duplicate-card",
                         f"{card_name(turned)} is turned up, and also dealt, taken or in the stock")
        seen.add(turned)
    left = len(game.cards) - game.cards_for(hand) * n
    start = ("deal",) if spec.deal is not None else ("position",)
    if turned is None and ok and (
            source is TrumpFrom.DEALER_LAST or (source is TrumpFrom.TURNED and left > 0)):
        ok = False
        report.error(src.key_mark(start), "missing-key",
                     "missing key 'turned': the card turned up decides this hand's trumps")
    if o.dealing.draw and spec.stock is None and spec.deal is not None:
        ok = False
        report.error(src.key_mark(("deal",)), "missing-key",
                     "missing key 'stock': the players draw from it after each trick, top first")
    if ok and (spec.stock is not None or o.dealing.draw):
        missing = [c for c in game.cards if c not in seen]
        if missing:
            ok = False
            report.error(src.key_mark(("stock",)), "deal-mismatch",
                         f"{len(missing)} card(s) of the deck are nowhere: {cards_name(missing)}",
                         hint=None if spec.stock is not None else "'stock' holds the cards not "
                         "drawn yet, top first (without the turned card)")
    return ok, stock, turned


def written_bids(ctx: Context, *, start: str) -> dict[int, str] | None:
    """The seats of the script's ``bids`` (seat -> the name written), after checking that
    the script has bids where the game has them (reported at ``start``, the script's
    ``deal`` or ``position``) and none where it has not. None: no bids to replay."""
    spec, src, report = ctx.spec, ctx.src, ctx.report
    if ctx.game.options.bidding is None:
        if spec.bids is not None:
            report.error(src.key_mark(("bids",)), "bad-value", "nobody bids in this game")
        return None
    if spec.bids is None:
        report.error(src.key_mark((start,)), "missing-key",
                     "missing key 'bids': in this game each player bids before the first trick")
        return None
    return ctx.seats.mapping(("bids",))


def replay_bids(ctx: Context, state: TricksState) -> dict[str, int] | None:
    """The bids of a deal, in the order written, through the engine; each bid out of turn,
    out of range or against the dealer's hook is reported at its line. None: no bids."""
    game, spec, src, report, names = ctx.game, ctx.spec, ctx.src, ctx.report, ctx.names
    written, bidding = written_bids(ctx, start="deal"), game.options.bidding
    if written is None or spec.bids is None or bidding is None:
        return None
    order = list(written.items())  # in the order written
    out: dict[str, int] = {}
    for seat, name in order:
        turn = state.bid_turn
        move = Bid(seat, spec.bids[name])
        illegal = state.why_illegal(move)
        if illegal is not None:
            at = src.key_mark(("bids", name)) if illegal.fault is Fault.WRONG_PLAYER \
                else src.mark(("bids", name))
            report.error(at, illegal.fault.value, illegal.describe(names), hint=(
                "the player on the dealer's left bids first, then round the table; the dealer "
                "bids last" if illegal.fault is Fault.WRONG_PLAYER else
                f"a bid is 0 to the {state.total_tricks} trick(s) of the hand"
                + ("; the dealer may not make the bids add up to the tricks"
                   if bidding.hook else "")))
        if turn is not None:
            state.apply(Bid(turn, spec.bids[names[turn]]), strict=False)
        out[name] = spec.bids[name]
    return out


def check_draws(ctx: Context, trick: TrickSpec, done: TrickRecord, key: Key) -> None:
    """The draws a script claims after a trick, against the engine's: who, in which order,
    which card."""
    src, report, names = ctx.src, ctx.report, ctx.names
    if trick.draws is None:
        return
    if not ctx.game.options.dealing.draw:
        report.error(src.key_mark(key + ("draws",)), "bad-value",
                     "nobody draws from a stock in this game")
        return
    written = ctx.seats.mapping(key + ("draws",), every_seat=False)
    if written is None:
        return
    actual = list(done.draws)
    claimed = list(written.items())
    if not actual:
        report.error(src.key_mark(key + ("draws",)), "wrong-draw",
                     f"trick {done.number}: the stock is empty; nobody draws after this trick")
        return
    if len(claimed) != len(actual):
        report.error(src.key_mark(key + ("draws",)), "wrong-draw",
                     f"trick {done.number}: {len(actual)} player(s) draw "
                     f"({quoted(names[s] for s, _ in actual)}); the script has {len(claimed)}")
    for (seat, name), (real, card) in zip(claimed, actual):
        here = key + ("draws", name)
        if seat != real:
            report.error(src.key_mark(here), "wrong-player",
                         f"trick {done.number}: '{names[real]}' draws now, not '{name}'",
                         hint="the trick's winner draws first, then the others round the table")
            break
        text = trick.draws[name]
        try:
            drawn = parse_card(text)
        except CardError as err:
            report.error(src.mark(here), "bad-card", str(err))
            continue
        if drawn != card:
            report.error(src.mark(here), "wrong-draw",
                         f"trick {done.number}: '{name}' draws {card_name(card)}, the top of the "
                         f"stock; the script says {card_name(drawn)}",
                         hint="the stock is drawn from the top, in the order of 'stock'; the "
                         "turned card last, where it lies under the stock")

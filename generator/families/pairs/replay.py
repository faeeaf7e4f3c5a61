"""Replay an example-round script through the pairing engine and report every finding.

The replay never stops at the first finding: a wrong claim is reported and play goes on
from what really happened. It stops only when the script cannot be followed any more
(a card that is not in the hand it is drawn from).
"""

from __future__ import annotations

from collections import Counter
from typing import Hashable, Iterable, Sequence

from ...core.cards import Card, card_name, cards_name
from ...model.source import Key
from ...model.tokens import parse_card_at, parse_cards_at
from ..shared import ReplayContext, check_hands_after, check_in_play, parse_hands, quoted
from .engine import Draw, PairsGame, PairsState, first_drawer
from .options import OddMode, Winners
from .record import Hands, Replay, ReplayStep
from .schema import PairsExampleSpec

Context = ReplayContext[PairsGame, PairsExampleSpec]

def _hands_text(state: PairsState, seats: Sequence[str]) -> Hands:
    return {name: tuple(state.hand(i)) for i, name in enumerate(seats)}


def replay_example(ctx: Context) -> Replay | None:
    spec, src, report, game, seats = ctx.spec, ctx.src, ctx.report, ctx.game, ctx.seats
    names = tuple(seats.names)
    players = ctx.bundle.rules.spec.players
    if not players.min <= len(names) <= players.max:
        report.error(src.mark(("seats",)), "bad-value",
                     f"{len(names)} seats; this game is for {players.min} to {players.max} players")
        return None  # the engine deals to the players the game allows; nothing more to check
    dealer = seats.index(spec.dealer, ("dealer",))
    if dealer is None:
        return None
    replay = Replay(ctx.name, spec.variant, names, spec.dealer)
    modes = [m for m, v in (("deal", spec.deal), ("position", spec.position),
                            ("deal_counts", spec.deal_counts)) if v is not None]
    if len(modes) != 1:
        report.error(src.mark(()), "bad-value",
                     "a script starts from exactly one of 'deal', 'position' or 'deal_counts'; "
                     f"found {' and '.join(modes) if modes else 'none'}")
        return None
    if spec.deal_counts is not None:
        _check_counts(ctx, replay, spec.deal_counts, spec.kept_counts, dealer)
        if spec.moves:
            report.error(src.mark(("moves",)), "bad-value",
                         "moves need the cards: start from 'deal' or 'position', not counts")
        return replay
    if spec.deal is not None:
        start = _check_deal(ctx, replay, dealer)
    else:
        start = _check_position(ctx, replay)
    if start is None:
        return replay
    state = game.new_round(start, dealer=dealer)
    replay.first_drawer = names[state.drawer] if state.drawer is not None else None
    if spec.first is not None and seats.index(spec.first, ("first",)) is not None:
        if spec.first != replay.first_drawer:
            report.error(src.mark(("first",)), "wrong-player",
                         f"'{replay.first_drawer}' draws first here; the script says "
                         f"'{spec.first}'", hint=_turn_hint(game))
    _replay_moves(ctx, replay, state)
    return replay


def _turn_hint(game: PairsGame) -> str:
    o = game.options
    return (f"in this game the first turn is '{o.first_turn}', each player draws from the "
            f"{o.draw_from}-hand neighbour and the turn passes {o.turn_passes}")


# -- the start of a round ------------------------------------------------------------------

def _check_deal(ctx: Context, replay: Replay, dealer: int) -> list[list[Card]] | None:
    game, seats, src, report = ctx.game, ctx.seats, ctx.src, ctx.report
    spec_hidden = src.get(("hidden_card",))
    hidden: Card | None = None
    if game.options.odd_mode is OddMode.HIDDEN:
        if spec_hidden is None:
            report.error(src.mark(("deal",)), "missing-key",
                         "missing key 'hidden_card': this game removes a card face down; "
                         "the script must say which")
            return None
        hidden = parse_card_at(src, ("hidden_card",), report)
        if hidden is None:
            return None
        replay.hidden_card = hidden
    elif spec_hidden is not None:
        report.error(src.key_mark(("hidden_card",)), "bad-value",
                     "no card is removed face down in this game; remove 'hidden_card'")
    hands = parse_hands(ctx, ("deal",))
    if hands is None:
        return None
    expected = [c for c in game.cards if c != hidden]
    if hidden is not None and hidden not in game.cards:
        report.error(src.mark(("hidden_card",)), "deal-mismatch",
                     f"the hidden card {card_name(hidden)} is not in play")
    sound = check_in_play(ctx, [(("deal",), hands)])
    dealt = Counter(c for h in hands.values() for c in h)
    missing = [c for c in expected if c not in dealt]
    if missing:
        sound = False
        report.error(src.key_mark(("deal",)), "deal-mismatch",
                     f"the deal is missing {len(missing)} card(s) of the deck: {cards_name(missing)}")
    sizes = game.deal_sizes(len(seats.names), dealer, len(expected))
    for seat, hand in hands.items():
        if len(hand) != sizes[seat]:
            sound = False
            report.error(src.mark(("deal", seats.names[seat])), "deal-sizes",
                         f"'{seats.names[seat]}' is dealt {len(hand)} cards; dealing "
                         f"{len(expected)} cards one at a time from the dealer's left gives "
                         f"{sizes[seat]}")
    replay.dealt = {seats.names[s]: hands[s] for s in sorted(hands)}
    if not sound:
        return None
    start: list[list[Card]] = []
    claims = src.get(("first_pairs",))
    claimed = parse_hands(ctx, ("first_pairs",)) if claims is not None else {}
    if claimed is None:
        return None
    for seat in range(len(seats.names)):
        kept, pairs, alone = game.lay_down_first(hands[seat])
        if seat in claimed:
            key = ("first_pairs", seats.names[seat])
            ok = _check_first_pairs(ctx, hands[seat], claimed[seat], seats.names[seat], key)
            if ok:
                kept = list(claimed[seat])
                pairs = _pairs_of(game, [c for c in hands[seat] if c not in kept])
        start.append(kept)
        replay.first_pairs[seats.names[seat]] = tuple(pairs)
        replay.laid_alone[seats.names[seat]] = tuple(alone)
    replay.start = {seats.names[i]: tuple(h) for i, h in enumerate(start)}
    return start


def _pairs_of(game: PairsGame, cards: Iterable[Card]) -> list[tuple[Card, Card]]:
    """Group cards known to pair up (two by two within a key) into pairs."""
    waiting: dict[Hashable, Card] = {}
    pairs: list[tuple[Card, Card]] = []
    for c in cards:
        if game.lays_alone(c):
            continue
        key = game.key(c)
        if key in waiting:
            pairs.append((waiting.pop(key), c))
        else:
            waiting[key] = c
    return pairs


def _check_first_pairs(ctx: Context, dealt: Sequence[Card], kept: Sequence[Card], who: str,
                       key: Key) -> bool:
    game, src, report = ctx.game, ctx.src, ctx.report
    ok = True
    extra = Counter(kept) - Counter(dealt)
    for c in extra:
        ok = False
        report.error(src.mark(key), "card-not-held",
                     f"'{who}' keeps {card_name(c)}, which was not dealt to them"
                     if c not in dealt else f"'{who}' keeps {card_name(c)} twice")
    if not ok:
        return False
    laid = list((Counter(dealt) - Counter(kept)).elements())
    leftover = [c for c in laid if not game.lays_alone(c)]
    by_key = Counter(game.key(c) for c in leftover)
    unpaired = [c for c in leftover if by_key[game.key(c)] % 2 or not
                any(game.is_pair(c, d) for d in leftover)]
    if unpaired:
        ok = False
        report.error(src.mark(key), "not-a-pair",
                     f"'{who}' lays down {cards_name(unpaired)} without a partner",
                     hint=_pairing_hint(game))
    for i, a in enumerate(kept):
        for b in kept[i + 1:]:
            if game.is_pair(a, b):
                ok = False
                report.error(src.mark(key), "missed-pair",
                             f"'{who}' keeps {card_name(a)} and {card_name(b)}, which are a pair "
                             "and must be laid down")
    for c in kept:
        if game.lays_alone(c):
            ok = False
            report.error(src.mark(key), "missed-pair",
                         f"'{who}' keeps {card_name(c)}, which is laid down on sight")
    return ok


def _pairing_hint(game: PairsGame) -> str:
    o = game.options
    rule = "the same rank" if o.pairing == "rank" else "the same rank and colour"
    odd = f"; the {card_name(o.odd_card)} never pairs" if o.odd_card else ""
    return f"in this game a pair is two cards of {rule}{odd}"


def _check_position(ctx: Context, replay: Replay) -> list[list[Card]] | None:
    game, seats, src, report = ctx.game, ctx.seats, ctx.src, ctx.report
    hands = parse_hands(ctx, ("position",))
    if hands is None or not check_in_play(ctx, [(("position",), hands)]):
        return None
    ok = True
    for seat, hand in hands.items():
        key = ("position", seats.names[seat])
        ok &= _check_first_pairs(ctx, hand, hand, seats.names[seat], key)
    held = [c for h in hands.values() for c in h]
    odd = game.options.odd_card
    if odd is not None and odd not in held:
        ok = False
        report.error(src.key_mark(("position",)), "deal-mismatch",
                     f"nobody holds the odd card {card_name(odd)}; it is never laid down")
    # Cards leave play two by two: of every group that pairs together, an even number must
    # be gone. A hidden card makes one group short by one.
    groups: dict[Hashable, list[Card]] = {}
    for c in game.cards:
        if c != odd and not game.lays_alone(c):
            groups.setdefault(game.key(c), []).append(c)
    held_set = set(held)
    uneven = [g for g in groups.values() if sum(c not in held_set for c in g) % 2]
    allowed = 1 if game.options.odd_mode is OddMode.HIDDEN else 0
    for group in uneven[allowed:] if len(uneven) > allowed else []:
        ok = False
        in_hand = [c for c in group if c in held_set]
        report.error(src.key_mark(("position",)), "deal-mismatch",
                     f"{cards_name(in_hand) or 'none of ' + cards_name(group)} in play: the other "
                     f"cards of {cards_name(group)} cannot all have been laid down in pairs",
                     hint="someone must still hold one of them" if not in_hand else None)
    if not ok:
        return None
    start = [list(hands[i]) for i in range(len(seats.names))]
    replay.start = {seats.names[i]: tuple(h) for i, h in enumerate(start)}
    return start


def _check_counts(ctx: Context, replay: Replay, dealt: dict[str, int], kept: dict[str, int] | None,
                  dealer: int) -> None:
    game, seats, src, report = ctx.game, ctx.seats, ctx.src, ctx.report
    in_deal = len(game.cards) - (1 if game.options.odd_mode is OddMode.HIDDEN else 0)
    sizes = game.deal_sizes(len(seats.names), dealer, in_deal)
    for name in seats.names:
        if name not in dealt:
            report.error(src.mark(("deal_counts",)), "missing-key", f"no count for '{name}'")
    for name, n in dealt.items():
        seat = seats.index(name, ("deal_counts", name), on_key=True)
        if seat is not None and n != sizes[seat]:
            report.error(src.mark(("deal_counts", name)), "deal-sizes",
                         f"'{name}' is dealt {n} cards; dealing {in_deal} cards one at a time "
                         f"from the dealer's left gives {sizes[seat]}")
    if sum(dealt.values()) != in_deal:
        report.error(src.mark(("deal_counts",)), "deal-mismatch",
                     f"the counts add up to {sum(dealt.values())} cards; the deck has {in_deal}")
    replay.deal_counts = dict(dealt)
    _check_first_claim(ctx, replay, [(kept or {}).get(n, 1) > 0 for n in seats.names], dealer)
    if kept is None:
        return
    replay.kept_counts = dict(kept)
    parity_holds = not game.options.lay_down_alone
    for name, n in kept.items():
        if seats.index(name, ("kept_counts", name), on_key=True) is None or name not in dealt:
            continue
        mark = src.mark(("kept_counts", name))
        if n > dealt[name] or n < 0:
            report.error(mark, "false-claim",
                         f"'{name}' keeps {n} cards of the {dealt[name]} dealt to them")
        elif parity_holds and (dealt[name] - n) % 2:
            report.error(mark, "false-claim",
                         f"'{name}' is dealt {dealt[name]} and keeps {n}: pairs leave the hand "
                         "two cards at a time, so the difference must be even")
    if parity_holds and sum(kept.values()) % 2 != in_deal % 2:
        report.error(src.mark(("kept_counts",)), "false-claim",
                     f"{sum(kept.values())} cards kept in all; with {in_deal} cards dealt and "
                     f"pairs laid down two at a time, an {'odd' if in_deal % 2 else 'even'} "
                     "number must remain")


def _check_first_claim(ctx: Context, replay: Replay, active: list[bool], dealer: int) -> None:
    """A counts-only script's ``first``: who draws first, given who still holds cards."""
    game, seats, src, report = ctx.game, ctx.seats, ctx.src, ctx.report
    expected = (seats.names[first_drawer(game.options, active, dealer=dealer)]
                if sum(active) > 1 else None)
    replay.first_drawer = expected
    claimed = src.get(("first",))
    if claimed is None:
        return
    if seats.index(str(claimed), ("first",)) is not None and expected is not None \
            and str(claimed) != expected:
        report.error(src.mark(("first",)), "wrong-player",
                     f"'{expected}' draws first here; the script says '{claimed}'",
                     hint=_turn_hint(game))


# -- the moves -----------------------------------------------------------------------------

def _replay_moves(ctx: Context, replay: Replay, state: PairsState) -> None:
    game, seats, src, report = ctx.game, ctx.seats, ctx.src, ctx.report
    names = seats.names
    for i, move in enumerate(ctx.spec.moves):
        key: Key = ("moves", i)
        if state.is_over():
            holder = [n for j, n in enumerate(names) if state.has_cards(j)]
            report.error(src.mark(key), "round-over",
                         f"move {i + 1}: the round is already over ({', '.join(holder)} "
                         "holds the last card)")
            return
        drawer, source = state.drawer, state.source()
        assert drawer is not None
        by = seats.index(move.by, key + ("by",))
        if move.by is not None and by is not None and by != drawer:
            report.error(src.mark(key + ("by",)), "wrong-player",
                         f"move {i + 1}: '{names[drawer]}' draws now; the script has "
                         f"'{move.by}'", hint=_turn_hint(game))
        frm = seats.index(move.from_, key + ("from",))
        if move.from_ is not None and frm is not None and frm != source:
            report.error(src.mark(key + ("from",)), "wrong-source",
                         f"move {i + 1}: '{names[drawer]}' draws from '{names[source]}'; "
                         f"the script says from '{move.from_}'", hint=_turn_hint(game))
        card = parse_card_at(src, key + ("draw",), report)
        if card is None:
            return
        if card not in state.hand(source):
            report.error(src.mark(key + ("draw",)), "card-not-held",
                         f"move {i + 1}: {card_name(card)} is not in '{names[source]}''s hand "
                         f"({cards_name(state.hand(source)) or 'no cards'})")
            report.warning(src.mark(key), "replay-stopped",
                           f"replay stopped at move {i + 1}; later moves were not checked")
            return
        before = _hands_text(state, names)
        record = state.apply(Draw(drawer, source, card))
        after = _hands_text(state, names)
        out = tuple(names[s] for s in record.out)
        replay.steps.append(ReplayStep(names[drawer], names[source], card, record.pair, out,
                                       before, after))
        _check_pair_claim(ctx, record.pair, key, i)
        check_hands_after(ctx, move.hands, after, key, i, move="this draw")
        if move.out is not None:
            if set(move.out) != set(out):
                report.error(src.mark(key + ("out",)), "false-claim",
                             f"move {i + 1}: {quoted(out) or 'nobody'} runs out of cards here; "
                             f"the script says {quoted(move.out) or 'nobody'}")
        elif out:
            report.warning(src.mark(key), "unstated-out",
                           f"move {i + 1}: {quoted(out)} runs out of cards; "
                           f"the script does not say so", hint=f"add out: [{', '.join(out)}]")
    replay.complete = state.is_over()
    if state.is_over():
        result = state.result()
        replay.loser = names[next(iter(result.losers))] if len(result.losers) == 1 else None
        replay.winners = tuple(names[s] for s in sorted(result.winners))
    _check_result(ctx, replay, state)


def _check_pair_claim(ctx: Context, pair: tuple[Card, Card] | None, key: Key, i: int) -> None:
    game, src, report = ctx.game, ctx.src, ctx.report
    raw = src.get(key + ("pair",))
    if raw is None:
        if pair is not None:
            report.error(src.mark(key), "missed-pair",
                         f"move {i + 1}: the drawn {card_name(pair[0])} pairs with "
                         f"{card_name(pair[1])}; the script does not lay the pair down",
                         hint=f"add pair: {cards_name(pair)}")
        return
    claimed = parse_cards_at(src, key + ("pair",), report)
    if claimed is None:
        return
    if pair is None or set(claimed) != set(pair):
        if len(claimed) == 2 and not game.is_pair(*claimed):
            why = f"{cards_name(claimed)} is not a pair; {_pairing_hint(game)}"
        else:
            why = f"the script lays down {cards_name(claimed)}"
        really = f"the draw makes the pair {cards_name(pair)}" if pair else "the draw makes no pair"
        report.error(src.mark(key + ("pair",)), "not-a-pair", f"move {i + 1}: {why}; {really}")



def _check_result(ctx: Context, replay: Replay, state: PairsState) -> None:
    game, seats, src, report = ctx.game, ctx.seats, ctx.src, ctx.report
    result = src.get(("result",))
    if result is None:
        return
    if not state.is_over():
        holding = [n for j, n in enumerate(seats.names) if state.has_cards(j)]
        report.error(src.mark(("result",)), "false-claim",
                     f"the round is not over after the last move: {quoted(holding)} still "
                     "hold cards", hint="add the remaining moves or remove 'result'")
        return
    spec = src.get(("result",)) or {}
    loser = spec.get("loser")
    if loser is not None and seats.index(str(loser), ("result", "loser")) is not None:
        if str(loser) != replay.loser:
            really = f"'{replay.loser}' loses" if replay.loser else "no single player loses"
            report.error(src.mark(("result", "loser")), "wrong-result",
                         f"{really}; the script says '{loser}'")
    winners = spec.get("winners")
    if winners is not None:
        claimed = {str(w) for w in winners}
        if claimed != set(replay.winners):
            rule = ("the first player out wins" if game.options.winners is Winners.FIRST_OUT
                    else "everyone but the loser wins")
            report.error(src.mark(("result", "winners")), "wrong-result",
                         f"the winners are {quoted(replay.winners)}; the script says "
                         f"{quoted(sorted(claimed))}", hint=f"in this game {rule}")

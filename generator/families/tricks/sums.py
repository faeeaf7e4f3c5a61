"""What a trick game's cards and options add up to, and why they may not make a playable
hand: the counts (cards that do not deal out, a pass that empties the hand, a card the rules
name that is not in play), the scoring table's total and every sum a hand's scores can have.
Functions of the cards in play and the options, for ``TricksGame``'s methods of the same
names."""

from __future__ import annotations

from typing import Sequence

from ...core.cards import Card, Rank, Suit, card_name, cards_name
from .options import FirstLead, PassTo, Sides, TricksOptions
from .scoring import Scoring
from .trumps import Power

TWO_OF_CLUBS = Card(Rank.TWO, Suit.CLUBS)


def opening_card(cards: Sequence[Card], o: TricksOptions, power: Power) -> Card | None:
    """The card whose holder must lead it to the first trick: the 2♣ (``two-of-clubs``),
    the lowest club in play by the game's ranking (``lowest-club``: the 3♣ when the 2♣ is
    taken out), or None when a neighbour of the dealer leads any card."""
    if o.first_lead is FirstLead.TWO_OF_CLUBS:
        return TWO_OF_CLUBS
    if o.first_lead is FirstLead.LOWEST_CLUB:
        clubs = [c for c in cards if c.suit is Suit.CLUBS and c.rank is not None]
        return min(clubs, key=lambda c: power[c.rank], default=None)  # type: ignore[index]
    return None


def problems(cards: Sequence[Card], o: TricksOptions) -> list[str]:
    out = []
    size = o.dealing.size_for(1, len(cards), o.players)
    if o.dealing.size is None and not o.dealing.by_hand and len(cards) % o.players:
        out.append(f"{len(cards)} cards do not deal out evenly to {o.players} players")
    most = max(o.dealing.by_hand or (size,))
    if most * o.players > len(cards):
        out.append(f"{most} cards each for {o.players} players need {most * o.players} "
                   f"cards; {len(cards)} are in play")
    fewest = min(o.dealing.by_hand or (size,))
    if o.passing.count >= fewest > 0 and o.passing.schedule:
        out.append(f"passing {o.passing.count} cards leaves nothing of a {fewest}-card hand")
    if PassTo.ACROSS in o.passing.schedule and o.players % 2:
        out.append(f"nobody sits across with {o.players} players; the schedule passes across")
    if o.first_lead is FirstLead.TWO_OF_CLUBS and TWO_OF_CLUBS not in cards:
        out.append("the 2♣ leads the first trick, but it is not in play")
    if o.first_lead is FirstLead.LOWEST_CLUB and not any(c.suit is Suit.CLUBS for c in cards):
        out.append("the lowest club leads the first trick, but no club is in play")
    valued = [c for c, _ in o.scoring.table + o.scoring.special]
    gone = [c for c in valued if c not in cards]
    if gone:
        out.append(f"the scoring table values {cards_name(gone)}, which are not in play")
    return out


def table_total(cards: Sequence[Card], scoring: Scoring) -> int:
    return sum(v for c, v in scoring.table if c in cards)


def hand_sums(cards: Sequence[Card], o: TricksOptions) -> frozenset[int] | None:
    if o.sides is Sides.PARTNERS or o.dealing.by_hand or o.dealing.size is not None \
            or o.ends_with:
        # a side's score counts once for each partner; hands of changing sizes, or that
        # may end before every card is taken
        return None
    special = sum(v for c, v in o.scoring.special if c in cards)
    return o.scoring.hand_sums(players=o.players, tricks=len(cards) // o.players,
                               table=table_total(cards, o.scoring), special=special)


def explain_sums(cards: Sequence[Card], o: TricksOptions) -> str:
    s, size = o.scoring, len(cards) // o.players
    parts = [f"the cards of the table: {table_total(cards, s)}"]
    if s.per_trick:
        parts.append(f"{size} tricks × {s.per_trick}: {size * s.per_trick}")
    special = [(c, v) for c, v in s.special if c in cards]
    if special:
        parts.append("special cards: " + ", ".join(f"{card_name(c)} {v}" for c, v in special))
    if s.slam is not None:
        others = (f" + {o.players - 1} × {s.slam.others}" if s.slam.others is not None
                  else " (the others score as usual)")
        parts.append(f"when one player takes everything: {s.slam.taker}{others}")
    if s.trick_bonus:
        parts.append("the tricks by position: " + ", ".join(str(b.value) for b in s.trick_bonus))
    return "; ".join(parts)

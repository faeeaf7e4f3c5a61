"""What the narration reader read, as data: each claim of a narration text it read (its kind,
the players, card and figure it names, where in the text, and whether the replay bears it
out) and the sentences it could not read. The families' narration checks make these records
as they check (families/reading.py), so that `rulebook check --explain`, its JSON, the
`unread-narration` warning, the serve overlay and the pages' "N claims checked" all come from
the one reading the check made, never from reading the text again.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from .cards import Card, card_name


class ClaimKind(enum.StrEnum):
    """What a clause of a narration says happened, as the reader reads it."""

    PLAYS = "plays"  # a player plays (leads, follows, discards, lays down) a card
    DRAWS = "draws"  # a player draws a card (from the stock, from another player)
    DRAWN_FROM = "drawn-from"  # the player a card is drawn from
    TAKES = "takes"  # a player takes the trick
    TAKING_CARD = "taking-card"  # a card takes the trick
    IN_TRICK = "in-trick"  # a card a clause says is played goes to the step's trick
    OWNS = "owns"  # a card is a player's ("Anna's 6♠")
    TRUMPS = "trumps"  # a player trumps
    POINTS = "trick-points"  # the points a trick holds
    SCORE = "score"  # a player's points, score or total
    BID = "bid"  # a player bids a number of tricks
    MAKES_BID = "makes-bid"  # a player makes (or misses) the bid
    WINS = "winner"  # who wins
    LOSES = "loser"  # who loses
    TAKES_PART = "takes-part"  # a player named in a move's step takes part in it
    CARD = "card"  # a card named is in play at this step (in glyphs or in words)
    TURNED = "turned"  # the card turned up at the deal (the trump card, the pile's first)
    SLAM = "slam"  # a player takes everything in a score sheet's hand
    TRICKS = "tricks"  # the number of tricks a player has taken
    TAKEN = "taken"  # a card is among those a player has taken in tricks
    DEALS = "deals"  # a player deals (turns up the card)
    DEALT = "dealt"  # the number of cards a player is dealt (or the whole deal)
    FIRST_DEALT = "first-dealt"  # a player is dealt the first card (the dealer's next)
    RECEIVES = "receives"  # the player a pass goes to
    WORTH = "worth"  # what a card is worth in the game's table of points


# The kinds that only say a name or a card belongs in the step: they check the text, but a
# sentence whose names and cards only they read has said nothing the replay could contradict
# of who did what, so its mentions still count as unread.
WEAK_KINDS = frozenset({ClaimKind.CARD, ClaimKind.TAKES_PART})


@dataclass(frozen=True, slots=True)
class Claim:
    """One claim read in a narration text, with where it stands in the text."""

    kind: ClaimKind
    at: int  # offset in the text of the first thing it reads
    covers: tuple[int, ...] = ()  # offsets of the names, cards and numbers it reads
    seats: tuple[str, ...] = ()
    card: Card | None = None
    value: int | None = None
    ok: bool = True  # the replay bears it out

    def describe(self) -> str:
        """The claim in words: ``'Anna' plays 7♦``, ``trick 3 holds 2 points``."""
        who = " and ".join(f"'{s}'" for s in self.seats)
        card = card_name(self.card) if self.card is not None else ""
        value = "" if self.value is None else str(self.value)
        k = ClaimKind
        text = {
            k.PLAYS: f"{who} plays {card}", k.DRAWS: f"{who} draws {card}".rstrip(),
            k.DRAWN_FROM: f"drawn from {who}", k.TAKES: f"{who} takes the trick",
            k.TAKING_CARD: f"{card} takes the trick", k.IN_TRICK: f"{card} is played to the trick",
            k.OWNS: f"{card} belongs to {who}",
            k.TRUMPS: f"{who} trumps", k.POINTS: f"the trick holds {value} points",
            k.SCORE: f"{who} gets {value}", k.BID: f"{who} bids {value}",
            k.MAKES_BID: f"{who} {'makes' if self.value else 'misses'} the bid",
            k.WINS: f"{who} wins", k.LOSES: f"{who} loses",
            k.TAKES_PART: f"{who} takes part in the move", k.CARD: f"{card} is in play",
            k.TURNED: f"{card} is turned up", k.DEALT: f"{who} is dealt {value} cards",
            k.DEALS: f"{who} deals", k.FIRST_DEALT: f"{who} is dealt the first card",
            k.RECEIVES: f"the cards are passed to {who}", k.WORTH: f"{card} is worth {value}",
            k.TAKEN: f"{who} has taken {card}",
            k.TRICKS: f"{who} has taken {value} tricks", k.SLAM: f"{who} takes everything",
        }[self.kind]
        return text

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"kind": str(self.kind), "offset": self.at,
                                  "says": self.describe(), "ok": self.ok}
        if self.seats:
            out["players"] = list(self.seats)
        if self.card is not None:
            out["card"] = card_name(self.card)
        if self.value is not None:
            out["value"] = self.value
        return out


@dataclass(frozen=True, slots=True)
class Unread:
    """A sentence that names a card, a player or a number the reader attached to no claim."""

    at: int  # offset in the text of the first thing it could not attach
    line: int
    col: int
    sentence: str
    holds: tuple[str, ...]  # what it could not attach: "the card J♠", "the name 'Carla'"

    def as_dict(self) -> dict[str, object]:
        return {"offset": self.at, "line": self.line, "col": self.col,
                "sentence": self.sentence, "holds": list(self.holds)}


@dataclass(slots=True)
class TextReading:
    """What was read in one narration text: an example's step, intro, start or result in one
    language."""

    path: str
    line: int
    col: int
    game: str
    example: str
    lang: str
    part: str  # "step 3", "intro", "start", "result"
    text: str
    claims: list[Claim] = field(default_factory=list)
    unread: list[Unread] = field(default_factory=list)
    marked: int = 0  # sentences marked as no claim

    @property
    def read(self) -> list[Claim]:
        """The claims that say who did what (not only that a card or a player is in play)."""
        return [c for c in self.claims if c.kind not in WEAK_KINDS]

    def as_dict(self) -> dict[str, object]:
        return {"path": self.path, "line": self.line, "col": self.col, "game": self.game,
                "example": self.example, "lang": self.lang, "step": self.part,
                "text": self.text, "claims": [c.as_dict() for c in self.claims],
                "unread": [u.as_dict() for u in self.unread], "marked": self.marked}

    def format(self) -> str:
        """For a terminal, like a compiler's -v: the text's place, each claim read with its
        verdict (the cards found in play on one line), each sentence not read."""
        lines = [f"{self.path}:{self.line}:{self.col}: {self.example}, {self.part} ({self.lang})"]
        in_play = [card_name(c.card) for c in self.claims
                   if c.kind is ClaimKind.CARD and c.ok and c.card is not None]
        for c in self.claims:
            if c.kind is ClaimKind.CARD and c.ok:
                continue
            lines.append(f"  {'ok ' if c.ok else 'ERR'} {c.kind:<13} {c.describe()}")
        if in_play:
            lines.append(f"  ok  {'cards':<13} in play: {' '.join(dict.fromkeys(in_play))}")
        for u in self.unread:
            lines.append(f"  ??? {'not read':<13} {u.line}:{u.col} \"{u.sentence}\": "
                         f"{', '.join(u.holds)}")
        if self.marked:
            lines.append(f"  --  {'marked':<13} {self.marked} sentence(s) marked as no claim")
        if len(lines) == 1:
            lines.append("  (no claim, no card, no sentence to read)")
        return "\n".join(lines)

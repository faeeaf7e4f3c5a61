"""The one "did you mean" helper: the nearest known name to a misspelt one, as a hint."""

from __future__ import annotations

import difflib
from typing import Iterable


def nearest(word: str, known: Iterable[str], *, cutoff: float = 0.6) -> str | None:
    """The known name closest to ``word``, if any is close enough (difflib's ratio)."""
    near = difflib.get_close_matches(word, list(known), n=1, cutoff=cutoff)
    return near[0] if near else None


def did_you_mean(word: str, known: Iterable[str], *, cutoff: float = 0.6,
                 shown: str = "'{}'") -> str | None:
    """``did you mean 'Bruno'?`` for the nearest known name; ``shown`` formats it."""
    return suggest(nearest(word, known, cutoff=cutoff), shown=shown)


def suggest(near: str | None, *, shown: str = "'{}'") -> str | None:
    """The hint for a suggestion found elsewhere (a card's nearest spelling)."""
    return f"did you mean {shown.format(near)}?" if near is not None else None

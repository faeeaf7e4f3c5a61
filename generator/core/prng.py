"""One small seeded random-number generator, written the same way in Python and in the
browser's engine (templates/static/play/engine.js), so that a seed deals the same cards and
makes the same random choices in both.

Mulberry32 on 32-bit integers; ``below(n)`` by rejection sampling (no modulo bias) and a
Fisher–Yates shuffle from the last position down. The simulation keeps Python's
``random.Random`` for its own figures; this generator is for play and its tests.
"""

from __future__ import annotations

from typing import MutableSequence, TypeVar

T = TypeVar("T")
MASK = 0xFFFFFFFF
GOLDEN = 0x9E3779B9  # mixes a seat number into a seed: stream(seed, k)


def _imul(a: int, b: int) -> int:
    """JavaScript's Math.imul on unsigned values: the low 32 bits of the product."""
    return (a * b) & MASK


class Mulberry32:
    """``Mulberry32(seed)``: the same seed gives the same numbers here and in engine.js."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK

    def next_u32(self) -> int:
        self.state = (self.state + 0x6D2B79F5) & MASK
        t = self.state
        t = _imul(t ^ (t >> 15), t | 1)
        t ^= (t + _imul(t ^ (t >> 7), t | 61)) & MASK
        return (t ^ (t >> 14)) & MASK

    def below(self, n: int) -> int:
        """A whole number in 0..n-1, each equally likely."""
        if not 0 < n <= MASK + 1:
            raise ValueError(f"below(n) needs 1 <= n <= 2**32; found {n}")
        limit = (MASK + 1) - (MASK + 1) % n
        while True:
            x = self.next_u32()
            if x < limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates, in place: position i (from the last) swaps with below(i + 1)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def stream(seed: int, k: int) -> Mulberry32:
    """The ``k``-th independent stream of a seed (a bot's own choices: k = its seat + 1)."""
    return Mulberry32((seed ^ _imul(GOLDEN, k)) & MASK)

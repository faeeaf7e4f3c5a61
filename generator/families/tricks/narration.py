"""The narration of a trick-taking example in each language: one text per trick (or per
hand of a score sheet), naming only cards still in play at that step."""

from __future__ import annotations

from ...core.cards import Card
from ...core.cardwords import find_card_mentions
from ...model.source import Key, Source
from ..shared import narrations
from .record import Replay
from .start import Context


def check_narration(ctx: Context, replay: Replay) -> None:
    """Each language's narration: one text per step (a trick, or a hand of a score sheet),
    naming only cards that are still in play at that step."""
    spec, game = ctx.spec, ctx.game
    sheet = spec.sheet is not None
    steps = len(spec.sheet or []) if sheet else len(spec.tricks)
    unit = "hand" if sheet else "trick"
    in_play = set(game.cards)
    for lang, src, base, texts, narration in narrations(ctx, steps=steps, unit=unit):
        for i, words in enumerate(texts):
            if sheet or i >= len(replay.tricks):
                allowed, why = in_play, "is not in play in this game"
            else:
                trick = replay.tricks[i]
                allowed = {c for h in trick.hands_before.values() for c in h}
                why = f"nobody holds any more at trick {trick.number}"
            _check_cards(ctx, src, base + ("steps", i), words, lang, allowed=allowed,
                         where=f"{lang}: step {i + 1}", why=why)
        for part, text in (("intro", narration.intro), ("start", narration.start),
                           ("result", narration.result)):
            if text:
                _check_cards(ctx, src, base + (part,), text, lang, allowed=in_play,
                             where=f"{lang}: the {part}", why="is not in play in this game")


def _check_cards(ctx: Context, src: Source, key: Key, words: str, lang: str, *,
                 allowed: set[Card], where: str, why: str) -> None:
    """Every card ``words`` names, in glyphs or in ``lang``'s words, must be ``allowed``;
    ``src`` is the language file's."""
    in_play = set(ctx.game.cards)
    for m in find_card_mentions(words, lang):
        if m.card not in allowed:
            reason = why if m.card in in_play else "is not in play in this game"
            ctx.report.error(src.text_mark(key, m.offset), "narration-card",
                             f"{where} mentions {m.label}, which {reason}")

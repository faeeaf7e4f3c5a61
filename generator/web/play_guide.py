"""The play page's guide and its links to the rules: the game page's first example round that
the play table can play (families/guide.py), with its narration in the page's language, and
for each refusal of a move the section of the game page that states the rule broken.

The guide goes with the page's JSON (``PlayData.guide``); templates/static/play/guide.js
plays it: the reader at the example's first seat, the others following the script, each
step's narration shown as on the game page (docs/play.md, "The guide").
"""

from __future__ import annotations

from typing import TypedDict

from ..core import seatnames
from ..core.languages import Gender, Messages
from ..families.guide import GuideError, ScriptedRound, scripted_round
from ..families.moves import Json
from ..families.play import counts
from ..families.view import ExampleView
from ..model.game import GameBundle
from ..model.schema import Sections
from .page_renderer import PageRenderer


class GuideData(TypedDict):
    """The example round the guide plays (families/guide.py: ScriptedRound), as this
    language tells it."""

    example: str  # its name: the game page's #example-<name>, the play page's ?example=
    title: str
    href: str  # the example on the game page
    config: int  # the play page's configuration (variant, players) it is played in
    deal: Json  # for newRound(options, seed, deal)
    dealer_named: bool  # whether the example says who dealt (a position may not: no badge)
    moves: list[Json]
    start: int  # the moves before the first step (passes, bids)
    steps: list[int]  # step i ends after steps[i] moves
    names: list[str]  # the seats as this language writes them (the reader's is the first)
    genders: list[str]  # "f" or "m", a seat each
    roles: dict[str, list[str]]  # each role's form of every seat's name (core/seatnames.py)
    intro: str  # HTML, as the game page shows it: the example's introduction
    begin: str  # HTML: what happens before the first step (the pass), or ""
    narration: list[str]  # HTML, a step each
    result: str  # HTML


# Where the game page states the rule a refused move breaks: its sections' ids (game_page.py
# PAGE_ORDER), the first of them the page has. Every family's faults are here (moves.py's
# PlayError codes of the play tables); tests/test_play_guide.py checks that each target exists.
RULE_SECTIONS: dict[str, tuple[str, ...]] = {
    # the trick games
    "revoke": ("gameplay", "steps"),
    "illegal-lead": ("gameplay", "special", "steps"),
    "illegal-discard": ("gameplay", "special", "steps"),
    "must-trump": ("gameplay", "special", "steps"),
    "must-over-trump": ("gameplay", "special", "steps"),
    "bad-bid": ("gameplay", "setup", "steps"),
    "bad-pass": ("setup", "gameplay", "steps"),
    # the pairing games (a draw from the wrong neighbour)
    "wrong-source": ("gameplay", "steps"),
    # the shedding games
    "illegal-card": ("gameplay", "steps"),
    "several-cards": ("gameplay", "special", "steps"),
    "wrong-suit": ("special", "gameplay", "steps"),
    "suit-not-named": ("special", "gameplay", "steps"),
    "suit-not-wild": ("special", "gameplay", "steps"),
    "draw-not-taken": ("special", "gameplay", "steps"),
    "stop-not-taken": ("special", "gameplay", "steps"),
    "pass-before-draw": ("gameplay", "steps"),
    "draw-not-allowed": ("gameplay", "steps"),
    "false-announcement": ("special", "gameplay", "steps"),
}


def rule_links(sections: Sections, has_steps: bool, game_href: str) -> dict[str, str]:
    """For each refusal, the address of its rule on the game page (a section it has)."""
    present = {key for key in ("setup", "gameplay", "special") if getattr(sections, key)}
    if has_steps:
        present.add("steps")
    links = {}
    for code, keys in RULE_SECTIONS.items():
        key = next((k for k in keys if k in present), None)
        if key is not None:
            links[code] = f"{game_href}#{key}"
    return links


def first_playable(r: PageRenderer, bundle: GameBundle, lang: str
                   ) -> ScriptedRound | None:
    """The first example of the game page (in its order, narrated in ``lang``, never a
    draft) that the play table plays as its script writes it; None when there is none."""
    text = bundle.languages[lang].spec
    for name, example in bundle.examples.items():
        if example.spec.draft or name not in text.examples \
                or (bundle.rules.id, name) not in r.replays:
            continue
        try:
            played = scripted_round(bundle, name, r.play_options)
        except GuideError:
            continue  # a round cut short, a stock shuffled again: the next example
        if played.players in counts(bundle, played.variant):  # a table the page offers
            return played
    return None


def guide_data(r: PageRenderer, bundle: GameBundle, *, lang: str, msgs: Messages,
               configs: list[tuple[str | None, int]], game_href: str) -> GuideData | None:
    """The guide of the play page in ``lang``; ``configs`` are the page's (variant, players)."""
    played = first_playable(r, bundle, lang)
    if played is None or (played.variant, played.players) not in configs:
        return None
    text = bundle.languages[lang].spec.examples[played.example]
    view = ExampleView(played.example, bundle, lang, text, msgs)
    script = bundle.examples[played.example].spec
    seats = list(script.seats)
    names = [view.seat(s) for s in seats]
    genders: list[Gender] = [script.genders.get(s, "m") for s in seats]
    steps = [str(view.step(i) or "") for i in range(len(played.steps))]
    return {"example": played.example, "title": view.fill(text.title),
            "href": f"{game_href}#example-{played.example}",
            "config": configs.index((played.variant, played.players)),
            "deal": played.deal, "dealer_named": getattr(script, "dealer", None) is not None,
            "moves": played.moves, "start": played.start,
            "steps": played.steps, "names": names, "genders": list(genders),
            "roles": seatnames.names_in_roles(lang, names, genders),
            "intro": str(view.md(text.intro)), "begin": str(view.md(text.start)),
            "narration": steps, "result": str(view.md(text.result))}

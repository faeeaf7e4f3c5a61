"""Every generated sentence of the play page, the stepper, the results and the numbers pages,
rendered in one language as the code fills it: a woman (Carla) and a man (Bruno) in each slot
that names a player (a gendered message in its own gender only), a name in the case its role
takes (core/seatnames.py), the words before a slot agreeing with it (core/euphony.py), and
each count at n = 1, 2, 5, 11, 21, 101. tests/test_generated_words.py compares the rendering
with the texts written out in tests/fixtures/generated_words/<lang>.tsv.

The messages are the UI catalog's (templates/locale/messages.pot) whose source is one of
SOURCES; the key of each text is the English rendering of the same message with the same
values, so a table reads as English beside the language.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from babel.lists import format_list
from babel.messages.pofile import read_po

from generator.core import euphony, seatnames
from generator.core.languages import Gender, Messages, load_messages
from generator.web.numbers_text import capitalised

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "templates"
TABLES = Path(__file__).resolve().parent / "fixtures" / "generated_words"
LANGS = ("en", "it", "de", "ru", "ro", "ar")
COUNTS = (1, 2, 5, 11, 21, 101)
# where the generated sentences come from: the play page, the stepper and results of each
# family, the numbers pages
SOURCES = re.compile(r"^(generator/web/play_page\.py|generator/families/.*(page|numbers|view)\.py"
                     r"|generator/web/numbers[a-z_]*\.py|templates/partials/example_[a-z_]+\.html\.j2)$")
SLOT = re.compile(r"%\((\w+)\)s")
# slots that name players: filled with a woman's and a man's name in turn
NAMED = {"name", "player", "drawer", "source", "giver", "owner", "names", "losers", "first",
         "second"}
# slots that name seats of the numbers pages ("the dealer", "seat +2")
SEATS = {"seats", "other"}
# slots that count: filled with each of COUNTS
COUNTED = {"num", "draws", "tricks", "bid", "won", "duration", "min", "max"}
FIXED = {"total": "13", "each": "2", "book": "6", "taker": "+26", "others": "0", "card": "Q♠",
         "cards": "Q♠ Q♥", "mine": "J♠", "suit": "♠", "share": "25 %", "low": "20 %",
         "high": "30 %", "mean": "4.5", "sd": "1.2", "game": "Hearts", "step": "3",
         "call": "Peppa!"}


@dataclass(frozen=True)
class Entry:
    context: str | None
    singular: str
    plural: str | None


def entries() -> list[Entry]:
    """The catalog's messages whose source is a generated sentence's (SOURCES)."""
    with (TEMPLATES / "locale" / "messages.pot").open("rb") as f:
        catalog = read_po(f)
    out = []
    for message in catalog:
        if not message.id or not any(SOURCES.match(path) for path, _ in message.locations):
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id, None)
        out.append(Entry(message.context, ids[0], ids[1]))
    return out


def _gender(context: str | None) -> Gender | None:
    return {"feminine": "f", "masculine": "m"}.get(context or "")


def _values(msgs: Messages, slots: set[str], gender: Gender, n: int) -> dict[str, object]:
    """Each slot's value: the names of ``gender`` (Carla, or Bruno; a list of n names for a
    list), the one drawn from or whose cards these are the other (Bruno, or Carla), the seats
    of the numbers pages as they name them, the counts ``n``, the rest FIXED."""
    lang = msgs.lang
    bots = seatnames.bots(lang)
    one, another = (bots[1], bots[0]) if gender == "f" else (bots[0], bots[1])  # Carla, Bruno
    # a list of players, all of one gender (Carla and Elena; Bruno and Dario)
    group = [s for s in bots if s.gender == gender][:max(1, min(n, 2))]
    names = euphony.join(lang, [s.name for s in group])
    values: dict[str, object] = {k: v for k, v in FIXED.items() if k in slots}
    for slot in slots & COUNTED:
        values[slot] = str(n)
    for slot in slots & NAMED:
        if slot in ("names", "seats", "losers"):
            values[slot] = names
        elif slot == "second":  # the other side of a partnership: the other player
            values[slot] = another.name
        elif slot in ("giver", "owner"):
            values[slot] = seatnames.in_role(lang, another.name, another.gender, slot)
        else:
            values[slot] = one.name
    seat = [msgs.gettext("the dealer"), msgs.gettext("seat %(num)s") % {"num": "+2"}]
    if "seats" in slots:
        values["seats"] = format_list(seat[:max(1, min(n, 2))], locale=lang)
    if "other" in slots:
        values["other"] = msgs.gettext("seat %(num)s") % {"num": "+1"}
    if "list" in slots:
        values["list"] = euphony.join(lang, [f"{bots[0].name} 3", f"{bots[1].name} 5"])
    if "parts" in slots:
        values["parts"] = "…"
    for slot in slots - set(values):
        values[slot] = f"<{slot}>"
    return values


def variants(entry: Entry) -> Iterator[tuple[Gender, int]]:
    """The genders and counts an entry is rendered with."""
    slots = set(SLOT.findall(entry.singular + (entry.plural or "")))
    fixed = _gender(entry.context)
    genders: tuple[Gender, ...] = (fixed,) if fixed else ("f", "m") if slots & NAMED else ("f",)
    listed = slots & {"names", "seats", "losers"}
    counts = (1, 2) if listed and not slots & COUNTED else COUNTS if (
        entry.plural or slots & COUNTED) else (1,)
    for gender in genders:
        for n in counts:
            yield gender, n


def render(msgs: Messages, entry: Entry, gender: Gender, n: int) -> str:
    slots = set(SLOT.findall(entry.singular + (entry.plural or "")))
    if entry.plural is not None:
        text = (msgs.npgettext(entry.context, entry.singular, entry.plural, n) if entry.context
                else msgs.ngettext(entry.singular, entry.plural, n))
    else:
        text = msgs.pgettext(entry.context, entry.singular) if entry.context \
            else msgs.gettext(entry.singular)
    out = euphony.fill(msgs.lang, text, _values(msgs, slots, gender, n)).replace("%%", "%")
    # a sentence that opens with seats is capitalised where it is shown (numbers_text.py)
    return capitalised(out) if text.startswith("%(seats)s") else out


def rendered(lang: str) -> dict[str, str]:
    """Each generated sentence in ``lang``, by its key: the English rendering (with the
    context, the gender and the count when they tell two apart)."""
    en, msgs = load_messages(TEMPLATES, "en"), load_messages(TEMPLATES, lang)
    out: dict[str, str] = {}
    for entry in entries():
        for gender, n in variants(entry):
            key = render(en, entry, gender, n)
            if entry.context:
                key = f"[{entry.context}] {key}"
            if key in out and out[key] != render(msgs, entry, gender, n):
                key = f"{key} [{gender}{n}]"
            out[key] = render(msgs, entry, gender, n)
    return out


def read_table(lang: str) -> dict[str, str]:
    """tests/fixtures/generated_words/<lang>.tsv: English rendering, a tab, the text."""
    out = {}
    for line in (TABLES / f"{lang}.tsv").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            key, _, text = line.partition("\t")
            out[key] = text
    return out


def write_table(lang: str, texts: dict[str, str]) -> str:
    return "".join(f"{key}\t{text}\n" for key, text in texts.items())

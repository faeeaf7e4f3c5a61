"""Words that change with the word after a slot: Italian's euphonic d.

Italian writes "a" and "e" as "ad" and "ed" before a word that begins with the same vowel
(«ad Anna», «Bruno ed Elena»; «a Elena», «e Anna» stay as they are). A catalog's sentence
cannot know which name its slot will hold («sono andati a %(name)s»), so the rule is data
here, read off the first letter of what fills the slot, and applied wherever a generated
sentence is filled: :func:`fill` in Python, the same rule in play.js (``data.euphony``).
"""

from __future__ import annotations

import re
from typing import Mapping, Sequence

from babel.lists import format_list
from markupsafe import Markup

# By language: a word before a slot, and the form it takes before the same vowel.
EUPHONIC: dict[str, dict[str, str]] = {"it": {"a": "ad", "e": "ed"}}

_SLOT = re.compile(r"(?<![^\s(«\"])(\w+) (?=%\((\w+)\)s)")
_TAG = re.compile(r"^(?:<[^>]*>)+")


def first_letter(value: object) -> str:
    """The first letter a reader sees of a slot's value (its markup left out), lower case."""
    text = _TAG.sub("", str(value)).lstrip()
    return text[:1].lower()


def euphonic(lang: str, word: str, following: object) -> str:
    """``word`` as ``lang`` writes it before ``following``: it «a» before «Anna» is «ad»."""
    forms = EUPHONIC.get(lang, {})
    form = forms.get(word)
    if form is None or first_letter(following) != word[-1]:
        return word
    return form


def prepared(lang: str, template: str, values: Mapping[str, object]) -> str:
    """``template`` with each word before a slot in the form the slot's value asks for; the
    slots themselves left to fill (a Markup template stays Markup)."""
    if lang not in EUPHONIC:
        return template

    def one(m: re.Match[str]) -> str:
        slot = m.group(2)
        if slot not in values:
            return m.group(0)
        return euphonic(lang, m.group(1), values[slot]) + " "

    out = _SLOT.sub(one, str(template))
    return Markup(out) if isinstance(template, Markup) else out


def fill(lang: str, template: str, values: Mapping[str, object]) -> str:
    """``template % values``, the words before the slots agreeing with what fills them."""
    return prepared(lang, template, values) % values


def join(lang: str, items: Sequence[str]) -> str:
    """Items joined as ``lang`` lists them ("Anna, Bruno e Carla"), the last joining word
    agreeing with the last item («Bruno ed Elena»)."""
    if not items:
        return ""
    out = format_list(list(items), locale=lang)
    forms = EUPHONIC.get(lang, {})
    last = items[-1]
    for word, form in forms.items():
        tail = f" {word} {last}"
        if len(items) > 1 and out.endswith(tail) and first_letter(last) == word[-1]:
            return out[: -len(tail)] + f" {form} {last}"
    return out


__all__ = ["EUPHONIC", "euphonic", "fill", "first_letter", "join", "prepared"]

"""``{name}`` placeholders in prose: filled from game.yaml, so no language can disagree with
the rules; and the check that every placeholder a text uses exists and has a value."""

from __future__ import annotations

import re
from typing import Any, Iterator

from ..core.diagnostics import Report
from ..core.hints import nearest
from .source import Key, Source

PLACEHOLDER_RE = re.compile(r"(?<!\{)\{([^{}\n]*)\}(?!\})")


def fill_placeholders(text: str, values: dict[str, str]) -> str:
    """Replace known ``{name}`` placeholders; ``{{`` and ``}}`` stand for literal braces."""
    out = PLACEHOLDER_RE.sub(lambda m: values.get(m.group(1).strip(), m.group(0)), text)
    return out.replace("{{", "{").replace("}}", "}")


def strings_in(value: Any, key: Key = ()) -> Iterator[tuple[Key, str]]:
    """Every string in a loaded YAML value, with its key."""
    if isinstance(value, str):
        yield key, value
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from strings_in(item, key + (i,))
    elif isinstance(value, dict):
        for k, item in value.items():
            yield from strings_in(item, key + (k,))


def check_placeholders(src: Source, values: dict[str, str], report: Report) -> None:
    for key, text in strings_in(src.data):
        for m in PLACEHOLDER_RE.finditer(text):
            name = m.group(1).strip()
            if name in values and not values[name]:
                report.error(src.text_mark(key, m.start()), "empty-placeholder",
                             f"'{{{name}}}' has no value in this game (see game.yaml)",
                             hint="write the text itself here")
            elif name not in values:
                near = nearest(name, values, cutoff=0.5)
                report.error(src.text_mark(key, m.start()), "unknown-placeholder",
                             f"unknown placeholder '{{{name}}}'",
                             hint=(f"did you mean '{{{near}}}'?" if near else
                                   f"{_known(values)}; write {{{{ and }}}} for literal braces"))


def _known(values: dict[str, str]) -> str:
    """The game's own placeholders, without each variant's copy of them (a game with
    variants has hundreds): those are the same names after 'variant.'."""
    own = ['{' + v + '}' for v in values if values[v] and not _of_variant(v, values)]
    shown = ", ".join(own[:12]) + (f" and {len(own) - 12} more" if len(own) > 12 else "")
    of_variant = next((v for v in values if values[v] and _of_variant(v, values)), None)
    return f"known: {shown}" + (f"; a variant's values are named after it, as '{{{of_variant}}}'"
                                if of_variant else "")


def _of_variant(name: str, values: dict[str, str]) -> bool:
    head, _, rest = name.partition(".")
    return bool(rest) and rest in values and head not in values


def names_in(text: str) -> list[str]:
    """The placeholders ``text`` uses, each once, in the order they first come."""
    return list(dict.fromkeys(m.group(1).strip() for m in PLACEHOLDER_RE.finditer(text)))


def is_spoken(name: str) -> bool:
    """Whether ``{name}`` gives words said at the table (``{call}``, ``{<variant>.call}``): in
    the game's home language, so a translation may say them in its own words instead."""
    return name == "call" or name.endswith(".call")


def missing_placeholders(source: str, translation: str) -> list[str]:
    """The placeholders of the source text that its translation lacks (a misspelled one is
    lacking too), but the spoken words a translation may give in its own language."""
    found = set(names_in(translation))
    return [name for name in names_in(source) if name not in found and not is_spoken(name)]

"""The texts of a language file one YAML scalar at a time, each by a dotted path.

The path is the one a translator sees in a .po catalog's msgctxt (``faq.2.a``,
``examples.first-hand.steps.3``): mapping keys by name, list items counted from 1 as the
translation records count steps and FAQ items. A scalar belongs to the record's unit (staleness
is recorded per unit: a FAQ item is its question and answer) that is the longest prefix of its
path. Seat names are not prose (report.text_keys leaves them out too).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..model.source import Key, Source


@dataclass(frozen=True)
class Scalar:
    path: str  # dotted, list items from 1
    key: Key  # the Source key, list items from 0
    text: str


def scalars(source: Source) -> dict[str, Scalar]:
    """Every non-empty string of a language file, by dotted path, in the file's order."""
    out: dict[str, Scalar] = {}

    def walk(value: Any, key: Key, path: str) -> None:
        if isinstance(value, str):
            if value.strip():
                out[path] = Scalar(path, key, value)
        elif isinstance(value, list):
            for i, item in enumerate(value):
                walk(item, key + (i,), f"{path}.{i + 1}")
        elif isinstance(value, dict):
            for name, item in value.items():
                if name != "seats":
                    walk(item, key + (name,), f"{path}.{name}" if path else str(name))

    walk(source.data, (), "")
    return out


def unit_of(path: str, units: dict[str, str]) -> str | None:
    """The record unit a scalar's text is part of: the longest prefix of its path."""
    parts = path.split(".")
    for end in range(len(parts), 0, -1):
        candidate = ".".join(parts[:end])
        if candidate in units:
            return candidate
    return None

"""Where the theme rulebook comes with is: inside the installed package (``rulebook/theme``,
put there by the wheel), or the checkout's ``templates/`` when rulebook runs from its source."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parents[1]
_MARK = "base.html.j2"  # a folder holding it is a whole theme


def builtin_templates() -> Path:
    """The built-in theme's folder (the installed one first: a wheel carries no checkout)."""
    for folder in (_PACKAGE / "theme", _PACKAGE.parent / "templates"):
        if (folder / _MARK).is_file():
            return folder
    return _PACKAGE / "theme"  # neither: the error names where an install puts it

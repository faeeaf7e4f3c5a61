"""From paper back to the page: a QR code of the game's page, its short address, and the date
the rules last changed, for the printed card and the booklet's cover.

The QR code is vector (inline SVG from segno), so it prints sharp at any size. The date must
be the same on every machine that builds the same rules, or PDFs would differ between a
laptop and CI: it is the date of the newest git commit touching the game's folder, which a
fresh clone has too; only outside git (a copied folder, an archive) it falls back to the
newest modification time of the folder's files.
"""

from __future__ import annotations

import datetime
import subprocess
from pathlib import Path

from markupsafe import Markup

from ..model.translated_from import SUFFIX as RECORD_SUFFIX


def qr_svg(url: str) -> Markup:
    """The QR code of ``url`` as an inline SVG element, sized by the stylesheet (class ``qrcode``)."""
    import segno

    code = segno.make(url, error="m", micro=False)  # medium correction: survives a smudge
    # One unit per module and a four-module quiet zone, which the scanners need.
    svg = code.svg_inline(scale=1, border=4, omitsize=True, svgclass="qrcode", lineclass=None,
                          dark="#000")
    return Markup(svg)


def short_address(url: str) -> str:
    """What a person types: no scheme, no ``www.``, no trailing slash.

    >>> short_address("https://rulebook.example/en/hearts/")
    'rulebook.example/en/hearts'
    """
    text = url.split("://", 1)[-1].rstrip("/")
    return text[4:] if text.startswith("www.") else text


def rules_changed(folder: Path) -> datetime.date:
    """The day the rules in ``folder`` last changed: its newest git commit, else its files.
    The records of what translations were made from (<lang>.translated-from.yaml) are
    bookkeeping, not rules: recording them changes no rule."""
    try:
        done = subprocess.run(["git", "log", "-1", "--format=%cs", "--", ".",
                               f":(exclude)*{RECORD_SUFFIX}"], cwd=folder,
                              capture_output=True, text=True, timeout=30, check=False)
        if done.returncode == 0 and done.stdout.strip():
            return datetime.date.fromisoformat(done.stdout.strip())
    except (OSError, subprocess.SubprocessError, ValueError):
        pass  # no git, or not a repository: the files say when they changed
    newest = max((p.stat().st_mtime for p in folder.rglob("*")
                  if p.is_file() and not p.name.endswith(RECORD_SUFFIX)), default=0.0)
    return datetime.datetime.fromtimestamp(newest, datetime.timezone.utc).date()


def paper_context(page_url: str, *, lang: str, changed: datetime.date) -> dict[str, object]:
    """What a card or a booklet cover prints to lead back to the page."""
    from babel.dates import format_date

    return {"page_url": page_url, "short_url": short_address(page_url), "qr": qr_svg(page_url),
            "changed": format_date(changed, format="long", locale=lang)}

"""rules/site.yaml: the site's name, its address (what the printed QR codes and addresses
lead to), its languages and how cards are lettered, each checked with its line."""

from __future__ import annotations

import re
import urllib.parse
from pathlib import Path

from ..core.diagnostics import Mark, Report
from ..core.hints import did_you_mean
from ..core.languages import LANGUAGES
from ..model import schema
from .load import display_path, load_valid

# The longest address a QR code holds (version 40, medium error correction, bytes), less the
# longest page path after base_url ("xx/" and a slug of at most 100 characters, "/").
QR_BYTES = 2331
LONGEST_PAGE_PATH = len("xx/") + 100 + len("/#examples")  # the booklet leads to the examples


def load_site_spec(rules: Path, report: Report, *, root: Path | None = None,
                   base_url: str | None = None) -> schema.SiteSpec | None:
    """rules/site.yaml: the site's name and base_url. Findings name it from ``root`` (the
    folder the paths given were relative to; default the rules folder's parent).
    ``base_url``: the address given for this build (``build --base-url``), in place of the
    file's; checked by the command line before it comes here."""
    path = rules / "site.yaml"
    if not path.exists():
        report.error(Mark(str(path)), "missing-file",
                     "no site.yaml: the site needs its base_url (for sitemap and hreflang links)",
                     hint="create rules/site.yaml with: base_url: https://example.org/")
        return None
    loaded = load_valid(path, schema.SiteSpec, report,
                        display=display_path(path, rules.parent if root is None else root),
                        despite_yaml_problems=True, within=rules)
    if loaded is None:
        return None
    src, spec = loaded
    problem = url_problem(spec.base_url)
    room = QR_BYTES - LONGEST_PAGE_PATH
    if problem is None and len(spec.base_url.encode("utf-8")) > room:
        problem = (f"is {len(spec.base_url.encode('utf-8')):,} bytes long: the printed cards' QR "
                   f"codes hold a page's address only when base_url is at most {room:,}")
    if problem:
        report.error(src.mark(("base_url",)), "bad-value", f"base_url {problem}",
                     hint="write the site's address, such as https://example.org/rules/")
        return None
    if base_url is not None:
        spec = spec.model_copy(update={"base_url": base_url})
    reserved = placeholder_name(spec.base_url)
    if reserved is not None:
        given = "--base-url" if base_url is not None else "base_url"
        report.warning(src.mark(("base_url",)), "placeholder-address",
                       f"{given} {spec.base_url} is a placeholder ({reserved} is reserved for "
                       "examples): the printed cards' addresses and QR codes, the canonical "
                       "links and the sitemap will lead nowhere",
                       hint="set base_url to the address the site will be served from (its "
                       "GitHub Pages address, your server's), or give it to one build: "
                       "`rulebook build --base-url URL`")
    if spec.source_language not in LANGUAGES:
        report.error(src.mark(("source_language",)), "unknown-language",
                     f"unknown source_language '{spec.source_language}' "
                     f"(known: {', '.join(LANGUAGES)})",
                     hint=did_you_mean(spec.source_language, LANGUAGES))
        return None
    bad_letters = card_letters_problems(spec.card_letters)
    for i, message, hint in bad_letters:
        report.error(src.mark(("card_letters", i)), "bad-value", message, hint=hint)
    return None if bad_letters else spec


def card_letters_problems(langs: list[str]) -> list[tuple[int, str, str]]:
    """What is wrong in site.yaml's ``card_letters``: (index, message, hint) for a language
    the site does not have, one whose cards have no letters of their own, or one listed twice."""
    from ..core.cardwords import LANGUAGES as WORDS

    with_letters = [lang for lang in LANGUAGES if WORDS.get(lang) and WORDS[lang].letters]
    out: list[tuple[int, str, str]] = []
    for i, lang in enumerate(langs):
        if lang not in LANGUAGES:
            out.append((i, f"card_letters: '{lang}' is not a language of the site",
                        did_you_mean(lang, list(LANGUAGES)) or "languages: " + ", ".join(LANGUAGES)))
        elif lang not in with_letters:
            out.append((i, f"card_letters: '{lang}' has no letters of its own for J Q K A; its "
                        "cards show J Q K A", "languages with their own letters: "
                        + ", ".join(with_letters)))
        elif lang in langs[:i]:
            out.append((i, f"card_letters: '{lang}' is listed twice", "list each language once"))
    return out


# Characters no URL may hold (RFC 3986): they would need escaping in every link and in the
# sitemap's XML, and '"<>' in a base_url is a mistake, not an address.
_NOT_IN_URLS = re.compile(r'[\x00-\x20\x7f"<>\\^`{|}]')


# Names kept for examples and tests (RFC 2606, RFC 6761): no site is ever served there.
_RESERVED_DOMAINS = ("example.com", "example.net", "example.org")
_RESERVED_ENDINGS = ("example", "test", "invalid", "localhost")


def placeholder_name(url: str) -> str | None:
    """The reserved name that makes ``url`` a placeholder address (``example.org``,
    ``.example``, ...), or None for an address a site may really have."""
    host = (urllib.parse.urlsplit(url).hostname or "").rstrip(".").lower()
    for domain in _RESERVED_DOMAINS:
        if host == domain or host.endswith("." + domain):
            return domain
    last = host.rsplit(".", 1)[-1]
    if last in _RESERVED_ENDINGS:
        return last if last == "localhost" == host else "." + last
    return None


def url_problem(url: str) -> str | None:
    """What keeps ``url`` from being the site's address (absolute http(s), no query or
    fragment: page addresses are appended to it); None when it is one."""
    bad = _NOT_IN_URLS.search(url)
    if bad:
        return f"may not contain {bad.group()!r}"
    try:
        parts = urllib.parse.urlsplit(url)
        parts.port  # noqa: B018 - raises on a port that is no number or out of range
    except ValueError as err:
        return f"is not a valid address ({err})"
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return "must be an absolute http:// or https:// address"
    if "?" in url or "#" in url:
        return "may not have a query ('?') or a fragment ('#'): page addresses are appended to it"
    if "@" in parts.netloc:
        return "may not hold a user name or password"
    return None

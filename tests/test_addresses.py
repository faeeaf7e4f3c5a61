"""A game's addresses: a slug names one game in every language (shared-slug), a former slug
is a page that sends the reader on (former_slugs), and on the built site every language
switch and every change of the language in an address lands on the same game."""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

import pytest

from conftest import PAIRS_GAME, PLACEHOLDER, ROOT, TRICKS_GAME, corpus, findings, line_of, small_rules
from generator.check.games import GameSlugs, check, check_slugs
from generator.check.site_spec import load_site_spec
from generator.core.diagnostics import Mark, Report
from generator.pipeline import BuildConfig, build
from generator.runtime.theme import Theme
from generator.web import search
from generator.web.render import Renderer, SiteConfig
from generator.web.site import Kind, plan

# -- what a page says of itself --------------------------------------------------------------

_BODY = re.compile(r'<body class="page-([a-z0-9]+)"(?: data-game="([a-z0-9-]+)")?>')
_SWITCH = re.compile(r'<nav class="lang-switch".*?</nav>', re.S)
_LINK = re.compile(r'<a href="([^"]+)" lang="([a-z]+)"[^>]*hreflang="([a-z]+)"')
_REFRESH = re.compile(r'<meta http-equiv="refresh" content="0; url=([^"]+)">')


def _read(site: Path, rel: str) -> tuple[str, str, str]:
    """(kind, game, html) of the page at ``rel``: its kind and game as its body says."""
    html = (site / rel).read_text(encoding="utf-8")
    found = _BODY.search(html)
    assert found is not None, f"{rel}: no <body class=page-KIND>"
    game = found.group(2) or ""
    assert bool(game) == (rel.count("/") >= 2), f"{rel}: data-game='{game}'"  # <lang>/<slug>/...
    return found.group(1), game, html


def _follow(rel: str, href: str) -> str:
    return posixpath.normpath(posixpath.join(posixpath.dirname(rel), href))


def _pages(site: Path) -> list[str]:
    return sorted(p.relative_to(site).as_posix() for p in site.glob("*/**/index.html"))


# -- the built corpus --------------------------------------------------------------------------

def test_every_language_switch_lands_on_the_same_game_and_page_kind(site: Path) -> None:
    pages, switches = _pages(site), 0
    for rel in pages:
        kind, game, html = _read(site, rel)
        nav = _SWITCH.search(html)
        for href, lang, hreflang in _LINK.findall(nav.group(0) if nav else ""):
            target = _follow(rel, href)
            assert (site / target).is_file(), f"{rel}: the {lang} link {href} leads nowhere"
            to_kind, to_game, _ = _read(site, target)
            assert (to_kind, to_game) == (kind, game), \
                f"{rel} ({kind}, {game}): the {lang} link leads to {target} ({to_kind}, {to_game})"
            assert target.split("/")[0] == lang == hreflang, f"{rel}: {href} is not in {lang}"
            switches += 1
    assert switches > 5 * len(pages) // 2  # most pages have every language; each was followed


def test_changing_the_language_in_an_address_lands_on_the_same_game_or_on_no_page(site: Path
                                                                                     ) -> None:
    """/en/X/ and /ar/X/ are one game's pages (or a page that sends to that game), or one
    of them does not exist: never two games."""
    languages = sorted(p.name for p in site.iterdir() if (p / "index.html").is_file())
    seen: dict[str, tuple[str, str]] = {}  # the address without its language -> (game, where)
    for rel in _pages(site):
        lang, rest = rel.split("/", 1)
        if lang not in languages:
            continue
        kind, game, html = _read(site, rel)
        if kind == "redirect":  # a former address: the game it sends to
            refresh = _REFRESH.search(html)
            assert refresh is not None, f"{rel}: a redirect page without its refresh"
            target = _follow(rel, refresh.group(1))
            assert _read(site, target)[1] == game, f"{rel} sends to {target}, another game"
        first = seen.setdefault(rest, (game, rel))
        assert first[0] == game, f"{first[1]} is '{first[0]}' but {rel} is '{game}'"


def test_the_former_addresses_of_the_corpus_send_the_reader_on(site: Path) -> None:
    kind, game, html = _read(site, "en/black-peter-32/index.html")
    assert (kind, game) == ("redirect", "black-peter")
    assert '<a href="../black-peter/index.html" dir="ltr">' in html
    assert _read(site, "de/schwarzer-peter-32/index.html")[:2] == ("redirect", "black-peter")
    assert not (site / "de/schwarzer-peter-32/quickref").exists()  # the game page's address only
    assert "black-peter-32" not in (site / "sitemap.xml").read_text(encoding="utf-8")


def test_no_two_games_share_a_name_or_the_first_word_of_one_in_a_family() -> None:
    checked = corpus()
    site = plan(checked.games)
    games = {b.rules.id: b for b in checked.games}
    for lang in site.languages:
        titles = {g: b.languages[lang].spec.title for g, b in games.items() if lang in b.languages}
        assert len({t.casefold() for t in titles.values()}) == len(titles), lang
        for g, b in games.items():  # another name of a game is no other game's title
            for name in b.rules.spec.related.names:
                assert name.name not in {t for o, t in titles.items() if o != g}, (lang, g, name)
        for _, members in site.graph().families():
            firsts = [titles[g].split()[0].casefold() for g in members
                      if g in titles and not g.startswith("peppa")]  # Peppa's own variants
            assert len(set(firsts)) == len(firsts), (lang, sorted(titles[g] for g in members))


# -- the finding -------------------------------------------------------------------------------

def _slugs(game: str, slugs: dict[str, str], former: dict[str, list[str]] | None = None
           ) -> GameSlugs:
    former = former or {}
    return GameSlugs(game, slugs, former, {lang: Mark(f"{game}/game.yaml", 1, i + 1)
                                           for i, lang in enumerate(slugs)},
                     {lang: [Mark(f"{game}/game.yaml", 2, j + 1) for j in range(len(s))]
                      for lang, s in former.items()})


def _codes(*games: GameSlugs) -> list[tuple[str, str, int, int]]:
    report = Report()
    check_slugs(list(games), report)
    return [(d.code, d.mark.path, d.mark.line, d.mark.col) for d in report.items]


def test_one_slug_in_two_languages_of_two_games_is_a_finding() -> None:
    a = _slugs("a", {"en": "peter", "ar": "a"})
    assert _codes(a, _slugs("b", {"en": "b", "ar": "peter"})) == [("shared-slug", "b/game.yaml", 1, 2)]
    assert _codes(a, _slugs("b", {"en": "peter"})) == [("duplicate-slug", "b/game.yaml", 1, 1)]
    assert _codes(a, _slugs("b", {"en": "b"}, {"de": ["peter"]})) == \
        [("shared-slug", "b/game.yaml", 2, 1)]  # a former slug is an address too
    assert _codes(a, _slugs("b", {"en": "b"}, {"en": ["a"]})) == [("shared-slug", "b/game.yaml", 2, 1)]
    # one game's slug in several languages, a former slug another language still has: fine
    assert _codes(_slugs("c", {"en": "c", "it": "c", "ru": "tse"}, {"ru": ["c"]})) == []


def test_the_check_of_a_rules_folder_says_where_the_shared_slug_is(tmp_path: Path) -> None:
    rules = small_rules(tmp_path / "rules", langs=("ar",))
    path = rules / TRICKS_GAME / "game.yaml"
    text = path.read_text(encoding="utf-8")
    assert "  ar: peppa\n" in text
    path.write_text(text.replace("  ar: peppa\n", "  ar: shvartser-peter\n"), encoding="utf-8")
    result = check([rules], root=tmp_path)
    # one use each: the first game by id keeps the slug, the other's use is the finding
    line = line_of(PAIRS_GAME, "game.yaml", "  ru: shvartser-peter")
    assert findings(result) == [(f"rules/{PAIRS_GAME}/game.yaml", line, "shared-slug")]
    found = [d for d in result.report.items if d.code != PLACEHOLDER][0]
    assert found.mark.col == 7
    assert found.message.startswith("the ru slug 'shvartser-peter' is the ar slug of 'peppa': "
                                    "/ru/shvartser-peter/ and /ar/shvartser-peter/ would be two "
                                    "games")
    assert found.hint and "former_slugs" in found.hint


def test_a_former_slug_that_is_the_game_s_own_or_of_a_language_it_lacks(tmp_path: Path) -> None:
    rules = small_rules(tmp_path / "rules", games=(PAIRS_GAME,), langs=())
    path = rules / PAIRS_GAME / "game.yaml"
    text = path.read_text(encoding="utf-8").replace(
        "options:", f"former_slugs:\n  en: [old-peter, {PAIRS_GAME}, old-peter]\n  xx: [y]\noptions:", 1)
    path.write_text(text, encoding="utf-8")
    result = check([rules], root=tmp_path)
    lines = path.read_text(encoding="utf-8").splitlines()
    at = lines.index("former_slugs:") + 1
    got = sorted((d.code, d.mark.line, d.mark.col) for d in result.report.items)
    assert ("duplicate-slug", at + 1, 19) in got  # its own slug
    assert ("duplicate-slug", at + 1, 36) in got  # listed twice
    assert any(code == "unknown-language" and line == at + 2 for code, line, _ in got)
    assert not any(code == "shared-slug" for code, _, _ in got)


# -- the redirect pages ------------------------------------------------------------------------

def _with_former(tmp_path: Path) -> Path:
    rules = small_rules(tmp_path / "rules", games=(PAIRS_GAME,), langs=("ar",))
    path = rules / PAIRS_GAME / "game.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("options:", "former_slugs:\n  ar: [old-peter]\n  en: [peter]\n"
                                 "options:", 1), encoding="utf-8")
    return rules


def test_a_former_slug_is_a_page_that_sends_the_reader_on(tmp_path: Path) -> None:
    rules = _with_former(tmp_path)
    result = check([rules], root=tmp_path)
    assert result.report.errors == []
    site = plan(result.games)
    redirects = {p.path: p.target for p in site.pages if p.kind is Kind.REDIRECT}
    assert redirects["ar/old-peter/index.html"] == f"ar/{PAIRS_GAME}/index.html"
    assert redirects == {"ar/old-peter/index.html": f"ar/{PAIRS_GAME}/index.html",
                         "en/peter/index.html": f"en/{PAIRS_GAME}/index.html"}
    assert not set(redirects) & search.indexed_pages(site)
    spec = load_site_spec(rules, Report())
    assert spec is not None
    renderer = Renderer(SiteConfig(Theme.layered(), "https://x.example/", "rulebook", pdf=False),
                        site, result.replays)
    page = next(p for p in site.pages if p.path == "ar/old-peter/index.html")
    html = renderer.render(page)
    assert '<html lang="ar" dir="rtl">' in html
    assert '<meta http-equiv="refresh" content="0; url=../schwarzer-peter/index.html">' in html
    assert f'<link rel="canonical" href="https://x.example/ar/{PAIRS_GAME}/">' in html
    assert '<meta name="robots" content="noindex">' in html
    title = result.games[0].languages["ar"].spec.title
    assert f"انتقلت صفحة {title} إلى عنوان جديد:" in html  # the visible sentence, in Arabic
    assert f'<a href="../{PAIRS_GAME}/index.html" dir="ltr">https://x.example/ar/{PAIRS_GAME}/</a>' in html
    assert "peter/" not in renderer.sitemap().replace(f"/{PAIRS_GAME}/", "")


@pytest.mark.site
def test_a_build_writes_the_former_addresses_and_keeps_them(tmp_path: Path) -> None:
    rules = _with_former(tmp_path)
    out = tmp_path / "site"
    result = build(BuildConfig(rules, ROOT / "templates", out, pdf=False, search=False))
    assert result.ok, result.report.errors
    assert _read(out, "ar/old-peter/index.html")[:2] == ("redirect", PAIRS_GAME)
    assert _read(out, "en/peter/index.html")[:2] == ("redirect", PAIRS_GAME)
    # the next build, from its records (the game unchanged), writes them again
    result = build(BuildConfig(rules, ROOT / "templates", out, pdf=False, search=False))
    assert result.ok
    assert (out / "en/peter/index.html").is_file()

"""Ways around the site: related games, the index by family and its filter, the not-found
pages at any address and from disk, the quick reference (its own title, printed as one A6
card), the Pagefind search in every language, and axe-core on the pages this adds to."""

from __future__ import annotations

import functools
import html
import io
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest
import yaml

from conftest import DEEP, ROOT, RULES, findings, pages_in_turn, schemes_in_turn, serve_folder, small_rules
from generator.check.games import check
from generator.core.languages import LANGUAGES
from generator.pipeline import BuildConfig, build
from generator.web import search

# -- related: the schema and the check ------------------------------------------------------------

def _two_games(tmp: Path, edits: list[tuple[str, str]]) -> Path:
    """hearts (edited) and peppa side by side in a rules folder of their own."""
    rules = tmp / "rules"
    for game in ("hearts", "peppa"):
        shutil.copytree(RULES / game, rules / game)
    path = rules / "hearts" / "game.yaml"
    text = path.read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text
        text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")
    return rules


def _line(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                if needle in line)


def test_a_related_game_that_is_not_there_is_named_with_the_nearest(tmp_path: Path) -> None:
    rules = _two_games(tmp_path, [("{game: peppa, kind: same-family}",
                                   "{game: pepa, kind: same-family}")])
    result = check([rules / "hearts"], root=tmp_path)
    line = _line(rules / "hearts" / "game.yaml", "game: pepa")
    assert findings(result) == [("rules/hearts/game.yaml", line, "unknown-game")]
    finding = result.report.errors[0]
    assert "'pepa'" in finding.message and finding.hint == "did you mean 'peppa'?"


def test_a_related_game_named_by_its_address_is_told_to_use_the_id(tmp_path: Path) -> None:
    rules = _two_games(tmp_path, [("{game: peppa, kind: same-family}",
                                   "{game: pepa, kind: same-family}")])
    shutil.copytree(RULES / "peppa-scivolosa", rules / "peppa-scivolosa")
    text = (rules / "hearts" / "game.yaml").read_text(encoding="utf-8")
    (rules / "hearts" / "game.yaml").write_text(text.replace("game: pepa", "game: slippery-peppa"),
                                                encoding="utf-8")
    result = check([rules], root=tmp_path)  # the whole folder: every game's addresses are known
    assert [d.code for d in result.report.errors] == ["unknown-game"]
    assert result.report.errors[0].hint == ("'slippery-peppa' is the en address of "
                                            "'peppa-scivolosa'; related names a game by its id: "
                                            "game: peppa-scivolosa")


def test_an_unknown_kind_of_relation_is_a_bad_value_with_a_hint(tmp_path: Path) -> None:
    rules = _two_games(tmp_path, [("kind: same-family", "kind: variant")])
    result = check([rules / "hearts"], root=tmp_path)
    line = _line(rules / "hearts" / "game.yaml", "kind: variant}")
    assert findings(result) == [("rules/hearts/game.yaml", line, "bad-value")]
    assert result.report.errors[0].hint == "did you mean 'variant-of'?"


def test_a_game_linked_to_itself_or_twice_is_refused(tmp_path: Path) -> None:
    rules = _two_games(tmp_path, [("    - {game: peppa, kind: same-family}",
                                   "    - {game: peppa, kind: same-family}\n"
                                   "    - {game: peppa, kind: variant-of}\n"
                                   "    - {game: hearts, kind: same-family}")])
    result = check([rules / "hearts"], root=tmp_path)
    messages = [d.message for d in result.report.errors]
    assert any("linked twice" in m for m in messages)
    assert any("linked to itself" in m for m in messages)
    assert [code for _, _, code in findings(result)] == ["bad-value", "bad-value"]


def test_other_names_need_a_language_tag(tmp_path: Path) -> None:
    rules = _two_games(tmp_path, [("  names:\n", "  names:\n    - {name: Cuori}\n")])
    result = check([rules / "hearts"], root=tmp_path)
    assert [code for _, _, code in findings(result)] == ["missing-key"]


# -- the built site ------------------------------------------------------------------------------

@functools.cache
def _slugs(game: str) -> dict[str, str]:
    slugs: dict[str, str] = yaml.safe_load((RULES / game / "game.yaml").read_text("utf-8"))["slugs"]
    return slugs


def _page_of(site: Path, lang: str, game: str) -> str:
    return f"{lang}/{_slugs(game)[lang]}/index.html"


def _links(page: str) -> list[str]:
    return re.findall(r'<a href="([^"]+)"', page)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_related_games_are_linked_both_ways_in_every_language(site: Path, lang: str) -> None:
    hearts = (site / _page_of(site, lang, "hearts")).read_text(encoding="utf-8")
    peppa = (site / _page_of(site, lang, "peppa")).read_text(encoding="utf-8")
    somarone = (site / _page_of(site, lang, "somarone")).read_text(encoding="utf-8")
    related = re.search(r'<nav class="related"[^>]*>.*?</nav>', hearts, re.S)
    assert related, "no related games on the hearts page"
    peppa_href = "../" + _page_of(site, lang, "peppa").split("/", 1)[1]
    # Hearts and Peppa are relatives of one family (Hearts is no variant of Peppa)
    family = re.search(r'<p class="related-family">.*?</p>', related.group(), re.S)
    assert family and peppa_href in _links(family.group())
    # The other side: Peppa lists its variants, Hearts among the family, and its other names.
    variants = re.search(r'<p class="related-variants">.*?</p>', peppa, re.S)
    assert variants is not None
    for game in ("chat-noir", "peppa-scivolosa"):
        assert "../" + _page_of(site, lang, game).split("/", 1)[1] in _links(variants.group())
    kin = re.search(r'<p class="related-family">.*?</p>', peppa, re.S)
    assert kin and "../" + _page_of(site, lang, "hearts").split("/", 1)[1] in _links(kin.group())
    assert '<span lang="it" dir="ltr">Beppa</span>' in peppa
    # A variant of a variant is still in the family of the game at the top.
    family = re.search(r'<p class="related-family">.*?</p>', somarone, re.S)
    assert family and "../" + _page_of(site, lang, "uomo-nero").split("/", 1)[1] in _links(family.group())
    for page in (hearts, peppa, somarone):  # every link leads to a page of the site
        for href in _links(re.search(r'<nav class="related"[^>]*>.*?</nav>', page, re.S).group()):  # type: ignore[union-attr]
            assert (site / lang / "x" / href).resolve().is_file(), href


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_index_lists_every_game_once_family_by_family(site: Path, lang: str) -> None:
    index = (site / lang / "index.html").read_text(encoding="utf-8")
    families = re.findall(r'<section class="family" id="([^"]+)"', index)
    assert sorted(families) == ["family-crazy-eights", "family-others", "family-peppa",
                                "family-uomo-nero", "family-whist"]  # each family once
    cards = re.findall(r'<li class="game-card" data-players-min="(\d+)" data-players-max="(\d+)"', index)
    assert len(cards) == len(list((site / lang).glob("*/quickref/index.html")))
    hrefs = re.findall(r'<h3><a href="([^"]+)"', index)
    assert len(hrefs) == len(set(hrefs)) == len(cards)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_404_page_lists_the_games_and_the_languages_once(site: Path, lang: str) -> None:
    page = (site / lang / "404.html").read_text(encoding="utf-8")
    main = page[page.index("<main"):page.index("</main>")]
    games = re.findall(r'<a href="([^"]+/index\.html)">', main)
    assert len(games) == len(set(games)) == len(list((site / lang).glob("*/quickref")))
    hreflangs = Counter(re.findall(r'hreflang="([a-z]+)"', page))
    assert set(hreflangs) == set(LANGUAGES) and set(hreflangs.values()) == {1}
    assert "rulebook.example" not in page  # no link to the placeholder base_url
    # the stylesheets inline: the theme's site.css, then the site's custom.css (docs/theme.md)
    assert re.findall(r'<link rel="stylesheet" href="([a-z]+:[a-z/]+)', page) == ["data:text/css"] * 2


@pytest.mark.site  # builds a site of its own
def test_the_site_builds_without_pagefind_with_a_warning(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(search, "pagefind_binary", lambda: None)  # not installed
    rules = small_rules(tmp_path / "rules")  # a pairing game and a trick game
    result = build(BuildConfig(rules, ROOT / "templates", tmp_path / "site", pdf=False))
    assert result.ok
    assert [d.code for d in result.report.warnings if d.code == "no-search"] == ["no-search"]
    assert not (tmp_path / "site" / "pagefind").exists()
    assert (tmp_path / "site" / "en" / "index.html").is_file()


def test_the_search_bundle_has_one_index_per_language(site: Path) -> None:
    import json
    entry = json.loads((site / "pagefind" / "pagefind-entry.json").read_text(encoding="utf-8"))
    assert sorted(entry["languages"]) == sorted(LANGUAGES)
    pages = len(list((site / "en").glob("*/quickref"))) + len(list((site / "en").glob("*/numbers")))
    assert {lang: v["page_count"] for lang, v in entry["languages"].items()} == \
        {lang: pages for lang in LANGUAGES}  # game and numbers pages: no index, 404, quick reference


# -- in Chromium ---------------------------------------------------------------------------------

def _styled(page) -> bool:  # type: ignore[no-untyped-def]
    """site.css is applied: the header's flex layout and main's measure are its own."""
    return bool(page.evaluate("""() =>
        getComputedStyle(document.querySelector('.site-header')).display === 'flex'
        && getComputedStyle(document.querySelector('main')).maxWidth !== 'none'"""))


def test_the_404_page_is_styled_and_its_links_work_at_any_address(server: str, browser) -> None:
    page = browser.new_page()
    for address in ("/ru/no/such/page/at/all", "/ru/404.html", "/no-such-top-page"):
        response = page.goto(server + address)
        assert response.status in (200, 404)
        assert _styled(page), address
        for href in page.evaluate("[...document.querySelectorAll('main a')].map(a => a.href)"):
            assert page.request.get(href).status == 200, (address, href)
    page.goto(server + "/ru/deep/er/address")
    assert page.evaluate("document.querySelectorAll('main ul:first-of-type a').length") > 5
    page.close()


def test_the_404_page_is_styled_from_another_origin_and_from_disk(site: Path, browser,
                                                                  tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere" / "some" / "path"
    elsewhere.mkdir(parents=True)
    shutil.copy(site / "ar" / "404.html", elsewhere / "missing.html")
    httpd, url = serve_folder(tmp_path / "elsewhere")
    try:
        page = browser.new_page()
        page.goto(url + "/some/path/missing.html")
        assert _styled(page)
        assert page.evaluate("getComputedStyle(document.body).direction") == "rtl"
        page.goto((site / "en" / "404.html").as_uri())  # from disk, links to the files beside it
        assert _styled(page)
        for href in page.evaluate("[...document.querySelectorAll('main a')].map(a => a.href)"):
            assert href.startswith("file://") and Path(href[len("file://"):]).is_file(), href
        page.close()
    finally:
        httpd.shutdown()


@pytest.mark.parametrize("lang", ["en", "ru", "ar"])
def test_the_quick_reference_has_its_own_title_and_heading(server: str, browser, site: Path,
                                                          lang: str) -> None:
    page = browser.new_page()
    game = _page_of(site, lang, "hearts")
    page.goto(f"{server}/{game}")
    game_title, game_h1 = page.title(), page.locator("h1").inner_text()
    page.goto(f"{server}/{game.replace('index.html', 'quickref/index.html')}")
    title, h1 = page.title(), page.locator("h1").inner_text()
    assert title != game_title and h1 != game_h1
    assert game_h1 in h1  # it names the game
    page.close()


@pytest.mark.deep
def test_printing_a_quick_reference_gives_one_a6_card(server: str, browser, site: Path,
                                                     screenshots: Path) -> None:
    """Each game's quick reference printed by Chromium (make test: in two of the six
    languages, in turn, and Hearts's in English and Arabic; make test-deep: in every one)."""
    from pypdf import PdfReader
    page = browser.new_page()
    page.emulate_media(media="print")
    quickrefs = sorted(p.relative_to(site).as_posix() for p in site.glob("*/*/quickref/index.html"))
    assert len(quickrefs) > 50
    shown = {"en/hearts/quickref/index.html", "ar/hearts/quickref/index.html"}  # kept to look at
    quickrefs = sorted(set(pages_in_turn(quickrefs, 3)) | shown)
    for rel in quickrefs:
        page.goto(f"{server}/{rel}")
        pdf = PdfReader(io.BytesIO(page.pdf(prefer_css_page_size=True, print_background=True)))
        box = pdf.pages[0].mediabox
        assert len(pdf.pages) == 1, rel
        assert (round(float(box.width) / 72 * 25.4), round(float(box.height) / 72 * 25.4)) == (105, 148), rel
        if rel in shown:
            (screenshots / f"{rel.split('/')[0]}-quickref-print.pdf").write_bytes(
                page.pdf(prefer_css_page_size=True, print_background=True))
    page.close()


def test_the_index_filter_narrows_the_list(server: str, browser) -> None:
    page = browser.new_page()
    page.goto(f"{server}/en/index.html")
    visible = "[...document.querySelectorAll('.game-card')].filter(c => c.offsetParent).length"
    total = page.evaluate(visible)
    assert total == 16 and page.locator("#game-filter").is_visible()
    page.select_option("#filter-players", "8")  # only the games for eight
    names = page.evaluate("""[...document.querySelectorAll('.game-card')].filter(c => c.offsetParent)
        .map(c => c.querySelector('h3').textContent.trim())""")
    assert sorted(names) == ["Old Maid", "Uomo Nero"]
    assert page.locator("#family-peppa").is_hidden()  # a family with no game left is hidden
    assert page.locator("#filter-count").inner_text() == "Games shown: 2 of 16"
    # one box for words: the full-text search, once it is there, in place of the filter's
    page.locator("#search-input").wait_for()
    assert page.locator("#filter-words").is_hidden()
    page.close()


def test_the_index_filter_works_from_disk_without_the_search(site: Path, browser) -> None:
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto((site / "ru" / "index.html").as_uri())
    page.select_option("#filter-players", "8")
    assert page.locator("#filter-count").inner_text() == "Показано игр: 2 из 16"
    assert page.locator("#search").is_hidden()  # Pagefind needs a web server: no box that fails
    # the filter's words stand in for the search
    visible = "[...document.querySelectorAll('.game-card')].filter(c => c.offsetParent).length"
    page.select_option("#filter-players", "")
    page.fill("#filter-text", "asinone")  # another name of Somarone
    assert page.evaluate(visible) == 1
    page.fill("#filter-text", "no such game anywhere")
    assert page.evaluate(visible) == 0 and page.locator("#filter-none").is_visible()
    assert errors == []
    page.close()


def _word_only_in(site: Path, lang: str, game: str) -> str:
    """A word of the game's rules in ``lang`` that no other game page of the language has."""
    def words(path: Path) -> set[str]:
        text = path.read_text(encoding="utf-8")
        body = text[text.index("data-pagefind-body"):text.index("</article>")]
        plain = html.unescape(re.sub(r"<[^>]+>", " ", body)).casefold()
        return {w for w in re.findall(r"[^\W\d_]{7,}", plain)}
    own = words(site / _page_of(site, lang, game))
    for quickref in (site / lang).glob("*/quickref/index.html"):  # each game page, no old address
        other = quickref.parent.parent / "index.html"
        if other != site / _page_of(site, lang, game):
            own -= words(other)
    assert own, f"no word only the {game} page of {lang} has"
    return sorted(own)[0]


@pytest.mark.deep
@pytest.mark.parametrize("lang", LANGUAGES if DEEP else ("en", "ru", "ar"))
def test_search_finds_a_game_by_a_word_of_its_rules(server: str, browser, site: Path,
                                                    lang: str) -> None:
    """make test: English, Russian and Arabic (a script each: Latin, Cyrillic, Arabic; the
    readers' usual words below search German too); make test-deep: every language."""
    word = _word_only_in(site, lang, "hearts")
    page = browser.new_page()
    elsewhere: list[str] = []  # the search loads nothing from outside the site
    page.on("request", lambda r: None if r.url.startswith(server) else elsewhere.append(r.url))
    page.goto(f"{server}/{lang}/index.html")
    page.locator("#search-input").fill(word)
    page.locator(".search-result a").first.wait_for(timeout=15000)
    hrefs = page.evaluate("[...document.querySelectorAll('.search-result a')].map(a => a.href)")
    target = f"{server}/{_page_of(site, lang, 'hearts')}".removesuffix("index.html")
    assert target in hrefs, (word, hrefs)  # the folder's address, not its index.html
    assert elsewhere == []
    page.goto(target)  # the result's address is a real page
    assert page.evaluate("document.documentElement.lang") == lang
    page.close()


@pytest.mark.deep
@pytest.mark.parametrize("lang", ["en", "ru", "ar"])
def test_axe_finds_no_violation_on_the_quick_reference_index_and_404(server: str, browser,
                                                                   site: Path, lang: str) -> None:
    """make test: each of the three pages in one scheme a language, in turn (every page in both
    schemes over the languages, every language in both); make test-deep: each in both."""
    axe_module = pytest.importorskip("axe_playwright_python.sync_playwright")
    axe = axe_module.Axe()
    page = browser.new_page()
    quickref = _page_of(site, lang, "hearts").replace("index.html", "quickref/index.html")
    turn = ("en", "ru", "ar").index(lang)
    for k, address in enumerate((quickref, f"{lang}/index.html", f"{lang}/no/such/page")):
        for scheme in schemes_in_turn(turn + k):
            page.emulate_media(color_scheme=scheme)
            page.goto(f"{server}/{address}")
            if address.endswith("/index.html") and "quickref" not in address:
                page.locator("#search input").wait_for()  # the search box is in the scan
            violations = axe.run(page).response["violations"]
            assert violations == [], (scheme, address, [(v["id"], [n["target"] for n in v["nodes"]])
                                                        for v in violations])
    page.close()


# A reader's usual word finds the page's word (templates/locale/synonyms.yaml); the count is
# said with the language's plural forms.
SYNONYM_SEARCHES = [("ar", "الملكة", "البنت"), ("ru", "королева", "дама"), ("de", "Königin", "Dame")]


@pytest.mark.parametrize(("lang", "word", "pages_word"), SYNONYM_SEARCHES)
def test_search_finds_the_page_by_the_readers_usual_word(server: str, browser, site: Path,
                                                         lang: str, word: str, pages_word: str) -> None:
    """The word is on no page; the pages' own word for it is: the first result and most of the
    others are pages that say it (once Hearts, before a dozen games used the queen's name; a
    page may be found by another form of the word, as البنات)."""
    page = browser.new_page()
    page.goto(f"{server}/{lang}/index.html")
    page.locator("#search-input").fill(word)
    page.locator(".search-result a").first.wait_for(timeout=15000)
    hrefs = page.evaluate("[...document.querySelectorAll('.search-result a')].map(a => a.href)")
    texts = [(site / h.removeprefix(f"{server}/").split("#")[0] / "index.html").read_text(
        encoding="utf-8") for h in hrefs]  # each result a folder's address
    said = [pages_word.casefold() in t.casefold() for t in texts]
    assert said and said[0] and sum(said) * 2 > len(said), (word, hrefs, said)
    status = page.locator("#search-status").inner_text()
    assert word in status and re.search(r"\d", status)
    page.close()


def test_the_search_count_takes_the_languages_plural_form(server: str, browser) -> None:
    page = browser.new_page()
    page.goto(f"{server}/ar/index.html")
    page.locator("#search-input").fill("الملكة")
    page.locator(".search-result a").first.wait_for(timeout=15000)
    count = page.locator(".search-result").count()
    status = page.locator("#search-status").inner_text()
    # Arabic: 3 to 10 results take the plural نتائج, 11 and more the singular نتيجة
    n = int(re.search(r"\d+", status).group())  # type: ignore[union-attr]
    assert n >= count and ("نتائج" in status) == (3 <= n % 100 <= 10)
    assert " ل " not in status  # not Pagefind's own "3 نتائج ل الملكة"
    page.close()


@pytest.mark.parametrize("address", ["404.html", "ru/404.html", "ar/no/such/page"])
def test_the_not_found_page_has_the_web_fonts_and_a_search(server: str, browser,
                                                           address: str) -> None:
    page = browser.new_page()
    page.goto(f"{server}/{address}")
    page.locator("#search-input").wait_for(timeout=15000)
    page.evaluate("document.fonts.ready")
    loaded = page.evaluate("[...document.fonts].filter(f => f.status === 'loaded').map(f => f.family)")
    assert "RB Sans" in loaded, loaded
    page.locator("#search-input").fill("Peter")
    page.locator(".search-result a").first.wait_for(timeout=15000)
    target = page.evaluate("document.querySelector('.search-result a').href")
    assert page.goto(target).ok  # type: ignore[union-attr]  # the result's address is a real page
    page.close()

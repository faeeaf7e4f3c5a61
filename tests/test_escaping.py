"""What authors and translators write is text, never markup: UI catalogs, JSON-LD, the sitemap."""

from __future__ import annotations

import json
import re
import shutil
import xml.dom.minidom
from pathlib import Path

import pytest

from conftest import PAIRS_GAME, ROOT, TRICKS_GAME, corpus
from generator.pipeline.simulate import simulations_of
from generator.runtime.theme import Theme
from generator.web.render import Renderer, SiteConfig, json_ld
from generator.web.site import Kind, plan

CHECKED = corpus()
SITE = plan(CHECKED.games)
ATTACK = "<img src=x onerror=alert(1)>"


def poisoned_templates(tmp_path: Path) -> Path:
    """The project's templates with an Italian catalog whose translations carry markup."""
    templates = tmp_path / "templates"
    shutil.copytree(ROOT / "templates", templates, ignore=shutil.ignore_patterns("fonts"))
    po = templates / "locale" / "it" / "LC_MESSAGES" / "messages.po"
    text = po.read_text(encoding="utf-8")
    for old, new in (
            ('msgstr "Giocatori"', f'msgstr "{ATTACK}Giocatori"'),  # a template's _()
            ('msgstr "Pagina non trovata"', f'msgstr "{ATTACK}Pagina non trovata"'),  # Python, autoescaped
            ('msgstr "%(drawer)s pesca %(card)s dalla mano di %(giver)s."',  # Python, with markup
             f'msgstr "{ATTACK}%(drawer)s pesca %(card)s dalla mano di %(giver)s."')):
        assert old in text
        text = text.replace(old, new)
    po.write_text(text, encoding="utf-8")
    return templates


@pytest.fixture(scope="module")
def italian_pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    templates = poisoned_templates(tmp_path_factory.mktemp("poisoned"))
    renderer = Renderer(SiteConfig(Theme.layered(templates), "https://rulebook.example/"), SITE,
                        CHECKED.replays)
    # a pairing game and a trick game (each family's narration), and the 404 page
    games = [b for b in SITE.games.values() if b.rules.id in (PAIRS_GAME, TRICKS_GAME, "uomo-nero")]
    renderer.numbers.prefetch([s for b in games for s in simulations_of(b)],
                              workers=1)  # their numbers, when the disk cache is cold
    pages = [p for p in SITE.pages if p.lang == "it" and (
        p.kind is Kind.NOT_FOUND or (p.kind is Kind.GAME and p.game in {b.rules.id for b in games}))]
    return {p.path: renderer.render(p) for p in pages}


def test_a_poisoned_catalog_is_published_as_text(italian_pages: dict[str, str]) -> None:
    game = italian_pages["it/uomo-nero/index.html"]
    assert "&lt;img src=x onerror=alert(1)&gt;Giocatori" in game
    assert "&lt;img src=x onerror=alert(1)&gt;<strong>Anna</strong> pesca" in game
    assert "&lt;img src=x onerror=alert(1)&gt;Pagina non trovata" in italian_pages["it/404.html"]
    for path, html in italian_pages.items():
        assert "<img" not in html, path


def test_json_ld_cannot_end_its_script_element() -> None:
    answer = "See <!-- and </script><script>alert(1)</script> and \u2028 too"
    text = str(json_ld({"text": answer}))
    assert "<!--" not in text and "</script" not in text.lower() and "<" not in text
    assert json.loads(text) == {"text": answer}


def test_json_ld_on_a_page_parses(tmp_path: Path) -> None:
    renderer = Renderer(SiteConfig(Theme.layered(), "https://rulebook.example/"), SITE,
                        CHECKED.replays)
    page = next(p for p in SITE.pages if p.kind is Kind.GAME and p.lang == "en")
    html = renderer.render(page)
    [raw] = re.findall(r'<script type="application/ld\+json">(.*?)</script>', html, re.S)
    assert json.loads(raw)["@type"] == "FAQPage"


def test_the_sitemap_is_well_formed_xml_whatever_the_address() -> None:
    renderer = Renderer(SiteConfig(Theme.layered(), "https://x.example/a'b\"c&d]]>e/"), SITE,
                        CHECKED.replays)
    sitemap = renderer.sitemap()
    doc = xml.dom.minidom.parseString(sitemap.encode("utf-8"))
    locs = [n.firstChild.data for n in doc.getElementsByTagName("loc")]
    assert "https://x.example/a'b\"c&d]]>e/it/uomo-nero/" in locs

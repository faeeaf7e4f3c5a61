"""A section a translation lacks (issue 36): check warns at the language's `sections`, and
that language's page shows the source language's section there, marked with its language and
direction, under a notice in the reader's language; never a section silently dropped."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

from conftest import RULES, TEMPLATES
from generator.check.games import check
from generator.pipeline import BuildConfig, build


def hearts_without_history(tmp: Path, lang: str = "ar") -> Path:
    """Hearts in English and ``lang``, whose file has no history section."""
    rules = tmp / "rules"
    rules.mkdir()
    shutil.copy(RULES / "site.yaml", rules / "site.yaml")
    shutil.copytree(RULES / "hearts", rules / "hearts")
    for path in (rules / "hearts").glob("*.yaml"):
        if path.name.split(".")[0] not in ("game", "en", lang):
            path.unlink()
    own = rules / "hearts" / f"{lang}.yaml"
    data = yaml.safe_load(own.read_text(encoding="utf-8"))
    assert data["sections"].pop("history")
    own.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=100),
                   encoding="utf-8")
    return rules


def test_check_warns_at_the_languages_sections(tmp_path: Path) -> None:
    rules = hearts_without_history(tmp_path)
    result = check([rules], root=rules.parent)
    found = [d for d in result.report.warnings if d.code == "missing-section-text"]
    assert result.ok and len(found) == 1
    text = (rules / "hearts" / "ar.yaml").read_text(encoding="utf-8").splitlines()
    assert Path(found[0].mark.path).name == "ar.yaml"
    assert text[found[0].mark.line - 1].startswith("sections:")
    assert "'history'" in found[0].message and "shows it in en" in found[0].message


def test_a_whole_translation_gives_no_warning() -> None:
    from conftest import corpus

    assert [d for d in corpus().report.items if d.code == "missing-section-text"] == []


@pytest.mark.slow
def test_the_page_shows_the_source_section_with_a_notice(tmp_path: Path) -> None:
    rules = hearts_without_history(tmp_path)
    out = tmp_path / "site"
    result = build(BuildConfig(rules, TEMPLATES, out, pdf=False, search=False, quiet=True))
    assert result.ok, [d.format() for d in result.report.errors]
    slug = yaml.safe_load((rules / "hearts" / "game.yaml").read_text(encoding="utf-8"))["slugs"]
    page = (out / "ar" / slug["ar"] / "index.html").read_text(encoding="utf-8")
    history = page.split('id="history"', 1)[1].split("</section>", 1)[0]
    assert "لم تُترجم هذه الفقرة بعد" in history  # the notice, in the reader's language
    assert '<div class="untranslated" lang="en" dir="ltr">' in history
    english = yaml.safe_load((rules / "hearts" / "en.yaml").read_text(encoding="utf-8"))
    # its first words, as the page shows them (without Markdown's marks and the tags)
    first_words = " ".join(re.sub(r"[*_]", "", english["sections"]["history"]).split()[:3])
    assert first_words in " ".join(re.sub(r"<[^>]+>", "", history).split())
    other = (out / "en" / slug["en"] / "index.html").read_text(encoding="utf-8")
    assert "untranslated" not in other

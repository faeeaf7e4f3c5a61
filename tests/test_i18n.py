"""UI catalogs: complete in every language, same placeholders, in step with the template."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from conftest import ROOT
from generator.core.languages import (
    LANGUAGES,
    SOURCE_LANGUAGE,
    catalog_key,
    catalog_path,
    language,
    load_messages,
)

TEMPLATES = ROOT / "templates"
TRANSLATED = [lang for lang in LANGUAGES if lang != SOURCE_LANGUAGE]
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def pot_ids() -> set[str]:
    with (TEMPLATES / "locale" / "messages.pot").open("rb") as f:
        return {catalog_key(m.context, m.id if isinstance(m.id, str) else m.id[0])
                for m in read_po(f) if m.id}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_catalog_is_complete_and_in_step(lang: str) -> None:
    messages = load_messages(TEMPLATES, lang)
    assert messages.missing == frozenset()
    assert set(messages.table) == pot_ids(), "run `make messages` and translate what is new"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_the_placeholders(lang: str) -> None:
    with catalog_path(TEMPLATES, lang).open("rb") as f:
        catalog = read_po(f, locale=lang)
    for m in catalog:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, (tuple, list)) else (m.id,)
        strings = m.string if isinstance(m.string, (tuple, list)) else (m.string,)
        expected = set(PLACEHOLDER.findall(ids[-1]))
        for s in strings:
            assert set(PLACEHOLDER.findall(s)) <= expected | set(PLACEHOLDER.findall(ids[0])), (m.id, s)
            if "%(num)s" not in ids[0] or len(strings) == 1:
                assert set(PLACEHOLDER.findall(s)) == expected, (m.id, s)


def test_plural_forms_come_from_cldr() -> None:
    ru = load_messages(TEMPLATES, "ru")
    assert [ru.ngettext("%(num)s player", "%(num)s players", n) % {"num": n} for n in (1, 3, 5, 21)] \
        == ["1 игрок", "3 игрока", "5 игроков", "21 игрок"]
    ar = load_messages(TEMPLATES, "ar")
    assert [ar.plural(n) for n in (0, 1, 2, 3, 11, 100)] == [0, 1, 2, 3, 4, 5]
    assert ar.ngettext("%(num)s game", "%(num)s games", 3) % {"num": 3} == "3 ألعاب"


def test_language_names_and_direction_from_babel() -> None:
    assert (language("ar").name, language("ar").direction) == ("العربية", "rtl")
    assert (language("de").name, language("de").direction) == ("Deutsch", "ltr")
    assert language("ro").name == "Română"


def test_the_template_catalog_holds_every_message_the_code_uses(tmp_path: Path) -> None:
    """`make messages`' own extraction, run again: a message added to the code or a template
    without `make messages` would be shown in English on every page (the shedding family's
    twenty were, until this test)."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8").replace("\\\n", " ")
    line = next(x for x in makefile.splitlines() if "pybabel extract" in x)
    args = shlex.split(line.split("pybabel", 1)[1])
    args[args.index("-o") + 1] = str(tmp_path / "messages.pot")
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "-q", *args], cwd=ROOT,
                   check=True)

    def ids(path: Path) -> set[str]:
        with path.open("rb") as f:
            return {catalog_key(m.context, m.id if isinstance(m.id, str) else m.id[0])
                    for m in read_po(f) if m.id}

    assert ids(tmp_path / "messages.pot") == pot_ids(), "run `make messages` and translate what is new"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_catalog_passes_msgfmt_check(lang: str) -> None:
    """What a translation platform or a distribution runs on a catalog (the obsolete entries
    `pybabel update` once kept beside their live twins were fatal to it)."""
    if shutil.which("msgfmt") is None:
        pytest.skip("msgfmt (gettext) is not installed")
    checked = subprocess.run(["msgfmt", "-c", "-o", "/dev/null", str(catalog_path(TEMPLATES, lang))],
                             capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr


@pytest.mark.parametrize("name", ["messages.pot",
                                  *(f"{lang}/LC_MESSAGES/messages.po" for lang in TRANSLATED)])
def test_every_ui_message_has_its_source_lines_and_a_note_for_each_slot(name: str) -> None:
    """What a translator on a platform sees beside ``%(seats)s deals the first hand.``: where
    the code uses it, and what each slot holds (a name, a list, a number)."""
    with (TEMPLATES / "locale" / name).open("rb") as f:
        catalog = read_po(f)
    for m in catalog:
        if not m.id:
            continue
        assert m.locations, m.id
        texts = m.id if isinstance(m.id, (tuple, list)) else (m.id,)
        for slot in dict.fromkeys(s for text in texts for s in re.findall(r"%\((\w+)\)s", text)):
            assert any(c.startswith(f"%({slot})s: ") for c in m.auto_comments), (m.id, slot)


def test_a_slot_without_a_note_stops_the_extraction() -> None:
    from io import BytesIO

    from generator.core.extract import python

    source = BytesIO(b'_("%(name)s has %(flux)s.")\n')
    with pytest.raises(ValueError, match=r"%\(flux\)s has no note"):
        list(python(source, {"_": None}, [], {}))

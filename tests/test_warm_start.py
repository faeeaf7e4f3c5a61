"""What a new process finds in the disk cache instead of making it again (web/environments.py):
the UI catalogs as parsed, and the templates as compiled. Each is taken only for the very
bytes it was made from, and a damaged or foreign entry is made again, never believed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import ROOT
from generator.core.languages import load_catalog
from generator.runtime.cache import Cache
from generator.runtime.theme import Theme
from generator.web import environments

PO = ROOT / "templates" / "locale" / "ru" / "LC_MESSAGES" / "messages.po"


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """The process as a new one finds it: nothing compiled or parsed yet."""
    monkeypatch.setattr(environments, "_BYTECODE", {})
    monkeypatch.setattr(environments, "_CATALOGS", {})


def _theme(tmp_path: Path) -> Theme:
    site = tmp_path / "theme"
    (site / "locale" / "ru" / "LC_MESSAGES").mkdir(parents=True)
    shutil.copy(PO, site / "locale" / "ru" / "LC_MESSAGES" / "messages.po")
    return Theme.layered(site)


@pytest.mark.unit
def test_a_catalog_from_the_disk_cache_is_the_catalog_parsed(
        tmp_path: Path, fresh: None, monkeypatch: pytest.MonkeyPatch) -> None:
    cache, theme = Cache.opened(tmp_path / "cache"), _theme(tmp_path)
    parsed = environments.Environments(theme, cache).messages("ru")
    assert len(list((tmp_path / "cache" / "catalogs").iterdir())) == 1

    monkeypatch.setattr(environments, "_CATALOGS", {})  # a new process
    monkeypatch.setattr(environments, "load_catalog", _refused)
    kept = environments.Environments(theme, cache).messages("ru")
    assert kept.table == parsed.table and kept.missing == parsed.missing
    assert kept.table and not kept.problems
    assert [kept.plural(n) for n in range(200)] == [parsed.plural(n) for n in range(200)]
    assert kept.ngettext("%(n)s card", "%(n)s cards", 5) == parsed.ngettext(
        "%(n)s card", "%(n)s cards", 5)


@pytest.mark.unit
def test_a_catalog_edited_or_damaged_in_the_cache_is_parsed_again(
        tmp_path: Path, fresh: None, monkeypatch: pytest.MonkeyPatch) -> None:
    cache, theme = Cache.opened(tmp_path / "cache"), _theme(tmp_path)
    environments.Environments(theme, cache).messages("ru")
    po = tmp_path / "theme" / "locale" / "ru" / "LC_MESSAGES" / "messages.po"
    text = po.read_text(encoding="utf-8")
    first = next(line for line in text.splitlines() if line.startswith('msgstr "') and len(line) > 9)
    po.write_text(text.replace(first, 'msgstr "ПРАВКА"', 1), encoding="utf-8")
    monkeypatch.setattr(environments, "_CATALOGS", {})
    edited = environments.Environments(theme, cache).messages("ru")
    assert "ПРАВКА" in edited.table.values()  # its bytes changed: not the old entry

    for entry in (tmp_path / "cache" / "catalogs").iterdir():  # every entry tampered with
        entry.write_bytes(entry.read_bytes().replace("ПРАВКА".encode(), "ЧУЖОЕ".encode()))
    monkeypatch.setattr(environments, "_CATALOGS", {})
    again = environments.Environments(theme, cache).messages("ru")
    assert "ПРАВКА" in again.table.values() and "ЧУЖОЕ" not in again.table.values()


@pytest.mark.unit
def test_a_catalog_with_problems_is_not_kept(tmp_path: Path, fresh: None) -> None:
    cache, theme = Cache.opened(tmp_path / "cache"), _theme(tmp_path)
    po = tmp_path / "theme" / "locale" / "ru" / "LC_MESSAGES" / "messages.po"
    po.write_text(po.read_text(encoding="utf-8") + '\nmsgid "x"\nmsgstr "%(y)s"\n',
                  encoding="utf-8")
    messages = environments.Environments(theme, cache).messages("ru")
    assert messages.problems  # reported, at its line, by each build that reads it
    assert not (tmp_path / "cache" / "catalogs").exists()
    assert load_catalog(po, "ru").problems == messages.problems


def _refused(*args: object) -> None:
    raise AssertionError("parsed, not taken from the disk cache")


@pytest.mark.unit
def test_templates_compiled_by_one_process_are_taken_by_the_next_for_their_source_only(
        tmp_path: Path, fresh: None, monkeypatch: pytest.MonkeyPatch) -> None:
    cache = Cache.opened(tmp_path / "cache")
    site = tmp_path / "theme"
    site.mkdir()
    (site / "hello.html.j2").write_text("Hello {{ name }}!", encoding="utf-8")
    theme = Theme.layered(site)
    env = environments.Environments(theme, cache).env("en")
    assert env.get_template("hello.html.j2").render(name="you") == "Hello you!"
    assert len(list((tmp_path / "cache" / "templates").iterdir())) == 1

    monkeypatch.setattr(environments, "_BYTECODE", {})  # a new process: nothing compiled
    compiled: list[str] = []
    original = environments._RecordingEnvironment.compile

    def counted(self: object, source: str, name: str | None = None, *args: object,
                **kwargs: object) -> object:
        compiled.append(str(name))
        return original(self, source, name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(environments._RecordingEnvironment, "compile", counted)
    env = environments.Environments(theme, cache).env("en")
    assert env.get_template("hello.html.j2").render(name="me") == "Hello me!"
    assert compiled == []  # taken from the disk

    (site / "hello.html.j2").write_text("Goodbye {{ name }}!", encoding="utf-8")
    monkeypatch.setattr(environments, "_BYTECODE", {})
    env = environments.Environments(theme, cache).env("en")
    assert env.get_template("hello.html.j2").render(name="me") == "Goodbye me!"
    assert compiled == ["hello.html.j2"]  # another source: compiled, never the old code

    for entry in (tmp_path / "cache" / "templates").iterdir():  # planted: not signed
        entry.write_bytes(entry.read_bytes()[:-8] + b"\0" * 8)
    monkeypatch.setattr(environments, "_BYTECODE", {})
    env = environments.Environments(theme, cache).env("en")
    assert env.get_template("hello.html.j2").render(name="me") == "Goodbye me!"
    assert compiled == ["hello.html.j2"] * 2


@pytest.mark.unit
def test_languages_looked_up_by_one_process_are_taken_by_the_next(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.core import languages

    cache = Cache.opened(tmp_path / "cache")
    monkeypatch.setattr(languages, "_LANGUAGES", {})
    with environments.languages_remembered(cache):
        looked_up = [languages.language(code) for code in ("ar", "sv", "ja", "de")]
    assert [x.direction for x in looked_up] == ["rtl", "ltr", "ltr", "ltr"]

    monkeypatch.setattr(languages, "_LANGUAGES", {})  # a new process, where Babel is not asked
    monkeypatch.setattr(languages.Locale, "parse", _refused)
    with environments.languages_remembered(cache):
        assert [languages.language(code) for code in ("ar", "sv", "ja", "de")] == looked_up

    for entry in (tmp_path / "cache" / "languages").iterdir():  # planted: not signed
        entry.write_bytes(entry.read_bytes().replace(b'"rtl"', b'"ltr"'))
    monkeypatch.setattr(languages, "_LANGUAGES", {})
    with environments.languages_remembered(cache), pytest.raises(AssertionError):
        languages.language("ar")  # asked of Babel again (refused here): the entry is not believed

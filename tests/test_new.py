"""`rulebook new`: a game folder whose every file passes `rulebook check` at once, whose
files name their JSON Schema; bad requests are refused with a hint, exit 2, nothing written."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest
import yaml

from conftest import formatted
from generator.check.games import check
from generator.cli.main import main
from generator.families import REGISTRY
from generator.runtime.files import write_beside

MODELINE = re.compile(r"\A# yaml-language-server: \$schema=(\S+)\n")


def tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() if p.is_file() else b""
            for p in sorted(folder.rglob("*"))}


STARTERS = [(family, name) for family in REGISTRY for name in REGISTRY[family].starters]


def test_the_trick_family_starts_games_of_avoidance_and_of_taking() -> None:
    assert list(REGISTRY["tricks"].starters) == ["avoidance", "taking"]


@pytest.mark.parametrize(("family", "starter"), STARTERS)
def test_new_game_of_each_family_checks_clean(family, starter, tmp_path, capsys) -> None:
    rules = tmp_path / "rules"
    assert main(["new", "my-game", "--family", family, "--starter", starter,
                 "--langs", "en,de,ru,ar", "--rules", str(rules)]) == 0
    out = capsys.readouterr().out
    assert "0 error(s), 0 warning(s)" in out
    game = rules / "my-game"
    assert {p.name for p in game.glob("*.yaml")} == {"game.yaml", "en.yaml", "de.yaml",
                                                      "ru.yaml", "ar.yaml"}
    assert len(list((game / "examples").glob("*.yaml"))) == 1
    result = check([rules], root=tmp_path)
    # 0 findings, warnings too, but the placeholder address of the site.yaml `new` made
    assert formatted(result.report.sorted()) == [], result.report.sorted()
    assert result.site_checked and len(result.games) == 1
    assert len(result.replays) == 1  # the example round was replayed
    options = yaml.safe_load((game / "game.yaml").read_text("utf-8"))["options"]
    if starter == "taking":  # Whist's shape: trumps, partners, tricks over a book
        assert {"trumps", "sides", "book"} <= set(options), options
        assert options["end"]["winning"] == "highest-wins"


@pytest.mark.parametrize("family", list(REGISTRY))
def test_each_file_names_its_schema_and_is_valid_under_it(family, tmp_path) -> None:
    rules = tmp_path / "rules"
    assert main(["new", "my-game", "--family", family, "--rules", str(rules)]) == 0
    files = [p for p in rules.rglob("*.yaml")]
    assert len(files) == 4  # site.yaml, game.yaml, en.yaml, the example
    for path in files:
        text = path.read_text(encoding="utf-8")
        found = MODELINE.match(text)
        assert found, f"{path.name} names no schema"
        schema_path = (path.parent / found.group(1)).resolve()
        assert schema_path.is_file(), schema_path
        validator = jsonschema.Draft7Validator(json.loads(schema_path.read_text("utf-8")))
        assert list(validator.iter_errors(yaml.safe_load(text))) == [], path
        assert "docs/format.md" in text or path.name == "site.yaml" or "rulebook docs" in text


def test_new_keeps_the_site_yaml_there_is(tmp_path) -> None:
    rules = tmp_path / "rules"
    rules.mkdir()
    write_beside(rules / "site.yaml", b"base_url: https://example.org/\nsource_language: it\n")
    assert main(["new", "gioco", "--family", "pairs", "--rules", str(rules)]) == 0
    assert (rules / "site.yaml").read_bytes().startswith(b"base_url")
    assert (rules / "gioco" / "it.yaml").is_file()  # the site's source language
    assert formatted(check([rules], root=tmp_path).report.sorted()) == []


@pytest.mark.parametrize(("args", "message", "hint"), [
    (["hearts", "--family", "tricks"], "already exists", "choose another id"),
    (["My_Game", "--family", "tricks"], "bad game id 'My_Game'", "did you mean 'my-game'?"),
    (["nul", "--family", "tricks"], "Windows reserves the name", "choose another id"),
    (["x", "--family", "trick"], "unknown family 'trick'", "did you mean 'tricks'?"),
    (["x", "--family", "pairs", "--langs", "en,dee"], "unknown language 'dee'",
     "did you mean 'de'?"),
    (["x", "--family", "pairs", "--langs", "en,en"], "listed twice", "each language once"),
    (["taken", "--family", "pairs"], "already has the address 'taken'", "choose another id"),
    (["x", "--family", "tricks", "--starter", "takng"], "has no starter 'takng'",
     "did you mean 'taking'?"),
])
def test_refusals_exit_2_and_write_nothing(args, message, hint, tmp_path, capsys) -> None:
    rules = tmp_path / "rules"
    assert main(["new", "hearts", "--family", "tricks", "--rules", str(rules)]) == 0
    slugs = rules / "hearts" / "game.yaml"
    write_beside(slugs, slugs.read_text("utf-8").replace("en: hearts", "en: taken").encode())
    before = tree(tmp_path)
    capsys.readouterr()
    assert main(["new", *args, "--rules", str(rules)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("rulebook: error: ") and message in err[0], err
    assert err[1] == f"  hint: {hint}" if hint.startswith("did") else hint in err[1], err
    assert "Traceback" not in "\n".join(err)
    assert tree(tmp_path) == before


def test_refused_into_a_file(tmp_path, capsys) -> None:
    rules = tmp_path / "rules"
    rules.write_text("not a folder", encoding="utf-8")
    assert main(["new", "x", "--family", "pairs", "--rules", str(rules)]) == 2
    assert "is not a folder" in capsys.readouterr().err
    assert rules.read_text(encoding="utf-8") == "not a folder"


@pytest.mark.parametrize("link", ["game", "rules"])
def test_a_link_that_points_nowhere_is_refused_before_anything_is_written(
        link: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """rules/X (or the rules folder itself) a symbolic link to nothing: exit 2 and a message
    that says so; not even the schemas are written."""
    rules = tmp_path / "rules"
    if link == "game":
        rules.mkdir()
        (rules / "x").symlink_to(tmp_path / "gone")
    else:
        rules.symlink_to(tmp_path / "gone")
    before = tree(tmp_path)
    assert main(["new", "x", "--family", "pairs", "--rules", str(rules)]) == 2
    err = capsys.readouterr().err
    named = rules / "x" if link == "game" else rules
    assert err.splitlines() == [
        f"rulebook: error: {named} is a symbolic link to {tmp_path / 'gone'}, which does not exist",
        "  hint: remove the link, or make the folder it points to"], err
    assert tree(tmp_path) == before and not (tmp_path / "gone").exists()


def test_a_new_game_starts_in_the_languages_the_other_games_are_written_in(tmp_path) -> None:
    """`rulebook new` in a site of two languages makes both files (a newcomer once found the
    second game in English alone, with nothing said); --langs still chooses."""
    rules = tmp_path / "rules"
    assert main(["new", "first", "--family", "pairs", "--langs", "en,de", "--rules", str(rules)]) == 0
    assert main(["new", "second", "--family", "tricks", "--rules", str(rules)]) == 0
    assert {p.name for p in (rules / "second").glob("??.yaml")} == {"en.yaml", "de.yaml"}
    assert main(["new", "third", "--family", "pairs", "--langs", "en", "--rules", str(rules)]) == 0
    assert {p.name for p in (rules / "third").glob("??.yaml")} == {"en.yaml"}
    assert check([rules], root=tmp_path).report.errors == []

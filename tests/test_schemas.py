"""`rulebook schema`: the JSON Schemas an editor reads. Every file of the corpus is valid
against them under a standard validator (jsonschema, draft-07), and files that `rulebook
check` refuses for their shape are refused by them too."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from conftest import RULES
from generator.authoring import schemas
from generator.cli.main import main


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    folder = tmp_path_factory.mktemp("schemas") / "out"
    assert main(["schema", "--out", str(folder)]) == 0
    found = {path.name: json.loads(path.read_text(encoding="utf-8"))
             for path in folder.glob("*.schema.json")}
    assert set(found) == {item.name for item in schemas.schema_files()}
    return found


def schema_for(path: Path, rules: Path) -> str:
    """The schema a rules file is checked against, by its place in the rules folder."""
    if path == rules / "site.yaml":
        return schemas.SITE
    if path.name == "game.yaml":
        return schemas.GAME
    if path.name.endswith(".translated-from.yaml"):
        return schemas.TRANSLATED_FROM
    if path.parent.name == "examples":
        game = yaml.safe_load((path.parent.parent / "game.yaml").read_text(encoding="utf-8"))
        return schemas.example_file(game["family"])
    return schemas.LANGUAGE


def errors(written: dict[str, dict[str, Any]], name: str, data: Any) -> list[str]:
    validator = jsonschema.Draft7Validator(written[name])
    return [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(data)]


def test_the_schemas_are_valid_draft_7(written) -> None:
    for found in written.values():
        assert found["$schema"] == "http://json-schema.org/draft-07/schema#"
        jsonschema.Draft7Validator.check_schema(found)


@pytest.mark.slow  # every file of the corpus: grows with it
def test_every_file_of_the_corpus_is_valid(written) -> None:
    files = sorted(RULES.rglob("*.yaml"))
    kinds = {schema_for(path, RULES) for path in files}
    assert kinds >= {schemas.SITE, schemas.GAME, schemas.LANGUAGE,
                     *(schemas.example_file(f) for f in ("pairs", "tricks"))}
    bad = {}
    for path in files:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        found = errors(written, schema_for(path, RULES), data)
        if found:
            bad[str(path.relative_to(RULES))] = found
    assert not bad, bad


def _load(rel: str) -> Any:
    return yaml.safe_load((RULES / rel).read_text(encoding="utf-8"))


def test_a_bad_file_of_each_kind_is_refused(written) -> None:
    site = _load("site.yaml") | {"source_language": "xx"}
    assert errors(written, schemas.SITE, site)
    game = _load("hearts/game.yaml")
    game["options"]["first_lead"] = "nobody"  # not one of the tricks family's values
    assert errors(written, schemas.GAME, game)
    game = _load("old-maid/game.yaml")
    game["options"]["first_lead"] = "two-of-clubs"  # a tricks option in a pairs game
    assert errors(written, schemas.GAME, game)
    game = _load("hearts/game.yaml")
    game["variants"] = {"short": {"options": {"end": {"winning": "nobody"}}}}
    assert errors(written, schemas.GAME, game)  # a variant's options are the family's
    game = _load("hearts/game.yaml")
    game["variants"] = {"short": {"deck": "french-53"}}
    assert errors(written, schemas.GAME, game)
    lang = _load("hearts/en.yaml")
    lang["faq"].append({"q": "A question with no answer?"})
    assert errors(written, schemas.LANGUAGE, lang)
    example = _load("old-maid/examples/" + sorted(
        p.name for p in (RULES / "old-maid" / "examples").glob("*.yaml"))[0])
    example["moves"] = [{"drow": "7♠"}]
    assert errors(written, schemas.example_file("pairs"), example)


def test_a_variant_names_only_what_it_changes(written) -> None:
    game = _load("hearts/game.yaml")
    game["variants"] = {"short": {"options": {"end": {"over": 50, "winning": "lowest-wins"}}}}
    assert errors(written, schemas.GAME, game) == []


def test_schema_into_a_file_is_refused(tmp_path, capsys) -> None:
    target = tmp_path / "file"
    target.write_text("x", encoding="utf-8")
    assert main(["schema", "--out", str(target)]) == 2
    assert "is not a folder" in capsys.readouterr().err

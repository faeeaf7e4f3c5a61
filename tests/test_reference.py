"""`rulebook docs`: the format reference, generated from the schemas. docs/format.md is its
output; these tests fail when the two differ, and when the reference leaves something out."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import ROOT, corpus
from generator.authoring import reference
from generator.check.load import PLACEHOLDERS, placeholders
from generator.cli.main import main
from generator.core.cards import DECKS
from generator.families import REGISTRY, get_family

FORMAT = ROOT / "docs" / "format.md"


def test_docs_format_md_is_what_rulebook_docs_makes() -> None:
    made = reference.reference()
    assert FORMAT.read_text(encoding="utf-8") == made, (
        "docs/format.md differs from the schemas: run `python -m generator docs --out "
        "docs/format.md` (`rulebook docs --out docs/format.md`) and commit it")


def test_docs_prints_it_and_writes_it(tmp_path, capsys) -> None:
    assert main(["docs"]) == 0
    assert capsys.readouterr().out == reference.reference()
    target = tmp_path / "format.md"
    assert main(["docs", "--out", str(target)]) == 0
    assert target.read_text(encoding="utf-8") == reference.reference()


def test_every_key_has_a_description_and_an_example() -> None:
    assert reference.missing_examples() == []
    for title, walk in reference._file_walks():
        for part in walk.parts:
            for key, value in part.node.get("properties", {}).items():
                assert reference.description_of(value, walk), f"{title}: {part.path} {key} has no description"


def test_every_nested_mapping_has_its_section() -> None:
    text = reference.reference()
    for title, walk in reference._file_walks():
        assert set(walk.anchors) == set(walk.defs), title  # every definition is reached
        for part in walk.parts:
            assert f'<a id="{part.anchor}"></a>' in text or not part.path, part.path
    links = set(re.findall(r"\]\(#([a-z0-9-]+)\)", text))
    anchors = set(re.findall(r'<a id="([a-z0-9-]+)"></a>', text))
    assert links <= anchors, links - anchors


def test_it_names_every_deck_family_and_option() -> None:
    text = reference.reference()
    for name in DECKS:
        assert f"| `{name}` |" in text
    for name, family in REGISTRY.items():
        assert f'<a id="family-{name}"></a>' in text
        for key in family.options_schema.model_fields:
            assert f"- **`{key}`**" in text, key


def test_placeholders_documented_are_those_a_game_has() -> None:
    games = corpus().games
    assert {b.rules.spec.family for b in games} <= set(REGISTRY)
    for bundle in games:
        family = get_family(bundle.rules.spec.family)
        documented = [re.escape(k).replace(re.escape("<card>"), r"\S+")
                      .replace(re.escape("<n>"), r"\d+")
                      for k in [*PLACEHOLDERS, *family.placeholder_docs]]
        for name in placeholders(bundle.rules):
            if name.split(".")[0] in bundle.rules.variants:  # {<variant>.<name>}
                name = name.split(".", 1)[1]
            assert any(re.fullmatch(pattern, name) for pattern in documented), \
                f"{bundle.rules.id}: '{{{name}}}' is not in the reference"
    first = games[0].rules
    common = {name for name in placeholders(first) if name.split(".")[0] not in first.variants} \
        - set(get_family(first.spec.family).placeholders(first.engine))  # a variant's: above
    assert common <= set(PLACEHOLDERS)


def test_the_finding_codes_table_of_authoring_md_is_the_registrys(tmp_path: Path) -> None:
    """docs/authoring.md's table is made from generator/core/findings.py (issue 42): a code
    cannot be reported without its line there, nor documented without being in it."""
    from generator.core import findings

    authoring = ROOT / "docs" / "authoring.md"
    assert authoring.read_text(encoding="utf-8") == findings.with_table(
        authoring.read_text(encoding="utf-8")), "run: rulebook docs --findings docs/authoring.md"
    copy = tmp_path / "authoring.md"
    copy.write_text(authoring.read_text(encoding="utf-8").replace("| `revoke`", "| `revoked`"),
                    encoding="utf-8")
    assert main(["docs", "--findings", str(copy)]) == 0
    assert copy.read_text(encoding="utf-8") == authoring.read_text(encoding="utf-8")


def test_a_finding_with_a_code_nobody_registered_is_refused_where_it_is_made() -> None:
    from generator.core.diagnostics import Diagnostic, Mark

    with pytest.raises(ValueError, match="unregistered finding code 'revoked'"):
        Diagnostic(Mark("rules/x/game.yaml"), "revoked", "a message")


def test_every_code_written_in_the_generator_and_every_engine_fault_is_registered() -> None:
    """The codes the generator writes as literals (report.error(mark, "code", ...),
    Diagnostic(mark, "code", ...)), the families' engine faults and the codes made from a
    name (missing-{kind}-text), all in the registry; and every registered code is one of them."""
    import ast
    import enum

    from generator.core.findings import CODES
    from generator.families import pairs, shedding, tricks

    written: set[str] = set()
    unregistered: list[str] = []
    calls = re.compile(r"\.(error|warning|note)\(|Diagnostic\(")
    for path in (ROOT / "generator").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        written |= {code for code in CODES if f'"{code}"' in text}
        if not calls.search(text):  # no finding made here: nothing to parse
            continue
        for node in ast.walk(ast.parse(text)):
            # a report's method (report.error(mark, "code", ...)) or a Diagnostic(mark, "code")
            named = node.func.attr if isinstance(node, ast.Call) and isinstance(
                node.func, ast.Attribute) and node.func.attr in ("error", "warning", "note") \
                else "Diagnostic" if isinstance(node, ast.Call) and isinstance(
                    node.func, ast.Name) and node.func.id == "Diagnostic" else None
            if named and isinstance(node, ast.Call) and len(node.args) >= 2 \
                    and isinstance(node.args[1], ast.Constant) and node.args[1].value not in CODES:
                unregistered.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.args[1].value}")
    assert unregistered == []
    faults = {f.value for module in (pairs.engine, shedding.engine, tricks.engine)
              for f in module.Fault if isinstance(f, enum.Enum)}
    made = {f"{what}-{key}-text" for what in ("missing", "extra") for key in ("faq", "steps")} \
        | {f"missing-{kind}-text" for kind in ("variant", "example", "reading", "outside-model")} \
        | {f"unknown-{kind}" for kind in ("variant", "example", "reading", "outside-model")}
    assert faults <= CODES, sorted(faults - CODES)
    assert CODES == written | faults | made, sorted(CODES - written - faults - made)

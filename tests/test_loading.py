"""Loading rules files: safe YAML, every error with path:line:col, expected vs found."""

from __future__ import annotations

from conftest import findings, line_of
from generator.model.schema import GameSpec, validate
from generator.model.source import load_yaml


def load(text: str):
    return load_yaml("f.yaml", text)


def test_duplicate_keys_are_errors_pointing_at_the_second() -> None:
    src, problems = load("a: 1\nb: 2\na: 3\n")
    assert [p.format() for p in problems] == [
        "f.yaml:3:1: error[duplicate-key]: key 'a' appears twice in this mapping"
        "\n  hint: first written at line 1"]
    assert src is not None and src.data["a"] == 1


def test_aliases_are_refused_so_no_anchor_bombs() -> None:
    bomb = 'a: &a ["x", "x"]\nb: &b [*a, *a]\nc: [*b, *b]\n'
    src, problems = load(bomb)
    assert src is None
    assert [(p.code, p.mark.line) for p in problems] == [("yaml-alias", 2)]


def test_python_tags_are_refused() -> None:
    _, problems = load("a: !!python/object/apply:os.system ['echo hi']\n")
    assert [(p.code, p.mark.line, p.mark.col) for p in problems] == [("yaml-tag", 1, 4)]


def test_syntax_error_has_line_and_column() -> None:
    _, problems = load("a: [1, 2\nb: 3\n")
    assert len(problems) == 1 and problems[0].code == "yaml-syntax"
    assert problems[0].mark.line == 2


def test_columns_inside_one_line_scalars() -> None:
    src, _ = load('plain: A♥ 2♠\nquoted: "A♥ 2♠"\n')
    assert src is not None
    assert src.text_mark(("plain",), 3).col == 11
    assert src.text_mark(("quoted",), 3).col == 13


GAME = """\
id: g
family: pairs
deck: skat-32
players: {min: 2, max: six}
duration: {hand: 10}
dificulty: 1
slugs: {en: g}
options: {}
"""


def test_schema_reports_every_error_at_once_with_expected_and_found() -> None:
    src, _ = load(GAME)
    assert src is not None
    spec, problems = validate(GameSpec, src)
    assert spec is None
    assert sorted(p.format() for p in problems) == [
        "f.yaml:1:1: error[missing-key]: missing key 'difficulty' at the top",
        "f.yaml:4:24: error[wrong-type]: expected a whole number; found text 'six'",
        "f.yaml:6:1: error[unknown-key]: unknown key 'dificulty'\n  hint: did you mean 'difficulty'?",
    ]


def test_unknown_option_in_game_yaml_suggests_nearest(broken) -> None:
    result = broken("uomo-nero", {"game.yaml": [("  draw_from: right", "  draw_form: right")]})
    line = line_of("uomo-nero", "game.yaml", "draw_from: right")
    messages = [d.format() for d in result.report.sorted()]
    assert f"rules/uomo-nero/game.yaml:{line}:3: error[unknown-key]: unknown key 'draw_form'" \
           "\n  hint: did you mean 'draw_from'?" in messages
    assert any("missing key 'draw_from' in 'options'" in m for m in messages)


def test_bad_enum_value_lists_the_choices(broken) -> None:
    result = broken("black-peter", {"game.yaml": [("draw_from: left", "draw_from: lefft")]})
    line = line_of("black-peter", "game.yaml", "draw_from: left")
    [d] = [d for d in result.report.errors if d.code == "bad-value"]
    assert (d.mark.line, d.message, d.hint) == (
        line, "expected one of 'left' or 'right'; found text 'lefft'", "did you mean 'left'?")


def test_bad_card_in_game_yaml_quotes_token_and_suggests(broken) -> None:
    result = broken("uomo-nero", {"game.yaml": [("odd_card: J♠", "odd_card: Jz")]})
    line = line_of("uomo-nero", "game.yaml", "odd_card: J♠")
    assert [(d.code, d.mark.line, d.mark.col, d.message) for d in result.report.errors] == [
        ("bad-card", line, 13, "'Jz' is not a card")]


def test_inconsistent_odd_card_is_reported(broken) -> None:
    result = broken("uomo-nero", {"game.yaml": [("odd_card: J♠", "odd_card: J♥")]})
    messages = [d.message for d in result.report.errors if d.code == "inconsistent-game"]
    assert "the game: J♠ cannot all be paired: 1 cards pair with one another" in messages
    assert "the game: J♦ cannot all be paired: 1 cards pair with one another" in messages


def test_variant_override_errors_point_into_the_variant(broken) -> None:
    result = broken("uomo-nero", {"game.yaml": [("options: {pairing: rank, odd_card: none}",
                                                 "options: {pairing: suit, odd_card: none}")]})
    line = line_of("uomo-nero", "game.yaml", "options: {pairing: rank, odd_card: none}")
    assert ("rules/uomo-nero/game.yaml", line, "bad-value") in findings(result)


MINIMAL_LANGUAGE = """\
title: "Black Peter, {deck.sise} cards"
description: For {players.min} to {players.max} players; {{braces}} stay.
sections: {objective: "Do not keep the {odd_card}."}
quickref: {in_short: [x], turn: [x], end: [x]}
"""


def test_unknown_placeholder_is_an_error_with_suggestion(tmp_path, broken) -> None:
    broken("black-peter", {})
    (tmp_path / "rules" / "black-peter" / "de.yaml").write_text(MINIMAL_LANGUAGE, encoding="utf-8")
    from generator.check.games import check
    result = check([tmp_path / "rules" / "black-peter"], root=tmp_path)
    found = [d for d in result.report.errors if d.code == "unknown-placeholder"]
    assert [(d.mark.path, d.mark.line, d.mark.col, d.message, d.hint) for d in found] == [
        ("rules/black-peter/de.yaml", 1, 22, "unknown placeholder '{deck.sise}'",
         "did you mean '{deck.size}'?")]


def test_placeholder_without_a_value_in_this_game(tmp_path, broken) -> None:
    broken("uomo-nero", {})
    text = MINIMAL_LANGUAGE.replace("{deck.sise}", "{match.losses}")
    (tmp_path / "rules" / "uomo-nero" / "de.yaml").write_text(text, encoding="utf-8")
    from generator.check.games import check
    result = check([tmp_path / "rules" / "uomo-nero"], root=tmp_path)
    [d] = [d for d in result.report.errors if "placeholder" in d.code]
    assert (d.code, d.mark.line, d.message) == (
        "empty-placeholder", 1, "'{match.losses}' has no value in this game (see game.yaml)")


def test_placeholders_fill_from_game_yaml() -> None:
    from generator.model.placeholders import fill_placeholders
    values = {"deck.size": "31", "odd_card": "J♣"}
    assert fill_placeholders("{deck.size} cards, {odd_card} loses, {{x}}", values) == \
        "31 cards, J♣ loses, {x}"


def test_every_variant_has_its_decks_placeholders_in_every_family() -> None:
    """docs/format.md promises {<variant>.deck.size}: a pairs variant had none (Black Peter's
    full pack could not say its 51 cards), the tricks family's had."""
    from conftest import corpus
    from generator.check.load import placeholders

    for bundle in corpus().games:
        values = placeholders(bundle.rules)
        for name, variant in bundle.rules.variants.items():
            assert values[f"{name}.deck.size"] == str(len(variant.cards)), (bundle.rules.id, name)
            assert f"{name}.deck.full" in values and f"{name}.removed" in values
    black = next(b for b in corpus().games if b.rules.id == "black-peter")
    values = placeholders(black.rules)  # the full pack less the J♣
    assert (values["full-pack.deck.size"], values["full-pack.deck.full"],
            values["full-pack.removed"]) == ("51", "52", "J♣")


def test_the_family_is_one_of_the_registry(broken) -> None:
    # game.yaml's family is checked against the registry of families, like any other value
    result = broken("uomo-nero", {"game.yaml": [("family: pairs", "family: pair")]})
    [d] = result.report.errors
    line = line_of("uomo-nero", "game.yaml", "family: pairs")
    assert (d.mark.path, d.mark.line, d.code, d.message, d.hint) == (
        "rules/uomo-nero/game.yaml", line, "bad-value",
        "expected one of 'pairs', 'tricks' or 'shedding'; found text 'pair'", "did you mean 'pairs'?")


def test_a_reading_without_its_text_is_reported_like_any_missing_text(broken) -> None:
    result = broken("chat-noir", {"de.yaml": [("  slam-others:\n", "  slam-other:\n")]})
    assert ("rules/chat-noir/de.yaml", line_of("chat-noir", "de.yaml", "  slam-others:"),
            "unknown-reading") in findings(result)
    assert ("rules/chat-noir/de.yaml", line_of("chat-noir", "de.yaml", "readings:"),
            "missing-reading-text") in findings(result)
    messages = [d.message for d in result.report.errors]
    assert "no text for reading 'slam-others' in de" in messages


def test_a_reading_must_name_a_known_source(broken) -> None:
    result = broken("hearts", {"game.yaml": [("{id: moon-always, sources: [seed-002, wikipedia-hearts]}",
                                              "{id: moon-always, sources: [seed-02, wikipedia-hearts]}")]})
    line = line_of("hearts", "game.yaml", "{id: moon-always")
    assert ("rules/hearts/game.yaml", line, "bad-value") in findings(result)
    error = next(d for d in result.report.errors if "unknown source" in d.message)
    assert error.message == "reading 'moon-always' names the unknown source 'seed-02'"
    assert error.hint == "did you mean 'seed-002'?"

"""Findings about a file's shape (issue 23): a variant's `options:` indented one level too
little, a schema error that must not hide the findings in the rest of its file, and the
order of the examples (`order:` in game.yaml)."""

from __future__ import annotations

from conftest import findings, line_of

GAME = "game.yaml"


def test_options_indented_too_little_says_to_indent_it(broken) -> None:
    result = broken("hearts", {GAME: [(
        "  jack-of-diamonds:\n    options:\n", "  jack-of-diamonds:\n  options:\n    ")]})
    items = result.report.sorted()
    assert [(d.mark.line, d.mark.col, d.code) for d in items] == [
        (line_of("hearts", GAME, "jack-of-diamonds:") + 1, 3, "misplaced-key")], \
        [d.format() for d in items]
    [item] = items
    assert "read as a variant named 'options'" in item.message
    assert item.hint == "indent 'options:' under 'jack-of-diamonds' (two spaces deeper than " \
                        "'jack-of-diamonds:')"


def test_a_schema_error_in_a_language_file_hides_nothing_else_in_it(broken) -> None:
    faq = line_of("hearts", "en.yaml", "faq:")
    result = broken("hearts", {"en.yaml": [
        ("faq:\n", "faq:\n  - q: A question with no answer?\n"),  # no a: the schema refuses it
        ("\nvariants:\n", "\nvariants:\n  moon-plus: {name: Moon, text: Up.}\n"),  # no such variant
        ("  moon-minus:\n", "  moon-minus:\n    name: x\n    text: '{no.such.value}'\n"
         "  moon-minus-again:\n"),
    ]})
    got = [(d.mark.path, d.mark.line, d.code, d.message) for d in result.report.sorted()]
    assert ("rules/hearts/en.yaml", faq + 1, "missing-key", "missing key 'a' in 'faq.0'") in got
    # the entry, broken as it is, is one more than the translations have: they are told so
    assert {path for path, _, code, _ in got if code == "missing-faq-text"} == {
        f"rules/hearts/{lang}.yaml" for lang in ("it", "de", "ru", "ro", "ar")}, got
    assert [message for *_, code, message in got if code == "unknown-variant"] == [
        "unknown variant 'moon-plus'", "unknown variant 'moon-minus-again'"], got
    assert [message for *_, code, message in got if code == "unknown-placeholder"] == [
        "unknown placeholder '{no.such.value}'"], got


def test_a_schema_error_in_game_yaml_hides_nothing_else_in_it(broken) -> None:
    source = line_of("hearts", GAME, "{id: seed-002")
    result = broken("hearts", {GAME: [
        ("language: ro}", "language: romanian}"),  # the schema refuses it
        ("      players: 3\n", "      players: 9\n"),  # so does the variant's options' schema
    ]})
    got = findings(result)
    assert ("rules/hearts/game.yaml", source, "bad-value") in got, got
    assert ("rules/hearts/game.yaml", line_of("hearts", GAME, "players: 3"), "bad-value") in got, got


def test_examples_follow_the_file_names_without_order(broken) -> None:
    result = broken("hearts", {})
    assert result.ok
    assert list(result.games[0].examples) == ["first-hand", "shooting-the-moon", "to-a-hundred",
                                              "with-five-players"]


def test_examples_follow_order(broken) -> None:
    result = broken("hearts", {GAME: [(
        "related:\n",
        "order: [to-a-hundred, first-hand, with-five-players, shooting-the-moon]\nrelated:\n")]})
    assert result.report.sorted() == []
    assert list(result.games[0].examples) == ["to-a-hundred", "first-hand", "with-five-players",
                                              "shooting-the-moon"]


def test_order_names_unknown_and_missing_examples(broken) -> None:
    result = broken("hearts", {GAME: [(
        "related:\n", "order: [shooting-the-moon, first-hnd, shooting-the-moon]\nrelated:\n")]})
    items = [(d.code, d.message, d.hint) for d in result.report.sorted()]
    assert items == [
        ("missing-example", "the example 'to-a-hundred' (examples/to-a-hundred.yaml) is not "
         "in 'order'", "add it to 'order' where the page should show it"),
        ("missing-example", "the example 'with-five-players' (examples/with-five-players.yaml) "
         "is not in 'order'", "add it to 'order' where the page should show it"),
        ("unknown-example", "'order' names the unknown example 'first-hnd'",
         "did you mean 'first-hand'?"),
        ("bad-value", "'shooting-the-moon' is in 'order' twice", "list each example once"),
    ], items
    line = line_of("hearts", GAME, "related:")
    assert {d.mark.line for d in result.report.sorted()} == {line}


def test_what_a_schema_error_leaves_out_causes_no_findings_elsewhere(broken) -> None:
    # only the unknown key goes, not the reading: the six languages' texts of it still fit
    result = broken("hearts", {GAME: [("{id: mistakes, sources: []}",
                                       "{id: mistakes, sources: [], x: 1}")]})
    assert [(d.mark.path, d.code) for d in result.report.sorted()] == [
        ("rules/hearts/game.yaml", "unknown-key")]
    # a bad slug is reported once, not again as a language without a slug
    result = broken("peppa", {GAME: [("\n  de: ", "\n  de: Bad_")]})
    assert [(d.mark.path, d.code) for d in result.report.sorted()] == [
        ("rules/peppa/game.yaml", "bad-value")]

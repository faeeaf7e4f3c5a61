"""What an author new to the format runs into, said by `check` where it is: a game with no
language file, a FAQ entry or a step missing from one language, a placeholder mistyped in a
game with many; findings quoted with their source line and a caret; `simulate` naming the
variant that is played by the count asked for."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from conftest import RULES, corpus, formatted
from generator.check.games import check
from generator.cli.main import main


def codes(rules: Path) -> list[tuple[str, int, str, str]]:
    """(file name, line, code, message) of every finding of a check of ``rules``."""
    return [(Path(d.mark.path).name, d.mark.line, d.code, d.message)
            for d in check([rules], root=rules.parent).report.sorted()]


def test_a_game_without_any_language_file_is_an_error(tmp_path: Path) -> None:
    rules = tmp_path / "rules"
    (rules / "uomo-nero").mkdir(parents=True)
    shutil.copy(RULES / "uomo-nero" / "game.yaml", rules / "uomo-nero")
    shutil.copytree(RULES / "uomo-nero" / "examples", rules / "uomo-nero" / "examples")
    [(name, _, code, message)] = codes(rules)
    assert (name, code) == ("game.yaml", "no-language")
    assert "nothing of it would be published" in message


def test_a_broken_language_file_is_not_also_a_missing_one(tmp_path: Path) -> None:
    rules = tmp_path / "rules"
    shutil.copytree(RULES / "uomo-nero", rules / "uomo-nero")
    for path in (rules / "uomo-nero").glob("??.yaml"):
        if path.stem != "de":
            path.unlink()
    (rules / "uomo-nero" / "de.yaml").write_text("title: [\n", encoding="utf-8")
    found = codes(rules)
    assert found and all(code != "no-language" for _, _, code, _ in found), found


def test_a_faq_entry_missing_in_one_language_is_an_error(broken) -> None:
    path = RULES / "uomo-nero" / "de.yaml"
    text = path.read_text(encoding="utf-8")
    first = text.index("  - q: ", text.index("\nfaq:"))
    second = text.index("  - q: ", first + 1)
    result = broken("uomo-nero", {"de.yaml": [(text[first:second], "")]})
    found = [(Path(d.mark.path).name, d.mark.line, d.code, d.message)
             for d in result.report.sorted()]
    en = len(yaml.safe_load((RULES / "uomo-nero" / "en.yaml").read_text(encoding="utf-8"))["faq"])
    assert en > 1
    assert ("de.yaml", text[:first].count("\n"), "missing-faq-text",
            f"de.yaml has {en - 1} FAQ entries; en.yaml, the source language, has {en}") in found


def test_a_step_too_many_in_one_language_is_an_error(broken) -> None:
    result = broken("uomo-nero", {"ru.yaml": [("steps:\n", "steps:\n  - \"Лишний шаг.\"\n")]})
    found = [(Path(d.mark.path).name, d.code) for d in result.report.sorted()]
    assert found == [("ru.yaml", "extra-steps-text")]


def test_the_corpus_has_as_many_entries_in_every_language() -> None:
    """The check that can fail above finds nothing in the corpus, every language complete."""
    assert not [d for d in corpus().report.items if d.code.endswith(("-faq-text",
                                                                     "-steps-text"))]


@pytest.mark.slow  # checks the whole corpus twice: over 2 s of CPU since Hearts grew (issue 39)
def test_text_findings_quote_the_line_with_a_caret(broken, capsys) -> None:
    broken("hearts", {"en.yaml": [("Anna plays the J♣.", "Anna plays the jack of spades.")]})
    rules = broken.tmp / "rules"
    assert main(["check", str(rules)]) == 1
    out = capsys.readouterr().out.splitlines()
    [at] = [i for i, line in enumerate(out) if "error[narration-claim]" in line]
    col = int(out[at].split(":")[2])
    source, caret = out[at + 2], out[at + 3]
    number, _, quoted = source.partition(" | ")
    assert int(number) == int(out[at].split(":")[1])
    assert "Anna plays the jack of spades." in quoted
    assert caret.endswith("^") and len(caret) - 1 == len(number) + 3 + col - 1
    assert quoted[col - 1:].startswith("jack of spades")
    # --format short: one line a finding (and its hint), for editors and grep
    assert main(["check", "--format", "short", str(rules)]) == 1
    short = capsys.readouterr().out.splitlines()
    assert [line for line in short if not line.startswith("  hint:")] == [out[at]]


def test_an_arabic_line_is_quoted_without_a_caret(broken, capsys) -> None:
    """A terminal may reorder a right-to-left line: a caret counted in logical order would
    point at another word, so the line is shown alone (its column is in the heading)."""
    broken("hearts", {"ar.yaml": [("وتلعب آنا J♣.", "وتلعب آنا الولد البستوني.")]})
    assert main(["check", str(broken.tmp / "rules")]) == 1
    out = capsys.readouterr().out.splitlines()
    [at] = [i for i, line in enumerate(out) if "error[narration-claim]" in line]
    assert "الولد البستوني" in out[at + 2]
    assert at + 3 == len(out) or "^" not in out[at + 3]


def test_a_mistyped_placeholder_hint_is_short(broken) -> None:
    result = broken("hearts", {"en.yaml": [("Anna plays the J♣.", "Anna plays the {jack}.")]})
    [hint] = [d.hint for d in result.report.items if d.code == "unknown-placeholder"]
    assert hint is not None and len(hint) < 400, hint
    assert "more" in hint and "{three-players." in hint or "{moon-minus." in hint


def test_simulate_names_the_variant_that_gives_a_player_count(capsys) -> None:
    assert main(["simulate", "hearts", "--rules", str(RULES), "--players", "3"]) == 2
    err = capsys.readouterr().err
    assert "the variants 'black-maria' and 'three-players' are played by 3" in err
    assert "hint: use --variant black-maria --players 3 (or --variant three-players)" in err
    assert main(["simulate", "hearts", "--rules", str(RULES), "--players", "5"]) == 2
    err = capsys.readouterr().err
    assert "the variant 'five-players' is played by 5" in err


@pytest.mark.parametrize("players", ["7"])
def test_simulate_without_a_variant_for_the_count_says_what_the_game_takes(capsys,
                                                                         players: str) -> None:
    assert main(["simulate", "hearts", "--rules", str(RULES), "--players", players]) == 2
    err = capsys.readouterr().err
    assert f"is played by 4 players, not {players}" in err and "variant" not in err


def test_a_hidden_folder_is_not_a_game(tmp_path: Path) -> None:
    """What `rulebook new` leaves when killed half-way (rules/.GAME.*.new), or an editor's
    backup copy, is not checked or built as a second game."""
    rules = tmp_path / "rules"
    shutil.copytree(RULES / "uomo-nero", rules / "uomo-nero")
    shutil.copytree(RULES / "uomo-nero", rules / ".uomo-nero.1234.new")
    result = check([rules], root=tmp_path)
    assert [b.rules.id for b in result.games] == ["uomo-nero"] and not result.report.items


BLACK_MARIA = Path(__file__).parent / "fixtures" / "black-maria"


@pytest.mark.site
def test_a_game_written_from_the_reference_alone_is_clean(tmp_path: Path) -> None:
    """Black Maria (3 players, 51 cards, the pass to the right, the black queen, king and
    ace): written by a newcomer from docs/format.md, `rulebook new` and the findings only,
    with a whole hand of 17 tricks narrated in English and German. It stays clean, and it
    builds."""
    from generator.pipeline import BuildConfig, build

    result = check([BLACK_MARIA], root=BLACK_MARIA.parent)
    assert [b.rules.id for b in result.games] == ["black-maria"]
    assert not formatted(result.report.items), [d.format() for d in result.report.items]
    built = build(BuildConfig(BLACK_MARIA, Path(__file__).parents[1] / "templates",
                              tmp_path / "site", pdf=False, search=False))
    assert built.ok and (tmp_path / "site" / "de" / "schwarze-maria" / "index.html").is_file()


def test_a_count_only_a_variant_plays_needs_its_line_on_the_quick_reference(broken) -> None:
    """Hearts promises 3–6 players; three play only in variants: the quick reference of
    every language must say how, or the card's header promises what the card does not hold."""
    ru = (RULES / "hearts" / "ru.yaml").read_text(encoding="utf-8")
    line = next(x for x in ru.splitlines() if x.startswith("    - \"3 игрока:"))
    result = broken("hearts", {"ru.yaml": [(line + "\n", "")]})
    found = [(Path(d.mark.path).name, d.code, d.message) for d in result.report.items]
    assert found == [("ru.yaml", "quickref-players", "ru: the quick reference promises 3–6 "
                      "players and has no line for 3, which the variants 'black-maria' and "
                      "'three-players' play")]


def test_the_summary_counts_a_game_whose_game_yaml_fails(tmp_path: Path, capsys) -> None:
    """'checked 0 game(s)' beside the errors of a game read as no game was checked."""
    rules = tmp_path / "rules"
    shutil.copytree(RULES / "uomo-nero", rules / "uomo-nero")
    (rules / "uomo-nero" / "game.yaml").write_text("id: [\n", encoding="utf-8")
    assert main(["check", str(rules)]) == 1
    assert "checked 1 game(s), 0 example(s): " in capsys.readouterr().err


def test_the_translation_summary_counts_the_pages_written(tmp_path: Path, capsys) -> None:
    """A game in English and German: two pages to finish, four not written, not '1 of 6'."""
    rules = tmp_path / "rules"
    shutil.copytree(RULES / "uomo-nero", rules / "uomo-nero")
    for path in (rules / "uomo-nero").glob("*.yaml"):
        if path.name.split(".")[0] not in ("game", "en", "de"):
            path.unlink()
    assert main(["i18n", str(rules)]) == 0
    out = capsys.readouterr().out
    assert "2 of 2 game pages complete; 4 not written yet (no language file)" in out, out[-300:]


def test_a_count_nothing_plays_is_an_error_at_players_not_a_line_to_add(broken) -> None:
    """Hearts said to take 3–7: seven play neither in the game nor in a variant. The one
    finding is at game.yaml's players, with no hint that a quick-reference line would do (one
    made check pass on a promise nothing backs)."""
    result = broken("hearts", {"game.yaml": [("players: {min: 3, max: 6}",
                                              "players: {min: 3, max: 7}")]})
    found = [(Path(d.mark.path).name, d.code, d.message, d.hint) for d in result.report.items]
    assert found == [("game.yaml", "unplayable-players", "'players' promises 3–7 players, but "
                      "neither the game nor a variant is played by 7",
                      "narrow 'players' to the counts played (3–6), or add a variant for 7 "
                      "players (its options say how 7 play)")]


def test_a_source_address_with_an_invisible_character_is_a_warning_at_its_column(broken) -> None:
    """Chat Noir's La Voce di Bolzano ended in %ef%bb%bf, a byte-order mark pasted with the
    address; a zero-width space pasted raw is as invisible. Each is said where it starts in
    the line, with the address as it should read."""
    clean = "url: https://www.lavocedibolzano.it/schwarzer-peter/"
    result = broken("chat-noir", {"game.yaml": [
        (clean, "url: https://www.lavocedibolzano.it/schwarzer-peter%ef%bb%bf/"),
        ("url: https://fr.wikipedia.org/wiki/Pouilleux_(jeu)", "url: https://fr.wikipedia.org/wiki/\u200bPouilleux_(jeu)")]})
    found = [d for d in result.report.sorted() if d.code == "invisible-in-url"]
    text = (broken.tmp / "rules" / "chat-noir" / "game.yaml").read_text(encoding="utf-8").splitlines()
    assert [(d.severity.value, d.mark.line) for d in found] == [
        ("warning", next(n for n, row in enumerate(text, 1) if "wiki/\u200bPouilleux" in row)),
        ("warning", next(n for n, row in enumerate(text, 1) if "lavocedibolzano" in row))]
    wiki, voce = found
    assert text[wiki.mark.line - 1][wiki.mark.col - 1:].startswith("\u200bPouilleux")
    assert text[voce.mark.line - 1][voce.mark.col - 1:] == "%ef%bb%bf/"
    assert voce.message == ("the address of source 'voce-bolzano' carries a byte-order mark "
                            "(U+FEFF), written %ef%bb%bf")
    assert "zero width space (U+200B)" in wiki.message
    assert voce.hint is not None and voce.hint.endswith(" https://www.lavocedibolzano.it/schwarzer-peter/")
    assert result.ok  # a warning: the pages are still made


def test_a_source_address_with_only_visible_escapes_says_nothing() -> None:
    from generator.check.addresses import invisible_characters

    assert invisible_characters("https://de.wikipedia.org/wiki/Schwarzer_Peter_%28Kartenspiel%29") == []
    assert invisible_characters("https://a.example/%C3%A9t%C3%A9%20x") == []  # é and a space are seen
    marks = invisible_characters("https://a.example/%E2%80%8Ex%0A")  # a direction mark, a line feed
    assert [i.written for i in marks] == ["%E2%80%8E", "%0A"]

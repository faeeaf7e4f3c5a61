"""`rulebook i18n --import po FILE...`: read translated catalogs back into the language files.

Only what a translator changed is written: a msgstr equal to the file's text leaves the file
alone (so export then import changes no byte), a changed one replaces that one scalar
(yaml_edit.py), comments and key order kept. Fuzzy entries are not imported: their source
changed, and the translator clears the flag once the translation is brought up to date: an
outdated text whose entries all come back translated and no longer fuzzy is then recorded as
current (its translated-from record, as `rulebook i18n --accept GAME LANG KEY` writes it). Every
problem is found before anything is written; with any error, nothing is.

A catalog comes from outside the project (a translator, a service): it is read with bounds
(po_read.py), and what it cannot mean is refused rather than guessed: two different
translations of one text, a header whose Language is not the file's name (de.po saying
``Language: it`` would rewrite it.yaml), a translation too long for a rules file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml
from babel.messages.catalog import Message

from ..core.diagnostics import Mark, Report
from ..core.hints import did_you_mean
from ..core.languages import LANGUAGES
from ..model import schema
from ..model.game import GameBundle
from ..model.placeholders import PLACEHOLDER_RE, missing_placeholders, names_in
from ..model.source import MAX_FILE_BYTES, Key, load_yaml
from ..model.translated_from import units
from ..runtime.files import write_beside
from .accept import Accepted, accept
from .pieces import KINDS, layout, unwrap
from .po_read import Read, read_catalog
from .scalars import scalars, unit_of
from .staleness import TextState, text_states
from .yaml_edit import replace_scalars


@dataclass
class Imported:
    written: list[Path] = field(default_factory=list)
    changed: int = 0  # texts replaced
    unchanged: int = 0  # msgstrs equal to the file's text
    fuzzy: int = 0  # not imported: marked fuzzy
    empty: int = 0  # not translated in the catalog
    accepted: list[Path] = field(default_factory=list)  # records of outdated texts now current


@dataclass
class _File:
    bundle: GameBundle
    lang: str
    changes: dict[Key, str] = field(default_factory=dict)
    paths: dict[Key, str] = field(default_factory=dict)  # the dotted path of each change
    # the changed pieces of texts cut into paragraphs, items and cells: number -> (the
    # msgstr, its place in the catalog, its msgctxt)
    pieces: dict[Key, dict[int, tuple[str, Mark, str]]] = field(default_factory=dict)
    # each outdated text (a record unit) the catalog has: whether all its entries are
    # translated, current and not fuzzy (the translator cleared the flag: it is up to date)
    current: dict[str, bool] = field(default_factory=dict)
    outdated: set[str] | None = None


def import_po(files: list[Path], games: list[GameBundle], source_lang: str,
              report: Report) -> Imported:
    """Read the catalogs and write their changed texts; with errors in ``report``, nothing
    is written."""
    result = Imported()
    targets: dict[tuple[str, str], _File] = {}
    by_id = {b.rules.id: b for b in games}
    seen: dict[tuple[str, str], tuple[Mark, str]] = {}  # (language, msgctxt): the first translation
    for path in files:
        read = read_catalog(path, report)
        if read is None:
            continue
        lang = _language(path, read, source_lang, report)
        if lang is None:
            continue
        for message in read.entries:
            if not _translated(message) or _first(path, message, lang, seen, report):
                _entry(path, message, lang, by_id, source_lang, targets, result, report)
    planned: dict[Path, str] = {}
    for target in targets.values():
        _join_pieces(target, report)
        if target.changes:
            text = _edited(target, report)
            file = target.bundle.folder / f"{target.lang}.yaml"
            if text is not None and _unchanged_since_loaded(file, target, report):
                planned[file] = text
    if report.errors:
        return result
    for file, text in planned.items():
        write_beside(file, text.encode("utf-8"))
        result.written.append(file)
    for (game, lang), target in targets.items():
        keys = [unit for unit, current in target.current.items() if current]
        if keys:  # as `rulebook i18n --accept GAME LANG KEY...` does
            done = accept(games, game, lang, keys, source_lang=source_lang)
            if isinstance(done, Accepted):
                result.accepted.append(done.path)
    return result


def _language(path: Path, read: Read, source_lang: str, report: Report) -> str | None:
    """The catalog's language: its Language header, else its name (``de.po``); a header
    that names another language than the file's name is refused (which one is meant?)."""
    header = read.catalog.locale_identifier
    if header and path.stem in LANGUAGES and header != path.stem:
        report.error(Mark(str(path), read.language_line or 1), "language-mismatch",
                     f"the header says 'Language: {header}', the file's name says "
                     f"'{path.stem}'", hint=f"rename the file to {header}.po, or correct "
                     f"the header to 'Language: {path.stem}'")
        return None
    lang = str(header or path.stem)
    if lang not in LANGUAGES:
        report.error(Mark(str(path)), "unknown-language", f"a catalog of the unknown language "
                     f"'{lang}' (known: {', '.join(LANGUAGES)})", hint=did_you_mean(lang, LANGUAGES))
        return None
    if lang == source_lang:
        report.error(Mark(str(path)), "source-language", f"'{lang}' is the source language: "
                     "its texts are the msgids, not translations")
        return None
    return lang


def _translated(message: Message) -> bool:
    """An entry that would be imported if its text is current: translated, not fuzzy."""
    return isinstance(message.string, str) and bool(message.string.strip()) \
        and not message.fuzzy


def _first(path: Path, message: Message, lang: str,
           seen: dict[tuple[str, str], tuple[Mark, str]], report: Report) -> bool:
    """Whether ``message`` is the first translation of its text; a second that says
    something else is an error naming both (which of the two is meant?), a second that says
    the same is left out."""
    mark = Mark(str(path), message.lineno or 1)
    text = str(message.string)
    first = seen.setdefault((lang, message.context or ""), (mark, text))
    if first == (mark, text):
        return True
    if first[1] != text:
        report.error(mark, "conflicting-translations", f"{message.context}: translated again, "
                     f"differently: {first[0].path}:{first[0].line} has another text",
                     hint="keep one of the two entries")
    return False


def _entry(path: Path, message: Message, lang: str, by_id: dict[str, GameBundle],
           source_lang: str, targets: dict[tuple[str, str], _File], result: Imported,
           report: Report) -> None:
    mark = Mark(str(path), message.lineno or 1)
    game, _, dotted = (message.context or "").partition(":")
    bundle = by_id.get(game)
    if bundle is None or not dotted:
        report.error(mark, "unknown-msgctxt", f"msgctxt '{message.context or ''}' names no "
                     "game's text: it should be <game>:<path>, as `--export po` writes it",
                     hint=did_you_mean(game, by_id) if dotted else None)
        return
    source = bundle.languages.get(source_lang)
    texts = scalars(source.source) if source is not None else {}
    dotted, _, number = dotted.partition("#")
    if dotted not in texts:
        report.error(mark, "unknown-msgctxt", f"'{dotted}' is no text of {game}'s "
                     f"{source_lang}.yaml", hint=did_you_mean(dotted, texts))
        return
    said = texts[dotted].text
    piece = 0
    if number:  # one paragraph, list item or table cell of the text
        pieces = layout(said).pieces
        piece = int(number) if number.isdigit() else 0
        if not 1 <= piece <= len(pieces) or "\n" not in said:
            report.error(mark, "unknown-msgctxt", f"{dotted} has no piece #{number}: its "
                         f"{source_lang} text has {len(pieces)} (paragraphs, list items, "
                         "table cells)", hint="export the catalog again")
            return
        said = pieces[piece - 1].text
    msgstr = message.string if isinstance(message.string, str) else ""
    if piece:
        msgstr = unwrap(msgstr) if "\n\n" not in msgstr.strip() else msgstr
    entry = targets.setdefault((game, lang), _File(bundle, lang))
    unit = _outdated_unit(entry, dotted, source_lang)
    if unit is not None:  # current once every entry of it says so
        entry.current[unit] = entry.current.get(unit, True) and not message.fuzzy \
            and bool(msgstr.strip()) and message.id == said \
            and not missing_placeholders(said, msgstr)
    if message.fuzzy:
        result.fuzzy += 1
        return
    if not msgstr.strip():
        result.empty += 1
        return
    if message.id != said:
        report.warning(mark, "stale-msgid", f"{message.context}: the msgid is not the current "
                       f"{source_lang} text (the catalog is older than the rules): not imported",
                       hint="export the catalog again and translate the new text")
        return
    target = bundle.languages.get(lang)
    mine = scalars(target.source) if target is not None else {}
    if dotted not in mine:
        report.warning(mark, "no-place", f"{message.context}: {lang}.yaml has no such text "
                       "yet, so this one is not imported",
                       hint=f"add the key to rules/{game}/{lang}.yaml (any text), then import again")
        return
    current = mine[dotted].text
    if piece:
        theirs = layout(current)
        if theirs.shape != layout(texts[dotted].text).shape:
            report.warning(mark, "stale-msgid", f"{message.context}: {lang}.yaml's text is no "
                           f"longer cut into the {source_lang} text's paragraphs, list items "
                           "and cells: not imported", hint="export the catalog again: the text "
                           "comes as one entry")
            return
        current = theirs.pieces[piece - 1].text
    if current == msgstr:
        result.unchanged += 1
        return
    if len(msgstr.encode("utf-8")) > MAX_FILE_BYTES:
        report.error(mark, "too-large", f"{message.context}: the msgstr is over "
                     f"{MAX_FILE_BYTES // 2**20} MB, more than a whole language file may have",
                     hint="a text of the rules is a few paragraphs")
        return
    if not _placeholders_ok(msgstr, bundle, mark, message.context or "", report):
        return
    missing = missing_placeholders(said, msgstr)
    if missing:  # imported all the same: the text is the translator's, the check says it too
        report.warning(mark, "placeholder-missing", f"{message.context}: the msgid has "
                       f"{_braced(names_in(said))}; the msgstr has "
                       f"{_braced(names_in(msgstr)) or 'none'}: {_braced(missing)} missing",
                       hint=f"write {_braced(missing)} where the number or card belongs")
    key = mine[dotted].key
    if piece:
        entry.pieces.setdefault(key, {})[piece] = (msgstr, mark, message.context or "")
    else:
        entry.changes[key] = msgstr
    entry.paths[key] = dotted
    result.changed += 1


def _join_pieces(target: _File, report: Report) -> None:
    """Each text with changed pieces, whole again: the new pieces wrapped at the text's
    width between the unchanged ones; a msgstr that would change the text's structure (a
    paragraph beginning with a list mark, a blank line, a pipe in a cell) is an error, since
    the next export could no longer pair the pieces with the source's."""
    texts = scalars(target.bundle.languages[target.lang].source)
    by_key = {t.key: t for t in texts.values()}
    for key, pieces in target.pieces.items():
        before = layout(by_key[key].text)
        after = before.with_texts({n: text for n, (text, _, _) in pieces.items()})
        again = layout(after)
        if again.shape == before.shape and all(
                again.pieces[n - 1].text == text for n, (text, _, _) in pieces.items()):
            if key in target.changes:  # the whole text and a piece of it, both changed
                _, mark, context = next(iter(pieces.values()))
                report.error(mark, "conflicting-translations", f"{context}: the catalog "
                             f"changes {target.paths[key]} whole and in pieces",
                             hint="keep the pieces' entries, drop the whole text's")
            target.changes[key] = after
            continue
        for n, (text, mark, context) in sorted(pieces.items()):
            alone = layout(before.with_texts({n: text}))
            if alone.shape != before.shape or alone.pieces[n - 1].text != text:
                kind = KINDS[before.pieces[n - 1].kind]
                report.error(mark, "changes-structure", f"{context}: the msgstr would not "
                             f"stay one {kind}: it begins with a list mark, or holds a blank "
                             "line or a '|'", hint=f"write the {kind} alone (a list mark, "
                             "a new paragraph or a table's structure: change them in the "
                             "language file)")


def _outdated_unit(target: _File, dotted: str, source_lang: str) -> str | None:
    """The record unit of the text at ``dotted`` when it is outdated in ``target``'s language."""
    if target.outdated is None:
        target.outdated = {s.key for s in text_states(target.bundle, target.lang, source_lang)
                           if s.state is TextState.OUTDATED}
    source = target.bundle.languages.get(source_lang)
    unit = unit_of(dotted, units(source.spec)) if source is not None else None
    return unit if unit in target.outdated else None


def _braced(names: list[str]) -> str:
    return ", ".join("{" + name + "}" for name in names)


def _placeholders_ok(text: str, bundle: GameBundle, mark: Mark, context: str,
                     report: Report) -> bool:
    ok = True
    for match in PLACEHOLDER_RE.finditer(text):
        name = match.group(1).strip()
        if not bundle.placeholders.get(name):
            ok = False
            report.error(mark, "unknown-placeholder", f"{context}: the msgstr has the "
                         f"placeholder '{{{name}}}', which {bundle.rules.id} has no value for",
                         hint=did_you_mean(name, bundle.placeholders)
                         or "keep the msgid's placeholders as they are")
    rest = PLACEHOLDER_RE.sub("", text).replace("{{", "").replace("}}", "")
    if "{" in rest or "}" in rest:
        ok = False
        report.error(mark, "broken-placeholder", f"{context}: the msgstr has a brace that "
                     "opens or closes no placeholder", hint="write placeholders as {name} "
                     "like the msgid; {{ and }} for literal braces")
    return ok


def _unchanged_since_loaded(file: Path, target: _File, report: Report) -> bool:
    """The edits are made to the text as it was loaded: a file changed since (an editor, a
    second import) would lose that change."""
    try:
        same = file.read_bytes() == target.bundle.languages[target.lang].source.text.encode("utf-8")
    except OSError:
        same = False
    if not same:
        report.error(Mark(str(file)), "changed-meanwhile", "the file changed while the catalogs "
                     "were read", hint="import again")
    return same


def _edited(target: _File, report: Report) -> str | None:
    """The language file with the changes in it, loaded back to prove it says what it should."""
    source = target.bundle.languages[target.lang].source
    shown = source.path
    try:
        text = replace_scalars(source.text, target.changes)
    except (KeyError, yaml.YAMLError) as error:  # the file changed since it was loaded
        report.error(Mark(shown), "import-failed", f"cannot place the new texts: {error}")
        return None
    size = len(text.encode("utf-8"))
    if size > MAX_FILE_BYTES:  # check would refuse the file: never write it
        report.error(Mark(shown), "too-large", f"with the new texts the file would be "
                     f"{size / 2**20:.1f} MB, over the {MAX_FILE_BYTES // 2**20} MB a rules "
                     "file may have; nothing is written", hint="a text of the rules is a few "
                     "paragraphs: look for the longest msgstrs")
        return None
    loaded, problems = load_yaml(shown, text, display=shown)
    if loaded is None or problems:
        report.error(Mark(shown), "import-failed", "the file would not load with the new texts; "
                     "nothing is written")
        return None
    for key, value in target.changes.items():
        if loaded.get(key) != value:
            report.error(Mark(shown), "import-failed", f"{target.paths[key]} would not read back "
                         "as the msgstr; nothing is written")
            return None
    _, problems = schema.validate(schema.LanguageSpec, loaded)
    if problems:
        report.extend(problems)
        return None
    return text

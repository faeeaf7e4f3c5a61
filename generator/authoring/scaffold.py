"""`rulebook new GAME --family F --langs en,de`: a game folder whose files pass `rulebook
check` at once, from the family's starter (families/<f>/starter.py).

    rules/<game>/game.yaml                 the family's starter game
    rules/<game>/<lang>.yaml               one per language, the starter's prose
    rules/<game>/examples/<name>.yaml      the starter's example round, a real one
    rules/.schemas/*.schema.json           the JSON Schemas the files name (kept current)
    rules/site.yaml                        only when the rules folder has none

Each file starts with ``# yaml-language-server: $schema=<its schema>``, so an editor with the
YAML language server completes and checks it, and its comments point to the reference.
The game folder is made beside the others under a temporary name and renamed into place: an
interrupted run leaves no half-made game.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
import textwrap
from dataclasses import dataclass
from pathlib import Path

import yaml

from ..core.hints import did_you_mean, suggest
from ..core.languages import LANGUAGES, language
from ..families import REGISTRY
from ..families.starter import Starter
from ..runtime.files import umask, write_beside
from . import schemas

ID_RE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
MAX_ID = 100  # an id is the slug of every language: a slug has at most 100 characters
# Names Windows gives devices: a folder so named cannot be made there (check/load.py refuses
# such a slug too).
RESERVED = frozenset(["con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)),
                      *(f"lpt{i}" for i in range(10))])
REFERENCE = "docs/format.md"  # where the reference is in rulebook's repository
WIDTH = 92  # prose is wrapped at this column


@dataclass(frozen=True)
class Refusal:
    """Why the game cannot be made, and what to do instead."""

    message: str
    hint: str | None = None


@dataclass(frozen=True)
class Created:
    folder: Path  # the new game folder
    files: list[Path]  # its files
    schemas: Path  # the folder of the JSON Schemas
    site: Path | None  # site.yaml, when it was made too


# -- what may be made ----------------------------------------------------------------------

def site_languages(rules: Path, source: str) -> list[str]:
    """The languages a rules folder's games are written in (the source first), or the source
    language alone in a folder with no game yet: a new game starts in all of them."""
    found = {p.stem for p in rules.glob("*/*.yaml") if p.stem in LANGUAGES
             and (p.parent / "game.yaml").is_file()} if rules.is_dir() else set()
    return [source, *(lang for lang in LANGUAGES if lang in found and lang != source)]


def parse_langs(text: str) -> list[str] | Refusal:
    """``en,de`` as a list of the site's languages."""
    langs = [part.strip() for part in text.split(",") if part.strip()]
    if not langs:
        return Refusal("--langs names no language", f"languages: {', '.join(LANGUAGES)}")
    for i, lang in enumerate(langs):
        if lang not in LANGUAGES:
            return Refusal(f"unknown language '{lang}' (known: {', '.join(LANGUAGES)})",
                           did_you_mean(lang, LANGUAGES))
        if lang in langs[:i]:
            return Refusal(f"language '{lang}' is listed twice", "list each language once")
    return langs


def refusal(rules: Path, game: str, *, family: str,
            starter: str | None = None) -> Refusal | None:
    """Why ``game`` of ``family`` (from its ``starter``) cannot be made in ``rules``; None
    when it can."""
    if family not in REGISTRY:
        return Refusal(f"unknown family '{family}' (known: {', '.join(REGISTRY)})",
                       did_you_mean(family, REGISTRY))
    starters = REGISTRY[family].starters
    if starter is not None and starter not in starters:
        return Refusal(f"the {family} family has no starter '{starter}' "
                       f"(its starters: {', '.join(starters)})", did_you_mean(starter, starters))
    if not ID_RE.fullmatch(game) or len(game) > MAX_ID:
        near = re.sub(r"[^a-z0-9]+", "-", game.lower()).strip("-")[:MAX_ID].strip("-")
        why = (f"at most {MAX_ID} characters" if ID_RE.fullmatch(game)
               else "lowercase letters, digits and single hyphens")
        return Refusal(f"bad game id '{game}': {why}",
                       suggest(near) if ID_RE.fullmatch(near) and near != game else None)
    if game in RESERVED:
        return Refusal(f"bad game id '{game}': Windows reserves the name, so no folder of the "
                       "site could have it", "choose another id")
    for path in (rules, rules / game):
        # a link that points nowhere: `exists` says False, and the files would be written
        # through it (or fail half-way, after the schemas)
        if path.is_symlink() and not path.exists():
            return Refusal(f"{path} is a symbolic link to {os.readlink(path)}, which does not "
                           "exist", "remove the link, or make the folder it points to")
    if rules.exists() and not rules.is_dir():
        return Refusal(f"{rules} is not a folder", "name the rules folder with --rules")
    if (rules / game).exists():
        return Refusal(f"{rules / game} already exists",
                       "choose another id, or move that folder away first")
    for other, lang, slug in _slugs(rules):
        if slug == game:
            return Refusal(f"the {lang} page of '{other}' already has the address '{slug}' "
                           "(its slug), which the new game's pages would take",
                           "choose another id: a new game's slugs are its id")
    return None


def _slugs(rules: Path) -> list[tuple[str, str, str]]:
    """(game, language, slug) of every game in ``rules`` whose game.yaml reads; a game that
    does not read is left to `rulebook check`."""
    out: list[tuple[str, str, str]] = []
    for path in sorted(rules.glob("*/game.yaml")) if rules.is_dir() else []:
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, yaml.YAMLError):
            continue
        slugs = data.get("slugs") if isinstance(data, dict) else None
        if isinstance(slugs, dict):
            out.extend((path.parent.name, str(lang), str(slug)) for lang, slug in slugs.items())
    return out


# -- the files -------------------------------------------------------------------------------

def files(game: str, *, family: str, langs: list[str], source: str,
          starter_name: str | None = None) -> dict[str, str]:
    """The new game's files, by path inside its folder; ``source`` is the language the others
    are translated from; ``starter_name`` one of the family's starters (default: its first)."""
    starters = REGISTRY[family].starters
    starter = starters[starter_name] if starter_name else REGISTRY[family].starter
    out = {"game.yaml": game_yaml(game, family=family, starter=starter, langs=langs)}
    for lang in langs:
        out[f"{lang}.yaml"] = language_yaml(game, starter=starter, lang=lang,
                                            source=source if source in langs else langs[0])
    out[f"examples/{starter.example_name}.yaml"] = example_yaml(family=family, starter=starter)
    return out


def _schema_line(name: str, depth: int) -> str:
    """The modeline that names a file's schema, relative to a file ``depth`` folders below
    the rules folder."""
    return f"# yaml-language-server: $schema={'../' * depth}{schemas.FOLDER}/{name}\n"


def title(game: str) -> str:
    return " ".join(word.capitalize() for word in game.split("-"))


def game_yaml(game: str, *, family: str, starter: Starter, langs: list[str]) -> str:
    lines = [
        _schema_line(schemas.GAME, 1),
        f"# {title(game)}: what is the same in every language. Every key, and the options of\n",
        f"# the {family} family: `rulebook docs` ({REFERENCE}#game-yaml and\n",
        f"# {REFERENCE}#options-{family}).\n",
        f"id: {game}\n",
        f"family: {family}\n",
        f"deck: {starter.deck}  # the named decks: {REFERENCE}#cards-and-decks\n",
    ]
    if starter.remove:
        lines.append(f"remove: {starter.remove}\n")
    lines += [
        f"players: {{min: {starter.players[0]}, max: {starter.players[1]}}}\n",
        f"duration: {starter.duration}  # minutes, roughly\n",
        f"difficulty: {starter.difficulty}  # from 1 (a children's game) to 5\n",
        "slugs:  # the game's address in each language: <lang>/<slug>/\n",
        *(f"  {lang}: {game}\n" for lang in langs),
        "options:\n",
        textwrap.indent(starter.options, "  "),
        f"order: [{starter.example_name}]  # the example rounds, in the order the page shows "
        "them\n",
        "# variants:  # other ways to play; each language file gives each its name and text\n",
        "#   <name>:\n",
        "#     options: {...}  # the options this variant changes\n",
    ]
    return "".join(lines)


def language_yaml(game: str, *, starter: Starter, lang: str, source: str) -> str:
    name = language(lang).english_name
    if lang == source:
        about = [f"# {title(game)} in {name}: the prose of the game page, its quick reference and\n",
                 "# the narration of the example rounds. Prose is Markdown and may use\n",
                 f"# {{placeholders}} filled from game.yaml ({REFERENCE}#placeholders).\n"]
    else:
        about = [f"# {title(game)} in {name}: translate each text of {source}.yaml here "
                 "(`rulebook i18n`\n",
                 "# lists what is left). Placeholders such as {deck.size} stay as they are.\n"]
    lines = [
        _schema_line(schemas.LANGUAGE, 1),
        *about,
        f"# Every key: `rulebook docs` ({REFERENCE}#language-yaml).\n",
        f"title: {_quoted(title(game))}\n",
        "description:", _folded(starter.description, 2),
        "sections:  # objective, cards, setup, gameplay, scoring, special, variants, tips, ...\n",
    ]
    for section, text in starter.sections.items():
        lines += [f"  {section}:", _literal(text, 4)]
    lines.append("steps:  # the rules in a few lines\n")
    lines += ["  -" + _folded(step, 4) for step in starter.steps]
    lines += [
        "# faq:\n",
        "#   - q: A question players ask?\n",
        "#     a: Its answer.\n",
        "quickref:  # the quick-reference card\n",
    ]
    for part, items in starter.quickref.items():
        lines.append(f"  {part}:\n")
        lines += ["    -" + _folded(item, 6) for item in items]
    lines += [
        "examples:  # the narration of each example round, by its file name\n",
        f"  {starter.example_name}:\n",
        f"    title: {_quoted(starter.example_title)}\n",
        "    intro:", _folded(starter.example_intro, 6),
        "    steps:  # one text for each step of the script\n",
        *("      -" + _folded(step, 8) for step in starter.example_steps),
        "    result:", _folded(starter.example_result, 6),
    ]
    return "".join(lines)


def example_yaml(*, family: str, starter: Starter) -> str:
    return "".join([
        _schema_line(schemas.example_file(family), 2),
        f"# An example round that `rulebook check` replays through the {family} engine: every\n",
        "# card, move and claim must be what the rules allow. Its narration is in each language\n",
        f"# file under examples.{starter.example_name}. Every key: `rulebook docs`\n",
        f"# ({REFERENCE}#example-{family}).\n",
        starter.example,
    ])


def site_yaml() -> str:
    return "".join([
        _schema_line(schemas.SITE, 0),
        f"# The site's settings (`rulebook docs`: {REFERENCE}#site-yaml).\n",
        "name: rulebook\n",
        "base_url: https://example.org/  # the address the site will be served from\n",
    ])


def _quoted(text: str) -> str:
    """A YAML scalar that is ``text`` whatever it holds (JSON's strings are YAML's)."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{escaped}"'


def _folded(text: str, indent: int) -> str:
    """`` >-`` and ``text`` wrapped below it: one paragraph, whatever its characters."""
    body = textwrap.fill(text, WIDTH - indent, break_on_hyphens=False, break_long_words=False)
    return " >-\n" + textwrap.indent(body, " " * indent) + "\n"


_MARKDOWN_BLOCK = re.compile(r"^(?:[-*+>#]|\d+[.)])(?:\s|$)")


def _literal(text: str, indent: int) -> str:
    """`` |`` and ``text`` (one Markdown paragraph) wrapped below it; a line that Markdown
    would read as the start of a list or a heading is kept on the line before it."""
    lines: list[str] = []
    for line in textwrap.wrap(text, WIDTH - indent, break_on_hyphens=False,
                              break_long_words=False):
        if lines and _MARKDOWN_BLOCK.match(line):
            lines[-1] += " " + line
        else:
            lines.append(line)
    return " |\n" + "".join(" " * indent + line + "\n" for line in lines)


# -- making them -----------------------------------------------------------------------------

def create(rules: Path, game: str, *, family: str, langs: list[str], source: str,
           starter: str | None = None) -> Created:
    """Write the game folder (under a temporary name, then renamed into place), the schemas
    its files name and, when the rules folder has none, site.yaml. Call ``refusal`` first."""
    rules.mkdir(parents=True, exist_ok=True)
    schema_folder = rules / schemas.FOLDER
    schemas.write(schema_folder)
    site = rules / "site.yaml"
    made_site = not site.exists()
    target = rules / game
    scratch = Path(tempfile.mkdtemp(prefix=f".{game}.", suffix=".new", dir=rules))
    try:
        os.chmod(scratch, 0o777 & ~umask())  # mkdtemp makes it private
        written = []
        for rel, text in files(game, family=family, langs=langs, source=source,
                               starter_name=starter).items():
            path = scratch / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            written.append(target / rel)
        os.rename(scratch, target)
    except BaseException:
        shutil.rmtree(scratch, ignore_errors=True)
        raise
    if made_site:
        write_beside(site, site_yaml().encode("utf-8"))
    return Created(target, written, schema_folder, site if made_site else None)

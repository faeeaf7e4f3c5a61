"""`rulebook check`: load every game, replay every example, collect every finding."""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, Iterator, Mapping, Sequence

from ..core.diagnostics import Diagnostic, Mark, Report
from ..core.languages import SOURCE_LANGUAGE
from ..core.readings import TextReading
from ..families import get_family
from ..model.game import GameBundle, LanguageText
from ..model.schema import LanguageSpec, SiteSpec, validate_parts
from ..model.source import load_yaml
from ..runtime import collector
from ..runtime.pool import pool_map
from ..runtime.progress import QUIET, Progress
from .load import load_game
from .prose import check_counts, check_placeholders_kept, check_quickref_counts, check_sections
from .related import LinkSource, check_related
from .site_spec import load_site_spec


@dataclass
class CheckResult:
    report: Report
    games: list[GameBundle] = field(default_factory=list)
    # (game, example): its family's replay, which only that family reads
    replays: dict[tuple[str, str], object] = field(default_factory=dict)
    site: SiteSpec | None = None  # a rules root's site.yaml, once checked
    site_checked: bool = False  # whether a rules root's site.yaml was there to check
    folders: int = 0  # game folders found: a game whose game.yaml fails is checked, not loaded

    @property
    def ok(self) -> bool:
        return not self.report.errors


def find_game_folders(paths: list[Path], report: Report) -> list[Path]:
    """Game folders named by the paths: a rules root, a game folder or a file inside one."""
    folders: list[Path] = []
    for path in paths:
        if not path.exists():
            report.error(Mark(str(path)), "no-such-path", "no such file or folder")
            continue
        start = path if path.is_dir() else path.parent
        game = next((p for p in (start, *start.parents) if (p / "game.yaml").is_file()), None)
        if game is not None:
            folders.append(game)
        elif path.is_dir():
            # a hidden folder is no game: rulebook new's half-made one, an editor's backup
            found = sorted(p.parent for p in path.glob("*/game.yaml")
                           if not p.parent.name.startswith("."))
            if not found:
                report.error(Mark(str(path)), "no-games",
                             "no game here: expected <game>/game.yaml folders")
            folders.extend(found)
        else:
            report.error(Mark(str(path)), "no-games", "this file is not inside a game folder")
    unique: dict[tuple[int, int], Path] = {}  # the same folder named twice counts once
    for f in folders:
        st = os.stat(f)  # not resolve(): one call, not one per path component (260 games)
        unique.setdefault((st.st_dev, st.st_ino), f)
    return list(unique.values())


def check(paths: list[Path], *, root: Path | None = None, progress: Progress = QUIET,
          unread: bool = False) -> CheckResult:
    """Every game of ``paths`` checked; with ``unread`` (what `rulebook check` and `build`
    pass), each sentence of narration the reader could not read is a warning
    (unread-narration)."""
    with collector.paused():
        return _check(paths, root, progress, unread)


def _check(paths: list[Path], root: Path | None, progress: Progress, unread: bool) -> CheckResult:
    result = CheckResult(Report(unread=unread))
    report = result.report
    for path in paths:  # a rules root also holds the site's settings
        if path.is_dir() and (path / "site.yaml").is_file():
            result.site, result.site_checked = load_site_spec(path, report, root=root), True
    source_lang = result.site.source_language if result.site is not None else SOURCE_LANGUAGE
    folders = find_game_folders(paths, report)
    result.folders = len(folders)
    with progress.task("checking the games", len(folders)) as task:
        checked = check_apart(folders, root=root, source_lang=source_lang, advance=task.advance,
                              unread=unread)
    for bundle, replays, found, readings in checked:  # the folders' order, whoever checked them
        report.extend(found)
        report.readings += readings
        if bundle is not None:
            result.games.append(bundle)
            result.replays |= replays
    check_slugs([game_slugs(b) for b in result.games], report)
    check_related([LinkSource.of(b) for b in result.games], report)
    return result


# Games to check before the check is worth a pool: a worker's start and the games' trip back
# (pickled: about 9 ms a game, against 45 ms to check one) cost more below this.
CHECKED_PER_WORKER = 8

Checked = tuple[GameBundle | None, dict[tuple[str, str], object], list[Diagnostic],
                list[TextReading]]


def check_apart(folders: list[Path], *, root: Path | None, source_lang: str, workers: int = 0,
                advance: Callable[[int], None] = lambda done: None,
                unread: bool = False) -> list[Checked]:
    """``check_game`` of each folder, with what it found, in forked workers when there are
    enough folders (``workers``: at most; 0, one per core), in the folders' order."""
    def one(folder: Path) -> Checked:
        found = Report(unread=unread)
        bundle, replays = check_game(folder, found, root=root, source_lang=source_lang)
        return bundle, replays, found.items, found.readings

    return pool_map(one, folders, workers=workers, name="check", per_worker=CHECKED_PER_WORKER,
                    advance=advance)


def check_game(folder: Path, report: Report, *, root: Path | None = None,
               narration: bool = True, source_lang: str = SOURCE_LANGUAGE,
               ) -> tuple[GameBundle | None, dict[tuple[str, str], object]]:
    """Load one game and replay its examples: the game (None when unusable) and its replays.
    Without ``narration`` the narration is not checked against the replays (a game loaded
    again to render it, whose findings are known). Its languages are held to the site's
    ``source_lang``."""
    replays: dict[tuple[str, str], object] = {}
    bundle = load_game(folder, report, root=root)
    if bundle is None:
        return None, replays
    check_counts(bundle, source_lang, report)
    check_placeholders_kept(bundle, source_lang, report)
    check_sections(bundle, source_lang, report)
    check_quickref_counts(bundle, report)
    family = get_family(bundle.rules.spec.family)
    read_before = len(report.readings)
    for name, example in bundle.examples.items():
        replay = family.check_example(bundle, example, report, narration=narration)
        if replay is not None:
            replays[(bundle.rules.id, name)] = replay
    for reading in report.readings[read_before:]:
        bundle.claims_checked[reading.lang] = bundle.claims_checked.get(reading.lang, 0) \
            + sum(claim.ok for claim in reading.read)
        bundle.claims_unread[reading.lang] = bundle.claims_unread.get(reading.lang, 0) + len(reading.unread)
    return bundle, replays


def check_narration_text(bundle: GameBundle, lang: str, text: str, *, example: str) -> Report:
    """The findings of one example of ``bundle`` replayed against ``lang``'s language file
    as ``text`` gives it (changed in memory: nothing is read from or written to the disk),
    that language's narration alone checked: `check` of one game, one example and one
    language, for a caller that checks many versions of one text (the narration mutation
    test). The language file's YAML or schema problems are findings too."""
    report = Report()
    old = bundle.languages[lang]
    src, problems = load_yaml(old.source.path, text, display=old.source.path)
    report.extend(problems)
    if src is None:
        return report
    spec, problems = validate_parts(LanguageSpec, src)
    report.extend(problems)
    if spec is None:
        return report
    changed = replace(bundle, languages={lang: LanguageText(lang, spec, src)})
    get_family(bundle.rules.spec.family).check_example(changed, bundle.examples[example], report)
    return report


def game_slugs(bundle: GameBundle) -> GameSlugs:
    """A game's addresses, current and former, with where each is written."""
    spec = bundle.rules.spec
    return GameSlugs(bundle.rules.id, dict(spec.slugs),
                     {lang: list(s) for lang, s in spec.former_slugs.items()},
                     slug_marks(bundle), former_slug_marks(bundle))


def slug_marks(bundle: GameBundle) -> dict[str, Mark]:
    """Where each slug of a game stands, for a finding about it."""
    return {lang: bundle.rules.source.mark(("slugs", lang)) for lang in bundle.rules.spec.slugs}


def former_slug_marks(bundle: GameBundle) -> dict[str, list[Mark]]:
    """Where each former slug of a game stands."""
    src = bundle.rules.source
    return {lang: [src.mark(("former_slugs", lang, i)) for i in range(len(slugs))]
            for lang, slugs in bundle.rules.spec.former_slugs.items()}


@dataclass(frozen=True)
class GameSlugs:
    """The addresses of one game: its slug in each language, the slugs it had before (each
    now a page that sends the reader on), and where each is written."""

    game: str
    slugs: Mapping[str, str]
    former: Mapping[str, Sequence[str]]
    marks: Mapping[str, Mark]  # lang -> its slug's place
    former_marks: Mapping[str, Sequence[Mark]]  # lang -> each former slug's place
    folder: str = ""  # where a finding goes when a place is unknown

    def claims(self) -> Iterator[tuple[str, str, bool, Mark]]:
        """(language, slug, former?, place) of every address of the game."""
        for lang, slug in self.slugs.items():
            yield lang, slug, False, self.marks.get(lang, Mark(self.folder))
        for lang, slugs in self.former.items():
            marks = self.former_marks.get(lang, ())
            for i, slug in enumerate(slugs):
                yield lang, slug, True, marks[i] if i < len(marks) else Mark(self.folder)


def check_slugs(games: Sequence[GameSlugs], report: Report) -> None:
    """A slug names one game: two games may not share a page address in one language
    (duplicate-slug), nor a slug in two languages, current or former (shared-slug): changing
    only the language in an address lands on the same game or on no page, never on another
    game. Of the games that use one slug, the one using it most keeps it (then the first by
    id); each use by another game is a finding where it is written."""
    uses: dict[str, dict[str, list[tuple[str, bool, Mark]]]] = {}  # slug -> game -> uses
    for game in games:
        for lang, slug, former, mark in game.claims():
            uses.setdefault(slug, {}).setdefault(game.game, []).append((lang, former, mark))
    for slug, by_game in uses.items():
        if len(by_game) < 2:
            continue
        owner = min(by_game, key=lambda g: (-sum(not f for _, f, _ in by_game[g]),
                                            -len(by_game[g]), g))
        held = by_game[owner]
        for other, claims in sorted(by_game.items()):
            if other == owner:
                continue
            for lang, former, mark in claims:
                same = next(((lg, f) for lg, f, _ in held if lg == lang), None)
                if same is not None and not same[1] and not former:
                    report.error(mark, "duplicate-slug",
                                 f"the {lang} slug '{slug}' is also the slug of '{owner}'")
                    continue
                other_lang, other_former = same or (held[0][0], held[0][1])
                mine = f"the {'former ' if former else ''}{lang} slug '{slug}'"
                theirs = f"the {'former ' if other_former else ''}{other_lang} slug of '{owner}'"
                where = (f"/{lang}/{slug}/ would be the address of two games" if lang == other_lang
                         else f"/{lang}/{slug}/ and /{other_lang}/{slug}/ would be two games")
                report.error(mark, "shared-slug",
                             f"{mine} is {theirs}: {where}, and changing the language in an "
                             f"address would land on another game",
                             hint=f"a slug names one game in every language: give '{other}' "
                                  f"another slug here; a published address stays with the game "
                                  f"that holds it in the other languages, as one of its "
                                  f"former_slugs if it moved")

"""The `rulebook` command: argument parsing and exit codes only."""

from __future__ import annotations

import argparse
import atexit
import json
import os
import sys
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, Sequence

from ..core.diagnostics import format_json, format_text, printable
from ..core.forges import format_github, format_sarif, version

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE, EXIT_SYSTEM = 0, 1, 2, 3
EXIT_CLOSED_PIPE = 141  # as a command killed by SIGPIPE ends (128 + 13): quietly


TEMPLATES_HELP = ("the site's own templates: only the files of the built-in theme it overrides "
                  "(one template, a stylesheet, the logo, a catalog; docs/theme.md), every "
                  "other file from the built-in theme (default: ./templates, if there is one)")
DEFAULT_TEMPLATES = Path("templates")  # the site's overrides; the built-in theme: runtime/theme.py


def _positive(text: str) -> int:
    """--workers: a whole number of processes, at least one."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, found '{text}'") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected at least 1, found {value}")
    return value


def _executor(text: str) -> str:
    from ..runtime.executors import ExecutorError, parse
    try:
        parse(text)
    except ExecutorError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def _base_url(text: str) -> str:
    from ..check.site_spec import url_problem
    problem = url_problem(text)
    if problem is not None:
        raise argparse.ArgumentTypeError(f"the address {problem}, found '{text}'")
    return text


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a port number, found '{text}'") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"expected a port from 0 to 65535, found {value}")
    return value


class _Formatter(argparse.HelpFormatter):
    """Shows ``--accept GAME LANG [KEY ...]``: argparse can only say "one or more"."""

    def _format_args(self, action: argparse.Action, default_metavar: str) -> str:
        if action.dest == "accept":
            return "GAME LANG [KEY ...]"
        return super()._format_args(action, default_metavar)


class _Version(argparse.Action):
    """``--version``: the installed version is looked up only when asked for (30 ms)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        print(f"rulebook {version()}")
        parser.exit()


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        print(f"rulebook: error: {message}", file=sys.stderr)
        raise SystemExit(EXIT_USAGE)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="rulebook",
                     description="Check and publish card-game rules written in YAML.")
    parser.add_argument("--version", action=_Version, nargs=0,
                        help="show rulebook's version and exit")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    check = sub.add_parser("check", help="replay every example round and report every mistake")
    check.add_argument("paths", nargs="*", type=Path, metavar="PATH",
                       help="rules folder, game folder or file (default: rules)")
    check.add_argument("--format", choices=("text", "short", "json", "github", "sarif"),
                       default="text",
                       help="text: each finding with its source line and a caret (default); "
                       "short: one line each, for editors and grep; json; github: GitHub "
                       "Actions annotations, each finding on its line of a pull request; "
                       "sarif: a SARIF 2.1.0 log for code scanning (GitHub, GitLab)")
    check.add_argument("--no-warnings", action="store_true", help="show errors only")
    check.add_argument("--unread", action="store_true",
                       help="kept for scripts that pass it: each sentence of narration that "
                       "names a card, a player or a number the reader could not read is a "
                       "warning (unread-narration) by default")
    check.add_argument("--explain", action="store_true",
                       help="say what was read: for each example, step and language, the "
                       "claims of the narration read and checked, and the sentences not read "
                       "(with --format json: an object, its findings and its 'narration')")
    check.add_argument("--quiet", action="store_true", help="no progress on stderr")
    for name, text in (("build", "check, then build the site into --out"),
                       ("serve", "build, serve on localhost and rebuild on change")):
        cmd = sub.add_parser(name, help=text)
        cmd.add_argument("--rules", type=Path, default=Path("rules"), help="rules folder")
        cmd.add_argument("--templates", type=Path, default=None, help=TEMPLATES_HELP)
        cmd.add_argument("--out", type=Path, default=Path("output/site"), help="site folder")
        cmd.add_argument("--no-pdf", action="store_true", help="HTML only, no printable PDFs")
        cmd.add_argument("--workers", type=_positive, default=0,
                         help="page and PDF render processes (default and most: one per core)")
        cmd.add_argument("--executor", type=_executor, default=None, metavar="dask://HOST:PORT",
                         help="simulate the games, render the games' pages and the PDFs on a Dask cluster "
                         "(needs dask.distributed; its scheduler and workers need rulebook "
                         "installed, no file of the project: what a task reads travels with "
                         "it)")
        cmd.add_argument("--quiet", action="store_true", help="no progress on stderr")
        if name == "build":
            cmd.add_argument("--no-search", action="store_true",
                             help="leave the search index as the last build made it (quicker; "
                                  "the next build without this option indexes again)")
            cmd.add_argument("--base-url", type=_base_url, default=None, metavar="URL",
                             help="the address the site is served from, for this build, in "
                             "place of site.yaml's base_url (a preview, a mirror)")
            cmd.add_argument("--timings", action="store_true",
                             help="say where the time went: each step's wall and CPU seconds "
                             "(the CPU of the build and of the workers it waited for), on stderr "
                             "at the end")
        if name == "serve":
            cmd.add_argument("--port", type=_port, default=8000,
                             help="the port to serve on (default 8000; 0: any free one); a "
                             "port in use is refused before anything is built")
            cmd.add_argument("--host", default="127.0.0.1",
                             help="the address to listen on (default 127.0.0.1: this machine "
                             "alone)")
    i18n = sub.add_parser("i18n", help="the state of the translations, per game and language",
                          formatter_class=_Formatter)
    i18n.add_argument("paths", nargs="*", type=Path, metavar="PATH", help="default: rules")
    i18n.add_argument("--format", choices=("text", "json"), default="text")
    i18n.add_argument("--strict", action="store_true",
                      help="exit 1 when any game is incomplete in any language (missing, "
                      "outdated or unrecorded texts)")
    i18n.add_argument("--accept", nargs="+",
                      help="record the current source texts of GAME's LANG translation (all, "
                      "or the KEYs): after the translator has brought them up to date")
    i18n.add_argument("--export", choices=("po",),
                      help="write a gettext catalog DIR/<lang>.po per translated language")
    i18n.add_argument("--out", type=Path, metavar="DIR", help="where --export writes")
    i18n.add_argument("--import", dest="import_", nargs="+", metavar="po FILE",
                      help="read translated catalogs (po FILE...) back into the language files")
    sim = sub.add_parser("simulate", help="the game by the numbers: random rounds, figures "
                         "with 95 %% intervals")
    sim.add_argument("game", help="game id, e.g. uomo-nero")
    sim.add_argument("--rules", type=Path, default=Path("rules"))
    sim.add_argument("--variant", help="a variant of the game (default: the base game)")
    sim.add_argument("--players", type=_positive, help="default: every count the game allows")
    sim.add_argument("--rounds", type=_positive,
                     help="units to play (rounds, or games of several hands); default: until "
                     "every interval is about one percentage point wide, up to a cap")
    sim.add_argument("--seed", type=int, default=1, help="the same seed gives the same figures")
    sim.add_argument("--format", choices=("text", "json"), default="text")
    sim.add_argument("--quiet", action="store_true", help="no progress on stderr")
    sim.add_argument("--players-as", choices=("random", "bot"), default="random",
                     help="random: every seat plays at random (the page's figures); bot: the "
                     "computer player at seat 1 against random players, beside the same games "
                     "with a random player at seat 1 (--rounds games, default 2000)")
    pdf = sub.add_parser("pdf", help="the printable PDFs of one game in one language")
    pdf.add_argument("game", help="game id, e.g. uomo-nero")
    pdf.add_argument("--lang", required=True, help="language code, e.g. it")
    pdf.add_argument("--rules", type=Path, default=Path("rules"))
    pdf.add_argument("--templates", type=Path, default=None, help=TEMPLATES_HELP)
    pdf.add_argument("--out", type=Path, default=Path("output/pdf"),
                     help="folder for the PDFs, named with their language (macao.en.pdf, "
                     "macao-card.en.pdf, ...): the languages of a game share a folder")
    pdf.add_argument("--workers", type=_positive, default=0,
                     help="PDF render processes (default and most: one per core)")
    pdf.add_argument("--quiet", action="store_true", help="no progress on stderr")
    new = sub.add_parser("new", help="start a game: a folder whose files pass `rulebook check` "
                         "at once, with an example round")
    new.add_argument("game", help="the new game's id, e.g. my-game (lowercase, digits, hyphens)")
    new.add_argument("--family", required=True, help="the family of games it belongs to "
                     "(see `rulebook docs`)")
    new.add_argument("--starter", help="which of the family's starters to begin from: tricks "
                     "has avoidance (the default: Hearts' shape) and taking (Whist's: trumps, "
                     "partners, tricks over a book); pairs has pairing")
    new.add_argument("--langs", help="its languages, e.g. en,de (default: the languages the "
                     "rules folder's games are written in, else the source language of its "
                     "site.yaml, else en)")
    new.add_argument("--rules", type=Path, default=Path("rules"), help="rules folder")
    init = sub.add_parser("init", help="start a site: a folder with site.yaml, a starter game "
                          "that passes check, a README and CI files that check and publish it")
    init.add_argument("folder", type=Path, help="the new site's folder (new, or empty)")
    init.add_argument("--name", help="the site's name, in every page's header (default: the "
                      "folder's name)")
    init.add_argument("--langs", default="en", help="its languages, the source language first, "
                      "e.g. en,de (default: en)")
    init.add_argument("--family", default=None, help="the starter game's family (default: "
                      "pairs, the smallest; see `rulebook docs`)")
    init.add_argument("--game", default=None, help="the starter game's id (default: my-game)")
    docs = sub.add_parser("docs", help="the format of every rules file, key by key (Markdown)")
    docs.add_argument("--out", type=Path, metavar="FILE", help="write it here (default: print)")
    docs.add_argument("--findings", type=Path, metavar="FILE",
                      help="instead: make the table of finding codes anew between its markers "
                      "in FILE (docs/authoring.md)")
    schema = sub.add_parser("schema", help="JSON Schemas of the rules files, for editors")
    schema.add_argument("--out", type=Path, metavar="DIR", default=Path("rules/.schemas"),
                        help="the folder to write them into (default: rules/.schemas)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    from ..pipeline import BuildError
    from ..runtime.executors import ExecutorError

    args = _parser().parse_args(argv)
    if getattr(args, "templates", False) is None:
        args.templates = DEFAULT_TEMPLATES  # may be missing: no overrides
    elif getattr(args, "templates", None) is not None and not args.templates.is_dir():
        print(f"rulebook: error: --templates {args.templates}: expected the folder of the site's "
              "own templates (the theme files it overrides), found "
              + ("a file" if args.templates.exists() else "nothing there"), file=sys.stderr)
        return EXIT_USAGE
    try:
        return _dispatch(args)
    except BuildError as error:
        print(f"rulebook: error: {error}", file=sys.stderr)
        return EXIT_SYSTEM
    except ExecutorError as error:  # dask not installed, no scheduler there: nothing was written
        print(f"rulebook: error: {error}", file=sys.stderr)
        return EXIT_USAGE


def _dispatch(args: argparse.Namespace) -> int:
    if args.command == "check":
        return _check(args)
    if args.command == "build":
        return _build(args)
    if args.command == "pdf":
        return _pdf(args)
    if args.command == "i18n":
        return _i18n(args)
    if args.command == "simulate":
        return _simulate(args)
    if args.command == "serve":
        from .serve import serve
        return serve(_config(args), host=args.host, port=args.port)
    if args.command == "new":
        return _new(args)
    if args.command == "init":
        return _init(args)
    if args.command == "docs":
        return _docs(args)
    if args.command == "schema":
        return _schema(args)
    return EXIT_USAGE  # pragma: no cover - argparse rejects unknown commands


def _check(args: argparse.Namespace) -> int:
    from ..check.games import check
    from ..runtime.progress import Progress

    paths = args.paths or [Path("rules")]
    # (a sentence the reader cannot read is a warning: `--unread` is the default now)
    result = check(paths, root=Path.cwd(), progress=Progress.for_stderr(quiet=args.quiet),
                   unread=True)
    items = result.report.sorted()
    if args.no_warnings:
        items = [d for d in items if d.severity == "error"]
    readings = sorted(result.report.readings, key=lambda r: (r.path, r.line, r.col)) \
        if args.explain else []
    if args.format == "json" and args.explain:
        print(json.dumps({"findings": [d.as_dict() for d in items],
                          "narration": [r.as_dict() for r in readings]},
                         ensure_ascii=False, indent=2))
    elif args.format in ("json", "sarif"):
        print(format_json(items) if args.format == "json" else format_sarif(items))
    else:
        if readings:
            print("\n".join("\n".join(printable(line) for line in r.format().splitlines())
                            for r in readings))
            read = sum(len(r.read) for r in readings)
            unread = sum(len(r.unread) for r in readings)
            print(f"read {read} claim(s) in {len(readings)} narration text(s); "
                  f"{unread} sentence(s) not read\n")
        if items:
            print(format_github(items) if args.format == "github"
                  else format_text(items, quote=args.format == "text"))
        n_err, n_warn = len(result.report.errors), len(result.report.warnings)
        n_notes = len(result.report.notes)
        examples = len(result.replays)
        read = sum(len(r.read) for r in result.report.readings)
        unread = sum(len(r.unread) for r in result.report.readings)
        summary = (f"checked {result.folders} game(s), {examples} example(s): "
                   f"{n_err} error(s), {n_warn} warning(s)"
                   + (f", {n_notes} note(s) of what was not checked" if n_notes else "")
                   + (f"; {read} claim(s) of the narration read" if read else "")
                   + (f", {unread} sentence(s) not read (--explain lists them)" if unread
                      else ""))
        print(summary, file=sys.stderr)
    return EXIT_OK if result.ok else EXIT_FINDINGS


if TYPE_CHECKING:  # imported lazily at run time, for start-up time
    from ..pipeline import BuildConfig
    from ..runtime.progress import Progress


def _config(args: argparse.Namespace) -> BuildConfig:
    from ..pipeline import BuildConfig
    if getattr(args, "executor", None):
        from ..runtime.executors import require
        require(args.executor)  # dask missing: said now, not when a step needs the cluster
    return BuildConfig(rules=args.rules, templates=args.templates, out=args.out,
                       pdf=not getattr(args, "no_pdf", False), workers=getattr(args, "workers", 0),
                       executor=getattr(args, "executor", None),
                       search=not getattr(args, "no_search", False),
                       base_url=getattr(args, "base_url", None),
                       quiet=getattr(args, "quiet", False))


def _build(args: argparse.Namespace) -> int:
    from ..pipeline import build

    started = time.perf_counter()
    result = build(_config(args))
    items = result.report.sorted()
    if items:
        print(format_text(items, quote=True))
    took = time.perf_counter() - started
    if result.up_to_date:
        print(f"{args.out}: up to date ({took:.2f} s)", file=sys.stderr)
    elif not result.ok:
        print(f"build refused: {len(result.report.errors)} error(s); {args.out} left as it was",
              file=sys.stderr)
        return EXIT_FINDINGS
    else:
        pdfs = result.pdfs
        print(f"built {result.pages} pages and {pdfs.rendered + pdfs.cached} PDFs "
              f"({pdfs.rendered} rendered, {pdfs.cached} from cache) into {args.out}: "
              f"{result.written} file(s) written, {result.unchanged} unchanged, "
              f"{result.removed} removed ({took:.2f} s)", file=sys.stderr)
    if getattr(args, "timings", False):
        print(result.timings.table(), file=sys.stderr)
    return EXIT_OK


def _i18n(args: argparse.Namespace) -> int:
    from ..check.games import check
    from ..i18n import report as translation

    result = check(args.paths or [Path("rules")], root=Path.cwd())
    source_lang = _source_language(result)
    if result.report.errors:
        print(format_text(result.report.sorted(), quote=True), file=sys.stderr)
    if args.accept is not None:
        return _accept(args.accept, result.games, source_lang)
    if args.export is not None or args.import_ is not None:
        if result.report.errors:  # a catalog of rules that do not load would be wrong
            return EXIT_FINDINGS
        return (_export(args, result.games, source_lang) if args.export is not None
                else _import(args.import_, result.games, source_lang))
    states = translation.report(result.games, source_lang=source_lang)
    print(translation.format_json(states) if args.format == "json" else translation.format_table(states))
    incomplete = not all(s.complete for s in states) or bool(result.report.errors)
    return EXIT_FINDINGS if args.strict and incomplete else EXIT_OK


if TYPE_CHECKING:
    from ..check.games import CheckResult
    from ..model.game import GameBundle


def _source_language(result: CheckResult) -> str:
    """The source language of the rules checked: their root's site.yaml says (default en)."""
    from ..check.site_spec import load_site_spec

    if result.site is not None:
        return result.site.source_language
    roots = {b.folder.parent for b in result.games if (b.folder.parent / "site.yaml").is_file()}
    specs = [load_site_spec(root, result.report) for root in sorted(roots)]
    return next((s.source_language for s in specs if s is not None), "en")


def _accept(words: list[str], games: list[GameBundle], source_lang: str) -> int:
    from ..i18n.accept import Accepted, accept

    if len(words) < 2:
        print("rulebook: error: --accept takes GAME LANG [KEY ...]", file=sys.stderr)
        return EXIT_USAGE
    try:
        done = accept(games, words[0], words[1], words[2:], source_lang=source_lang)
    except OSError as error:  # a full disk, a read-only folder: the system, not the rules
        print(f"rulebook: error: cannot record the translation: {error.strerror or error}"
              f" ({error.filename or words[0]})", file=sys.stderr)
        return EXIT_SYSTEM
    if not isinstance(done, Accepted):
        for refusal in done:
            print(f"rulebook: error: {printable(refusal.message)}"
                  + (f"\n  hint: {printable(refusal.hint)}" if refusal.hint else ""), file=sys.stderr)
        return EXIT_USAGE
    updated = f": {', '.join(done.updated)}" if 0 < len(done.updated) <= 10 else ""
    print(printable(f"{done.path}: {done.recorded} text(s) recorded as translated from the "
                    f"current {source_lang} text, {len(done.updated)} of them newly{updated}"
                    + (f"; {done.untranslated} not translated yet, not recorded"
                       if done.untranslated else "")))
    return EXIT_OK


def _export(args: argparse.Namespace, games: list[GameBundle], source_lang: str) -> int:
    from ..i18n.po_export import catalog, languages, po_bytes
    from ..runtime.files import write_beside

    if args.out is None:
        print("rulebook: error: --export po needs --out DIR", file=sys.stderr)
        return EXIT_USAGE
    try:
        args.out.mkdir(parents=True, exist_ok=True)
        for lang in languages(games, source_lang):
            cat = catalog(games, lang, source_lang)
            write_beside(args.out / f"{lang}.po", po_bytes(cat))
            texts = [m for m in cat if m.id]
            print(printable(f"{args.out / f'{lang}.po'}: {len(texts)} text(s), "
                            f"{sum(1 for m in texts if m.string)} translated, "
                            f"{sum(1 for m in texts if m.fuzzy)} fuzzy (outdated)"))
    except OSError as error:
        print(f"rulebook: error: cannot write the catalogs: {error.strerror or error}"
              f" ({error.filename or args.out})", file=sys.stderr)
        return EXIT_SYSTEM
    return EXIT_OK


def _import(words: list[str], games: list[GameBundle], source_lang: str) -> int:
    from ..core.diagnostics import Report
    from ..i18n.po_import import import_po

    if len(words) < 2 or words[0] != "po":
        print("rulebook: error: --import takes po FILE [FILE ...]", file=sys.stderr)
        return EXIT_USAGE
    report = Report()
    try:
        done = import_po([Path(w) for w in words[1:]], games, source_lang, report)
    except OSError as error:
        print(f"rulebook: error: cannot write the translations: {error.strerror or error}"
              f" ({error.filename})", file=sys.stderr)
        return EXIT_SYSTEM
    if report.items:
        print(format_text(report.sorted()), file=sys.stderr)
    if report.errors:
        print("rulebook: nothing imported: fix the errors above", file=sys.stderr)
        return EXIT_FINDINGS
    print(f"{done.changed} text(s) changed in {len(done.written)} file(s), {done.unchanged} "
          f"unchanged, {done.empty} untranslated; {done.fuzzy} fuzzy entr"
          f"{'y' if done.fuzzy == 1 else 'ies'} not imported (clear the fuzzy flag once the "
          "translation is up to date)")
    for path in done.written:
        print(f"  {path}")
    if done.accepted:
        print("outdated texts whose fuzzy flag was cleared, recorded as current in:")
        for path in done.accepted:
            print(f"  {path}")
    if done.written:
        print("once the texts are reviewed: rulebook i18n --accept GAME LANG")
    return EXIT_OK


def _simulate(args: argparse.Namespace) -> int:
    from ..core.diagnostics import Report
    from . import simulate as sc

    request = sc.Request(args.game, args.rules, variant=args.variant, players=args.players,
                         rounds=args.rounds, seed=args.seed)
    report = Report()
    loaded = sc.load(request, report)
    configs = loaded[1] if isinstance(loaded, tuple) else loaded
    if report.items:
        print(format_text(report.sorted()), file=sys.stderr)
    if configs is None:
        return EXIT_FINDINGS
    if isinstance(configs, sc.UsageError):
        print(f"rulebook: error: {configs.message}", file=sys.stderr)
        if configs.hint:
            print(f"  hint: {configs.hint}", file=sys.stderr)
        return EXIT_USAGE
    if args.players_as == "bot":
        assert isinstance(loaded, tuple)
        duels = sc.duels(request, loaded[0], configs, _progress(args))
        print(sc.duels_json(request, duels) if args.format == "json" else sc.duels_text(request, duels))
        return EXIT_OK
    results = sc.simulate(configs, request, _progress(args))
    print(sc.as_json(request, configs, results) if args.format == "json"
          else sc.as_text(request, configs, results))
    return EXIT_OK


def _pdf(args: argparse.Namespace) -> int:
    from ..pipeline.export import export_pdfs

    result, written = export_pdfs(_config(args), game=args.game, lang=args.lang)
    if result.report.items:  # stdout is the files written: a warning beside them goes to stderr
        print(format_text(result.report.sorted()), file=sys.stdout if not result.ok else sys.stderr)
    if not result.ok:
        return EXIT_FINDINGS
    for path in written:
        print(path)
    return EXIT_OK


def _new(args: argparse.Namespace) -> int:
    from ..authoring import scaffold
    from ..check.games import check_game
    from ..core.diagnostics import Report

    source = _site_language(args.rules)
    langs = scaffold.parse_langs(args.langs if args.langs is not None
                                 else ",".join(scaffold.site_languages(args.rules, source)))
    refused = langs if isinstance(langs, scaffold.Refusal) else \
        scaffold.refusal(args.rules, args.game, family=args.family, starter=args.starter)
    if refused is not None:
        print(f"rulebook: error: {printable(refused.message)}"
              + (f"\n  hint: {printable(refused.hint)}" if refused.hint else ""), file=sys.stderr)
        return EXIT_USAGE
    assert isinstance(langs, list)
    try:
        made = scaffold.create(args.rules, args.game, family=args.family, langs=langs,
                               source=source, starter=args.starter)
    except OSError as error:  # a read-only folder, a full disk: the system, not the request
        print(f"rulebook: error: cannot write the game: {error.strerror or error}"
              f" ({error.filename or args.rules})", file=sys.stderr)
        return EXIT_SYSTEM
    print(f"created {made.folder}: " + ", ".join(
        str(path.relative_to(made.folder)) for path in made.files))
    print(f"the JSON Schemas its files name are in {made.schemas}")
    if made.site is not None:
        print(f"created {made.site}: put the site's address in base_url")
    report = Report()
    check_game(made.folder, report, root=Path.cwd())
    if report.items:  # the starter of a family does not pass check: a bug in rulebook
        print(format_text(report.sorted()))
        return EXIT_FINDINGS
    print(f"checked {made.folder}: 0 error(s), 0 warning(s); next, write its rules and "
          "example rounds (`rulebook docs` has every key), `rulebook serve` to see the pages")
    return EXIT_OK


def _init(args: argparse.Namespace) -> int:
    from ..authoring import scaffold, site_init
    from ..check.games import check
    from ..runtime.progress import Progress

    family = args.family or site_init.DEFAULT_FAMILY
    game = args.game or site_init.DEFAULT_GAME
    langs = scaffold.parse_langs(args.langs)
    refused = langs if isinstance(langs, scaffold.Refusal) else site_init.refusal(
        args.folder, family=family, game=game)
    if refused is not None:
        print(f"rulebook: error: {printable(refused.message)}"
              + (f"\n  hint: {printable(refused.hint)}" if refused.hint else ""), file=sys.stderr)
        return EXIT_USAGE
    assert isinstance(langs, list)
    name = args.name or args.folder.absolute().name
    try:
        made = site_init.create(args.folder, name=name, langs=langs, family=family, game=game)
    except OSError as error:
        print(f"rulebook: error: cannot write the site: {error.strerror or error}"
              f" ({error.filename or args.folder})", file=sys.stderr)
        return EXIT_SYSTEM
    print(f"created {args.folder}: " + ", ".join(
        str(path.relative_to(made.folder)) for path in made.files
        if path.parent == made.folder or made.game not in path.parents)
        + f", and the starter game {made.game.relative_to(made.folder)}/")
    result = check([made.folder / "rules"], root=made.folder, progress=Progress.for_stderr(quiet=True))
    found = result.report.sorted()
    # the one finding a new site has: its address is a placeholder until the author's is there
    if [d.code for d in found] != ["placeholder-address"]:  # a bug in rulebook
        print(format_text(found))
        return EXIT_FINDINGS
    print(format_text(found))
    print(f"checked it: 0 error(s), 1 warning(s). Next: cd {args.folder}; put the site's "
          "address in rules/site.yaml (base_url); `rulebook serve` to see it")
    return EXIT_OK


def _site_language(rules: Path) -> str:
    """The source language of a rules folder's site.yaml; en when it has none that reads."""
    from ..check.site_spec import load_site_spec
    from ..core.diagnostics import Report

    if not (rules / "site.yaml").is_file():
        return "en"
    site = load_site_spec(rules, Report())
    return site.source_language if site is not None else "en"


def _docs(args: argparse.Namespace) -> int:
    from ..authoring.reference import reference
    from ..core import findings
    from ..runtime.files import write_beside

    if args.findings is not None:
        try:
            old = args.findings.read_text(encoding="utf-8")
        except (OSError, UnicodeError) as error:
            print(f"rulebook: error: cannot read {args.findings}: {error}", file=sys.stderr)
            return EXIT_SYSTEM
        if findings.BEGIN not in old or findings.END not in old:
            print(f"rulebook: error: {args.findings} has no markers of the finding codes' table "
                  f"(put the lines '{findings.BEGIN}' and '{findings.END}' where it goes)",
                  file=sys.stderr)
            return EXIT_USAGE
        args.out, text = args.findings, findings.with_table(old)
    else:
        text = reference()
    if args.out is None:
        sys.stdout.write(text)
        return EXIT_OK
    try:
        write_beside(args.out, text.encode("utf-8"))
    except OSError as error:
        print(f"rulebook: error: cannot write {args.out}: {error.strerror or error}",
              file=sys.stderr)
        return EXIT_SYSTEM
    print(f"wrote {args.out}")
    return EXIT_OK


def _schema(args: argparse.Namespace) -> int:
    from ..authoring import schemas

    if args.out.exists() and not args.out.is_dir():
        print(f"rulebook: error: {args.out} is not a folder", file=sys.stderr)
        return EXIT_USAGE
    try:
        paths = schemas.write(args.out)
    except OSError as error:
        print(f"rulebook: error: cannot write the schemas: {error.strerror or error}"
              f" ({error.filename or args.out})", file=sys.stderr)
        return EXIT_SYSTEM
    for path in paths:
        print(path)
    return EXIT_OK


def run() -> NoReturn:
    try:
        code = main()
    except KeyboardInterrupt:
        code = 130
    except BrokenPipeError:  # its reader went away (`rulebook check --format json | head`)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # what is left: nowhere
        code = EXIT_CLOSED_PIPE
    _exit(code)


def _exit(code: int) -> NoReturn:
    """Ends the command without the interpreter's teardown, which frees a build's objects one
    by one: 0.15-0.2 s at 256 games, as long as the steps of a one-edit build. What of it
    matters is done first: the exit handlers run (multiprocessing's, temporary folders') and
    the output is flushed. While a thread that is not a daemon still runs, the ordinary exit
    waits for it."""
    others = [t for t in threading.enumerate()
              if t is not threading.main_thread() and not t.daemon and t.is_alive()]
    if others:
        raise SystemExit(code)
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe (`rulebook check | head`), a closed stream
            pass
    os._exit(code)



def _progress(args: argparse.Namespace) -> Progress:
    from ..runtime.progress import Progress

    return Progress.for_stderr(quiet=getattr(args, "quiet", False))

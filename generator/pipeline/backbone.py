"""`rulebook build`: the whole pipeline, visible top to bottom in ``_build_locked``.

    digest the inputs; unchanged since the last build? -> done
    1 load and check the games that changed (refuse to publish when an example fails)
    2 plan the site           3 pages      4 web fonts      5 search      6 PDFs
    7 publish atomically      8 save the graph

Each step takes the build's context (context.py) and gives back what it made; what each
output was made from is recorded as it is rendered (runtime/deps.py) and kept beside the
output with what the build learnt of each game (graph.py), so that an edit loads, checks and
renders only what depends on it, in a new process too.

Publishing (publish.py) builds a staging folder beside the output (unchanged files
hard-linked, not rewritten) and swaps it in atomically, one build at a time, into a folder that
is missing, empty, or an earlier build's: a failed or killed build leaves the previous site.
"""

from __future__ import annotations

from pathlib import Path
from typing import Mapping

from ..check.site_spec import load_site_spec
from ..core.diagnostics import Mark, Report
from ..core.languages import SOURCE_LANGUAGE
from ..pdf.render import PdfsStopped, renderer_environment
from ..runtime import collector, executors
from ..runtime.files import failpoint, locked, umask
from ..runtime.progress import Progress
from ..runtime.theme import Theme
from ..runtime.timings import Timings
from . import graph, publish
from .context import BuildConfig, BuildError, BuildResult, Context, Made
from .spool import Published, Spool


def build(config: BuildConfig) -> BuildResult:
    refused = refused_output(config)
    if refused is not None:
        return BuildResult(refused)
    try:
        with locked(config.out), collector.paused():
            publish.recover(config.out)
            return _build_locked(config)
    except OSError as error:
        raise BuildError(describe(error, config.out)) from error


def _build_locked(config: BuildConfig) -> BuildResult:
    timings = Timings()
    with timings.step("reading the last build's graph and the inputs"):
        ctx = _start(config, Spool(config.out), timings)
    with timings.step("finding whether anything changed"):
        same = ctx.previous.toolchain == ctx.toolchain and _same_inputs(ctx) \
            and ctx.previous.intact(config.out) and _nothing_else(ctx) \
            and not (config.search and ctx.previous.search_pending) \
            and not (config.pdf and not config.pdfs_later and ctx.previous.pdfs_pending)
    if same:
        publish.repair_modes(config.out)  # nothing to make, but modes may have drifted
        if ctx.previous.umask != umask():  # the graph says which umask the modes follow
            ctx.previous.umask = umask()
            _save_graph(ctx, ctx.previous, {})
        return BuildResult(_said_again(ctx), up_to_date=True, timings=timings)
    from ..web.environments import languages_remembered  # jinja2: not for an unchanged site

    # what the steps make waits in the spool, not in memory (gone at the end); the steps that
    # use a cluster share one connection to it; Babel's languages are the disk cache's
    with ctx.spool, executors.session(), languages_remembered(ctx.cache):
        return _steps(ctx)


def _said_again(ctx: Context) -> Report:
    """What the last build said, for a build with nothing to make (as a compiler repeats the
    warnings of what it did not build again): site.yaml's and the theme's findings, found anew
    (a file read), each game's and each output's, as the last build recorded them."""
    report = Report()
    load_site_spec(ctx.config.rules, report, base_url=ctx.config.base_url)
    theme_findings(ctx.config.theme, report)
    for record in ctx.previous.games.values():
        report.extend(record.diagnostics())
    for output in ctx.previous.outputs.values():
        report.extend(output.diagnostics())
    return report


def _steps(ctx: Context) -> BuildResult:
    config = ctx.config
    # the steps are imported here: a build with nothing changed needs none of them
    from ..web.search import SearchStopped
    from .fonts import fonts
    from .games import check_games
    from .pages import pages
    from .pdfs import pdfs
    from .plan import plan_site
    from .search import search
    from .simulate import simulate

    step = ctx.result.timings.step
    with step("checking the games"):
        site_spec = load_site_spec(config.rules, ctx.report, base_url=config.base_url)
        theme_findings(config.theme, ctx.report)
        games = check_games(ctx, site_spec.source_language if site_spec else SOURCE_LANGUAGE)
    failpoint("games-stored")  # the checked games wait in the spool, to be loaded again
    if not ctx.result.ok or site_spec is None:
        return ctx.result  # nothing is written when a check fails
    if _stopping(ctx):
        return ctx.result
    with step("planning the site"):
        plan = plan_site(ctx, games, site_spec)
    with step("simulating the game by the numbers"):
        simulate(ctx, plan.simulations, plan.renderer.numbers)
    if _stopping(ctx):
        return ctx.result
    with step("rendering the pages"):
        made = pages(ctx, plan)
    with step("cutting the web fonts"):
        made |= fonts(ctx, plan, made)
    try:
        with step("indexing the search"):
            made |= search(ctx, plan, made)
    except SearchStopped:  # BuildConfig.stop was set while the search indexed
        ctx.result.stopped = True
        return ctx.result
    if config.pdf and not _stopping(ctx):
        try:
            with step("rendering the PDFs"):
                made |= pdfs(ctx, plan)
        except PdfsStopped:  # BuildConfig.stop was set while they rendered
            ctx.result.stopped = True
            return ctx.result
    if not ctx.result.ok or _stopping(ctx):
        return ctx.result
    with step("publishing the output folder"):
        _publish(ctx, made)
    with step("saving the build's graph"):
        _save_graph(ctx, graph.State(toolchain=ctx.toolchain, games=games.records,
                                     values=plan.values | made.values, outputs=made.outputs,
                                     search=made.search, search_pending=made.search_pending,
                                     pdfs_pending=made.pdfs_pending, umask=umask()),
                    made.files)
        ctx.cache.prune()
    return ctx.result


def _stopping(ctx: Context) -> bool:
    """Whether the build is asked to stop (``BuildConfig.stop``); if so it is marked stopped,
    and its caller returns before publishing: the output and the graph stay the last build's."""
    stop = ctx.config.stop
    if stop is not None and stop.is_set():
        ctx.result.stopped = True
    return ctx.result.stopped


def _start(config: BuildConfig, spool: Spool, timings: Timings) -> Context:
    """The context of a build: the last build's graph (nothing of it when the toolchain
    changed), and the inputs as they are now."""
    path = graph.state_path(config.out)
    previous = config.memory.load(path) if config.memory else graph.load_state(path)
    inputs = graph.Inputs([config.rules, *config.theme.layers], previous.inputs)
    toolchain = graph.toolchain_digest(
        f"pdf={config.pdf}" + (f" {renderer_environment()}" if config.pdf else "")  # 10 ms
        + (f" base_url={config.base_url}" if config.base_url else ""))
    if previous.toolchain != toolchain:
        previous = graph.State(inputs=previous.inputs)  # another generator: trust no output
    return Context(config, previous, inputs, toolchain, config.disk_cache(),
                   BuildResult(Report(), timings=timings), Progress.for_stderr(quiet=config.quiet),
                   spool)


def _same_inputs(ctx: Context) -> bool:
    scanned = {k: v for k, v in ctx.previous.inputs.items() if v[0] >= 0}
    return scanned.keys() == ctx.inputs.table.keys() and all(
        scanned[k][2] == v[2] for k, v in ctx.inputs.table.items())


def _nothing_else(ctx: Context) -> bool:
    """The output folder holds no file the last build did not make (one put there by hand is
    never published: the build that finds it removes it)."""
    found, _ = publish.tree(ctx.config.out)
    return found.keys() <= ctx.previous.outputs.keys() | {publish.MARKER}


def _publish(ctx: Context, made: Made) -> None:
    """Step 8: the output folder made to hold exactly what the steps made and kept."""
    result = ctx.result
    result.pages = sum(1 for p in [*made.files, *made.kept] if p.endswith(".html"))
    failpoint("before-publish")
    known = {rel: o.inode for rel, o in ctx.previous.outputs.items()} \
        if ctx.previous.outputs else None
    result.written, result.unchanged, result.removed = publish.publish(
        made.files, ctx.config.out, kept=made.kept, known=known)
    if ctx.previous.umask != umask():  # else what it wrote has them, what it kept had them
        publish.repair_modes(ctx.config.out)
    result.files = Published(list(made.files), ctx.config.out)  # the spool goes: read them there


def _save_graph(ctx: Context, state: graph.State, written: Mapping[str, bytes]) -> None:
    """Step 9: the graph of the site just published, for the next build."""
    graph.save_state(ctx.config.out, state, ctx.previous, ctx.inputs, written,
                     memory=ctx.config.memory)


def describe(error: OSError, out: Path) -> str:
    where = error.filename or out
    return f"cannot write the site to {out}: {error.strerror or error} ({where})"


def refused_output(config: BuildConfig) -> Report | None:
    """An output folder the build may not replace, or inputs that are not there."""
    report = Report()
    out = config.out.resolve()
    for name, folder in (("rules", config.rules),
                         *(("templates", layer) for layer in config.theme.layers)):
        source = folder.resolve()
        if out == source or out in source.parents or source in out.parents:
            report.error(Mark(str(config.out)), "bad-output",
                         f"the output folder overlaps the {name} folder {folder}; a build "
                         "replaces everything in it", hint="choose an --out folder of its own")
            return report
    problem = publish.output_problem(config.out)
    if problem is not None:
        report.error(Mark(str(config.out)), "bad-output", problem,
                     hint="choose a new or empty --out folder (nothing was changed)")
    shared = publish.neighbours_problem(config.out)
    if shared is not None:
        report.error(Mark(str(config.out)), "bad-output", shared[0], hint=shared[1])
    if config.templates.exists() and not config.templates.is_dir():
        report.error(Mark(str(config.templates)), "no-such-path",
                     f"'{config.templates}' is not a folder: expected the site's templates "
                     "folder, with the files of the theme it overrides",
                     hint="give --templates a folder (or none: ./templates, if there is one)")
    elif config.theme.find("base.html.j2") is None:
        builtin = config.theme.builtin
        report.error(Mark(str(builtin)), "no-such-path",
                     f"the built-in theme is not in '{builtin}' (no base.html.j2 there)",
                     hint="rulebook's installation is incomplete: install it again")
    return report if report.items else None


def theme_findings(theme: Theme, report: Report) -> None:
    """A file of the site's templates folder whose name is near a theme file's: a typo,
    which overrides nothing."""
    for stray in theme.strays():
        report.warning(Mark(str(stray.path)), "unknown-override",
                       f"'{stray.rel}' is no file of the built-in theme, so it overrides "
                       f"nothing; the nearest is '{stray.nearest}'",
                       hint=f"to override that file, name yours {stray.nearest} (a new file "
                       "whose name is near no theme file's is used as it is)")

"""`rulebook pdf GAME --lang xx`: one game's card, sheet and booklets, into a folder of their
own (no site, no graph: the disk cache still spares what was rendered before).

Their names carry the language (``macao.en.pdf``, ``makao-booklet-a4.ru.pdf``): the languages
of a game exported into one folder never overwrite each other, though two of them may share a
slug (Macao is makao in Russian and in Arabic). The site keeps the names without it: each
language has a folder of its own there.
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from ..check.games import check
from ..check.site_spec import load_site_spec
from ..core.diagnostics import Mark
from ..runtime.files import locked, write_beside
from ..runtime.progress import Progress
from ..simulation.store import Store
from ..web.render import Renderer, SiteConfig
from ..web.site import plan
from . import publish
from .backbone import describe, refused_output
from .context import BuildConfig, BuildError, BuildResult
from .pdfs import render_pdfs


def export_name(document: str, lang: str) -> str:
    """The file name ``rulebook pdf`` gives a document of the site: the language before the
    extension.

    >>> export_name("ru/makao/makao-booklet-a4.pdf", "ru")
    'makao-booklet-a4.ru.pdf'
    """
    name = PurePosixPath(document)
    return f"{name.stem}.{lang}{name.suffix}"


def export_pdfs(config: BuildConfig, *, game: str, lang: str) -> tuple[BuildResult, list[Path]]:
    """That game's PDFs in ``lang`` into ``config.out``; the result, and the files written."""
    refused = refused_output(config)
    if refused is not None:
        return BuildResult(refused), []
    checked = check([config.rules], root=config.rules.parent)
    site_spec = checked.site if checked.site_checked else load_site_spec(config.rules,
                                                                          checked.report)
    result = BuildResult(checked.report)
    if not checked.ok or site_spec is None:
        return result, []
    site = plan(checked.games)
    documents = [d for d in site.documents if d.game == game and d.lang == lang]
    if not documents:
        known = sorted({f"{d.game} --lang {d.lang}" for d in site.documents})
        result.report.error(Mark(str(config.rules / game)), "no-such-document",
                            f"no game '{game}' in language '{lang}'",
                            hint="available: " + "; ".join(known))
        return result, []
    cache = config.disk_cache()
    renderer = Renderer(SiteConfig(config.theme, site_spec.base_url, site_spec.name,
                                   source_language=site_spec.source_language,
                                   card_letters=frozenset(site_spec.card_letters)),
                        site, checked.replays, numbers=Store(cache))
    try:
        with locked(config.out):
            pdfs, _ = render_pdfs(config, renderer, documents, result.report, cache=cache,
                                  stats=result.pdfs,
                                  progress=Progress.for_stderr(quiet=config.quiet))
            if not result.ok:
                return result, []
            config.out.mkdir(parents=True, exist_ok=True)
            written = []
            for rel, data in sorted(pdfs.items()):
                target = config.out / export_name(rel, lang)
                write_beside(target, data)
                written.append(target)
            write_beside(config.out / publish.MARKER, publish.MARKER_TEXT)
    except OSError as error:
        raise BuildError(describe(error, config.out)) from error
    return result, written

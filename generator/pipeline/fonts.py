"""Step 5, web fonts: the print faces cut to the characters of every page (of a page kept
from the last build, those the graph recorded of it), and the site stylesheet naming them;
cut again only when the characters, the print faces or the stylesheet changed."""

from __future__ import annotations

from typing import Callable

from ..core.diagnostics import Mark, Report
from ..runtime import deps
from ..runtime.cache import Cache
from ..runtime.theme import Theme
from ..web.fonts import print_faces, site_characters_of, unusable_faces, web_faces, with_font_faces
from . import graph
from .context import Context, Made
from .plan import Plan
from .spool import Files

STYLESHEET = "static/site.css"
PRINT_CSS = "print/print.css"


def fonts(ctx: Context, plan: Plan, made: Made) -> Made:
    theme = ctx.config.theme
    css = made.files.get(STYLESHEET)
    if css is None and STYLESHEET in made.kept:
        css = theme.path(STYLESHEET).read_bytes()  # the published one names the fonts: start from the source
    if css is None:
        return Made()
    chars = site_characters_of((o.chars for o in made.outputs.values()), plan.site.languages)
    # what the cut is made of: the characters, and the theme's print/ and fonts/ (each file
    # that wins) and stylesheet, by path and content
    used = {rel: path for rel, path in theme.files().items()
            if rel.split("/")[0] in ("print", "fonts") or rel == STYLESHEET}
    key = graph.digest_value(["".join(map(chr, sorted(chars))),
                              sorted((rel, ctx.inputs.digest(str(p))) for rel, p in used.items())])
    last = {rel: o for rel, o in ctx.previous.outputs.items() if "fonts" in o.deps.values}
    if ctx.previous.values.get("fonts") == key and STYLESHEET in last \
            and all(ctx.intact(rel, o) for rel, o in last.items()):
        ctx.report.extend(last[STYLESHEET].diagnostics())  # a missing face, said again
        return Made(kept=set(last), outputs=last, values={"fonts": key})
    found = Report()
    print_css = theme.find(PRINT_CSS)
    with ctx.progress.task("cutting the web fonts", len(print_faces(print_css, find=theme.path))
                           if print_css is not None else 0) as task:
        files = font_files(theme, css, chars, found, cache=ctx.cache, advance=task.advance)
    ctx.report.extend(found.items)
    font_deps = deps.Deps(files={str(p) for rel in (PRINT_CSS, STYLESHEET)
                                 for p in theme.candidates(rel)},
                          values={"fonts"})
    return Made(files=Files(files), values={"fonts": key}, outputs={
        rel: graph.Output(font_deps, len(data), 0,
                          findings=[d.as_dict() for d in found.items] if rel == STYLESHEET else [])
        for rel, data in files.items()})


def font_files(theme: Theme, css: bytes, chars: frozenset[int], report: Report, *,
               cache: Cache, advance: Callable[[int], None] = lambda done: None
               ) -> dict[str, bytes]:
    """The print faces as subset WOFF2 files, and the site stylesheet ``css`` naming them. A
    face whose file is missing or broken is left out with a warning (the browser falls back)."""
    print_css = theme.find(PRINT_CSS)
    if print_css is None:
        return {}
    declared = print_faces(print_css, find=theme.path)
    bad = unusable_faces(declared, print_css)
    for face, line, problem in bad:
        report.warning(Mark(str(print_css), line), "missing-font",
                       f"{problem}: the web pages go without the face '{face.family}'",
                       hint="put the font file in the theme's fonts/ (the site's own templates "
                       "folder, or the built-in theme), where print.css's url() points")
    usable = [f for f in declared if f not in {b[0] for b in bad}]
    faces = web_faces(usable, chars, cache=cache, advance=advance)
    out = {f.path: f.data for f in faces if f.codepoints}
    out[STYLESHEET] = with_font_faces(css, faces)
    return out

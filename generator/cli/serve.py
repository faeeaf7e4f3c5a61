"""`rulebook serve`: the built site on localhost, rebuilt whenever rules or templates change.

It serves only a folder that a rulebook build made (the marker file says so), answers unknown
paths with the site's own 404 page, lists no folders, and survives every failed rebuild: the
last good site stays online and the findings are printed.

The open pages follow the builds (server-sent events on ``/__rulebook/events``; a few lines
of script added to each HTML page as it is served, never to the built files): a page reloads
itself after a good rebuild, and shows the findings of a failed one over itself until a
rebuild succeeds. After a good one, a game's page lists in a corner the sentences of its
narration that the check could not read (the `unread-narration` warnings of that game and
language), so that an author sees them beside the text they edit.
"""

from __future__ import annotations

import errno
import http.server
import io
import itertools
import json
import os
import sys
import threading
import time
import traceback
from dataclasses import dataclass, replace
from http import HTTPStatus
from pathlib import Path
from typing import Any, BinaryIO
from urllib.parse import parse_qs, unquote, urlsplit

import yaml

from ..core.diagnostics import Diagnostic, format_text
from ..pipeline import BuildConfig, BuildError, BuildResult, GraphMemory, Preview, build
from ..pipeline.publish import MARKER
from ..runtime.executors import ExecutorError

EVENTS = "/__rulebook/events"
PACKAGE = Path(__file__).resolve().parent.parent  # the generator: an edit of it restarts serve
KEEPALIVE_SECONDS = 15.0
# How often the watcher's loop wakes when nothing changes (its first wake says it is
# watching, and the address is said then); a change is seen at once whatever this is.
WATCH_TICK_MS = 250
# How long the watcher waits for a save's other changes once one is seen (watchfiles' 50 ms by
# default): an editor's save (a write, or a new file renamed over the old) is one burst well
# within it. A save slower than that is seen twice, and built twice: the last build is right.
WATCH_STEP_MS = 10
# The longest address served (bytes of the request's path): the site's are far shorter (a
# slug has at most 100 characters); a longer one is answered 414 before any file is looked at.
MAX_ADDRESS = 2048
# The longest a rebuild waits for its open pages to reload to the pages it made (Live.early).
EARLY_WAIT = 0.3


class Live:
    """The outcome of the last rebuild, for the open pages: a generation number that grows with
    every rebuild that changed something (a page reloads when it sees a new one), the findings
    when the last one failed, and whether the search index (and the PDFs) are still catching
    up with the pages. ``version`` grows with every change of any of them (the event stream's
    cue). ``behind_note``: what the pages say while they catch up."""

    def __init__(self, behind_note: str = "the search index is catching up with your edit"
                 ) -> None:
        self.behind_note = behind_note
        self._changed = threading.Condition()
        # a serve started again (the generator changed) counts on from another number, so
        # that the pages served by the last one reload
        self.generation = time.time_ns() // 1_000_000 % 1_000_000_000
        self.version = 0
        self.findings: list[dict[str, object]] | None = None
        # the unread sentences of the last good build, each with the page it is on
        self.unread: list[dict[str, object]] = []
        self.behind = False  # the pages are newer than the search index (or the PDFs)
        self._open: dict[str, int] = {}  # the open pages (output paths), by their streams
        # the open pages a rebuild under way has made, served before it publishes them
        self._early: dict[str, bytes] = {}
        self._fresh: set[str] = set()  # the pages whose event stream opened since then

    def built(self, unread: list[dict[str, object]] | None = None, *,
              reload: bool = True) -> None:
        """A good rebuild: the open pages reload (unless ``reload`` is False: they showed
        it already, ``early``) and list their unread sentences."""
        with self._changed:
            if reload:
                self.generation += 1
            self.version += 1
            self.findings = None
            self.unread = unread or []
            self._changed.notify_all()

    def early(self, pages: dict[str, bytes]) -> None:
        """Open pages made by a rebuild that has not published them yet: served from here
        (``page``), and the open pages reload to them now. The rebuild (the caller) waits
        until they have reloaded (their script has opened a new event stream), ``EARLY_WAIT``
        at most: it runs in this process, and would slow down the answers to the reloads (the
        interpreter's lock) and the browser (the cores) until its end."""
        with self._changed:
            self._early.update(pages)
            reloading = self._open.keys() & pages.keys()
            self._fresh.clear()
            self.generation += 1
            self.version += 1
            self.findings = None
            self._changed.notify_all()
            self._changed.wait_for(lambda: reloading <= self._fresh, EARLY_WAIT)

    def published(self) -> tuple[set[str], set[str]]:
        """The rebuild has ended: the pages are served from the output folder again. The
        pages it had shown early, and the pages opened since then (served as they were)."""
        with self._changed:
            shown = set(self._early)
            opened = self._fresh - shown if shown else set()
            self._early.clear()
            return shown, opened

    def page(self, rel: str) -> bytes | None:
        """A page made by the rebuild under way and not published yet (None: none)."""
        with self._changed:
            return self._early.get(rel)

    def opened(self, rel: str, count: int) -> None:
        """A page's event stream opened (``count`` 1) or closed (-1)."""
        with self._changed:
            self._open[rel] = self._open.get(rel, 0) + count
            if self._open[rel] <= 0:
                del self._open[rel]
            if count > 0:
                self._fresh.add(rel)
                self._changed.notify_all()

    def open_pages(self) -> frozenset[str]:
        with self._changed:
            return frozenset(self._open)

    def failed(self, findings: list[dict[str, object]]) -> None:
        with self._changed:
            self.generation += 1
            self.version += 1
            self.findings = findings
            self._changed.notify_all()

    def catching_up(self, behind: bool) -> None:
        """The search index (and the PDFs) are behind the pages (True), or have caught up
        (False): said to the open pages without reloading them."""
        with self._changed:
            if behind != self.behind:
                self.behind = behind
                self.version += 1
                self._changed.notify_all()

    def wait(self, seen: int, timeout: float) -> tuple[int, dict[str, object]]:
        """The version and the state once the version is not ``seen`` (or after ``timeout``)."""
        with self._changed:
            self._changed.wait_for(lambda: self.version != seen, timeout)
            return self.version, self._state()

    def state(self) -> dict[str, object]:
        """What the pages are sent: the generation, a failed build's findings, the unread
        sentences of a good one, what is behind the pages (None: nothing)."""
        with self._changed:
            return self._state()

    def _state(self) -> dict[str, object]:
        return {"generation": self.generation, "findings": self.findings,
                "unread": self.unread, "behind": self.behind_note if self.behind else None}


# Reloads the page after a good rebuild; shows a failed one's findings (as text, never as
# markup) over the page until the next good one. `G` is the generation the page was served at.
# After a good build, a game page lists its narration's unread sentences in a corner, and
# says in the other one while the search index (or the PDFs) are behind the pages.
_SCRIPT = """<script>(()=>{const G=%d;let shown=null;
const el=(tag,css,text)=>{const e=document.createElement(tag);
e.style.cssText="font:inherit;letter-spacing:normal;"+css;
if(text)e.textContent=text;return e;};
const box=()=>{if(!shown){shown=el("div","position:fixed;inset:0;z-index:2147483647;"+
"overflow:auto;background:rgba(16,16,20,.95);color:#f2f2f2;font:14px/1.5 ui-monospace,"+
"monospace;padding:1.5em;white-space:pre-wrap;overflow-wrap:anywhere;direction:ltr;"+
"text-align:left");shown.id="rulebook-overlay";shown.setAttribute("role","alert");
document.body.append(shown);}return shown;};
const es=new EventSource("%s?page="+encodeURIComponent(location.pathname));
es.addEventListener("state",e=>{const s=JSON.parse(e.data);
if(s.findings){const b=box();b.replaceChildren(el("p","margin:0 0 1em;font-weight:bold",
"rulebook: the rebuild failed; still showing the last good site ("+s.findings.length+
(s.findings.length===1?" error)":" errors)")));
for(const f of s.findings){const d=el("p","margin:0 0 1em");
d.append(el("span","color:#ffd75e",f.path+":"+f.line+":"+f.col),": ",
el("span","color:#ff8a80;font-weight:bold",f.severity+"["+f.code+"]"),": "+f.message);
if(f.hint)d.append("\\n",el("span","color:#a8c7fa","  hint: "+f.hint));b.append(d);}}
else if(s.generation!==G){es.close();location.reload();}
else{if(shown){shown.remove();shown=null;}unread(s.unread||[]);}behind(s.behind);});
const behind=note=>{const old=document.getElementById("rulebook-behind");
if(!note){if(old)old.remove();return;}if(old){old.textContent="rulebook: "+note;return;}
const n=el("p","position:fixed;left:1em;bottom:1em;z-index:2147483646;margin:0;"+
"max-width:calc(100vw - 2em);box-sizing:border-box;"+
"background:rgba(16,16,20,.93);color:#f2f2f2;font:13px/1.45 ui-monospace,monospace;"+
"padding:.5em .8em;border-radius:6px;direction:ltr;text-align:left","rulebook: "+note);
n.id="rulebook-behind";
n.setAttribute("role","status");document.body.append(n);};
const unread=list=>{const here=location.pathname.replace(/index\\.html$/,"");
const mine=list.filter(u=>u.page===here);const old=document.getElementById("rulebook-unread");
if(old)old.remove();if(!mine.length)return;
const p=el("aside","position:fixed;right:1em;bottom:1em;z-index:2147483646;max-width:min(40em,90vw);"+
"max-height:40vh;overflow:auto;background:rgba(16,16,20,.93);color:#f2f2f2;font:13px/1.45 "+
"ui-monospace,monospace;padding:1em;border-radius:6px;white-space:pre-wrap;"+
"overflow-wrap:anywhere;direction:ltr;text-align:left");p.id="rulebook-unread";
const x=el("button","float:right;background:none;border:0;color:#f2f2f2;cursor:pointer","\u2715");
x.setAttribute("aria-label","close");x.onclick=()=>p.remove();
p.append(x,el("p","margin:0 0 .6em;font-weight:bold","rulebook: "+mine.length+
(mine.length===1?" sentence":" sentences")+" of this page's narration not read by the check"));
for(const u of mine){const d=el("p","margin:0 0 .6em");d.className="rulebook-unread-item";
d.append(el("span","color:#ffd75e",u.path+":"+u.line+":"+u.col),": ",
el("span","",u.message));if(u.hint)d.append("\\n",el("span","color:#a8c7fa","  hint: "+u.hint));
p.append(d);}document.body.append(p);};})();</script>
"""

_NOT_BUILT = (b"<!doctype html><meta charset=utf-8><title>No site yet</title>"
              b"<p>rulebook serve: no site has been built yet. The findings are in the terminal; "
              b"this page is replaced as soon as a build succeeds.")


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    site: Path  # set on the subclass made for each server
    live: Live | None = None  # set when pages follow the rebuilds

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, directory=str(self.site), **kwargs)

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - quiet by default
        pass

    def handle(self) -> None:
        try:
            super().handle()
        except ConnectionError:  # the reader left mid-answer (a reload, a closed tab): not news
            self.close_connection = True

    def parse_request(self) -> bool:
        if not super().parse_request():
            return False
        if len(self.path) > MAX_ADDRESS:
            self.send_error(HTTPStatus.REQUEST_URI_TOO_LONG,
                            f"addresses are at most {MAX_ADDRESS} characters")
            return False
        return True

    def do_GET(self) -> None:
        if self.live is not None and urlsplit(self.path).path == EVENTS:
            self._events(self.live)
            return
        super().do_GET()

    def send_head(self) -> BinaryIO | None:
        try:
            return self._head()
        except OSError as error:  # a name too long for the file system, a loop of links
            if error.errno == errno.ENAMETOOLONG:
                self.send_error(HTTPStatus.REQUEST_URI_TOO_LONG, "a name in the address is too long")
                return None
            return self._not_found()

    def _head(self) -> BinaryIO | None:
        if not (self.site / MARKER).is_file():
            return self._page(503, _NOT_BUILT)
        path = unquote(urlsplit(self.path).path)
        if any(ord(c) < 32 for c in path):
            return self._not_found()
        early = self.live.page(output_path(path)) if self.live is not None else None
        if early is not None:  # made by the rebuild under way, not published yet
            return self._page(200, early)
        target = Path(self.translate_path(self.path))
        if target.is_dir() and path.endswith("/"):
            target = target / "index.html"
        if not target.exists() or (target.is_dir() and not (target / "index.html").is_file()):
            return self._not_found()
        if self.live is not None and target.suffix == ".html" and target.is_file():
            return self._page(200, target.read_bytes())  # with the script that follows rebuilds
        return super().send_head()

    def _events(self, live: Live) -> None:
        """Server-sent events: the state now, then after each rebuild (a comment now and then
        keeps the connection open)."""
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        seen = -1
        page = output_path(unquote(parse_qs(urlsplit(self.path).query).get("page", [""])[0]))
        live.opened(page, 1)
        try:
            while True:
                version, state = live.wait(seen, KEEPALIVE_SECONDS)
                if version == seen:
                    self.wfile.write(b": still here\n\n")
                else:
                    seen = version
                    data = json.dumps(state)
                    self.wfile.write(f"event: state\ndata: {data}\n\n".encode("utf-8"))
                self.wfile.flush()
        except OSError:
            return  # the page was closed
        finally:
            live.opened(page, -1)

    def list_directory(self, path: Any) -> BinaryIO | None:  # type: ignore[override]
        return self._not_found()  # a folder without index.html is not a page

    def _not_found(self) -> BinaryIO:
        first = unquote(urlsplit(self.path).path).strip("/").split("/", 1)[0]
        lang = [self.site / first / "404.html"] if first.isalpha() else []  # a language folder
        for page in lang + [self.site / "404.html"]:
            if page.is_file():
                return self._page(404, page.read_bytes())
        return self._page(404, b"<!doctype html><title>Not found</title><p>Not found.")

    def _page(self, status: int, body: bytes) -> BinaryIO:
        if self.live is not None:
            body = with_live_script(body, self.live.generation)
        self.send_response(status)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        return io.BytesIO(body)


def output_path(address: str) -> str:
    """The output file an address of the site serves (``/it/cuori/`` ->
    ``it/cuori/index.html``)."""
    rel = address.lstrip("/")
    return rel + "index.html" if rel == "" or rel.endswith("/") else rel


def with_live_script(page: bytes, generation: int) -> bytes:
    """The page as served: the script that follows rebuilds before its ``</body>``."""
    script = (_SCRIPT % (generation, EVENTS)).encode("utf-8")
    at = page.rfind(b"</body>")
    return page[:at] + script + page[at:] if at >= 0 else page + script


def _finding(d: Diagnostic) -> dict[str, object]:
    return {"path": d.mark.path, "line": d.mark.line, "col": d.mark.col,
            "severity": str(d.severity), "code": d.code, "message": d.message, "hint": d.hint}


def page_of(path: str, root: Path = Path()) -> str | None:
    """The address of the game page a language file makes (``rules/hearts/it.yaml`` ->
    ``/it/cuori/``), from its game.yaml's slugs; None when it is no game's language file.
    A relative ``path`` is taken from ``root`` (the folder the findings' paths start from)."""
    source = root / path
    try:
        game = yaml.safe_load((source.parent / "game.yaml").read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError, UnicodeDecodeError):
        return None
    slugs = game.get("slugs") if isinstance(game, dict) else None
    slug = slugs.get(source.stem) if isinstance(slugs, dict) else None
    return f"/{source.stem}/{slug}/" if isinstance(slug, str) else None


LATER_DELAY = 0.6  # seconds between a rebuild's pages and its search index and PDFs


def rebuild(config: BuildConfig, *, first: bool = False, live: Live | None = None) -> bool:
    """One build; every failure is reported (and shown on the open pages) and none ends the
    server. The first builds the whole site, search and PDFs included; after an edit, only
    the pages (the open ones reload at once): the search index and the PDFs follow in a
    LaterPass."""
    return _build_once(config if first else replace(config, search=False, pdfs_later=True),
                       first=first, live=live, early=not first)


class LaterPass:
    """The search index and the PDFs brought up to the pages in a thread of their own, a
    moment after a rebuild of them (the open pages reload first, then these get the cores).
    A save made meanwhile stops it (``stop``), so that the next pages wait for no indexing
    nor PDF: the build it runs is abandoned (nothing published: the index and the PDFs stay
    the last ones; the PDFs finished are in the cache), and the pass after the next rebuild
    makes them."""

    def __init__(self, config: BuildConfig, live: Live | None) -> None:
        self.config, self.live = config, live
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self.stop()
        self._stop = threading.Event()
        if self.live is not None:
            self.live.catching_up(True)
        self._thread = threading.Thread(target=self._run, args=(self._stop,), daemon=True,
                                        name="rulebook-later")
        self._thread.start()

    def stop(self) -> None:
        """Stops the pass under way, if any, and waits for its build to end (soon: the
        indexing stops between two pages, the PDFs' workers are killed)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
            self._thread = None

    def _run(self, stop: threading.Event) -> None:
        if stop.wait(LATER_DELAY):
            return
        # only the search and the PDFs are left to do; an edit saved meanwhile is built here
        # too, and its unread sentences still reach the pages
        ok = _build_once(replace(self.config, search=True, pdfs_later=False, stop=stop),
                         first=False, live=self.live, later_pass=True)
        if ok and not stop.is_set() and self.live is not None:
            self.live.catching_up(False)


def _warm(config: BuildConfig) -> None:
    """What the rebuild of the first save would do for the first time in this process, done
    before the first build (whose forked workers inherit it): the theme's templates compiled
    (0.1 s), the check's patterns compiled by checking the first game (0.1 s; what it finds
    is the build's to report)."""
    from ..check.games import check_game, find_game_folders
    from ..core.diagnostics import Report
    from ..core.languages import SOURCE_LANGUAGE
    from ..web.environments import compile_templates

    try:
        compile_templates(config.theme, SOURCE_LANGUAGE)
        folders = find_game_folders([config.rules], Report())
        if folders:
            check_game(folders[0], Report(unread=config.unread), root=config.rules.parent)
    except Exception:  # noqa: BLE001 - the build does the same next, and says what failed
        pass


def _build_once(config: BuildConfig, *, first: bool, live: Live | None,
                later_pass: bool = False, early: bool = False) -> bool:
    """One build, said in the terminal and on the open pages. ``early``: the open pages
    that it makes are shown as soon as they are made (``Live.early``), before it publishes."""
    try:
        return _build_and_say(config, first=first, live=live, later_pass=later_pass,
                              early=early)
    finally:
        if live is not None:
            live.published()  # whatever happened, the pages come from the output folder again


def _build_and_say(config: BuildConfig, *, first: bool, live: Live | None,
                   later_pass: bool, early: bool) -> bool:
    kept = "" if first else "; still serving the last good site"
    if early and live is not None:
        config = replace(config, preview=Preview(live.open_pages(), live.early))
    try:
        result = build(config)
    except BuildError as error:
        print(f"not built: {error}{kept}", file=sys.stderr)
        _failed(live, "build-error", str(error))
        return False
    except ExecutorError as error:  # the cluster is not there, or is no Dask scheduler: said
        print(f"not built: {error}{kept}", file=sys.stderr)
        _failed(live, "executor-error", str(error))
        return False
    except Exception as error:  # noqa: BLE001 - a bug in one rebuild must not stop the author's server
        traceback.print_exc()
        print(f"not built: the build failed (above){kept}", file=sys.stderr)
        _failed(live, "internal-error", f"the build failed: {error!r} (the terminal shows where)")
        return False
    if result.stopped:  # a later pass a save stopped: nothing published, nothing to say
        return True
    # a local preview needs no address of its own: the placeholder's warning is build's
    shown = [d for d in result.report.sorted()
             if d.code not in ("unread-narration", "placeholder-address")]
    if shown:
        print(format_text(shown), file=sys.stderr)
    not_read = sum(d.code == "unread-narration" for d in result.report.items)
    if not_read and result.ok and live is not None and not later_pass:  # on their pages
        print(f"{not_read} sentence(s) of narration not read by the check: each game page lists "
              "its own (rulebook check --explain lists them all)", file=sys.stderr)
    if result.ok:
        if not result.up_to_date and not later_pass:
            print(f"built: {result.written} file(s) written", file=sys.stderr)
        elif later_pass and result.written:
            what = "search index and PDFs" if config.pdf else "search index"
            print(f"{what} updated: {result.written} file(s) written", file=sys.stderr)
        # an up-to-date build checks nothing and reports nothing: the last list stands
        unread = list(live.unread) if live is not None and result.up_to_date else [
            _finding(d) | {"page": page} for d in result.report.sorted()
            if d.code == "unread-narration"
            and (page := page_of(d.mark.path, config.rules.parent)) is not None]
        changed = not later_pass and (result.written or result.removed)
        if live is not None and (live.findings is not None or changed or unread != live.unread):
            live.built(unread, reload=_reload_again(result, live))
    else:
        print(f"not built: {len(result.report.errors)} error(s){kept}", file=sys.stderr)
        if live is not None:
            live.failed([_finding(d) for d in result.report.sorted() if d.severity == "error"])
    return result.ok


def _reload_again(result: BuildResult, live: Live) -> bool:
    """Whether the open pages must reload after a good build: not when they reloaded to its
    pages before it published them (``Live.early``), no page was opened meanwhile (it got
    the page as it was), and the build changed nothing else they may load (a stylesheet, a
    script, a font) nor removed a file."""
    early, opened = live.published()
    return not early or bool(opened) or bool(result.removed) or any(
        not rel.endswith((".html", ".xml")) for rel in result.files if rel not in early)


def _failed(live: Live | None, code: str, message: str) -> None:
    if live is not None:
        live.failed([{"path": "rulebook", "line": 1, "col": 1, "severity": "error", "code": code,
                      "message": message, "hint": None}])


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why serve cannot listen where it was asked, and what to ask instead."""

    message: str
    hint: str


def listen(host: str, port: int, handler: type[SiteHandler]
           ) -> http.server.ThreadingHTTPServer | Refusal:
    """A server listening on ``host:port`` (port 0: any free one), or why there cannot be."""
    where = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    try:
        return http.server.ThreadingHTTPServer((host, port), handler)
    except OSError as error:
        reason = error.strerror or str(error)
        if error.errno == errno.EADDRINUSE:
            return Refusal(f"cannot serve on {where}: the port is in use ({reason})",
                           "another --port, or --port 0 for any free one")
        if error.errno == errno.EACCES:
            return Refusal(f"cannot serve on {where}: not allowed to listen there ({reason})",
                           "a port above 1023, or --port 0 for any free one")
        return Refusal(f"cannot serve on {where}: {reason}",
                       "--host 127.0.0.1 (this machine alone) or an address of this machine; "
                       "--port 0 for any free port")


def serve(config: BuildConfig, *, host: str = "127.0.0.1", port: int = 8000) -> int:
    from watchfiles import watch

    from ..pipeline import refused_output

    # an edit reloads one game, not every game, and the last build's graph stays in memory;
    # the sentences the check cannot read are warnings, listed on their pages
    config = replace(config, keep_games=True, unread=True, memory=GraphMemory())
    if refused_output(config) is not None:  # not a folder of ours: never serve it
        rebuild(config, first=True)  # prints the findings
        return 1
    live = Live("the search index and the PDFs are catching up with your edit" if config.pdf
                else "the search index is catching up with your edit")
    handler = type("Handler", (SiteHandler,), {"site": config.out, "live": live})
    server = listen(host, port, handler)  # the port first: said at once, not after a build
    if isinstance(server, Refusal):
        print(f"rulebook: error: {server.message}\n  hint: {server.hint}", file=sys.stderr)
        return 2  # a usage error: nothing was built, nothing written
    try:
        _warm(config)
        rebuild(config, first=True, live=live)
    except BaseException:
        server.server_close()
        raise
    threading.Thread(target=server.serve_forever, daemon=True).start()
    watched = [p for p in (config.rules, *config.theme.layers) if Path(p).exists()] + [PACKAGE]
    # the watcher starts at the first step of the loop, which comes back within a tick, and
    # only then is the address said: a save made once it is said is seen
    changes_seen = watch(*watched, rust_timeout=WATCH_TICK_MS, yield_on_timeout=True,
                         step=WATCH_STEP_MS)
    later = LaterPass(config, live)
    restart = False
    try:
        first = next(changes_seen)
        print(f"serving {config.out} at http://{host}:{server.server_address[1]}/ (Ctrl-C stops)",
              file=sys.stderr)
        for changes in itertools.chain([first], changes_seen):
            if not changes:
                continue  # a tick of the watcher: nothing changed
            if any(Path(path).is_relative_to(PACKAGE) for _, path in changes):
                restart = True  # the generator itself changed: its new code runs in a new process
                break
            later.stop()  # the index and PDFs of the last save are not waited for: its pages are
            if rebuild(config, live=live):
                later.start()
    except KeyboardInterrupt:
        pass
    finally:
        later.stop()
        server.shutdown()
        server.server_close()
    if restart:
        print("the generator changed: starting again with its new code", file=sys.stderr)
        sys.stderr.flush()
        os.execv(sys.executable, restart_command(config, host, server.server_address[1]))
    return 0


def restart_command(config: BuildConfig, host: str, port: int) -> list[str]:
    """`rulebook serve` as this one was asked, on the port it listens on (the open pages
    reconnect to it)."""
    return [sys.executable, "-m", PACKAGE.name, "serve", "--rules", str(config.rules),
            *(["--templates", str(config.templates)] if config.templates.is_dir() else []),
            "--out", str(config.out),
            "--host", host, "--port", str(port),
            *(["--no-pdf"] if not config.pdf else []),
            *(["--workers", str(config.workers)] if config.workers else []),
            *(["--executor", config.executor] if config.executor else []),
            *(["--quiet"] if config.quiet else [])]

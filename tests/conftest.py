"""What the tests share: the corpus checked once a process, the corpus site built once per
source for every run and worker (with and without its PDFs), small test roots, one web server
and one Chromium; the tiers, marked by the fixtures a test takes (`browser`, `site`, `pdf`)
or by a marker (`site`, `pdf`, `fault`, `slow`, `deep`), every other test `unit`:

    make test-fast    -m unit: unit, golden and check tests (every page rendered in memory, no
                      site built), each under 2 s of CPU (a hook below fails it otherwise)
    make test         every test, on both cores (pytest-xdist)
    make test-deep    the `deep` tests at their large size (RULEBOOK_DEEP=1)

No test writes into the checkout: the disk cache, the sites, screenshots and Hypothesis'
examples all go to the system's temporary folder. No test measures seconds: waits for a state
are bounded by HANG, which only turns a hang into a failure.
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import http.server
import json
import os
import re
import resource
import shutil
import signal
import tempfile
import threading
from pathlib import Path
from typing import Any, Iterator

import pytest

from generator.check.games import CheckResult, check
from generator.check.site_spec import load_site_spec
from generator.core.cards import Card
from generator.core.cardwords import rank_letter, shown_card_notation
from generator.core.diagnostics import Report

ROOT = Path(__file__).resolve().parent.parent
# The children the tests start run the source as `python -m generator`, from any folder: the
# installed distribution names it `rulebook` (setup.py), so the checkout goes on their path.
os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
RULES = ROOT / "rules"
TEMPLATES = ROOT / "templates"
CHROMIUM = "/usr/bin/chromium"
# The bound on a test's wait for a state (a file, a line, a process gone), never a measurement:
# far above what the busiest machine takes, it only turns a hang into a failure.
HANG = 600
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]

# A runner started in the background (`cmd &` in a script) hands its children SIGINT ignored,
# and an ignored signal stays ignored in every build a test starts: the Ctrl-C tests would see a
# build that cannot be interrupted. Builds started by the tests get a terminal's default.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# Every build of the test run, and of the next runs, shares one disk cache outside the
# checkout (entries are content-addressed: a changed game or engine gets new ones): "By the
# numbers" is simulated and the fonts are cut once, not once per temporary output folder.
# Subprocesses inherit it.
SHARED = Path(tempfile.gettempdir()) / f"rulebook-tests-{os.getuid()}"
os.environ.setdefault("RULEBOOK_CACHE", str(SHARED / "cache"))

# Hypothesis keeps nothing in the checkout (.hypothesis/): no example database (each run
# searches anew), and its other files in the temporary folder.
os.environ.setdefault("HYPOTHESIS_STORAGE_DIRECTORY", str(SHARED / "hypothesis"))
from hypothesis import settings  # noqa: E402 - after its storage folder is named

settings.register_profile("rulebook", database=None)
settings.load_profile("rulebook")

# The tiers, by what a test costs. A test with none of these markers is a unit test (marked
# `unit` here): no site built, no browser, no PDF, no rulebook process; `make test-fast` runs
# them alone (`-m unit`), and each must stay under UNIT_CPU seconds of CPU (see below).
MARKERS = {
    "browser": "drives Debian's Chromium",
    "pdf": "renders PDFs, or reads back the PDFs of the whole site (rendered once a session)",
    "site": "builds a site (a small test root, or reads the corpus built once a run), or runs "
            "rulebook in a process of its own",
    "fault": "kills, interrupts or starves a build to prove what it leaves",
    "slow": "searches many random cases, or reads the whole corpus in a way that grows with it",
    "deep": "its size is a setting: everyday in make test, far larger in make test-deep "
            "(RULEBOOK_DEEP=1)",
    "unit": "none of the others (given here, never written): make test-fast",
}
TIERS = tuple(name for name in MARKERS if name != "unit")
BY_FIXTURE = {"browser": "browser", "built": "pdf", "site": "site", "server": "site"}

# The deep runs: `make test-deep` sets RULEBOOK_DEEP=1 and the searches marked `deep` take
# their large size (the 10,000-round differential test, long Hypothesis searches, fuzzing);
# every other run keeps the everyday one.
DEEP = os.environ.get("RULEBOOK_DEEP", "") not in ("", "0")


def sized(everyday: int, deep: int) -> int:
    """How many cases a search tries: ``deep`` under `make test-deep`, else ``everyday``."""
    return deep if DEEP else everyday


def in_turn(game: int, lang: int, of: int) -> bool:
    """Whether a walk over every game × language visits this pair: under `make test-deep`
    all of them; in `make test` one pair in ``of``, in turn (game ``g`` in the languages ``l``
    with ``(g + l) % of == 0``), so that every game and every language is still met. For the
    browser walks whose cost grows with the corpus (a page load, an axe scan each), marked
    ``deep``: what one page shows of a template, its neighbours show too."""
    return DEEP or (game + lang) % of == 0


SCHEMES = ("light", "dark")


def schemes_in_turn(turn: int) -> tuple[str, ...]:
    """The colour schemes a scan takes: both under `make test-deep`; in `make test` one, in
    turn (light on an even ``turn``, dark on an odd one), for the axe scans of one page kind
    over several languages or pages (a scan is seconds of Chromium's CPU)."""
    return SCHEMES if DEEP else (SCHEMES[turn % 2],)


def pages_in_turn(pages: list[str], of: int) -> list[str]:
    """The addresses (``lang/slug/…`` under the site) of ``pages`` that a walk in turn visits
    (``in_turn``, over the corpus's games and their slugs): every page that is no game's, and
    each game's pages in one language in ``of``."""
    from generator.core.languages import LANGUAGES

    games = corpus().games
    owned = {f"{lang}/{slug}" for bundle in games for lang, slug in bundle.rules.spec.slugs.items()}
    walked = {f"{lang}/{slug}" for g, bundle in enumerate(games)
              for lang, slug in bundle.rules.spec.slugs.items()
              if in_turn(g, LANGUAGES.index(lang), of)}
    return [p for p in pages if "/".join(p.split("/")[:2]) in walked
            or "/".join(p.split("/")[:2]) not in owned]


# A unit test that spends more CPU than this (its own and its processes', setup and call
# each) fails: it belongs to another tier. CPU, not wall: a busy machine makes a test slower,
# not costlier. RULEBOOK_UNIT_CPU=0 turns the check off (a debugger, coverage).
UNIT_CPU = float(os.environ.get("RULEBOOK_UNIT_CPU", "2"))


def pytest_configure(config: pytest.Config) -> None:
    for name, text in MARKERS.items():
        config.addinivalue_line("markers", f"{name}: {text}")


@pytest.hookimpl(tryfirst=True)  # before -m selects by the markers given here
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        for fixture, marker in BY_FIXTURE.items():
            if fixture in getattr(item, "fixturenames", ()):
                item.add_marker(marker)
        if not any(item.get_closest_marker(name) for name in TIERS):
            item.add_marker("unit")
    items[:] = _costliest_files_first(items)


# The order files start in, costliest tier first: pytest-xdist hands each worker whole files
# (--dist loadfile) in the order collected, and a file of PDFs or builds started last keeps
# one worker busy long after the other has run out of work; the unit files, many and short,
# fill the end instead.
START_ORDER = ("pdf", "site", "fault", "browser", "slow", "deep", "unit")


def _costliest_files_first(items: list[pytest.Item]) -> list[pytest.Item]:
    rank: dict[str, int] = {}
    for item in items:
        tier = min(i for i, name in enumerate(START_ORDER) if item.get_closest_marker(name))
        rank[item.path.as_posix()] = min(rank.get(item.path.as_posix(), tier), tier)
    return sorted(items, key=lambda item: rank[item.path.as_posix()])  # stable: a file's own order


def pytest_collection_finish(session: pytest.Session) -> None:
    """Before the first unit test: the corpus's "By the numbers" simulated into the shared
    disk cache, once a machine (a cold cache takes minutes of CPU; a warm one, none). The
    pages a unit test renders then read their numbers, and no unit test pays for a cold
    machine."""
    if any(item.get_closest_marker("unit") for item in session.items):
        from generator.pipeline.simulate import simulations_of
        from generator.runtime.cache import Cache
        from generator.simulation.store import Store

        with _one_worker_at_a_time("numbers"):
            checked = corpus()
            Store(Cache.default()).prefetch(
                [s for b in checked.games for s in simulations_of(b)], workers=0)


def _cpu() -> float:
    """CPU seconds of this process and of the processes it has waited for."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _within_unit_budget(item: pytest.Item, when: str) -> Iterator[None]:
    if not UNIT_CPU or item.get_closest_marker("unit") is None:
        yield
        return
    before = _cpu()
    yield
    spent = _cpu() - before
    if spent > UNIT_CPU:
        pytest.fail(f"a unit test's {when} took {spent:.1f} s of CPU (at most {UNIT_CPU:g}): make it "
                    f"cheaper, or mark it with its tier ({', '.join(TIERS)})", pytrace=False)


# Where the suite's time goes, test by test: RULEBOOK_TEST_TIMES=FILE appends a JSON line per
# test (setup, call and teardown together) with its wall and CPU seconds and its xdist worker;
# bench/suite_times.py sums them. A test that waits more than it works shows as wall over CPU.
# "cpu" is the worker's own and its waited-for children's; "tree" adds the processes still
# running under it (the session's Chromium, a build's pool), read from /proc. A process's CPU
# counts in the tests it ran beside, once: a child reaped later adds nothing to "tree" (its CPU
# moves from the live processes to the reaped ones) though it adds all of it to "cpu"; a
# grandchild whose parent ends without waiting for it (Chromium, when the session closes it)
# leaves the tree, and that test's "tree" is 0, not less.
TEST_TIMES = os.environ.get("RULEBOOK_TEST_TIMES", "")


def _tree_cpu() -> float:
    """``_cpu()`` and the CPU seconds of every live descendant (with what each has reaped)."""
    tick = os.sysconf("SC_CLK_TCK")
    stats: dict[int, tuple[int, float]] = {}
    for entry in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = entry.read_text()
        except OSError:
            continue  # gone meanwhile
        fields = text[text.rindex(")") + 2:].split()  # after "pid (name) ": state, ppid, ...
        stats[int(entry.parent.name)] = (int(fields[1]), sum(int(f) for f in fields[11:15]) / tick)
    below, total = {os.getpid()}, 0.0
    changed = True
    while changed:
        changed = False
        for pid, (ppid, cpu) in stats.items():
            if ppid in below and pid not in below:
                below.add(pid)
                total += cpu
                changed = True
    return _cpu() + total


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[object]:
    if not TEST_TIMES:
        return (yield)
    import time

    wall, cpu, tree = time.perf_counter(), _cpu(), _tree_cpu()
    try:
        return (yield)
    finally:
        line = {"test": item.nodeid, "wall": round(time.perf_counter() - wall, 3),
                "cpu": round(_cpu() - cpu, 3), "tree": round(max(_tree_cpu() - tree, 0.0), 3),
                "worker": os.environ.get("PYTEST_XDIST_WORKER", "-"), "end": round(time.time(), 3)}
        with open(TEST_TIMES, "a", encoding="utf-8") as out:
            out.write(json.dumps(line) + "\n")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    return (yield from _within_unit_budget(item, "setup"))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    return (yield from _within_unit_budget(item, "call"))


@functools.cache
def corpus() -> CheckResult:
    """The real rules, checked once a source (``_source_digest``) for every run and worker:
    the first to come checks them under a lock and keeps the result in the shared temporary
    folder, the next read it (half a second, against several seconds of CPU for the check
    itself in each of them). Read it, never change it."""
    import pickle
    import time

    kept = SHARED / "corpus" / f"{_source_digest()}.pickle"
    with _one_worker_at_a_time("corpus"):
        try:
            result: CheckResult = pickle.loads(kept.read_bytes())  # written by this function alone
            os.utime(kept)  # in use: kept
            return result
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError):
            pass  # not checked yet, or by another source: checked here
        result = check([RULES], root=ROOT)
        kept.parent.mkdir(parents=True, exist_ok=True)
        for old in kept.parent.glob("*.pickle"):
            if time.time() - old.stat().st_mtime > 86400:
                old.unlink(missing_ok=True)  # a day unused: that source has moved on
        kept.with_suffix(".tmp").write_bytes(pickle.dumps(result, protocol=pickle.HIGHEST_PROTOCOL))
        os.replace(kept.with_suffix(".tmp"), kept)  # whole, or not there
        return result


@functools.cache
def local_letters() -> frozenset[str]:
    """The languages whose pages show their own card letters (rules/site.yaml's
    ``card_letters``), read as the build reads them."""
    spec = load_site_spec(RULES, Report())
    assert spec is not None
    return frozenset(spec.card_letters)


def shown_card(shown: str, lang: str) -> str:
    """A card as a page of ``lang`` shows it ("Д♠" on a Russian page), in the rules' notation
    ("Q♠"): the shown letters mapped back through the site's own table."""
    return shown_card_notation(shown, lang, local=lang in local_letters())


def card_as_shown(card: Card, lang: str) -> str:
    """A card as a page of ``lang`` shows it: its rank through the site's own letters."""
    if card.rank is None or card.suit is None:
        return str(card)
    return rank_letter(card.rank, lang, local=lang in local_letters()) + card.suit.value


@contextlib.contextmanager
def _one_worker_at_a_time(name: str) -> Iterator[None]:
    """Across pytest-xdist's workers: the first builds, the next finds the disk cache warm."""
    SHARED.mkdir(parents=True, exist_ok=True)
    with open(SHARED / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


@functools.cache
def _source_digest() -> str:
    """What a built corpus site is made from: the checkout's place (a build's state names the
    folders it read: another clone's build is not up to date here), every file of rules/,
    templates/ and generator/ (its path and bytes), the rules' last commit (the PDFs print its
    date), the Python, the virtual environment and the PDF renderer (libharfbuzz-subset
    installed since) that run the build."""
    import hashlib
    import subprocess
    import sys

    from generator.pdf.render import renderer_environment

    digest = hashlib.sha256(f"{ROOT}\0{sys.version}\0{sys.prefix}\0{renderer_environment()}\0".encode())
    dated = subprocess.run(["git", "log", "-1", "--format=%H", "--", "rules"], cwd=ROOT,
                           capture_output=True, text=True)
    digest.update(dated.stdout.encode() + b"\0")
    for folder in (RULES, TEMPLATES, ROOT / "generator"):
        for path in sorted(folder.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
                digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:24]


def shared_build(kind: str, **options: Any) -> tuple[Path, dict[str, Any]]:
    """The corpus built once per source (``_source_digest``) into the shared temporary
    folder, for every xdist worker and every run until a source file changes: the first to
    come builds under a lock, the next read what it left (the site, and what its build said).
    Read it, never change it: a test that rebuilds works on ``own_copy``."""
    from generator.pipeline import BuildConfig, build

    key = f"{kind}-{_source_digest()}"
    home = SHARED / "sites" / key
    said = home / "build.json"
    (SHARED / "sites").mkdir(parents=True, exist_ok=True)
    with _one_worker_at_a_time(f"sites/{key}"):
        if not said.is_file():  # never built, or a build that did not finish
            shutil.rmtree(home, ignore_errors=True)
            _forget_old_builds(kind)
            result = build(BuildConfig(RULES, TEMPLATES, home / "site", **options))
            facts = {"ok": result.ok, "errors": [d.format() for d in result.report.errors],
                     "pdfs": result.pdfs.rendered + result.pdfs.cached,
                     "overflows": [repr(o) for o in result.pdfs.overflows]}
            said.with_suffix(".tmp").write_text(json.dumps(facts), encoding="utf-8")
            os.replace(said.with_suffix(".tmp"), said)  # whole, or not there
        os.utime(said)  # in use: kept
    return home / "site", json.loads(said.read_text(encoding="utf-8"))


def _forget_old_builds(kind: str, *, days: float = 2) -> None:
    """Shared builds of other sources unused for ``days`` (a checkout moved on) are removed."""
    import time

    for said in (SHARED / "sites").glob(f"{kind}-*/build.json"):
        if time.time() - said.stat().st_mtime > days * 86400:
            shutil.rmtree(said.parent, ignore_errors=True)


def own_copy(site: Path, target: Path) -> Path:
    """A shared site in ``target``, with the build state kept beside it, to rebuild at will:
    its files are hard links (the same inodes, sizes and times: a build finds them as its last
    build left them), and a build never writes into a file, it replaces it whole."""
    target.mkdir(parents=True, exist_ok=True)
    for path in site.parent.iterdir():
        if path.name == site.name or path.name.startswith(f".{site.name}"):
            if path.is_dir():
                shutil.copytree(path, target / path.name, copy_function=os.link)
            else:
                shutil.copy2(path, target / path.name)  # the build's state: rewritten
    return target / site.name


def cache_without_pdfs(target: Path) -> Path:
    """A disk cache of a test's own that holds the shared cache's simulated numbers and cut
    web fonts but no PDF: a build into it renders every PDF (what such a test is about)
    without simulating the games again (a minute of CPU that tests nothing of a PDF)."""
    shared = Path(os.environ["RULEBOOK_CACHE"])
    target.mkdir(mode=0o700, parents=True)
    if (shared / ".secret").is_file():  # the entries verify with the folder's secret
        shutil.copy2(shared / ".secret", target / ".secret")
        for kind in ("numbers", "fonts"):
            if (shared / kind).is_dir():
                shutil.copytree(shared / kind, target / kind)
    return target


@pytest.fixture(scope="session")
def site() -> Path:
    """The whole site without its PDFs, built once per source for every run and worker
    (read it, never change it)."""
    out, said = shared_build("site", pdf=False)
    assert said["ok"], said["errors"]
    return out


@pytest.fixture(scope="session")
def built() -> Path:
    """The whole site with its PDFs, built once per source for every test that reads them
    back (read it, never change it)."""
    from generator.web.site import DocKind, plan

    out, said = shared_build("built", workers=2)
    assert said["ok"], said["errors"]
    rendered = [d for d in plan(corpus().games).documents if d.kind is not DocKind.IMPOSED]
    assert said["pdfs"] == len(rendered)
    assert said["overflows"] == []  # no box of any PDF outside its page
    return out


class _Site(http.server.SimpleHTTPRequestHandler):
    """Serves a site quietly; a missing address gets its language's 404 page, as `rulebook
    serve` and most web servers are set up to do."""

    root = Path()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        page = self.root / self.path.strip("/").split("/")[0] / "404.html"
        if code != 404 or not (page.is_file() or (self.root / "404.html").is_file()):
            super().send_error(code, message, explain)
            return
        body = (page if page.is_file() else self.root / "404.html").read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def serve_folder(folder: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    """A web server on localhost for ``folder``, in a thread; stop it with ``shutdown()``."""
    handler = type("Handler", (_Site,), {"root": folder})
    httpd = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(handler, directory=str(folder)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}"


@pytest.fixture(scope="session")
def server(site: Path) -> Iterator[str]:
    """The shared site on a web server (the search needs one)."""
    httpd, url = serve_folder(site)
    yield url
    httpd.shutdown()


def files_of(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` by its relative path, with its bytes: two builds compared."""
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def search_bundle_of(site: Path) -> dict[str, bytes]:
    """The files of a built site's search bundle (pagefind/, pagefind-2/, ...), as files_of."""
    return {rel: data for rel, data in files_of(site).items() if rel.startswith("pagefind")}


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One Chromium for the session; each test opens its own pages (and closes them)."""
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (make test installs it)")
    api = pytest.importorskip("playwright.sync_api")
    with api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture(scope="session")
def screenshots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the tests leave screenshots and printed pages to look at (never the checkout)."""
    folder = tmp_path_factory.getbasetemp() / "screenshots"
    folder.mkdir(exist_ok=True)
    return folder


# The small test root: one pairing game and one trick game, copied from rules/ (the real
# files, all their languages unless asked for fewer; two games that link to no other, so
# they check clean alone). A behaviour test that edits rules, rebuilds or imports builds
# this, not the whole corpus.
PAIRS_GAME, TRICKS_GAME = "schwarzer-peter", "peppa"


def small_rules(target: Path, *, games: tuple[str, ...] = (PAIRS_GAME, TRICKS_GAME),
                langs: tuple[str, ...] | None = None) -> Path:
    """A rules folder at ``target`` holding site.yaml and ``games`` (``langs``: English and
    these only, with their translation records)."""
    target.mkdir(parents=True, exist_ok=True)
    shutil.copy(RULES / "site.yaml", target / "site.yaml")
    for game in games:
        shutil.copytree(RULES / game, target / game)
        _unlink_games_left_out(target / game / "game.yaml", set(games))
        if langs is not None:
            for path in (target / game).glob("*.yaml"):
                lang = path.name.split(".")[0]
                if len(lang) == 2 and lang != "en" and lang not in langs:
                    path.unlink()
    return target


def _unlink_games_left_out(path: Path, kept: set[str]) -> None:
    """The game's related games that a small rules folder leaves out are not linked (the
    corpus links more as its games grow: a small folder stays a valid one)."""
    rows = path.read_text(encoding="utf-8").splitlines(keepends=True)
    linked = re.compile(r"\s*- \{game: ([\w-]+),")
    out = [row for row in rows if (m := linked.match(row)) is None or m.group(1) in kept]
    if len(out) == len(rows):
        return  # nothing left out: the file as it is
    text = "".join(out)
    if not any(linked.match(row) for row in out):  # a list left empty is [], not a null
        text = re.sub(r"^(\s+games:)[ \t]*$", r"\1 []", text, count=1, flags=re.M)
    path.write_text(text, encoding="utf-8")


class BrokenCopy:
    """A copy of one real game folder, edited by text replacement, then checked."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp

    def __call__(self, game: str, edits: dict[str, list[tuple[str, str]]]) -> CheckResult:
        target = self.tmp / "rules" / game
        if not target.exists():
            shutil.copytree(RULES / game, target)
        for rel, pairs in edits.items():
            path = target / rel
            text = path.read_text(encoding="utf-8")
            for old, new in pairs:
                assert old in text, f"{old!r} not in {rel}"
                text = text.replace(old, new, 1)
            path.write_text(text, encoding="utf-8")
        return check([target], root=self.tmp)


@pytest.fixture
def broken(tmp_path: Path) -> BrokenCopy:
    return BrokenCopy(tmp_path)


# The corpus has no address of its own yet: its site.yaml's base_url is a placeholder
# (rulebook.example), which check rightly warns of in every copy of it.
PLACEHOLDER = "placeholder-address"


def findings(result: CheckResult) -> list[tuple[str, int, str]]:
    """(path, line, code) of every finding, in order, but the placeholder address's."""
    return [(d.mark.path, d.mark.line, d.code) for d in result.report.sorted()
            if d.code != PLACEHOLDER]


def formatted(diagnostics: Any) -> list[str]:
    """Every finding of ``diagnostics`` as check prints it, but the placeholder address's."""
    return [d.format() for d in diagnostics if d.code != PLACEHOLDER]


def line_of(game: str, rel: str, needle: str) -> int:
    """The 1-based line of the first line containing ``needle`` in a real rules file."""
    for i, line in enumerate((RULES / game / rel).read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            return i
    raise AssertionError(f"{needle!r} not in {game}/{rel}")

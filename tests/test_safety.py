"""Safe under a wrong --out, hostile prose and faults (issue: output folders, the PDF fetcher,
workers, publishing, serve). Each test reproduces what main did wrong before the fix."""

from __future__ import annotations

import errno
import http.server
import json
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Iterator

import pytest

from conftest import DEEP, HANG, ROOT, RULES, cache_without_pdfs, corpus, small_rules
from generator.cli.main import main
from generator.cli.serve import SiteHandler, rebuild
from generator.pdf.render import PdfJob, PdfStats, render_pdfs
from generator.pipeline import BuildConfig, build, publish
from generator.runtime.cache import Cache
from generator.runtime.pool import usable_workers

pytestmark = pytest.mark.fault

GAME = "black-peter"


def one_game(tmp: Path, name: str = "rules", *, tag: str | None = None, english_only: bool = False
             ) -> Path:
    """A rules folder with one real game; ``tag`` marks its English description."""
    rules = tmp / name
    rules.mkdir(parents=True)
    shutil.copy(RULES / "site.yaml", rules / "site.yaml")
    shutil.copytree(RULES / GAME, rules / GAME)
    for other in ("it", "de", "ru", "ro", "ar") if english_only else ():
        (rules / GAME / f"{other}.yaml").unlink()  # three PDFs to render, not eighteen
    if tag:
        en = rules / GAME / "en.yaml"
        en.write_text(en.read_text(encoding="utf-8").replace(
            "Black Peter with a 32-card skat deck", f"{tag} Black Peter with a 32-card skat deck", 1),
            encoding="utf-8")
    return rules


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def leftovers(out: Path) -> list[str]:
    return sorted(p.name for p in out.parent.iterdir()
                  if any(p.name.startswith(f".{out.name}.{kind}-") for kind in ("staging", "old", "spool")))


def cli(*args: str, env: dict[str, str] | None = None, **kwargs: object) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "generator", *args], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=os.environ | (env or {}), start_new_session=True, **kwargs)  # type: ignore[call-overload]


def wait_for_line(proc: subprocess.Popen[str], needle: str, timeout: float = HANG) -> str:
    """Read the process's stderr until a line holds ``needle``."""
    assert proc.stderr is not None
    deadline = time.monotonic() + timeout
    seen = []
    while time.monotonic() < deadline:
        line = proc.stderr.readline()
        if not line and proc.poll() is not None:
            break
        seen.append(line)
        if needle in line:
            return "".join(seen)
    raise AssertionError(f"{needle!r} never printed: {''.join(seen)}")


PDF_WORKER, PAGE_WORKER = b"rulebook-pdf", b"rulebook-page"  # the names the pool's workers take


def children(pid: int, name: bytes = PDF_WORKER) -> set[int]:
    """Live PDF workers of ``pid`` (from /proc), known by the name they give themselves.

    Other children do not count: the build also runs short-lived ``git log`` processes (the
    rules' date on the QR codes), which between fork and exec look like the build itself.
    """
    program = name.decode() + "\n"
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            comm = (stat.parent / "comm").read_text()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z" and comm == program:
            found.add(int(stat.parent.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def group(pgid: int) -> set[int]:
    """Live processes of the process group ``pgid`` (a build started by ``cli`` leads its own:
    its workers stay in it, even once the build is gone and they are another's children)."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            found.add(int(stat.parent.name))
    return found


def both_workers(pid: int) -> set[int]:
    """The two PDF workers of ``pid``, once both have named themselves (the first may reach
    its failpoint while the second is still starting)."""
    deadline = time.monotonic() + HANG
    while len(found := children(pid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    return found


def wait_until_gone(pids: set[int]) -> None:
    """Wait until none of ``pids`` is alive (a killed process is reaped soon, not at once)."""
    deadline = time.monotonic() + HANG
    while any(alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.05)


# -- High 1: --out never takes a folder that is not a build's -------------------------------

def test_out_at_a_home_folder_is_refused_and_nothing_is_touched(tmp_path: Path, capsys) -> None:
    home = tmp_path / "fakehome"
    (home / ".ssh").mkdir(parents=True)
    (home / ".ssh" / "id_ed25519").write_text("key")
    (home / "Documents").mkdir()
    before = snapshot(home)
    assert main(["build", "--no-pdf", "--rules", str(one_game(tmp_path)), "--out", str(home)]) == 1
    out = capsys.readouterr().out
    assert "error[bad-output]" in out and "no rulebook build made (.ssh, Documents)" in out
    assert snapshot(home) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fakehome", "rules"]  # no lock, no cache


def test_a_file_or_a_symlink_as_out_is_refused(tmp_path: Path, capsys) -> None:
    rules = one_game(tmp_path)
    notes = tmp_path / "notes.txt"
    notes.write_text("mine")
    link = tmp_path / "link"
    link.symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    (tmp_path / "elsewhere").mkdir()
    assert main(["build", "--no-pdf", "--rules", str(rules), "--out", str(notes)]) == 1
    assert main(["build", "--no-pdf", "--rules", str(rules), "--out", str(link)]) == 1
    out = capsys.readouterr().out
    assert "is a file, not a folder" in out and "is a symbolic link" in out
    assert notes.read_text() == "mine" and link.is_symlink() and not any((tmp_path / "elsewhere").iterdir())
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


def test_empty_missing_marked_and_legacy_folders_are_accepted(tmp_path: Path) -> None:
    rules = one_game(tmp_path)
    empty = tmp_path / "empty"
    empty.mkdir()
    for out in (empty, tmp_path / "new" / "site"):
        result = build(BuildConfig(rules, ROOT / "templates", out, pdf=False))
        assert result.ok and (out / publish.MARKER).is_file()
    # A site built before the marker existed: its state file lists every file in it.
    legacy = tmp_path / "legacy"
    shutil.copytree(tmp_path / "empty", legacy)
    (legacy / publish.MARKER).unlink()
    state = {"files": {rel: 0 for rel in snapshot(legacy)}}
    (tmp_path / f".legacy{publish.LEGACY_STATE}").write_text(json.dumps(state))
    assert publish.output_problem(legacy) is None
    (legacy / "notes.txt").write_text("not the build's")
    assert publish.output_problem(legacy) is not None


def test_pdf_out_is_guarded_too_and_writes_through_no_planted_link(tmp_path: Path, capsys) -> None:
    rules = one_game(tmp_path)
    foreign = tmp_path / "foreign"
    foreign.mkdir()
    (foreign / "thesis.pdf").write_text("mine")
    assert main(["pdf", GAME, "--lang", "en", "--rules", str(rules), "--out", str(foreign)]) == 1
    assert "error[bad-output]" in capsys.readouterr().out
    out = tmp_path / "pdf"
    assert main(["pdf", GAME, "--lang", "en", "--rules", str(rules), "--out", str(out),
                 "--workers", "1"]) == 0
    victim = tmp_path / "victim.txt"
    victim.write_text("untouched")
    for name in ("black-peter.en.tmp", "black-peter-card.en.tmp", "black-peter-sheet.en.tmp",
                 "black-peter.tmp", "black-peter-card.tmp", "black-peter-sheet.tmp"):
        (out / name).symlink_to(victim)  # main wrote through these predictable names
    (out / "black-peter.en.pdf").unlink()
    assert main(["pdf", GAME, "--lang", "en", "--rules", str(rules), "--out", str(out),
                 "--workers", "1"]) == 0
    assert victim.read_text() == "untouched"
    assert (out / publish.MARKER).is_file() and (out / "black-peter.en.pdf").is_file()
    # nothing beside the PDFs but them: the disk cache is the user's, not the output's
    assert not (tmp_path / ".pdf.cache").exists() and not (out / "site").exists()


# -- High 2: the PDF renderer fetches nothing outside the templates ---------------------------

@pytest.fixture
def web_server() -> Iterator[tuple[str, list[str]]]:
    hits: list[str] = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            hits.append(self.path)
            self.send_response(200)
            self.end_headers()

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}", hits
    server.shutdown()


def test_pdf_fetcher_refuses_local_files_and_urls(tmp_path: Path, web_server) -> None:
    url, hits = web_server
    secret = tmp_path / "secret.png"
    secret.write_bytes(b"\x89PNG\r\n\x1a\nsecret")
    images = [str(secret), f"{url}/x.png", "/dev/zero", "file:///etc/passwd",
              "../../../../../../etc/hostname", "data:image/gif;base64,R0lGODlhAQABAAAAACw="]
    html = ('<html lang="en"><head><title>t</title><link rel="stylesheet" href="print.css">'
            "</head><body>" + "".join(f'<img src="{s}">' for s in images) + "</body></html>")
    stats = PdfStats()
    pdfs = render_pdfs([PdfJob("a.pdf", html)], theme=ROOT / "templates",
                       cache=Cache(tmp_path / "cache"), workers=1, stats=stats)
    assert hits == []  # no request left the renderer
    refused = stats.refused["a.pdf"]
    assert any(r.endswith("secret.png") for r in refused) and f"{url}/x.png" in refused
    assert "file:///dev/zero" in refused and "file:///etc/passwd" in refused
    assert not any(r.startswith("data:") or r.endswith("print.css") for r in refused)
    assert b"secret" not in pdfs["a.pdf"]
    assert not list((tmp_path / "cache").glob("*.pdf"))  # never cached: said again next time


def test_prose_images_are_findings_at_their_line(broken) -> None:
    result = broken(GAME, {"en.yaml": [
        ("    There is no single winner.",
         "    See ![b](http://127.0.0.1:9/x.png) and ![c](data:image/gif;base64,R0lGOD=).\n\n"
         "    There is no single winner.")]})
    refused = [d for d in result.report.sorted() if d.code == "refused-resource"]
    assert [d.message.split("'")[1] for d in refused] == ["http://127.0.0.1:9/x.png"], refused
    assert refused[0].mark.path.endswith("en.yaml") and refused[0].mark.line >= 8


def test_the_build_refuses_a_prose_image_and_writes_nothing(tmp_path: Path, capsys) -> None:
    rules = one_game(tmp_path)
    en = rules / GAME / "en.yaml"
    en.write_text(en.read_text(encoding="utf-8").replace(
        "    There is no single winner.", "    ![x](/etc/hostname)\n\n    There is no single winner.", 1),
        encoding="utf-8")
    assert main(["build", "--rules", str(rules), "--out", str(tmp_path / "site")]) == 1
    assert "error[refused-resource]" in capsys.readouterr().out
    assert not (tmp_path / "site").exists()


# -- Medium 3-5: workers bounded, Ctrl-C and kill -9 leave no process behind --------------------

def test_workers_are_bounded_and_must_be_positive(capsys) -> None:
    assert usable_workers(1000, 3) == min(3, os.cpu_count() or 1)
    assert usable_workers(1000, 1) == 1 and usable_workers(1, 50) == 1
    for bad in ("0", "-4", "many"):
        with pytest.raises(SystemExit) as info:
            main(["build", "--workers", bad])
        assert info.value.code == 2
    assert "expected at least 1, found -4" in capsys.readouterr().err


def interrupted_at(point: str, args: list[str], tmp_path: Path, env: dict[str, str]) -> None:
    """Start a build that stops at the failpoint ``point``, press Ctrl-C there, then let the
    build go on: it must end at once with 130, leaving no process of its group and no site."""
    release = tmp_path / "release"
    proc = cli(*args, "--out", str(tmp_path / "site"), "--workers", "2",
               env=env | {"RULEBOOK_TEST_FAILPOINT": point,
                          "RULEBOOK_TEST_FAILPOINT_RELEASE": str(release)})
    try:
        wait_for_line(proc, f"failpoint {point} reached")
        os.killpg(proc.pid, 2)  # what a terminal's Ctrl-C does: the whole process group
        release.touch()  # a Ctrl-C held back (the pool starting) is raised when its start ends
        proc.wait(timeout=HANG)
    except subprocess.TimeoutExpired:
        raise AssertionError("the build hung after Ctrl-C") from None
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, 9)
    assert proc.returncode == 130, proc.stderr.read() if proc.stderr else ""
    wait_until_gone(group(proc.pid))
    assert group(proc.pid) == set()  # no worker outlives the build
    assert not (tmp_path / "site").exists() and leftovers(tmp_path / "site") == []


# Each state the start of a pool goes through, the one that hung main's builds included (a
# worker still in its initializer when Ctrl-C comes): the build waits there for the test.
# make test meets each state in one of the two pools, the one that hung in both; make
# test-deep each in both.
POOL_STATES = ["pool-starting", "worker-starting", "pool-started"]
PDF_STATES = [*POOL_STATES, "render"] if DEEP else ["worker-starting", "render"]
PAGE_STATES = [*POOL_STATES, "render"] if DEEP else POOL_STATES


@pytest.mark.deep
@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="needs a pool of two workers")
@pytest.mark.parametrize("state", PDF_STATES)
def test_ctrl_c_while_workers_start_never_hangs(tmp_path: Path, state: str) -> None:
    """On main one Ctrl-C in nine, sent just as the workers appear, hung the build for good.
    make test: the PDF pool's worker starting and rendering (its other states in the page
    pool below); make test-deep: every state."""
    # a cache of its own: with the PDFs cached, no worker would start to be interrupted
    interrupted_at(f"pdf-{state}", ["build", "--rules", str(one_game(tmp_path, english_only=True))],
                   tmp_path, {"RULEBOOK_CACHE": str(cache_without_pdfs(tmp_path / "cache"))})


@pytest.mark.deep
@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="needs a pool of two workers")
@pytest.mark.parametrize("state", PAGE_STATES)
def test_ctrl_c_while_pages_render_stops_the_page_workers(tmp_path: Path, state: str) -> None:
    """A site's pages are rendered by a pool of two (pipeline/pages.py) once there are enough
    of them (four games in six languages): a Ctrl-C stops the build at once, with its workers,
    and publishes nothing. The build waits at the failpoint: a build without a pool fails.
    make test: the pool's start, state by state (rendering: the PDF pool's above); make
    test-deep: rendering here too."""
    rules = small_rules(tmp_path / "rules", games=("black-peter", "hearts", "uomo-nero", "whist"))
    interrupted_at(f"page-{state}", ["build", "--no-pdf", "--rules", str(rules)], tmp_path, {})


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="needs a pool of two workers")
def test_kill_9_during_pdf_rendering_leaves_no_worker(tmp_path: Path) -> None:
    rules = one_game(tmp_path)
    proc = cli("build", "--rules", str(rules), "--out", str(tmp_path / "site"), "--workers", "2",
               env={"RULEBOOK_TEST_FAILPOINT": "pdf-render",
                    "RULEBOOK_CACHE": str(cache_without_pdfs(tmp_path / "cache"))})
    wait_for_line(proc, "failpoint pdf-render reached")
    workers = both_workers(proc.pid)
    assert len(workers) == 2
    proc.kill()
    proc.wait()
    wait_until_gone(workers)
    assert not any(alive(w) for w in workers)


# -- Medium 6: publishing is atomic; killed builds are recovered --------------------------------

@pytest.fixture(scope="module")
def sites(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """The rules of an old and a new site, and what each publishes."""
    tmp = tmp_path_factory.mktemp("sites")
    old_rules, new_rules = one_game(tmp, "old", tag="OLD"), one_game(tmp, "new", tag="NEW")
    expected = {}
    for name, rules in (("old", old_rules), ("new", new_rules)):
        out = tmp / f"expected-{name}" / "site"
        assert build(BuildConfig(rules, ROOT / "templates", out, pdf=False)).ok
        expected[name] = snapshot(out)
    return {"old": old_rules, "new": new_rules, "expected": expected}


POINTS = [("before-publish", {}), ("staged", {}), ("swapped", {}),
          ("between-renames", {"RULEBOOK_NO_EXCHANGE": "1"})]
SIGNALS = {9: "SIGKILL", 2: "SIGINT"}
# make test: each point once, the signals in turn (SIGKILL between the renames: the one case
# that leaves no site, only the previous one beside it; a SIGINT there is
# test_an_interrupt_between_the_renames_waits_for_the_second); make test-deep: every pair.
KILLS = [pytest.param(point, env, number, id=f"{point}-{name}")
         for i, (point, env) in enumerate(POINTS) for j, (number, name) in enumerate(SIGNALS.items())
         if DEEP or (i + j) % 2 == 1]


@pytest.mark.deep
@pytest.mark.parametrize(("point", "env", "signal_number"), KILLS)
def test_a_killed_build_leaves_a_whole_site(tmp_path: Path, sites, point: str, env: dict[str, str],
                                            signal_number: int) -> None:
    """Killed at each point of publishing, a build leaves the old site or the new one, whole.
    make test sends each point one signal, SIGKILL and SIGINT in turn; make test-deep both."""
    expected = sites["expected"]
    out = tmp_path / "site"
    assert build(BuildConfig(sites["old"], ROOT / "templates", out, pdf=False)).ok
    assert snapshot(out) == expected["old"]
    release = tmp_path / "release"  # the build waits at the point until the signal is sent
    proc = cli("build", "--no-pdf", "--rules", str(sites["new"]), "--out", str(out),
               env={"RULEBOOK_TEST_FAILPOINT": point, "RULEBOOK_TEST_FAILPOINT_WAIT": str(HANG),
                    "RULEBOOK_TEST_FAILPOINT_RELEASE": str(release)} | env)
    wait_for_line(proc, f"failpoint {point} reached")
    os.killpg(proc.pid, signal_number)
    release.touch()  # a signal held back there (between the renames) is taken after it
    proc.wait(timeout=HANG)
    if out.exists():
        assert snapshot(out) in (expected["old"], expected["new"])
    else:  # SIGKILL between two renames: the previous site waits, whole, for the next build
        assert point == "between-renames" and signal_number == 9
        [kept] = [name for name in leftovers(out) if ".old-" in name]
        assert snapshot(tmp_path / kept) == expected["old"]
    done = build(BuildConfig(sites["new"], ROOT / "templates", out, pdf=False))
    assert done.ok and snapshot(out) == expected["new"]
    assert leftovers(out) == []


@pytest.mark.deep
@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="needs a pool of two workers")
@pytest.mark.parametrize("signal_number", [9, 2] if DEEP else [2],
                         ids=["SIGKILL", "SIGINT"] if DEEP else ["SIGINT"])
def test_a_build_killed_while_rendering_pdfs(tmp_path: Path, signal_number: int) -> None:
    """make test interrupts the render (Ctrl-C: no site changed, nothing left, the next build
    renders every PDF); a kill -9 there leaves no worker (test_kill_9_during_pdf_rendering_
    leaves_no_worker), and make test-deep kills this build too."""
    rules = one_game(tmp_path, english_only=True)
    out = tmp_path / "site"
    assert build(BuildConfig(rules, ROOT / "templates", out, pdf=False)).ok
    before = snapshot(out)
    proc = cli("build", "--rules", str(rules), "--out", str(out), "--workers", "2",
               env={"RULEBOOK_TEST_FAILPOINT": "pdf-render",
                    "RULEBOOK_CACHE": str(cache_without_pdfs(tmp_path / "cache"))})
    wait_for_line(proc, "failpoint pdf-render reached")
    workers = both_workers(proc.pid)
    os.killpg(proc.pid, signal_number)
    assert proc.wait(timeout=HANG) == (-9 if signal_number == 9 else 130)
    wait_until_gone(workers)
    assert workers and not any(alive(w) for w in workers)
    assert snapshot(out) == before
    # killed, it leaves at most its spool (the next build removes it); interrupted, nothing
    assert [n for n in leftovers(out) if ".spool-" not in n] == []
    assert signal_number == 9 or leftovers(out) == []
    done = build(BuildConfig(rules, ROOT / "templates", out, workers=1, cache=tmp_path / "cache"))
    assert done.ok and done.pdfs.rendered == 4 and leftovers(out) == []  # card, sheet, booklet, aid


def test_an_interrupt_another_thread_takes_still_waits_for_the_renames() -> None:
    """Publishing holds Ctrl-C back between its two renames; the kernel gives a signal sent to
    the process to any thread that does not block it (asyncio's thread waiting for a Pagefind
    service to end was one, now and then), and Python then raises KeyboardInterrupt in the
    main thread all the same: it must still come after the block, not inside it."""
    import signal

    from generator.pipeline.publish import _interrupts_held

    if threading.current_thread() is not threading.main_thread():
        pytest.skip("signals are handled in the main thread only")
    done = threading.Event()
    other = threading.Thread(target=done.wait, daemon=True)  # Ctrl-C not blocked in it
    other.start()
    steps: list[str] = []
    try:
        with pytest.raises(KeyboardInterrupt):
            with _interrupts_held():
                os.kill(os.getpid(), signal.SIGINT)  # taken by the other thread
                for _ in range(20):  # the handler's chances to run inside the block
                    time.sleep(0.01)
                steps.append("the block ended")
        assert steps == ["the block ended"]  # the interrupt came after it
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # put back
    finally:
        done.set()
        other.join()


def test_an_interrupt_between_the_renames_waits_for_the_second(tmp_path: Path, sites) -> None:
    out = tmp_path / "site"
    assert build(BuildConfig(sites["old"], ROOT / "templates", out, pdf=False)).ok
    release = tmp_path / "release"
    proc = cli("build", "--no-pdf", "--rules", str(sites["new"]), "--out", str(out),
               env={"RULEBOOK_TEST_FAILPOINT": "between-renames", "RULEBOOK_TEST_FAILPOINT_WAIT": str(HANG),
                    "RULEBOOK_TEST_FAILPOINT_RELEASE": str(release), "RULEBOOK_NO_EXCHANGE": "1"})
    wait_for_line(proc, "failpoint between-renames reached")
    os.killpg(proc.pid, 2)
    release.touch()  # Ctrl-C came between the renames: the second is made, then the build stops
    assert proc.wait(timeout=HANG) == 130
    assert snapshot(out) == sites["expected"]["new"] and leftovers(out) == []


def test_the_exchange_is_atomic_here(tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir()
    b.mkdir()
    (a / "x").write_text("a")
    (b / "x").write_text("b")
    if not publish.exchange(a, b):
        pytest.skip("this file system has no RENAME_EXCHANGE; the two-rename path is tested above")
    assert (a / "x").read_text() == "b" and (b / "x").read_text() == "a"


# -- Medium 7: one build at a time on one output folder -----------------------------------------

def test_concurrent_builds_take_turns(tmp_path: Path, sites) -> None:
    out = tmp_path / "site"
    release = tmp_path / "release"  # the first build holds the lock until the second waits
    first = cli("build", "--no-pdf", "--rules", str(sites["old"]), "--out", str(out),
                env={"RULEBOOK_TEST_FAILPOINT": "before-publish", "RULEBOOK_TEST_FAILPOINT_WAIT": str(HANG),
                     "RULEBOOK_TEST_FAILPOINT_RELEASE": str(release)})
    wait_for_line(first, "failpoint before-publish reached")
    second = cli("build", "--no-pdf", "--rules", str(sites["new"]), "--out", str(out))
    waiting = wait_for_line(second, "waiting for another rulebook build")
    release.touch()
    _, err2 = second.communicate(timeout=HANG)
    _, err1 = first.communicate(timeout=HANG)
    assert first.returncode == 0 and second.returncode == 0, err1 + err2
    assert "waiting for another rulebook build" in waiting and "Traceback" not in err1 + err2
    assert snapshot(out) == sites["expected"]["new"]
    # The state matches what is online: a build of the old rules must not say "up to date".
    assert build(BuildConfig(sites["old"], ROOT / "templates", out, pdf=False)).ok
    assert snapshot(out) == sites["expected"]["old"]


# -- Medium 8: serve survives, never serves a foreign folder, answers with the site's 404 --------

@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    out = tmp_path / "site"
    assert build(BuildConfig(one_game(tmp_path), ROOT / "templates", out, pdf=False)).ok
    handler = type("Handler", (SiteHandler,), {"site": out})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}", out
    server.shutdown()


def fetch(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def test_serve_answers_with_the_sites_own_404_and_lists_no_folder(served) -> None:
    base, out = served
    assert fetch(base + "/en/")[0] == 200
    root_404 = (out / "404.html").read_text(encoding="utf-8")
    en_404 = (out / "en" / "404.html").read_text(encoding="utf-8")
    assert fetch(base + "/no/such/page") == (404, root_404)
    assert fetch(base + "/en/no-such-game/") == (404, en_404)
    status, body = fetch(base + "/static/")
    assert status == 404 and "Directory listing" not in body
    assert fetch(base + "/%00")[0] == 404 and fetch(base + "/en/%00/x")[0] == 404
    assert fetch(base + "/../../../etc/passwd")[0] == 404
    assert fetch(base + "/en/")[0] == 200  # still serving


def test_serve_never_serves_a_folder_it_did_not_build(served) -> None:
    base, out = served
    (out / publish.MARKER).unlink()
    status, body = fetch(base + "/en/")
    assert status == 503 and "no site has been built yet" in body


def test_serve_refuses_a_foreign_out_and_exits(tmp_path: Path) -> None:
    foreign = tmp_path / "foreign"
    foreign.mkdir()
    (foreign / "diary.txt").write_text("mine")
    proc = cli("serve", "--port", "0", "--no-pdf", "--rules", str(one_game(tmp_path)),
               "--out", str(foreign))
    out, err = proc.communicate(timeout=HANG)
    assert proc.returncode == 1 and "error[bad-output]" in err and "serving" not in err + out
    assert (foreign / "diary.txt").read_text() == "mine"


def test_serve_bad_port_is_a_usage_error_and_a_busy_port_a_clear_one(tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as info:
        main(["serve", "--port", "99999"])
    assert info.value.code == 2
    busy = socket.socket()
    busy.bind(("127.0.0.1", 0))
    busy.listen()
    port = busy.getsockname()[1]
    proc = cli("serve", "--no-pdf", "--port", str(port), "--rules", str(one_game(tmp_path)),
               "--out", str(tmp_path / "site"))
    _, err = proc.communicate(timeout=HANG)
    busy.close()
    assert proc.returncode == 2 and f"cannot serve on 127.0.0.1:{port}" in err
    assert "Traceback" not in err
    assert not (tmp_path / "site").exists()  # said at once, before a build (it once took minutes)


def test_a_rebuild_that_raises_does_not_stop_serve(tmp_path: Path, monkeypatch, capsys) -> None:
    def broken_build(config: BuildConfig) -> None:
        raise RuntimeError("a bug in the build")

    monkeypatch.setattr("generator.cli.serve.build", broken_build)
    config = BuildConfig(tmp_path / "rules", ROOT / "templates", tmp_path / "site", pdf=False)
    assert rebuild(config) is False
    assert rebuild(config) is False  # and again: the server goes on
    assert "not built: the build failed (above); still serving the last good site" in \
        capsys.readouterr().err


# -- environment failures are not rules errors ------------------------------------------------

def test_a_full_disk_is_a_clear_error_with_exit_3(tmp_path: Path, monkeypatch, capsys) -> None:
    def full(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(tmp_path / "site"))

    monkeypatch.setattr(publish, "_stage", full)
    out = tmp_path / "site"
    assert main(["build", "--no-pdf", "--rules", str(one_game(tmp_path)), "--out", str(out)]) == 3
    err = capsys.readouterr().err
    assert "rulebook: error: cannot write the site" in err and "No space left on device" in err
    assert not out.exists() and leftovers(out) == []


def test_the_corpus_still_checks_clean() -> None:
    assert corpus().ok  # check([RULES], root=ROOT), as checked once a session


def test_a_broken_catalog_is_a_build_finding(tmp_path: Path) -> None:
    templates = tmp_path / "templates"
    shutil.copytree(ROOT / "templates", templates, ignore=shutil.ignore_patterns("fonts"))
    po = templates / "locale" / "it" / "LC_MESSAGES" / "messages.po"
    text = po.read_text(encoding="utf-8")
    marker = 'msgid "%(drawer)s draws %(card)s from %(giver)s."\nmsgstr "'
    assert marker in text
    po.write_text(text.replace(marker, marker + "%(nobody)s ", 1), encoding="utf-8")
    out = tmp_path / "site"
    result = build(BuildConfig(one_game(tmp_path), templates, out, pdf=False))
    [finding] = [d for d in result.report.errors if d.code == "bad-catalog"]
    assert finding.mark.path.endswith("it/LC_MESSAGES/messages.po") and finding.mark.line > 1
    assert not out.exists()  # refused like any other error


def test_a_missing_font_is_a_warning_not_a_crash(tmp_path: Path) -> None:
    """A print.css (the site's own, docs/theme.md) that names font files that are in neither
    the site's templates nor the built-in theme, and one that is no font: the site is built
    without those web fonts, and each is a warning at its line."""
    templates = tmp_path / "templates"
    (templates / "print").mkdir(parents=True)
    css = (ROOT / "templates" / "print" / "print.css").read_text(encoding="utf-8")
    css = css.replace("url(../fonts/", "url(../gone/").replace("../gone/NotoSans-Bold.ttf",
                                                              "../fonts/NotoSans-Bold.ttf")
    (templates / "print" / "print.css").write_text(css, encoding="utf-8")
    (templates / "fonts").mkdir()
    (templates / "fonts" / "NotoSans-Bold.ttf").write_bytes(b"not a font")  # over the built-in
    out = tmp_path / "site"
    result = build(BuildConfig(one_game(tmp_path), templates, out, pdf=False))
    assert result.ok, [d.format() for d in result.report.errors]
    missing = [d for d in result.report.warnings if d.code == "missing-font"]
    print_css = (templates / "print" / "print.css").read_text(encoding="utf-8").splitlines()
    assert len(missing) == len([line for line in print_css if "url(" in line and ".ttf" in line])
    for d in missing:
        assert d.mark.path.endswith("print/print.css") and d.mark.line > 1
        assert Path(d.mark.path).name == "print.css"
        named = print_css[d.mark.line - 1]
        assert any(word in named for word in d.message.split() if word.endswith(".ttf"))
    assert any("not a font" in d.message for d in missing)
    assert not list((out / "static").glob("fonts/*.woff2"))


def test_modes_that_drifted_under_another_umask_are_repaired_by_the_next_build(
        tmp_path: Path) -> None:
    """Published modes follow the umask of every build: one build under umask 077 (cron,
    sudo) makes every file 0600 and every folder 0700, and the next under 022 repairs them all,
    whether it finds the site up to date or edited, so that a web server running as another
    user can read the site again (the kept files were linked and never checked before)."""
    rules, out = one_game(tmp_path, english_only=True), tmp_path / "site"
    config = BuildConfig(rules, ROOT / "templates", out, pdf=False, search=False, workers=1)

    def modes() -> set[tuple[bool, int]]:
        return {(p.is_dir(), p.stat().st_mode & 0o777) for p in [out, *out.rglob("*")]}

    previous = os.umask(0o077)
    try:
        assert build(config).ok
        assert modes() == {(True, 0o700), (False, 0o600)}
        os.umask(0o022)
        assert build(config).up_to_date
        assert modes() == {(True, 0o755), (False, 0o644)}
        os.umask(0o077)
        en = rules / GAME / "en.yaml"
        en.write_text(en.read_text(encoding="utf-8").replace("32-card", "32 card", 1),
                      encoding="utf-8")
        assert build(config).ok  # an edit under 077: the whole site follows it
        assert modes() == {(True, 0o700), (False, 0o600)}
        os.umask(0o022)
        en.write_text(en.read_text(encoding="utf-8").replace("32 card", "32-card", 1),
                      encoding="utf-8")
        result = build(config)
        assert result.ok and not result.up_to_date
        assert modes() == {(True, 0o755), (False, 0o644)}
    finally:
        os.umask(previous)

"""Safe to deploy and to cache: caches hold data that is checked on read, and published files
have the modes a web server running as another user can read."""

from __future__ import annotations

import contextlib
import hashlib
import http.server
import json
import os
import pickle
import pwd
import re
import shutil
import stat
import tempfile
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from conftest import HANG, RULES, TEMPLATES, cache_without_pdfs, sized
from generator.pipeline import BuildConfig, build
from generator.runtime.cache import Cache

GAME = "black-peter"
# The game of the tests that build with a cache of their own: the cheapest of the corpus to
# simulate (one configuration, half a second; black-peter takes ten times that).
CHEAP = "chat-noir"


def one_game(tmp: Path, *, english_only: bool = True, game: str = GAME) -> Path:
    rules = tmp / "rules"
    rules.mkdir(parents=True)
    shutil.copy(RULES / "site.yaml", rules / "site.yaml")
    shutil.copytree(RULES / game, rules / game)
    for other in ("it", "de", "ru", "ro", "ar") if english_only else ():
        (rules / game / f"{other}.yaml").unlink()
        (rules / game / f"{other}.translated-from.yaml").unlink()
    return rules


class _Planted:
    """A pickle that runs a command when it is loaded: what an attacker puts in a cache."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return os.system, (f"touch {self.marker}",)


def _jinja_cache_keys(templates: Path) -> list[str]:
    """The file names jinja2's bytecode cache gives the templates (name and file digested)."""
    keys = []
    for path in templates.rglob("*.j2"):
        name = path.relative_to(templates).as_posix()
        digest = hashlib.sha1(name.encode("utf-8"))
        digest.update(f"|{os.path.normpath(templates / name)}".encode())
        keys.append(digest.hexdigest())
    return keys


@pytest.mark.site
def test_a_planted_cache_runs_no_code(tmp_path: Path) -> None:
    """High 1. Compiled templates planted where builds kept them (beside the output), and
    pickles planted under every kind of the disk cache, are never loaded: the marker command
    in them does not run, and the site is what a build with empty caches makes."""
    from jinja2.bccache import bc_magic

    rules, marker = one_game(tmp_path, game=CHEAP), tmp_path / "the-planted-command-ran"
    out, cache = tmp_path / "out" / "site", tmp_path / "cache"
    payload = bc_magic + pickle.dumps(_Planted(marker), 2)
    beside = out.parent / ".site.cache" / "templates"
    beside.mkdir(parents=True)
    for key in _jinja_cache_keys(TEMPLATES):
        (beside / f"{key}.jinja").write_bytes(payload)
    for kind in ("pdf", "fonts", "numbers", "imposed", "templates", "narrations", "catalogs",
                 "languages"):
        (cache / kind).mkdir(parents=True)
        for i in range(3):
            (cache / kind / f"{i:064x}").write_bytes(payload)
    # both builds in this process (workers=1): a pool's start costs more than four PDFs share
    result = build(BuildConfig(rules, TEMPLATES, out, cache=cache, workers=1))
    assert result.ok, [d.format() for d in result.report.errors]
    assert not marker.exists()
    clean = build(BuildConfig(rules, TEMPLATES, tmp_path / "clean" / "site", workers=1,
                              cache=tmp_path / "empty"))
    assert clean.ok and _files(out) == _files(tmp_path / "clean" / "site")


def _files(site: Path) -> dict[str, bytes]:
    return {p.relative_to(site).as_posix(): p.read_bytes()
            for p in sorted(site.rglob("*")) if p.is_file()}


@pytest.mark.site
def test_every_cache_entry_that_does_not_verify_is_made_anew(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Low 9. A cache entry edited on disk (a changed figure, a damaged font, a planted PDF)
    is discarded and made again: the site is the one made with no cache at all."""
    rules, cache = one_game(tmp_path, game=CHEAP), tmp_path / "cache"
    _new_process(monkeypatch)  # what the disk holds counts
    # both builds in this process (workers=1): a pool's start costs more than four PDFs share
    first = build(BuildConfig(rules, TEMPLATES, tmp_path / "first" / "site", cache=cache, workers=1))
    assert first.ok and first.pdfs.rendered == 4  # card, sheet, booklet, player aid
    entries = [p for p in cache.rglob("*") if p.is_file() and p.name != ".secret"]
    made = {"pdf", "imposed", "fonts", "numbers", "narrations", "templates", "languages"}
    assert made <= {p.parent.name for p in entries} <= made | {"catalogs"}  # one read, if any
    for entry in entries:  # the header kept, the content replaced
        head, _, data = entry.read_bytes().partition(b"\n")
        if entry.parent.name == "numbers":
            figures = json.loads(data)
            figures["figures"] = {k: {**f, "estimate": float("nan")}
                                  for k, f in figures["figures"].items()}
            entry.write_bytes(head + b"\n" + json.dumps(figures).encode())
        else:
            entry.write_bytes(head + b"\n" + b"planted" + data[7:])
    _new_process(monkeypatch)
    second = build(BuildConfig(rules, TEMPLATES, tmp_path / "second" / "site", cache=cache, workers=1))
    assert second.ok, [d.format() for d in second.report.errors]
    assert second.pdfs.rendered == 4 and second.pdfs.cached == 0
    assert _files(tmp_path / "second" / "site") == _files(tmp_path / "first" / "site")
    assert all(Cache(cache).get(e.parent.name, e.name) is not None for e in entries)  # remade


def _new_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """What a process keeps in memory of what it read from the disk cache, forgotten."""
    monkeypatch.setattr("generator.simulation.store._MEMORY", {})
    monkeypatch.setattr("generator.web.environments._BYTECODE", {})
    monkeypatch.setattr("generator.web.environments._CATALOGS", {})
    monkeypatch.setattr("generator.core.languages._LANGUAGES", {})


@pytest.fixture
def umask_022() -> object:
    previous = os.umask(0o022)
    yield
    os.umask(previous)


@pytest.mark.site
def test_published_files_have_the_modes_of_the_umask(tmp_path: Path, umask_022: object) -> None:
    """High 2. Under umask 022 every published file is 0644 and every folder 0755, the PDFs
    of `rulebook pdf` and the records of `i18n --accept` too; a site published before with
    0600 files gets the right modes on the next build."""
    from generator.cli.main import main

    rules = one_game(tmp_path, english_only=False)
    out = tmp_path / "out" / "site"
    assert build(BuildConfig(rules, TEMPLATES, out, pdf=False)).ok
    for path in [out, *out.rglob("*")]:
        mode = stat.S_IMODE(path.stat().st_mode)
        assert mode == (0o755 if path.is_dir() else 0o644), (path, oct(mode))
    pdfs = tmp_path / "pdf"
    assert main(["pdf", GAME, "--lang", "en", "--rules", str(rules), "--templates",
                 str(TEMPLATES), "--out", str(pdfs)]) == 0
    assert {oct(stat.S_IMODE(p.stat().st_mode)) for p in pdfs.iterdir()} == {"0o644"}
    record = rules / GAME / "it.translated-from.yaml"
    record.unlink()
    assert main(["i18n", str(rules), "--accept", GAME, "it"]) == 0
    assert stat.S_IMODE(record.stat().st_mode) == 0o644
    for path in out.rglob("*.html"):  # as builds before this fix left them
        path.chmod(0o600)
    (out.parent / ".site.rulebook-build.json").unlink()  # nothing known: every page compared
    assert build(BuildConfig(rules, TEMPLATES, out, pdf=False)).ok
    assert {stat.S_IMODE(p.stat().st_mode) for p in out.rglob("*.html")} == {0o644}


@pytest.mark.site
@pytest.mark.skipif(os.geteuid() != 0, reason="serving as another user needs root")
def test_a_web_server_running_as_nobody_serves_the_site(umask_022: object) -> None:
    """High 2. A web server that runs as another user (nobody) answers 200 for every page."""
    base = Path(tempfile.mkdtemp(prefix="rulebook-public-"))  # /tmp: a web root's way down
    try:
        base.chmod(0o755)
        rules = one_game(base)
        out = base / "www" / "site"
        assert build(BuildConfig(rules, TEMPLATES, out, pdf=False)).ok
        pages = sorted(p.relative_to(out).as_posix() for p in out.rglob("*.html"))
        assert pages and all(_status_as_nobody(out, pages).values()), _status_as_nobody(out, pages)
    finally:
        shutil.rmtree(base)


def _status_as_nobody(site: Path, pages: list[str]) -> dict[str, bool]:
    """Each page: did a web server running as nobody answer 200 for it?"""
    nobody = pwd.getpwnam("nobody")
    handler = type("Quiet", (http.server.SimpleHTTPRequestHandler,),
                   {"log_message": lambda *args: None})
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the web server: bound, then no longer root
        try:
            os.close(read_end)
            server = http.server.HTTPServer(
                ("127.0.0.1", 0), lambda *a: handler(*a, directory=str(site)))  # type: ignore[misc]
            os.setgroups([])
            os.setgid(nobody.pw_gid)
            os.setuid(nobody.pw_uid)
            os.write(write_end, str(server.server_address[1]).encode())
            os.close(write_end)
            server.serve_forever()
        finally:
            os._exit(0)
    os.close(write_end)
    found = {}
    try:
        port = int(os.read(read_end, 16))
        for rel in pages:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/{rel}", timeout=10) as answer:
                    found[rel] = answer.status == 200
            except urllib.error.HTTPError:
                found[rel] = False
    finally:
        os.close(read_end)
        os.kill(pid, 9)
        os.waitpid(pid, 0)
    return found


# -- Medium ------------------------------------------------------------------------------------

def _two_languages(tmp: Path) -> Path:
    """black-peter in English and German only."""
    rules = one_game(tmp, english_only=False)
    for other in ("it", "ru", "ro", "ar"):
        (rules / GAME / f"{other}.yaml").unlink()
        (rules / GAME / f"{other}.translated-from.yaml").unlink()
    return rules


@pytest.mark.site
def test_a_language_removed_or_added_leaves_no_stale_page(tmp_path: Path) -> None:
    """Medium 3. After the only German text goes, no page links the German index; after an
    Italian text comes, every index lists Italian: each build is what a clean build makes."""
    rules = _two_languages(tmp_path)
    out = tmp_path / "out" / "site"
    assert build(BuildConfig(rules, TEMPLATES, out, pdf=False, search=False)).ok
    assert 'hreflang="de"' in (out / "en" / "index.html").read_text(encoding="utf-8")
    (rules / GAME / "de.yaml").rename(tmp_path / "de.yaml")
    (rules / GAME / "de.translated-from.yaml").unlink()
    _same_as_clean(rules, out, tmp_path / "clean1")
    assert 'hreflang="de"' not in (out / "en" / "index.html").read_text(encoding="utf-8")
    shutil.copy(RULES / GAME / "it.yaml", rules / GAME / "it.yaml")
    _same_as_clean(rules, out, tmp_path / "clean2")
    assert 'hreflang="it"' in (out / "en" / "index.html").read_text(encoding="utf-8")


def _same_as_clean(rules: Path, out: Path, clean: Path) -> None:
    assert build(BuildConfig(rules, TEMPLATES, out, pdf=False, search=False)).ok
    assert build(BuildConfig(rules, TEMPLATES, clean / "site", pdf=False, search=False)).ok
    assert _files(out) == _files(clean / "site")


@pytest.mark.site
def test_an_edit_behind_a_linked_templates_folder_is_built(tmp_path: Path) -> None:
    """Medium 4. A folder of templates/ that is a symbolic link is read through the link: an
    edit of a file behind it rebuilds what uses it."""
    rules = one_game(tmp_path)
    templates = tmp_path / "templates"
    shutil.copytree(TEMPLATES, templates, ignore=shutil.ignore_patterns("partials"))
    shutil.copytree(TEMPLATES / "partials", tmp_path / "shared-partials")
    (templates / "partials").symlink_to(tmp_path / "shared-partials")
    out = tmp_path / "out" / "site"
    assert build(BuildConfig(rules, templates, out, pdf=False, search=False)).ok
    partial = tmp_path / "shared-partials" / "card_key.html.j2"
    partial.write_text(partial.read_text(encoding="utf-8") + "<!-- edited behind the link -->\n",
                       encoding="utf-8")
    again = build(BuildConfig(rules, templates, out, pdf=False, search=False))
    assert again.ok and not again.up_to_date and again.written
    assert "edited behind the link" in (out / "en" / "black-peter" / "index.html").read_text(
        encoding="utf-8")


def test_identical_headings_take_ids_in_linear_steps() -> None:
    """Medium 5. 10,000 identical headings get their ids one after the other, not by counting
    up through every id taken (113 s for 40,000 before): the ids looked up grow with the
    headings, not with their square (how fast: bench/bench_inputs.py)."""
    from generator.core import markup

    class Counted(set[str]):
        lookups = 0

        def __contains__(self, item: object) -> bool:
            Counted.lookups += 1
            return super().__contains__(item)

    headings = 10_000
    with markup.page_ids({"a"}):
        ids = markup._PAGE_IDS.get()
        assert ids is not None
        ids.used = Counted(ids.used)
        html = markup.render("## a\n\n" * headings)
    assert html.count('<h2 id="a-') == headings and f'id="a-{headings + 1}"' in html \
        and 'id="a"' not in html
    assert Counted.lookups <= 2 * headings  # counting up from 1 each time: 50 million
    alone = markup.render("## b\n\n## b\n\n## b\n")  # a text alone: b, b-1, b-2
    assert [f'id="b{s}"' in alone for s in ("", "-1", "-2")] == [True, True, True]


@pytest.mark.site
def test_a_huge_table_is_a_finding_not_gigabytes(tmp_path: Path) -> None:
    """Medium 6. A 4.5 MB table (5,000 columns, 450 rows) in prose is a `too-large` finding
    at its line, found in a check that stays small (it took 3.2 GB to render)."""
    import subprocess
    import sys

    rules = one_game(tmp_path)
    row = "|" + "|".join("a" for _ in range(5000)) + "|"
    table = "\n".join([row, row.replace("a", "-"), *[row] * 450])
    en = rules / GAME / "en.yaml"
    text = en.read_text(encoding="utf-8")
    at = text.index("  gameplay: |\n") + len("  gameplay: |\n")
    en.write_text(text[:at] + "".join(f"    {line}\n" for line in table.split("\n")) + "\n"
                  + text[at:], encoding="utf-8")
    line = text[:at].count("\n") + 1
    # The check's own peak memory: VmHWM of its process, read by the process itself as it
    # ends. Not wait4's ru_maxrss, which on Linux keeps the peak from before exec, the test
    # worker's (a worker that had built sites measured 1 GB there for a check of 60 MB).
    peak = tmp_path / "peak.txt"
    script = ("import sys; from generator.cli.main import main; code = main(sys.argv[1:]); "
              f"open({str(peak)!r}, 'w').write(next(l for l in open('/proc/self/status') "
              "if l.startswith('VmHWM'))); sys.exit(code)")
    with open(tmp_path / "out.txt", "w") as out:
        done = subprocess.run([sys.executable, "-c", script, "check", str(rules)],
                              stdout=out, stderr=subprocess.DEVNULL)
    assert done.returncode == 1
    found = (tmp_path / "out.txt").read_text(encoding="utf-8")
    assert f"en.yaml:{line}:5: error[too-large]: a table of 452 rows and 5,000 columns" in found
    kb = int(peak.read_text().split()[1])
    assert kb < 400 * 1024, kb  # it peaked at 3.2 GB


@pytest.fixture
def mount_point(tmp_path: Path) -> object:
    """A tmpfs mounted on an empty folder (as root), as a Docker volume is."""
    import subprocess

    folder = tmp_path / "volume"
    folder.mkdir()
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "tmpfs", str(folder)],
                                           capture_output=True).returncode != 0:
        pytest.skip("mounting a tmpfs needs root")
    yield folder
    subprocess.run(["umount", str(folder)], check=True)


@pytest.mark.site
def test_a_mount_point_as_the_output_is_refused_with_the_layout_that_works(
        tmp_path: Path, mount_point: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Medium 7. A mount point cannot be swapped: the build says so before it writes anything
    (exit 1, not a system error every time) and names the layout that works, which does."""
    from generator.cli.main import main

    rules = one_game(tmp_path)
    args = ["build", "--no-pdf", "--rules", str(rules), "--templates", str(TEMPLATES)]
    assert main([*args, "--out", str(mount_point)]) == 1
    out = capsys.readouterr().out
    assert "error[bad-output]: " in out and "is a mount point" in out
    assert f"--out {mount_point / 'site'}" in out and list(mount_point.iterdir()) == []
    assert main([*args, "--out", str(mount_point / "site")]) == 0
    assert (mount_point / "site" / "en" / "index.html").is_file()


# -- Low ---------------------------------------------------------------------------------------

@pytest.mark.site
@pytest.mark.parametrize("damage", [
    ("inputs", lambda inputs: {k: "not a list" for k in inputs}),
    ("outputs", lambda outputs: {k: [v[0], "one", *v[2:]] for k, v in outputs.items()}),
    ("games", lambda games: {k: {**v, "digests": ["a list"]} for k, v in games.items()}),
    ("search_pending", lambda _: {"not": "a flag"}),
])
def test_a_graph_of_the_wrong_shape_is_rebuilt_from_nothing(tmp_path: Path, damage: tuple) -> None:
    """Low 9. A graph file that is JSON of another shape (one field of a wrong type) is no
    graph: the build starts anew and publishes what a clean build makes, every time."""
    rules = one_game(tmp_path)
    out = tmp_path / "out" / "site"
    assert build(BuildConfig(rules, TEMPLATES, out, pdf=False, search=False)).ok
    graph_file = out.parent / ".site.rulebook-build.json"
    data = json.loads(graph_file.read_bytes())
    field, change = damage
    data[field] = change(data[field])
    graph_file.write_text(json.dumps(data))
    (rules / GAME / "en.yaml").write_text((rules / GAME / "en.yaml").read_text(encoding="utf-8")
                                          .replace("title: ", "title: Edited ", 1), encoding="utf-8")
    for _ in range(2):
        result = build(BuildConfig(rules, TEMPLATES, out, pdf=False, search=False))
        assert result.ok, [d.format() for d in result.report.items]
    clean = tmp_path / "clean" / "site"
    assert build(BuildConfig(rules, TEMPLATES, clean, pdf=False, search=False)).ok
    assert _files(out) == _files(clean)


@pytest.mark.parametrize("header", [
    "nplurals=2; plural=(n != 1;", "nplurals=x; plural=n;", "plural=n != 1;",
    "nplurals=2; plural=n ! 1;", "nplurals=2; plural=__import__('os');", "nplurals=2;", "",
    "nplurals=2; plural=n/0;", "nplurals=2; plural=(n == 1) ? 0 : ;", "nplurals=2; plural=n;",
    "nplurals=100; plural=n%100;", "nplurals=1000000000; plural=n;", "nplurals=0; plural=0;",
])
def test_a_malformed_plural_forms_header_is_a_finding(tmp_path: Path, header: str) -> None:
    """Low 8. A Plural-Forms header that cannot be read, that chooses a form the catalog
    does not have, or that declares more forms than any language has (a billion: Babel would
    make a list that long for each plural message) is one `bad-catalog` finding at its line;
    the language's own rule is used."""
    from generator.core.languages import catalog_path, load_messages

    templates = tmp_path / "templates"
    source = catalog_path(TEMPLATES, "ru").read_text(encoding="utf-8")
    lines = source.splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.startswith('"Plural-Forms:'))
    lines[at] = f'"Plural-Forms: {header}\\n"\n'
    catalog_path(templates, "ru").parent.mkdir(parents=True)
    catalog_path(templates, "ru").write_text("".join(lines), encoding="utf-8")
    messages = load_messages(templates, "ru")
    assert [(d.code, d.mark.line) for d in messages.problems] == [("bad-catalog", at + 1)]
    assert "Plural-Forms header" in messages.problems[0].message
    assert [messages.plural(n) for n in (1, 2, 5, 21)] == [0, 1, 2, 0]  # Russian's own forms


@pytest.mark.parametrize("kind", ["fifo", "/dev/zero", "too large"])
def test_a_ui_catalog_that_is_no_regular_file_or_too_large_is_a_finding_unread(
        tmp_path: Path, kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A FIFO would hang the build, a link to /dev/zero fill the memory: one `bad-catalog`
    finding, and the English texts are shown."""
    from generator.core import languages
    from generator.core.languages import catalog_path, load_messages

    templates = tmp_path / "templates"
    path = catalog_path(templates, "ru")
    path.parent.mkdir(parents=True)
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "/dev/zero":
        path.symlink_to("/dev/zero")
    else:
        path.write_bytes(catalog_path(TEMPLATES, "ru").read_bytes())
        monkeypatch.setattr(languages, "MAX_CATALOG_BYTES", 1024, raising=False)
    messages = load_messages(templates, "ru")
    assert [(d.code, str(d.mark.path)) for d in messages.problems] == [("bad-catalog", str(path))]
    says = "the catalog is over 0 MB" if kind == "too large" else "not a regular file"
    assert says in messages.problems[0].message
    assert messages.gettext("Players") == "Players"


@pytest.fixture
def small_volume(tmp_path: Path) -> object:
    """A 4 MB tmpfs (as root) to fill or make read-only."""
    import subprocess

    folder = tmp_path / "small"
    folder.mkdir()
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs",
                                            str(folder)], capture_output=True).returncode != 0:
        pytest.skip("mounting a tmpfs needs root")
    yield folder
    subprocess.run(["umount", str(folder)], check=True)


@pytest.mark.site
@pytest.mark.parametrize("trouble", ["full", "read-only"])
def test_accept_on_a_full_or_read_only_disk_is_a_system_error(small_volume: Path, trouble: str
                                                              ) -> None:
    """Low 10. `i18n --accept` that cannot write says so as the system's failure (exit 3,
    `rulebook: error:`), not with a traceback."""
    import subprocess
    import sys

    rules = one_game(small_volume, english_only=False)
    (rules / GAME / "it.translated-from.yaml").unlink()
    if trouble == "full":
        with open(small_volume / "filler", "wb") as filler:
            with contextlib.suppress(OSError):
                while True:
                    filler.write(b"\\0" * 65536)
                    filler.flush()
    else:
        subprocess.run(["mount", "-o", "remount,ro", str(small_volume)], check=True)
    done = subprocess.run([sys.executable, "-m", "generator", "i18n", str(rules), "--accept", GAME,
                           "it"], capture_output=True, text=True, timeout=HANG)
    if trouble != "full":
        subprocess.run(["mount", "-o", "remount,rw", str(small_volume)], check=True)
    assert done.returncode == 3, done.stderr
    assert "rulebook: error: cannot record the translation: " in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.site
@pytest.mark.deep
def test_two_acceptances_at_once_both_count(tmp_path: Path) -> None:
    """Low 10. Two `--accept` of one game and language at the same moment, for other texts:
    both are recorded (one of them was lost in 4 runs of 8). make test races them twice,
    make test-deep eight times."""
    import subprocess
    import sys

    rules = one_game(tmp_path, english_only=False)
    record = rules / GAME / "it.translated-from.yaml"
    for attempt in range(sized(2, 8)):
        record.unlink()
        runs = [subprocess.Popen([sys.executable, "-m", "generator", "i18n", str(rules), "--accept",
                                  GAME, "it", key], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                for key in ("faq", "sections")]
        assert [run.wait(timeout=HANG) for run in runs] == [0, 0], attempt
        text = record.read_text(encoding="utf-8")
        assert "\n  faq." in text and "\n  sections." in text, attempt


def test_the_translation_report_shows_terminal_escapes_escaped(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Low 11. Escape sequences written in the rules (ESC, OSC) reach the terminal escaped
    from `rulebook i18n`, as from `rulebook check`: they can neither fake nor hide output."""
    from generator.cli.main import main

    rules = one_game(tmp_path, english_only=False)
    en = rules / GAME / "en.yaml"
    text = en.read_text(encoding="utf-8")
    title = next(line for line in text.splitlines() if line.startswith("title:"))
    en.write_text(text.replace(title, 'title: "Black \\e]0;pwned\\a\\e[2J Peter"', 1),
                  encoding="utf-8")
    main(["i18n", str(rules)])
    out = capsys.readouterr().out
    assert "outdated: title" in out and "\\x1b]0;pwned\\x07\\x1b[2J" in out
    assert "\x1b" not in out and "\x07" not in out


@pytest.mark.site
def test_a_file_put_into_the_output_by_hand_is_gone_after_the_next_build(tmp_path: Path) -> None:
    """Low 12. With no input changed, a build still finds a file no build made (en/evil.html)
    and publishes the site without it."""
    rules = one_game(tmp_path)
    out = tmp_path / "out" / "site"
    config = BuildConfig(rules, TEMPLATES, out, pdf=False, search=False)
    assert build(config).ok
    (out / "en" / "evil.html").write_text("<script>alert(1)</script>")
    again = build(config)
    assert again.ok and not again.up_to_date and again.removed == 1
    assert not (out / "en" / "evil.html").exists()
    assert build(config).up_to_date


def test_a_base_url_too_long_for_a_qr_code_is_a_finding_of_check(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Low 13. A base_url whose pages' addresses a QR code cannot hold is found by `check`,
    at its line, not by the PDF step dying in segno."""
    from generator.cli.main import main

    rules = one_game(tmp_path)
    (rules / "site.yaml").write_text("name: Rules\nbase_url: https://example.org/"
                                     + "a" * 2300 + "/\n", encoding="utf-8")
    assert main(["check", str(rules)]) == 1
    out = capsys.readouterr().out
    assert "site.yaml:2:11: error[bad-value]: base_url is 2,321 bytes long: the printed cards' " \
           "QR codes hold a page's address only when base_url is at most 2,218" in out  # with "#examples"


@pytest.mark.parametrize(("url", "reserved"), [
    ("https://rulebook.example/", ".example"), ("https://example.org/rules/", "example.org"),
    ("https://www.example.com/", "example.com"), ("http://localhost:8000/", "localhost"),
    ("https://cards.test/", ".test"), ("https://club.invalid/", ".invalid"),
    ("https://rules.card-club.org/", None), ("https://example.org.club.net/", None),
    ("https://examples.org/", None)])
def test_a_placeholder_address_is_a_warning_of_check(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], url: str, reserved: str | None) -> None:
    """Issue 39. A base_url where no site is ever served (a name reserved for examples) makes
    the printed cards' addresses and QR codes lead nowhere: check says so at its line, with
    the fix; an address a site may have is no finding."""
    from generator.cli.main import main

    rules = one_game(tmp_path)
    (rules / "site.yaml").write_text(f"name: Rules\nbase_url: {url}\n", encoding="utf-8")
    assert main(["check", str(rules)]) == 0  # a warning: the site still builds
    out = capsys.readouterr().out
    if reserved is None:
        assert "placeholder-address" not in out
        return
    assert (f"site.yaml:2:11: warning[placeholder-address]: base_url {url} is a placeholder "
            f"({reserved} is reserved for examples): the printed cards' addresses and QR codes"
            ) in out
    assert "hint: set base_url to the address the site will be served from" in out


@pytest.mark.site
def test_build_base_url_gives_the_address_for_one_build(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 39. `build --base-url` serves a preview or a mirror: its address is in the
    sitemap and the canonical links, with no placeholder warning; the next build without it
    goes back to site.yaml's address (and its warning); a bad address is refused at once."""
    from generator.cli.main import main

    rules = one_game(tmp_path)
    out = tmp_path / "out" / "site"
    common = ["build", "--no-pdf", "--no-search", "--rules", str(rules), "--out", str(out)]
    assert main([*common, "--base-url", "https://rules.card-club.org/preview/"]) == 0
    said = capsys.readouterr()
    assert "placeholder-address" not in said.out + said.err
    sitemap = (out / "sitemap.xml").read_text(encoding="utf-8")
    assert "<loc>https://rules.card-club.org/preview/en/" in sitemap
    assert "rulebook.example" not in sitemap
    [page] = [p.read_text(encoding="utf-8") for p in (out / "en").glob("*/index.html")
              if "/quickref/" not in str(p) and "/play/" not in str(p)][:1]
    assert 'rel="canonical" href="https://rules.card-club.org/preview/en/' in page

    assert main(common) == 0
    said = capsys.readouterr()
    assert "warning[placeholder-address]: base_url https://rulebook.example/" in said.out + said.err
    assert "<loc>https://rulebook.example/en/" in (out / "sitemap.xml").read_text(encoding="utf-8")

    with pytest.raises(SystemExit) as refused:
        main([*common, "--base-url", "rules.card-club.org"])
    assert refused.value.code == 2
    assert "--base-url: the address must be an absolute http:// or https:// address, found " \
           "'rules.card-club.org'" in capsys.readouterr().err


def test_a_finding_in_site_yaml_is_named_by_the_path_given(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Low 15. `check my/rules` names my/rules/site.yaml, not rules/site.yaml."""
    from generator.cli.main import main

    rules = one_game(tmp_path / "my")
    (rules / "site.yaml").write_text("base_url: https://example.org/\nfoo: 1\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["check", "my/rules"]) == 1
    assert "\nmy/rules/site.yaml:2:1: error[unknown-key]: unknown key 'foo'" in \
        "\n" + capsys.readouterr().out


def test_a_file_name_from_a_mac_matches_the_name_in_yaml(tmp_path: Path) -> None:
    """Low 14. An example file named on a Mac (decomposed: 'café' as e + U+0301) is the
    example the YAML names 'café' (composed): no 'unknown example', no 'did you mean'."""
    import unicodedata

    from generator.check.games import check

    rules = one_game(tmp_path, english_only=False)
    folder = rules / GAME
    nfc, nfd = "café-endgame", unicodedata.normalize("NFD", "café-endgame")
    assert nfc != nfd
    (folder / "examples" / "endgame.yaml").rename(folder / "examples" / f"{nfd}.yaml")
    for path in folder.glob("*.yaml"):
        text = path.read_text(encoding="utf-8")
        text = text.replace("  endgame:", f"  {nfc}:").replace("examples.endgame.",
                                                               f"examples.{nfc}.")
        # the game's 'order' of its examples names it too
        path.write_text(re.sub(r"(?<=[\[ ])endgame(?=[,\]])", nfc, text), encoding="utf-8")
    result = check([rules], root=tmp_path)
    assert [d.format() for d in result.report.errors] == []
    assert (GAME, nfc) in result.replays


@pytest.mark.site
def test_failpoints_are_for_tests_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    """Low 16. The failpoint variable of old (RULEBOOK_FAILPOINT) stalls no build (a failpoint
    says so on stderr before it waits), and a wait that is not a number is no traceback."""
    from generator.runtime.files import failpoint

    monkeypatch.setenv("RULEBOOK_FAILPOINT", "before-publish")
    rules = one_game(tmp_path)
    assert build(BuildConfig(rules, TEMPLATES, tmp_path / "site", pdf=False, search=False)).ok
    assert "failpoint" not in capsys.readouterr().err  # the old name waited 30 s here
    monkeypatch.setenv("RULEBOOK_TEST_FAILPOINT", "a-point")
    monkeypatch.setenv("RULEBOOK_TEST_FAILPOINT_WAIT", "soon")
    monkeypatch.setenv("RULEBOOK_TEST_FAILPOINT_RELEASE", str(tmp_path))  # there: no wait
    failpoint("a-point")


@pytest.mark.parametrize("moves", [10_000, pytest.param(100_000, marks=pytest.mark.slow)])
def test_a_narration_short_of_a_hundred_thousand_steps_is_one_short_finding(tmp_path: Path,
                                                                             moves: int) -> None:
    """Low 17. A script of 100,000 moves whose narration has three texts: the finding names
    the first missing steps, the last and the count, on a line of its own (it was 689 KB).
    10,000 in the unit tier: reading 100,000 moves from YAML takes its seconds."""
    from generator.check.games import check

    rules = one_game(tmp_path)
    script = rules / GAME / "examples" / "endgame.yaml"
    text = script.read_text(encoding="utf-8")
    move = '  - {by: "2", from: "1", draw: K♦, pair: K♦ K♣, out: ["1"]}\n'
    script.write_text(text.replace(move, move + "  - {draw: K♦}\n" * (moves - 3)), encoding="utf-8")
    found = [d.format() for d in check([rules], root=tmp_path).report.items
             if d.code == "narration-steps"]
    assert len(found) == 1 and len(found[0]) < 400, found[0][:500]
    assert f"missing the text of move(s) 4, 5, 6, 7, 8, 9, 10, 11, 12, ... {moves} " \
           f"({moves - 3:,} in all)" in found[0]


# -- long work in silence --------------------------------------------------------------------

def _build_command(rules: Path, out: Path, cache: Path, *extra: str) -> list[str]:
    import sys

    return [sys.executable, "-m", "generator", "build", "--rules", str(rules), "--templates",
            str(TEMPLATES), "--out", str(out), "--workers", "1", *extra]


@pytest.mark.site
def test_long_work_says_what_it_did_off_a_terminal_and_nothing_when_quiet(tmp_path: Path) -> None:
    """Off a terminal each long step is one line when it ends; --quiet prints none."""
    import subprocess

    rules = one_game(tmp_path, game=CHEAP)
    # caches of their own without PDFs (the simulated numbers kept): the PDFs are rendered
    env = {**os.environ, "RULEBOOK_CACHE": str(cache_without_pdfs(tmp_path / "cache"))}
    done = subprocess.run(_build_command(rules, tmp_path / "a" / "site", tmp_path),
                          capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stderr
    assert "rendering the PDFs: 4 of 4 (" in done.stderr, done.stderr  # card, sheet, booklet, aid
    quiet = subprocess.run(_build_command(rules, tmp_path / "b" / "site", tmp_path, "--quiet"),
                           capture_output=True, text=True,
                           env={**env, "RULEBOOK_CACHE": str(cache_without_pdfs(tmp_path / "cache2"))},
                           timeout=600)
    assert quiet.returncode == 0 and " of " not in quiet.stderr, quiet.stderr


@pytest.mark.site
def test_long_work_shows_a_bar_on_a_terminal(tmp_path: Path) -> None:
    """On a terminal the PDFs and the simulations show bars while they run."""
    import pty
    import subprocess

    rules = one_game(tmp_path, game=CHEAP)
    leader, follower = pty.openpty()
    env = {**os.environ, "RULEBOOK_CACHE": str(tmp_path / "cache"), "COLUMNS": "100"}
    run = subprocess.Popen(_build_command(rules, tmp_path / "site", tmp_path), stdout=follower,
                           stderr=follower, env=env)
    os.close(follower)
    seen = b""
    with contextlib.suppress(OSError):  # the terminal closes with the build
        while chunk := os.read(leader, 65536):
            seen += chunk
    assert run.wait(timeout=600) == 0, seen[-2000:]
    assert b"rendering the PDFs" in seen and b"\x1b[" in seen  # drawn, then taken away
    assert b"simulating the game by the numbers" in seen

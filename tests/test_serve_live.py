"""`rulebook serve` in a real browser: the open page reloads itself after a rebuild, and a failed
rebuild's findings cover it until the rules are fixed; the built files carry no script."""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Iterator

import pytest

from conftest import HANG, ROOT, small_rules


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Path, Path]]:
    """`rulebook serve` of Uomo Nero in the languages the tests open (English, Italian and
    German): each rebuild renders half the pages all six would."""
    rules = small_rules(tmp_path / "rules", games=("uomo-nero",), langs=("it", "de"))
    out = tmp_path / "out" / "site"
    proc = subprocess.Popen(
        [sys.executable, "-m", "generator", "serve", "--no-pdf", "--port", "0", "--rules",
         str(rules), "--templates", str(ROOT / "templates"), "--out", str(out)],
        cwd=ROOT, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stderr is not None
        port, deadline = None, time.monotonic() + HANG
        while port is None and time.monotonic() < deadline:
            found = re.search(r"http://127\.0\.0\.1:(\d+)/", proc.stderr.readline())
            port = found.group(1) if found else None
        assert port, "serve did not start"
        yield f"http://127.0.0.1:{port}", rules, out
    finally:
        proc.terminate()
        proc.wait(timeout=HANG)


LiveSite = tuple[Path, Any, str]  # the site's folder, its Live, its address


@pytest.fixture
def live_site(tmp_path: Path) -> Iterator[LiveSite]:
    """A built site of one page (index.html), served in this process as serve serves it,
    with the Live object that tells its open pages about rebuilds."""
    import http.server
    import threading

    from generator.cli.serve import Live, SiteHandler
    from generator.pipeline.publish import MARKER

    site = tmp_path / "site"
    site.mkdir()
    (site / MARKER).write_text("rulebook\n", encoding="utf-8")
    (site / "index.html").write_text("<!doctype html><html lang=en><title>t</title><body>"
                                     "<h1>Page</h1></body></html>", encoding="utf-8")
    live = Live()
    handler = type("Handler", (SiteHandler,), {"site": site, "live": live})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield site, live, f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def test_the_page_follows_rebuilds_and_shows_a_failed_one(served: tuple[str, Path, Path],
                                                          browser: Any) -> None:
    url, rules, out = served
    page = browser.new_page()
    page.add_init_script(  # the page's event stream says when it is open: no guess
        "(() => { const Stream = window.EventSource; window.EventSource = class extends Stream {"
        " constructor(...args) { super(...args);"
        " this.addEventListener('open', () => { window.__streamOpen = true; }); } }; })()")
    page.goto(f"{url}/it/uomo-nero/")
    assert page.locator("h1").inner_text() == "Uomo Nero"
    page.wait_for_function("window.__streamOpen === true", timeout=HANG * 1000)

    # A saved edit: the open page reloads itself, nobody presses F5.
    lang = rules / "uomo-nero" / "it.yaml"
    good = lang.read_text(encoding="utf-8")
    lang.write_text(good.replace("title: Uomo Nero", "title: Uomo Nerissimo", 1), encoding="utf-8")
    saved = time.monotonic()
    page.wait_for_function("document.querySelector('h1').textContent === 'Uomo Nerissimo'",
                           timeout=60_000)
    print(f"page reloaded {time.monotonic() - saved:.2f} s after saving")

    # A broken example: its finding, at path:line:col with its message, covers the page.
    script = rules / "uomo-nero" / "examples" / "anna-bruno-carla.yaml"
    right = script.read_text(encoding="utf-8")
    script.write_text(right.replace("loser: Anna", "loser: Bruno"), encoding="utf-8")
    overlay = page.locator("#rulebook-overlay")
    overlay.wait_for(state="visible", timeout=60_000)
    text = overlay.inner_text()
    assert re.search(r"anna-bruno-carla\.yaml:\d+:\d+: error\[wrong-result\]: ", text), text
    assert page.locator("h1").inner_text() == "Uomo Nerissimo"  # the last good site stays

    # Fixed: the overlay goes, and the page is the new good site.
    script.write_text(right, encoding="utf-8")
    overlay.wait_for(state="detached", timeout=60_000)
    assert page.locator("h1").inner_text() == "Uomo Nerissimo"
    page.close()
    built = (out / "it" / "uomo-nero" / "index.html").read_text(encoding="utf-8")
    assert "Uomo Nerissimo" in built and "EventSource" not in built and "<script>(()" not in built


def test_a_game_page_lists_the_sentences_of_its_narration_not_read(
        served: tuple[str, Path, Path], browser: Any) -> None:
    """After a good build, the page of a game in one language lists in a corner the
    unread-narration warnings of that language file (issue 36); a sentence marked ((...))
    leaves the list at the next build."""
    from generator.check.games import check
    from generator.cli.serve import page_of

    url, rules, _ = served
    lang = rules / "uomo-nero" / "en.yaml"

    def unread() -> list[tuple[int, int]]:
        return sorted((d.mark.line, d.mark.col) for d in check([rules], root=ROOT, unread=True)
                      .report.warnings if d.code == "unread-narration" and d.mark.path.endswith(
                          "/uomo-nero/en.yaml"))

    before = unread()  # the corpus reads clean (issue 36): none, unless a sentence is added
    address = page_of(str(lang))
    assert address == "/en/uomo-nero/"  # the English slug of the game
    page = browser.new_page()
    page.goto(f"{url}{address}")
    listed = "document.querySelectorAll('#rulebook-unread .rulebook-unread-item').length"
    page.wait_for_function(f"{listed} === {len(before)}", timeout=HANG * 1000)

    # a sentence with a number the reader attaches to no claim: listed after the rebuild
    text = lang.read_text(encoding="utf-8")
    step = "so the pair goes down."
    assert step in text
    added = "She has drawn 2 cards so far."
    lang.write_text(text.replace(step, f"{step} {added}", 1), encoding="utf-8")
    expected = unread()
    assert len(expected) == len(before) + 1
    page.wait_for_function(f"{listed} === {len(expected)}", timeout=HANG * 1000)
    items = page.locator("#rulebook-unread .rulebook-unread-item")
    shown = [re.search(r"en\.yaml:(\d+):(\d+): ", items.nth(i).inner_text())
             for i in range(items.count())]
    assert sorted((int(m.group(1)), int(m.group(2))) for m in shown if m) == expected
    box = page.locator("#rulebook-unread").inner_text()
    assert "not read by the check" in box and "the number 2" in box
    # another language's page lists none of it
    other = browser.new_page()
    other.goto(f"{url}{page_of(str(rules / 'uomo-nero' / 'de.yaml'))}")
    other.wait_for_function("document.readyState === 'complete'")
    assert "en.yaml" not in other.content().split("<script>(()")[0]
    other.close()
    # marked as no claim: it leaves the list at the next build
    lang.write_text(text.replace(step, f"{step} (({added}))", 1), encoding="utf-8")
    page.wait_for_function(f"{listed} === {len(before)}", timeout=HANG * 1000)
    assert "the number 2" not in page.content().split("<script>(()")[0]
    page.close()


def test_the_page_says_while_the_search_index_is_behind_it(live_site: LiveSite, browser: Any
                                                          ) -> None:
    """After an edit the pages come first and the search index follows: meanwhile the open
    page says so in a corner, and the note goes when the index has caught up, without a
    reload (the page the reader is on stays as it is)."""
    site, live, address = live_site
    page = browser.new_page()
    try:
        page.add_init_script(
            "(() => { const Stream = window.EventSource; window.EventSource = class extends Stream {"
            " constructor(...args) { super(...args);"
            " this.addEventListener('state', () => { window.__states = (window.__states||0)+1; });"
            " } }; })()")
        page.goto(address)
        page.wait_for_function("window.__states >= 1", timeout=HANG * 1000)
        page.evaluate("window.__notReloaded = true")
        note = page.locator("#rulebook-behind")
        assert note.count() == 0  # nothing behind: nothing said
        live.catching_up(True)
        note.wait_for(state="visible", timeout=HANG * 1000)
        assert "search index is catching up" in note.inner_text()
        assert note.get_attribute("role") == "status"  # read out by a screen reader, politely
        live.catching_up(False)
        note.wait_for(state="detached", timeout=HANG * 1000)
        assert page.evaluate("window.__notReloaded") is True
    finally:
        page.close()


def test_the_page_reloads_to_a_rebuild_before_it_is_published(live_site: LiveSite, browser: Any
                                                              ) -> None:
    """The open page reloads to the page a rebuild made (served from memory while the output
    folder still holds the old one), and the rebuild waits for that reload to start its
    script, a new event stream, before it goes on."""
    import threading

    site, live, address = live_site
    page_of = "<!doctype html><html lang=en><title>t</title><body><h1>{}</h1></body></html>"
    (site / "index.html").write_text(page_of.format("Old"), encoding="utf-8")
    page = browser.new_page()
    try:
        page.goto(address)
        deadline = time.monotonic() + HANG  # a bound on a hang, not a timing
        while "index.html" not in live.open_pages():  # the page's event stream says it is open
            assert time.monotonic() < deadline, "the page never opened its event stream"
            time.sleep(0.02)
        streams: list[int] = []
        opened = live.opened

        def counted(rel: str, count: int) -> None:
            opened(rel, count)
            streams.append(count)

        live.opened = counted  # type: ignore[method-assign]
        rebuild = threading.Thread(target=live.early,
                                   args=({"index.html": page_of.format("New").encode()},))
        rebuild.start()
        page.wait_for_function("document.querySelector('h1').textContent === 'New'",
                               timeout=HANG * 1000)
        rebuild.join(HANG)
        assert not rebuild.is_alive()
        while 1 not in streams:  # the reloaded page's script opens its stream (on a busy
            assert time.monotonic() < deadline, "the reloaded page opened no event stream"
            time.sleep(0.02)  # machine, after the rebuild's EARLY_WAIT, which let it go on)
        assert "Old" in (site / "index.html").read_text(encoding="utf-8")  # not published
        live.published()  # the rebuild ends without publishing it (as a failed one would)
        page.reload()
        assert page.locator("h1").inner_text() == "Old"
    finally:
        page.close()

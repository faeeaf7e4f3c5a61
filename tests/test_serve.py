"""`rulebook serve`: serves the site on localhost and rebuilds it when a rules file changes."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from conftest import ROOT, RULES


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=5) as response:
        return response.read().decode("utf-8")


def test_serve_rebuilds_on_change(tmp_path: Path) -> None:
    rules = tmp_path / "rules"
    shutil.copytree(RULES / "uomo-nero", rules / "uomo-nero")
    shutil.copy(RULES / "site.yaml", rules / "site.yaml")
    proc = subprocess.Popen(
        [sys.executable, "-m", "generator", "serve", "--port", "0", "--rules", str(rules),
         "--templates", str(ROOT / "templates"), "--out", str(tmp_path / "out" / "site")],
        cwd=ROOT, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stderr is not None
        port = None
        deadline = time.monotonic() + 120  # the first build renders 24 PDFs; slow on a busy machine
        while port is None and time.monotonic() < deadline:
            line = proc.stderr.readline()
            found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
            port = found.group(1) if found else None
        assert port, "serve did not start"
        url = f"http://127.0.0.1:{port}/it/uomo-nero/"
        assert "<h1>Uomo Nero</h1>" in _get(url)
        lang = rules / "uomo-nero" / "it.yaml"
        text = lang.read_text(encoding="utf-8")
        lang.write_text(text.replace("title: Uomo Nero", "title: Uomo Nerissimo", 1), encoding="utf-8")
        deadline = time.monotonic() + 120  # a deadline, not a timing: a busy machine is slow
        while "<h1>Uomo Nerissimo</h1>" not in _get(url):
            assert time.monotonic() < deadline, "the page was not rebuilt"
            time.sleep(0.2)
    finally:
        proc.terminate()
        proc.wait(timeout=10)

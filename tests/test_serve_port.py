"""`rulebook serve` on a port already taken: refused at once (exit 2, which host:port, a hint),
before any build starts and before any output folder is made."""

from __future__ import annotations

import shutil
import socket
from pathlib import Path

import pytest

from conftest import ROOT, RULES
from generator.cli import serve as serve_module
from generator.cli.main import main


def test_a_port_in_use_is_refused_before_any_build(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    rules = tmp_path / "rules"
    shutil.copytree(RULES / "uomo-nero", rules / "uomo-nero")
    shutil.copy(RULES / "site.yaml", rules / "site.yaml")
    builds: list[object] = []
    monkeypatch.setattr(serve_module, "build", lambda config: builds.append(config))
    out = tmp_path / "out" / "site"
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code = main(["serve", "--port", str(port), "--rules", str(rules),
                     "--templates", str(ROOT / "templates"), "--out", str(out), "--no-pdf"])
    assert code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"rulebook: error: cannot serve on 127.0.0.1:{port}: the port is in use")
    assert err.rstrip().endswith("hint: another --port, or --port 0 for any free one")
    assert builds == [] and not out.exists() and not out.parent.exists()


def test_listen_says_why_not_for_an_address_that_is_not_this_machines() -> None:
    refused = serve_module.listen("192.0.2.1", 0, serve_module.SiteHandler)  # TEST-NET-1
    if not isinstance(refused, serve_module.Refusal):  # ip_nonlocal_bind: any address binds
        refused.server_close()
        pytest.skip("this machine listens on addresses that are not its own")
    assert refused.message.startswith("cannot serve on 192.0.2.1:0: ")
    assert "--host 127.0.0.1" in refused.hint

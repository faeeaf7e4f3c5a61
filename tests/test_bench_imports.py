"""The benchmarks (bench/) are not run by the suite, so a renamed module broke one unseen
(bench_pdf.py imported load_site_spec from check/load.py after it moved): every name a bench
script imports from the generator must still be there."""

from __future__ import annotations

import ast
import importlib

import pytest

from conftest import ROOT

SCRIPTS = sorted((ROOT / "bench").glob("*.py"))


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_every_name_a_bench_imports_from_the_generator_exists(script) -> None:  # type: ignore[no-untyped-def]
    tree = ast.parse(script.read_text(encoding="utf-8"))
    missing = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("generator"):
            module = importlib.import_module(node.module or "")
            for alias in node.names:
                if not hasattr(module, alias.name):
                    try:
                        importlib.import_module(f"{node.module}.{alias.name}")
                    except ImportError:
                        missing.append(f"{node.module}.{alias.name} (line {node.lineno})")
    assert not missing, missing


def test_there_are_benches() -> None:
    assert len(SCRIPTS) >= 5

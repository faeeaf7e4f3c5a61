"""Findings where a forge shows them in code review: `rulebook check --format github` writes
GitHub Actions workflow commands (an annotation on the line of the pull request's diff), and
`--format sarif` writes one SARIF 2.1.0 log (GitHub code scanning, GitLab and most review
tools read it).

Both name each file relative to the current folder, the checkout root in a CI job, with
``/`` between folders: the path the forge knows the file by.
"""

from __future__ import annotations

import json
import os
from pathlib import PurePath
from typing import Iterable
from urllib.parse import quote

from .diagnostics import Diagnostic, Severity, printable
from .findings import ROWS, Row

# A finding's severity as each format names it.
_COMMAND = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.NOTE: "notice"}
_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.NOTE: "note"}

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def forge_path(path: str, *, cwd: str | None = None) -> str:
    """A finding's path as the checkout root sees it: relative to ``cwd`` (default: the
    current folder) when inside it, normalised, with ``/`` between folders; absolute when
    outside it (no forge knows a file by ``../``).

    >>> forge_path("./rules//macao/en.yaml", cwd="/ci")
    'rules/macao/en.yaml'
    >>> forge_path("/ci/rules/macao/en.yaml", cwd="/ci")
    'rules/macao/en.yaml'
    >>> forge_path("../elsewhere/en.yaml", cwd="/ci")
    '/elsewhere/en.yaml'
    """
    here = cwd if cwd is not None else os.getcwd()
    absolute = os.path.normpath(os.path.join(here, path))
    inside = os.path.relpath(absolute, here)
    outside = inside == os.pardir or inside.startswith(os.pardir + os.sep)
    return PurePath(absolute if outside else inside).as_posix()


def escape_data(text: str) -> str:
    """A workflow command's message, escaped as GitHub's toolkit does (``escapeData``).

    >>> escape_data("100% sure\\r\\nnext")
    '100%25 sure%0D%0Anext'
    """
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """A workflow command's property value (``escapeProperty``): also ``:`` and ``,``.

    >>> escape_property("a,b:c.yaml")
    'a%2Cb%3Ac.yaml'
    """
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def _message(d: Diagnostic) -> str:
    """The message and its hint on a line below it; control characters of the rules other
    than line breaks shown escaped (``\\x1b``), as on a terminal: no rules file writes
    colours or cursor moves into the job's log."""
    text = d.message + (f"\nhint: {d.hint}" if d.hint else "")
    return "\n".join(printable(line) for line in text.split("\n"))


def github_command(d: Diagnostic, *, cwd: str | None = None) -> str:
    """One finding as a workflow command: ``::error file=P,line=L,col=C,title=CODE::MESSAGE``.

    Findings carry a place, not a span: there is no ``endColumn``.
    """
    props = ",".join(f"{key}={escape_property(value)}" for key, value in (
        ("file", forge_path(d.mark.path, cwd=cwd)), ("line", str(d.mark.line)),
        ("col", str(d.mark.col)), ("title", d.code)))
    return f"::{_COMMAND[d.severity]} {props}::{escape_data(_message(d))}"


def format_github(diagnostics: Iterable[Diagnostic], *, cwd: str | None = None) -> str:
    """Every finding as a workflow command, one a line."""
    return "\n".join(github_command(d, cwd=cwd) for d in diagnostics)


def version() -> str:
    """rulebook's version as installed; 0+unknown when run from a checkout never installed."""
    from importlib import metadata  # here: it costs 30 ms, and few commands say the version

    try:
        return metadata.version("rulebook")
    except metadata.PackageNotFoundError:
        return "0+unknown"


def _rule_level(row: Row) -> str:
    return "note" if row.note else "warning" if row.warning else "error"


def _rules() -> list[dict[str, object]]:
    """A SARIF rule for each registered finding code, described by its row of the registry."""
    return [{"id": code, "name": code, "shortDescription": {"text": row.meaning},
             "defaultConfiguration": {"level": _rule_level(row)}}
            for row in ROWS for code in row.codes]


def _uri(path: str) -> dict[str, str]:
    """A SARIF artifactLocation: relative to the checkout root (``%SRCROOT%``) when inside
    it, else a file: URI."""
    if os.path.isabs(path):
        return {"uri": PurePath(path).as_uri()}
    return {"uri": quote(path, safe="/"), "uriBaseId": "%SRCROOT%"}


def _result(d: Diagnostic, index: dict[str, int], cwd: str | None) -> dict[str, object]:
    return {"ruleId": d.code, "ruleIndex": index[d.code], "level": _LEVEL[d.severity],
            "message": {"text": d.message + (f"\nhint: {d.hint}" if d.hint else "")},
            "locations": [{"physicalLocation": {
                "artifactLocation": _uri(forge_path(d.mark.path, cwd=cwd)),
                "region": {"startLine": max(d.mark.line, 1),  # SARIF counts from 1
                           "startColumn": max(d.mark.col, 1)}}}]}


def sarif_log(diagnostics: Iterable[Diagnostic], *, cwd: str | None = None) -> dict[str, object]:
    """The findings as a SARIF 2.1.0 log of one run of rulebook, every finding code a rule."""
    rules = _rules()
    index = {str(rule["id"]): i for i, rule in enumerate(rules)}
    root = os.path.abspath(cwd if cwd is not None else os.getcwd())
    return {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "rulebook", "version": version(), "rules": rules}},
            "originalUriBaseIds": {"%SRCROOT%": {"uri": PurePath(root).as_uri().rstrip("/") + "/"}},
            "columnKind": "unicodeCodePoints",  # a column counts characters, as Python does
            "results": [_result(d, index, cwd) for d in diagnostics],
        }],
    }


def format_sarif(diagnostics: Iterable[Diagnostic], *, cwd: str | None = None) -> str:
    return json.dumps(sarif_log(diagnostics, cwd=cwd), ensure_ascii=False, indent=2)

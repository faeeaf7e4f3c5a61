"""rulebook as a tool (issue 41): the wheel carries the built-in theme and installs as
`rulebook`; `rulebook init` makes a site folder that checks, builds and publishes.

The wheel test builds the wheel from a copy of the sources, installs it into a fresh virtual
environment outside the checkout (its dependencies from the test's own environment, through a
path file: no network), and runs `rulebook init` there, then every `rulebook` command of the
GitHub workflow that init wrote, as the forge would. An audit hook in that process records
every file it opens: none is in the checkout."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import textwrap
import zipfile
from pathlib import Path

import pytest
import yaml

from conftest import ROOT
from generator.check.games import check
from generator.cli.main import main

SOURCES = ("pyproject.toml", "setup.py", "README.md", "generator", "templates")


def _wheel(tmp: Path) -> Path:
    """The wheel, built from a copy of the sources (a build writes beside what it builds)."""
    src = tmp / "src"
    src.mkdir()
    for name in SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, src / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(path, src / name)
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                           "--no-build-isolation", str(src), "-w", str(tmp / "dist")],
                          capture_output=True, text=True, cwd=tmp)
    assert done.returncode == 0, done.stderr
    [wheel] = (tmp / "dist").glob("rulebook-*.whl")
    return wheel


def _venv(tmp: Path, wheel: Path) -> Path:
    """A fresh environment with the wheel; its dependencies are the test environment's."""
    venv = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    purelib = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig."
                                   "get_paths()['purelib'])"], capture_output=True, text=True,
                                  check=True).stdout.strip())
    with zipfile.ZipFile(wheel) as archive:  # what pip does with a pure wheel, less the RECORD
        archive.extractall(purelib)
    # the test environment's packages, appended to the path (its .pth files are not run: the
    # checkout's editable install stays out)
    (purelib / "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    script = venv / "bin" / "rulebook"
    script.write_text(textwrap.dedent(f"""\
        #!{python}
        import sys
        from rulebook.cli.main import run
        sys.exit(run())
        """))
    script.chmod(0o755)
    return venv


def _clean_env(venv: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    return env


# Runs rulebook with an audit hook that writes down every path opened under the checkout but
# in the dependencies' folder (the test environment's, which may be inside it).
_AUDITED = """\
import atexit, json, os, sys
checkout, dependencies, log = sys.argv[1], sys.argv[2], sys.argv[3]
opened = set()
def hook(event, args):
    if event == "open" and isinstance(args[0], (str, bytes, os.PathLike)):
        path = os.path.abspath(os.fsdecode(args[0]))
        if path.startswith(checkout + os.sep) and not path.startswith(dependencies + os.sep):
            opened.add(path)
sys.addaudithook(hook)
atexit.register(lambda: open(log, "w").write(json.dumps(sorted(opened))))
sys.argv = ["rulebook", *sys.argv[4:]]
from rulebook.cli.main import run
code = run()
sys.exit(code)
"""


@pytest.mark.slow
def test_the_wheel_installs_a_rulebook_that_starts_checks_and_builds_a_site(tmp_path: Path) -> None:
    wheel = _wheel(tmp_path)
    names = zipfile.ZipFile(wheel).namelist()
    assert "rulebook/theme/base.html.j2" in names and "rulebook/cli/main.py" in names
    assert any(n.startswith("rulebook/theme/fonts/") for n in names)
    assert not any(n.startswith("generator/") for n in names)  # no name as general as that
    venv = _venv(tmp_path, wheel)
    env, home = _clean_env(venv), tmp_path / "work"
    home.mkdir()
    where = subprocess.run([str(venv / "bin" / "python"), "-c",
                            "import rulebook.runtime.theme as t; print(t.builtin_theme())"],
                           capture_output=True, text=True, env=env, cwd=home, check=True)
    assert Path(where.stdout.strip()).is_relative_to(venv)  # the theme the wheel carries
    made = subprocess.run([str(venv / "bin" / "rulebook"), "init", "site"], capture_output=True,
                          text=True, env=env, cwd=home)
    assert made.returncode == 0, made.stderr
    site = home / "site"
    workflow = yaml.safe_load((site / ".github" / "workflows" / "rulebook.yml").read_text())
    commands = [step["run"] for step in workflow["jobs"]["build"]["steps"]
                if step.get("run", "").startswith("rulebook ")]
    assert [c.split()[1] for c in commands] == ["check", "build"]
    log = tmp_path / "opened.json"
    for command in commands:  # as the forge runs them, in the site's folder
        done = subprocess.run([str(venv / "bin" / "python"), "-c", _AUDITED, str(ROOT),
                               sysconfig.get_paths()["purelib"], str(log), *command.split()[1:]],
                              capture_output=True, text=True, env=env, cwd=site)
        assert done.returncode == 0, (command, done.stdout, done.stderr)
        assert json.loads(log.read_text()) == [], command  # nothing read from the checkout
    out = site / "output" / "site" / "en" / "my-game"
    assert (out / "index.html").is_file() and (out / "play" / "index.html").is_file()
    assert (out / "my-game.pdf").is_file() and (out / "quickref" / "index.html").is_file()
    assert "My Game" in (out / "index.html").read_text(encoding="utf-8")


def test_init_makes_a_site_that_passes_check_with_ci_files_for_two_forges(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "card-nights"
    assert main(["init", str(target), "--langs", "en,de", "--name", "Card nights"]) == 0
    said = capsys.readouterr().out
    # the one warning: the address, until the author gives the site its own
    assert "0 error(s), 1 warning(s)" in said and "base_url" in said
    assert "warning[placeholder-address]: base_url https://example.org/ is a placeholder" in said
    result = check([target / "rules"], root=target)
    assert result.ok and [d.code for d in result.report.items] == ["placeholder-address"]
    assert {p.name for p in (target / "rules" / "my-game").glob("*.yaml")} == {
        "game.yaml", "en.yaml", "de.yaml"}
    github = yaml.safe_load((target / ".github" / "workflows" / "rulebook.yml").read_text())
    site = yaml.safe_load((target / "rules" / "site.yaml").read_text())
    assert site["name"] == "Card nights" and site["source_language"] == "en"
    assert "/output/" in (target / ".gitignore").read_text().splitlines()
    # where CI installs rulebook from: the author's to say (PyPI's "rulebook" is another
    # project's), and CI's first step stops until then
    requirement = (target / "requirements.txt").read_text()
    assert "rulebook @" in requirement and all(
        line.startswith("#") for line in requirement.splitlines() if line.strip())
    guard = subprocess.run(["bash", "-c", github["jobs"]["build"]["steps"][2]["run"].splitlines()[0]],
                           cwd=target, capture_output=True, text=True)
    assert guard.returncode == 1 and "::error file=requirements.txt::" in guard.stdout
    # YAML reads the key `on` as True; GitHub reads it as the events
    events = github.get("on", github.get(True))
    assert {"push", "pull_request"} <= set(events)
    steps = github["jobs"]["build"]["steps"]
    assert {s.get("uses", "").split("@")[0] for s in steps} >= {
        "actions/checkout", "actions/setup-python", "actions/upload-pages-artifact"}
    assert "rulebook check --format github" in [s.get("run") for s in steps]
    assert github["jobs"]["deploy"]["steps"][0]["uses"].startswith("actions/deploy-pages@")
    gitlab = yaml.safe_load((target / ".gitlab-ci.yml").read_text())
    assert gitlab["pages"]["artifacts"]["paths"] == ["public"]
    assert any("rulebook build --out public" in line for line in gitlab["pages"]["script"])
    assert "rulebook check" in gitlab["check"]["script"]
    readme = (target / "README.md").read_text()
    assert readme.startswith("# Card nights") and "rulebook serve" in readme


@pytest.mark.parametrize("args, message", [
    (["--langs", "en,xx"], "unknown language 'xx'"),
    (["--family", "poker"], "unknown family 'poker'"),
    (["--game", "Bad Name"], "game"),
])
def test_init_refuses_what_it_cannot_make_and_writes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    assert main(["init", str(tmp_path / "site"), *args]) == 2
    assert message in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_init_refuses_a_folder_that_is_not_empty(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    assert main(["init", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "already exists and is not an empty folder" in err and "hint:" in err
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]

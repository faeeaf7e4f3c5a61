"""Safe in a shared folder (issue 43): a build whose output's parent another local user can
write to (a sticky, world-writable folder such as the system's temporary folder) neither runs
that user's code, nor publishes pages they changed, nor waits forever on a file they planted.

The builds here run as one unprivileged user and the attacks as another (two user ids with no
account, taken by the root the suite runs as), so the kernel's own permission checks decide,
as they would between two people on one machine."""

from __future__ import annotations

import json
import os
import pickle
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Callable, Iterator

import pytest

from conftest import ROOT, RULES, cache_without_pdfs

pytestmark = [pytest.mark.fault,
              pytest.mark.skipif(os.geteuid() != 0, reason="acts as two other users: needs root")]

BUILDER, ATTACKER = 61001, 61002
GAME = "old-maid"
Builder = Callable[..., "subprocess.Popen[str]"]


def _python() -> tuple[str, dict[str, str]] | None:
    """An interpreter the two users may run, importing this checkout and its packages: the
    suite's own may sit in root's home (pyenv), so the system's of the same version."""
    paths = [p for p in sys.path if p.endswith("site-packages")] + [str(ROOT)]
    env = {"PYTHONPATH": os.pathsep.join(paths), "PYTHONNOUSERSITE": "1"}
    for exe in (sys.executable, f"/usr/bin/python{sys.version_info[0]}.{sys.version_info[1]}"):
        try:
            probe = subprocess.run([exe, "-c", "import generator.cli.main"], capture_output=True,
                                   env=os.environ | env, preexec_fn=as_user(BUILDER), check=False)
        except OSError:  # not theirs to run
            continue
        if probe.returncode == 0:
            return exe, env
    return None


def as_user(uid: int) -> Callable[[], None]:
    def drop() -> None:
        os.setgroups([])
        os.setgid(uid)
        os.setuid(uid)
    return drop


class Evil:
    """Unpickled, it creates the file ``path``: any code could run in its place."""

    def __init__(self, path: Path) -> None:
        self.path = str(path)

    def __reduce__(self) -> tuple[object, tuple[str, str]]:
        return open, (self.path, "w")


@pytest.fixture(scope="module")
def python() -> tuple[str, dict[str, str]]:
    found = _python()
    if found is None:
        pytest.skip("no Python interpreter another user may run imports this checkout")
    return found


@pytest.fixture(scope="module")
def home(python: tuple[str, dict[str, str]]) -> Iterator[Path]:
    """The builder's home, its disk cache shared by the module's builds: the suite's simulated
    numbers and cut fonts, made the builder's (the game is not simulated again: what the tests
    attack is the spool, the lock and the standby)."""
    home = Path(tempfile.mkdtemp(prefix="rulebook-builder-"))
    home.chmod(0o755)
    cache = cache_without_pdfs(home / "cache")
    for path in (home, cache, *cache.rglob("*")):
        os.chown(path, BUILDER, BUILDER)
    yield home
    shutil.rmtree(home)


@pytest.fixture
def top(python: tuple[str, dict[str, str]], home: Path) -> Iterator[Path]:
    """A folder both users can read, with ``shared/`` in it: sticky and world-writable."""
    top = Path(tempfile.mkdtemp(prefix="rulebook-shared-"))  # tmp_path is root's alone (0700)
    top.chmod(0o755)
    (top / "shared").mkdir()
    (top / "shared").chmod(0o1777)
    rules = top / "rules"
    rules.mkdir()
    shutil.copy(RULES / "site.yaml", rules / "site.yaml")
    shutil.copytree(RULES / GAME, rules / GAME)
    yield top
    shutil.rmtree(top)


@pytest.fixture
def builder(top: Path, home: Path, python: tuple[str, dict[str, str]]
            ) -> Callable[..., subprocess.Popen[str]]:
    """`rulebook build` of the one-game rules into shared/site, as the builder."""
    exe, python_env = python

    def start(env: dict[str, str] | None = None) -> subprocess.Popen[str]:
        environ = {k: v for k, v in os.environ.items() if not k.startswith("RULEBOOK_")}
        environ |= {"HOME": str(home), "RULEBOOK_CACHE": str(home / "cache"),
                    "PYTHONPYCACHEPREFIX": str(home / "pycache")} | python_env | (env or {})
        return subprocess.Popen(
            [exe, "-m", "generator", "build", "--rules", str(top / "rules"),
             "--out", str(top / "shared" / "site"), "--no-pdf", "--no-search", "--workers", "1"],
            cwd=ROOT, env=environ, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            preexec_fn=as_user(BUILDER), start_new_session=True)
    return start


def wait_for_line(proc: subprocess.Popen[str], needle: str) -> None:
    assert proc.stderr is not None
    seen = []
    for line in proc.stderr:
        seen.append(line)
        if needle in line:
            return
    raise AssertionError(f"never said {needle!r}:\n{''.join(seen)}")


# The attacker's move at the moment of risk: in every spool beside the site, put a pickle of
# its own in place of each checked game, by swapping the games' folder or writing into it.
ATTACK = r"""
import json, os, sys
shared, evil = sys.argv[1], open(sys.argv[2], "rb").read()
done = {}
for name in sorted(os.listdir(shared)):
    if ".spool-" not in name:
        continue
    spool = os.path.join(shared, name)
    games = os.path.join(spool, "games")
    try:
        stored = [n for n in os.listdir(games) if n.endswith(".pickle")]
        os.rename(games, games + ".theirs")
        os.mkdir(games)
        for n in stored:
            with open(os.path.join(games, n), "wb") as f:
                f.write(evil)
        done[name] = "swapped %d" % len(stored)
    except OSError as e:
        done[name] = "refused: " + e.strerror
print(json.dumps(done))
"""


def test_another_user_cannot_swap_the_spools_games_and_run_code_as_the_builder(
        top: Path, builder: Builder, python: tuple[str, dict[str, str]]) -> None:
    """The attack of the issue: another user makes ``.site.spool-PID`` for the builder's PID
    before the spool is made, and swaps its games/ for pickles of their own once the checked
    games are stored; the build that loads them runs their code."""
    shared, pwned = top / "shared", top / "shared" / "pwned"
    evil = top / "evil.pickle"
    evil.write_bytes(pickle.dumps(Evil(pwned)))
    evil.chmod(0o644)
    proc = builder(env={"RULEBOOK_TEST_FAILPOINT": "games-stored",
                             "RULEBOOK_TEST_FAILPOINT_WAIT": "120",
                             "RULEBOOK_TEST_FAILPOINT_RELEASE": str(top / "release")})
    planted = shared / f".site.spool-{proc.pid}"  # the PID is no secret (/proc)
    planted.mkdir()
    (planted / "games").mkdir()
    for folder in (planted, planted / "games"):
        os.chown(folder, ATTACKER, ATTACKER)
        folder.chmod(0o777)
    try:
        wait_for_line(proc, "failpoint games-stored reached")
        attack = subprocess.run([python[0], "-c", ATTACK, str(shared), str(evil)],
                                capture_output=True, text=True, env=os.environ | python[1],
                                preexec_fn=as_user(ATTACKER), check=True)
        (top / "release").touch()
        _, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    outcomes = json.loads(attack.stdout)
    assert not pwned.exists(), f"the attacker's pickle ran as the builder: {outcomes}"
    assert proc.returncode == 0, err
    spools = [name for name in outcomes if name != planted.name]
    assert spools and all(outcomes[s].startswith("refused") for s in spools), outcomes
    assert (shared / "site" / "en" / "index.html").is_file()
    assert sorted(p.name for p in shared.iterdir() if ".spool-" in p.name) == [planted.name]


def test_a_lock_another_user_planted_and_holds_is_named_not_waited_on(
        top: Path, builder: Builder, python: tuple[str, dict[str, str]]) -> None:
    shared = top / "shared"
    lock = shared / ".site.lock"
    lock.touch()
    os.chown(lock, ATTACKER, ATTACKER)
    lock.chmod(0o666)
    holder = subprocess.Popen(
        [python[0], "-c", "import fcntl, sys, time; f = open(sys.argv[1]); "
         "fcntl.flock(f, fcntl.LOCK_EX); print('held', flush=True); time.sleep(300)", str(lock)],
        stdout=subprocess.PIPE, text=True, env=os.environ | python[1], preexec_fn=as_user(ATTACKER))
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        proc = builder()
        try:
            out, err = proc.communicate(timeout=120)  # the old build waited here for ever
        except subprocess.TimeoutExpired:
            proc.kill()
            raise AssertionError("the build waited on another user's lock") from None
    finally:
        holder.kill()
        holder.wait()
    assert proc.returncode == 1, err
    assert "error[bad-output]" in out and f"'{lock}' belongs to another user (uid 61002)" in out
    assert "Traceback" not in err and not (shared / "site").exists()


def test_a_standby_another_user_planted_is_named_and_never_written_into(
        top: Path, builder: Builder) -> None:
    shared = top / "shared"
    standby = shared / ".site.standby"
    standby.mkdir()
    os.chown(standby, ATTACKER, ATTACKER)
    standby.chmod(0o777)  # the builder could write into it: the site would be theirs to change
    proc = builder()
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 1, err
    assert "error[bad-output]" in out and f"'{standby}' belongs to another user (uid 61002)" in out
    assert list(standby.iterdir()) == [] and not (shared / "site").exists()


def test_an_output_in_a_folder_others_may_write_without_the_sticky_bit_is_refused(
        top: Path, builder: Builder) -> None:
    """There, another user may rename any folder of the build's away and put their own in its
    place, whatever its name: nothing beside the output can be trusted."""
    (top / "shared").chmod(0o777)
    proc = builder()
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 1, err
    assert "error[bad-output]" in out and "other users may write to" in out, out
    assert [p.name for p in (top / "shared").iterdir()] == []


def test_the_spool_is_private_and_its_name_unpredictable(top: Path, builder: Builder) -> None:
    """What the spool holds is the builder's alone: a folder only they can enter, named by
    chance (never only by the PID another user reads in /proc)."""
    proc = builder(env={"RULEBOOK_TEST_FAILPOINT": "games-stored",
                             "RULEBOOK_TEST_FAILPOINT_WAIT": "120",
                             "RULEBOOK_TEST_FAILPOINT_RELEASE": str(top / "release")})
    try:
        wait_for_line(proc, "failpoint games-stored reached")
        spools = [p for p in (top / "shared").iterdir() if ".spool-" in p.name]
        modes = [p.stat().st_mode & 0o777 for p in spools]
        owners = [p.stat().st_uid for p in spools]
        (top / "release").touch()
        assert proc.wait(timeout=120) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
    assert len(spools) == 1 and modes == [0o700] and owners == [BUILDER]
    spool = spools[0]
    assert spool.name.startswith(f".site.spool-{proc.pid}-") and len(spool.name) > len(
        f".site.spool-{proc.pid}-") + 6
    assert not spool.exists()  # gone with the build

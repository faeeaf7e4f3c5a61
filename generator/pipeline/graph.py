"""The build's dependency graph, kept beside the output between builds.

For every output file the last build recorded what it was made from (deps.py): files, games,
named values of the site. This build digests its inputs (by content; a file whose size and
modification time are unchanged keeps its last digest without being read) and renders an
output again only when one of its recorded inputs changed, when it is new, or when the file
in the output folder is not the one the last build left there. Everything else is carried
over as it is: byte for byte what a clean build would write, because nothing it was made
from changed.

What the graph also keeps of each game (so that an unchanged game is not even loaded): its
folder's digest, its languages and slugs (the plan of pages), its findings (reported again as
they were), and what the index pages show of it in each language.

The toolchain (the generator's own files, the versions of the libraries that render, the
build's options) is one digest: when it changes, nothing of the last build is trusted.
"""

from __future__ import annotations

import bisect
import functools
import hashlib
import os
import sys
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any, Iterable, Literal, Mapping

import orjson
from typing_extensions import NotRequired, TypedDict  # pydantic reads its fields on Python 3.11

from ..core.diagnostics import Diagnostic, Mark, Severity
from ..runtime.deps import Deps
from ..runtime.files import walk_once, write_beside

STATE_VERSION = 11
STATE_FILE = ".rulebook-build.json"  # beside the output: .NAME.rulebook-build.json
PACKAGE = Path(__file__).resolve().parent.parent  # the generator's own files
MISSING = "-"  # the digest of a file that is not there
# The one value an output left behind by a build that deferred it (serve's pages pass leaves
# the PDFs as they were) is recorded as made from: no build has it, so the next build that
# makes that kind of output makes it again (``Changes``: an unknown name counts as changed).
PENDING = "pending"
LIBRARIES = ("jinja2", "markdown-it-py", "babel", "pydantic", "pyyaml",
             "weasyprint", "fonttools", "pagefind", "pagefind-bin", "pagefind-bin-extended")

Stat = tuple[int, int, str]  # size, modification time (ns), sha256 of the content


def _digest_file(path: Path) -> str:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return MISSING


def digest_value(data: object) -> str:
    text = orjson.dumps(data, default=str, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS)
    return hashlib.sha256(text).hexdigest()


class Inputs:
    """The content digest of every file under the input folders, read only when its size or
    modification time differs from the last build's record."""

    def __init__(self, roots: Iterable[Path], known: Mapping[str, list[Any]]) -> None:
        self.table: dict[str, Stat] = {}
        self._sorted: list[str] | None = None
        self.read = 0  # files read and digested (the others kept their digest)
        seen: set[tuple[int, int]] = set()  # one folder once, across the roots
        for root in roots:
            # Links to folders are followed: templates/partials -> ../shared is read by the
            # build through the link, so an edit behind it must be seen.
            for dirpath, filenames in walk_once(root, seen):
                for name in filenames:
                    self._add(os.path.join(dirpath, name), known)

    def _add(self, key: str, known: Mapping[str, list[Any]]) -> None:
        try:  # strings and os.stat, not Path objects: thousands of files on every build
            st = os.stat(key)
        except OSError:
            return
        last = known.get(key)
        if last is not None and last[0] == st.st_size and last[1] == st.st_mtime_ns:
            self.table[key] = (st.st_size, st.st_mtime_ns, str(last[2]))
            return
        self.read += 1
        self.table[key] = (st.st_size, st.st_mtime_ns, _digest_file(Path(key)))

    def _keys_under(self, folder: Path) -> list[str]:
        """The scanned files under ``folder``, in order (a range of the sorted keys)."""
        if self._sorted is None:
            self._sorted = sorted(self.table)
        prefix = str(folder) + os.sep
        start = bisect.bisect_left(self._sorted, prefix)
        end = bisect.bisect_left(self._sorted, prefix[:-1] + chr(ord(os.sep) + 1))
        return self._sorted[start:end]

    def digest(self, path: str) -> str:
        found = self.table.get(path)
        if found is not None:
            return found[2]
        return _digest_file(Path(path))  # an input outside the scanned folders

    def folder_digest(self, folder: Path, *, names_only: Iterable[str] = ()) -> str:
        """Every file under ``folder``, by name and content; of the files named in
        ``names_only`` (directly in the folder), only that they are there."""
        prefix = str(folder) + os.sep
        skip = set(names_only)
        h = hashlib.sha256()
        for key in self._keys_under(folder):
            rel = key[len(prefix):]
            h.update(f"{rel}\0{'' if rel in skip else self.table[key][2]}\n".encode())
        return h.hexdigest()

    def game_digests(self, game: str, folder: Path, languages: Iterable[str]) -> dict[str, str]:
        """``game``: every file of its folder; ``game/xx``: what a page in language xx reads,
        the folder without the prose of the other languages (only that they exist)."""
        digests = {game: self.folder_digest(folder)}
        names = {p.rsplit("/", 1)[-1] for p in self.under(folder)}
        prose = {lang: {f"{lang}.yaml", f"{lang}.yml"} & names for lang in languages}
        for lang in prose:
            others = set().union(*(v for k, v in prose.items() if k != lang))
            digests[f"{game}/{lang}"] = self.folder_digest(folder, names_only=others)
        return digests

    def under(self, folder: Path) -> list[str]:
        return self._keys_under(folder)


@functools.cache
def _library_versions() -> str:
    """Once a process: it renders with the libraries it imported, whatever is installed later."""
    found = []
    for library in LIBRARIES:  # an upgraded library may render differently
        try:
            found.append(f"{library}={metadata.version(library)}\n")
        except metadata.PackageNotFoundError:
            found.append(f"{library}=-\n")
    return "".join(found)


@functools.cache
def code_digest() -> str:
    """The generator's own files, digested once a process, at its first build: the digest of
    the code this process runs, not of files edited under it since (`rulebook serve` starts
    itself again when they change)."""
    h = hashlib.sha256()
    for dirpath, dirnames, filenames in os.walk(PACKAGE):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        for name in sorted(filenames):
            path = Path(dirpath, name)
            h.update(f"{path.relative_to(PACKAGE).as_posix()}\0{_digest_file(path)}\n".encode())
    return h.hexdigest()


def toolchain_digest(options: str) -> str:
    """What renders: the generator's code, the libraries' versions, Python's, the options."""
    h = hashlib.sha256(f"{STATE_VERSION}\0{sys.version}\0{options}\n".encode())
    h.update(_library_versions().encode())
    h.update(code_digest().encode())
    return h.hexdigest()


# -- what is kept of a game ----------------------------------------------------------------------

@dataclass
class GameRecord:
    """One game as the last build checked it."""

    folder: str
    digest: str
    digests: dict[str, str]  # deps.game keys: the game, and the game in each language
    languages: list[str]
    slugs: dict[str, str]
    slug_marks: dict[str, list[Any]]  # lang -> [path, line, col] of its slug in game.yaml
    findings: list[dict[str, Any]]  # its own (those involving other games are found anew)
    deck: str = ""
    players: list[int] = field(default_factory=list)  # min, max
    links: list[list[str]] = field(default_factory=list)  # [kind, game] of related: games
    link_marks: list[list[Any]] = field(default_factory=list)  # [game, path, line, col]
    omitted: list[str] = field(default_factory=list)  # page kinds the game has not (play, ...)
    changed: str = ""  # the day its rules last changed (ISO), when the PDFs are built
    outdated: dict[str, list[str]] = field(default_factory=dict)  # lang -> its outdated parts
    outdated_key: str = ""  # the site.yaml they were found with (it names the source language)
    entries: dict[str, dict[str, Any]] = field(default_factory=dict)  # lang -> index entry
    entry_keys: dict[str, str] = field(default_factory=dict)  # lang -> what it was made with
    former_slugs: dict[str, list[str]] = field(default_factory=dict)  # lang -> its former slugs
    former_marks: dict[str, list[list[Any]]] = field(default_factory=dict)  # lang -> each one's place

    def diagnostics(self) -> list[Diagnostic]:
        return [diagnostic_from(d) for d in self.findings]


def diagnostic_from(data: Mapping[str, Any]) -> Diagnostic:
    return Diagnostic(Mark(str(data["path"]), int(data["line"]), int(data["col"])),
                      str(data["code"]), str(data["message"]), Severity(data["severity"]),
                      data.get("hint"))


# -- the saved state ---------------------------------------------------------------------------

@dataclass
class Output:
    deps: Deps
    size: int
    mtime_ns: int
    chars: str = ""  # its characters beyond the base set (webfonts.extra_characters)
    findings: list[dict[str, Any]] = field(default_factory=list)  # made with it (a PDF's)
    sha: str = ""  # a page's content digest (the search index of its language is made of it)
    inode: int = 0  # the file the last build left: publish links it, without a walk to find it

    def diagnostics(self) -> list[Diagnostic]:
        return [diagnostic_from(d) for d in self.findings]


@dataclass
class State:
    toolchain: str = ""
    inputs: dict[str, list[Any]] = field(default_factory=dict)  # path -> [size, mtime, digest]
    values: dict[str, str] = field(default_factory=dict)  # named site value -> digest
    games: dict[str, GameRecord] = field(default_factory=dict)
    outputs: dict[str, Output] = field(default_factory=dict)
    # index ("en", or "en:2" for a shard) -> {"pages": [its pages], "files": [its search
    # files], "entry": its entry, "folder": its bundle folder}
    search: dict[str, dict[str, Any]] = field(default_factory=dict)
    search_pending: bool = False  # the last build left the search as it was (serve's first pass)
    pdfs_pending: bool = False  # it left the PDFs as they were (serve's first pass: PENDING)
    umask: int = -1  # under which it gave every published file its mode (-1: none did)
    # as loaded: the name table, and each depset's lists of indices in it (by id of its Deps)
    names: list[str] = field(default_factory=list, repr=False)
    raw: dict[int, list[list[int]]] = field(default_factory=dict, repr=False)

    def input_digest(self, path: str) -> str:
        found = self.inputs.get(path)
        return str(found[2]) if found else MISSING

    def intact(self, out: Path) -> bool:
        """Every file of the last build is in the output folder as it was left."""
        folder = str(out)
        for rel, output in self.outputs.items():
            if not same_file(os.path.join(folder, rel), output):
                return False
        return True


def same_file(path: Path | str, output: Output) -> bool:
    """The file is the one the last build left (its inode, size and modification time say so)."""
    try:
        st = os.stat(path)
    except OSError:
        return False
    return st.st_size == output.size and st.st_mtime_ns == output.mtime_ns \
        and st.st_ino == output.inode


class _Finding(TypedDict):
    path: str
    line: int
    col: int
    code: str
    message: str
    severity: Literal["error", "warning"]
    hint: str | None


class _Search(TypedDict):
    pages: str
    files: list[str]
    entry: dict[str, Any]
    folder: NotRequired[str]  # its bundle folder, when not the first (a language's shard)


class _StateFile(TypedDict):
    """The graph file, as load_state takes it: any other shape is no graph at all."""

    version: int
    toolchain: str
    inputs: dict[str, tuple[int, int, str]]
    values: dict[str, str]
    games: dict[str, GameRecord]
    depsets: list[tuple[list[int], list[int], list[int]]]
    names: list[str]
    outputs: dict[str, tuple[int, int, int, str, list[_Finding], str, int]]
    search: dict[str, _Search]
    search_pending: bool
    pdfs_pending: bool
    umask: int


@functools.cache
def _state_file() -> Any:
    from pydantic import TypeAdapter  # once a process, and only when there is a graph to read

    return TypeAdapter(_StateFile)


def load_state(path: Path) -> State:
    """The graph of the last build; an empty one when there is none, or when the file is not
    a graph of this version, whole and of the right shape (it is then remade, never trusted)."""
    try:
        data = _state_file().validate_json(path.read_bytes(), strict=False)
        if data["version"] != STATE_VERSION:
            return State()
        names = data["names"]
        depsets = [Deps({names[i] for i in f}, {names[i] for i in g}, {names[i] for i in v})
                   for f, g, v in data["depsets"]]
        return State(
            toolchain=data["toolchain"],
            inputs={k: list(v) for k, v in data["inputs"].items()}, values=data["values"],
            games=data["games"],
            outputs={rel: Output(depsets[i], size, mtime, chars, list(findings), sha, inode)
                     for rel, (i, size, mtime, chars, findings, sha, inode)
                     in data["outputs"].items()},
            search=dict(data["search"]), search_pending=data["search_pending"],
            pdfs_pending=data["pdfs_pending"], umask=data["umask"],
            names=names, raw={id(d): [list(part) for part in raw]
                              for d, raw in zip(depsets, data["depsets"])})
    except (OSError, ValueError, KeyError, TypeError, IndexError, AttributeError):
        return State()  # no graph, or an unreadable one: everything is rendered


def dump_state(state: State, previous: State | None = None) -> bytes:
    """The state as JSON. An output kept from ``previous`` (which must still be alive: its
    Deps objects are known by id) keeps its depset as loaded, names and all, so that an edit
    does not sort and number every output's inputs again."""
    last = previous or State()
    names: dict[str, int] = {}  # every path, game and value named by a depset, once
    table: list[str] = []
    if last.names:
        table = list(last.names)
        names = {n: i for i, n in enumerate(table)}
    depsets: dict[object, int] = {}  # a loaded depset by id, a new one by its key
    listed: list[list[list[int]]] = []
    outputs: dict[str, list[Any]] = {}
    for rel, output in sorted(state.outputs.items()):
        raw = last.raw.get(id(output.deps))
        found: object = id(raw) if raw is not None else output.deps.key()
        index = depsets.get(found)
        if index is None:
            if raw is None:
                raw = [[names.setdefault(n, len(names)) for n in part]
                       for part in output.deps.key()]
            index = depsets[found] = len(listed)
            listed.append(raw)
        outputs[rel] = [index, output.size, output.mtime_ns, output.chars, output.findings,
                        output.sha, output.inode]
    table.extend(list(names)[len(table):])
    used: set[int] = set()
    for raw in listed:
        for part in raw:
            used.update(part)
    if previous is not None and len(used) * 2 < len(table):  # most names gone: number anew
        return dump_state(state)
    # the state now numbers its depsets as written, as a state loaded from this file would
    # (a build of the same process may take it as its ``previous``: GraphMemory)
    state.names = table
    state.raw = {id(o.deps): listed[outputs[rel][0]] for rel, o in state.outputs.items()}
    data = {
        "version": STATE_VERSION, "toolchain": state.toolchain,
        "files": {rel: o.size for rel, o in state.outputs.items()},  # read by publish.py
        "inputs": state.inputs, "values": state.values,
        "games": {k: v.__dict__ for k, v in sorted(state.games.items())},
        "depsets": listed, "names": table, "outputs": outputs,
        "search": state.search, "search_pending": state.search_pending,
        "pdfs_pending": state.pdfs_pending, "umask": state.umask,
    }
    return orjson.dumps(data)  # JSON still (publish.py reads "files"), twenty times quicker


def state_path(out: Path) -> Path:
    return out.parent / f".{out.name}{STATE_FILE}"


class GraphMemory:
    """The graph a build of this process saved, kept for its next build (serve builds again
    and again: reading 5 MB of JSON back for each save costs 60 ms at 260 games). It is
    taken only while the file on disk is the very one it saved (its inode, size and
    modification time): a graph written by another process, or by nobody since, is read."""

    def __init__(self) -> None:
        self._state: State | None = None
        self._file: tuple[int, int, int] | None = None

    def load(self, path: Path) -> State:
        if self._state is not None and self._file == _stat_of(path):
            return self._state
        self._state = None
        return load_state(path)

    def saved(self, path: Path, state: State) -> None:
        self._state, self._file = state, _stat_of(path)


def _stat_of(path: Path) -> tuple[int, int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_ino, st.st_size, st.st_mtime_ns


def save_state(out: Path, state: State, previous: State, inputs: Inputs,
               written: Mapping[str, bytes], memory: GraphMemory | None = None) -> None:
    """The graph of the site just published: each output's size, modification time and inode
    as it now stands in the folder (a kept file is the same file as before), and the digest of
    every input."""
    for rel in written:
        output = state.outputs[rel]
        st = (out / rel).stat()
        output.size, output.mtime_ns, output.inode = st.st_size, st.st_mtime_ns, st.st_ino
    state.inputs = {k: list(v) for k, v in inputs.table.items()}
    for output in state.outputs.values():  # inputs read from outside the scanned folders
        for path in output.deps.files:
            if path not in state.inputs:
                state.inputs[path] = [-1, -1, inputs.digest(path)]
    write_beside(state_path(out), dump_state(state, previous))
    if memory is not None:
        memory.saved(state_path(out), state)


# -- which outputs are stale --------------------------------------------------------------------

@dataclass
class Changes:
    """What differs between the last build's inputs and this one's."""

    previous: State
    inputs: Inputs
    game_digests: dict[str, str]
    values: dict[str, str]
    _seen: dict[int, bool] = field(default_factory=dict)  # outputs share their Deps objects
    _files_changed: set[str] = field(default_factory=set)
    _games_changed: set[str] = field(default_factory=set)
    _values_changed: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        # every file an output was made from is in the last state's inputs (_save_state)
        self._files_changed = {path for path in self.previous.inputs
                               if self.inputs.digest(path) != self.previous.input_digest(path)}
        before = {k: v for record in self.previous.games.values()
                  for k, v in record.digests.items()}
        self._games_changed = {g for g in {*before, *self.game_digests}
                               if self.game_digests.get(g) != before.get(g)}
        last = self.previous.values
        self._values_changed = {n for n, v in self.values.items() if last.get(n) != v}

    def stale(self, deps: Deps) -> bool:
        known = self._seen.get(id(deps))
        if known is None:
            known = self._seen[id(deps)] = self._stale(deps)
        return known

    def _stale(self, deps: Deps) -> bool:
        # a name this build does not know (``values`` has every name it made) counts as changed
        return (not deps.files.isdisjoint(self._files_changed)
                or not deps.files <= self.previous.inputs.keys()
                or not deps.games.isdisjoint(self._games_changed)
                or not deps.values.isdisjoint(self._values_changed)
                or not deps.values <= self.values.keys())

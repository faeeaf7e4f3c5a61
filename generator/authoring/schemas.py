"""JSON Schemas of the rules files, for editors (`rulebook schema`): made from the pydantic
models that `rulebook check` validates with, so an editor completes and flags what the
checker would.

Draft-07, the draft the YAML language server (VS Code, Neovim, Helix, ...) reads: the
definitions sit under ``definitions``, and a ``$ref`` with other keywords beside it is put
inside ``allOf`` (draft-07 ignores a ``$ref``'s siblings). game.yaml has one schema for every
family: ``options`` and each variant's ``options`` follow the family named, through
``if``/``then``.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from ..families import REGISTRY
from ..model import schema
from ..model.translated_from import TranslatedFromSpec
from ..runtime.files import write_beside

DRAFT = "http://json-schema.org/draft-07/schema#"
FOLDER = ".schemas"  # in a rules folder: where `rulebook new` puts the schemas its files name

SITE = "site.schema.json"
GAME = "game.schema.json"
LANGUAGE = "language.schema.json"
TRANSLATED_FROM = "translated-from.schema.json"


def example_file(family: str) -> str:
    """The schema of one family's example scripts."""
    return f"{family}.example.schema.json"


@dataclass(frozen=True)
class SchemaFile:
    name: str  # the file's name, e.g. game.schema.json
    describes: str  # the rules files it is for, e.g. rules/<game>/game.yaml
    schema: dict[str, Any]

    def text(self) -> str:
        return json.dumps(self.schema, indent=2, ensure_ascii=False) + "\n"


def schema_files() -> list[SchemaFile]:
    """Every schema, in the order the reference lists the files."""
    files = [
        SchemaFile(SITE, "rules/site.yaml",
                   model_schema(schema.SiteSpec, title="rulebook: rules/site.yaml")),
        SchemaFile(GAME, "rules/<game>/game.yaml", game_schema()),
        SchemaFile(LANGUAGE, "rules/<game>/<lang>.yaml",
                   model_schema(schema.LanguageSpec, title="rulebook: rules/<game>/<lang>.yaml")),
        SchemaFile(TRANSLATED_FROM, "rules/<game>/<lang>.translated-from.yaml",
                   model_schema(TranslatedFromSpec,
                                title="rulebook: rules/<game>/<lang>.translated-from.yaml")),
    ]
    for name, family in REGISTRY.items():
        files.append(SchemaFile(
            example_file(name), f"rules/<game>/examples/*.yaml ({name})",
            model_schema(family.example_schema,
                         title=f"rulebook: an example round of the {name} family")))
    return files


def write(folder: Path) -> list[Path]:
    """Write every schema into ``folder`` (made when missing); the files whose text changed
    are rewritten, the others left as they are. Returns every schema's path."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for item in schema_files():
        path = folder / item.name
        data = item.text().encode("utf-8")
        if not path.is_file() or path.read_bytes() != data:
            write_beside(path, data)
        paths.append(path)
    return paths


# -- from pydantic to draft-07 ---------------------------------------------------------------

def model_schema(model: type[BaseModel], *, title: str) -> dict[str, Any]:
    """A model's JSON Schema as an editor reads it: draft-07, with the file's title."""
    found = draft7(schema.json_schema(model))
    return {"$schema": DRAFT, "title": title, **{k: v for k, v in found.items() if k != "title"}}


def game_schema() -> dict[str, Any]:
    """game.yaml: ``family`` is one of the registry's names, and ``options`` (and each
    variant's) are that family's."""
    base = model_schema(schema.game_spec(tuple(REGISTRY)), title="rulebook: rules/<game>/game.yaml")
    definitions = base.setdefault("definitions", {})
    branches = []
    for name, family in REGISTRY.items():
        options = draft7(schema.json_schema(family.options_schema), prefix=f"{name}-")
        for key, value in options.pop("definitions", {}).items():
            definitions[key] = value
        options_key, variant_key = f"{name}-options", f"{name}-variant-options"
        definitions[options_key] = options
        definitions[variant_key] = _variant_options(options, family=name)
        branches.append({
            "if": {"properties": {"family": {"const": name}}, "required": ["family"]},
            "then": {"properties": {
                "options": {"$ref": f"#/definitions/{options_key}"},
                "variants": {"additionalProperties": {
                    "properties": {"options": {"$ref": f"#/definitions/{variant_key}"}}}},
            }},
        })
    base["allOf"] = branches
    return base


def _variant_options(options: dict[str, Any], *, family: str) -> dict[str, Any]:
    """A variant names only the options it changes: the family's options, none required."""
    out = copy.deepcopy(options)
    out.pop("required", None)
    out["title"] = f"the options a variant of a {family} game changes"
    out["description"] = ("Options of the game's family that this variant changes; each "
                          "replaces the game's option of that name whole.")
    return out


def draft7(found: dict[str, Any], *, prefix: str = "") -> dict[str, Any]:
    """Pydantic's schema (draft 2020-12) as draft-07: ``$defs`` become ``definitions`` (each
    name after ``prefix``), a ``$ref`` with siblings goes into ``allOf``, and the titles
    pydantic makes of field names are dropped (the key says as much)."""
    out = copy.deepcopy(found)
    defs = out.pop("$defs", {})

    def fix(node: Any, *, in_properties: bool = False) -> Any:
        if isinstance(node, list):
            return [fix(item) for item in node]
        if not isinstance(node, dict):
            return node
        if in_properties:  # a mapping of key names to schemas, not a schema itself
            return {key: _untitled(fix(value)) for key, value in node.items()}
        fixed = {key: fix(value, in_properties=key == "properties") for key, value in node.items()}
        ref = fixed.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            fixed["$ref"] = f"#/definitions/{prefix}{ref.removeprefix('#/$defs/')}"
            if len(fixed) > 1:
                fixed = {"allOf": [{"$ref": fixed.pop("$ref")}], **fixed}
        return fixed

    result = fix(out)
    if defs:
        result["definitions"] = {f"{prefix}{name}": fix(value) for name, value in defs.items()}
    return dict(result)


def _untitled(node: Any) -> Any:
    if isinstance(node, dict):
        node.pop("title", None)
    return node

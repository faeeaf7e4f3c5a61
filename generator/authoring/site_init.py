"""`rulebook init DIR`: a new site folder, ready to check, build and publish.

    DIR/rules/site.yaml                     the site's name, address and languages
    DIR/rules/<game>/...                    one starter game that passes check (scaffold.py)
    DIR/README.md                           for the site's authors: the commands, the layout
    DIR/templates/static/custom.css         the site's colours over the built-in theme
    DIR/requirements.txt                    the rulebook the site is built with (CI installs it)
    DIR/.gitignore                          the built site stays out of git
    DIR/.github/workflows/rulebook.yml      check on every pull request, build and publish
                                            main to GitHub Pages
    DIR/.gitlab-ci.yml                      the same for GitLab Pages

The folder is made under a temporary name beside DIR and renamed into place: an interrupted
run leaves no half-made site.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ..core.forges import version
from ..families import REGISTRY
from ..runtime.files import umask
from . import scaffold

# The Debian/Ubuntu libraries WeasyPrint needs for the PDFs (the Makefile's SITE_PACKAGES).
PDF_LIBRARIES = "libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0"
# What CI installs: the site's requirements.txt, which names the rulebook that made it.
INSTALL = "pip install -r requirements.txt"
# CI's first step: requirements.txt names where rulebook comes from (a line not a comment)
NAMED = "grep -qE '^[[:space:]]*[^#[:space:]]' requirements.txt"
UNNAMED = "say where rulebook comes from (uncomment one line)"
DEFAULT_GAME = "my-game"
DEFAULT_FAMILY = "pairs"  # the smallest starter: a first build is quick


@dataclass(frozen=True)
class Made:
    folder: Path
    files: list[Path]  # every file written, under folder
    game: Path  # the starter game's folder


def refusal(target: Path, *, family: str, game: str) -> scaffold.Refusal | None:
    """Why ``target`` cannot become a new site, or None."""
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        return scaffold.Refusal(f"{target} already exists and is not an empty folder",
                                "name a new folder, or `rulebook new GAME` to add a game to "
                                "an existing site's rules folder")
    if family not in REGISTRY:
        return scaffold.Refusal(f"unknown family '{family}'", f"known: {', '.join(REGISTRY)}")
    return scaffold.refusal(target / "rules", game, family=family, starter=None)


def site_yaml(name: str, langs: list[str]) -> str:
    return "".join([
        "# The site's settings (`rulebook docs` lists every key).\n",
        f"name: {scaffold._quoted(name)}\n",
        "# The address the site is served from: the sitemap, the canonical links and the QR\n",
        "# codes of the PDFs use it. On GitHub Pages: https://<user>.github.io/<repository>/\n",
        "base_url: https://example.org/\n",
        "# The language the others are translated from (`rulebook i18n` tracks them).\n",
        f"source_language: {langs[0]}\n",
    ])


def readme(name: str, game: str, langs: list[str]) -> str:
    others = ", ".join(langs[1:])
    return f"""# {name}

The rules of card games, written for rulebook: each
game's facts once in `rules/<game>/game.yaml`, its prose in one file per language
(`{langs[0]}.yaml`{f", and {others}" if others else ""}), its example rounds in
`rules/<game>/examples/`. `rulebook check` replays every example round and reports every
mistake at its file, line and column; `rulebook build` makes the site and its PDFs.

## Commands

    pip install -r requirements.txt   # once, after saying in it where rulebook comes from
    rulebook check                    # replay and check every example round
    rulebook serve                    # the site on http://127.0.0.1:8000, rebuilt on change
    rulebook build                    # the site into output/site/
    rulebook new GAME --family F      # another game (`rulebook docs` lists the families)
    rulebook i18n                     # the state of each translation

On Debian or Ubuntu, the PDFs need `apt-get install {PDF_LIBRARIES}`.

## Layout

    rules/site.yaml                   the site's name, address (base_url) and source language
    rules/{game}/                     the starter game: rename it, rewrite it, keep it checked
    templates/static/custom.css       the site's colours: the theme's custom properties
    templates/                        any file here overrides the one of rulebook's own theme
    .github/workflows/rulebook.yml    GitHub: check each pull request, publish main to Pages
    .gitlab-ci.yml                    GitLab: the same, to GitLab Pages
    requirements.txt                  the rulebook the site is built with: say where it comes from

## Publishing

The site in `output/site/` is plain files: any web server serves it. On GitHub, turn on
Pages with "GitHub Actions" as its source (Settings, Pages), set `base_url` in
`rules/site.yaml` to the address Pages gives, and push: the workflow checks every pull
request (each finding shown on its line) and publishes main. On GitLab, the `pages` job does
the same.
"""


# The site's one stylesheet over the built-in theme: every other file comes from the theme.
CUSTOM_CSS = """\
/* This site's look: loaded after rulebook's own stylesheet on every page and in the PDFs.
   Set the theme's custom properties here (the list: docs/theme.md in rulebook's repository),
   for example:

   :root { --accent: #7a1fa2; --red: #c2185b; }
   @media (prefers-color-scheme: dark) { :root { --accent: #d6a4ff; --red: #ff8ab4; } }
*/
"""


def requirements() -> str:
    """Where CI installs rulebook from: the one line the site's author must write, since an
    installed rulebook does not know the address it came from (and another project holds the
    name on PyPI)."""
    return "".join([
        "# Where CI installs rulebook from (pip install -r requirements.txt): uncomment ONE line\n",
        "# and give the address of the rulebook this site is built with. Until then, CI stops at\n",
        "# its first step and says so.\n",
        f"# rulebook @ https://example.org/downloads/rulebook-{_version()}-py3-none-any.whl\n",
        "# rulebook @ git+https://github.com/<owner>/rulebook@<tag>\n",
    ])


def _version() -> str:
    v = version()
    return "<version>" if v.startswith("0+") else v  # a source tree never installed


GITIGNORE = """\
# the built site (and GitLab's or Netlify's copy of it); rulebook's cache is outside the folder
/output/
/public/
"""


def github_workflow() -> str:
    return f"""\
# Check the rules on every pull request (each finding shown on its line), and build and
# publish the site to GitHub Pages from main. Settings > Pages > Source: GitHub Actions.
name: rulebook
on:
  push:
    branches: [main]
  pull_request:
  workflow_dispatch:
permissions:
  contents: read
  pages: write
  id-token: write
concurrency:
  group: pages-${{{{ github.ref }}}}
  cancel-in-progress: true
jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-python@v5
        with:
          python-version: "3.11"
      - name: Install rulebook and the PDFs' libraries
        run: |
          {NAMED} || {{ echo "::error file=requirements.txt::{UNNAMED}"; exit 1; }}
          sudo apt-get update -qq
          sudo apt-get install -y -qq {PDF_LIBRARIES}
          {INSTALL}
      - name: Check the rules
        run: rulebook check --format github
      - name: Build the site
        run: rulebook build --out output/site --quiet
      - uses: actions/upload-pages-artifact@v3
        if: github.event_name != 'pull_request'
        with:
          path: output/site
  deploy:
    if: github.event_name != 'pull_request'
    needs: build
    runs-on: ubuntu-latest
    environment:
      name: github-pages
      url: ${{{{ steps.deployment.outputs.page_url }}}}
    steps:
      - id: deployment
        uses: actions/deploy-pages@v4
"""


def gitlab_ci() -> str:
    return f"""\
# Check the rules on every merge request and branch; publish main to GitLab Pages.
image: python:3.11-slim
before_script:
  - {NAMED} || {{ echo "requirements.txt - {UNNAMED}"; exit 1; }}
  - apt-get update -qq && apt-get install -y -qq {PDF_LIBRARIES}
  - {INSTALL}
check:
  stage: test
  script:
    - rulebook check
pages:
  stage: deploy
  script:
    - rulebook build --out public --quiet
  artifacts:
    paths: [public]
  rules:
    - if: $CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH
"""


def create(target: Path, *, name: str, langs: list[str], family: str = DEFAULT_FAMILY,
           game: str = DEFAULT_GAME) -> Made:
    """Write the site folder (call ``refusal`` first)."""
    target = target.absolute()
    target.parent.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".new", dir=target.parent))
    try:
        os.chmod(scratch, 0o777 & ~umask())  # mkdtemp makes it private
        texts = {
            "rules/site.yaml": site_yaml(name, langs),
            "README.md": readme(name, game, langs),
            ".gitignore": GITIGNORE,
            "requirements.txt": requirements(),
            "templates/static/custom.css": CUSTOM_CSS,
            ".github/workflows/rulebook.yml": github_workflow(),
            ".gitlab-ci.yml": gitlab_ci(),
        }
        for rel, text in texts.items():
            path = scratch / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        made = scaffold.create(scratch / "rules", game, family=family, langs=langs,
                               source=langs[0])
        if target.exists():  # an empty folder: the new one takes its place
            target.rmdir()
        os.rename(scratch, target)
    except BaseException:
        shutil.rmtree(scratch, ignore_errors=True)
        raise
    files = sorted([target / rel for rel in texts]
                   + [target / "rules" / game / p.relative_to(made.folder) for p in made.files])
    return Made(target, files, target / "rules" / game)

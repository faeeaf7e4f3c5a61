"""Overrides, not forks (runtime/theme.py): a site's templates folder holds only the files of the
built-in theme it overrides, and every other file comes from the built-in theme: in the
jinja2 loader, the static files, the PDFs' assets, the cluster's bundle and the build graph."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import PLACEHOLDER, ROOT, TEMPLATES, files_of
from generator.cli.main import main
from generator.core.languages import catalog_rel
from generator.pdf.assets import collect as pdf_assets
from generator.pipeline import BuildConfig, BuildResult, build, pages_cluster
from generator.runtime import deps
from generator.runtime.theme import Stray, Theme, builtin_theme, normalized
from generator.web.environments import Environments
from generator.web.templates_bundle import collect as templates_bundle

FIXTURE = ROOT / "tests" / "fixtures" / "jacks"  # one game, six languages
# what the test game warns of by itself: the corpus's placeholder address, and the sentences
# it leaves unread on purpose for the narration tests
FIXTURE_WARNINGS = (PLACEHOLDER, "unread-narration")
FOOTER = "partials/footer.html.j2"
OWN_FOOTER = '<p class="club">© The Card Club · rules checked on Thursdays</p>\n'
OWN_CSS = ":root { --accent: #7a1fa2; }\n"


def _layers(tmp: Path) -> tuple[Path, Path]:
    """A small built-in theme and a site's folder that overrides one of its files and adds one."""
    builtin, site = tmp / "builtin", tmp / "site"
    for rel, text in {"base.html.j2": "base {% include 'partials/footer.html.j2' %}",
                      "partials/footer.html.j2": "built-in footer",
                      "static/site.css": "a {}", "static/custom.css": "",
                      "print/print.css": "@page {}", "fonts/x.ttf": "font",
                      catalog_rel("it"): ""}.items():
        (builtin / rel).parent.mkdir(parents=True, exist_ok=True)
        (builtin / rel).write_text(text, encoding="utf-8")
    for rel, text in {"partials/footer.html.j2": "own footer", "static/custom.css": OWN_CSS,
                      "static/logo.svg": "<svg/>"}.items():
        (site / rel).parent.mkdir(parents=True, exist_ok=True)
        (site / rel).write_text(text, encoding="utf-8")
    return builtin, site


def test_the_site_file_wins_and_every_other_file_is_the_built_in_one(tmp_path: Path) -> None:
    builtin, site = _layers(tmp_path)
    theme = Theme.layered(site, builtin=builtin)
    assert theme.layers == (site, builtin) and theme.site == site and theme.builtin == builtin
    assert theme.find(FOOTER) == site / FOOTER
    assert theme.find("static/site.css") == builtin / "static/site.css"
    assert theme.find("static/logo.svg") == site / "static/logo.svg"  # a new file: used as it is
    assert theme.find("static/missing.css") is None
    assert theme.path("static/missing.css") == builtin / "static/missing.css"
    assert theme.files("static") == {"static/custom.css": site / "static/custom.css",
                                     "static/logo.svg": site / "static/logo.svg",
                                     "static/site.css": builtin / "static/site.css"}
    assert list(theme.files()) == sorted(theme.files())
    assert theme.overrides().keys() == {FOOTER, "static/custom.css", "static/logo.svg"}


def test_a_render_depends_on_the_winner_and_on_the_site_path_above_it(tmp_path: Path) -> None:
    builtin, site = _layers(tmp_path)
    theme = Theme.layered(site, builtin=builtin)
    # the site's file wins: the built-in one below it is no input
    assert theme.candidates(FOOTER) == (site / FOOTER,)
    # the built-in file wins: the site's path is an input too (a file added there wins)
    assert theme.candidates("static/site.css") == (site / "static/site.css",
                                                   builtin / "static/site.css")
    with deps.recording() as recorded:
        assert theme.read("static/site.css") == b"a {}"
    assert recorded.files == {str(site / "static/site.css"), str(builtin / "static/site.css")}


def test_a_theme_file_is_never_looked_for_outside_the_theme(tmp_path: Path) -> None:
    builtin, site = _layers(tmp_path)
    (tmp_path / "secret.txt").write_text("secret", encoding="utf-8")
    theme = Theme.layered(site, builtin=builtin)
    assert theme.find("../secret.txt") is None and theme.find("/etc/hostname") is None
    assert not theme.path("../secret.txt").exists() and theme.candidates("../secret.txt") == ()
    with pytest.raises(OSError):
        theme.read("../secret.txt")
    assert normalized("print/../fonts/x.ttf") == "fonts/x.ttf"
    assert normalized("print/../../x") is None and normalized("a\\b") is None


def test_the_built_in_folder_as_the_site_folder_is_one_layer() -> None:
    """rulebook's own checkout: ./templates is the built-in theme (a whole copy elsewhere is
    two layers, whose site layer overrides every file)."""
    assert builtin_theme() == TEMPLATES
    assert Theme.layered(TEMPLATES).layers == (TEMPLATES,)
    assert Theme.layered(ROOT / "templates" / ".." / "templates").site is None
    assert Theme.layered().strays() == []


def test_a_typo_is_named_with_the_nearest_theme_file(tmp_path: Path) -> None:
    builtin, site = _layers(tmp_path)
    (site / "partials/fotter.html.j2").write_text("typo", encoding="utf-8")
    (site / "static/custom.ccs").write_text("typo", encoding="utf-8")
    theme = Theme.layered(site, builtin=builtin)
    assert theme.strays() == [Stray(site / "partials/fotter.html.j2", "partials/fotter.html.j2",
                                    FOOTER),
                              Stray(site / "static/custom.ccs", "static/custom.ccs",
                                    "static/custom.css")]  # logo.svg: a new file, no typo


def test_the_loader_and_the_catalogs_read_through_the_theme(tmp_path: Path) -> None:
    builtin, site = _layers(tmp_path)
    envs = Environments(Theme.layered(site, builtin=builtin))
    with deps.recording() as recorded:
        assert envs.env("en").get_template("base.html.j2").render() == "base own footer"
    assert {str(site / FOOTER), str(site / "base.html.j2"), str(builtin / "base.html.j2")} \
        <= recorded.files
    assert str(builtin / FOOTER) not in recorded.files  # overridden: not what the page read
    with deps.recording() as recorded:
        envs.messages("it")
    assert recorded.files == {str(site / catalog_rel("it")), str(builtin / catalog_rel("it"))}


def test_the_pdfs_read_the_site_stylesheet_and_the_theme_print_files(tmp_path: Path) -> None:
    builtin, site = _layers(tmp_path)
    theme = Theme.layered(site, builtin=builtin)
    assets = pdf_assets(theme)
    # print/ and the site's custom.css (the colours of both); never the web's site.css
    assert set(assets.files) == {"print/print.css", "fonts/x.ttf", "static/custom.css",
                                 "static/logo.svg"}
    assert assets.files["static/custom.css"] == OWN_CSS.encode()
    bundle = templates_bundle(theme)  # a cluster's worker: the files that win, no fonts
    assert bundle.files[FOOTER] == b"own footer" and "fonts/x.ttf" not in bundle.files


def test_a_cluster_page_records_the_builds_theme_files(tmp_path: Path) -> None:
    """A worker reads the theme unpacked into a folder of its own; its page's record names the
    build's files, the site's path above a built-in one included."""
    builtin, site = _layers(tmp_path)
    theme = Theme.layered(site, builtin=builtin)
    here = tmp_path / "worker"
    recorded = deps.Deps({str(here / FOOTER), str(here / "static/site.css"), "rules/site.yaml"})
    mapped = pages_cluster._in_build(recorded, str(here), pages_cluster._inputs_of(theme))
    assert mapped.files == {str(site / FOOTER), str(site / "static/site.css"),
                            str(builtin / "static/site.css"), "rules/site.yaml"}


def test_templates_that_name_no_folder_are_a_usage_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["build", "--rules", str(tmp_path), "--templates", str(tmp_path / "none"),
                 "--out", str(tmp_path / "out")]) == 2
    assert capsys.readouterr().err == (
        f"rulebook: error: --templates {tmp_path / 'none'}: expected the folder of the site's own "
        "templates (the theme files it overrides), found nothing there\n")


def test_serve_starts_again_with_the_templates_it_was_given(tmp_path: Path) -> None:
    """A site without templates/ is served again without --templates (which would name a
    folder that is not there, a usage error); one with its folder, with it."""
    from generator.cli.serve import restart_command

    none = restart_command(BuildConfig(tmp_path, tmp_path / "templates", tmp_path / "out"),
                           "127.0.0.1", 8000)
    assert "--templates" not in none
    (tmp_path / "templates").mkdir()
    own = restart_command(BuildConfig(tmp_path, tmp_path / "templates", tmp_path / "out"),
                          "127.0.0.1", 8000)
    assert own[own.index("--templates") + 1] == str(tmp_path / "templates")


# -- a one-game site built with the built-in theme, and with overrides ---------------------------

def _build(folder: Path, out: str = "out") -> BuildResult:
    return build(BuildConfig(folder / "rules", folder / "templates", folder / out, pdf=False,
                             workers=1, quiet=True))


@pytest.fixture(scope="module")
def builtin_site(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """The one-game site as the built-in theme makes it (a site folder without templates/)."""
    folder = tmp_path_factory.mktemp("builtin")
    shutil.copytree(FIXTURE, folder / "rules")
    result = _build(folder)
    assert result.ok, result.report.sorted()
    return files_of(folder / "out")


def _with_overrides(folder: Path) -> Path:
    shutil.copytree(FIXTURE, folder / "rules")
    (folder / "templates" / "partials").mkdir(parents=True)
    (folder / "templates" / "static").mkdir()
    (folder / "templates" / FOOTER).write_text(OWN_FOOTER, encoding="utf-8")
    (folder / "templates" / "static" / "custom.css").write_text(OWN_CSS, encoding="utf-8")
    return folder


def _without_footer(files: dict[str, bytes], footer: str) -> dict[str, bytes]:
    return {rel: data.replace(footer.encode(), b"") if rel.endswith(".html") else data
            for rel, data in files.items()}


@pytest.mark.site
def test_one_template_and_one_colour_overridden_everything_else_built_in(
        tmp_path: Path, builtin_site: dict[str, bytes], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    folder = _with_overrides(tmp_path)
    monkeypatch.chdir(folder)  # `rulebook build` finds ./templates by itself
    assert main(["build", "--no-pdf", "--workers", "1", "--quiet"]) == 0
    said = capsys.readouterr().out
    assert [line for line in said.splitlines() if "warning[" in line
            and not any(f"warning[{code}]" in line for code in FIXTURE_WARNINGS)] == [], said
    built = files_of(folder / "output" / "site")
    pages = [rel for rel in built if rel.endswith(".html")]
    assert pages and all(OWN_FOOTER.encode() in built[rel] for rel in pages
                         if b'class="site-footer"' in built[rel])
    assert sum(OWN_FOOTER.encode() in built[rel] for rel in pages) >= 30  # 6 languages
    assert built["static/custom.css"] == OWN_CSS.encode()
    assert b'<link rel="stylesheet" href="../static/custom.css">' in built["en/index.html"]
    # every other file is the built-in theme's, byte for byte (the not-found pages carry the
    # stylesheets inline: the site's custom.css with them)
    own = _without_footer(built, OWN_FOOTER)
    differ = sorted(rel for rel in builtin_site if own.get(rel) != builtin_site[rel])
    assert built.keys() == builtin_site.keys()
    assert [rel for rel in differ if not rel.endswith("404.html")] == ["static/custom.css"]


@pytest.mark.site
def test_an_override_changed_added_and_removed_is_rebuilt(
        tmp_path: Path, builtin_site: dict[str, bytes]) -> None:
    folder = _with_overrides(tmp_path)
    assert _build(folder).ok
    footer = folder / "templates" / FOOTER
    # changed: every page shows the new footer, nothing else is rendered
    footer.write_text('<p class="club">© The Card Club, since 1926</p>\n', encoding="utf-8")
    result = _build(folder)
    built = files_of(folder / "out")
    assert result.ok and result.written == sum(1 for rel in built if rel.endswith(".html"))
    assert b"since 1926" in built["en/index.html"] and b"Thursdays" not in built["en/index.html"]
    # removed: the built-in footer again, each page as the built-in theme makes it
    footer.unlink()
    assert _build(folder).ok
    built = files_of(folder / "out")
    assert {rel: built[rel] for rel in built if rel.endswith(".html") and "404" not in rel} \
        == {rel: data for rel, data in builtin_site.items()
            if rel.endswith(".html") and "404" not in rel}
    # added again, then the whole folder removed: the built-in theme's site, every byte
    footer.write_text(OWN_FOOTER, encoding="utf-8")
    assert _build(folder).ok and OWN_FOOTER.encode() in files_of(folder / "out")["en/index.html"]
    shutil.rmtree(folder / "templates")
    assert _build(folder).ok
    assert files_of(folder / "out") == builtin_site


@pytest.mark.site
def test_a_typod_override_is_a_warning_with_the_nearest_name(tmp_path: Path) -> None:
    folder = _with_overrides(tmp_path)
    (folder / "templates" / FOOTER).rename(folder / "templates" / "partials" / "fotter.html.j2")
    result = _build(folder)
    assert result.ok
    [warning] = [w for w in result.report.warnings if w.code not in FIXTURE_WARNINGS]
    assert warning.code == "unknown-override"
    assert warning.mark.path == str(folder / "templates" / "partials" / "fotter.html.j2")
    assert warning.message == ("'partials/fotter.html.j2' is no file of the built-in theme, so "
                               "it overrides nothing; the nearest is 'partials/footer.html.j2'")
    assert warning.hint == ("to override that file, name yours partials/footer.html.j2 (a new "
                            "file whose name is near no theme file's is used as it is)")
    assert OWN_FOOTER.encode() not in files_of(folder / "out")["en/index.html"]


@pytest.mark.pdf
def test_the_site_stylesheet_colours_the_pdfs_too(tmp_path: Path) -> None:
    import pdfplumber

    from generator.pipeline.export import export_pdfs

    folder = _with_overrides(tmp_path)
    (folder / "templates" / "static" / "custom.css").write_text(":root { --red: #0000ff; }\n",
                                                               encoding="utf-8")
    result, written = export_pdfs(BuildConfig(folder / "rules", folder / "templates",
                                              folder / "pdf", workers=1, quiet=True),
                                  game="jacks", lang="en")
    assert result.ok and written
    with pdfplumber.open(folder / "pdf" / "jacks.en.pdf") as pdf:
        colours = {tuple(c["non_stroking_color"] or ()) for page in pdf.pages for c in page.chars
                   if c["text"] in "♥♦"}
    assert colours == {(0.0, 0.0, 1.0)}  # the red suits, in the site's blue

"""What a PDF may read: the templates' stylesheets, fonts and images, one bundle named by its
content (pdf/assets.py), and the fetcher that serves it and nothing else (pdf/fetcher.py)."""

from __future__ import annotations

import os
import pickle
from pathlib import Path

import pytest

from conftest import TEMPLATES
from generator.pdf.assets import Assets, collect
from generator.pdf.fetcher import AssetFetcher, RefusedResource, asset_name


def templates(tmp_path: Path) -> Path:
    root = tmp_path / "templates"
    (root / "print").mkdir(parents=True)
    (root / "fonts").mkdir()
    (root / "print" / "print.css").write_text("@page { size: A5 }", encoding="utf-8")
    (root / "print" / "base.html.j2").write_text("<html>", encoding="utf-8")
    (root / "fonts" / "A.ttf").write_bytes(b"font")
    (root / "fonts" / "OFL.txt").write_text("licence", encoding="utf-8")
    return root


def test_the_bundle_holds_the_stylesheets_fonts_and_images_and_nothing_outside(
        tmp_path: Path) -> None:
    root = templates(tmp_path)
    (tmp_path / "secret.png").write_bytes(b"secret")
    (root / "print" / "out.png").symlink_to(tmp_path / "secret.png")  # leaves the folder
    (root / "print" / "in.css").symlink_to(root / "print" / "print.css")  # stays inside
    (root / "static").mkdir()
    (root / "static" / "site.css").write_text("body {}", encoding="utf-8")  # the web's
    (root / "static" / "logo.svg").write_text("<svg/>", encoding="utf-8")
    assets = collect(root)
    assert sorted(assets.files) == ["fonts/A.ttf", "print/in.css", "print/print.css",
                                    "static/logo.svg"]
    assert assets.files["fonts/A.ttf"] == b"font"


def test_the_bundle_is_named_by_its_content() -> None:
    one = Assets({"fonts/A.ttf": b"font", "print/print.css": b"x"})
    assert Assets({"print/print.css": b"x", "fonts/A.ttf": b"font"}).digest == one.digest
    assert Assets({"fonts/A.ttf": b"font", "print/print.css": b"y"}).digest != one.digest
    assert Assets({"fonts/B.ttf": b"font", "print/print.css": b"x"}).digest != one.digest
    assert pickle.loads(pickle.dumps(one)) == one  # as a cluster's worker receives it


def test_the_shipped_templates_bundle_holds_what_the_print_css_names() -> None:
    assets = collect(TEMPLATES)
    assert "print/print.css" in assets.files
    fonts = {name for name in assets.files if name.startswith("fonts/")}
    css = assets.files["print/print.css"].decode()
    assert fonts and all(name.removeprefix("fonts/") in css for name in fonts)
    assert not any(name.endswith(".j2") or name.startswith("locale/") for name in assets.files)


@pytest.mark.parametrize("url,name", [
    ("file:///t/templates/fonts/A.ttf", "fonts/A.ttf"),
    ("file://localhost/t/templates/print/../fonts/A%2Ettf", "fonts/A.ttf"),
    ("file:///t/templates/../templates-x/fonts/A.ttf", None),  # a folder beside it
    ("file:///t/templates/../../etc/passwd", None),
    ("file://host/t/templates/fonts/A.ttf", None),
    ("http://127.0.0.1/t/templates/fonts/A.ttf", None),
])
def test_a_url_names_a_file_of_the_bundle_only_inside_the_templates(url: str,
                                                                   name: str | None) -> None:
    assert asset_name(url, "/t/templates") == name


def test_the_fetcher_serves_the_bundle_and_refuses_the_disk(tmp_path: Path) -> None:
    root = templates(tmp_path)
    fetcher = AssetFetcher(collect(root), root.as_posix())
    (root / "print" / "late.css").write_text("made after the bundle", encoding="utf-8")
    served = fetcher.fetch((root / "print" / "print.css").as_uri())
    assert served.url == (root / "print" / "print.css").as_uri()
    for url in ((root / "print" / "late.css").as_uri(), (root / "fonts" / "OFL.txt").as_uri(),
                Path(os.devnull).as_uri()):
        with pytest.raises(RefusedResource):
            fetcher.fetch(url)
    assert len(fetcher.refused) == 3


@pytest.mark.slow  # builds a game's PDFs
def test_an_image_added_to_the_templates_renders_the_pdfs_again_and_the_web_css_does_not(
        tmp_path: Path) -> None:
    import re
    import shutil

    from conftest import RULES, cache_without_pdfs
    from generator.pipeline import BuildConfig, build

    rules = tmp_path / "rules"
    shutil.copytree(RULES / "black-peter", rules / "black-peter")
    shutil.copy(RULES / "site.yaml", rules / "site.yaml")
    for path in (rules / "black-peter").glob("*.yaml"):
        if path.name.split(".")[0] in ("it", "de", "ru", "ro", "ar"):
            path.unlink()
    game = rules / "black-peter" / "game.yaml"  # the related games are not here
    game.write_text(re.sub(r"^related:\n(  .*\n|    .*\n)*", "", game.read_text(encoding="utf-8"),
                           flags=re.M), encoding="utf-8")
    copy = shutil.copytree(TEMPLATES, tmp_path / "templates")
    # the suite's simulated numbers and cut fonts, no PDF; the renders in this process
    config = BuildConfig(rules, copy, tmp_path / "site", quiet=True, workers=1,
                         cache=cache_without_pdfs(tmp_path / "cache"))
    first = build(config)
    assert first.ok and first.pdfs.rendered == 4
    with open(copy / "static" / "site.css", "a", encoding="utf-8") as css:
        css.write("\n/* the web's look only */\n")
    again = build(config)
    assert again.ok and again.pdfs.rendered + again.pdfs.cached == 0  # every PDF kept
    (copy / "static" / "mark.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    again = build(config)
    assert again.ok and again.pdfs.rendered == 4  # card, sheet, booklet, aid: a new bundle


def test_a_pdf_cached_under_another_font_subsetter_is_not_reused(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """libharfbuzz-subset and fontTools cut a font into different bytes: a PDF cached (or a
    site built) before the library was installed must not be served after it (a CI run once
    failed on PDFs that differed by a few bytes from the cache's)."""
    from ctypes import util

    from generator.pdf import render

    assets = collect(TEMPLATES)

    def digests(found: str | None) -> tuple[str, str]:
        monkeypatch.setattr(util, "find_library", lambda name: found)
        render.renderer_environment.cache_clear()
        return render.renderer_environment(), render.inputs_digest(assets)

    try:
        with_library = digests("libharfbuzz-subset.so.0")
        without = digests(None)
    finally:
        render.renderer_environment.cache_clear()
    assert with_library[0].endswith("subset=libharfbuzz-subset.so.0")
    assert without[0].endswith("subset=fonttools")
    assert with_library[1] != without[1]  # every PDF's cache key

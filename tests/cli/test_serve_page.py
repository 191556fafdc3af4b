"""The phones' page of 'tabletop serve' (issue 25): real files shipped with the package, a palette whose every text
colour reads at 4.5:1 or more (WCAG AA) in both themes, the board at the width the page asks for, glyphs that keep
the grid."""

from __future__ import annotations

import html
import re
import tomllib
from fnmatch import fnmatch
from pathlib import Path

import pytest

from serve_saves import GAMES, make_save

pytestmark = pytest.mark.battery  # a whole-program battery: left out of the quick run (pyproject.toml)

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "cli" / "phones" / "web"
CSS = (WEB / "page.css").read_text(encoding="utf-8")


def luminance(hex_colour: str) -> float:
    """WCAG 2 relative luminance of an sRGB colour."""
    h = hex_colour.lstrip("#")
    channels = [int(h[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio, (L1 + 0.05) / (L2 + 0.05) with L1 the lighter."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def themes() -> dict[str, dict[str, str]]:
    """Each theme block of the stylesheet (light, the dark one of prefers-color-scheme, the dark one chosen): its
    custom properties."""
    blocks = {}
    for label, pattern in (("light", r':root, :root\[data-theme="light"\] \{(.*?)\}'),
                           ("dark (preferred)", r':root:not\(\[data-theme="light"\]\) \{(.*?)\}'),
                           ("dark (chosen)", r':root\[data-theme="dark"\] \{(.*?)\}')):
        body = re.search(pattern, CSS, re.S).group(1)
        blocks[label] = dict(re.findall(r"--([a-z_]+):\s*(#[0-9a-f]{6})", body))
    return blocks


def test_contrast_helper_matches_wcag_reference_values():
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)  # the well-known just-failing grey
    assert contrast("#595959", "#ffffff") == pytest.approx(7.0, abs=0.01)


@pytest.mark.parametrize("theme", ["light", "dark (preferred)", "dark (chosen)"])
def test_every_text_colour_reads_at_4_5_to_1_in_both_themes(theme):
    """WCAG 2.1 AA, 1.4.3: text at least 4.5:1. Every colour the board's classes use (Rich's sixteen, the default
    and the dim text), the links and the live mark, on the page and on a seat's panel; the reversed cells swap text
    and background, which keeps the ratio."""
    from cli.phones.webboard import COLOUR_NAMES

    palette = themes()[theme]
    texts = ["fg", "dim", "link", *COLOUR_NAMES]
    for background in ("bg", "panel"):
        for name in texts:
            ratio = contrast(palette[name], palette[background])
            assert ratio >= 4.5, f"{theme}: --{name} on --{background} is {ratio:.2f}:1"
    for background in ("notice", "bad"):
        assert contrast(palette["fg"], palette[background]) >= 4.5, (theme, background)


def test_the_two_dark_blocks_are_the_same_and_every_theme_defines_every_colour():
    blocks = themes()
    assert blocks["dark (preferred)"] == blocks["dark (chosen)"]
    assert set(blocks["light"]) == set(blocks["dark (chosen)"])
    from cli.phones.webboard import COLOUR_NAMES

    for name in COLOUR_NAMES:
        assert f".f-{name} {{ color: var(--{name}); }}" in CSS
        assert f".r.f-{name} {{ background: var(--{name}); }}" in CSS


def test_the_page_files_are_package_data():
    """A fresh 'pip install' ships every file of cli/phones/web/ (the package-data patterns of pyproject.toml)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["cli"]
    files = sorted(p.relative_to(ROOT / "cli").as_posix() for p in WEB.iterdir())
    assert {"phones/web/page.html", "phones/web/page.css", "phones/web/page.js"} <= set(files)
    for name in files:
        assert any(fnmatch(name, pattern) for pattern in patterns), name
    from cli.phones.webboard import asset

    assert asset("page.js") == (WEB / "page.js").read_bytes()


def test_style_classes_map_every_rich_colour_to_the_palette():
    from rich.style import Style

    from cli.phones.webboard import COLOUR_NAMES, style_classes

    for name in COLOUR_NAMES:
        assert style_classes(Style.parse(name)) == [f"f-{name}"]
    assert style_classes(Style.parse("bold #ff8800")) == ["b", "f-bright_red"]  # true colour: the nearest of the 16
    assert style_classes(Style.parse("color(33)"))[0].startswith("f-")
    assert style_classes(Style.parse("reverse magenta")) == ["r", "f-magenta"]
    assert style_classes(Style.parse("white on blue")) == ["r", "f-blue"]  # a background colour reads as reversed
    assert style_classes(Style.parse("dim")) == ["d"]


def board_lines(board: str) -> list[str]:
    return html.unescape(re.sub(r"<[^>]+>", "", board)).split("\n")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_board_is_drawn_at_the_width_asked_and_every_class_it_uses_is_styled(game_id):
    from cli.phones.webboard import WIDTHS, Board

    session = make_save(game_id, "page-save", steps=8)
    board = Board("page-save", session.save.folder, "en")
    defined = set(re.findall(r"\.([a-z_0-9-]+)", CSS))
    for width in WIDTHS:
        snap = board.snapshot("en", width)
        assert snap["width"] == width and snap["notice"] == ""
        lines = board_lines(snap["board"])
        assert max(len(line) for line in lines) <= width, width
        used = {c for classes in re.findall(r'class="([^"]+)"', snap["board"]) for c in classes.split()}
        assert used and used <= defined, used - defined
        # a glyph outside ASCII and the box-drawing and block ranges keeps one cell (a span of 1ch)
        for glyph in re.findall(r'<span class="g">(.*?)</span>', snap["board"]):
            assert len(html.unescape(glyph)) == 1
    assert board.snapshot("en", 75)["width"] == 60  # not a layout of the pictures: the phone's


def test_the_page_has_no_inline_script_or_style_and_reads_without_scripts(tmp_path):
    from cli.phones.webboard import Board, page

    session = make_save("chaos", "page-save", steps=4)
    text = page(Board("page-save", session.save.folder, "pt-BR"), "tok", "pt-BR", 80)
    assert '<html lang="pt-BR">' in text and 'data-width="80"' in text
    assert '<link rel="stylesheet" href="page.css">' in text and '<script src="page.js" defer></script>' in text
    assert "style=" not in text and "<style" not in text
    scripts = re.findall(r"<script([^>]*)>(.*?)</script>", text, re.S)
    assert all(attrs.strip() in ('src="page.js" defer', 'type="application/json" id="texts"') for attrs, _ in scripts)
    assert "{{" not in text and "Khorne" in text and "English" in text
    assert "Tema escuro" in text  # the page's own words in the table's language

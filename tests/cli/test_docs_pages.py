"""The README a newcomer reads in five minutes, and the pages of docs/ it leads to (issue 40 item 5): the README is
under 250 lines, links every page of docs/, every page says what it covers and links back to the README, and every
relative link of the README and the pages reaches a file (and the heading its anchor names)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
PAGES = sorted((ROOT / "docs").glob("*.md"))
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped (hyphens and underscores kept), spaces to
    hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def prose(path: Path) -> str:
    """The text of a page outside its fenced blocks (a link inside a code example is no link)."""
    out, fenced = [], False
    for line in path.read_text(encoding="utf-8").splitlines():
        if re.match(r"^\s*```", line):
            fenced = not fenced
        elif not fenced:
            out.append(line)
    return "\n".join(out)


def anchors(path: Path) -> set[str]:
    found: set[str] = set()
    for line in prose(path).splitlines():
        m = re.match(r"^#{1,6} (.+)$", line)
        if m:
            base = slug(m.group(1))
            name, n = base, 0
            while name in found:  # a repeated heading gets -1, -2…
                n += 1
                name = f"{base}-{n}"
            found.add(name)
    return found


def relative_links(path: Path) -> list[str]:
    return [t for t in LINK.findall(prose(path)) if not re.match(r"^[a-z][a-z+.-]*:", t)]


def test_the_readme_is_under_250_lines():
    assert len(README.read_text(encoding="utf-8").splitlines()) < 250


def test_the_readme_links_every_docs_page():
    assert len(PAGES) >= 10  # a page per game, the capabilities' pages and the reference
    linked = {(README.parent / t.split("#")[0]).resolve() for t in relative_links(README)}
    assert [p.name for p in PAGES if p.resolve() not in linked] == []


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_page_says_what_it_covers_and_links_back(page):
    lines = page.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("# ") and lines[1] == "", page.name
    opening = " ".join(lines[2:lines.index("", 2)])  # the first paragraph: what the page covers
    assert "](../README.md)" in opening, page.name


@pytest.mark.parametrize("page", [README, *PAGES], ids=lambda p: p.name)
def test_every_relative_link_resolves(page):
    broken = []
    for target in relative_links(page):
        file, _, anchor = target.partition("#")
        path = (page.parent / file).resolve() if file else page
        if not path.is_file():
            broken.append(target)
        elif anchor and path.suffix == ".md" and anchor not in anchors(path):
            broken.append(target)
    assert broken == [], f"{page.name}: {broken}"


def test_a_broken_link_is_found(tmp_path):
    """The check can fail: a missing file and a missing anchor are both caught."""
    (tmp_path / "a.md").write_text("# A\n\n## Saves, undo and resume\n", encoding="utf-8")
    page = tmp_path / "b.md"
    page.write_text("See [x](a.md#saves-undo-and-resume), [y](a.md#nowhere), [z](c.md), [w](https://example.org).\n",
                    encoding="utf-8")
    assert relative_links(page) == ["a.md#saves-undo-and-resume", "a.md#nowhere", "c.md"]
    assert anchors(tmp_path / "a.md") == {"a", "saves-undo-and-resume"}
    with pytest.raises(AssertionError):
        test_every_relative_link_resolves(page)

"""The keys of a numbered menu (cli/terminal/menu.py), without a terminal (tests/cli/test_terminal.py drives a real one).

Issue 11: numbers never move (an unavailable item stays, marked, and is refused with its reason); a number that
names no item is refused visibly and Enter then confirms nothing; long menus filter by typing."""

from __future__ import annotations

import pytest

from cli.words.i18n import Translator
from cli.terminal.menu import Item, MenuState


def items(n=5, blocked=()):
    return [Item(f"item {i}", f"v{i}", "too dear" if i in blocked else None) for i in range(1, n + 1)]


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_a_number_past_the_end_is_refused_and_enter_then_picks_nothing(lang):
    m = MenuState(items(5), Translator(lang))
    m.digit("7")
    assert m.error == Translator(lang)("core.prompt.no_item", key="7", max=5) and "7" in m.error
    assert m.enter() is None and m.enter() is None  # never item 1
    m.digit("3")
    assert m.error is None and m.enter() == "v3"


def test_zero_names_no_item():
    m = MenuState(items(5), Translator("en"))
    m.digit("0")
    assert m.blocked and m.enter() is None


def test_an_unavailable_item_keeps_its_number_and_is_refused_with_its_reason():
    m = MenuState(items(5, blocked=(2,)), Translator("en"))
    m.digit("2")
    assert m.pointer == 1  # item 2 is still item 2
    assert m.enter() is None and "too dear" in m.error and "item 2" in m.error
    m.digit("4")
    assert m.enter() == "v4"


def test_arrows_clear_a_refusal():
    m = MenuState(items(4, blocked=(1,)), Translator("en"), 1)
    assert m.pointer == 1
    m.digit("9")
    m.move(1)
    assert not m.blocked and m.error is None and m.enter() == "v3"


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_without_a_default_enter_alone_is_refused_with_a_hint_and_records_nothing(lang):
    """Issue 23 part 6: a menu with no neutral item (an Ask without a default: which card was drawn, which
    region) starts with nothing chosen; a tired Enter is refused with a one-line hint instead of taking item 1."""
    t = Translator(lang)
    m = MenuState(items(5), t)
    assert m.pointer is None
    assert m.enter() is None and m.enter() is None
    assert m.error == t("core.prompt.choose_first") and "\n" not in m.error
    m.move(1)  # Down from nothing: the first item; Up from nothing: the last
    assert m.enter() == "v1"
    m = MenuState(items(5), t)
    m.move(-1)
    assert m.enter() == "v5"
    m = MenuState(items(5), t)
    m.digit("3")
    assert m.enter() == "v3"


def test_a_long_menu_without_a_default_chooses_only_what_was_typed():
    """Typed text chooses the first item it keeps; Backspace back to no text chooses nothing again."""
    m = MenuState(items(12), Translator("en"))
    assert m.enter() is None and m.error == Translator("en")("core.prompt.choose_first")
    m.type("1"), m.type("1")
    assert m.enter() == "v11"
    m.type(None), m.type(None)
    assert m.pointer is None and m.enter() is None
    d = MenuState(items(12), Translator("en"), 4)  # with a default, cleared text goes back to it
    d.type("7"), d.type(None)
    assert d.enter() == "v5"


def test_a_long_menu_takes_a_number_of_two_digits_or_text_and_refuses_what_names_nothing():
    long = items(12) + [Item("Água Doce", "agua", None)]
    m = MenuState(long, Translator("pt-BR"))
    for ch in "12":
        m.type(ch)
    assert m.visible() == [11] and m.enter() == "v12"
    m.type(None), m.type(None)
    for ch in "99":
        m.type(ch)
    assert m.blocked and m.enter() is None and "99" in m.error
    m.type(None), m.type(None)
    for ch in "agua":  # accents do not matter
        m.type(ch)
    assert m.enter() == "agua"
    for ch in "xyz":
        m.type(ch)
    assert m.visible() == [] and m.enter() is None and "aguaxyz" in m.error


def test_the_pointer_starts_on_the_questions_default_when_it_can_be_picked():
    """Ask.default (automata/core/steps.py): Enter means the answer when nothing happened (the neutral item);
    an unavailable default or none at all leaves nothing chosen (issue 23 part 6: Enter alone is refused)."""
    from cli.terminal.menu import Item, MenuState

    items = [Item("a", "a", "not now"), Item("b", "b"), Item("c", "c")]
    assert MenuState(items, None, 2).pointer == 2
    assert MenuState(items, None, 2).enter() == "c"
    assert MenuState(items, None, 0).pointer is None
    assert MenuState(items, None, None).pointer is None


def test_a_long_menu_shows_a_window_around_the_pointer_that_fits_the_rows():
    """A 90-item menu never scrolls its question off the screen: the items shown fit the rows (wrapped labels
    count their rows), the pointer is among them, and the hidden ones are counted above and below."""
    from cli.terminal.menu import window

    shown = list(range(90))
    for pointer in (0, 1, 44, 88, 89):
        for room in (10, 20, 37):
            height = lambda i: 2 if i % 3 == 0 else 1  # noqa: E731 - some labels wrap
            part, above, below = window(shown, pointer, room, height)
            assert pointer in part
            assert sum(height(i) for i in part) <= room
            assert part == shown[above:90 - below]
    assert window(list(range(5)), 3, 10) == ([0, 1, 2, 3, 4], 0, 0)

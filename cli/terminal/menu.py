"""A numbered menu whose numbers never move under the finger (built on prompt_toolkit, which questionary uses).

- Every item keeps its number: an item the table cannot pick now stays in its place, greyed and marked with the
  reason; Enter on it says the reason and the menu stays open.
- A number key moves the pointer to its item; Enter confirms (the one keystroke convention of every prompt).
  A number that names no item is refused visibly, and Enter then confirms nothing until a number or an arrow
  names an item again (so "7, Enter" in a five-item menu never picks item 1).
- ``?`` asks for the rule behind the question (the caller shows it and asks again); it takes no number.
- A menu with no neutral item (a question without a default: which card was drawn, which region) starts with no
  item chosen: Enter alone is refused with a one-line hint, so a tired Enter never records what the table did not do
  (issue 23). A menu with a default starts on it, and Enter alone picks it.
- ``!`` opens a correction (the caller asks for it, applies it and asks again); it takes no number either.
- Menus of ten items or more are filtered by typing: a number names its item ("12"), other text keeps the items
  whose label contains it; text that matches nothing is refused visibly (Enter never falls back to item 1).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Item:
    label: str
    value: str
    reason: str | None = None  # why it cannot be picked now (None: it can)


def fold(text: str) -> str:
    """Case and accents do not matter when filtering."""
    import unicodedata

    text = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in text if not unicodedata.combining(ch))


class MenuState:
    """The keys' effect, apart from the screen (so that it can be tested without a terminal).

    Up to nine items a number key moves the pointer at once. Longer menus take typed text: a number names the item
    with that number, other text keeps the items whose label contains it; the numbers stay the items' own."""

    def __init__(self, items: list[Item], t, start: int | None = None):
        self.items = items
        self.t = t
        self.long = len(items) > 9
        self.typed = ""
        # the pointer starts on the question's default (what Enter means when nothing happened); without one,
        # nothing is chosen until a number, an arrow or typed text names an item (Enter alone is refused)
        ok = start is not None and 0 <= start < len(items) and items[start].reason is None
        self.start: int | None = start if ok else None
        self.pointer: int | None = self.start
        self.error: str | None = None
        self.blocked = False  # a number named no item (or the text matches none): Enter confirms nothing

    def _first(self, indices) -> int:
        indices = list(indices)
        return next((i for i in indices if self.items[i].reason is None), indices[0] if indices else 0)

    def visible(self) -> list[int]:
        if not self.typed:
            return list(range(len(self.items)))
        if self.typed.isdigit():
            n = int(self.typed)
            return [n - 1] if 1 <= n <= len(self.items) else []
        key = fold(self.typed)
        return [i for i, it in enumerate(self.items) if key in fold(it.label) or key in fold(it.value)]

    def move(self, step: int) -> None:
        shown = self.visible()
        if not shown:
            return
        at = shown.index(self.pointer) if self.pointer in shown else (-1 if step > 0 else 0)
        self.pointer = shown[(at + step) % len(shown)]
        self.error, self.blocked = None, False

    def digit(self, key: str) -> None:
        if self.long:
            self.type(key)
            return
        n = len(self.items)
        if not 1 <= int(key) <= n:
            self.error, self.blocked = self.t("core.prompt.no_item", key=key, max=n), True
            return
        self.pointer = int(key) - 1
        self.error, self.blocked = None, False

    def type(self, char: str) -> None:
        """Long menus: a character typed (``None``: Backspace)."""
        self.typed = self.typed[:-1] if char is None else self.typed + char
        self._refilter()

    def _refilter(self) -> None:
        shown = self.visible()
        self.error, self.blocked = None, False
        if not self.typed:
            self.pointer = self.start  # the text cleared: back to what Enter meant before anything was typed
        elif shown:
            self.pointer = self._first(shown)
        elif self.typed.isdigit():
            self.error, self.blocked = self.t("core.prompt.no_item", key=self.typed, max=len(self.items)), True
        else:
            self.error, self.blocked = self.t("core.prompt.no_match", text=self.typed), True

    def enter(self) -> str | None:
        """The value to return, or None when the menu stays open (with the reason shown)."""
        if self.blocked:
            return None
        if self.pointer is None:
            self.error = self.t("core.prompt.choose_first")
            return None
        item = self.items[self.pointer]
        if item.reason is not None:
            self.error = self.t("core.prompt.refused", label=item.label, reason=item.reason)
            return None
        return item.value


def window(shown: list[int], pointer: int, room: int, height=lambda i: 1) -> tuple[list[int], int, int]:
    """The items a terminal with ``room`` rows for items shows: a run of ``shown`` around the pointer that fits
    (``height`` gives an item's rows, a wrapped label takes more than one), with how many are hidden above and
    below it (said on rows of their own), so that a long menu never scrolls the question off the screen."""
    if sum(height(i) for i in shown) <= room:
        return shown, 0, 0
    room = max(3, room - 3)  # the "more" rows
    at = shown.index(pointer) if pointer in shown else 0
    first = last = at
    used = height(shown[at])
    while True:  # grow around the pointer, one item below then one above, while it fits
        grown = False
        if last + 1 < len(shown) and used + height(shown[last + 1]) <= room:
            last += 1
            used += height(shown[last])
            grown = True
        if first > 0 and used + height(shown[first - 1]) <= room:
            first -= 1
            used += height(shown[first])
            grown = True
        if not grown:
            break
    return shown[first:last + 1], first, len(shown) - last - 1


def numbered_menu(message: str, items: list[Item], t, instruction: str, start: int | None = None, fix: bool = False):
    """A ``questionary.Question`` whose ``unsafe_ask()`` returns the value of the picked item."""
    from prompt_toolkit.application import Application
    from prompt_toolkit.formatted_text import to_formatted_text
    from prompt_toolkit.key_binding import KeyBindings
    from prompt_toolkit.keys import Keys
    from prompt_toolkit.layout import FormattedTextControl, HSplit, Layout, Window
    from questionary import Question
    from questionary.styles import merge_styles_default

    menu = MenuState(items, t, start)
    done: dict[str, str] = {}
    width = len(str(len(items)))

    def tokens():
        from .promptwrap import lines, question

        if done:
            text, tail = question(message, done["label"])
            return to_formatted_text([("class:qmark", "?"), ("class:question", f" {text}"),
                                      ("class:answer", tail)])
        text, tail = question(message, instruction)
        out = [("class:qmark", "?"), ("class:question", f" {text}"), ("class:instruction", tail)]
        if menu.long:
            out.append(("class:answer", f" {menu.typed}"))
        import shutil

        # the question, the instruction and the "more" lines take about six rows; items get the rest
        size = shutil.get_terminal_size((80, 24))
        room = size.lines - 2 - (text + tail).count("\n") - (2 if menu.error else 0)

        def height(i: int) -> int:
            item = items[i]
            label = item.label if item.reason is None else f"{item.label}  — {t('core.prompt.unavailable', reason=item.reason)}"
            return len(lines(label, 3 + width + 2))

        shown, above, below = window(menu.visible(), menu.pointer, room, height)
        if above:
            out.append(("", "\n"))
            out.append(("class:instruction", "   " + "\n".join(lines(t("core.prompt.more_above", count=above), 3))))
        for i in shown:
            item = items[i]
            here = i == menu.pointer
            out.append(("", "\n"))
            out.append(("class:pointer" if here else "", " » " if here else "   "))
            number = f"{i + 1:>{width}}) "
            lead = 3 + len(number)
            if item.reason is not None:
                label = f"{item.label}  — {t('core.prompt.unavailable', reason=item.reason)}"
                out.append(("class:disabled", number + "\n".join(lines(label, lead))))
            else:
                out.append(("class:highlighted" if here else "", number + "\n".join(lines(item.label, lead))))
        if below:
            out.append(("", "\n"))
            out.append(("class:instruction", "   " + "\n".join(lines(t("core.prompt.more_below", count=below), 3))))
        if menu.error:
            out.append(("", "\n"))
            out.append(("fg:ansired bold", " ! " + "\n".join(lines(menu.error, 3))))
        return to_formatted_text(out)

    keys = KeyBindings()

    @keys.add(Keys.ControlC, eager=True)
    @keys.add(Keys.ControlQ, eager=True)
    def _interrupt(event):
        event.app.exit(exception=KeyboardInterrupt, style="class:aborting")

    @keys.add(Keys.Down, eager=True)
    @keys.add(Keys.ControlN, eager=True)
    def _down(event):
        menu.move(1)

    @keys.add(Keys.Up, eager=True)
    @keys.add(Keys.ControlP, eager=True)
    def _up(event):
        menu.move(-1)

    for d in "0123456789":
        keys.add(d, eager=True)(lambda event, d=d: menu.digit(d))

    @keys.add("?", eager=True)
    def _rule(event):
        """The rule behind the question ('tabletop rules'); no item is numbered for it, so numbers never move."""
        event.app.exit(result="?")

    if fix:
        @keys.add("!", eager=True)
        def _fix(event):
            """A correction ('tabletop fix', issue 23): the caller asks for it, applies it and asks again."""
            event.app.exit(result="!")

    @keys.add(Keys.ControlM, eager=True)
    @keys.add(Keys.ControlJ, eager=True)  # Enter typed ahead, before the terminal is raw, arrives as a newline
    def _enter(event):
        value = menu.enter()
        if value is not None:
            done["label"] = items[menu.pointer].label
            event.app.exit(result=value)

    @keys.add(Keys.Backspace, eager=True)
    def _backspace(event):
        if menu.long:
            menu.type(None)

    @keys.add(Keys.Any)
    def _other(event):
        """Long menus: printable text filters; other keys do nothing."""
        char = event.key_sequence[0].key
        if menu.long and isinstance(char, str) and len(char) == 1 and char.isprintable():
            menu.type(char)

    app = Application(
        layout=Layout(HSplit([Window(FormattedTextControl(tokens, show_cursor=False), wrap_lines=True)])),
        key_bindings=keys,
        style=merge_styles_default([None]),
    )
    return Question(app)

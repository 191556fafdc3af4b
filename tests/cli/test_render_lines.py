"""A line of play at a terminal wraps under its own lead (cli/terminal/render.py print_hanging). The dice line's lead is
the die 🎲, two columns wide: measured as one character it was cropped to "…" on every roll at a terminal."""

import io

import pytest
from rich.console import Console

from cli.terminal.render import print_hanging


@pytest.mark.parametrize("lead", ["🎲 ", "→ ", "  · ", "★ "])
def test_the_lead_is_shown_whole_and_the_wrapped_part_lines_up_after_it(lead):
    console = Console(file=io.StringIO(), width=60, soft_wrap=False, force_terminal=True, color_system=None)
    words = "Vire um disco de água para decidir o jogador inicial: 1 = lado da água para cima (Ana começa)"
    print_hanging(console, lead + words)
    shown = [line.rstrip() for line in console.file.getvalue().splitlines()]
    assert shown[0].startswith(lead.rstrip()) and "…" not in "".join(shown)
    assert len(shown) > 1 and " ".join(line.strip() for line in shown) == (lead + words).strip()


def test_a_numbered_item_wraps_under_its_text_and_stays_one_line_when_piped():
    """The rules index (tabletop rules GAME) wrapped "(hypersync.recover)" to column 0 at 60 columns."""
    from cli.terminal.render import print_item

    text = "Recuperar uma peça de Hipersincronia [dim](hypersync.recover)[/dim]  [yellow]PROVISÓRIO[/yellow]"
    console = Console(file=io.StringIO(), width=60, soft_wrap=False, force_terminal=True, color_system=None)
    print_item(console, " 14. ", text)
    shown = [line.rstrip() for line in console.file.getvalue().splitlines()]
    assert len(shown) == 2 and shown[0].startswith(" 14. Recuperar") and shown[1] == "     (hypersync.recover)  PROVISÓRIO"
    piped = Console(file=io.StringIO(), width=60, soft_wrap=True, color_system=None)
    print_item(piped, " 14. ", text)
    assert piped.file.getvalue() == " 14. Recuperar uma peça de Hipersincronia (hypersync.recover)  PROVISÓRIO\n"


def test_a_numbered_line_of_play_hangs_after_its_number():
    """A bot's Action Priority List (Time of Crisis) wrapped "custo 2" to column 0 at 60 columns."""
    console = Console(file=io.StringIO(), width=60, soft_wrap=False, force_terminal=True, color_system=None)
    print_hanging(console, "10. Recruit General (recrutar general): Military (vermelho), custo 2")
    shown = [line.rstrip() for line in console.file.getvalue().splitlines()]
    assert len(shown) == 2 and shown[1].startswith("    ") and shown[1].strip() == "custo 2", shown

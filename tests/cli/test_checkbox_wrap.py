"""A checkbox item and its reason wrap at word boundaries at a terminal (cli/terminal/prompter.py checkbox_choice):
questionary prints an item on one line, and at 60 columns the terminal cut a greyed Anachrony module's reason
in the middle of a word ("(agora não: sem regras solo: os op")."""

from cli.terminal.prompter import CHECKBOX_LEAD, checkbox_choice

REASON = "agora não: sem regras solo: os oponentes solo jogam com os outros três módulos (regras §3.1)"


def shown(choice) -> list[str]:
    title = choice.title if isinstance(choice.title, str) else "".join(text for _style, text in choice.title)
    return title.split("\n")


def test_a_greyed_item_keeps_every_word_of_its_reason_within_the_width():
    for cols in (40, 60, 120):
        choice = checkbox_choice("Intrigas no Conselho", "intrigues", REASON, False, cols=cols)
        out = shown(choice)
        assert choice.disabled and all(CHECKBOX_LEAD + len(line.lstrip()) <= cols for line in out), (cols, out)
        assert " ".join(line.strip() for line in out) == f"Intrigas no Conselho ({REASON})"
        assert all(line.startswith(" " * CHECKBOX_LEAD) for line in out[1:])


def test_a_free_item_stays_plain_text_and_keeps_its_mark():
    choice = checkbox_choice("Loops Quânticos", "loops", None, True, cols=60)
    assert choice.title == "Loops Quânticos" and choice.checked and not choice.disabled
    long = checkbox_choice("palavra " * 20, "x", None, False, cols=40)
    assert all(CHECKBOX_LEAD + len(line.lstrip()) <= 40 for line in shown(long))


def test_the_answer_line_wraps_under_the_question():
    from io import StringIO

    from rich.console import Console

    from cli.terminal.prompter import checkbox_echo

    console = Console(file=StringIO(), width=60, color_system=None)
    console.print(checkbox_echo("Quais módulos de Futuro Imperfeito? (nenhum: o jogo básico)", "nenhum", cols=59))
    out = console.file.getvalue().rstrip("\n").split("\n")
    assert len(out) == 2 and out[1].startswith("  ") and out[1].strip() == "básico) nenhum", out

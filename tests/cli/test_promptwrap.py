"""Questions wrap at word boundaries at a terminal (cli/terminal/promptwrap.py): at 60 columns a long question, its
instruction and its menu items never make the terminal cut a word ("Pax D / eorum")."""

from cli.terminal.promptwrap import lines, question

LONG = ("O que a Crisis Table deu para amarelo (Gordian III)? Escolha o resultado que a rolagem mostrou na mesa "
        "agora mesmo")


def words(text: str) -> list[str]:
    return text.split()


def test_question_lines_fit_and_keep_every_word():
    for cols in (40, 60, 80, 120):
        text, tail = question(LONG, "(teclas numéricas ou setas, Enter; ? para a regra)", cols=cols)
        shown = ("? " + text + tail).split("\n")
        assert all(len(line) <= cols for line in shown), (cols, shown)
        assert words(" ".join(shown))[1:] == words(LONG) + words("(teclas numéricas ou setas, Enter; ? para a regra)")
        assert all(line.startswith("  ") for line in shown[1:])  # hanging indent under the "? "


def test_tail_on_the_last_line_when_it_fits_else_under_it():
    text, tail = question("Feito?", "(S/n)", cols=60)
    assert (text, tail) == ("Feito?", " (S/n)")
    text, tail = question("x " * 28, "Another event card was drawn", cols=60)
    assert tail.startswith("\n  ") and "Another event card was drawn" in tail


def test_item_lines_keep_their_hanging_indent():
    out = lines("há Mobs numa província governada por amarelo (Gordian III) e mais texto ainda", 6, cols=40)
    assert len(out) > 1 and all(line.startswith(" " * 6) for line in out[1:])
    assert all(len(line) + (6 if i == 0 else 0) <= 40 for i, line in enumerate(out))

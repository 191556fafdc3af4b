"""'tabletop serve --help' says what the pages do now (issue 38): the board follows the game live and each seat
answers its own questions from its own page; no page is called read-only any more, in either language."""

from __future__ import annotations

import pytest

from cli_checks import tt

pytestmark = pytest.mark.battery  # a whole-program battery: left out of the quick run (pyproject.toml)


@pytest.mark.parametrize("lang, answers, not_said", [
    ("en", "each player answers their own questions", "read-only"),
    ("pt-BR", "cada jogador responde às próprias perguntas", "só para leitura"),
])
def test_serve_help_says_the_seats_answer_from_their_pages(lang, answers, not_said):
    result = tt("--lang", lang, "serve", "--help", env={"COLUMNS": "200"})
    assert result.exit_code == 0
    text = " ".join(result.output.split())
    assert answers in text and not_said not in text

"""Issue 38 item 5.4: a piped ``tabletop status`` (no terminal: a file, ``| less``, a phone's screen) wraps its legend
and notes at the width its boxes are drawn at, at word boundaries, instead of leaving lines of 100-130 columns
beside boxes of 80 (cli/terminal/pager.py ``paged(picture=True)``, cli/terminal/render.py ``wrapped_like_boxes``); the game's own
``status`` command too. Other piped text is still never wrapped."""

from __future__ import annotations

import pytest

from cli_checks import new_game, tt

BOXES = 80  # piped, with no COLUMNS: the width rich draws the boxes at


@pytest.mark.parametrize("game", ["toc", "anachrony"])
@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_a_piped_status_fits_the_width_of_its_boxes(_tabletop_home, game, lang):
    new_game(game, lang=lang)
    for command in (["status"], [game, "status"]):
        result = tt("--lang", lang, *command)
        assert result.exit_code == 0, result.output
        lines = result.output.splitlines()
        if game == "anachrony":
            assert max(len(line) for line in lines if line.startswith("╰")) == BOXES
        too_wide = [line for line in lines if len(line.rstrip()) > BOXES]
        assert not too_wide, f"{command}: wider than the boxes ({BOXES}):\n" + "\n".join(too_wide)
        words = " ".join(result.output.split())
        assert ("program" in words or "programa" in words) and "…" not in result.output  # wrapped, nothing cut


def test_other_piped_text_is_not_wrapped(_tabletop_home):
    new_game("anachrony")
    long = [line for line in tt("rules", "anachrony", "impact").output.splitlines() if len(line) > BOXES]
    assert long  # a rule's text piped stays one line per paragraph (issue 14)

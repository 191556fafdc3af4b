"""Helpers shared by the command-line tests (imported by name: tests/conftest.py puts tests/cli/ on sys.path).

- ``tt``: the program run in-process, a crash raised rather than hidden in an exit code; ``new_game`` starts a
  save that must be made; ``answer_args`` turns answers into ``--answer ID=VALUE`` arguments; ``raw_id`` and
  ``PLACEHOLDER`` find a message id or a placeholder left in the table's text.
- The status pictures (issue 14): ``draw`` renders a game's ``show_status`` / ``show_summary`` with a recording
  console at a width; ``fitted`` renders at 60, 80 and 120 columns and checks that no line is wider than the
  console and nothing was truncated ("…"); ``catalog_words`` is every word the messages may show;
  ``stored_snapshot`` compares a picture with its stored file exactly.
"""

from __future__ import annotations

import io
import os
import re
import tomllib
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Callable, Iterator

WIDTHS = (60, 80, 120)
LANGS = ("en", "pt-BR")


def tt(*args: str, **kw):
    """``tabletop ARGS`` in-process; an exception other than the exit is raised (a crash is not an exit code)."""
    from typer.testing import CliRunner

    from cli.main import app

    result = CliRunner().invoke(app, list(args), **kw)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result


def new_game(game_id: str, *args: str, lang: str = "en", seed: str = "4"):
    """``tabletop --lang LANG new GAME --seed SEED ARGS``, which must make the save."""
    result = tt("--lang", lang, "new", game_id, "--seed", seed, *args)
    assert result.exit_code == 0, result.output
    return result


def answer_args(answers: dict[str, str]) -> list[str]:
    """``--answer ID=VALUE`` for each answer, in order."""
    return [arg for id, value in answers.items() for arg in ("--answer", f"{id}={value}")]


def raw_id(game_id: str) -> re.Pattern:
    """A message id of ``game_id`` shown as it is (``anachrony.setup.board``) instead of its text."""
    return re.compile(rf"\b{re.escape(game_id)}\.[a-z_0-9]+\.[a-z_0-9.]+")


PLACEHOLDER = re.compile(r"\{[^{}]*\}")  # a message's {parameter} left unfilled


# -- the status pictures ------------------------------------------------------------------------------------------


def recording_console(width: int):
    """A plain-text console ``width`` columns wide whose output ``export_text()`` returns."""
    from rich.console import Console

    return Console(width=width, record=True, file=io.StringIO(), force_terminal=False, color_system=None,
                   highlight=False)


def draw(show: Callable, state: dict, width: int, lang: str = "en", *, name: str = "friday", as_json: bool = False,
         t: Any = None, **save: Any):
    """What ``show(env, session)`` (a game's show_status or show_summary) prints for a save holding ``state``, at
    ``width`` columns in ``lang`` (``t``: another translator); with ``as_json``, the JSON it emits."""
    from cli.words.i18n import Translator

    console = recording_console(width)
    emitted: list = []
    env = SimpleNamespace(t=t or Translator(lang), lang=lang, json=as_json, out=console, emit_json=emitted.append)
    show(env, SimpleNamespace(save=SimpleNamespace(state=state, name=name, **save)))
    return emitted[0] if as_json else console.export_text()


def assert_fits(text: str, width: int) -> None:
    """No line wider than ``width`` and nothing truncated ("…"): a layout wraps at words, it never cuts."""
    too_long = [line for line in text.splitlines() if len(line) > width]
    assert not too_long, f"{width} columns: lines too long:\n" + "\n".join(too_long)
    assert "…" not in text, f"{width} columns: something was truncated:\n{text}"


def fitted(render_at: Callable[[int], str], widths=WIDTHS) -> Iterator[tuple[int, str]]:
    """``(width, render_at(width))`` for each width, each text checked by ``assert_fits`` first."""
    for width in widths:
        text = render_at(width)
        assert_fits(text, width)
        yield width, text


def catalog_words(lang: str, word: re.Pattern) -> set[str]:
    """Every ``word`` of the messages in ``lang``'s catalogs and the English ones (the fallback), placeholders left
    out."""
    from cli.words.i18n import LOCALES
    from leaks import flat_texts

    words: set[str] = set()
    for folder in {LOCALES / lang, LOCALES / "en"}:
        for path in folder.glob("*.toml"):
            for text in flat_texts(tomllib.loads(path.read_text(encoding="utf-8"))):
                words.update(word.findall(re.sub(r"\{[^{}]*\}", " ", text)))
    return words


def stored_snapshot(path: Path, text: str) -> None:
    """``text`` equals the stored snapshot ``path``; UPDATE_SNAPSHOTS=1 (or UPDATE_GOLDEN=1) writes it first (read
    the diff). A snapshot not stored yet fails until it is written on purpose."""
    if os.environ.get("UPDATE_SNAPSHOTS") or os.environ.get("UPDATE_GOLDEN"):
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no stored snapshot {path.name}: UPDATE_SNAPSHOTS=1 writes it; read it before committing"
    assert text == path.read_text(encoding="utf-8"), f"{path.name} changed: UPDATE_SNAPSHOTS=1 and read the diff"

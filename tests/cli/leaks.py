"""The pt-BR leak check of whole games, for every game: play a whole game with a game's scripted table
(tests/automata/<game>_policy.py), collect every message it shows, and find what would leak to the table.

- ``play_recorded(game, options, policy, seed)``: a whole game, with every question the table was asked;
- ``played_messages(game, history, asks)``: step labels, sayings (transcript messages and their labels), the
  questions asked, their choices and hints;
- ``leaks(game, history, asks)``: the problems, sorted: a message id (or one among its parameters) missing in a
  language (the English fallback in pt-BR), and, rendered in each language, a raw message id or an unfilled
  ``{placeholder}`` in a message or in a transcript line as the table sees it (step label, ``event_text``).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from automata.core.steps import Msg
from cli.words.i18n import LOCALES, Translator
from cli.terminal.render import event_text

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "automata"))
from policy_runner import play_policy  # noqa: E402

LANGS = ("pt-BR", "en")
# core, chaos, toc, …; not "rules": a game-data key such as rules.hypersync.supercharge is shown on purpose in a
# PROVISIONAL line (the key the owner writes in overrides), and the look-up's own messages have their own tests
DOMAINS = sorted({p.stem.split("_")[0] for p in (LOCALES / "en").glob("*.toml")} - {"rules"})
RAW_ID = re.compile(r"\b(?:%s)\.[a-z_0-9]+\.[a-z_0-9.]+" % "|".join(DOMAINS))
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def play_recorded(game, options: dict, policy, seed: int, max_steps: int = 5000):
    """(final state, history, questions asked) of a whole game of ``game`` with ``options`` (as typed on
    ``tabletop new``), answered by the scripted ``policy``."""
    asks: list = []
    answer = policy.answer

    def recorded(ask):
        asks.append(ask)
        return answer(ask)

    policy.answer = recorded
    state = game.new_state(game.check_options(options), seed)
    state, history = play_policy(game, state, policy, seed, max_steps=max_steps)
    return state, history, asks


def message_ids(message: Msg | dict) -> list[str]:
    """The id of a message and, recursively, of the messages among its parameters."""
    if isinstance(message, dict):
        message = Msg.from_data(message)
    out = [message.id]
    for value in message.params.values():
        for item in value if isinstance(value, (list, tuple)) else [value]:
            if isinstance(item, str) and item.startswith("@"):
                out.extend(message_ids(Msg(item[1:])))
            elif isinstance(item, dict) and "id" in item:
                out.extend(message_ids(item))
    return out


def played_messages(game, history, asks) -> list[Msg]:
    """Every message of a played game, once each: step labels, sayings and their labels, questions, choices, hints."""
    messages: list[Msg] = []
    for step, result in history:
        messages.append(game.step_label(step))
        for event in result.transcript:
            if event.msg is not None:
                messages.append(event.msg)
            messages.extend(event.labels)
    for ask in asks:
        messages.append(ask.msg)
        messages.extend(c.label for c in ask.choices)
        if ask.hint is not None:
            messages.append(ask.hint)
    return list({repr(m.to_data()): m for m in messages}.values())  # Msg holds a dict: not hashable


def text_problems(text: str) -> list[str]:
    """A raw message id or an unfilled placeholder in a text as the table reads it."""
    out = []
    if RAW_ID.search(text):
        out.append(f"raw id {RAW_ID.search(text).group(0)!r} in {text!r}")
    if PLACEHOLDER.search(text):
        out.append(f"unfilled {PLACEHOLDER.search(text).group(0)} in {text!r}")
    return out


def leaks(game, history, asks) -> list[str]:
    """What a played game would leak, in both languages (sorted; empty when nothing does)."""
    translators = {lang: Translator(lang) for lang in LANGS}
    problems: set[str] = set()
    for message in played_messages(game, history, asks):
        for lang, t in translators.items():
            problems.update(f"{id} is missing in {lang}" for id in message_ids(message) if not t.has(id, lang))
            problems.update(f"{lang}: {p}" for p in text_problems(t.render(message)))
    for lang, t in translators.items():
        for step, result in history:
            for line in [t.render(game.step_label(step))] + [event_text(t, event) for event in result.transcript]:
                problems.update(f"{lang}: {p}" for p in text_problems(line))
    return sorted(problems)


def flat_texts(catalog: dict) -> list[str]:
    """Every text of a catalog, the forms of plural messages included (a message may be a table of forms)."""
    out: list[str] = []
    for key, value in catalog.items():
        if isinstance(value, dict):
            out.extend(flat_texts({k: v for k, v in value.items() if k != "count"}))
        elif isinstance(value, str):
            out.append(value)
    return out

"""``tabletop rules [GAME] [WORDS…]``: the topics of a game in the order of play, one topic or card found by
words in English or Portuguese, or the topic of the step in progress of the current game."""

from __future__ import annotations

from typing import Any

from ..commands.env import CliError, Exit
from . import (FLAGGED, Component, Topic, body, close_words, components, find, for_step, fold, load_data,
               record_lines, title, topic_confidence, topics)


def run(env, game: str | None, words: list[str]) -> None:
    from automata.core.games import GAMES, UnknownGame, find_game

    t = env.t
    step = None
    if game is None:
        game, step = _current(env, required=True)
    else:
        try:
            game = find_game(game).id
        except UnknownGame as e:
            current_game, _ = _current(env, required=False)
            if current_game is None:  # not a game and no current game to search in
                raise CliError(t("core.error.unknown_game", name=game, valid=", ".join(g.id for g in GAMES),
                                 close=", ".join(e.close)), Exit.USAGE, {"error": "unknown_game"}) from None
            words = [game, *words]
            game = current_game
    data = _data(env, game)
    if step is not None:
        topic = for_step(game, step)
        if topic is None:
            raise CliError(t("rules.error.no_step_topic", game=game), Exit.USAGE, {"error": "no_topic"})
        show_topic(env, topic, data)
        return
    if not words:
        show_list(env, game, data)
        return
    topic = _by_id_or_number(game, words)
    if topic is not None:
        show_topic(env, topic, data)
        return
    comps = components(game, data)
    found, cards = find(t, game, words, comps)
    typed = " ".join(fold(" ".join(words)).split())
    exact_card = [c for c in cards if " ".join(fold(c.name).split()) == typed or c.id == typed.replace(" ", "_")]
    if exact_card or (cards and not found):
        first = (exact_card or cards)[0]
        show_component(env, first, others=[x for x in found[:5]], more_cards=[c for c in cards if c is not first][:5])
        return
    if found:
        show_topic(env, found[0], data, others=found[1:6], cards=cards[:5])
        return
    close = close_words(t, game, words, comps)
    raise CliError(t("rules.error.not_found", words=" ".join(words), game=game, name=find_game(game).name,
                     close=", ".join(close)),
                   Exit.USAGE, {"error": "not_found", "close": close})


def _current(env, required: bool):
    """(game id, step in progress) of the current game, or (None, None)."""
    from ..commands import saves

    try:
        session = saves.open_session(env)
    except CliError:
        if required:
            from automata.core.games import GAMES

            raise CliError(env.t("rules.error.no_game", valid=", ".join(g.id for g in GAMES)), Exit.USAGE,
                           {"error": "no_game"}) from None
        return None, None
    except saves.SaveError as e:
        if required:
            raise saves.save_error(env, e) from None
        return None, None
    save = session.save
    step = (save.pending or {}).get("step") or session.game.next_step(save.state)
    if step is None:
        step = {"proc": "over"}
    return save.game, step


def _data(env, game: str):
    from ..commands import saves

    try:
        return load_data(game, saves.read_overrides(env, game))
    except Exception as e:  # an owner's override that does not read: the shipped data still answers
        if type(e).__name__ not in ("DataError",):
            raise
        env.err.print(f"[yellow]{env.t('rules.warn.overrides', problem=e.msg.to_data())}[/yellow]")
        return load_data(game, None)


def _by_id_or_number(game: str, words: list[str]) -> Topic | None:
    if len(words) != 1:
        return None
    word = words[0].strip()
    all_ = topics(game)
    if word.isdigit() and 1 <= int(word) <= len(all_):
        return all_[int(word) - 1]
    for topic in all_:
        if word in (topic.id, topic.id.replace(".", "_")):
            return topic
    return None


# ---------------------------------------------------------------------------------------- showing


def mark_text(t, mark: str) -> str:
    return t(f"rules.mark.{mark}") if mark else ""


def topic_json(t, topic: Topic, data) -> dict[str, Any]:
    mark, values = topic_confidence(topic, data.raw if data is not None else None)
    return {
        "id": topic.id,
        "game": topic.game,
        "title": title(t, topic),
        "text": "\n".join(body(t, topic)),
        "source": topic.seed,
        "confidence": mark or "confirmed",
        "data": [{**v, "confidence": v["confidence"] or "—"} for v in values],
        "commands": list(topic.commands),
    }


def show_topic(env, topic: Topic, data, others: list[Topic] = (), cards: list[Component] = ()) -> None:
    t = env.t
    info = topic_json(t, topic, data)
    if env.json:
        env.emit_json({"ok": True, "topic": info, "also": [{"id": o.id, "title": title(t, o)} for o in others],
                       "cards": [{"kind": c.kind, "id": c.id, "name": c.name} for c in cards]})
        return
    print_topic(env.out, t, topic, data)
    if others or cards:
        names = [title(t, o) for o in others] + [c.name for c in cards]
        env.out.print(f"[dim]{t('rules.also', names='; '.join(names))}[/dim]")


def print_topic(console, t, topic: Topic, data) -> None:
    from rich.markup import escape

    from ..terminal.render import print_item

    info = topic_json(t, topic, data)
    mark = info["confidence"] if info["confidence"] != "confirmed" else ""
    head = f"[bold cyan]{escape(info['title'])}[/bold cyan]"
    if mark:
        head += f"  [yellow]{escape(mark_text(t, mark))}[/yellow]"
    console.print(head)
    for para in body(t, topic):
        console.print(escape(para))
    for v in info["data"]:
        conf = v["confidence"]
        shown = FLAGGED.get(conf, "owner" if conf == "owner" else "")
        line = t("rules.data_line", key=v["key"], value=_shown(v["value"], t))
        if shown:
            line += f" ({mark_text(t, shown)})"
        print_item(console, "  · ", f"[dim]{escape(line)}[/dim]", "dim")  # wrapped under its text
    if topic.seed:
        console.print(f"[dim]{escape(t('rules.source', source=source_text(t, topic.seed)))}[/dim]")
    for cmd in topic.commands:
        console.print(f"[dim]{escape(t('rules.compute', command=metavars_said(t, cmd)))}[/dim]")


def metavars_said(t, command: str) -> str:
    """A command's value words (PLAYER, CARD, NAME) in the table's language, as the help names them (JOGADOR,
    CARTA, NOME): a Portuguese topic said "Calcule com: tabletop radlands raid PLAYER"."""
    words = []
    for word in command.split():
        said = t.template(f"core.help.metavar.{word.lower()}") if word.isupper() and len(word) > 1 else None
        words.append(t(f"core.help.metavar.{word.lower()}").upper() if said else word)
    return " ".join(words)


def _shown(value: Any, t=None) -> str:
    if isinstance(value, bool) and t is not None:
        return t("core.yes") if value else t("core.no")
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k}={v}" for k, v in value.items() if not str(k).endswith(("_confidence", "_check")))
    return str(value)


def show_list(env, game: str, data) -> None:
    from rich.markup import escape

    t = env.t
    rows = []
    for n, topic in enumerate(topics(game), 1):
        mark, _ = topic_confidence(topic, data.raw)
        rows.append({"n": n, "id": topic.id, "title": title(t, topic), "confidence": mark or "confirmed"})
    if env.json:
        env.emit_json({"ok": True, "game": game, "topics": rows})
        return
    from ..terminal.render import print_item

    from automata.core.games import find_game

    env.out.print(f"[bold]{escape(t('rules.list_head', game=find_game(game).name))}[/bold]")
    for r in rows:
        mark = "" if r["confidence"] == "confirmed" else f"  [yellow]{escape(mark_text(t, r['confidence']))}[/yellow]"
        print_item(env.out, f"{r['n']:>3}. ", f"{escape(r['title'])} [dim]({r['id']})[/dim]{mark}")
    env.out.print(f"[dim]{escape(t('rules.list_how', game=game))}[/dim]")


def component_json(t, c: Component) -> dict[str, Any]:
    from ..words.provenance import source_line

    fields = []
    for key, value, conf, check in record_lines(c.record):
        fields.append({"key": key, "value": value, "confidence": conf or "—", "check": check})
    texts = [t.render(m) for m in c.texts if t.template(_id(m)) or t.template(_id(m), "en")]
    provisional = any(f["confidence"] == "provisional" for f in fields)
    return {"kind": c.kind, "id": c.id, "name": c.name, "confidence": str(c.record.get("confidence", c.record.get("status", ""))) or "—",
            "source": str(c.record.get("source", "")), "source_text": source_line(t, c.game, c.record, provisional),
            "text": texts, "fields": fields, **c.extra}


def show_component(env, c: Component, others: list[Topic] = (), more_cards: list[Component] = ()) -> None:
    from rich.markup import escape

    t = env.t
    info = component_json(t, c)
    if env.json:
        env.emit_json({"ok": True, "component": info, "also": [{"id": o.id, "title": title(t, o)} for o in others],
                       "cards": [{"kind": x.kind, "id": x.id, "name": x.name} for x in more_cards]})
        return
    conf = info["confidence"]
    head = f"[bold cyan]{escape(c.name)}[/bold cyan] [dim]({escape(t('rules.kind.' + c.kind))})[/dim]"
    if conf in FLAGGED or conf == "owner":
        head += f"  [yellow]{escape(mark_text(t, FLAGGED.get(conf, conf)))}[/yellow]"
    env.out.print(head)
    for text in info["text"]:
        env.out.print(escape(text))
    for f in info["fields"]:
        line = f"  {f['key']}: {_shown(f['value'], t)}"
        if f["confidence"] in FLAGGED or f["confidence"] == "owner":
            line += f"  ({mark_text(t, FLAGGED.get(f['confidence'], f['confidence']))})"
            if f["check"]:
                from ..words.datanotes import Notes  # the data's note in the table's language, as 'data check' shows it

                line += f" {Notes(t).note(f['check'])}"
        env.out.print(escape(line))
    env.out.print(f"[dim]{escape(info['source_text'])}[/dim]")  # the raw provenance stays in --json
    if others or more_cards:
        names = [title(t, o) for o in others] + [x.name for x in more_cards]
        env.out.print(f"[dim]{escape(t('rules.also', names='; '.join(names)))}[/dim]")


def _id(message) -> str:
    """The id of a text of a component: a message id, or a message."""
    return message if isinstance(message, str) else message.id


def source_text(t, source: str) -> str:
    """A topic's source as a player reads it: "seed 004, …" (the owner's own summary of the game, which the
    program follows) named in the table's language. A part that cites the project's rules file
    ("rules/anachrony.md §2.3") is left out, since a player has no rules file: when nothing else is left, the
    topic comes from public sources, and says so."""
    import re

    parts = [p.strip() for p in source.split(";") if not p.strip().startswith("rules/")]
    if not parts:
        return t("rules.source_public")
    return re.sub(r"^seeds? \d+", lambda m: t("rules.source_summary"), "; ".join(parts))

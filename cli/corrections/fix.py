"""`tabletop fix`: the table puts a tracked value right, without rewinding (issue 23; automata/core/fix.py).

A correction is a journal step of its own: `log` shows it, `undo 1` takes it back, and replay repeats it in its
place. A correction that breaks a rule's limit, or names nothing, changes nothing (exit 2).
"""


from typing import List, Optional

import typer
from typer.core import TyperCommand

from ..commands.env import CliError, Exit, current

fix_app = typer.Typer()
LONG_CHOICES = 6  # a value's choices shown in the text listing (all of them in --json)


CHANGE_MARK = "\x00"  # put before a change that begins with a minus while the command line is parsed


class _FixCommand(TyperCommand):
    """A change may begin with a minus ("-1 vp khorne", "-2 deck; +2 hand b"): it is never read as a cluster of short
    options, where its 'h' would be '-h' and open the help. '-h' alone is still the help."""

    def parse_args(self, ctx, args):
        marked = [CHANGE_MARK + a if a.startswith("-") and not a.startswith("--") and a != "-h" else a for a in args]
        return super().parse_args(ctx, marked)


@fix_app.command("fix", cls=_FixCommand, context_settings={"ignore_unknown_options": True})
def fix(
    changes: Optional[List[str]] = typer.Argument(None, help="What to put right, e.g. 'hand a 3' or '+2 water'; "
                                                               "several separated by ';'."),
    list_: bool = typer.Option(False, "--list", help="List what can be corrected, its value now and the words."),
) -> None:
    """Put a value right when the table and the program disagree (journalled: undo 1 takes it back)."""
    changes = [c.removeprefix(CHANGE_MARK) for c in changes or []]
    from automata.core import fix as core_fix
    from automata.core import fixstep

    from ..commands import saves

    env = current()
    name = saves.resolve_name(env)
    with saves.locked(env, name):
        session = saves.open_session(env, name)
        fields = saves.guarded(session, lambda: session.game.fix_fields)
        state = session.save.state
        if not fields and (list_ or not changes):
            show_list(env, name, [])
            return
        if not fields:
            raise CliError(env.t("core.fix.none_for_game", game=session.save.game), Exit.USAGE)
        rows = saves.guarded(session, core_fix.listing, state, fields, env.t.lang)
        if not rows:  # the game tracks values, none of them yet: the setup has not placed them (Time of Crisis)
            if list_ or not changes:
                show_list(env, name, [], nothing_yet=True)
                return
            raise CliError(env.t("core.fix.nothing_yet") + "\n" + env.t("core.fix.nothing_changed"), Exit.USAGE,
                           {"error": "fix", "id": "core.fix.nothing_yet", "message": env.t("core.fix.nothing_yet")})
        if list_ or not changes:
            show_list(env, name, rows)
            return
        flags = [c for c in changes if c.startswith("--")]
        if flags:  # unknown options reach here as changes (a change may start with '-': "-1 vp khorne")
            raise CliError(env.t("core.help.err.no_such_option", name=flags[0]) + " --list, --json", Exit.USAGE)
        # quoted items ("water a 3" "+2 hand b") are one change each; bare words (fix -1 deck) are one change
        text = "; ".join(changes) if any(" " in c.strip() for c in changes) else " ".join(changes)
        try:
            parsed = core_fix.check(text, fields, state, env.t.lang)  # every limit checked before anything is written
        except core_fix.FixError as e:
            raise CliError(env.t.render(e.msg) + "\n" + env.t("core.fix.nothing_changed"), Exit.USAGE,
                           refusal(env, e)) from None
        same = unchanged(parsed, fields, state, env.t.lang)
        if same:  # nothing to put right: no step is journalled (undo 1 would take back nothing)
            if env.json:
                env.emit_json({"ok": True, "game": name, "journal_length": session.save.journal_length, "changes": []})
                return
            for line in same:
                env.out.print(f"→ {env.t.render(line)}", markup=False)
            env.out.print(env.t("core.fix.nothing_changed"), style="dim")
            return
        from state.session import StepInProgress

        told: list = []
        try:
            lines = session.correct(fixstep.step(parsed), told.append)
        except StepInProgress as busy:
            step = env.t.render(session.game.step_label(busy.step))
            text = env.t("core.fix.step_in_progress", step=step, n=busy.answers)
            raise CliError(text, Exit.USAGE, {"error": "fix", "id": "core.fix.step_in_progress", "message": text,
                                              "step": step, "answers": busy.answers}) from None
        except core_fix.FixError as e:
            raise CliError(refused_text(env, session, e.msg), Exit.USAGE,
                           {**refusal(env, e), "message": refused_text(env, session, e.msg)}) from None
        except saves.SaveError as e:
            raise saves.save_error(env, e) from None
    texts = [env.t.render(event.msg) for event in told if event.msg is not None]
    if env.json:
        env.emit_json({"ok": True, "game": name, "journal_length": session.save.journal_length,
                       "changes": [{**line, "text": text} for line, text in zip(lines, texts)]})
        return
    for text in texts:
        env.out.print(f"→ {text}", markup=False)
    env.out.print(env.t("core.fix.journalled", n=session.save.journal_length), style="dim")


def refused_text(env, session, message) -> str:
    """A refused correction in the table's words; when the end of the game cannot follow it, with the way back: the
    'undo' that goes back to before the step that ended the game (automata/core/ending.py)."""
    text = env.t.render(message)
    if message.id != "core.fix.end_refused":
        return text
    from automata.core.fixstep import is_fix

    journal = session.save.journal()
    back = 1
    for entry in reversed(journal):  # the corrections after the end, and the step that ended it
        if not is_fix(entry.get("step")):
            break
        back += 1
    return text + "\n" + env.t("core.fix.end_undo", n=min(back, len(journal)))


def matching(rows: list[dict], text: str) -> list[dict]:
    """The rows whose words hold every word typed (each the start of one of them, without case or accents): 'pv'
    names every Power's VP, 'nurgle kis' Nurgle's figures and tokens in Kislev. Numbers and signs are left out."""
    from automata.core.fix import fold

    typed = [fold(w) for w in text.split() if not w.lstrip("+-").isdigit() and w not in ("+", "-", "=")]
    if not typed:
        return []
    return [row for row in rows if all(any(w.startswith(x) for w in fold(row["words"]).split()) for x in typed)]


def refusal(env, e) -> dict:
    """A refused correction as ``--json`` gives it: what was refused and why, in the table's language, and what is
    valid (``valid`` as the text says it; ``min`` / ``max`` for a count, ``choices`` for a value of a few words)."""
    params = e.msg.params
    data = {"error": "fix", "id": e.msg.id, "message": env.t.render(e.msg)}
    if "what" in params:
        data["what"] = env.t.param(params["what"])
    if "value" in params:
        data["value"] = params["value"]
    if params.get("rule"):
        data["rule"] = env.t.param(params["rule"])
    if "valid" in params:
        data["valid"] = params["valid"]
    for key in ("min", "max", "choices"):
        if params.get(key) is not None:
            data[key] = params[key]
    return data


def unchanged(parsed: list[dict], fields, state: dict, lang: str) -> list:
    """When every change leaves its value as the program already keeps it: one message per value ("The program
    already keeps Ana's cards in hand: 3."), and nothing is journalled; else [] (the correction is a step)."""
    import copy

    from automata.core import fix as core_fix
    from automata.core.msg import msg

    fields = tuple(fields)
    lines = core_fix.apply(copy.deepcopy(state), parsed, fields, lang)
    if any(line["before"] != line["after"] for line in lines):
        return []
    by_id = {f.id: f for f in fields}
    out = []
    for line in lines:
        the_field, keys = by_id[line["field"]], tuple(line["keys"])
        out.append(msg("core.fix.already", what=core_fix.label_of(the_field, state, keys).to_data(),
                       value=core_fix.value_label(the_field, state, keys, line["after"])))
    return out


def show_list(env, name: str, rows: list[dict], nothing_yet: bool = False) -> None:
    out = []
    for row in rows:
        what = env.t.render(row["label"])
        value = env.t.param(row.get("value_label", row["value"]))
        if value == "":
            value = "—"
        item = {"field": row["field"], "keys": row["keys"], "what": what, "value": row["value"], "words": row["words"]}
        for key in ("min", "max", "choices"):
            if key in row:
                item[key] = row[key]
        item["shown"] = str(value)
        out.append(item)
    if env.json:
        env.emit_json({"ok": True, "game": name, "fields": out, **({"note": env.t("core.fix.nothing_yet")} if nothing_yet else {})})
        return
    from ..terminal.render import print_hanging

    if not out:
        env.out.print(env.t("core.fix.nothing_yet") if nothing_yet else env.t("core.fix.none_for_game", game=name))
        return
    env.out.print(env.t("core.fix.list_head"))
    for item in out:
        if "choices" in item:
            # a long list (every event card) is cut in the text; --json has it whole
            valid = ", ".join(item["choices"][:LONG_CHOICES])
            if len(item["choices"]) > LONG_CHOICES:
                valid += ", " + env.t("core.fix.list_more", n=len(item["choices"]))
        elif item.get("max") == item["min"]:  # the box's limits leave one value: not a range "0–0"
            valid = env.t("core.fix.list_only", value=item["min"])
        else:
            valid = f"{item['min']}–{item['max']}" if "max" in item else f"≥ {item['min']}"
        print_hanging(env.out, f"  {item['what']}: {item['shown']}  ·  {item['words']} … ({valid})")
    env.out.print(env.t("core.fix.list_foot"), style="dim")

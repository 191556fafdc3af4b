"""``!`` at a question of ``play`` (a terminal only): the same correction as ``tabletop fix``, then the same question.

``!+2 hand b`` (typed at a text question) or ``!`` alone (the ``!`` key of a menu or a yes/no prompt; then a short
hint with the game's own words is shown and the correction typed: words without a value list the values they name,
``?`` lists them all, as ``tabletop fix --list``) goes through the one parser and the one check of
``tabletop fix`` (automata/core/fix.py) and ``Session.correct``, which journals it as a step of its own before the
step in progress and keeps that step's answers. The question being asked is not answered by it: ``Corrected`` ends
the run of the step, and ``play`` resumes the step from the corrected values, so that the same question is asked
again (cli/commands/shared.py ``run_steps``). A correction refused changes nothing and the question is asked again.
"""

from __future__ import annotations



SHOWN = 12  # the values a few words name, shown at most at a question (a few more words narrow them)


def examples(rows: list[dict]) -> dict[str, str]:
    """This game's own words for the hint at '!': a value set, a count changed, a word that lists values (from the
    values the table may correct now, in its language)."""
    counts = [r for r in rows if "choices" not in r]
    first = rows[0] if rows else {"words": "", "value": ""}
    value = first["choices"][0] if "choices" in first and first["choices"] else first.get("value", "")
    other = next((r for r in counts if r["field"] != first["field"]), counts[0] if counts else first)
    return {"set": f"{first['words']} {value}".strip(), "add": f"+1 {other['words']}".strip(),
            "word": first["words"].split(" ")[0] if first["words"] else ""}


class Corrected(Exception):
    """A correction was journalled at a question: the step in progress resumes from the corrected values."""


class FixAtQuestion:
    """The ``fix`` callable of ``RuleHelp`` (cli/rules/at_table.py) for one ``play``."""

    def __init__(self, env, session, ask_text=None):
        self.env = env
        self.session = session
        self.ask_text = ask_text or self._ask_text  # tests give typed lines without a terminal

    def _ask_text(self, question: str) -> str:
        import questionary

        from ..terminal.prompter import fit

        return questionary.text(fit(question)).unsafe_ask() or ""

    def __call__(self, text: str) -> None:
        from automata.core import fix as core_fix
        from automata.core import fixstep

        from ..commands import saves

        env, session = self.env, self.session
        t, out = env.t, env.out
        fields = saves.guarded(session, lambda: session.game.fix_fields)
        if not fields:
            out.print(f"[red]! {t('core.fix.none_for_game', game=session.save.game)}[/red]")
            return
        rows = saves.guarded(session, core_fix.listing, session.save.state, fields, env.t.lang)
        if not rows:  # the setup has not placed any of the values yet
            out.print(f"[dim]{t('core.fix.nothing_yet')} {t('rules.ask_again')}[/dim]")
            return
        if not text:
            text = self._typed(rows, fields)
            if not text:
                out.print(f"[dim]{t('rules.ask_again')}[/dim]")
                return
        state = session.save.state
        try:
            parsed = core_fix.check(text, fields, state, env.t.lang)  # every limit checked before anything is written
        except core_fix.FixError as e:
            self._refused(t.render(e.msg))
            return
        from .fix import unchanged

        same = unchanged(parsed, fields, state, env.t.lang)
        if same:  # nothing to put right: no step is journalled
            for line in same:
                out.print(f"→ {t.render(line)}", markup=False)
            out.print(f"[dim]{t('core.fix.nothing_changed')} {t('rules.ask_again')}[/dim]")
            return
        from state.session import StepInProgress

        told: list = []
        try:
            session.correct(fixstep.step(parsed), told.append)
        except StepInProgress as busy:
            step = t.render(session.game.step_label(busy.step))
            self._refused(t("core.fix.at_question_busy", step=step, n=busy.answers))
            return
        except core_fix.FixError as e:
            from .fix import refused_text

            self._refused(refused_text(env, session, e.msg))
            return
        for event in told:
            if event.msg is not None:
                out.print(f"→ {t.render(event.msg)}", markup=False)
        out.print(t("core.fix.at_question_done", n=session.save.journal_length), style="dim")
        raise Corrected()

    def examples(self) -> dict[str, str]:
        """This game's words for the hints (``examples``), from the values the table may correct now."""
        from automata.core import fix as core_fix

        from ..commands import saves

        session = self.session
        fields = saves.guarded(session, lambda: session.game.fix_fields) or ()
        return examples(saves.guarded(session, core_fix.listing, session.save.state, fields, self.env.t.lang))

    def _typed(self, rows: list[dict], fields) -> str:
        """The correction typed after '!' alone: first the hint with this game's words (never the whole list, which
        is hundreds of lines in Chaos); words that name values but give none list those values, '?' lists all, and
        the question is asked again; Enter alone is no correction."""
        from automata.core import fix as core_fix

        from .fix import matching, show_list

        env, t = self.env, self.env.t
        env.out.print(t("core.fix.at_question_hint", **examples(rows)), style="dim")
        while True:
            text = self.ask_text(t("core.fix.at_question")).strip().removeprefix("!").strip()
            if text != "?" and not text:
                return ""
            if text == "?":
                show_list(env, self.session.save.name, rows)
                continue
            try:
                core_fix.parse(text, fields, self.session.save.state, t.lang)
                return text
            except core_fix.FixError as e:
                found = matching(rows, text)
                if not found:
                    return text  # refused with its reason by the caller
                env.out.print(f"! {t.render(e.msg)}", style="dim", markup=False)  # why, then what those words name
                show_list(env, self.session.save.name, found[:SHOWN])
                if len(found) > SHOWN:
                    env.out.print(t("core.fix.more_rows", n=len(found) - SHOWN), style="dim")

    def _refused(self, text: str) -> None:
        from rich.markup import escape

        self.env.out.print(f"[red]! {escape(text)}[/red]")
        self.env.out.print(f"[dim]{self.env.t('core.fix.nothing_changed')} {self.env.t('rules.ask_again')}[/dim]")

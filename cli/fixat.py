"""``!`` at a question of ``play`` (a terminal only): the same correction as ``tabletop fix``, then the same question.

``!+2 hand b`` (typed at a text question) or ``!`` alone (the ``!`` key of a menu or a yes/no prompt; then the list
of what can be corrected is shown and the correction typed) goes through the one parser and the one check of
``tabletop fix`` (automata/core/fix.py) and ``Session.correct``, which journals it as a step of its own before the
step in progress and keeps that step's answers. The question being asked is not answered by it: ``Corrected`` ends
the run of the step, and ``play`` resumes the step from the corrected values, so that the same question is asked
again (cli/commands.py ``run_steps``). A correction refused changes nothing and the question is asked again.
"""

from __future__ import annotations



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

        from .prompter import fit

        return questionary.text(fit(question)).unsafe_ask() or ""

    def __call__(self, text: str) -> None:
        from automata.core import fix as core_fix
        from automata.core import fixstep

        from . import saves

        env, session = self.env, self.session
        t, out = env.t, env.out
        fields = saves.guarded(session, lambda: session.game.fix_fields)
        if not fields:
            out.print(f"[red]! {t('core.fix.none_for_game', game=session.save.game)}[/red]")
            return
        if not text:
            from .fix import show_list

            show_list(env, session.save.name, saves.guarded(session, core_fix.listing, session.save.state, fields, env.t.lang))
            text = self.ask_text(t("core.fix.at_question")).strip()
            if text.startswith("!"):
                text = text[1:].strip()
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

    def _refused(self, text: str) -> None:
        from rich.markup import escape

        self.env.out.print(f"[red]! {escape(text)}[/red]")
        self.env.out.print(f"[dim]{self.env.t('core.fix.nothing_changed')} {self.env.t('rules.ask_again')}[/dim]")

"""The examples of the help screens of ``tabletop radlands …``, ``tabletop new radlands`` and ``tabletop setup-list radlands``, by
command path (the same command lines in every language; cli/terminal/helpstyle.py shows them)."""

HELP_EXAMPLES: dict[str, tuple[str, ...]] = {
    "new.radlands": ("tabletop new radlands", "tabletop new radlands --players Ana,Bruno --first-game",
                     "tabletop new radlands --track queues"),
    "setup-list.radlands": ("tabletop setup-list radlands", "tabletop setup-list radlands --first-game"),
    "radlands": ("tabletop radlands status", "tabletop radlands queue", "tabletop radlands raid a"),
    "radlands.status": ("tabletop radlands status", "tabletop radlands status --json"),
    "radlands.queue": ("tabletop radlands queue", "tabletop radlands queue a"),
    "radlands.event": ("tabletop radlands event b Banish", "tabletop radlands event a Banish --pay"),
    "radlands.raid": ("tabletop radlands raid a", "tabletop radlands raid b"),
}

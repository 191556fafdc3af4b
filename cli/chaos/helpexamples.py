"""The examples of the help screens of ``tabletop chaos …``, ``tabletop new chaos`` and ``tabletop setup-list chaos``, by
command path (the same command lines in every language; cli/terminal/helpstyle.py shows them)."""

HELP_EXAMPLES: dict[str, tuple[str, ...]] = {
    "new.chaos": ("tabletop new chaos", "tabletop new chaos --powers khorne,nurgle,tzeentch --name friday",
                  "tabletop new chaos --another"),
    "setup-list.chaos": ("tabletop setup-list chaos", "tabletop setup-list chaos --powers khorne,nurgle,tzeentch --json"),
    "chaos": ("tabletop chaos status", "tabletop chaos odds 5 --at-least 2", "tabletop chaos battle 4"),
    "chaos.status": ("tabletop chaos status", "tabletop chaos status --json"),
    "chaos.battle": ("tabletop chaos battle 4", "tabletop chaos battle 7 --json"),
    "chaos.odds": ("tabletop chaos odds 5", "tabletop chaos odds 6 --at-least 3"),
    "chaos.domination": ('tabletop chaos domination "the empire" --figures khorne=3 --cards khorne=2 --figures nurgle=2',
                         "tabletop chaos domination kislev --figures tzeentch=2 --resistance-mod -1"),
    "chaos.ruination": ("tabletop chaos ruination kislev --card 2 --tokens khorne=6,nurgle=4,slaanesh=4 --placed nurgle",),
}

"""The examples of the help screens of ``tabletop anachrony …``, ``tabletop new anachrony`` and ``tabletop setup-list anachrony``, by
command path (the same command lines in every language; cli/terminal/helpstyle.py shows them)."""

HELP_EXAMPLES: dict[str, tuple[str, ...]] = {
    "new.anachrony": ("tabletop new anachrony --players 3 --modules hypersync,quantum-loops",
                      "tabletop new anachrony --players 1 --opponent chronobot",
                      "tabletop new anachrony --players 1 --opponent chronossus --modules hypersync"),
    "setup-list.anachrony": ("tabletop setup-list anachrony --players 3 --modules hypersync,quantum-loops",
                             "tabletop setup-list anachrony --players 1 --opponent chronossus --modules hypersync"),
    "anachrony": ("tabletop anachrony status", "tabletop anachrony score --players 2", "tabletop anachrony opponent"),
    "anachrony.status": ("tabletop anachrony status", "tabletop anachrony status --json"),
    "anachrony.score": ("tabletop anachrony score --players 2 --names Ana,Bia --side A --modules hypersync,quantum-loops,intrigues",
                        "tabletop anachrony score --players 1 --opponent chronobot"),
    "anachrony.opponent": ("tabletop anachrony opponent", "tabletop anachrony opponent --json"),

}

"""The examples of the help screens of ``tabletop toc …``, ``tabletop new toc`` and ``tabletop setup-list toc``, by
command path (the same command lines in every language; cli/terminal/helpstyle.py shows them)."""

HELP_EXAMPLES: dict[str, tuple[str, ...]] = {
    "new.toc": ("tabletop new toc", "tabletop new toc --humans 2 --bots red,blue", "tabletop new toc --cards selective --emperor-rules"),
    "setup-list.toc": ("tabletop setup-list toc --humans 2 --bots red,blue", "tabletop setup-list toc --cards variable --emperor-rules"),
    "toc": ("tabletop toc status", "tabletop toc mat maximinus", "tabletop toc emperor-legacy senate --support 3 --pretenders 1"),
    "toc.status": ("tabletop toc status", "tabletop toc status --json"),
    "toc.emperor-legacy": ("tabletop toc emperor-legacy senate --support 3 --pretenders 1",
                           "tabletop toc emperor-legacy populace --support 2 --pretenders 1",
                           "tabletop toc emperor-legacy military --battle-legacy 2 --legacy 10 --pretenders 0"),
    "toc.mat": ("tabletop toc mat maximinus", "tabletop toc mat gordian --edit"),
    "toc.priority": ("tabletop toc priority", "tabletop toc priority --edit"),
    "toc.guidelines": ("tabletop toc guidelines", "tabletop toc guidelines --edit"),
}

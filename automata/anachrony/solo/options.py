"""``tabletop new anachrony --players 1 --opponent … --difficulty … --edition …``: the solo options.

Rules file §3.1 (which opponent plays which modules), §3.2.9 and §3.3 (the Chronobot's difficulty
options and its two editions), §3.4.13 (the Chronossus's difficulty options). The error messages of the
scoring helper (anachrony.score.error.*) are reused so both commands refuse a combination alike.
"""

from __future__ import annotations

from ...core.games import OptionError
from ...core.steps import msg

OPPONENTS = {"chronobot": ("cronobot", "bot"), "chronossus": ("cronossus", "colossus")}
EDITIONS = {"current": ("solo", "new", "2", "atual"), "first": ("first-edition", "1", "old", "primeira")}
#: difficulty option -> what it takes (None: a switch; an int: the highest number it takes)
DIFFICULTY = {
    "chronobot": {"wc-right": None, "no-leader": None, "reboot-advance": None, "extra-turn": None, "min-6": None},
    "chronossus": {"wc-right": None, "side-b": None, "side-b-1": None, "side-b-2": None, "side-b-3": None, "swap-1-3": None,
                   "cores": 3, "extra-exosuit": None, "core-vp": None, "objectives": 2, "failed-2vp": None, "new-shape": None,
                   "targeted-hypersync": None, "ql-remove-5": None, "ql-vp": None},
}
NEEDS_MODULE = {"targeted-hypersync": "hypersync", "ql-remove-5": "quantum_loops", "ql-vp": "quantum_loops"}


def _pick(text: str, table: dict, error: str, **params):
    key = text.strip().lower().replace("_", "-").replace(" ", "-")
    for name, aliases in table.items():
        if key == name or key in aliases:
            return name
    from ...core.closest import close_matches

    close = close_matches(key, list(table))
    raise OptionError(msg(error, value=text, valid=", ".join(table), close=", ".join(close), **params))


def check(raw: dict, options: dict) -> dict:
    """The solo part of the options (``opponent``, ``edition``, ``difficulty``), or OptionError."""
    text = str(raw.get("opponent") or "").strip()
    if not text:
        for key in ("difficulty", "edition"):
            if str(raw.get(key) or "").strip():
                raise OptionError(msg("anachrony.solo.error.needs_opponent", option=key))
        return {}
    opponent = _pick(text, OPPONENTS, "anachrony.solo.error.opponent")
    from .data import load

    load(raw.get("overrides") or None)  # the owner's [solo] values, checked now (DataError names the key)
    if options["players"] != 1:
        raise OptionError(msg("anachrony.score.error.opponent_multi"))
    modules = options["modules"]
    if opponent == "chronobot" and modules:
        raise OptionError(msg("anachrony.score.error.chronobot_modules"))
    out: dict = {"opponent": opponent}
    ed = str(raw.get("edition") or "").strip()
    if opponent == "chronobot":
        out["edition"] = _pick(ed, EDITIONS, "anachrony.solo.error.edition") if ed else "current"
    elif ed:
        raise OptionError(msg("anachrony.solo.error.edition_chronossus"))
    table = DIFFICULTY[opponent]
    difficulty: dict = {}
    items = raw.get("difficulty") or ""
    items = items if isinstance(items, (list, tuple)) else str(items).split(",")
    for item in [str(x).strip() for x in items if str(x).strip()]:
        name, _, value = item.replace(":", "=").partition("=")
        opt = _pick(name, {k: () for k in table}, "anachrony.solo.error.difficulty", opponent=f"@anachrony.solo.bot.{opponent}")
        if opponent == "chronobot" and out["edition"] == "first" and opt == "reboot-advance":
            raise OptionError(msg("anachrony.solo.error.first_no_reboot"))  # §3.3: no Reboot spot on that board
        top = table[opt]
        if top is None:
            if value:
                raise OptionError(msg("anachrony.solo.error.no_value", option=opt))
            difficulty[opt] = True
        else:
            try:
                n = int(value) if value else (-1 if opt == "objectives" else 1)  # objectives=N needs its N
            except ValueError:
                n = -1
            if not 0 <= n <= top or (opt == "cores" and n == 0):
                raise OptionError(msg("anachrony.solo.error.value", option=opt, value=value or "—", max=top,
                                      min=1 if opt == "cores" else 0))
            difficulty[opt] = n
        need = NEEDS_MODULE.get(opt)
        if need and need not in modules:
            raise OptionError(msg("anachrony.solo.error.needs_module", option=opt, module=f"@anachrony.module.{need}"))
    out["difficulty"] = difficulty
    return out

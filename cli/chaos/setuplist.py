"""``tabletop setup-list chaos``: its options put as ``tabletop new chaos`` takes them (``cli/gamecli.py``
``setup_list_options``)."""

from __future__ import annotations


def setup_list_options(env, raw: dict) -> dict:
    """Chaos's --powers as a count, as ``new chaos --random --powers 3`` takes it: 4 is every Power; 3 cannot be
    listed (each Power has its own pieces), so the table is asked to name the three."""
    text = str(raw.get("powers") or "").strip()
    if not text.isdigit():
        return raw
    from automata.chaos.data import load

    from ..commands.env import CliError, Exit

    every = list(load(None).power_ids)
    if int(text) == len(every):
        return {**raw, "powers": ",".join(every)}
    key = "core.components.error.chaos_count" if int(text) == len(every) - 1 else "core.components.error.chaos_range"
    raise CliError(env.t(key, n=text, example=",".join(every[:3]),
                         valid=", ".join(every)), Exit.USAGE, {"error": "powers_count"})

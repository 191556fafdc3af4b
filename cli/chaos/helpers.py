"""``tabletop chaos battle|odds|domination|ruination``: helpers that need no save.

They read the game data (and the owner's overrides) but never write
anything. Seed 003 references: Fase de Batalha step 1 (battle dice), Fase de
Corrupção step 1 (Supremacia) and step 2 (Desolação), Fase Final step 4
(first and second place in a ruined region).

Heavy imports (fractions, rich tables, the game data) happen inside the
commands so that ``tabletop --help`` stays fast.
"""

from __future__ import annotations

from fractions import Fraction
from typing import List, Optional

import typer

from ..commands.env import CliError, Exit, current

BATTLE_MAX = 200
ODDS_MAX = 60
AT_LEAST_MAX = 10 * ODDS_MAX  # more hits than this have no chance above 1e-15 with ODDS_MAX dice; bounds the work
COMMANDS = ("battle", "odds", "domination", "ruination")


def register(app: typer.Typer) -> None:
    """Add the helper commands to the ``tabletop chaos`` sub-app (a second call changes nothing)."""
    present = {c.name for c in app.registered_commands}
    for name, func in (
        ("battle", battle_command),
        ("odds", odds_command),
        ("domination", domination_command),
        ("ruination", ruination_command),
    ):
        if name not in present:
            app.command(name)(func)


# --- shared pieces -------------------------------------------------------------------


def _data(env):
    from automata.chaos.data import DataError, load

    from ..commands.saves import read_overrides

    try:
        return load(read_overrides(env, "chaos") or None)
    except DataError as e:
        raise CliError(env.t("core.error.override", path="overrides/chaos.toml", problem=e.msg.to_data()), Exit.FAILURE) from None


def _usage(env, error: str, data: dict | None = None, **params) -> CliError:
    """Bad input (exit 2): the text in the table's language; JSON gets ``error`` (a code), ``message`` and details."""
    text = env.t(f"chaos.helpers.error.{error}", **params)
    return CliError(text, Exit.USAGE, {"error": error, "message": text, **(data or {})})


def _names(env, kind: str, ids) -> list[str]:
    return [env.t(f"chaos.{kind}.{i}") for i in ids]


def _close_text(env, kind: str, data, close) -> str:
    ids = _close_ids(kind, data, close)
    return ", ".join(_names(env, kind, ids))  # none: the message leaves its "Closest" out (cli/words/i18n.py)


def _close_ids(kind: str, data, close) -> list[str]:
    """The closest matches as ids (``UnknownName.close`` may hold ids or names)."""
    from automata.chaos.data import find_power, find_region

    find = find_region if kind == "region" else find_power
    out: list[str] = []
    for c in close or ():
        try:
            i = find(data, c)
        except LookupError:
            continue
        if i not in out:
            out.append(i)
    return out


def _region(env, data, text: str) -> str:
    from automata.chaos.data import UnknownName, find_region

    try:
        return find_region(data, text)
    except UnknownName as e:
        raise _usage(
            env,
            "unknown_region",
            {"value": text, "valid": list(data.region_ids), "close": _close_ids("region", data, e.close)},
            name=text,
            valid=", ".join(_names(env, "region", data.region_ids)),
            close=_close_text(env, "region", data, e.close),
        ) from None


def _power(env, data, text: str, option: str) -> str:
    from automata.chaos.data import UnknownName, find_power

    try:
        return find_power(data, text)
    except UnknownName as e:
        raise _usage(
            env,
            "unknown_power",
            {"option": option, "value": text, "valid": list(data.power_ids), "close": _close_ids("power", data, e.close)},
            name=text,
            option=option,
            valid=", ".join(_names(env, "power", data.power_ids)),
            close=_close_text(env, "power", data, e.close),
        ) from None


def _items(raw: Optional[List[str]]) -> list[str]:
    """Repeated options, each possibly a comma-separated list."""
    return [part.strip() for value in raw or [] for part in value.split(",") if part.strip()]


def _pairs(env, data, option: str, raw: Optional[List[str]], repeat_ok: bool) -> list[tuple[str, int]]:
    """Parse ``POWER=N`` items; N is a whole number >= 0."""
    out: list[tuple[str, int]] = []
    seen: set[str] = set()
    for item in _items(raw):
        name, sep, value = item.rpartition("=")
        if not sep or not name.strip() or not value.strip():
            raise _usage(env, "bad_pair", {"option": option, "value": item}, option=option, value=item)
        try:
            n = int(value.strip())
        except ValueError:
            raise _usage(env, "bad_pair", {"option": option, "value": item}, option=option, value=item) from None
        power = _power(env, data, name.strip(), option)
        if n < 0:
            raise _usage(env, "negative", {"option": option, "value": item}, option=option, value=item)
        if power in seen and not repeat_ok:
            raise _usage(env, "repeated", {"option": option, "power": power}, option=option, power=f"@chaos.power.{power}")
        seen.add(power)
        out.append((power, n))
    return out


def _in_order(data, keys) -> list[str]:
    keys = set(keys)
    return [p for p in data.power_ids if p in keys]


def _number(env, x: float, digits: int) -> str:
    text = f"{x:.{digits}f}"
    return text.replace(".", ",") if env.lang == "pt-BR" else text


#: below this chance a row of 'odds' is folded into one line: no table plays for 1 in 1,000
FOLD = Fraction(1, 1000)


def folded_from(at_least_table: dict, asked: int | None = None) -> int | None:
    """The first number of hits whose 'at least' chance is under ``FOLD`` (rows from there fold into one line),
    after the row ``asked`` with --at-least; None when every row stays."""
    for n, p in at_least_table.items():
        if p < FOLD and (asked is None or n > asked):
            return n
    return None


def _pct_short(env, p) -> str:
    """A round percentage as the table says it (0.1%, 0,1% in Portuguese)."""
    text = f"{float(p) * 100:g}"
    return (text.replace(".", ",") if env.lang == "pt-BR" else text) + "%"


def _pct(env, p) -> str:
    """A probability as a percentage: 4 decimals, or 3 significant digits when tiny."""
    pct = float(p) * 100
    if pct == 0 or pct >= 0.01:
        text = f"{pct:.4f}"
    else:
        text = f"{pct:.3g}"
    if env.lang == "pt-BR":
        text = text.replace(".", ",")
    return text + "%"


# --- battle ------------------------------------------------------------------------------


def battle_command(
    dice: int = typer.Argument(..., metavar="DICE", help=f"How many battle dice (0 to {BATTLE_MAX}): the attack of the figures plus bonus dice."),
) -> None:
    """Roll battle dice: 4, 5 and 6 hit; each 6 adds one more die, which can add another."""
    import random
    import secrets

    from automata.chaos.odds import hits
    from automata.core.dice import parse_spec, roll_with

    env = current()
    if not 0 <= dice <= BATTLE_MAX:
        raise _usage(env, "dice_range", {"value": dice, "min": 0, "max": BATTLE_MAX}, value=dice, min=0, max=BATTLE_MAX)
    seed = env.seed if env.seed is not None else secrets.randbits(63)
    if env.dice == "table" and dice:  # the table's own dice (docs/playing.md, App dice and table dice): type the faces
        faces, seed = _table_battle_dice(env, dice), None
    else:
        faces = roll_with(random.Random(seed), parse_spec(f"{dice}d6!"))
    # The dice are alike: the first DICE faces are the dice rolled, the rest the extra dice from sixes.
    first, extra = faces[:dice], faces[dice:]
    n_hits = hits(faces)
    if env.json:
        env.emit_json({"ok": True, "dice": dice, "faces": faces, "extra": len(extra), "hits": n_hits, "seed": seed})
        return
    out = env.out
    if not dice:
        out.print(env.t("chaos.helpers.battle.none"))
    else:
        out.print(env.t("chaos.helpers.battle.rolled", dice=dice, faces=" ".join(map(str, first))))
    if extra:
        out.print(env.t("chaos.helpers.battle.extra", extra=len(extra), faces=" ".join(map(str, extra))))
    out.print("[bold]" + env.t("chaos.helpers.battle.hits", hits=n_hits) + "[/bold]")
    if env.seed is None and seed is not None:
        out.print("[dim]" + env.t("chaos.helpers.battle.seed", seed=seed) + "[/dim]")


def _table_battle_dice(env, dice: int) -> list[int]:
    """The faces the table rolled (``chaos.battle.dice``: every 6 adds a die, so its faces too), checked as a game's
    table dice are; without a terminal and without an answer, stop with exit 2 and say how to give them."""
    from automata.core.runner import BadAnswer, ChainedSource, DiceContext, run
    from automata.core.steps import Roll, msg

    from ..inplay.answers import scripted_answers
    from ..terminal.render import bad_answer_error, pending_help

    source = scripted_answers(env)
    if env.interactive() and not env.json:
        from ..terminal.prompter import TerminalPrompter

        source = ChainedSource(source, TerminalPrompter(env.t))

    def roll():
        return (yield Roll("chaos.battle.dice", f"{dice}d6!", msg("chaos.helpers.battle.ask", dice=dice)))

    try:
        got = run(roll(), source, dice=DiceContext(0, 0, "table"))
    except BadAnswer as bad:
        raise bad_answer_error(env, bad) from None
    if got.pending is not None:
        help_ = pending_help(env.t, got.pending)
        text = env.t("core.pending.stopped", id=help_["id"], question=help_["question"], valid=help_["valid"])
        how = env.t("chaos.helpers.battle.how", id=help_["id"], dice=dice)
        raise CliError(f"{text}\n{how}", Exit.USAGE, {"error": "unanswered", "id": help_["id"], "pending": {**help_, "how": how}})
    return list(got.result)


# --- odds ---------------------------------------------------------------------------------


def odds_command(
    dice: int = typer.Argument(..., metavar="DICE", help=f"How many battle dice (0 to {ODDS_MAX})."),
    at_least: Optional[int] = typer.Option(None, "--at-least", metavar="K", help="Also give the chance of at least this many hits (e.g. a target's defense)."),
) -> None:
    """The exact chances of every number of hits for some battle dice, and the expected hits."""
    from automata.chaos import odds

    env = current()
    if not 0 <= dice <= ODDS_MAX:
        raise _usage(env, "dice_range", {"value": dice, "min": 0, "max": ODDS_MAX}, value=dice, min=0, max=ODDS_MAX)
    if at_least is not None and at_least < 0:
        raise _usage(env, "at_least", {"value": at_least}, value=at_least)
    if at_least is not None and at_least > AT_LEAST_MAX:
        raise CliError(env.t("core.error.number_too_big", option="--at-least", value=at_least, min=0, max=AT_LEAST_MAX),
                       Exit.USAGE, {"error": "at_least", "value": at_least, "max": AT_LEAST_MAX})
    dist = odds.hit_distribution(dice)
    table = odds.at_least_table(dice)
    expected = odds.expected_hits(dice)
    p_k = odds.prob_at_least(dice, at_least) if at_least is not None else None
    if env.json:
        data = {
            "ok": True,
            "dice": dice,
            "expected_hits": float(expected),
            "distribution": {str(n): float(p) for n, p in dist.items()},
            "at_least": {str(n): float(p) for n, p in table.items()},
        }
        if p_k is not None:
            data["at_least_hits"] = at_least
            data["p_at_least"] = float(p_k)
            data["p_at_least_exact"] = f"{p_k.numerator}/{p_k.denominator}"
        env.emit_json(data)
        return
    from rich.table import Table

    t = env.t
    grid = Table(title=t("chaos.helpers.odds.title", dice=dice), title_justify="left")
    grid.add_column(t("chaos.helpers.odds.col_hits"), justify="right")
    grid.add_column(t("chaos.helpers.odds.col_exactly"), justify="right")
    grid.add_column(t("chaos.helpers.odds.col_at_least"), justify="right")
    fold = folded_from(table, at_least)
    for n, p in dist.items():
        if fold is not None and n >= fold:
            break
        grid.add_row(str(n), _pct(env, p), _pct(env, table[n]), style="bold" if n == at_least else None)
    if fold is not None:  # the rows no table can use: one line (the JSON keeps every row)
        under = t("chaos.helpers.odds.under", pct=_pct_short(env, FOLD))
        grid.add_row(t("chaos.helpers.odds.fold_hits", n=fold), under, under, style="dim")
    env.out.print(grid)
    exp = float(expected)
    env.out.print(t("chaos.helpers.odds.expected", expected=_number(env, exp, 0 if exp.is_integer() else 1)))
    if p_k is not None:
        env.out.print("[bold]" + t("chaos.helpers.odds.at_least", k=at_least, dice=dice, pct=_pct(env, p_k)) + "[/bold]")


# --- domination ------------------------------------------------------------------------------


def domination_command(
    region: str = typer.Argument(..., metavar="REGION", help="The region (English or Portuguese name, any case)."),
    figures: Optional[List[str]] = typer.Option(None, "--figures", metavar="POWER=N", help="How many figures the Power has in the region. Repeatable."),
    cards: Optional[List[str]] = typer.Option(None, "--cards", metavar="POWER=COST", help="The cost of one Chaos card of the Power in the region. Repeat for each card."),
    resistance_mod: int = typer.Option(0, "--resistance-mod", metavar="N", help="Added to the region's resistance (e.g. -1 per Skaven token); never below 0."),
    conquest_mod: int = typer.Option(0, "--conquest-mod", metavar="N", help="Added to the region's conquest value (e.g. +1 per Noble token); never below 0."),
) -> None:
    """Who dominates a region: card costs plus figure count, compared with the resistance (Corruption Phase step 1)."""
    from automata.chaos.scoring import domination_value, dominator

    env = current()
    data = _data(env)
    rid = _region(env, data, region)
    figs = dict(_pairs(env, data, "--figures", figures, repeat_ok=False))
    costs: dict[str, list[int]] = {}
    for power, cost in _pairs(env, data, "--cards", cards, repeat_ok=True):
        costs.setdefault(power, []).append(cost)
    info = data.region(rid)
    resistance = max(0, int(info["resistance"]) + resistance_mod)
    conquest = max(0, int(info["conquest"]) + conquest_mod)
    powers = _in_order(data, list(figs) + list(costs))
    values = {p: domination_value(costs.get(p, []), figs.get(p, 0)) for p in powers}
    winner = dominator(values, resistance)
    best = max(values.values()) if values else 0
    leaders = [p for p, v in values.items() if v == best]
    if winner is not None:
        reason = "dominates"
    elif not values or best == 0:
        reason = "no_figures_or_cards"
    elif len(leaders) > 1:
        reason = "tie"
    else:
        reason = "not_above_resistance"
    vp = conquest if winner is not None else 0
    if env.json:
        env.emit_json({
            "ok": True,
            "region": rid,
            "dominator": winner,
            "vp": vp,
            "values": values,
            "resistance": resistance,
            "conquest": conquest,
            "reason": reason,
            "figures": {p: figs.get(p, 0) for p in powers},
            "cards": {p: costs.get(p, []) for p in powers},
        })
        return
    from rich.table import Table

    t = env.t
    region_name = f"@chaos.region.{rid}"
    grid = Table(title=t("chaos.helpers.domination.title", region=region_name, resistance=resistance, conquest=conquest), title_justify="left")
    for col, just in (("col_power", "left"), ("col_cards", "right"), ("col_figures", "right"), ("col_value", "right")):
        grid.add_column(t(f"chaos.helpers.domination.{col}"), justify=just)
    for p in powers:
        card_text = " + ".join(map(str, costs.get(p, []))) or "-"
        grid.add_row(t(f"chaos.power.{p}"), card_text, str(figs.get(p, 0)), str(values[p]), style="bold" if p == winner else None)
    if powers:
        env.out.print(grid)
    else:
        env.out.print(grid.title)
    params = {"region": region_name, "resistance": resistance, "value": best, "vp": vp}
    if reason == "dominates":
        params["power"] = f"@chaos.power.{winner}"
    elif reason == "not_above_resistance":
        params["power"] = f"@chaos.power.{leaders[0]}"
    elif reason == "tie":
        params["powers"] = [f"@chaos.power.{p}" for p in leaders]
    style = "bold green" if winner else "bold"
    env.out.print(f"[{style}]" + t(f"chaos.helpers.domination.{reason}", **params) + f"[/{style}]")


# --- ruination ------------------------------------------------------------------------------


def ruination_command(
    region: str = typer.Argument(..., metavar="REGION", help="The ruined region (English or Portuguese name, any case)."),
    card: int = typer.Option(..., "--card", metavar="1-5", help="The Ruination card it gets (1 to 5: the Nth region ruined)."),
    tokens: Optional[List[str]] = typer.Option(None, "--tokens", metavar="POWER=N", help="Corruption tokens the Power owns in the region. Repeatable."),
    placed: Optional[List[str]] = typer.Option(None, "--placed", metavar="POWER", help="A Power that placed corruption here this step (gets the ruiner VP). Repeatable."),
) -> None:
    """VP for a ruined region: the card's ruiner VP, and 1st/2nd place by corruption tokens (ties split, rounded down)."""
    from automata.chaos.scoring import ruination_places, ruiner_awards

    env = current()
    data = _data(env)
    last = _ruination_cards(data)
    if not 1 <= card <= last:
        raise _usage(env, "card_range", {"value": card, "min": 1, "max": last}, value=card, min=1, max=last)
    rid = _region(env, data, region)
    counts = dict(_pairs(env, data, "--tokens", tokens, repeat_ok=False))
    ruiners = list(dict.fromkeys(_power(env, data, name, "--placed") for name in _items(placed)))
    for p in ruiners:  # a Power can only have placed tokens it has there (issue 12)
        if counts.get(p, 0) <= 0:
            raise _usage(env, "placed_no_tokens", {"power": p}, power=f"@chaos.power.{p}")
    first, second = data.ruination_vp(rid, card)
    header = data.ruiner_vp(card)
    ruination = data.rules.get("rules", {}).get("ruination", {})
    min_tokens = ruination.get("min_tokens_to_rank", ruination.get("ranking", {}).get("min_tokens_to_rank", 1))
    ruiner = ruiner_awards(_in_order(data, ruiners), header)
    places = ruination_places({p: counts[p] for p in _in_order(data, counts)}, first, second, min_tokens)
    places = {p: places[p] for p in _in_order(data, places)}
    powers = _in_order(data, list(counts) + ruiners)
    vp = {p: ruiner.get(p, 0) + places.get(p, 0) for p in powers}
    if env.json:
        env.emit_json({
            "ok": True,
            "region": rid,
            "card": card,
            "ruiner_vp": header,
            "first": first,
            "second": second,
            "tokens": {p: counts.get(p, 0) for p in powers},
            "ruiner": ruiner,
            "places": places,
            "vp": vp,
        })
        return
    from rich.table import Table

    t = env.t
    region_name = f"@chaos.region.{rid}"
    title = t("chaos.helpers.ruination.title", region=region_name, card=card, ruiner=header, first=first, second=second)
    if not powers:
        env.out.print(title)
        env.out.print(t("chaos.helpers.ruination.nobody", region=region_name))
        return
    grid = Table(title=title, title_justify="left")
    for col, just in (("col_power", "left"), ("col_tokens", "right"), ("col_ruiner", "right"), ("col_places", "right"), ("col_total", "right")):
        grid.add_column(t(f"chaos.helpers.ruination.{col}"), justify=just)
    for p in powers:
        grid.add_row(
            t(f"chaos.power.{p}"),
            str(counts.get(p, 0)),
            str(ruiner.get(p, 0)),
            str(places[p]) if p in places else "-",
            str(vp[p]),
            style="bold" if vp[p] else None,
        )
    env.out.print(grid)
    env.out.print("[dim]" + t("chaos.helpers.ruination.rule") + "[/dim]")


def _ruination_cards(data) -> int:
    setup = getattr(data, "setup", None)
    if isinstance(setup, dict):
        try:
            return int(setup.get("ruination_cards", 5))
        except (TypeError, ValueError):
            pass
    return 5

"""Anachrony's end-game tally: from the numbers the table (or a game state) reports to score lines,
totals and the ranking with its tiebreaks. Pure: no I/O, no prompts.

Rules: rules/anachrony.md §2.12 (final tally, tiebreak), §2.6-§2.9, §2.11, §2.14.2-§2.14.4,
§1.8, §3.2.10 and §3.4.14; the numbers come from ``data/scoring.toml`` (automata/anachrony/score_data.py).

Entry points:

- ``Table(players, modules, side, opponent)``: what is being scored; ``check_table`` refuses the
  combinations the rules forbid (rules §2.15, §3.1).
- ``score_player(report, table, data, agenda)``: one player's (or solo bot's) lines and total. A report is
  plain data (the keys are listed in ``PLAYER_KEYS`` and ``BOT_KEYS``), so the game module and the solo
  bots can pass their state's numbers directly.
- ``rank(entries, order)``: places, with the tiebreaks of rules §2.12 (``MissingTiebreak`` names the
  numbers a tie still needs); ``rank_solo`` for a solo game (a tie is a loss).
- ``score_game(reports, table, data, agenda)``: all of it at once.
- ``procedure(table, data, names)``: the questions (stable ids ``anachrony.score.<who>.<key>``) that
  collect the reports from the table, then ``score_game``; used by ``tabletop anachrony score``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.gamedata import FLAGGED, fold_name, find_name
from ..core.steps import NUMBER, ONE_OF, SEVERAL_OF, YES_NO, Ask, Choice, InvalidAnswer, Msg, Say, msg
from .score_data import ScoreData

MODULES = ("neutronide", "hypersync", "quantum_loops", "intrigues")
SIDES = ("A", "B")
OPPONENTS = ("chronobot", "chronossus")
EFFECTS = ("archive_of_the_eras", "the_ultimate_plan", "synthetic_endorphins", "lab_406")
SUPERPROJECT_EFFECTS = ("archive_of_the_eras", "the_ultimate_plan", "synthetic_endorphins")
#: report keys of a player (``breakthroughs`` is a table shape -> count)
PLAYER_KEYS = ("buildings", "superprojects", "superprojects_vp", "effects", "time_travel", "time_travel_vp", "morale",
               "morale_vp", "breakthroughs", "vp_tokens", "evacuation", "unpaid_warps", "anomalies",
               "endgame_conditions", "hypersync_out", "quantum_warp_unpaid", "missions", "agenda_reserve",
               "cosmic_data_leak", "solo_objectives", "water", "resources")
BOT_KEYS = ("vp", "time_travel", "breakthroughs", "anomalies", "energy_cores", "hypersync_out")
BOT_ID = "bot"
Q = "anachrony.score"


class TableError(ValueError):
    """A combination the rules do not allow; ``msg`` says why."""

    def __init__(self, message: Msg):
        super().__init__(message.id)
        self.msg = message


class ReportError(ValueError):
    """A reported number that does not fit its rule; ``msg`` says what is valid."""

    def __init__(self, who: str, key: str, message: Msg):
        super().__init__(f"{who}.{key}: {message.id}")
        self.who, self.key, self.msg = who, key, message


class MissingTiebreak(LookupError):
    """Players tied so far whose ``key`` (water, resources) is needed to rank them."""

    def __init__(self, key: str, players: list[str]):
        super().__init__(f"{key} needed for {', '.join(players)}")
        self.key, self.players = key, players


@dataclass(frozen=True)
class Table:
    players: int                     # human players, 1..4
    modules: tuple[str, ...] = ()
    side: str | None = None          # Player board side, the same for everyone (rules §2.4 step 14)
    opponent: str | None = None      # solo: chronobot or chronossus

    @property
    def solo(self) -> bool:
        return self.players == 1

    def has(self, module: str) -> bool:
        return module in self.modules


@dataclass(frozen=True)
class Line:
    category: str
    vp: int
    why: Msg
    rule: str
    confidence: str
    provisional: bool = False
    inputs: dict = field(default_factory=dict)


@dataclass
class PlayerScore:
    id: str
    profile: str                     # player, chronobot or chronossus
    lines: list[Line]

    @property
    def total(self) -> int:
        return sum(line.vp for line in self.lines)


# --- the table ---------------------------------------------------------------------------------------


def find_module(data: ScoreData, text: str) -> str:
    """The module id for a name (official English, the seed's Portuguese, the id); else UnknownName."""
    forms = {m: list(data["modules"][m]) for m in MODULES}
    return find_name("module", text, forms, list(MODULES), fold_name)


def check_table(table: Table) -> None:
    if not 1 <= table.players <= 4:
        raise TableError(msg(f"{Q}.error.players", value=table.players))
    bad = [m for m in table.modules if m not in MODULES]
    if bad:
        raise TableError(msg(f"{Q}.error.module", value=bad[0], valid=", ".join(MODULES)))
    if table.side is not None and table.side not in SIDES:
        raise TableError(msg(f"{Q}.error.side", value=table.side))
    if table.opponent is not None:
        if not table.solo:
            raise TableError(msg(f"{Q}.error.opponent_multi"))
        if table.opponent not in OPPONENTS:
            raise TableError(msg(f"{Q}.error.opponent", value=table.opponent, valid=", ".join(OPPONENTS)))
    if table.solo and table.has("intrigues"):
        raise TableError(msg(f"{Q}.error.intrigues_solo"))
    if table.opponent == "chronobot" and table.modules:
        raise TableError(msg(f"{Q}.error.chronobot_modules"))


# --- one player ----------------------------------------------------------------------------------------


def _num(report: dict, who: str, key: str, lo: int | None = 0, hi: int | None = None, default: int | None = 0) -> int:
    v = report.get(key, default)
    if v is None or isinstance(v, bool) or not isinstance(v, int):
        raise ReportError(who, key, msg(f"{Q}.error.number", key=key, value=str(v)))
    if hi is None and lo is not None and v < lo:
        raise ReportError(who, key, msg(f"{Q}.error.at_least", key=key, value=v, min=lo))
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        raise ReportError(who, key, msg(f"{Q}.error.range", key=key, value=v, min="" if lo is None else lo,
                                        max="" if hi is None else hi))
    return v


def _steps_count(side: str, effects) -> bool:
    """Whether the Time Travel steps count: side A scores them (rules §2.8); side B prints its VP at the marker, so
    only Archive of the Eras (§2.11, 1 VP a step) still counts them."""
    return side == "A" or "archive_of_the_eras" in effects


class _Lines:
    def __init__(self, data: ScoreData):
        self.data = data
        self.lines: list[Line] = []

    def add(self, category: str, table: str, vp: int, why: str, key: str | None = None, **params: Any) -> None:
        d = self.data
        conf = d.confidence(table, key)
        self.lines.append(Line(category, vp, msg(f"{Q}.why.{why}", vp=vp, **params), d.rule(table), conf,
                               conf in FLAGGED, {k: v for k, v in params.items() if not isinstance(v, str)}))


def _breakthroughs(out: _Lines, report: dict, who: str, each: int, set_vp: int, table: str) -> None:
    shapes = list(out.data.value("breakthroughs", "shapes"))
    got = report.get("breakthroughs", {}) or {}
    unknown = [s for s in got if s not in shapes]
    if unknown:
        raise ReportError(who, "breakthroughs", msg(f"{Q}.error.shape", value=unknown[0], valid=", ".join(shapes)))
    counts = [_num(got, who, s) for s in shapes]
    total, sets = sum(counts), min(counts)
    out.add("breakthroughs", table, total * each, "breakthroughs", count=total, each=each)
    out.add("breakthrough_sets", table, sets * set_vp, "breakthrough_sets", sets=sets, each=set_vp,
            shapes=" / ".join(str(c) for c in counts))


def score_player(report: dict, table: Table, data: ScoreData, agenda: list[dict] | None = None,
                 who: str = "p1") -> PlayerScore:
    """The score lines of one human player (rules §2.12 order), from the numbers in ``report``."""
    d = data
    out = _Lines(d)
    effects = list(report.get("effects", []) or [])
    for e in effects:
        if e not in EFFECTS:
            raise ReportError(who, "effects", msg(f"{Q}.error.effect", value=e, valid=", ".join(EFFECTS)))
    n_sp = _num(report, who, "superprojects")
    if n_sp == 0 and set(effects) & set(SUPERPROJECT_EFFECTS):
        raise ReportError(who, "effects", msg(f"{Q}.error.effect_without_superproject"))
    # (2) buildings, (3) Superprojects and their end effects
    out.add("buildings", "buildings", _num(report, who, "buildings"), "buildings")
    sp_vp = _num(report, who, "superprojects_vp")
    out.add("superprojects", "superprojects", sp_vp, "superprojects", count=n_sp)
    side = table.side or "A"
    tt_table = d.value("time_travel", "side_a_vp")
    steps = _num(report, who, "time_travel", hi=len(tt_table) - 1 if side == "A" else None) \
        if _steps_count(side, effects) else None
    if "archive_of_the_eras" in effects:
        per = d.value("archive_of_the_eras", "vp_per_step")
        out.add("archive_of_the_eras", "archive_of_the_eras", per * steps, "archive_of_the_eras", "vp_per_step",
                each=per, steps=steps, card=f"@{Q}.effect.archive_of_the_eras")
    if "the_ultimate_plan" in effects:
        per = d.value("the_ultimate_plan", "vp_per_superproject")
        out.add("the_ultimate_plan", "the_ultimate_plan", per * n_sp, "the_ultimate_plan", each=per, count=n_sp,
                card=f"@{Q}.effect.the_ultimate_plan")
    # (4) Time Travel track, (5) Morale track
    if side == "A":
        out.add("time_travel", "time_travel", tt_table[steps], "time_travel_a", "side_a_vp", steps=steps)
        morale = d.value("morale", "side_a_vp")
        pos = _num(report, who, "morale", lo=1, hi=len(morale), default=None)
        raw, conf_key = morale[pos - 1], "side_a_vp"
    else:
        if steps is None:  # side B without Archive of the Eras: the steps were not asked
            out.add("time_travel", "time_travel", _num(report, who, "time_travel_vp", default=None), "time_travel_b_printed")
        else:
            out.add("time_travel", "time_travel", _num(report, who, "time_travel_vp", default=None), "time_travel_b",
                    steps=steps)
        pos, raw, conf_key = None, _num(report, who, "morale_vp", lo=None, default=None), None
    endorphins = "synthetic_endorphins" in effects and raw < 0 and not d.value("synthetic_endorphins", "negative_morale_counts")
    if endorphins:
        out.add("morale", "synthetic_endorphins", 0, "morale_endorphins", raw=raw, card=f"@{Q}.effect.synthetic_endorphins")
    elif pos is not None:
        out.add("morale", "morale", raw, "morale_a", conf_key, position=pos, positions=len(d.value("morale", "side_a_vp")))
    else:
        out.add("morale", "morale", raw, "morale_b")
    # (6) Breakthroughs and sets
    _breakthroughs(out, report, who, d.value("breakthroughs", "vp_each"), d.value("breakthroughs", "set_vp"), "breakthroughs")
    # (7) VP tokens, the Evacuation kept apart
    out.add("vp_tokens", "vp_tokens", _num(report, who, "vp_tokens"), "vp_tokens")
    cap = d.value("evacuation", "cap_vp")
    out.add("evacuation", "evacuation", _num(report, who, "evacuation", hi=cap), "evacuation", cap=cap)
    # (8) Timeline penalties after Untangling
    n = _num(report, who, "unpaid_warps")
    each = d.value("unpaid_warps", "vp_each")
    out.add("unpaid_warps", "unpaid_warps", n * each, "unpaid_warps", count=n, each=each)
    if table.has("hypersync"):
        tiles = d.value("hypersync", "tiles")
        n, each = _num(report, who, "hypersync_out", hi=tiles), d.value("hypersync", "vp_each")
        out.add("hypersync", "hypersync", n * each, "hypersync", count=n, each=each)
    if table.has("quantum_loops"):
        unpaid = report.get("quantum_warp_unpaid", False)
        if not isinstance(unpaid, bool):
            raise ReportError(who, "quantum_warp_unpaid", msg(f"{Q}.error.yesno", key="quantum_warp_unpaid", value=str(unpaid)))
        vp = d.value("quantum_warp", "vp") if unpaid else 0
        out.add("quantum_warp", "quantum_warp", vp, "quantum_warp_unpaid" if unpaid else "quantum_warp_paid")
    # (9) Anomalies
    n, each = _num(report, who, "anomalies"), d.value("anomalies", "vp_each")
    if "lab_406" in effects:
        bonus = d.value("lab_406", "anomaly_bonus_vp")
        out.add("anomalies", "lab_406", n * (each + bonus), "anomalies_lab_406", count=n, each=each, bonus=bonus)
    else:
        out.add("anomalies", "anomalies", n * each, "anomalies", count=n, each=each)
    # (10) Endgame Conditions, or the Agenda grid with Intrigues
    if table.has("intrigues"):
        _agenda_lines(out, report, who, table, agenda or [])
    elif not table.solo:
        in_play, each = d.value("endgame_conditions", "in_play"), d.value("endgame_conditions", "vp_each")
        n = _num(report, who, "endgame_conditions", hi=in_play)
        out.add("endgame_conditions", "endgame_conditions", n * each, "endgame_conditions", count=n, each=each)
    if table.solo and table.opponent == "chronossus":
        out.add("solo_objectives", "solo_objectives", _num(report, who, "solo_objectives"), "solo_objectives")
    return PlayerScore(who, "player", out.lines)


def _agenda_lines(out: _Lines, report: dict, who: str, table: Table, agenda: list[dict]) -> None:
    d = out.data
    met = [(i + 1, row["value"]) for i, row in enumerate(agenda) if who in row.get("meet", ())]
    rows = ", ".join(f"{i} ({'+' if v > 0 else ''}{v})" for i, v in met)
    out.add("agenda_grid", "agenda_grid", sum(v for _, v in met), "agenda_grid" if met else "agenda_grid_none",
            rows=rows, count=len(met))
    n, each = _num(report, who, "agenda_reserve"), d.value("agenda_reserve", "vp_per_match")
    out.add("agenda_reserve", "agenda_reserve", n * each, "agenda_reserve", count=n, each=each)
    n, each = _num(report, who, "missions"), d.value("missions", "vp_each")
    out.add("missions", "missions", n * each, "missions", count=n, each=each)
    if table.has("quantum_loops"):
        # §2.14.3: the card draws Endgame Condition cards from the box, which holds §2.12's 8 of them
        n = _num(report, who, "cosmic_data_leak", hi=d.value("endgame_conditions", "total"))
        each = d.value("cosmic_data_leak", "vp_each")
        out.add("cosmic_data_leak", "cosmic_data_leak", n * each, "cosmic_data_leak", count=n, each=each)


def check_agenda(agenda: list[dict], players: list[str], data: ScoreData) -> None:
    rows = data.value("agenda_grid", "rows")
    if len(agenda) > rows:
        raise ReportError("agenda", "rows", msg(f"{Q}.error.range", key="rows", value=len(agenda), min=0, max=rows))
    for i, row in enumerate(agenda):
        v = row.get("value")
        if isinstance(v, bool) or not isinstance(v, int):
            raise ReportError("agenda", f"row{i + 1}.value", msg(f"{Q}.error.number", key="value", value=str(v)))
        for p in row.get("meet", ()):
            if p not in players:
                raise ReportError("agenda", f"row{i + 1}.meet", msg(f"{Q}.error.player", value=p, valid=", ".join(players)))


def score_bot(report: dict, table: Table, data: ScoreData) -> PlayerScore:
    """The solo opponent's total (rules §3.2.10 Chronobot, §3.4.14 Chronossus)."""
    bot = table.opponent or "chronobot"
    d = data
    out = _Lines(d)
    out.add("vp", bot, _num(report, BOT_ID, "vp"), "bot_vp", bot=f"@{Q}.opponent.{bot}")
    track = d.value(bot, "time_travel_vp")
    steps = _num(report, BOT_ID, "time_travel", hi=len(track) - 1)
    out.add("time_travel", bot, track[steps], "bot_time_travel", "time_travel_vp", steps=steps)
    _breakthroughs(out, report, BOT_ID, d.value(bot, "breakthrough_vp"), d.value(bot, "set_vp"), bot)
    n, each = _num(report, BOT_ID, "anomalies"), d.value(bot, "anomaly_vp")
    out.lines.append(Line("anomalies", n * each, msg(f"{Q}.why.anomalies", vp=n * each, count=n, each=each),
                          d.rule(bot), d.confidence(bot, "anomaly_vp"), d.provisional(bot, "anomaly_vp"), {"count": n, "each": each}))
    if bot == "chronossus":
        if "energy_cores" in report:
            n, each = _num(report, BOT_ID, "energy_cores"), d.value(bot, "energy_core_vp")
            out.add("energy_cores", bot, n * each, "energy_cores", count=n, each=each)
        if table.has("hypersync"):
            each = d.value(bot, "solo_hypersync_vp")
            n = _num(report, BOT_ID, "hypersync_out") if each else 0
            out.add("solo_hypersync", bot, n * each, "solo_hypersync" if each else "solo_hypersync_free",
                    "solo_hypersync_vp", count=n, each=each)
    return PlayerScore(BOT_ID, bot, out.lines)


# --- ranking ------------------------------------------------------------------------------------------------


def rank(entries: list[dict], order: list[str]) -> list[dict]:
    """Places from ``entries`` ({"id", "total", "water"?, "resources"?}): highest total first, then the
    tiebreaks in ``order`` (rules §2.12: most Water, then most Resources; otherwise shared).

    Each place: {"place", "players", "total", "decided_by"} where decided_by is "total", a tiebreak key
    or "shared"; tied places share a number (1, 1, 3). Raises MissingTiebreak when a tie needs a
    number an entry lacks.
    """
    groups: list[tuple[list[dict], str]] = []

    def split(group: list[dict], keys: list[str], decided: str) -> None:
        if len(group) == 1:
            groups.append((group, decided))
            return
        if not keys:
            groups.append((group, "shared"))
            return
        key = keys[0]
        missing = [e["id"] for e in group if e.get(key) is None]
        if missing:
            raise MissingTiebreak(key, missing)
        for value in sorted({e[key] for e in group}, reverse=True):
            split([e for e in group if e[key] == value], keys[1:], key)

    for total in sorted({e["total"] for e in entries}, reverse=True):
        split([e for e in entries if e["total"] == total], list(order), "total")
    places: list[dict] = []
    place = 1
    for group, decided in groups:
        places.append({"place": place, "players": [e["id"] for e in group], "total": group[0]["total"], "decided_by": decided})
        place += len(group)
    return places


def rank_solo(player_total: int, bot_total: int, tie_is_loss: bool, player: str = "p1") -> list[dict]:
    """Solo: you win only with strictly more points; a tie is a loss (rules §3.2.10, §3.4.14)."""
    if player_total > bot_total:
        return [{"place": 1, "players": [player], "total": player_total, "decided_by": "total"},
                {"place": 2, "players": [BOT_ID], "total": bot_total, "decided_by": "total"}]
    if player_total < bot_total:
        return [{"place": 1, "players": [BOT_ID], "total": bot_total, "decided_by": "total"},
                {"place": 2, "players": [player], "total": player_total, "decided_by": "total"}]
    if not tie_is_loss:
        return [{"place": 1, "players": [player, BOT_ID], "total": bot_total, "decided_by": "shared"}]
    return [{"place": 1, "players": [BOT_ID], "total": bot_total, "decided_by": "tie_is_loss"},
            {"place": 2, "players": [player], "total": player_total, "decided_by": "tie_is_loss"}]


def tiebreak_table(table: Table) -> str:
    """The data table of the tiebreak in use: the Future Imperfect one is provisional (rules §4.1 item 22)."""
    return "tiebreak_future_imperfect" if table.modules else "tiebreak"


# --- all of it ----------------------------------------------------------------------------------------------


def player_ids(table: Table) -> list[str]:
    return [f"p{i}" for i in range(1, table.players + 1)]


def score_game(reports: dict[str, dict], table: Table, data: ScoreData, agenda: list[dict] | None = None) -> dict:
    """Every player's lines and total, the ranking and the winners; ``reports`` by id (p1.., and bot in solo).

    Raises MissingTiebreak when tied players lack a tiebreak number, ReportError for a bad number.
    """
    check_table(table)
    ids = player_ids(table)
    if table.has("intrigues"):
        check_agenda(agenda or [], ids, data)
    scores = [score_player(reports.get(p, {}), table, data, agenda, who=p) for p in ids]
    if table.solo and table.opponent:
        bot = score_bot(reports.get(BOT_ID, {}), table, data)
        ranking = rank_solo(scores[0].total, bot.total, data.value("solo", "tie_is_loss"))
        scores.append(bot)
        tiebreak = "solo"
    else:
        tiebreak = tiebreak_table(table)
        entries = [{"id": s.id, "total": s.total, **{k: reports.get(s.id, {}).get(k) for k in ("water", "resources")}}
                   for s in scores]
        order = list(data.value(tiebreak, "order"))
        ranking = rank(entries, order)
        for place in ranking:  # a place the tiebreak decided carries the tiebreak's confidence
            place["provisional"] = place["decided_by"] in (*order, "shared") and data.provisional(tiebreak)
    return {"scores": scores, "ranking": ranking, "winners": list(ranking[0]["players"]), "tiebreak": tiebreak}


def notes(table: Table) -> list[Msg]:
    """What the tally leaves to the table, by module (rules §2.12, §2.14, §4.1)."""
    out = [msg(f"{Q}.note.not_scored")]
    for module in table.modules:
        out.append(msg(f"{Q}.note.{module}"))
    if table.has("quantum_loops") and not table.has("intrigues") and not table.solo:
        out.append(msg(f"{Q}.note.cosmic_data_leak_missing"))
    return out


# --- the questions (tabletop anachrony score) ----------------------------------------------------------------


def _ask_num(who: str, key: str, name: Any, lo: int | None = 0, hi: int | None = None, hint: Msg | None = None, **params):
    return Ask(f"{Q}.{who}.{key}", msg(f"{Q}.ask.{key}", player=name, **params), NUMBER, min=lo, max=hi, hint=hint)


def _player_questions(table: Table, data: ScoreData, who: str, name: Any, limits: dict[str, int] | None = None):
    """The report of one player, question by question (rules §2.12 order); ``limits`` narrows a question's
    largest answer where a game knows more than the rules' bound (the Cosmic Data Leak draws it counted)."""
    r: dict[str, Any] = {}
    limits = limits or {}
    r["buildings"] = yield _ask_num(who, "buildings", name)
    r["superprojects"] = yield _ask_num(who, "superprojects", name)
    if r["superprojects"]:
        r["superprojects_vp"] = yield _ask_num(who, "superprojects_vp", name, count=r["superprojects"])
    offered = EFFECTS if r["superprojects"] else ("lab_406",)
    r["effects"] = yield Ask(f"{Q}.{who}.effects", msg(f"{Q}.ask.effects", player=name), SEVERAL_OF,
                             tuple(Choice(e, msg(f"{Q}.effect.{e}")) for e in offered), min=0,
                             hint=msg(f"{Q}.hint.effects"))
    side = table.side or "A"
    tt_max = len(data.value("time_travel", "side_a_vp")) - 1 if side == "A" else None
    if _steps_count(side, r["effects"] or ()):
        # side B prints the track's VP at the marker (asked below): the steps count only for Archive of the Eras
        r["time_travel"] = yield _ask_num(who, "time_travel", name, hi=tt_max, hint=msg(f"{Q}.hint.time_travel"))
    if side == "A":
        r["morale"] = yield _ask_num(who, "morale", name, lo=1, hi=len(data.value("morale", "side_a_vp")))
    else:
        r["time_travel_vp"] = yield _ask_num(who, "time_travel_vp", name)
        r["morale_vp"] = yield _ask_num(who, "morale_vp", name, lo=None)
    r["breakthroughs"] = {}
    for shape in data.value("breakthroughs", "shapes"):
        r["breakthroughs"][shape] = yield Ask(f"{Q}.{who}.breakthroughs.{shape}",
                                              msg(f"{Q}.ask.breakthroughs", player=name, shape=f"@{Q}.shape.{shape}"),
                                              NUMBER, min=0)
    r["vp_tokens"] = yield _ask_num(who, "vp_tokens", name, hint=msg(f"{Q}.hint.vp_tokens"))
    r["evacuation"] = yield _ask_num(who, "evacuation", name, hi=data.value("evacuation", "cap_vp"), hint=msg(f"{Q}.hint.evacuation"))
    r["unpaid_warps"] = yield _ask_num(who, "unpaid_warps", name, hint=msg(f"{Q}.hint.untangle"))
    if table.has("hypersync"):
        r["hypersync_out"] = yield _ask_num(who, "hypersync_out", name, hi=data.value("hypersync", "tiles"))
    if table.has("quantum_loops"):
        r["quantum_warp_unpaid"] = yield Ask(f"{Q}.{who}.quantum_warp_unpaid", msg(f"{Q}.ask.quantum_warp_unpaid", player=name),
                                             YES_NO, hint=msg(f"{Q}.hint.untangle"), default=False)
    r["anomalies"] = yield _ask_num(who, "anomalies", name)
    if table.has("intrigues"):
        r["agenda_reserve"] = yield _ask_num(who, "agenda_reserve", name, hi=limits.get("agenda_reserve"),
                                             hint=msg(f"{Q}.hint.agenda_reserve"))
        r["missions"] = yield _ask_num(who, "missions", name, hint=msg(f"{Q}.hint.missions"))
        if table.has("quantum_loops"):
            most = data.value("endgame_conditions", "total")
            r["cosmic_data_leak"] = yield _ask_num(who, "cosmic_data_leak", name,
                                                   hi=min(most, limits.get("cosmic_data_leak", most)))
    elif not table.solo:
        r["endgame_conditions"] = yield _ask_num(who, "endgame_conditions", name, hi=data.value("endgame_conditions", "in_play"))
    if table.solo and table.opponent == "chronossus":
        r["solo_objectives"] = yield _ask_num(who, "solo_objectives", name, hint=msg(f"{Q}.hint.solo_objectives"))
    return r


def _bot_questions(table: Table, data: ScoreData):
    bot = table.opponent
    name = f"@{Q}.opponent.{bot}"
    r: dict[str, Any] = {}
    r["vp"] = yield _ask_num(BOT_ID, "vp", name, hint=msg(f"{Q}.hint.bot_vp"))
    r["time_travel"] = yield _ask_num(BOT_ID, "time_travel", name, hi=len(data.value(bot, "time_travel_vp")) - 1,
                                      hint=msg(f"{Q}.hint.time_travel"))
    r["breakthroughs"] = {}
    for shape in data.value("breakthroughs", "shapes"):
        r["breakthroughs"][shape] = yield Ask(f"{Q}.{BOT_ID}.breakthroughs.{shape}",
                                              msg(f"{Q}.ask.breakthroughs", player=name, shape=f"@{Q}.shape.{shape}"),
                                              NUMBER, min=0)
    r["anomalies"] = yield _ask_num(BOT_ID, "anomalies", name)
    if bot == "chronossus":
        option = yield Ask(f"{Q}.{BOT_ID}.energy_core_option", msg(f"{Q}.ask.energy_core_option"), YES_NO, default=False)
        if option:
            r["energy_cores"] = yield _ask_num(BOT_ID, "energy_cores", name)
        if table.has("hypersync") and data.value(bot, "solo_hypersync_vp"):
            r["hypersync_out"] = yield _ask_num(BOT_ID, "hypersync_out", name)
    return r


def _agenda_questions(table: Table, data: ScoreData, labels: dict[str, Msg]):
    ids = player_ids(table)
    rows = data.value("agenda_grid", "rows")
    hint = msg(f"{Q}.hint.agenda_rows", rows=rows) if data.provisional("agenda_grid", "rows") else None
    n = yield Ask(f"{Q}.agenda.rows", msg(f"{Q}.ask.agenda_rows"), NUMBER, min=0, max=rows, hint=hint)
    known = ", ".join(str(v) for v in data.value("agenda_grid", "known_values"))
    agenda = []
    for i in range(1, n + 1):
        value = yield Ask(f"{Q}.agenda.row{i}.value", msg(f"{Q}.ask.agenda_value", row=i), NUMBER,
                          hint=msg(f"{Q}.hint.agenda_value", known=known))
        meet = yield Ask(f"{Q}.agenda.row{i}.meet", msg(f"{Q}.ask.agenda_meet", row=i), SEVERAL_OF,
                         tuple(Choice(p, labels[p]) for p in ids), min=0)
        agenda.append({"value": value, "meet": meet})
    return agenda


def display_name(who: str, names: list[str], table: Table) -> Any:
    """A player's name for the messages: the one the table gave, else "Player N"; the bot's name."""
    if who == BOT_ID:
        return f"@{Q}.opponent.{table.opponent}"
    i = int(who[1:]) - 1
    if i < len(names) and names[i]:
        return names[i].lstrip("@")
    return f"@{Q}.player.{i + 1}"


def procedure(table: Table, data: ScoreData, names: list[str] | tuple[str, ...] = (),
              limits: dict[str, dict[str, int]] | None = None):
    """Ask the table for every number of the tally, then score; returns ``(result, reports, agenda, table)``
    (the table with the answered side and opponent). ``limits``: per player, a question's largest answer
    that a game knows (``{"p1": {"cosmic_data_leak": 2}}``)."""
    limits = limits or {}
    if table.solo and table.opponent is None:
        opp = yield Ask(f"{Q}.opponent", msg(f"{Q}.ask.opponent"), ONE_OF,
                        tuple(Choice(o, msg(f"{Q}.opponent.{o}")) for o in OPPONENTS), check=_table_check(table))
        table = Table(1, table.modules, table.side, opp)
    check_table(table)
    if table.side is None:
        side = yield Ask(f"{Q}.side", msg(f"{Q}.ask.side"), ONE_OF, tuple(Choice(s, msg(f"{Q}.side.{s}")) for s in SIDES),
                         hint=msg(f"{Q}.hint.side"))
        table = Table(table.players, table.modules, side, table.opponent)
    ids = player_ids(table)
    shown = {p: display_name(p, list(names), table) for p in ids}
    reports: dict[str, dict] = {}
    for p in ids:
        yield Say(msg(f"{Q}.head.player", player=shown[p]), "head")
        reports[p] = yield from _player_questions(table, data, p, shown[p], limits.get(p))
    if table.solo:
        yield Say(msg(f"{Q}.head.player", player=display_name(BOT_ID, [], table)), "head")
        reports[BOT_ID] = yield from _bot_questions(table, data)
    agenda: list[dict] = []
    if table.has("intrigues"):
        yield Say(msg(f"{Q}.head.agenda"), "head")
        agenda = yield from _agenda_questions(table, data, {p: _choice_label(shown[p]) for p in ids})
    while True:
        try:
            result = score_game(reports, table, data, agenda)
            break
        except MissingTiebreak as need:
            for p in need.players:
                reports[p][need.key] = yield _ask_num(p, need.key, shown[p], hint=msg(f"{Q}.hint.tiebreak"))
    return result, reports, agenda, table


def _choice_label(name: Any) -> Msg:
    if isinstance(name, str) and name.startswith("@"):
        return msg(name[1:])
    return msg(f"{Q}.name", name=name)


def _table_check(table: Table):
    def check(value):
        try:
            check_table(Table(1, table.modules, table.side, value))
        except TableError as e:
            raise InvalidAnswer(e.msg) from None
        return value

    return check

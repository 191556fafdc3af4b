"""``tabletop stats [GAME]``: what the finished games say, game by game (issue 24).

For each game: how many finished plays and their average time; the wins of each kind of seat (the humans, each bot
at each level); how often the humans beat each bot; the average and best score of each kind of seat; by faction
(Power, camp, colour) where the game has them, the plays, wins and scores, with a bar of the share won; by person
where the table named the seats (the same name is the same person in every game: ``person_key`` of the BG Stats
export), their plays, wins and scores; and each
kind's score play by play as a chart (``cli/terminal/chart.py``, as the end-of-game summary draws it). Read-only, like
``tabletop history``: the summaries of ``state/summary.py``.
"""

from __future__ import annotations

from typing import Any

from ..commands.env import CliError, Env
from .played import bot_kind, duration_text, find_game_id, game_name, kept, print_lines, summaries, when, wrapped

BAR = 10  # cells of a faction's bar


def run(env: Env, game: str | None) -> None:
    rows = summaries(env)
    if game is None and env.game is not None:  # --game, as 'history' takes it: a game, or a save (its game)
        game = next((r["game"] for r in rows if r["name"] == env.game and r.get("game")), None)
        if game is None:
            from .history import unknown

            try:
                game = find_game_id(env, env.game)
            except CliError:
                raise unknown(env, env.game, rows) from None
    game_id = find_game_id(env, game) if game else ""
    every = [r for r in rows if not r.get("damaged") and (not game_id or r["game"] == game_id)]
    rows = [r for r in every if r.get("finished")]
    going = len(every) - len(rows)  # games in progress, named when nothing is finished yet
    report = compute(env.t, rows)
    if env.json:
        env.emit_json({"ok": True, "games": report})
        return
    if not report:
        text = env.t("stats.none_of", game=game_name(game_id)) if game_id else env.t("stats.none")
        more = env.t("stats.in_progress", n=going) if going else env.t("stats.start", game=game_id or env.t("stats.any_game"))
        env.out.print(f"{text} {more}")
        return
    width = env.out.width
    first = True
    for entry in report:
        if not first:
            env.out.print()
        first = False
        print_lines(env, text_lines(env.t, entry, width))
        chart = chart_lines(env.t, entry, width)
        if chart:
            print_lines(env, wrapped(env.t("stats.chart"), width, indent=2) + chart)


def compute(t, rows: list[dict]) -> list[dict[str, Any]]:
    """The statistics of finished games' summaries, one entry per game (in the registry's order)."""
    from automata.core.games import GAMES

    out = []
    for info in GAMES:
        plays = sorted((r for r in rows if r["game"] == info.id), key=when)
        if plays:
            out.append(_game_stats(t, info.id, plays))
    return out


def _game_stats(t, game_id: str, plays: list[dict]) -> dict[str, Any]:
    kinds: dict[str, dict] = {}
    against: dict[str, dict] = {}
    factions: dict[str, dict] = {}
    people: dict[str, dict] = {}
    undecided = nobody = 0
    for n, row in enumerate(plays):
        result = row["result"]
        decided = not result.get("undecided")
        human_won = result.get("winner_kind") == "human" or any(
            s["winner"] and s["kind"] == "human" for s in row["seats"])
        if not decided:
            undecided += 1
        elif not result["winners"] and not human_won:
            nobody += 1
        present: set[str] = set()
        won: set[str] = {"human"} if human_won else set()
        for seat in row["seats"]:
            key, label = bot_kind(t, seat)
            kind = kinds.setdefault(key, {"key": key, "label": label, "plays": 0, "wins": 0, "scores": [], "by_play": {}})
            present.add(key)
            if seat["winner"]:
                won.add(key)
            if seat.get("score") is not None:
                kind["scores"].append(seat["score"])
                kind["by_play"][n] = max(kind["by_play"].get(n, seat["score"]), seat["score"])
            if key != "human" and key not in against:
                against[key] = {"key": key, "label": label, "plays": 0, "decided": 0, "human_wins": 0}
            _faction_stats(t, factions, seat)
            _person_stats(people, seat)
        for key in present:
            kinds[key]["plays"] += 1
            kinds[key]["wins"] += 1 if key in won else 0
        for key in present - {"human"}:
            a = against[key]
            a["plays"] += 1
            a["decided"] += 1 if decided else 0
            a["human_wins"] += 1 if human_won else 0
    seconds = [int(r.get("play_seconds") or 0) for r in plays if r.get("play_seconds")]
    return {
        "game": game_id,
        "plays": len(plays),
        "undecided": undecided,
        "nobody_won": nobody,
        "timed": len(seconds),
        "average_seconds": sum(seconds) // len(seconds) if seconds else 0,
        "kinds": [_scored(k, len(plays)) for k in kinds.values()],
        "against_bots": [{**a, "rate": round(a["human_wins"] / a["decided"], 3) if a["decided"] else None}
                         for a in against.values()],
        "factions": [_scored(f, len(plays)) for f in factions.values()],
        "people": [_scored(p, len(plays)) for p in people.values()],
    }


def _person_stats(people: dict, seat: dict) -> None:
    """A seat the table named counts for its person (by name, any case); unnamed seats and bots count only by kind."""
    from .exporters.bgstats import person_key

    name = str(seat.get("name") or "").strip()
    if seat.get("kind") == "bot" or not name:
        return
    key = person_key("", seat)
    p = people.setdefault(key, {"key": key, "label": name, "plays": 0, "wins": 0, "scores": []})
    p["plays"] += 1
    p["wins"] += 1 if seat["winner"] else 0
    if seat.get("score") is not None:
        p["scores"].append(seat["score"])


def _faction_stats(t, factions: dict, seat: dict) -> None:
    ids = [f for f in str(seat.get("faction", "")).split(",") if f]
    labels = (seat.get("terms") or {}).get("factions") or []
    for i, fid in enumerate(ids):
        label = str(t.param(labels[i])) if i < len(labels) else fid
        f = factions.setdefault(fid, {"key": fid, "label": label, "plays": 0, "wins": 0, "scores": [], "by_play": {}})
        f["plays"] += 1
        f["wins"] += 1 if seat["winner"] else 0
        if seat.get("score") is not None:
            f["scores"].append(seat["score"])


def _scored(entry: dict, plays: int) -> dict[str, Any]:
    scores = entry["scores"]
    out = {k: v for k, v in entry.items() if k not in ("scores", "by_play")}
    out["average_score"] = round(sum(scores) / len(scores), 1) if scores else None
    out["best_score"] = max(scores) if scores else None
    out["series"] = [entry["by_play"].get(n) for n in range(plays)] if entry.get("by_play") else []
    return out


def number(value: float | None) -> str:
    """An average as the table reads it: a whole number (scores are whole points; --json keeps the decimal)."""
    if value is None:
        return "—"
    return str(int(value + 0.5))


def text_lines(t, entry: dict, width: int) -> list[str]:
    game = entry["game"]
    head = [game_name(game), t("stats.plays", n=entry["plays"])]
    if entry["timed"]:
        head.append(t("stats.average_time", time=duration_text(t, entry["average_seconds"])))
    out = wrapped(" · ".join(head), width, hang=4)
    wins = [kept(t("stats.wins_of", kind=k["label"], wins=k["wins"], plays=k["plays"])) for k in entry["kinds"]]
    if entry["undecided"]:
        wins.append(kept(t("stats.undecided", n=entry["undecided"])))
    if entry["nobody_won"]:
        wins.append(kept(t("stats.nobody_won", n=entry["nobody_won"])))
    out += wrapped(t("stats.line.wins", wins=" · ".join(wins)), width, indent=2, hang=4)
    if entry.get("people"):  # by person where the seats are named (two games of Ana and Bruno: each their own wins)
        people = [kept(t("stats.wins_of", kind=p["label"], wins=p["wins"], plays=p["plays"]))
                  for p in sorted(entry["people"], key=lambda p: (-p["wins"], -p["plays"], p["label"].casefold()))]
        out += wrapped(t("stats.line.people", people=" · ".join(people)), width, indent=2, hang=4)
    if entry["against_bots"]:
        items = [kept(t("stats.against", bot=a["label"], wins=a["human_wins"], plays=a["decided"],
                        rate=f"{round(100 * a['rate'])}%" if a["rate"] is not None else "—"))
                 for a in entry["against_bots"]]
        out += wrapped(t("stats.line.against", against=" · ".join(items)), width, indent=2, hang=4)
    scored = [k for k in entry["kinds"] if k["best_score"] is not None]
    if scored:
        items = [kept(t("stats.score_of", kind=k["label"], average=number(k["average_score"]), best=k["best_score"]))
                 for k in scored]
        out += wrapped(t("stats.line.scores", scores=" · ".join(items)), width, indent=2, hang=4)
    if entry["factions"]:
        scores = any(f["average_score"] is not None for f in entry["factions"])
        out += wrapped(t("stats.line.factions_scores" if scores else "stats.line.factions",
                         what=t(f"{game}.result.factions")), width, indent=2, hang=4)
        out += faction_rows(t, entry["factions"], width)
    return out


def faction_rows(t, factions: list[dict], width: int) -> list[str]:
    """One row per faction: its name, a bar of the share of its plays it won, won/played, average and best score."""
    label_w = max(len(f["label"]) for f in factions)
    rows = []
    for f in sorted(factions, key=lambda f: (-f["wins"] / f["plays"], -f["plays"], f["label"])):
        filled = round(BAR * f["wins"] / f["plays"]) if f["plays"] else 0
        bar = "█" * filled + "·" * (BAR - filled)
        tail = f"{f['wins']}/{f['plays']}"
        if f["average_score"] is not None:
            tail += f"  {number(f['average_score'])} / {f['best_score']}"
        line = f"    {f['label']:<{label_w}}  {bar}  {tail}"
        rows += wrapped(line, width, hang=6) if len(line) > width else [line]
    return rows


def chart_lines(t, entry: dict, width: int) -> list[str]:
    """Each kind of seat's score play by play (its best seat in each play), oldest first, when two plays or more
    have scores: one row of blocks per kind as ``cli/terminal/chart.py`` draws them, scaled to the best score, then the last
    score; a label too long for the row goes on a line of its own (nothing is cut)."""
    from ..terminal.chart import spark

    series = {k["label"]: [v for v in k.get("series", []) if v is not None] for k in entry["kinds"]}
    series = {label: values for label, values in series.items() if len(values) >= 2}
    if not series:
        return []
    top = max(max(v) for v in series.values())
    label_w = min(max(len(label) for label in series), max(6, width // 4))
    value_w = max(len(str(v[-1])) for v in series.values())
    room = max(4, width - 4 - label_w - value_w - 4)
    rows = []
    for label, values in series.items():
        bar = f"{spark(values[-room:], top)}  {values[-1]:>{value_w}}"
        if len(label) <= label_w:
            rows.append(f"    {label:<{label_w}}  {bar}")
        else:
            rows += wrapped(label, width, indent=4)
            rows.append(f"    {'':<{label_w}}  {bar}")
    return rows

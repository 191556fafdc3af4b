"""A finished game for BG Stats: the import file (``.bgsplay``) and the one-play link.

Both are built from the read-only summary of a save (``state/summary.py``, shape in its docstring) and the names
the table reads (``Labels``, rendered by the command in the table's language); nothing here reads or writes a file.

Sources of the two formats (public; the code below is our own):

- The one-play link: BG Stats' own page "Push plays to BG Stats from other apps or websites",
  https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/ :
  ``https://app.bgstatsapp.com/createPlay.html?data=<url-encoded JSON>`` with ``sourceName``, ``sourcePlayId``
  (the source's own id of the play: importing it again is recognised), ``playDate`` (UTC, ``yyyy-MM-dd HH:mm:ss``),
  ``durationMin``, ``board`` (board or variant), ``comments``, ``game`` {``name``, ``bggId``, ``highestWins``,
  ``noPoints``, ``sourceGameId``} and ``players`` [{``name``, ``sourcePlayerId``, ``score``, ``winner``, ``rank``,
  ``role``, ``startPlayer``}]. That ``playDate`` is the play's end is how public code writing the link reads the
  page (for example the link builders beside it on GitHub that cite the same page).
- The play file: JSON as BG Stats exports and reads it, as written by ctuncan/bga_bgstats (``main.py``, a
  ``.bgsplay`` writer) and read by theiam79/hermod-bot (``legacy/Hermod.BGstats/PlayFile.cs``): ``about``,
  ``players`` [{``id``, ``uuid``, ``name``, ``isAnonymous``, ``modificationDate``, ``bggUsername``}],
  ``locations`` [{``id``, ``uuid``, ``name``, ``modificationDate``}], ``games`` [{``id``, ``uuid``, ``name``,
  ``bggId``, ``bggName``, ``bggYear``, ``highestWins``, ``noPoints``, ``cooperative``, ``usesTeams``,
  ``modificationDate``}], ``plays`` [{``uuid``, ``playDate``, ``entryDate``, ``modificationDate``, ``durationMin``,
  ``gameRefId``, ``locationRefId``, ``board``, ``rounds``, ``ignored``, ``manualWinner``, ``usesTeams``,
  ``playerScores`` [{``playerRefId``, ``score`` (text), ``winner``, ``newPlayer``, ``startPlayer``,
  ``seatOrder``, ``rank``, ``role``}], ``expansionPlays``, ``comments``}], ``userInfo`` {``meRefId``}. A play's
  ``uuid`` is what makes a second import of the same play the same play. An expansion played is a game of its own
  in ``games`` (``isExpansion`` true, the base game ``isBaseGame`` true) named by the play's ``expansionPlays``
  [{``gameRefId``}] (hermod-bot's ``ExpansionPlaySection``; a BG Stats export's TypeScript types, public beside
  it, add the expansion's ``bggId``). The one-play link carries no expansion: its page names no key for one.

Who is who: a seat the table named is that person in every play (its name's id); an unnamed seat is its seat label
in every play of its game (Khorne is one player, "Player A" of Radlands another): name the seats to get each
person's own record. ``meRefId`` (who in the file is the app's owner) is the seat the owner says they played
(``export --me``, or ``me = "..."`` in ``overrides/bgstats.toml``), else 0 (nobody). The start player is the seat
the game recorded as starting (``start_seat`` of the summary: ``automata/core/seats.py``).

BG Stats' non-players (automa and bots, https://www.bgstatsapp.com/support/non-players/) are marked with the key
of ``bgstats.toml`` ``[nonplayer]``, which is PROVISIONAL (no public source names it); a bot seat's role also says
which bot it is.
"""

from __future__ import annotations

import json
import tomllib
import uuid
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import quote

LINK = "https://app.bgstatsapp.com/createPlay.html"
#: Characters a URL's query may hold as they are (RFC 3986 3.4, less "&", "=" and "+", which a query's reader
#: would take for its own): the JSON's other characters are percent-encoded, and decoding gives the JSON back.
SAFE = ":,/@!$'()*;?"
SOURCE_NAME = "Tabletop Companion"
#: The namespace of every id this program gives BG Stats: the same save always gets the same ids.
NAMESPACE = uuid.uuid5(uuid.NAMESPACE_OID, "tabletop-companion.bgstats")
ABOUT = ("A play exported by Tabletop Companion for Board Game Stats: open it with BG Stats "
         "(share, or open in) to import the play.")
DATA_FILE = Path(__file__).with_name("bgstats.toml")


def data() -> dict:
    with open(DATA_FILE, "rb") as fh:
        return tomllib.load(fh)


@dataclass
class Labels:
    """What the table reads, in its language: each seat's name and role, and the board (modules, variant)."""

    seats: dict[str, str] = field(default_factory=dict)
    roles: dict[str, str] = field(default_factory=dict)
    board: str = ""
    comments: str = ""


def _uuid(key: str) -> str:
    """A stable id in the form BG Stats writes its own (upper-case, as the play files of the sources show)."""
    return str(uuid.uuid5(NAMESPACE, key)).upper()


def play_id(summary: dict) -> str:
    """The play's own stable id, made of what a save never changes (its game, its creation time to the second and
    its random seed): the same save gives the same id on every export, even renamed; two saves never the same."""
    return _uuid(f"play:{summary['game']}|{summary.get('created', '')}|{summary.get('seed', '')}")


def _seat_key(summary: dict, seat: dict) -> str:
    """A seat as a BG Stats player, short and stable: a bot is the same player in every play of its game (its level
    is its role), a human seat is the person the table named (the same name, the same player in every game), and an
    unnamed seat is its seat label in every play of its game (Khorne, Player A): never a new player per play."""
    return uuid.uuid5(NAMESPACE, person_key(summary["game"], seat)).hex[:12]


def person_key(game: str, seat: dict) -> str:
    """Who sat in ``seat``, the same across plays: ``human:<name>`` (case-folded) for a named seat,
    ``seat:<game>:<seat id>`` for an unnamed one, ``bot:<game>:<bot>:<seat id>`` for a bot (``tabletop stats``
    counts people by it too)."""
    if seat.get("kind") == "bot":
        return f"bot:{game}:{seat.get('bot', '')}:{seat['id']}"
    name = (seat.get("name") or "").strip()
    return f"human:{name.casefold()}" if name else f"seat:{game}:{seat['id']}"


def expansions(summary: dict, owner: dict | None = None) -> list[dict]:
    """The expansions the play used, as BG Stats knows them: [{"item", "name", "bgg_id"}] from ``bgstats.toml``
    ``[expansions.<game>.<item>]`` (the owner's ``overrides/bgstats.toml`` may correct a PROVISIONAL id), for each
    collection item the setup used (``automata/core/collection.py`` ``played``) that is an expansion of its own on
    BoardGameGeek (Future Imperfect's modules are in its box: the play's board names them)."""
    from automata.core.collection import played

    table = data().get("expansions", {}).get(summary["game"], {})
    mine = ((owner or {}).get("expansions") or {}).get(summary["game"]) or {}
    out = []
    for item in played(summary["game"], summary.get("options") or {}):
        if item not in table:
            continue
        entry = {**table[item], **(mine.get(item) if isinstance(mine.get(item), dict) else {})}
        out.append({"item": item, "name": str(entry["name"]), "bgg_id": int(entry.get("bgg_id") or 0)})
    return out


def _when(iso: str) -> str:
    """An ISO 8601 time as BG Stats writes it: UTC, ``yyyy-MM-dd HH:mm:ss``; "" when unknown."""
    if not iso:
        return ""
    try:
        moment = datetime.fromisoformat(iso)
    except ValueError:
        return ""
    if moment.tzinfo is not None:
        moment = moment.astimezone(timezone.utc)
    return moment.strftime("%Y-%m-%d %H:%M:%S")


def _minutes(summary: dict) -> int:
    from ...inplay.clock import whole_minutes  # the one rule of a play's minutes: what status and history show

    return whole_minutes(summary.get("play_seconds") or 0)


def _ranks(summary: dict) -> dict[str, int]:
    """Rank 1 for every winner; the others after them by score, highest first (equal scores share a rank, seats
    without a score come last)."""
    def standing(seat: dict):
        if seat.get("winner"):
            return (0, 0)
        return (1, 0) if seat.get("score") is None else (0.5, -seat["score"])

    order = sorted(summary["seats"], key=standing)
    ranks: dict[str, int] = {}
    for i, seat in enumerate(order):
        same = i > 0 and standing(order[i - 1]) == standing(seat)
        ranks[seat["id"]] = ranks[order[i - 1]["id"]] if same else i + 1
    return ranks


def _nonplayer_field(owner: dict | None) -> str:
    if owner and isinstance(owner.get("nonplayer_field"), str):
        return owner["nonplayer_field"]
    return data()["nonplayer"]["field"]


def _score(seat: dict, no_points: bool):
    return None if no_points or seat.get("score") is None else seat["score"]


def link_play(summary: dict, labels: Labels, owner: dict | None = None) -> dict:
    """The JSON of the one-play link (see the module's sources)."""
    game = data()["games"][summary["game"]]
    nonplayer = _nonplayer_field(owner)
    ranks = _ranks(summary)
    players = []
    for i, seat in enumerate(summary["seats"]):
        # every player carries "winner" (BG Stats' Android app is reported to refuse a player without it)
        player = {"name": labels.seats.get(seat["id"], seat["id"]), "sourcePlayerId": _seat_key(summary, seat),
                  "winner": bool(seat.get("winner")), "rank": ranks[seat["id"]]}
        if seat["id"] == summary.get("start_seat"):
            player["startPlayer"] = True
        score = _score(seat, game["no_points"])
        if score is not None:
            player["score"] = score
        if labels.roles.get(seat["id"]):
            player["role"] = labels.roles[seat["id"]]
        if nonplayer and seat.get("kind") == "bot":
            player[nonplayer] = True
        players.append(player)
    # the link travels whole in a URL (and a QR code): empty fields are left out
    play = {"sourceName": SOURCE_NAME, "sourcePlayId": play_id(summary),
            "playDate": _when(summary.get("ended") or summary.get("started") or summary.get("created", "")),
            "durationMin": _minutes(summary),
            "game": {"name": game["name"], "bggId": game["bgg_id"], "highestWins": game["highest_wins"],
                     "noPoints": game["no_points"], "sourceGameId": summary["game"]},
            "players": players}
    if labels.board:
        play["board"] = labels.board
    if labels.comments:
        play["comments"] = labels.comments
    return play


def link(play: dict) -> str:
    """The one-play link: opening it on a phone with BG Stats shows the app's import dialog."""
    text = json.dumps(play, ensure_ascii=False, separators=(",", ":"))
    return f"{LINK}?data={quote(text, safe=SAFE)}"


def bgsplay(summary: dict, labels: Labels, owner: dict | None = None, me: str = "") -> str:
    """The text of the ``.bgsplay`` file: one play, its game and expansions, its players and a location (see the
    module's sources); ``me``: the seat id the app's owner played ("" when not said: ``meRefId`` 0)."""
    game = data()["games"][summary["game"]]
    nonplayer = _nonplayer_field(owner)
    ranks = _ranks(summary)
    stamp = _when(summary.get("ended") or summary.get("created", ""))
    players, scores = [], []
    for i, seat in enumerate(summary["seats"], 1):
        player = {"id": i, "uuid": _uuid("player:" + _seat_key(summary, seat)),
                  "name": labels.seats.get(seat["id"], seat["id"]), "isAnonymous": False, "bggUsername": "",
                  "modificationDate": stamp}
        if nonplayer and seat.get("kind") == "bot":
            player[nonplayer] = True
        players.append(player)
        score = _score(seat, game["no_points"])
        scores.append({"playerRefId": i, "score": "" if score is None else str(score), "winner": bool(seat.get("winner")),
                       "newPlayer": False, "startPlayer": seat["id"] == summary.get("start_seat"), "seatOrder": i, "rank": ranks[seat["id"]],
                       "role": labels.roles.get(seat["id"], "")})
    extra = expansions(summary, owner)
    document = {
        "about": ABOUT,
        "players": players,
        "locations": [{"id": 1, "uuid": _uuid("location:" + SOURCE_NAME), "name": SOURCE_NAME,
                       "modificationDate": stamp}],
        "games": [{"id": 1, "uuid": _uuid("game:" + summary["game"]), "name": game["name"],
                   "bggId": game["bgg_id"], "bggName": game["name"], "bggYear": 0, "highestWins": game["highest_wins"],
                   "noPoints": game["no_points"], "cooperative": False, "usesTeams": False, "modificationDate": stamp,
                   "isBaseGame": True, "isExpansion": False}]
        + [{"id": n, "uuid": _uuid(f"game:{summary['game']}:{e['item']}"), "name": e["name"], "bggId": e["bgg_id"],
            "bggName": e["name"], "bggYear": 0, "highestWins": game["highest_wins"], "noPoints": game["no_points"],
            "cooperative": False, "usesTeams": False, "modificationDate": stamp, "isBaseGame": False,
            "isExpansion": True} for n, e in enumerate(extra, 2)],
        "plays": [{"uuid": play_id(summary), "playDate": _when(summary.get("started") or summary.get("created", "")),
                   "entryDate": stamp, "modificationDate": stamp, "durationMin": _minutes(summary), "gameRefId": 1,
                   "locationRefId": 1, "board": labels.board, "rounds": 0,
                   "ignored": False, "manualWinner": False, "usesTeams": False, "playerScores": scores,
                   "expansionPlays": [{"gameRefId": n, "bggId": e["bgg_id"]} for n, e in enumerate(extra, 2)],
                   "comments": labels.comments}],
        "userInfo": {"meRefId": next((p["id"] for p, s in zip(players, summary["seats"]) if me and s["id"] == me), 0)},
    }
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"

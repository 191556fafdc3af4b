"""Take Actions 2 (seed): the Action Priority List, from the top, once: the entries whose printed criteria hold, their
costs, the line of answers that spends the points in one go."""

from __future__ import annotations

import re

from ..core.steps import TEXT, Ask, Choice, InvalidAnswer, Say, msg
from .common import area_term, bot_name, fold, is_emperor, provisional
from .emperor import emperor_type_now
from .emperor_steps import maybe_emperor, military_emperor_killed
from .events import events_at
from .mat_edit import is_provisional


def bot_spend(state: dict, data, colour: str):
    """Seed, Take Actions 2: the priority list from the top, once; an entry is done when its criteria hold and the points pay.

    One question per decision: "which is the next entry whose printed criteria hold now?", offering the entries
    still ahead in the list, in list order, that the bot can still pay for (an entry whose influence type has no
    points left, or whose known cost is more than the points left, is never offered), plus "none of them". The
    pick is done and paid, and the next question starts from the entry after it (from the same entry when the
    printed entry may be done again, G9), until the list ends, the table says none, or the points run out.

    The same answer may name several entries in list order (issue 11: a table that has already played the bot's
    list records it in one line), e.g. ``3 4 9`` or ``3, 4, 9=2`` (``=`` gives a cost inline): perform them in that
    order, and no other entry of the rest of the list holds, so no closing question (``3 none`` says the same of
    one entry; a single ``3`` keeps its meaning: perform it, then the question again). The whole line is checked
    against the single pass before anything is applied (see ``line_check``).
    """
    bots = state["bots"]
    bot = bots[colour]
    name = bot_name(colour, bots)
    yield Say(msg("toc.spend.title", bot=name, points=_points_text(bot)), "head")
    if any(is_provisional(e) for e in data.priority):
        yield provisional("priority.entries")
    else:
        yield Say(msg("toc.spend.owner_list"), "rule")
    entries = list(data.priority)
    done: dict[str, int] = {}
    said: set[str] = set()
    start, k = 0, 0
    performed: list[str] = []  # the actions done so far this turn, in order (what the program knows of the board)
    unpayable = False  # the pass ended because no entry still ahead can be paid with the points left
    while start < len(entries) and sum(bot["points"].values()) > 0:
        offered = [e for e in entries[start:] if _can_offer(state, bot, e, done)]
        if not offered:
            unpayable = True
            break
        yield from _spend_reminders(state, colour, offered, said)
        k += 1
        choices = tuple(_entry_choice(state, e, bot) for e in offered)
        for c in choices:  # the menu, so that a line can name the entries by their list numbers
            yield Say(c.label, "info")
        pick = yield Ask(f"toc.{colour}.apl.{k}", msg("toc.spend.which", bot=name, points=_points_text(bot)), TEXT,
                         choices + (Choice(NONE, msg("toc.spend.none")),),
                         check=line_check(state, bot, entries, offered, done),
                         hint=_line_hint(offered))
        if pick == NONE:
            break
        line = decode_line(pick)
        for n, (eid, given) in enumerate(line):
            i = next(j for j, e in enumerate(entries) if e["id"] == eid)
            entry = entries[i]
            done[eid] = done.get(eid, 0) + 1
            start = i if entry.get("repeat") and done[eid] < REPEAT_MAX else i + 1
            if n and not _still_payable(state, bot, entry, given):
                # an earlier entry of the line cost more than the table's line could know: skipped, as a pick would be
                yield from _skip_line_entry(state, bot, entry, given)
                continue
            yield from _spend_entry(state, data, colour, entry, k, given, performed)
        if len(line) > 1 or pick.endswith(" " + NONE):
            break  # a line says which entries hold: no other entry of the rest of the list does
    if sum(bot["points"].values()) <= 0:
        yield Say(msg("toc.spend.no_points"), "info")
    else:  # seed 000 l.56 and l.60: the spending ends with points left; they are lost at Buy/Trash Cards
        yield Say(msg("toc.spend.left_unpaid" if unpayable else "toc.spend.left_unheld", points=_points_text(bot)), "info")
    state["next"] = {"proc": "bot_events", "bot": colour}


def _line_hint(offered: list):
    """The priority question's hint, its examples built from the entries this question offers (a list number the
    pass has gone by would be refused): one entry, a line of up to three in list order, an inline cost on its last."""
    refs = [str(e.get("order", e["id"])) for e in offered]
    line = refs[:3]
    sheet = any(not str(e.get("criteria") or "").lstrip("@").strip() for e in offered)
    return msg("toc.spend.line_hint_sheet" if sheet else "toc.spend.line_hint", one=refs[0], line=" ".join(line), last=line[-1])


def decode_line(value: str) -> list[tuple[str, int | None]]:
    """The stored answer of the priority question: entry ids in order, each with its inline cost (``id=cost``)."""
    out = []
    for token in str(value).split():
        if token == NONE:
            continue
        eid, _, cost = token.partition("=")
        out.append((eid, int(cost) if cost else None))
    return out


def _entry_ref(entry: dict) -> dict:
    return msg("toc.spend.line.entry", order=entry.get("order", 0), action=action_term(entry)).to_data()


def line_check(state: dict, bot: dict, entries: list, offered: list, done: dict):
    """The answer to the priority question, checked whole against the seed's single pass (Take Actions 2) before
    anything is applied: one or more entries named by list number or id, each with an optional inline cost
    (``9=2``), in list order (an entry named twice only when it may be done again), all among those still ahead,
    none of a type whose points the entries before it used up, each payable after those before it are paid (known
    costs, and costs given inline; after an entry whose cost is still to be asked, the later entries of its type are
    checked when they are reached, and skipped if the points no longer pay, as a pick would be). Returns the canonical value: the ids
    separated by spaces (``id=cost`` for an inline cost), or "none". A single entry followed by "none" (``3 none``)
    says that no other entry holds; several entries say it without "none"."""
    by_ref: dict[str, dict] = {}
    for e in offered:
        by_ref[str(e.get("order", ""))] = e
        by_ref[fold(e["id"])] = e
    index = {e["id"]: n for n, e in enumerate(entries)}
    valid = ", ".join(str(e.get("order", e["id"])) for e in offered)

    def check(value):
        text = str(value).strip()
        tokens = [t for t in re.split(r"[\s,;]+", text) if t]
        if len(tokens) == 1 and fold(tokens[0]) in NONE_WORDS:
            return NONE
        if not tokens:
            raise InvalidAnswer(msg("toc.spend.line.empty", valid=valid))
        points = dict(bot["points"])
        counts = dict(done)
        learned: dict[str, int] = {}
        unsure: set[str] = set()
        out: list[str] = []
        last = -1
        ended = False
        for token in tokens:
            ref, eq, cost_text = token.partition("=")
            if ended:
                raise InvalidAnswer(msg("toc.spend.line.none_last"))
            if fold(ref) in NONE_WORDS and not eq:
                ended = True  # "3 none": entry 3, and no other entry of the rest of the list holds
                continue
            entry = by_ref.get(ref.strip()) or by_ref.get(fold(ref))
            if entry is None:
                every = {str(e.get("order", "")) for e in entries} | {fold(e["id"]) for e in entries}
                key = "toc.spend.line.not_offered" if (ref.strip() in every or fold(ref) in every) else "toc.spend.line.unknown"
                raise InvalidAnswer(msg(key, value=ref, valid=valid))
            i = index[entry["id"]]
            if i < last or (i == last and not entry.get("repeat")):
                raise InvalidAnswer(msg("toc.spend.line.order", entry=_entry_ref(entry), before=_entry_ref(entries[last])))
            if counts.get(entry["id"]) and (not entry.get("repeat") or counts[entry["id"]] >= REPEAT_MAX):
                raise InvalidAnswer(msg("toc.spend.line.twice", entry=_entry_ref(entry)))
            last = i
            counts[entry["id"]] = counts.get(entry["id"], 0) + 1
            area = entry["influence"]
            left = points.get(area, 0)
            if left <= 0 and area not in unsure:
                raise InvalidAnswer(msg("toc.spend.line.no_points", entry=_entry_ref(entry), area=area_term(area)))
            known = known_cost(state, entry)
            if known is None:
                known = learned.get(entry["id"])  # a printed cost given earlier in this line
            given = None
            if eq:
                given = _check_cost(None)(cost_text)
                if known is not None and given != known:
                    raise InvalidAnswer(msg("toc.spend.line.cost_known", entry=_entry_ref(entry), cost=known, given=given))
            cost = known if known is not None else given
            if known is None and given is not None and given > left:
                # issue 30: a cost the bot cannot pay is no entry the pass performs (Take Actions 2: an entry the bot
                # cannot pay is skipped), and a printed cost the table did not mean must not be kept for the game:
                # refused, with the likely reading ("5=9" typed for "5 9"). ``left`` is at most the points left here.
                raise InvalidAnswer(msg("toc.spend.line.inline_cannot_pay", entry=_entry_ref(entry), cost=given,
                                        area=area_term(area), points=left, ref=ref.strip()))
            if known is not None and known > left and area not in unsure:
                raise InvalidAnswer(msg("toc.spend.line.cannot_pay", entry=_entry_ref(entry), cost=known, area=area_term(area), points=left))
            if given is not None and cost_mode(state, entry) == "ask":
                learned[entry["id"]] = given
            if cost is None:
                unsure.add(area)  # its cost is asked when it is reached: what it leaves is not known yet
            elif cost <= left:
                points[area] = left - cost
            out.append(entry["id"] if given is None or known is not None else f"{entry['id']}={given}")
        return " ".join(out + ([NONE] if ended and len(out) == 1 else []))

    return check


#: answers that mean "none of them", in English and Portuguese
NONE_WORDS = ("none", "nenhum", "nenhuma", "0", "-")


def _still_payable(state: dict, bot: dict, entry: dict, given: int | None) -> bool:
    """An entry later in a line, once the entries before it are paid: points of its type left, and its cost (when
    known before asking) not more than them."""
    left = bot["points"].get(entry["influence"], 0)
    cost = known_cost(state, entry)
    return left > 0 and (cost is None or cost <= left)


def _skip_line_entry(state: dict, bot: dict, entry: dict, given: int | None):
    left = bot["points"].get(entry["influence"], 0)
    cost = known_cost(state, entry)
    if cost is None:
        cost = given
    if cost is not None:
        yield Say(msg("toc.spend.cannot_pay", action=action_term(entry), cost=cost, points=left), "info")
    else:
        yield Say(msg("toc.spend.line.skip_no_points", action=action_term(entry), area=area_term(entry["influence"])), "info")
    yield Say(msg("toc.why.spend_skip"), "why")


REPEAT_MAX = 10


NONE = "none"


COST_MAX = 30


def action_term(entry: dict) -> str:
    """How an entry is named: the printed name the owner typed, else the program's action (toc.apl.<id>)."""
    printed = str(entry.get("name") or "").lstrip("@").strip()
    return printed or f"@toc.apl.{entry.get('action', entry['id'])}"


def known_cost(state: dict, entry: dict) -> int | None:
    """The cost the program knows: the owner's printed number, or the one the table gave earlier in this game."""
    cost = cost_mode(state, entry)
    if isinstance(cost, int) and not isinstance(cost, bool):
        return cost
    if cost == "ask":
        return (state.get("apl_costs") or {}).get(entry["id"])
    return None  # "board": depends on the board, asked each time


def cost_mode(state: dict, entry: dict):
    """The entry's printed number, "ask" (read once a game) or "board" (read each time): the data's, unless the table
    said at the once-a-game question that this cost depends on the board (audit item 25), kept for the game."""
    if entry["id"] in (state.get("apl_board") or ()):
        return "board"
    return entry.get("cost", "ask")


def _can_offer(state: dict, bot: dict, entry: dict, done: dict) -> bool:
    """Still offered: points left of its type, enough of them when the cost is known, not done (unless it may repeat)."""
    left = bot["points"].get(entry["influence"], 0)
    if left <= 0:
        return False
    if done.get(entry["id"]) and not entry.get("repeat"):
        return False
    cost = known_cost(state, entry)
    return cost is None or cost <= left


def _entry_choice(state: dict, entry: dict, bot: dict) -> Choice:
    """One short line per entry (audit item 5): list number, action, influence type, the cost when known; the criteria
    only when the owner transcribed them (otherwise the question's hint says once to read them on the sheet)."""
    criteria = str(entry.get("criteria") or "").lstrip("@").strip()
    cost = known_cost(state, entry)
    cost_text = msg("toc.spend.cost_known", cost=cost, area=area_term(entry["influence"])).to_data() if cost is not None \
        else msg("toc.spend.cost_unknown", area=area_term(entry["influence"])).to_data()
    if criteria:
        return Choice(entry["id"], msg("toc.spend.entry_criteria", order=entry.get("order", 0), action=action_term(entry), cost=cost_text,
                                       criteria=criteria))
    return Choice(entry["id"], msg("toc.spend.entry", order=entry.get("order", 0), action=action_term(entry), cost=cost_text))


def _spend_reminders(state: dict, colour: str, offered: list, said: set):
    """The Emperor rules' reminders for a Place Governor on offer, once a turn each."""
    if not state["options"]["emperor_rules"] or not any(e.get("action", e["id"]) == "place_governor" for e in offered):
        return
    name = bot_name(colour, state["bots"])
    if state["bots"][colour]["emperor_this_turn"] and not is_emperor(state, colour) and "limitation" not in said:
        said.add("limitation")
        yield Say(msg("toc.spend.limitation", bot=name), "rule")
    if not is_emperor(state, colour) and emperor_type_now(state) == "populace" and "populace" not in said:
        said.add("populace")
        yield Say(msg("toc.spend.populace_votes"), "rule")


def _check_cost(default: int | None, board: bool = False):
    """A cost: a whole number 0..COST_MAX, empty for the default; with ``board``, also "board" (it depends on the board)."""
    from .priority_edit import BOARD_WORDS

    def check(value):
        text = str(value).strip()
        if not text and default is not None:
            return "" if board else default  # the once-a-game question: Enter is this time's default, not a printed cost
        if board and fold(text) in BOARD_WORDS:
            return "board"
        try:
            n = int(text)
        except ValueError:
            n = -1
        if not 0 <= n <= COST_MAX:
            raise InvalidAnswer(msg("toc.spend.bad_cost_or_board" if board else "toc.spend.bad_cost", value=text, max=COST_MAX))
        return n
    return check


def ask_cost(state: dict, colour: str, entry: dict, given: int | None = None):
    """Costs are data, asked at most once (issue 11): a printed number is never asked; a printed cost not transcribed is
    asked the first time the entry is picked in this game (the provisional value as the default) and remembered; a
    cost that depends on the board ("board") is asked each time, the last value given in this game as the default."""
    cost = known_cost(state, entry)
    if cost is not None:
        return cost
    eid = entry["id"]
    term = action_term(entry)
    if given is not None:  # given inline in the priority line (issue 11): kept as the cost question's answer would be
        key = "apl_last_cost" if cost_mode(state, entry) == "board" else "apl_costs"
        state.setdefault(key, {})[eid] = given
        return given
    if cost_mode(state, entry) == "ask":
        default = entry.get("cost_default")
        hint = msg("toc.spend.cost_provisional_or_board", default=default, max=COST_MAX) if default is not None \
            else msg("toc.spend.cost_or_board", max=COST_MAX)
        cost = yield Ask(f"toc.apl.{eid}.cost", msg("toc.spend.cost_once", action=term, area=area_term(entry["influence"])), TEXT,
                         check=_check_cost(default, board=True), hint=hint)
        if cost == "":
            # issue 30: Enter takes the provisional default for this time only; only a cost the table states is the
            # printed cost kept for the game, so the question comes again the next time the entry is picked
            if is_provisional(entry):
                yield provisional(f"priority.{eid}.cost_default")
            yield Say(msg("toc.spend.cost_default_once", action=term, cost=default), "info")
            return default
        if cost != "board":
            state.setdefault("apl_costs", {})[eid] = cost
            return cost
        # audit item 25: the table says this cost depends on the board: asked each time from now on, in this game
        board = state.setdefault("apl_board", [])
        if eid not in board:
            board.append(eid)
        yield Say(msg("toc.spend.cost_now_board", action=term), "info")
    if cost_mode(state, entry) == "board":
        default = (state.get("apl_last_cost") or {}).get(eid)
        hint = msg("toc.spend.cost_last", default=default, max=COST_MAX) if default is not None else msg("toc.spend.cost_range", max=COST_MAX)
        cost = yield Ask(f"toc.{colour}.apl.{eid}.cost", msg("toc.spend.cost_board", action=term, area=area_term(entry["influence"])),
                         TEXT, check=_check_cost(default), hint=hint)
        state.setdefault("apl_last_cost", {})[eid] = cost
    return cost


def _spend_entry(state: dict, data, colour: str, entry: dict, k: int, given: int | None = None,
                 performed: list | None = None):
    bot = state["bots"][colour]
    name = bot_name(colour, state["bots"])
    area = entry["influence"]
    action = entry.get("action", entry["id"])
    term = action_term(entry)
    left = bot["points"].get(area, 0)
    cost = yield from ask_cost(state, colour, entry, given)
    cost = int(cost)
    if cost > left:
        yield Say(msg("toc.spend.cannot_pay", action=term, cost=cost, points=left), "info")
        yield Say(msg("toc.why.spend_skip"), "why")
        return
    bot["points"][area] = left - cost
    if performed is not None:
        performed.append(action)
    yield Say(msg("toc.spend.do", bot=name, action=term, cost=cost, area=area_term(area), left=bot["points"][area]), "do")
    yield Say(msg("toc.why.spend_do", order=entry.get("order", 0)), "why")
    target = str(entry.get("target") or "").lstrip("@").strip()
    if target:
        yield Say(msg("toc.spend.target", target=target), "rule")
    if action in ("place_governor", "initiate_battle"):
        yield from events_at(state, data, colour, "place_governor" if action == "place_governor" else "combat")
    if action == "place_governor":
        before = state["emperor"]
        yield from maybe_emperor(state, data, colour, performed or [])
        if not (state["emperor"] == colour and before != colour):
            bot["governs_unknown"] = True  # a governor the program cannot place: Palmyra Allies offers every province
    elif action == "initiate_battle":
        yield from military_emperor_killed(state, colour, f"toc.{colour}.apl.{entry['id']}")


def _points_text(bot: dict) -> list:
    return [msg("toc.points_of", points=n, area=area_term(a)).to_data() for a, n in bot["points"].items() if n]

"""Transcribing an owner's printed AI mat, circle by circle (rules reference §3.0 point 2, §3.1, §3.2).

A procedure (``edit_mat``) that yields ``Ask`` only; the runner (automata.core.runner.run) answers
it from scripted answers or the terminal. It returns the owner values in the shape of the data
overrides (automata/toc/data.py): ``{"mats": {<id>: {"track": {<area>: [{...}, ...]},
"mode": {"1".."4": {"primary", "secondary"}}, "area_order": [...]}}}`` — each track a list of
circles, which replaces the shipped track whole (so a printed track may be longer or shorter). Every value asked is returned, also when it equals the shipped one (it then becomes
"owner").

Question ids are stable, in this order:

- for every area in the mat's area order (top → bottom): ``toc.mat.<id>.<area>.circles``, how many
  circles the printed track has (the provisional mats have 6; ``CIRCLES_MIN``..``CIRCLES_MAX``), then
  for every circle ``n`` (left → right):
  ``toc.mat.<id>.<area>.<n>.cost`` (not for circle 0: the seed's "círculo de custo zero inicial"),
  ``.primary``, ``.secondary`` (amounts 0..20), ``.primary_event``, ``.secondary_event``
  (the circled number, 2..4; 0 = none);
- ``toc.mat.<id>.mode.<k>.primary`` / ``.secondary`` for the four mode boxes (an area,
  "available" or "none");
- ``toc.mat.<id>.area_order.middle``: which of the two other areas is printed in the middle row
  (the top row is the preferred area, seed "Preparação" step 4).

No I/O here.
"""

from __future__ import annotations

from typing import Any

from ..core.steps import NUMBER, ONE_OF, Ask, Choice, InvalidAnswer, msg

AREAS = ("military", "senate", "populace")
MODE_EXTRA = ("available", "none")
MODES = ("1", "2", "3", "4")
AMOUNT_MAX = 20
EVENT_MAX = 4
EVENT_VALUES = (2, 3, 4)
NO_EVENT = 0
CIRCLE_FIELDS = ("cost", "primary", "secondary", "primary_event", "secondary_event")
PROVISIONAL = ("provisional", "U")
CIRCLES_MIN = 2
CIRCLES_MAX = 12


def ask_id(mat_id: str, *parts: Any) -> str:
    return ".".join(["toc.mat", mat_id, *(str(p) for p in parts)])


def value_confidence(record: dict, key: str | None = None) -> str | None:
    """The confidence of one value of a data record: its ``<key>_confidence``, else the record's."""
    if key is not None and f"{key}_confidence" in record:
        return record[f"{key}_confidence"]
    return record.get("confidence")


def is_provisional(record: dict, key: str | None = None) -> bool:
    return value_confidence(record, key) in PROVISIONAL


def area_choice(area: str) -> Choice:
    return Choice(area, msg(f"toc.area.{area}"), (area[:3],))


def mode_choices() -> tuple[Choice, ...]:
    return tuple(area_choice(a) for a in AREAS) + tuple(Choice(x, msg(f"toc.helpers.mode.{x}")) for x in MODE_EXTRA)


def value_term(value: Any) -> Any:
    """A mode box value as a message parameter: a term for an area, "available" or "none"."""
    if value in AREAS:
        return f"@toc.area.{value}"
    if value in MODE_EXTRA:
        return f"@toc.helpers.mode.{value}"
    return value


def _now(value: Any, provisional: bool):
    """A hint with the value the program holds now, marked when it is provisional."""
    return msg("toc.helpers.edit.now_provisional" if provisional else "toc.helpers.edit.now", value=value)


def _check_event(value: int) -> int:
    if value != NO_EVENT and value not in EVENT_VALUES:
        raise InvalidAnswer(msg("toc.helpers.edit.bad_event", value=value))
    return value


def _check_other(primary: str):
    def check(value: str) -> str:
        if value == primary and value in AREAS:
            raise InvalidAnswer(msg("toc.helpers.edit.same_type", area=f"@toc.area.{value}"))
        return value

    return check


def edit_mat(mat: dict):
    """Ask every printed value of ``mat`` (a ``TocData.mat(id)`` dict); return the owner overrides."""
    mat_id = mat["id"]
    name = f"@toc.mat.{mat_id}"
    areas = list(mat.get("area_order") or AREAS)
    track_out: dict[str, list[dict[str, int]]] = {}
    for area in areas:
        area_term = f"@toc.area.{area}"
        shipped_track = (mat.get("track") or {}).get(area) or []
        count = yield Ask(
            ask_id(mat_id, area, "circles"),
            msg("toc.helpers.edit.ask.circles", mat=name, area=area_term),
            NUMBER,
            min=CIRCLES_MIN,
            max=CIRCLES_MAX,
            hint=_now(len(shipped_track), bool(shipped_track) and any(is_provisional(c) for c in shipped_track)) if shipped_track else None,
        )
        circles: list[dict[str, int]] = []
        for n in range(int(count)):
            circle = shipped_track[n] if n < len(shipped_track) else {}
            values: dict[str, int] = {"cost": 0} if n == 0 else {}
            for field in CIRCLE_FIELDS:
                if field == "cost" and n == 0:
                    continue  # the start circle costs zero (seed); data validation requires it
                is_event = field.endswith("_event")
                shipped = circle.get(field, NO_EVENT if is_event and circle else None)
                answer = yield Ask(
                    ask_id(mat_id, area, n, field),
                    msg(f"toc.helpers.edit.ask.{field}", mat=name, area=area_term, circle=n),
                    NUMBER,
                    min=0,
                    max=EVENT_MAX if is_event else AMOUNT_MAX,
                    check=_check_event if is_event else None,
                    hint=None if shipped is None else _now(shipped, is_provisional(circle, field)),
                )
                values[field] = int(answer)
            circles.append(values)
        track_out[area] = circles
    mode_out: dict[str, dict[str, str]] = {}
    modes = mat.get("mode") or {}
    for k in MODES:
        box: dict[str, str] = {}
        shipped_box = modes.get(k) or {}
        for role in ("primary", "secondary"):
            shipped = shipped_box.get(role)
            answer = yield Ask(
                ask_id(mat_id, "mode", k, role),
                msg(f"toc.helpers.edit.ask.mode_{role}", mat=name, mode=k),
                ONE_OF,
                choices=mode_choices(),
                check=_check_other(box["primary"]) if role == "secondary" else None,
                hint=None if shipped is None else _now(value_term(shipped), is_provisional(shipped_box, role)),
            )
            box[role] = answer
        mode_out[k] = box
    top, rest = areas[0], [a for a in AREAS if a != areas[0]]
    rest.sort(key=lambda a: areas.index(a) if a in areas else 99)
    middle = yield Ask(
        ask_id(mat_id, "area_order", "middle"),
        msg("toc.helpers.edit.ask.middle", mat=name, top=f"@toc.area.{top}"),
        ONE_OF,
        choices=tuple(area_choice(a) for a in rest),
        hint=_now(value_term(rest[0]), is_provisional(mat, "area_order")),
    )
    order = [top, middle, next(a for a in rest if a != middle)]
    return {"mats": {mat_id: {"area_order": order, "track": track_out, "mode": mode_out}}}


def merge(base: dict, extra: dict) -> dict:
    """Deep-merge ``extra`` over ``base`` (tables merged key by key, other values replaced); a new dict."""
    out = dict(base)
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merge(out[key], value)
        else:
            out[key] = value
    return out

def provisional_keys(mat: dict) -> list[str]:
    """The keys of a mat (``track.<area>.<n>.<field>``, ``mode.<k>.<role>``, ``area_order``) still provisional."""
    out: list[str] = []
    if is_provisional(mat, "area_order"):
        out.append("area_order")
    for area in mat.get("area_order", ()):
        for n, circle in enumerate(mat["track"].get(area, [])):
            for field in CIRCLE_FIELDS:
                if (field in circle or field.endswith("_event")) and is_provisional(circle, field):
                    out.append(f"track.{area}.{n}.{field}")
    for k, box in sorted(mat.get("mode", {}).items()):
        for role in ("primary", "secondary"):
            if is_provisional(box, role):
                out.append(f"mode.{k}.{role}")
    return out

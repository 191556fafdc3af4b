"""Rule topics and game components for ``tabletop rules`` and for ``?`` at a question (no I/O here but reading
the shipped catalogs and the game data).

Each game has one catalog of topics, in the order of play:

- ``cli/<game>/rules.toml``: the topics' structure (``[[topic]]``: ``id``, ``seed`` = the seed section it comes
  from, ``steps`` = the steps it explains (``proc`` or ``proc:value``), ``asks`` = question ids (shell patterns),
  ``why`` = the decision messages (``log --explain``) it explains, ``explain`` = message ids whose text is part of
  the topic (written once, shown by ``--explain`` too), ``data`` = game-data keys whose confidence marks the
  topic, ``confidence`` = a mark of its own, ``commands`` = the commands that compute it, ``cards`` = component
  kinds it lists);
- ``cli/locales/<lang>/<game>_rules.toml``: its texts in each language, ``<game>.rules.<id>.title``, ``.text``
  and ``.words`` (more words to find it by), ``<id>`` with dots written as ``_``.
"""

from __future__ import annotations

import fnmatch
import unicodedata
import weakref
from dataclasses import dataclass, field
from typing import Any

from automata.core.games import GAMES

GAME_IDS = tuple(g.id for g in GAMES)
FLAGGED = {"provisional": "provisional", "U": "unconfirmed"}


@dataclass(frozen=True)
class Topic:
    game: str
    id: str
    order: int
    seed: str = ""
    steps: tuple[str, ...] = ()
    asks: tuple[str, ...] = ()
    why: tuple[str, ...] = ()
    explain: tuple[str, ...] = ()
    data: tuple[str, ...] = ()
    confidence: str = ""
    commands: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        return f"{self.game}.rules.{self.id.replace('.', '_')}"


def topics(game: str) -> list[Topic]:
    from automata.core.datafiles import read_toml

    from ..gamecli import folder

    raw = read_toml(folder(game) / "rules.toml")  # parsed once a process, and through the home's cache
    out = []
    for n, t in enumerate(raw.get("topic", [])):
        out.append(Topic(game, t["id"], n, t.get("seed", ""), tuple(t.get("steps", ())), tuple(t.get("asks", ())),
                         tuple(t.get("why", ())), tuple(t.get("explain", ())), tuple(t.get("data", ())),
                         t.get("confidence", ""), tuple(t.get("commands", ()))))
    return out


def fold(text: str) -> str:
    """Lower case, no accents, letters and digits only (so 'Desolação' == 'desolacao')."""
    text = unicodedata.normalize("NFKD", str(text).lower())
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return "".join(ch if ch.isalnum() else " " for ch in text)


def words_of(text: str) -> list[str]:
    return fold(text).split()


# ---------------------------------------------------------------------------------------- templates


def plain(t, msg_id: str, lang: str | None = None) -> str:
    """A message's text with its parameters left as '…' (an explanation shown outside the decision it explains)."""
    import re

    template = t.template(msg_id, lang) or t.template(msg_id, "en") or ""
    while isinstance(template, dict):  # a message with plural forms: its general ('other') form
        template = template.get("other") or next((v for k, v in template.items() if k != "count"), "")
    return re.sub(r"\{[^{}]*\}", "…", template)


def title(t, topic: Topic, lang: str | None = None) -> str:
    return t.template(topic.key + ".title", lang) or t.template(topic.key + ".title", "en") or topic.id


def body(t, topic: Topic, lang: str | None = None) -> list[str]:
    """The topic's own text, then the explanation texts it reuses."""
    out = []
    own = t.template(topic.key + ".text", lang) or t.template(topic.key + ".text", "en")
    if own:
        out.append(own)
    for pattern in topic.explain:
        out.extend(plain(t, m, lang) for m in expand(t, pattern, lang))
    return out


def expand(t, pattern: str, lang: str | None = None) -> list[str]:
    """The message ids a pattern (``anachrony.solo.why.failed*``) names, in their catalog's order."""
    if "*" not in pattern and "?" not in pattern:
        return [pattern]
    keys = list(t._table("en", pattern.split(".", 1)[0]))
    return [k for k in keys if fnmatch.fnmatchcase(k, pattern)]


def search_text(t, topic: Topic) -> dict[str, list[str]]:
    """The words that find a topic, from both languages: title, subject (its chosen words and its id), text."""
    heads, extra, text = [], [], []
    for lang in ("en", "pt-BR"):
        heads += words_of(title(t, topic, lang))
        extra += words_of(t.template(topic.key + ".words", lang) or "")
        text += words_of(" ".join(body(t, topic, lang)))
    extra += words_of(topic.id)
    text += words_of(topic.seed)
    titles = [" ".join(words_of(title(t, topic, lang))) for lang in ("en", "pt-BR")]
    return {"title": heads, "words": extra, "text": text, "titles": titles}


# ---------------------------------------------------------------------------------------- matching
#
# One rule ranks every look-up (issue 27): a topic holding every word typed comes before one holding only some;
# then, word by word, a word of the topic's title counts 4, of its subject (the words chosen to find it, its id)
# 3, of its text 1, the three adding up, each weighted by how rare the word is among the game's topics; two or
# more words standing in a title as typed add 3; then the order of play. The whole title typed comes first.
# Words are compared by their stems (below), so the forms of a word find each other.

#: Small words of a sentence, in both languages: not needed to match (unless nothing else was typed).
SMALL_WORDS = frozenset("""
a an the of to in on at by for from with and or is are it its this that how many much what which who when where
do does can i my me your
o os as um uma uns umas de do da dos das no na nos nas num numa em por pelo pela para com e ou ao aos se que
como quanto quantos quantas qual quais quem quando onde meu minha seu sua
""".split())

#: Endings taken off a word (accents already folded), longest first within each group; the rest of the word keeps
#: at least three letters. First the plural, then one derivation (noun, verb or participle ending).
_PLURALS = (("coes", "cao"), ("soes", "sao"), ("oes", "ao"), ("aes", "ao"), ("ais", "al"), ("eis", "el"),
            ("ies", "y"), ("sses", "ss"), ("ches", "ch"), ("shes", "sh"), ("xes", "x"), ("oes", "o"))
_ENDINGS = ("amento", "imento", "ations", "ation", "acao", "icao", "ution", "tion", "sion", "cao", "sao",
            "ments", "ment", "ings", "ing", "edly", "ed", "adas", "ados", "ada", "ado", "idas", "idos", "ida", "ido",
            "ers", "er", "ar", "ir", "ao", "es", "e", "a", "o")


def stem(word: str) -> str:
    """The stem a word is compared by: 'ruination', 'ruined', 'ruins' → 'ruin'; 'desolação', 'desoladas' →
    'desol'; 'missões' → 'miss'. Crude on purpose: the same for a query word and a topic's word is all it needs."""
    if len(word) <= 3 or word.isdigit():
        return word
    for end, repl in _PLURALS:
        if word.endswith(end) and len(word) - len(end) + len(repl) >= 3:
            word = word[: -len(end)] + repl
            break
    else:
        if word.endswith("s") and not word.endswith(("ss", "us", "is")) and len(word) > 4:
            word = word[:-1]
    for end in _ENDINGS:
        if word.endswith(end) and len(word) - len(end) >= 3:
            word = word[: -len(end)]
            break
    return word


def match_words(words: list[str]) -> list[str]:
    """The words a look-up matches by: the typed words folded, without the small words of a sentence (unless
    there is nothing else)."""
    folded = words_of(" ".join(words))
    kept = [w for w in folded if w not in SMALL_WORDS]
    return kept or folded


def _stems(words: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for w in words:
        s = stem(w)
        out[s] = out.get(s, 0) + 1
    return out


_FIELD_WEIGHT = (("title", 4.0), ("words", 3.0), ("text", 1.0))


def _term_score(q: str, fields: dict[str, dict[str, int]]) -> float:
    """How strongly one stem belongs to a topic: title, subject and text add up; a word that only begins a
    topic's word (typed short: 'desol', 'hyper') counts half."""
    total = 0.0
    for name, weight in _FIELD_WEIGHT:
        vocab = fields[name]
        n = vocab.get(q, 0)
        if not n and len(q) >= 3:
            n = sum(c for w, c in vocab.items() if w.startswith(q) and w != q)
            weight /= 2
        if n:
            total += weight
    return total


def _score(query: list[str], fields: dict[str, list[str]]) -> int:
    """How many of the words typed a set of fields (title, words, text) holds (used for the components)."""
    stems = {name: _stems(fields[name]) for name in ("title", "words", "text")}
    hits = [_term_score(stem(q), stems) for q in query]
    return 0 if not all(hits) else int(10 * sum(hits))


def _holds_phrase(title_words: list[str], query: list[str]) -> bool:
    """The words typed stand in the title in the same order, next to each other but for small words."""
    kept = [w for w in title_words if w not in SMALL_WORDS]
    n = len(query)
    return any(kept[i:i + n] == query for i in range(len(kept) - n + 1))


_INDEXES: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()  # Translator -> game -> its topics' words


def _index(t, game: str) -> list:
    """(topic, its words by field, their stems) for every topic of the game, built once per translator (a look-up
    reads every topic in both languages; the phones' server and the tests look up many times)."""
    per_game = _INDEXES.setdefault(t, {})
    if game not in per_game:
        rows = []
        for topic in topics(game):
            fields = search_text(t, topic)
            rows.append((topic, fields, {name: _stems(fields[name]) for name in ("title", "words", "text")}))
        per_game[game] = rows
    return per_game[game]


def find(t, game: str, words: list[str], components: list["Component"] | None = None):
    """(topics, components) matching the words, best first (the rule above); a topic must hold at least one word
    typed, a component every word."""
    import math

    query = match_words(words)
    if not query:
        return [], []
    typed = " ".join(words_of(" ".join(words)))
    q_stems = list(dict.fromkeys(stem(w) for w in query))
    fields_of = _index(t, game)
    df = {q: sum(1 for _, _, st in fields_of if _term_score(q, st)) for q in q_stems}
    n = len(fields_of)
    scored = []
    for topic, fields, st in fields_of:
        hits = [_term_score(q, st) * (1 + math.log(n / df[q])) for q in q_stems if df[q]]
        covered = sum(1 for h in hits if h)
        if not covered:
            continue
        whole = typed in fields["titles"]
        phrase = 3 if len(query) > 1 and any(_holds_phrase(name.split(), query) for name in fields["titles"]) else 0
        scored.append(((not whole, -covered, -(sum(hits) + phrase), topic.order), topic))
    scored.sort(key=lambda x: x[0])
    cards = []
    for c in components or []:
        s = _score(query, {"title": words_of(c.name) + words_of(c.id), "words": words_of(" ".join(c.names)),
                           "text": words_of(c.kind)})
        if s:
            exact = typed.split() == words_of(c.name)
            cards.append((-(s + (1000 if exact else 0)), c.name, c))
    cards.sort(key=lambda x: (x[0], x[1]))
    return [x[1] for x in scored], [x[2] for x in cards]


def close_words(t, game: str, words: list[str], components: list["Component"] | None = None) -> list[str]:
    """Titles, card names and words close to what was typed (for an unknown word): really close ones only
    (automata/core/closest.py), else none, and the message then says nothing of close matches."""
    from automata.core.closest import close_matches

    names: dict[str, str] = {}
    for topic in topics(game):
        for lang in (t.lang, "en", "pt-BR"):
            name = title(t, topic, lang)
            names.setdefault(fold(name).strip(), name)
        fields = search_text(t, topic)
        for w in fields["title"] + fields["words"]:
            if len(w) > 3:
                names.setdefault(w, title(t, topic))  # a close word suggests its topic
    for c in components or []:
        names.setdefault(" ".join(words_of(c.name)), c.name)
    typed = " ".join(words_of(" ".join(words)))
    hits = close_matches(typed, list(names), n=5)
    for w in words_of(" ".join(words)):
        hits += [h for h in close_matches(w, list(names)) if h not in hits]
    out: list[str] = []
    for h in hits:
        if names[h] not in out:
            out.append(names[h])
    return out[:6]


def for_step(game: str, step: dict | None) -> Topic | None:
    """The topic of a step (``proc`` or ``proc:value`` of one of its parameters)."""
    if not step:
        return None
    proc = step.get("proc", "")
    values = {f"{proc}:{v}" for k, v in step.items() if k != "proc"}
    found = None
    for topic in topics(game):
        if any(s in values for s in topic.steps):
            return topic
        if found is None and proc in topic.steps:
            found = topic
    return found


def for_ask(game: str, ask_id: str, step: dict | None) -> Topic | None:
    """The topic behind a question: the one naming its id, else the one of the step it belongs to."""
    for topic in topics(game):
        if any(fnmatch.fnmatchcase(ask_id, p) for p in topic.asks):
            return topic
    return for_step(game, step)


def for_why(game: str, msg_id: str) -> Topic | None:
    """The topic that explains a decision message (``log --explain``)."""
    for topic in topics(game):
        if any(fnmatch.fnmatchcase(msg_id, p) for p in topic.why):
            return topic
    return None


# ---------------------------------------------------------------------------------------- data


@dataclass
class Component:
    game: str
    kind: str
    id: str
    name: str
    record: dict
    names: tuple[str, ...] = ()
    texts: tuple = ()  # the card's own short wording: message ids or messages
    extra: dict = field(default_factory=dict)


def load_data(game: str, overrides: dict | None):
    import importlib

    from automata.core.contract import package

    return importlib.import_module(f"{package(game)}.data").load(overrides or None)


def title_of(id: str) -> str:
    """A component's name when its data gives none: its id in words ('chaos_card' → 'Chaos Card')."""
    return " ".join(w.capitalize() for w in id.split("_"))


def components(game: str, data) -> list[Component]:
    """The cards and components the game data knows: the game's ``rule_components`` (``cli/gamecli.py``)."""
    from ..gamecli import optional

    return optional(game, "rule_components")(data)


META_SUFFIXES = ("_confidence", "_check")
META_KEYS = ("confidence", "status", "source", "note", "check", "names", "aliases", "name", "summary")


def record_lines(rec: dict, prefix: str = "") -> list[tuple[str, Any, str, str]]:
    """(key, value, confidence, check) of a record's fields; a nested table gives its own lines."""
    conf = str(rec.get("confidence", rec.get("status", "")))
    out = []
    for k, v in rec.items():
        if k in META_KEYS or k in ("id", "kind", "text_key") or k.endswith(META_SUFFIXES) or v in ("", [], {}):
            continue
        c = str(rec.get(f"{k}_confidence", conf))
        check = str(rec.get(f"{k}_check", ""))
        if isinstance(v, dict):
            out += record_lines(v, f"{prefix}{k}.")
        elif isinstance(v, list) and v and all(isinstance(x, dict) for x in v):
            for i, item in enumerate(v):
                shown = ", ".join(f"{a}={b}" for a, b in item.items()
                                  if a not in META_KEYS and a != "text_key" and not a.endswith(META_SUFFIXES)
                                  and b not in ("", [], {}))
                ic = str(item.get("confidence", c))
                flagged = [a for a in item if a.endswith("_confidence") and item[a] in FLAGGED]
                if flagged:
                    ic = item[flagged[0]]
                out.append((f"{prefix}{k}[{i + 1}]", shown, ic, ""))
        else:
            out.append((f"{prefix}{k}", v, c, check))
    return out


def key_confidence(raw: dict, path: str) -> tuple[Any, str]:
    """The value at a dotted data path and its confidence ('<key>_confidence' beside it, else the nearest
    table's 'confidence' / 'status')."""
    node: Any = raw
    parents: list[dict] = []
    parts = path.split(".")
    for part in parts:
        if isinstance(node, dict) and part in node:
            parents.append(node)
            node = node[part]
        else:
            return None, ""
    leaf = parts[-1]
    owner = raw.get("owner")
    if isinstance(owner, list) and any(path == o or path.startswith(f"{o}.") for o in owner):
        return node, "owner"  # Radlands lists the keys its owner overrode
    if "provisional" in parts[:-1]:
        return node, "provisional"  # Radlands keeps its provisional rulings in one table
    if isinstance(parents[-1], dict) and f"{leaf}_confidence" in parents[-1]:
        return node, str(parents[-1][f"{leaf}_confidence"])
    for p in [node] + parents[::-1]:
        if isinstance(p, dict):
            c = p.get("confidence", p.get("status"))
            if c:
                return node, str(c)
    return node, ""


def topic_confidence(topic: Topic, raw: dict | None) -> tuple[str, list[dict]]:
    """The topic's mark ('' confirmed, 'provisional', 'unconfirmed', 'owner') and the data values behind it."""
    values = []
    marks = {topic.confidence} if topic.confidence else set()
    for path in topic.data:
        value, conf = key_confidence(raw or {}, path)
        values.append({"key": path, "value": value, "confidence": conf})
        marks.add(conf)
    if "provisional" in marks:
        return "provisional", values
    if "U" in marks or "unconfirmed" in marks:
        return "unconfirmed", values
    if "owner" in marks:
        return "owner", values
    return "", values

"""Messages in the table's language: ids plus parameters rendered at display time.

Locale files are ``cli/locales/<lang>/<domain>*.toml`` with flat keys (the
full message id); the domain is the id's first part (``chaos.region.kislev``
is looked up in ``chaos.toml``, ``chaos_terms.toml`` and so on). A message missing in the chosen language falls back to English;
one missing in English too shows its id and parameters, never a blank.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from automata.core.steps import Msg

LOCALES = Path(__file__).parent / "locales"


class Translator:
    def __init__(self, lang: str = "en"):
        self.lang = lang
        self._tables: dict[tuple[str, str], dict[str, str]] = {}

    def _table(self, lang: str, domain: str) -> dict[str, str]:
        key = (lang, domain)
        if key not in self._tables:
            table: dict[str, str] = {}
            folder = LOCALES / lang
            for path in sorted(folder.glob(f"{domain}*.toml")) if folder.is_dir() else []:
                if path.stem == domain or path.stem.startswith(domain + "_"):
                    with open(path, "rb") as fh:
                        table.update(tomllib.load(fh))
            self._tables[key] = table
        return self._tables[key]

    def template(self, id: str, lang: str | None = None) -> str | None:
        domain = id.split(".", 1)[0]
        return self._table(lang or self.lang, domain).get(id)

    def has(self, id: str, lang: str) -> bool:
        return self.template(id, lang) is not None

    def __call__(self, message_id: str, /, **params: Any) -> str:
        return self.render(Msg(message_id, params))

    def render(self, message: Msg | str) -> str:
        if isinstance(message, str):
            message = Msg(message)
        template = self.template(message.id) or self.template(message.id, "en")
        params = {k: self._param(v) for k, v in message.params.items()}
        if template is None:
            if not params:
                return message.id
            return f"{message.id} " + " ".join(f"{k}={v}" for k, v in params.items())
        try:
            return template.format(**params)
        except (KeyError, IndexError, ValueError):
            return template + " " + " ".join(f"{k}={v}" for k, v in params.items())

    def _param(self, value: Any) -> Any:
        if isinstance(value, str) and value.startswith("@"):
            return self.render(Msg(value[1:]))
        if isinstance(value, dict) and "id" in value:
            return self.render(Msg.from_data(value))
        if isinstance(value, (list, tuple)):
            return ", ".join(str(self._param(v)) for v in value)
        return value

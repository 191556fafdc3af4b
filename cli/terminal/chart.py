"""Small charts drawn with text, for the end-of-game summaries (VP, Legacy or camps round by round).

Pure text (no colour needed to read them): each series is one row of block characters, one column per round,
scaled to the largest value of the chart, followed by its last value. Colour, where the caller gives a style,
only repeats what the row's label says.
"""

from __future__ import annotations

BLOCKS = " ▁▂▃▄▅▆▇█"


def spark(values: list[int], top: int) -> str:
    """One row: each value as a block from empty (0) to full (``top``)."""
    if top <= 0:
        return BLOCKS[1] * len(values) if values else ""
    out = []
    for v in values:
        v = max(0, min(int(v), top))
        out.append(BLOCKS[max(1, round(v * (len(BLOCKS) - 1) / top))] if v else BLOCKS[1])
    return "".join(out)


def series_rows(series: dict[str, list[int]], width: int = 80, styles: dict[str, str] | None = None) -> list[str]:
    """Rows of rich markup, one per series: ``label  ▁▂▃▅▇  12``, fitted to ``width`` columns.

    When there are more rounds than the row has room for, the rows show the last rounds that fit (the final
    values are always shown in full)."""
    from rich.markup import escape

    if not series:
        return []
    styles = styles or {}
    label_w = min(max(len(name) for name in series), max(6, width // 4))
    value_w = max(len(str(values[-1] if values else 0)) for values in series.values())
    room = max(4, width - label_w - value_w - 4)
    top = max((max(values) for values in series.values() if values), default=0)
    rows = []
    for name, values in series.items():
        shown = values[-room:]
        label = name if len(name) <= label_w else name[: label_w - 1] + "…"
        bar = spark(shown, top)
        style = styles.get(name, "")
        bar_text = f"[{style}]{escape(bar)}[/{style}]" if style else escape(bar)
        last = values[-1] if values else 0
        rows.append(f"{escape(label):<{label_w}}  {bar_text}  {last:>{value_w}}")
    return rows

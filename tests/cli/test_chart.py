"""The text charts of the end-of-game summaries (cli/terminal/chart.py)."""

from rich.console import Console

from cli.terminal.chart import BLOCKS, series_rows, spark


def test_spark_scales_to_the_top_value():
    assert spark([0, 4, 8], 8) == BLOCKS[1] + BLOCKS[4] + BLOCKS[8]
    assert spark([3, 3], 0) == BLOCKS[1] * 2
    assert spark([], 5) == ""


def test_rows_fit_the_width_and_show_the_last_value():
    series = {"Khorne": list(range(0, 60, 2)), "Nurgle": [1] * 30}
    for width in (60, 80, 120):
        rows = series_rows(series, width)
        console = Console(width=width, record=True, file=open("/dev/null", "w"))
        for row in rows:
            console.print(row)
        text = console.export_text()
        assert all(len(line) <= width for line in text.splitlines())
        assert text.splitlines()[0].rstrip().endswith("58")
        assert text.splitlines()[1].rstrip().endswith(" 1")


def test_more_rounds_than_room_keeps_the_last_ones():
    rows = series_rows({"a": list(range(200))}, 40)
    bar = rows[0].split("  ")[1]
    assert len(bar) < 40 and bar.endswith(BLOCKS[8])

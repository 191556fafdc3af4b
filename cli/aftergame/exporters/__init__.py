"""The export formats of 'tabletop export' (cli/aftergame/export.py): each module takes the read-only summary of a save
(state/summary.py) and returns a file's content; none reads or writes a file."""

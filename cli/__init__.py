"""The command line: the only code that talks to a person."""

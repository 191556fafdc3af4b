"""Anachrony's solo opponents run by the companion: the Chronobot (both editions) and the Chronossus
(rules file §3). Pure rules: procedures that roll (Roll), ask the table what only the board shows (Ask)
and tell it what to move (Say), each decision with the rule behind it (a "why" Say)."""

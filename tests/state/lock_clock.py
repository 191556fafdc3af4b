"""A fake clock for the save lock's waits (state/lock.py reads ``time.monotonic`` and ``time.sleep``): a sleep moves
it and nothing waits, so a test counts a wait (the sum of its sleeps) instead of timing it."""


class LockClock:
    def __init__(self):
        self.now = 1000.0
        self.slept = []

    def monotonic(self):
        return self.now

    def sleep(self, seconds):
        self.slept.append(seconds)
        self.now += seconds

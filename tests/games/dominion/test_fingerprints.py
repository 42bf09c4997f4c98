"""Stored fingerprints of the engine's records: a refactor of the kernel (issue 8's one home per
card, a layout object) must leave every game of a given seed exactly as it was.

Every library bot plays in a random-but-fixed 2-, 3- or 4-seat lineup under several rule sets,
plus traced games; the sha256 of all record columns is compared with the hash stored here.
A deliberate change of behaviour updates the hashes in the same commit, with the reason.
"""

from __future__ import annotations

import hashlib

import numpy as np

from ludolab.games.dominion.bots import library_names, load_bot
from ludolab.games.dominion.cards import CARDS, KINGDOM_IDS
from ludolab.games.dominion.engine import Engine

RULES = ("official", "first-edition", "doc000", "doc003", "doc004", "official,turn_cap=30")
GAMES = 60


#: The library the hashes were stored with: a new library bot must not change the lineups of
#: the old ones (new bots add fingerprints of their own rather than change these).
STORED_LIBRARY = frozenset((
    "Artisan Big Money", "Bandit Big Money", "Big Money", "Big Money (document 004)",
    "Big Money Ultimate", "Bureaucrat Big Money", "buyMoneyandDuchy",
    "buyMoneyandDuchyandEstate", "Cellar/Smithy", "Chapel/Witch", "Council Room Big Money",
    "Double Witch", "Festival/Library", "GA Optimized", "Harbinger Big Money", "justBuyMoney",
    "Laboratory Big Money", "Library Big Money", "Market Big Money", "Merchant Big Money",
    "Militia Big Money", "Militia/Festival", "Mine Big Money", "Moat Big Money", "Money",
    "Moneylender Big Money", "Poacher Big Money", "Remodel Big Money", "Sentry/Laboratory",
    "Smithy", "Smithy Big Money", "Steward", "Throne Room/Smithy", "Vassal Big Money",
    "Village/Smithy Engine", "Witch Big Money", "Workshop/Gardens Rush",
))


def lineups() -> list[tuple[str, list[str], list[int], int]]:
    """(rules, bot names, kingdom, seats) for every block; fixed by a seeded generator."""
    names = [n for n in library_names() if n in STORED_LIBRARY]
    assert len(names) == len(STORED_LIBRARY)  # none renamed or removed
    r = np.random.default_rng(2026)
    out = []
    for i, name in enumerate(names):
        n = int(r.integers(2, 5))
        others = [names[int(j)] for j in r.integers(0, len(names), n - 1)]
        seated = [name, *others]
        bots = [load_bot(b) for b in seated]
        need = sorted({c for b in bots for c in b.cards_needed if c in KINGDOM_IDS})
        pool = [c for c in KINGDOM_IDS if c not in need and CARDS[c].set == "base2"]
        fill = max(0, 10 - len(need))
        kingdom = sorted(need + r.choice(pool, fill, replace=False).tolist())
        out.append((RULES[i % len(RULES)], seated, kingdom, n))
    return out


def fingerprint(rec: object) -> str:
    """A short digest of every column of a batch of records (dtype and shape included)."""
    h = hashlib.sha256()
    for key in ("vp", "turns", "outcome", "end_reason", "decisions"):
        arr = np.ascontiguousarray(getattr(rec, key))
        h.update(key.encode())
        h.update(str(arr.dtype.str).encode() + str(arr.shape).encode())
        h.update(arr.tobytes())
    return h.hexdigest()[:16]


def all_fingerprints() -> str:
    """One digest over every lineup's games."""
    digest = hashlib.sha256()
    for rules, seated, kingdom, n in lineups():
        engine = Engine(kingdom, n, rules)
        rec = engine.play([load_bot(b) for b in seated], np.arange(GAMES, dtype=np.uint64))
        digest.update(fingerprint(rec).encode())
    return digest.hexdigest()


def traced_fingerprint() -> str:
    """One digest over the event lists of traced games (every sixth lineup, three seeds)."""
    digest = hashlib.sha256()
    for rules, seated, kingdom, n in lineups()[::6]:
        engine = Engine(kingdom, n, rules)
        for seed in range(3):
            digest.update(repr(engine.trace([load_bot(b) for b in seated], seed)).encode())
    return digest.hexdigest()


#: Computed on the engine of 2026-11-24 (before any kernel reorganisation).
STORED = "bd4d124926df343e9c106dda59a60d73db184c392815629b01fbbb6534fb727b"
STORED_TRACED = "686288a91d5582645263bb95f66d66821f2b9e5c69e0e213c11278cf824a6b4d"


def test_every_library_bot_plays_the_same_games() -> None:
    assert all_fingerprints() == STORED


def test_traced_games_are_the_same() -> None:
    assert traced_fingerprint() == STORED_TRACED

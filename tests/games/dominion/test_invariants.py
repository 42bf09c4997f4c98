"""Invariants over thousands of random games: random kingdoms, 2-4 players, random decisions,
hand-built and named bots.

In debug mode the kernel checks after every turn that no card was created or lost (the total
over all zones, supply and trash is constant, and each seat's owned counts match its zones),
that no count is negative, and that every bot answer is one of the decision's options; a
violation stops the batch with an error. A second, independent check recounts the cards in
Python at every decision of step-wise games.
"""

from __future__ import annotations

import numpy as np
import pytest

from ludolab.games.dominion.cards import CARDS, KINGDOM_IDS
from ludolab.games.dominion.engine import EndReason, Engine, simple_bot
from ludolab.games.dominion.engine.hooks import playable
from ludolab.games.dominion.kingdom import colony_rules
from ludolab.games.dominion.rules import SAFETY_TURN_CAP

RULES = ["official", "official", "first-edition", "doc000", "doc003", "doc004",
         "official,tie_break=none", "official,victory_pile=12"]

PLAYABLE = playable()  # the kingdom cards with rules in the engine (grows as homes land)


def random_bot(r: np.random.Generator, kingdom: list[int], name: str):
    picks = [CARDS[c].name for c in r.choice(kingdom, 4, replace=False)]
    lists = {"buy": ["Province", "Gold", *picks[:3], "Silver"]}
    if r.random() < 0.3:
        lists["trash"] = ["Curse", "Estate", "Copper"]
    if r.random() < 0.3:
        lists["play"] = picks[::-1]
    if r.random() < 0.3:
        lists["gain"] = [picks[3], "Silver"]
    options = {"never_lose_by_ending": float(r.random() < 0.7),
               "use_extra_buys": float(r.random() < 0.7),
               "reveal_moat": float(r.random() < 0.8),
               "steward": float(r.integers(0, 5))}
    return simple_bot(name, options=options, **lists)


@pytest.mark.parametrize("block", range(4))
def test_random_games_keep_every_invariant(block):
    r = np.random.default_rng(100 + block)
    games = 0
    for trial in range(40):
        n = int(r.integers(2, 5))
        kingdom = sorted(r.choice(PLAYABLE, 10, replace=False).tolist())
        rules = RULES[int(r.integers(len(RULES)))]
        eng = Engine(kingdom, n, rules)
        bots = [random_bot(r, kingdom, f"bot{s}") for s in range(n)]
        random_seats = [s for s in range(n) if r.random() < 0.4]
        seeds = np.arange(trial * 1000, trial * 1000 + 20, dtype=np.uint64) + block * 10**6
        rec = eng.play(bots, seeds, debug=True, random_seats=random_seats)
        games += len(rec)
        # every game ended for a reason the rules allow, within the safety cap
        cap = eng.rules.effective_turn_cap()
        assert (rec.turns <= cap).all()
        reasons = set(rec.end_reason.tolist())
        allowed = {EndReason.PROVINCES, EndReason.TURN_CAP}
        if eng.rules.end_on_piles:
            allowed.add(EndReason.PILES)
        if eng.rules.end_on_victory_pile:
            allowed.add(EndReason.VICTORY_PILE)
        assert reasons <= allowed, (rules, reasons)
        assert ((rec.outcome == 2).sum(axis=1) <= 1).all()
        assert (rec.outcome == expected_outcome(rec.vp, rec.turns, eng.rules.tie_break)).all()
    assert games == 40 * 20


def expected_outcome(vp: np.ndarray, turns: np.ndarray, tie_break: str) -> np.ndarray:
    """The outcome the rulebook gives (2 sole win, 1 shared win, 0 loss), computed here from VP
    and turns alone: most VP wins; among those tied, fewer turns wins (``tie_break="turns"``);
    whoever is still tied shares the win."""
    best = vp == vp.max(axis=1, keepdims=True)
    if tie_break == "turns":
        fewest = np.where(best, turns, np.iinfo(turns.dtype).max).min(axis=1, keepdims=True)
        best &= turns == fewest
    shared = best.sum(axis=1, keepdims=True) > 1
    return np.where(best, np.where(shared, 1, 2), 0)


def test_a_game_of_nothing_but_stops_at_the_safety_cap():
    idle = simple_bot("Idle", buy=["Province"])  # never has $8 with a starting deck
    rec = Engine([], 2).play([idle, idle], np.arange(3, dtype=np.uint64), debug=True)
    assert (rec.turns == SAFETY_TURN_CAP).all()
    assert (rec.end_reason == EndReason.TURN_CAP).all()
    assert (rec.outcome == 1).all()  # 3 VP each, same turns: shared
    assert (rec.outcome == expected_outcome(rec.vp, rec.turns, "turns")).all()


def test_library_bots_in_random_kingdoms():
    bots_mod = pytest.importorskip("ludolab.games.dominion.bots")
    names = bots_mod.library_names()
    library = {name: bots_mod.load_bot(name) for name in names}
    r = np.random.default_rng(7)
    for name, bot in library.items():
        n = int(r.integers(2, 5))
        others = [library[names[int(i)]] for i in r.integers(0, len(names), n - 1)]
        seated = [bot, *others]
        need = sorted({c for b in seated for c in b.cards_needed if c in KINGDOM_IDS})
        pool = [c for c in KINGDOM_IDS if c not in need and CARDS[c].set == "base2"]
        fill = max(0, 10 - len(need))
        kingdom = sorted(need + r.choice(pool, fill, replace=False).tolist())
        # a bot naming Colony or Platinum gets them (colony=yes), as `dominion sim` gives them
        rules = colony_rules("official", None, {b.name: b.cards_needed for b in seated})
        rec = Engine(kingdom, n, rules).play(seated, np.arange(30, dtype=np.uint64), debug=True)
        assert (rec.end_reason != EndReason.TURN_CAP).mean() > 0.9, name


def test_step_wise_random_games_conserve_cards():
    """Independent of the kernel's own check: recount all cards at every decision."""
    r = np.random.default_rng(11)
    for trial in range(25):
        n = int(r.integers(2, 5))
        kingdom = sorted(r.choice(PLAYABLE, 10, replace=False).tolist())
        eng = Engine(kingdom, n, "official,turn_cap=15")
        total = sum(eng.supply_sizes().values()) + 10 * n
        g = eng.new_game(trial, [None] * n)
        while not g.is_over():
            assert g.total_cards() == total
            assert min(g.supply().values()) >= 0
            d = g.pending()
            g.answer(d.options[int(r.integers(len(d.options)))])
        assert g.total_cards() == total

"""Poker tables with a generic search player (``mc:``, ``uct:``): every hand is played through
the generic game API (:class:`~ludolab.games.poker.adapter.PokerState` in a
:class:`~ludolab.core.Match`), on the compiled engine's cards of the same deal seed and with the
same button, so the duplicate schedule and the records are those of :class:`PokerTask`.

The other seats keep their own rules: a library bot, a bot file or a baseline is a
:class:`BotSeat`, which asks the compiled bot kernel (``bots.kernel.decide``) with the very view,
history and decision key the engine builds, and coerces its answer as the engine does (a free
fold is a check, a raise at the cap a call). A table of bots alone plays here exactly the hands
the engine plays (a test compares them); a search seat makes it slow (Python playouts), so such
runs are a few hundred hands, not millions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ludolab.core import Match
from ludolab.core import rng as _rng
from ludolab.games.poker.adapter import PokerState
from ludolab.games.poker.engine import layout as L
from ludolab.games.poker.evaluator import eval_cards
from ludolab.games.poker.rules import RuleSet, ruleset

__all__ = ["BotSeat", "GenericPokerTask"]


class BotSeat:
    """A compiled poker bot (one row of the bot matrix) as a generic player. ``seed`` is the
    deal seed of the hand being played (the decision keys depend on it)."""

    def __init__(self, row: np.ndarray, name: str) -> None:
        self.row = np.asarray(row, dtype=np.float64)
        self.name = name
        self.seed = 0

    def choose(self, state: PokerState, seat: int, rng: np.random.Generator) -> int:
        """The bot's action, as the engine would take it at this point of the hand."""
        from ludolab.games.poker.bots.kernel import decide  # lazy: compiles on first use

        view, hist = engine_view(state, seat, self.seed)
        action = int(decide(self.row, view, hist))
        if ((action == L.FOLD and view[L.V_TO_CALL] == 0)
                or (action == L.RAISE and view[L.V_RAISES] >= view[L.V_CAP])
                or action not in (L.FOLD, L.RAISE)):
            action = L.CALL
        return action


def engine_view(state: PokerState, p: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """The engine's ``view`` and ``hist`` for seat ``p`` deciding in ``state`` (the layout of
    :mod:`ludolab.games.poker.engine.layout`), built from the generic state."""
    r: RuleSet = state.rules
    n, street = state.n, state.street
    here = [h for h in state.history if h[0] == street]
    ncallers, last = 0, (state.bb if street == 0 else -1)
    for _street, seat, action, _put in here:
        if action == L.RAISE:
            ncallers, last = 0, seat
        elif action == L.CALL:
            ncallers += 1
    decisions = sum(1 for h in state.history if h[1] == p)
    nb = 0 if street == 0 else (3 if street == 1 else street + 2)
    view = np.zeros(L.VIEW_SIZE, np.int64)
    view[L.V_SEAT], view[L.V_NSEATS] = p, n
    view[L.V_BUTTON], view[L.V_STREET] = state.button, street
    view[L.V_HOLE0], view[L.V_HOLE1] = state.hole(p)
    for i in range(5):
        view[L.V_BOARD0 + i] = state.slots[i] if i < nb else -1
    view[L.V_NBOARD] = nb
    view[L.V_POT] = state.pot()
    view[L.V_TO_CALL] = state.level - state.rinv[p]
    view[L.V_BET_SIZE] = r.bet_size(street)
    view[L.V_RAISES] = state.nbets
    view[L.V_CAP] = r.cap
    view[L.V_NACTIVE] = sum(state.active)
    view[L.V_NTOACT] = sum(1 for s in range(n) if s != p and state.need[s])
    pos = (p - state.button) % n
    view[L.V_POSITION] = n if pos == 0 else pos
    view[L.V_INVESTED] = state.invested[p]
    key = _rng.keyed_u64(int(seed), p, L.PURPOSE_DECIDE, decisions)
    view[L.V_KEY] = key - (1 << 64) if key >= 1 << 63 else key
    view[L.V_NHIST] = len(state.history)
    view[L.V_DECISION] = decisions
    view[L.V_SMALL_BET], view[L.V_BIG_BET] = r.small_bet, r.big_bet
    view[L.V_ACTIVE_MASK] = sum(1 << s for s in range(n) if state.active[s])
    view[L.V_ROUND_INVESTED] = state.rinv[p]
    view[L.V_NCALLERS] = ncallers
    view[L.V_LAST_BETTOR] = last
    view[L.V_SB_SEAT], view[L.V_BB_SEAT] = state.sb, state.bb
    hist = np.zeros((len(state.history) + 1, L.HIST_COLS), np.int64)
    for i, row in enumerate(state.history):
        hist[i] = row
    return view, hist


def hand_record(state: PokerState) -> dict[str, Any]:
    """One finished hand's record columns (the engine's meanings, :data:`spec.COLUMNS`)."""
    n = state.n
    shown = state.over and sum(state.active) > 1
    folded = [-1] * n
    raises = [0] * n
    decisions = [0] * n
    for street, seat, action, _put in state.history:
        decisions[seat] += 1
        raises[seat] += action == L.RAISE
        if action == L.FOLD:
            folded[seat] = street
    values = [eval_cards([*state.board(), *state.hole(s)]) if shown and state.active[s] else -1
              for s in range(n)]
    return {"chips": state.chips(), "invested": list(state.invested), "showdown": shown,
            "street": L.SHOWDOWN if shown else state.street, "folded": folded,
            "value": values, "raises": raises, "decisions": decisions}


@dataclass
class GenericPokerTask:
    """A picklable chunk runner like :class:`~ludolab.games.poker.spec.PokerTask`, whose seats
    are generic players (search players and :class:`BotSeat` bots), one hand at a time."""

    players: list[Any]
    rules_spec: str
    seed: int
    schedule: Any

    preferred_chunk_size = 20

    def run(self, indices: np.ndarray) -> dict[str, np.ndarray]:
        """Play hands ``indices`` and return their records (column name -> array)."""
        from ludolab.games.poker.spec import _seatings  # lazy: spec imports this module

        indices = np.asarray(indices, dtype=np.int64)
        deals, trials = np.divmod(indices, self.schedule.games_per_deal)
        seating = _seatings(self.schedule, deals, trials)
        g, n = seating.shape
        rules = ruleset(self.rules_spec)
        seeds = _rng.game_seeds_at(self.seed, deals)
        buttons = deals % n
        cols: dict[str, list[Any]] = {k: [] for k in ("chips", "invested", "showdown", "street",
                                                     "folded", "value", "raises", "decisions")}
        for k in range(g):
            seated = [self.players[int(b)] for b in seating[k]]
            for player in seated:
                if isinstance(player, BotSeat):
                    player.seed = int(seeds[k])
            state = PokerState(n, rules, button=int(buttons[k]))
            Match(state, seated, seed=int(seeds[k])).run()
            for key, value in hand_record(state).items():
                cols[key].append(value)
        chips = np.asarray(cols["chips"], np.int64).reshape(g, n)
        return {
            "index": indices, "deal": deals, "trial": trials, "seed": seeds,
            "seating": seating.astype(np.int16), "button": buttons.astype(np.int8),
            "won": chips / rules.small_bet, "chips": chips.astype(np.int32),
            "invested": np.asarray(cols["invested"], np.int32).reshape(g, n),
            "showdown": np.asarray(cols["showdown"], bool),
            "street": np.asarray(cols["street"], np.int8),
            "folded": np.asarray(cols["folded"], np.int8).reshape(g, n),
            "value": np.asarray(cols["value"], np.int32).reshape(g, n),
            "raises": np.asarray(cols["raises"], np.int16).reshape(g, n),
            "decisions": np.asarray(cols["decisions"], np.int16).reshape(g, n),
        }

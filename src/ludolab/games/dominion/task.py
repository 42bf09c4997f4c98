"""Many Dominion games as one picklable task: what the arena's runner plays for Dominion.

Game ``g`` is deal ``g // games_per_deal`` (seed ``rng.game_seeds_at(seed, deal)``) in trial
``g % games_per_deal`` of the schedule, so results do not depend on how the games are split into
chunks or processes. The task returns plain columns (a dict of numpy arrays); the arena wraps
them in its record batches. It knows no arena: the schedule is anything with
``games_per_deal``, ``num_seats`` and ``seating(trial, deal)``.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ludolab.core import rng as _rng
from ludolab.core.paths import is_my_spec, my_bot_path
from ludolab.core.scoring import unique_names
from ludolab.errors import LudolabError
from ludolab.games.dominion.botcode import CompiledBot
from ludolab.games.dominion.bots import compile_bot, load_spec
from ludolab.games.dominion.bots.spec import BotSpec
from ludolab.games.dominion.engine import Engine, GameRecords
from ludolab.games.dominion.rules import ruleset
from ludolab.games.dominion.search import (
    DominionSearchPlayer,
    is_search_spec,
    make_search_player,
    play_records,
)
from ludolab.players.generic import is_generic_spec

__all__ = ["BotLike", "DominionTask", "bot_identity", "resolve_bots"]

BotLike = str | BotSpec | CompiledBot


def _lineup_trials(schedule: Any) -> np.ndarray | None:
    trials = getattr(schedule, "trials", ())
    if getattr(schedule, "kind", "") == "independent" or not trials:
        return None
    return np.asarray(trials, dtype=np.int64)


@dataclass
class DominionTask:
    """A picklable chunk runner: plays the games whose global indices it is given.

    ``schedule`` says who sits where (anything with ``games_per_deal``, ``num_seats`` and
    ``seating(trial, deal)``, such as :mod:`ludolab.arena.schedules`). Records are per *seat*,
    with ``seating[g, s]`` the bot in seat ``s`` (columns: :mod:`ludolab.games.dominion.spec`).
    """

    bots: list[CompiledBot | DominionSearchPlayer]
    kingdom: list[int]
    rules_spec: str
    seed: int
    schedule: Any
    turn_stats: bool = False
    #: a :class:`~ludolab.games.dominion.start.StartState`: every game begins from it (played
    #: step-wise through :meth:`Engine.new_game`, without per-turn statistics)
    start: Any = None
    #: record per seat and card what was bought, gained, played and trashed, and when
    #: (columns ``card_count`` and ``card_first``, [G, seats, 4, cards]; the batch engine only)
    card_stats: bool = False
    #: record the cards each seat owned after each of its turns, and the supply and trash at
    #: the end (columns ``deck`` [G, seats, T, cards], ``supply_end`` and ``trash_end`` [G,
    #: cards], ``deck_end`` [G, seats, cards]; the batch engine only; implies per-turn
    #: statistics)
    deck_stats: bool = False

    @property
    def preferred_chunk_size(self) -> int:
        """Big chunks for the batch engine; small ones when a search player takes its time per
        decision (so that every worker gets games, and Ctrl-C keeps most of them)."""
        if any(isinstance(b, DominionSearchPlayer) for b in self.bots):
            return 20
        return 20_000

    def warm_up(self) -> float:
        """Compile (or load from numba's cache) what this task's games run, by playing its
        first game (with a start state or a search player: the whole kernel); returns the
        seconds it took."""
        if self.start is not None or any(isinstance(b, DominionSearchPlayer) for b in self.bots):
            return Engine.compile()
        t0 = time.perf_counter()
        self.run(np.zeros(1, np.int64))
        return time.perf_counter() - t0

    def run(self, indices: np.ndarray) -> dict[str, np.ndarray]:
        """Play games ``indices`` and return their records (column name -> array)."""
        indices = np.asarray(indices, dtype=np.int64)
        per_deal = self.schedule.games_per_deal
        deals, trials = np.divmod(indices, per_deal)
        table = _lineup_trials(self.schedule)
        if table is not None:
            seating = table[trials]
        else:
            seating = np.array([self.schedule.seating(int(t), int(d))
                                for d, t in zip(deals, trials, strict=True)], dtype=np.int64)
        seats = seating.shape[1]
        engine = Engine(self.kingdom, seats, ruleset(self.rules_spec))
        seeds = _rng.game_seeds_at(self.seed, deals)
        g = len(indices)
        out: dict[str, np.ndarray] = {
            "index": indices,
            "deal": deals,
            "trial": trials,
            "seed": seeds,
            "seating": seating.astype(np.int16),
            "vp": np.zeros((g, seats), np.int32),
            "turns": np.zeros((g, seats), np.int32),
            "outcome": np.zeros((g, seats), np.int8),
            "end_reason": np.zeros(g, np.int8),
        }
        # group the games by lineup (through the trial number when the schedule has a table: a
        # 1-D grouping, far cheaper than comparing seating rows); one lineup plays as a slice
        if table is not None:
            kinds_t, which = np.unique(trials, return_inverse=True)
            kinds = table[kinds_t]
        else:
            kinds, which = np.unique(seating, axis=0, return_inverse=True)
        for k, lineup in enumerate(kinds):
            rows: Any = (slice(None) if len(kinds) == 1
                         else np.nonzero(which.reshape(-1) == k)[0])
            seated = [self.bots[b] for b in lineup]
            if self.start is not None:
                rec = GameRecords.concat([
                    engine.new_game(int(sd), seated,  # type: ignore[arg-type]
                                    start=self.start.deal(int(sd), seats,
                                                          lineup)).records()
                    for sd in np.asarray(seeds[rows]).ravel()])
            elif any(isinstance(b, DominionSearchPlayer) for b in seated):
                rec = play_records(engine, seated, seeds[rows], turn_stats=self.turn_stats)
            else:
                rec = engine.play(seated, seeds[rows],  # type: ignore[arg-type]
                                  turn_stats=self.turn_stats, card_stats=self.card_stats,
                                  deck_stats=self.deck_stats)
            if self.deck_stats:
                if rec.deck is None or rec.supply_end is None or rec.trash_end is None \
                        or rec.deck_end is None:
                    raise LudolabError("deck records are kept by the batch engine only (not "
                                       "with a start state or a search player)")
                for key, arr in (("deck", rec.deck), ("supply_end", rec.supply_end),
                                 ("trash_end", rec.trash_end), ("deck_end", rec.deck_end)):
                    if key not in out:
                        out[key] = np.full((g, *arr.shape[1:]), -1, np.int16)
                    out[key][rows] = arr
            if self.card_stats:
                if rec.card_counts is None or rec.card_first is None:
                    raise LudolabError("card statistics are recorded by the batch engine only "
                                       "(not with a start state or a search player)")
                for key, arr in (("card_count", rec.card_counts), ("card_first", rec.card_first)):
                    if key not in out:
                        out[key] = np.zeros((g, *arr.shape[1:]), np.int16)
                    out[key][rows] = arr
            out["vp"][rows] = rec.vp
            out["turns"][rows] = rec.turns
            out["outcome"][rows] = rec.outcome
            out["end_reason"][rows] = rec.end_reason
            if self.turn_stats and self.start is None:
                for key in ("turn_coins", "turn_vp"):
                    arr = getattr(rec, key)
                    if key not in out:
                        out[key] = np.full((g, seats, arr.shape[2]), -1, np.int16)
                    elif arr.shape[2] > out[key].shape[2]:
                        pad = arr.shape[2] - out[key].shape[2]
                        out[key] = np.pad(out[key], ((0, 0), (0, 0), (0, pad)),
                                          constant_values=-1)
                    out[key][rows, :, : arr.shape[2]] = arr
        return out


def resolve_bots(
    bots: Sequence[BotLike],
) -> tuple[list[str], list[CompiledBot | DominionSearchPlayer]]:
    """Unique display names and compiled forms of bots given by name, path, spec or compiled
    form (a mirror match is "Big Money" and "Big Money #2"); ``mcts:...`` (or its alias
    ``ismcts:...``) is the search player (:mod:`ludolab.games.dominion.search`), ``mc:...`` and
    ``uct:...`` the generic ones (:mod:`ludolab.games.dominion.generic`), ``my:NAME`` a bot of
    My bots (:func:`ludolab.core.paths.my_bot_path`)."""
    names: list[str] = []
    compiled: list[CompiledBot | DominionSearchPlayer] = []
    for b in bots:
        if isinstance(b, str):
            head, sep, rest = b.strip().partition(":")
            if head.strip().lower() == "ismcts":  # the Dominion search is an ISMCTS
                b = "mcts" + sep + rest
            elif is_my_spec(b):
                b = str(my_bot_path(b))
            elif is_generic_spec(b):
                from ludolab.games.dominion.generic import GenericSearchSeat  # lazy: rare

                seat = GenericSearchSeat(b)
                names.append(seat.name)
                compiled.append(seat)
                continue
        if isinstance(b, DominionSearchPlayer) or (isinstance(b, str) and is_search_spec(b)):
            player = b if isinstance(b, DominionSearchPlayer) else make_search_player(b)
            names.append(player.name)
            compiled.append(player)
        elif isinstance(b, CompiledBot):
            names.append(b.name)
            compiled.append(b)
        else:
            spec = load_spec(b) if isinstance(b, str) else b
            names.append(spec.name)
            compiled.append(compile_bot(spec))
    return unique_names(names), compiled


def bot_identity(compiled: Sequence[CompiledBot | DominionSearchPlayer]) -> tuple[int, ...]:
    """Number the bots by behaviour: bots compiled to the same tables (whatever their names)
    play identically and share a number, so a seating that only swaps them replays a game.
    A search player draws its own keyed stream per seat: it always gets a number of its own.

    >>> from ludolab.games.dominion.bots import load_bot
    >>> bm, smithy = load_bot("Big Money"), load_bot("Smithy Big Money")
    >>> bot_identity([bm, smithy, bm])
    (0, 1, 0)
    """
    keys: dict[tuple[object, ...], int] = {}
    out = []
    for i, c in enumerate(compiled):
        if isinstance(c, DominionSearchPlayer):
            out.append(keys.setdefault(("search", i), len(keys)))
            continue
        key = (c.entries.tobytes(), c.list_bounds.tobytes(), c.code.tobytes(),
               c.options.tobytes(), tuple(sorted(c.card_options.items())))
        out.append(keys.setdefault(key, len(keys)))
    return tuple(out)

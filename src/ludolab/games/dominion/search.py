"""An information-set Monte Carlo search player for Dominion (experimental).

Seated like a bot by the spec ``mcts:simulations=2000,rollout=Big Money Ultimate,c=0.7,time=none``
(:data:`SEARCH_PLAYERS`), in ``ludolab dominion sim`` and ``arena run``.

At each decision of its seat during its own turn, :class:`DominionSearchPlayer` runs flat UCB1
over the options. One iteration (compiled: :func:`~ludolab.games.dominion.engine.kernel.
search_rollouts`) re-deals what the player cannot see, answers the decision with the chosen
option and plays the game out inside the engine with a library bot (the rollout policy) in every
seat; the value is 1 for a win, 1/k for a k-way shared win, 0 for a loss. The most visited option
is played. Everything else -- decisions during other players' turns (a Militia discard), forced
ones, and decisions where the re-deal would not be sound -- is answered by the same bot's
playbook, so the player answers every decision a bot answers.

What is hidden, and re-dealt each iteration from what is known (``kernel.determinise``):

* the order of its own draw pile, below the cards it has drawn this turn (those stay on top:
  the player saw them);
* each opponent's hand and draw pile, pooled and dealt again (sizes kept);
* every future shuffle (keyed by a fresh seed per iteration, as ``DominionGame.reseeded``).

The hidden cards are sorted before they are shuffled, so a decision depends on which cards are
hidden and never on their real order: the same search seed gives the same decision whatever the
real order (a test checks it). Not used yet: cards whose position the player knows from earlier
turns (a card an opponent's Bureaucrat put on its deck), which the re-deal treats as unknown, and
cards revealed this turn (a Moat); and when its own draw pile was shuffled during this turn the
player falls back on the bot rather than re-deal a shuffle it partly saw.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from ludolab.core import rng as _rng
from ludolab.errors import LudolabError
from ludolab.games.dominion.botcode import CompiledBot
from ludolab.games.dominion.bots import load_bot
from ludolab.games.dominion.engine import DominionGame, Engine
from ludolab.games.dominion.engine import kernel as K
from ludolab.players.spec import Param, PlayerRegistry, integer, number

#: Iterations between two looks at the clock under a time budget.
CLOCK_CHUNK = 100


@dataclass
class _Kernel:
    """The search's own engine environment (rollout bot in every seat) and work arrays."""

    I: np.ndarray
    F: np.ndarray
    W: np.ndarray
    S: np.ndarray
    vp: np.ndarray
    turns: np.ndarray
    outcome: np.ndarray
    seeds: np.ndarray
    reason: np.ndarray
    stats: np.ndarray


class DominionSearchPlayer:
    """Flat UCB1 with determinised rollouts (see the module docstring).

    ``rollout`` is a compiled library bot: the rollout policy of every seat and the playbook
    for decisions the search does not take. ``simulations`` bounds the iterations per decision,
    ``time_cap`` (seconds, optional) stops earlier once every option was tried. ``c`` is the
    UCB1 constant on values in [0, 1]. ``last_search`` keeps ``{option: (visits, mean value)}``
    of the latest searched decision.
    """

    def __init__(self, rollout: CompiledBot, simulations: int = 2000, *, c: float = 0.7,
                 time_cap: float | None = None, name: str | None = None) -> None:
        if simulations < 1:
            raise LudolabError(f"simulations must be at least 1, got {simulations}")
        if c < 0:
            raise LudolabError(f"the exploration constant c must be 0 or more, got {c}")
        self.rollout = rollout
        self.simulations = int(simulations)
        self.c = float(c)
        self.time_cap = time_cap or None
        self.name = name or f"mcts:simulations={self.simulations},rollout={rollout.name}"
        self.last_search: dict[int, tuple[int, float]] = {}
        self.searched = 0
        self.fallbacks = 0
        self._kernels: dict[int, _Kernel] = {}

    @property
    def cards_needed(self) -> tuple[int, ...]:
        """The kingdom cards the rollout bot needs (what a kingdom must offer this player)."""
        return tuple(self.rollout.cards_needed)

    def __getstate__(self) -> dict:
        d = dict(self.__dict__)
        d["_kernels"] = {}  # kernel scratch, rebuilt in the process that plays
        return d

    def _kernel(self, engine: Engine) -> _Kernel:
        k = self._kernels.get(id(engine))
        if k is None:
            env = engine._make_env([self.rollout] * engine.num_players)
            p = engine.num_players
            k = _Kernel(env.I, env.F, env.W, np.zeros(engine.layout.size, np.int64),
                        np.zeros((1, p), np.int32), np.zeros((1, p), np.int32),
                        np.zeros((1, p), np.int8), np.zeros(1, np.uint64), np.zeros(1, np.int8),
                        np.zeros((1, 1, 1), np.int16))
            self._kernels = {id(engine): k}
        return k

    def hidden_own(self, game: DominionGame, seat: int) -> int | None:
        """How many cards at the bottom of ``seat``'s start-of-turn draw pile it has not seen, or
        None when the search cannot re-deal soundly (not its turn; its pile was shuffled or
        changed from the top this turn)."""
        S0, V = game._S, game._view
        if S0 is V or int(S0[K.H_CUR]) != seat:
            return None
        L = game.engine.layout
        shuf = L.scalar(seat, "shuffles")
        if S0[shuf] != V[shuf]:
            return None
        n0 = int(S0[L.scalar(seat, "deck_n")])
        nv = int(V[L.scalar(seat, "deck_n")])
        if nv > n0 or not np.array_equal(S0[L.deck(seat, nv)], V[L.deck(seat, nv)]):
            return None
        return nv

    def choose(self, game: DominionGame, rng: np.random.Generator) -> int:
        """The answer to ``game``'s pending decision (which must be this player's)."""
        d = game.pending()
        if d is None:
            raise LudolabError("the game is over; there is nothing to answer")
        options = np.array(d.options, dtype=np.int64)
        if len(options) == 1:
            return int(options[0])
        kern = self._kernel(game.engine)
        hidden = self.hidden_own(game, d.seat)
        if hidden is None:
            self.fallbacks += 1
            return int(K.bot_answer(game._view.copy(), kern.I, kern.F, d.seat, int(d.kind),
                                    d.source, d.subject, d.arg, options))
        self.searched += 1
        search_seed = np.uint64(int(rng.integers(1 << 63)))
        tape = np.array([*game._tape, 0], dtype=np.int64)
        visits = np.zeros(len(options), np.int64)
        wins = np.zeros(len(options))
        deadline = time.perf_counter() + self.time_cap if self.time_cap else None
        done = 0
        while done < self.simulations:
            count = self.simulations - done
            if deadline is not None:
                count = min(count, max(CLOCK_CHUNK, len(options) - done))
            status = K.search_rollouts(
                game._S, game._view, kern.S, kern.W, kern.I, kern.F, d.seat, hidden, tape,
                len(tape) - 1, options, done, count, self.c, search_seed, visits, wins,
                kern.vp, kern.turns, kern.outcome, kern.seeds, kern.reason, kern.stats,
            )
            if status < 0:
                raise RuntimeError(f"Dominion engine error {int(kern.I[K.I_ERROR])} in a rollout")
            done += count
            if deadline is not None and done >= len(options) and time.perf_counter() > deadline:
                break
        stats = {int(o): (int(n), float(w / n) if n else 0.0)
                 for o, n, w in zip(options, visits, wins, strict=True)}
        self.last_search = stats
        return max(stats, key=lambda o: stats[o])

    def __repr__(self) -> str:
        return (f"DominionSearchPlayer(rollout={self.rollout.name!r}, "
                f"simulations={self.simulations}, c={self.c}, time_cap={self.time_cap})")


def play_game(engine: Engine, seats: list[DominionSearchPlayer | CompiledBot], seed: int,
              rng: np.random.Generator) -> tuple[int, ...]:
    """One game with search players and bots seated as ``seats``; returns each seat's outcome
    (2 won alone, 1 shared the win, 0 lost)."""
    bots = [None if isinstance(s, DominionSearchPlayer) else s for s in seats]
    game = engine.new_game(seed, bots)
    while not game.is_over():
        d = game.pending()
        assert d is not None
        player = seats[d.seat]
        assert isinstance(player, DominionSearchPlayer)
        game.answer(player.choose(game, rng))
    return game.outcome()


def _rollout_bot(text: str) -> CompiledBot:
    """A spec's rollout bot: a library name or a bot file."""
    try:
        return load_bot(text)
    except LudolabError as exc:
        raise ValueError(f"a bot name or file ({exc})") from None


#: The Dominion search player's spec: ``mcts:simulations=2000,rollout=Big Money Ultimate``.
SEARCH_PLAYERS = PlayerRegistry("dominion")
SEARCH_PLAYERS.add(
    "mcts",
    lambda simulations, rollout, c, time: DominionSearchPlayer(rollout, simulations, c=c,
                                                               time_cap=time),
    [Param("simulations", integer(1), "2000", "rollouts per searched decision"),
     Param("rollout", _rollout_bot, "Big Money Ultimate",
           "the bot of every seat in the rollouts, and the playbook for other decisions"),
     Param("c", number(0.0), "0.7", "UCB1 exploration constant (values in [0, 1])"),
     Param("time", number(0.0, none=True), "none",
           "seconds per decision (none: no cap; with a cap results depend on the machine)")],
    help="flat UCB1 over each decision's options with determinised rollouts (experimental)",
)


def is_search_spec(text: str) -> bool:
    """Whether a player text names the search player (``mcts`` or ``mcts:...``)."""
    return text.strip().partition(":")[0].strip().lower() == "mcts"


def make_search_player(spec: str) -> DominionSearchPlayer:
    """The search player a spec describes (a one-line SpecError if malformed).

    >>> make_search_player("mcts:simulations=300,rollout=Big Money").name
    'mcts:simulations=300,rollout=Big Money'
    """
    return SEARCH_PLAYERS.parse(spec)  # type: ignore[no-any-return]


def play_records(engine: Engine, seats: list[DominionSearchPlayer | CompiledBot],
                 seeds: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Games of one lineup with search players, one per seed, played decision by decision:
    ``(vp, turns, outcome, end_reason)`` like :meth:`Engine.play`'s records. Each search player
    draws from the keyed stream (game seed, its seat, PLAYER), so a game does not depend on how
    the games are split into chunks or processes."""
    n, p = len(seeds), len(seats)
    vp = np.zeros((n, p), np.int32)
    turns = np.zeros((n, p), np.int32)
    outcome = np.zeros((n, p), np.int8)
    reason = np.zeros(n, np.int8)
    bots = [None if isinstance(s, DominionSearchPlayer) else s for s in seats]
    for i, seed in enumerate(seeds):
        game = engine.new_game(int(seed), bots)
        streams = {q: _rng.stream(int(seed), q, _rng.PLAYER) for q in range(p)}
        while not game.is_over():
            d = game.pending()
            assert d is not None
            player = seats[d.seat]
            assert isinstance(player, DominionSearchPlayer)
            game.answer(player.choose(game, streams[d.seat]))
        rec = game.records()
        vp[i], turns[i], outcome[i] = rec.vp[0], rec.turns[0], rec.outcome[0]
        reason[i] = rec.end_reason[0]
    return vp, turns, outcome, reason

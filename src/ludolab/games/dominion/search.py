"""An information-set Monte Carlo search player for Dominion.

Seated like a bot by the spec ``mcts:simulations=2000,rollout=Big Money Ultimate`` (with
``algo``, ``c``, ``margin``, ``time``: :data:`SEARCH_PLAYERS`), in ``ludolab dominion sim``,
``dominion log`` and ``arena run``.

At each decision of its seat during its own turn, :class:`DominionSearchPlayer` searches over
the options (sequential halving or UCB1 at the root: each decision is searched afresh with what
the player knows then). One rollout (compiled: :func:`~ludolab.games.dominion.engine.kernel.
search_rollout`) re-deals what the player cannot see, answers the decision with an option and
plays the game out inside the engine with a library bot (the rollout policy) in every seat; the
value is the win share (1 won, 1/k shared, 0 lost), optionally mixed with the VP margin.
Everything else -- decisions during other players' turns (a Militia discard), forced ones, and
decisions where the re-deal would not be sound -- is answered by the same bot's playbook, so the
player answers every decision a bot answers.

What is hidden, and re-dealt each iteration from what is known (``searchkernel.determinise``):

* the order of its own draw pile below what it has seen or knows: the cards it drew this turn
  are replayed as they were, the run of known cards on top of the pile stays (a card it put
  back with Harbinger, Sentry, Artisan or Courtyard, a Victory card an opponent's Bureaucrat
  made it put there), and so does a card it put deeper with Secret Passage, at its position
  (the engine tracks one such card per pile, ``kernel.put_at``/``known_deep``; see
  ``hidden_own``);
* each opponent's hand and draw pile, pooled and dealt again (sizes kept), except the top cards
  of the pile that everyone knows (a Victory card put there for a Bureaucrat, a Silver gained
  onto it): the engine keeps both known runs per pile (``kernel.known_top``). What an opponent
  put back face down (Courtyard, Secret Passage) is hidden and re-dealt with the rest;
* every future shuffle (keyed by a fresh seed per iteration, as ``DominionGame.reseeded``).

The hidden cards are sorted before they are shuffled, so a decision depends on which cards are
hidden and never on their real order: the same search seed gives the same decision whatever the
real order (a test checks it). Where a re-deal would not be sound the player answers with the
bot's playbook: when its own pile was reshuffled during this turn (a shuffle it partly saw),
after its Thief or Noble Brigand revealed an opponent's Treasures (its answer names cards a
re-deal changes),
and after it put a second card deep in its pile this turn (not tracked). After another player
passed it a card with Masquerade this turn, the card came from a hand a re-deal changes: a
re-deal counts only if its replay gives the player the hand it holds (up to
``searchkernel.MAX_REDEALS`` re-deals are tried for each; the other seats' passes are their
rollout bots' answers on the re-dealt hands, so this conditions the re-deal on what it saw);
when none does, the decision is the playbook's. Cards another seat revealed from its pile this
turn and put back known to all (Oracle's "put them back") stay on that pile in every re-deal
(``start_state``), so the replayed turn reveals them again. Still
treated as unknown: opponents' cards revealed this turn and not put back (a Moat, a Bandit's
reveals), an opponent's hand cards known from earlier turns (a card it passed them), and where
in an opponent's pile a card it saw them put with Secret Passage went (the place is public,
the card is not).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ludolab.core import rng as _rng
from ludolab.errors import LudolabError
from ludolab.games.dominion.botcode import CompiledBot
from ludolab.games.dominion.bots import load_bot
from ludolab.games.dominion.cards import card_id
from ludolab.games.dominion.engine import (
    Decision,
    DominionGame,
    Engine,
    GameRecords,
    simple_bot,
)
from ludolab.games.dominion.engine import hooks as _hooks
from ludolab.games.dominion.engine import kernel as K
from ludolab.games.dominion.engine import searchkernel as SK
from ludolab.players.spec import (
    MAX_SIMULATIONS,
    Param,
    PlayerRegistry,
    choice,
    integer,
    number,
    time_cap,
)

#: Iterations between two looks at the clock under a time budget.
CLOCK_CHUNK = 100


@dataclass(frozen=True)
class OptionStats:
    """One option of a searched decision: how often the search tried it, and what it found."""

    option: int  #: the option id (a card id, or ``-1`` for "none", as in :class:`Decision`)
    visits: int  #: rollouts that took this option
    value: float  #: mean value of those rollouts for the searching seat (the search's objective)
    win: float  #: mean win share (1 won, 1/k shared by k, 0 lost)
    margin: float  #: mean VP margin over the best other seat at the end


@dataclass(frozen=True)
class TreeStep:
    """A node of the search tree below the chosen option: one of its own later decisions."""

    kind: int  #: the :class:`~ludolab.games.dominion.engine.DecisionKind` value
    option: int
    visits: int
    value: float  #: mean value of the rollouts through it


@dataclass(frozen=True)
class SearchReport:
    """What the search player did at one decision (``DominionSearchPlayer.last_report``).

    ``options`` is sorted best first (most visits, then value); empty when the decision was
    answered by the playbook (``fallback``: not its turn, or a re-deal would not be sound).
    """

    seat: int
    kind: int  #: the :class:`~ludolab.games.dominion.engine.DecisionKind` value
    chosen: int
    simulations: int  #: rollouts run (0 for a fallback)
    fallback: bool
    options: tuple[OptionStats, ...]
    #: with a tree (``depth``): the most visited line of its own later decisions after
    #: ``chosen``, as the rollouts met them
    line: tuple[TreeStep, ...] = ()
    #: with ``trust``: the rollout bot's own answer, and how much better the search's best
    #: option did than it (mean paired difference of values over common re-deals, and its
    #: standard error; 0 when the best is the bot's answer)
    bot: int | None = None
    gain: float = 0.0
    gain_se: float = 0.0

    def top(self, k: int = 3) -> tuple[OptionStats, ...]:
        """The ``k`` most visited options."""
        return self.options[:k]


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


#: The selection rules at a searched decision (see :class:`DominionSearchPlayer`).
ALGORITHMS = ("halving", "ucb")
#: The deepest tree of own decisions below the root (``depth``), and its node capacity.
MAX_DEPTH = 8
MAX_TREE_NODES = 200_000


class DominionSearchPlayer:
    """Determinised Monte Carlo search at each decision (see the module docstring).

    ``rollout`` is a compiled library bot: the rollout policy of every seat and the playbook
    for decisions the search does not take. ``simulations`` is the rollout budget per decision,
    ``time_cap`` (seconds, optional) stops earlier once every option was tried.

    ``algo`` picks how the budget is spent over the options: ``"halving"`` (sequential halving,
    Karnin, Koren and Somekh 2013: rounds in which every surviving option gets the same number
    of rollouts on the same re-deals, then the better half goes on; the best mean wins) or
    ``"ucb"`` (UCB1 with constant ``c``; the most visited option wins). Both compare options on
    common re-deals (the k-th rollout of each option sees the k-th re-deal).

    A rollout's value is ``(1 - margin) * win + margin * (1 + clip(VP margin / scale, -1, 1)) / 2``
    (``margin`` = 0: win/tie/loss only; 1: the VP margin only).

    ``trust`` > 0 makes the search a cautious improver of its rollout bot: the bot's own answer
    is never eliminated, and the search's best option is played instead only when it beats the
    bot's answer by at least ``trust`` standard errors of their paired difference over the
    re-deals both saw (a one-sided test); 0 plays the search's best as it is.

    ``depth`` > 0 grows an information-set MCTS tree (single observer, open loop: a node per
    sequence of its own (decision kind, option) pairs, whatever the re-deal) below each root
    option, ``depth`` of its own later decisions deep (in this turn and the next ones): in the
    tree, the options legal in this rollout's re-deal are chosen by UCB1 over availability
    counts (Cowling, Powley and Whitehouse 2012), one new node is added per rollout, and the
    rollout bot answers below it. 0: the bot answers every later decision (a flat search).

    ``last_search`` keeps ``{option: (visits, mean value)}`` and ``last_report`` a
    :class:`SearchReport` of the latest decision.
    """

    def __init__(self, rollout: CompiledBot, simulations: int = 2000, *, c: float = 0.7,
                 time_cap: float | None = None, algo: str = "halving", margin: float = 0.5,
                 scale: float = 20.0, trust: float = 1.0, depth: int = 0,
                 name: str | None = None) -> None:
        if simulations < 1:
            raise LudolabError(f"simulations must be at least 1, got {simulations}")
        if c < 0:
            raise LudolabError(f"the exploration constant c must be 0 or more, got {c}")
        if algo not in ALGORITHMS:
            raise LudolabError(f"algo must be one of {', '.join(ALGORITHMS)}, got {algo!r}")
        if not 0.0 <= margin <= 1.0:
            raise LudolabError(f"the margin weight must lie in [0, 1], got {margin}")
        if scale <= 0:
            raise LudolabError(f"the margin scale must be above 0, got {scale}")
        if trust < 0:
            raise LudolabError(f"trust must be 0 or more, got {trust}")
        if not 0 <= depth <= MAX_DEPTH:
            raise LudolabError(f"depth must be from 0 to {MAX_DEPTH}, got {depth}")
        self.rollout = rollout
        self.simulations = int(simulations)
        self.c = float(c)
        self.time_cap = time_cap or None
        self.algo = algo
        self.margin = float(margin)
        self.scale = float(scale)
        self.trust = float(trust)
        self.depth = int(depth)
        self.name = name or f"mcts:simulations={self.simulations},rollout={rollout.name}"
        self.last_search: dict[int, tuple[int, float]] = {}
        self.last_report: SearchReport | None = None
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
            tree = min(self.simulations, MAX_TREE_NODES) + 64 if self.depth else 0
            env = engine._make_env([self.rollout] * engine.num_players, tree_cap=tree)
            p = engine.num_players
            if tree:
                env.I[K.I_FN_TREE] = _hooks.address(SK.tree_pick, "IFii")
            if self.rollout.name == RANDOM_ROLLOUT:  # every seat picks uniformly in rollouts
                env.I[K.I_RANDOM] = (1 << p) - 1
            k = _Kernel(env.I, env.F, env.W, np.zeros(engine.layout.size, np.int64),
                        np.zeros((1, p), np.int32), np.zeros((1, p), np.int32),
                        np.zeros((1, p), np.int8), np.zeros(1, np.uint64), np.zeros(1, np.int8),
                        np.zeros((1, 1, 1), np.int16))
            self._kernels = {id(engine): k}
        return k

    @staticmethod
    def hidden_own(game: DominionGame, seat: int) -> int | None:
        """How many cards at the bottom of ``seat``'s start-of-turn draw pile it has neither seen
        nor knows (the ones a re-deal may shuffle), or None when the search cannot re-deal
        soundly: not its turn, its pile was reshuffled this turn, or it played a Thief this
        turn (its choices name an opponent's revealed Treasures, which a re-deal changes: a
        re-dealt pile may even reveal none, and then the turn's answers no longer fit; so does
        a Noble Brigand it played or bought this turn), or it
        put a second card deep in its pile this turn (``PS_DEEP`` stamped). (A card passed to
        it this turn is handled by the re-deal itself: ``searchkernel.replay_fits``.)

        Cards leave the pile from the top only, and every card put into it is known to its
        owner (the engine keeps the known run on top, ``kernel.known_top``, and one card put
        below it, ``kernel.known_deep``): so the pile at the decision, less the cards it knows
        the place of, is the start-of-turn pile's bottom less the cards known then, untouched
        and in order (the replay draws the rest as it was). The count is of those; the re-deal
        shuffles that many of the lowest unknown positions of the start-of-turn pile. Known
        cards may date from before the turn (a card its Harbinger or an opponent's Bureaucrat
        put there, one its Secret Passage put deep): those stay too.
        """
        S0, V = game._S, game._view
        if S0 is V or int(S0[K.H_CUR]) != seat:
            return None
        L = game.engine.layout
        if V[L.zone(seat, "play")][K.THIEF] > 0:  # its Thief revealed (re-dealt) Treasures
            return None
        nb = _NOBLE_BRIGAND  # so did its Noble Brigand, played or bought this turn
        if (V[L.zone(seat, "play")][nb] > 0
                or V[L.zone(seat, "own")][nb] > S0[L.zone(seat, "own")][nb]):
            return None
        turn = int(V[K.H_NTURNS])
        if int(V[L.scalar(seat, "deep")]) == -turn:
            return None  # it put two cards deep in its pile this turn: one is not tracked
        shuf = L.scalar(seat, "shuffles")
        if S0[shuf] != V[shuf]:
            return None
        return int(V[L.scalar(seat, "deck_n")]) - int(K.known_cards(V, L.scalars(seat)))

    def choose(self, game: DominionGame, rng: np.random.Generator) -> int:
        """The answer to ``game``'s pending decision (which must be this player's)."""
        d = game.pending()
        if d is None:
            raise LudolabError("the game is over; there is nothing to answer")
        options = np.array(d.options, dtype=np.int64)
        if len(options) == 1:
            self.last_report = None
            return int(options[0])
        kern = self._kernel(game.engine)
        hidden = self.hidden_own(game, d.seat)
        if hidden is None:
            return self._fallback(game, kern, options)
        keep = -1
        if self.trust > 0:
            keep = int(np.flatnonzero(options == self._bot_answer(game, kern, options))[0])
        search = _Search(self, game, kern, d.seat, hidden, options,
                         np.uint64(int(rng.integers(1 << 63))), keep)
        SK.tree_init(kern.I, kern.F, len(options), self.depth, self.c, d.seat)
        try:
            if self.algo == "ucb":
                search.ucb()
            else:
                search.halving()
        except _Unsound:  # a re-deal changed which decisions this turn asked: the playbook
            return self._fallback(game, kern, options)
        finally:
            kern.I[K.I_TREE_ME] = 0  # the playbook (bot_answer) shares this environment
        self.searched += 1
        return self._report(d.seat, int(d.kind), options, search)

    @staticmethod
    def _bot_answer(game: DominionGame, kern: _Kernel, options: np.ndarray) -> int:
        """The rollout bot's answer to the pending decision (asked on a copy of the view)."""
        d = game.pending()
        assert d is not None
        return int(SK.bot_answer(game._view.copy(), kern.I, kern.F, d.seat, int(d.kind),
                                d.source, d.subject, d.arg, options))

    def _fallback(self, game: DominionGame, kern: _Kernel, options: np.ndarray) -> int:
        """Answer with the rollout bot's playbook (and report it as such)."""
        d = game.pending()
        assert d is not None
        self.fallbacks += 1
        a = self._bot_answer(game, kern, options)
        self.last_report = SearchReport(d.seat, int(d.kind), a, 0, True, ())
        return a

    def _report(self, seat: int, kind: int, options: np.ndarray, search: _Search) -> int:
        n = search.visits
        mean = np.divide(search.sums, n, out=np.zeros(len(n)), where=n > 0)
        win = np.divide(search.wins, n, out=np.zeros(len(n)), where=n > 0)
        margin = np.divide(search.margins, n, out=np.zeros(len(n)), where=n > 0)
        stats = [OptionStats(int(o), int(n[i]), float(mean[i]), float(win[i]), float(margin[i]))
                 for i, o in enumerate(options)]
        # UCB1 plays the most visited option; sequential halving's last-round survivors hold
        # the most visits (all the same), and the best mean among them wins
        order = sorted(range(len(stats)), key=lambda i: (-stats[i].visits, -stats[i].value))
        best = order[0]
        bot, gain, gain_se = None, 0.0, 0.0
        if search.keep >= 0:
            bot = int(options[search.keep])
            if best != search.keep:
                gain, gain_se = search.paired(best, search.keep)
                if not search.beats(best, search.keep):
                    order.remove(search.keep)
                    order.insert(0, search.keep)
        ranked = tuple(stats[i] for i in order)
        chosen = ranked[0].option
        line = self._tree_line(search.kern, order[0] + 1) if self.depth else ()
        self.last_search = {s.option: (s.visits, s.value) for s in stats}
        self.last_report = SearchReport(seat, kind, chosen, int(n.sum()), False, ranked, line,
                                        bot, gain, gain_se)
        return chosen

    @staticmethod
    def _tree_line(kern: _Kernel, node: int) -> tuple[TreeStep, ...]:
        """The most visited path below ``node`` in the kernel's tree."""
        I, F = kern.I, kern.F
        T, f0 = int(I[K.I_O_TREE]), int(I[K.I_O_FTREE]) + 1
        line = []
        while True:
            best, ch = -1, int(I[T + node * K.TN_SZ + K.TN_FIRST])
            while ch >= 0:
                b = T + ch * K.TN_SZ
                if best < 0 or I[b + K.TN_VISITS] > I[T + best * K.TN_SZ + K.TN_VISITS]:
                    best = ch
                ch = int(I[b + K.TN_NEXT])
            if best < 0:
                return tuple(line)
            b = T + best * K.TN_SZ
            visits = int(I[b + K.TN_VISITS])
            if visits == 0:
                return tuple(line)
            line.append(TreeStep(int(I[b + K.TN_KIND]), int(I[b + K.TN_OPT]), visits,
                                 float(F[f0 + best]) / visits))
            node = best

    def __repr__(self) -> str:
        return (f"DominionSearchPlayer(rollout={self.rollout.name!r}, "
                f"simulations={self.simulations}, algo={self.algo!r}, c={self.c}, "
                f"margin={self.margin}, trust={self.trust}, depth={self.depth}, "
                f"time_cap={self.time_cap})")


#: Noble Brigand's id: its player chooses among other seats' revealed Treasures (as Thief's)
_NOBLE_BRIGAND = card_id("Noble Brigand")


def start_state(game: DominionGame, seat: int) -> np.ndarray:
    """The start-of-turn state the re-deals of ``seat``'s decision begin from: ``game``'s,
    with the top cards of another seat's pile that this turn revealed to everyone and put back
    (Oracle's "put them back") marked known to all, so every re-deal keeps them where they were
    and the replayed turn reveals the same cards. Found by comparing the pile then and now: the
    cards taken from its top (``t``) are exactly the cards of the run everyone knows on top
    now, in any order, and the pile below is untouched; else nothing is added (revealed cards
    that went elsewhere, a Bandit's, stay unknown, as before)."""
    S0, V = game._S, game._view
    if S0 is V:
        return S0
    L = game.engine.layout
    out = S0
    for q in range(int(V[K.H_NP])):
        if q == seat:
            continue
        sc = L.scalars(q)
        n0 = int(S0[sc + K.PS_DECKN])
        n = int(V[sc + K.PS_DECKN])
        m = int(K.known_top(V, sc, True))
        t = n0 - (n - m)
        if m <= 0 or t <= 0 or t > m or t > n0 or t <= int(K.known_top(S0, sc, True)):
            continue
        pile0 = S0[L.deck(q, n0)]
        pile = V[L.deck(q, n)]
        if not (np.array_equal(pile0[:n0 - t], pile[:n - m])
                and sorted(pile0[n0 - t:].tolist()) == sorted(pile[n - m:].tolist())):
            continue
        if out is S0:
            out = S0.copy()
        out[sc + K.PS_PUB_LO] = n0 - t
        out[sc + K.PS_PUB_HI] = n0
    return out


class _Unsound(Exception):
    """A rollout's replay of the turn met a decision the real turn did not ask (a re-deal
    changed what an attack revealed): the turn's answers no longer fit that re-deal."""


class _Search:
    """One decision's search: the kernel arguments and per-option sums, and the two ways of
    spending the budget."""

    def __init__(self, player: DominionSearchPlayer, game: DominionGame, kern: _Kernel,
                 seat: int, hidden: int, options: np.ndarray, seed: np.uint64,
                 keep: int = -1) -> None:
        self.p = player
        k = len(options)
        self.options = options
        self.keep = keep  # an option index never eliminated (the bot's answer, with trust)
        self.visits = np.zeros(k, np.int64)
        self.sums = np.zeros(k)
        self.wins = np.zeros(k)
        self.margins = np.zeros(k)
        # each rollout's value by option and re-deal, for the paired test of trust
        self.values = np.zeros((k, player.simulations if keep >= 0 else 0))
        self.deadline = (time.perf_counter() + player.time_cap) if player.time_cap else None
        # its own answers of this turn; other outside seats' (another search player's discards
        # to its Militia) are left out: their hands are re-dealt, so their bots answer again
        own = [a for a, q in zip(game._tape, game._tape_seats, strict=True) if q == seat]
        tape = np.array([*own, 0], dtype=np.int64)
        self._head = (start_state(game, seat), game._view, kern.S, kern.W, kern.I, kern.F, seat,
                      hidden, tape, len(tape) - 1, options)
        self._seed = seed
        self._tail = (self.visits, self.sums, self.wins, self.margins, self.values, kern.vp,
                      kern.turns, kern.outcome, kern.seeds, kern.reason, kern.stats, np.zeros(1))
        self.kern = kern

    def _check(self, status: int) -> None:
        if status < 0:
            error = int(self.kern.I[K.I_ERROR])
            if error == K.ERR_TAPE:
                raise _Unsound
            raise RuntimeError(f"Dominion engine error {error} in a rollout")

    def paired(self, a: int, b: int) -> tuple[float, float]:
        """Mean and standard error of option ``a``'s values less ``b``'s over the re-deals both
        saw (re-deal k is the k-th visit of each); (0, 0) with fewer than two."""
        n = int(min(self.visits[a], self.visits[b], self.values.shape[1]))
        if n < 2:
            return 0.0, 0.0
        d = self.values[a, :n] - self.values[b, :n]
        return float(d.mean()), float(d.std(ddof=1)) / np.sqrt(n)

    def beats(self, a: int, b: int) -> bool:
        """Whether option ``a``'s values exceed ``b``'s by ``trust`` standard errors of their
        paired difference (a one-sided test)."""
        mean, se = self.paired(a, b)
        return mean > self.p.trust * se if se > 0 else mean > 0

    def _late(self) -> bool:
        return self.deadline is not None and time.perf_counter() > self.deadline

    def ucb(self) -> None:
        p, nopt = self.p, len(self.options)
        done = 0
        while done < p.simulations:
            count = p.simulations - done
            if self.deadline is not None:
                count = min(count, max(CLOCK_CHUNK, nopt - done))
            self._check(SK.search_rollouts(*self._head, done, count, p.c, self._seed, p.margin,
                                          p.scale, *self._tail))
            done += count
            if done >= nopt and self._late():
                break

    def halving(self) -> None:
        """Sequential halving: ceil(log2 k) rounds; each round shares what is left of the budget
        equally over the rounds to come and the surviving options (at least one rollout each;
        later rounds only while the budget lasts), all on the same fresh re-deals; the better
        half by mean value survives (and the bot's answer, with ``trust``)."""
        p = self.p
        alive = np.arange(len(self.options))
        rounds = max(1, int(np.ceil(np.log2(len(alive)))))
        left = p.simulations
        key = 0
        for r in range(rounds):
            if r > 0 and left < len(alive):
                break  # the budget is spent (every option had its first rollout)
            keys = max(1, left // (len(alive) * (rounds - r)))
            step = keys if self.deadline is None else max(1, CLOCK_CHUNK // len(alive))
            done = 0
            while done < keys:
                n = min(step, keys - done)
                self._check(SK.search_batch(*self._head, alive, key, n, self._seed, p.margin,
                                           p.scale, *self._tail))
                key += n
                done += n
                if self._late():
                    break
            left -= done * len(alive)
            if self._late():
                break
            if r < rounds - 1:
                mean = self.sums[alive] / self.visits[alive]
                order = np.argsort(-mean, kind="stable")
                kept = alive[order[: (len(alive) + 1) // 2]]
                if self.keep >= 0 and self.keep not in kept:
                    kept = np.append(kept, self.keep)
                alive = np.sort(kept)


def play_game(engine: Engine, seats: list[DominionSearchPlayer | CompiledBot], seed: int,
              rng: np.random.Generator) -> tuple[int, ...]:
    """One game with search players and bots seated as ``seats``, every search drawing from
    ``rng``; returns each seat's outcome (2 won alone, 1 shared the win, 0 lost)."""
    return play_keyed(engine, seats, seed, rng=rng).outcome()


#: The rollout policy that answers every decision uniformly at random (keyed per re-deal); its
#: playbook for the decisions the search does not take is the default one (docs/cards.md).
RANDOM_ROLLOUT = "random"


def _rollout_bot(text: str) -> CompiledBot:
    """A spec's rollout bot: a library name, a bot file, or ``random``."""
    if text.strip().lower() == RANDOM_ROLLOUT:
        return simple_bot(RANDOM_ROLLOUT)
    try:
        return load_bot(text)
    except LudolabError as exc:
        raise ValueError(f"a bot name or file ({exc})") from None


#: The Dominion search player's spec: ``mcts:simulations=2000,rollout=Big Money Ultimate``.
SEARCH_PLAYERS = PlayerRegistry("dominion")
SEARCH_PLAYERS.add(
    "mcts",
    lambda simulations, rollout, algo, c, margin, trust, depth, time: DominionSearchPlayer(
        rollout, simulations, c=c, time_cap=time, algo=algo, margin=margin, trust=trust,
        depth=depth),
    [Param("simulations", integer(1, MAX_SIMULATIONS), "2000",
           f"rollouts per searched decision (at most {MAX_SIMULATIONS:,})"),
     Param("rollout", _rollout_bot, "Big Money Ultimate",
           "the bot of every seat in the rollouts (or random), and the playbook for other "
           "decisions"),
     Param("algo", choice({a: a for a in ALGORITHMS}), "halving",
           "how rollouts are spent: sequential halving or UCB1"),
     Param("c", number(0.0), "0.7", "UCB1 exploration constant (values in [0, 1])"),
     Param("margin", number(0.0, 1.0), "0.5", "weight of the VP margin in a rollout's value "
           "(0: win/tie/loss)"),
     Param("trust", number(0.0), "1", "keep the rollout bot's answer unless the best option "
           "beats it by this many standard errors (paired; 0: off)"),
     Param("depth", integer(0, MAX_DEPTH), "0",
           "own later decisions in an ISMCTS tree below each root "
           f"option (0: none, at most {MAX_DEPTH})"),
     Param("time", time_cap(), "none",
           "seconds per decision, above 0 and at most an hour (none: no cap; with a cap "
           "results depend on the machine)")],
    help="determinised Monte Carlo search over each decision's options (sequential halving "
         "or UCB1) with rollouts in the compiled engine",
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


def play_keyed(engine: Engine, seats: list[DominionSearchPlayer | CompiledBot], seed: int,
               on_answer: Callable[[Decision, int, SearchReport | None], None] | None = None,
               *, rng: np.random.Generator | None = None) -> DominionGame:
    """One game with search players, played decision by decision; each search player draws from
    the keyed stream (game seed, its seat, PLAYER), so the game depends on its seed alone (not on
    how games are split into chunks or processes), unless ``rng`` is given (every search draws
    from it). ``on_answer(decision, answer, report)`` sees every answer. Returns the finished
    game."""
    bots = [None if isinstance(s, DominionSearchPlayer) else s for s in seats]
    game = engine.new_game(int(seed), bots)
    streams = {q: rng if rng is not None else _rng.stream(int(seed), q, _rng.PLAYER)
               for q in range(len(seats))}
    while not game.is_over():
        d = game.pending()
        assert d is not None
        player = seats[d.seat]
        assert isinstance(player, DominionSearchPlayer)
        answer = player.choose(game, streams[d.seat])
        if on_answer is not None:
            on_answer(d, answer, player.last_report)
        game.answer(answer)
    return game


def play_records(engine: Engine, seats: list[DominionSearchPlayer | CompiledBot],
                 seeds: np.ndarray, *, turn_stats: bool = False,
                 stat_turns: int | None = None) -> GameRecords:
    """Games of one lineup with search players, one per seed (:func:`play_keyed`), as
    :meth:`Engine.play`'s records. Each game is then replayed in the batch kernel from its
    answers (one tape), which gives the per-turn coins and VP with ``turn_stats`` and checks
    that the replay ends as the game did."""
    bots = [None if isinstance(s, DominionSearchPlayer) else s for s in seats]
    parts = []
    for seed in np.asarray(seeds, dtype=np.uint64).ravel():
        tape: list[int] = []
        game = play_keyed(engine, seats, int(seed), lambda d, a, report, tape=tape: tape.append(a))
        rec = engine.play(bots, [int(seed)], tape=tape, turn_stats=turn_stats,
                          stat_turns=stat_turns)
        if rec.vp[0].tolist() != list(game.vp()):
            raise RuntimeError(f"the replay of seed {int(seed)} ended with {rec.vp[0].tolist()} "
                               f"VP, the game with {list(game.vp())} (an engine bug)")
        parts.append(rec)
    return GameRecords.concat(parts)

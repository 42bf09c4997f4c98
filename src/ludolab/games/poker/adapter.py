"""Fixed-limit hold'em behind the generic game API: :class:`PokerState`, a
:class:`ludolab.core.GameState`.

* Cards are chance outcomes: first each seat's two hole cards (seat 0 first), then the flop
  (three draws), the turn and the river, each before its betting round. The card of deal slot
  ``i`` (the engine's slots: board 0-4, seat ``s`` at ``5 + 2s`` and ``6 + 2s``) is keyed
  ``(TABLE, PURPOSE_DEAL, i)``; :meth:`PokerState.sample_chance` reproduces the compiled engine's
  deal of the same seed, so a :class:`~ludolab.core.Match` with seed ``s`` plays the cards of
  engine deal ``s``.
* Moves are ``0`` fold (offered only when something is owed), ``1`` check/call, ``2`` bet/raise
  (offered below the cap), as in the engine.
* Returns are net small bets per seat (a zero-sum vector).
* Hidden information (``perfect_information`` is False): :meth:`PokerState.information_state`
  is what one seat has observed (its own hole cards, the board, the betting), and
  :meth:`PokerState.resample` redraws every card that seat cannot see, so a search player
  samples worlds consistent with its information (the generic ``mc`` and ``uct`` players do
  so at every decision). The state itself (and its ``clone``) holds every dealt card, as any
  simulator does.

>>> s = PokerState(3)
>>> s.is_chance(), s.chance_key()[1:], len(s.chance_outcomes())
(True, (16, 5), 52)
"""

from __future__ import annotations

import copy
from functools import lru_cache

import numpy as np

from ludolab.core import GameState, Move, Outcome
from ludolab.core import rng as _rng
from ludolab.errors import LudolabError
from ludolab.games.poker.cards import cards_str
from ludolab.games.poker.engine.layout import (
    CALL,
    FOLD,
    HOLE_SLOT,
    PURPOSE_DEAL,
    RAISE,
    TABLE_SEAT,
)
from ludolab.games.poker.evaluator import eval_cards
from ludolab.games.poker.rules import RuleSet, ruleset

__all__ = ["PokerState", "engine_deal"]

_BOARD_SLOTS = ((), (0, 1, 2), (3,), (4,))


@lru_cache(maxsize=4096)
def engine_deal(seed: int, ncards: int) -> tuple[int, ...]:
    """The compiled engine's cards of deal slots ``0 .. ncards-1`` for ``seed`` (pure Python)."""
    deck = list(range(52))
    for i in range(ncards):
        j = i + _rng.keyed_below(52 - i, seed, TABLE_SEAT, PURPOSE_DEAL, i)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck[:ncards])


class PokerState(GameState):
    """One hand of fixed-limit hold'em (see the module docstring)."""

    game_name = "poker"
    perfect_information = False

    def __init__(self, num_players: int = 2, rules: RuleSet | str | None = None,
                 button: int = 0) -> None:
        self.rules = ruleset(rules)
        self.rules.check_seats(num_players)
        if not 0 <= button < num_players:
            raise LudolabError(f"button must be a seat 0..{num_players - 1}, got {button}")
        n = self.n = num_players
        self.button = button
        self.slots = [-1] * (HOLE_SLOT + 2 * n)
        self.pending = [HOLE_SLOT + i for i in range(2 * n)]  # chance slots still to deal
        self.street = 0
        self.active = [True] * n
        self.invested = [0] * n
        self.rinv = [0] * n
        self.need = [False] * n
        self.history: list[tuple[int, int, int, int]] = []  # (street, seat, action, chips)
        self.to_act = -1
        self.over = False
        if n == 2 and self.rules.reverse_heads_up:
            self.sb, self.bb, self.first = button, 1 - button, button
        else:
            self.sb, self.bb, self.first = (button + 1) % n, (button + 2) % n, (button + 3) % n
        r = self.rules
        self.invested[self.sb] = self.rinv[self.sb] = r.small_blind
        self.invested[self.bb] = self.rinv[self.bb] = r.big_blind
        self.level = r.big_blind
        self.nbets = 1
        self.need = [True] * n

    # --- the generic API ---------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.n

    def is_terminal(self) -> bool:
        return self.over

    def is_chance(self) -> bool:
        return not self.over and bool(self.pending)

    def chance_outcomes(self) -> list[tuple[Outcome, float]]:
        left = sorted(set(range(52)) - {c for c in self.slots if c >= 0})
        p = 1.0 / len(left)
        return [(c, p) for c in left]

    def chance_key(self) -> tuple[int, int, int]:
        slot = self.pending[0]
        seat = (slot - HOLE_SLOT) // 2 if slot >= HOLE_SLOT else TABLE_SEAT
        return (seat, PURPOSE_DEAL, slot)

    def sample_chance(self, game_seed: int) -> Outcome:
        """The engine's card for this slot and seed (a keyed pick among the cards left if a
        different card was dealt earlier, e.g. in a search's sampled world)."""
        slot = self.pending[0]
        card = engine_deal(int(game_seed), HOLE_SLOT + 2 * self.n)[slot]
        if card in self.slots:
            return super().sample_chance(game_seed)
        return card

    def apply_chance(self, outcome: Outcome) -> None:
        card = int(outcome)  # type: ignore[call-overload]
        if card in self.slots or not 0 <= card < 52:
            raise ValueError(f"card {card} cannot be dealt now")
        self.slots[self.pending.pop(0)] = card
        if not self.pending:
            self._next_actor(self.first if self.street == 0 else self._first_after_flop())

    def active_seats(self) -> tuple[int, ...]:
        if self.over or self.pending:
            return ()
        return (self.to_act,)

    def legal_moves(self, seat: int) -> tuple[int, ...]:
        if seat not in self.active_seats():
            return ()
        moves = [CALL]
        if self.level > self.rinv[seat]:
            moves.insert(0, FOLD)
        if self.nbets < self.rules.cap:
            moves.append(RAISE)
        return tuple(moves)

    def apply(self, move: Move) -> None:
        p = self.to_act
        m = int(move)  # type: ignore[call-overload]
        if m not in self.legal_moves(p):
            raise ValueError(f"move {move!r} is not legal for seat {p}: {self.legal_moves(p)}")
        bet = self.rules.bet_size(self.street)
        put = 0
        self.need[p] = False
        if m == FOLD:
            self.active[p] = False
        elif m == CALL:
            put = self.level - self.rinv[p]
        else:
            self.level += bet
            self.nbets += 1
            put = self.level - self.rinv[p]
            for s in range(self.n):
                if s != p and self.active[s]:
                    self.need[s] = True
        self.rinv[p] += put
        self.invested[p] += put
        self.history.append((self.street, p, m, put))
        if sum(self.active) == 1:
            self.over = True
            return
        self._next_actor((p + 1) % self.n)

    def returns(self) -> tuple[float, ...]:
        return tuple(c / self.rules.small_bet for c in self.chips())

    def return_bound(self) -> float | None:
        r = self.rules
        most = r.cap * (2 * r.small_bet + 2 * r.big_bet)
        return (self.n - 1) * most / r.small_bet

    def clone(self) -> PokerState:
        new = copy.copy(self)
        for name in ("slots", "pending", "active", "invested", "rinv", "need", "history"):
            setattr(new, name, list(getattr(self, name)))
        return new

    # --- poker specifics -------------------------------------------------------------------
    def hole(self, seat: int) -> tuple[int, int]:
        """Seat ``seat``'s hole cards (-1 while undealt)."""
        return self.slots[HOLE_SLOT + 2 * seat], self.slots[HOLE_SLOT + 2 * seat + 1]

    def board(self) -> tuple[int, ...]:
        """The board cards dealt so far."""
        return tuple(c for c in self.slots[:5] if c >= 0)

    def pot(self) -> int:
        """Chips in the pot."""
        return sum(self.invested)

    def chips(self) -> list[int]:
        """Net chips per seat (zeros before the end): the pot split as the engine splits it."""
        if not self.over:
            return [0] * self.n
        pot = self.pot()
        won = [0] * self.n
        alive = [s for s in range(self.n) if self.active[s]]
        if len(alive) == 1:
            won[alive[0]] = pot
        else:
            vals = {s: eval_cards([*self.board(), *self.hole(s)]) for s in alive}
            best = max(vals.values())
            winners = [(self.button + i) % self.n for i in range(1, self.n + 1)]
            winners = [s for s in winners if vals.get(s, -1) == best]
            share, odd = divmod(pot, len(winners))
            for i, s in enumerate(winners):
                won[s] = share + (1 if i < odd else 0)
        return [won[s] - self.invested[s] for s in range(self.n)]

    def information_state(self, seat: int) -> tuple:
        """What ``seat`` has observed: the table (seats, button, rules), its own hole cards, the
        board, which cards have been dealt (not what they are), every bet, and at a showdown the
        hands shown (those still in). Other seats' hole cards are not part of it."""
        shown = self._shown()
        cards = tuple(
            c if (i < HOLE_SLOT or (i - HOLE_SLOT) // 2 == seat or (i - HOLE_SLOT) // 2 in shown)
            else (-2 if c >= 0 else -1)  # -2: a card dealt face down to another seat
            for i, c in enumerate(self.slots)
        )
        return (seat, self.n, self.button, self.rules.spec(), cards, tuple(self.pending),
                tuple(self.history), self.over)

    def resample(self, seat: int, rng: np.random.Generator) -> PokerState:
        """A copy in which every card ``seat`` cannot see (other seats' hole cards not shown at
        a showdown; undealt cards stay chance) is redrawn uniformly from the cards it has not
        seen. The draw reads only what ``seat`` has observed: the unseen cards in card order
        and the hidden slots in slot order."""
        new = self.clone()
        shown = self._shown()
        hidden = [i for i, c in enumerate(self.slots) if c >= 0 and i >= HOLE_SLOT
                  and (i - HOLE_SLOT) // 2 != seat and (i - HOLE_SLOT) // 2 not in shown]
        if not hidden:
            return new
        seen = {c for i, c in enumerate(self.slots) if c >= 0 and i not in hidden}
        pool = [c for c in range(52) if c not in seen]
        draw = rng.choice(len(pool), size=len(hidden), replace=False)
        for i, k in zip(hidden, draw, strict=True):
            new.slots[i] = pool[int(k)]
        return new

    def _shown(self) -> frozenset[int]:
        """Seats whose hole cards everyone has seen: those still in at a showdown."""
        if not self.over or sum(self.active) < 2:
            return frozenset()
        return frozenset(s for s in range(self.n) if self.active[s])

    def _first_after_flop(self) -> int:
        if self.n == 2 and self.rules.reverse_heads_up:
            return 1 - self.button
        return (self.button + 1) % self.n

    def _next_actor(self, start: int) -> None:
        for k in range(self.n):
            q = (start + k) % self.n
            if self.need[q]:
                self.to_act = q
                return
        # betting round over
        if self.street == 3:
            self.over = True
            return
        self.street += 1
        self.rinv = [0] * self.n
        self.level = 0
        self.nbets = 0
        self.need = list(self.active)
        self.pending = list(_BOARD_SLOTS[self.street])

    def __repr__(self) -> str:
        if self.over:
            return f"PokerState(over, chips {self.chips()})"
        holes = " | ".join(cards_str([c for c in self.hole(s) if c >= 0]) for s in range(self.n))
        return f"PokerState(street {self.street}, board {cards_str(self.board())}, {holes})"



"""The Dominion engine: one compiled kernel behind batch play, step-wise play and tracing.

Public surface (see ``docs/design/dominion-engine.md``):

* :class:`Engine` -- ``Engine(kingdom, num_players, rules)``; ``play(bots, seeds)`` runs a batch
  of bot games in one compiled call and returns :class:`GameRecords`; ``trace(bots, seed)``
  returns the :class:`TraceEvent` list of one game (``None`` seats answered from a whole-game
  ``tape=``: the answers of a step-wise game); ``new_game(seed, bots)`` returns a
  :class:`DominionGame` where ``None`` seats answer from outside; ``supply_sizes()``;
  ``Engine.needs_compile()`` / ``Engine.compile()`` for the CLI's "compiling..." message.
* :class:`DominionGame` -- ``pending() -> Decision | None``, ``answer(option)``, ``is_over()``,
  ``clone()``, ``zones(seat)``, ``supply()``, ``counters()``, ``setup(...)``, ``outcome()``,
  ``returns()``, ``records()``.
* :func:`simple_bot` -- a CompiledBot from plain lists (tests and scripts).

The kernel itself is :mod:`.kernel` (numba, cached); the cards' rules are reached through
:mod:`.hooks`, the search's compiled part is :mod:`.searchkernel`.
"""

from __future__ import annotations

from ludolab.core import rng as _rng
from ludolab.games.dominion import botcode as _bc
from ludolab.games.dominion import cards as _cards
from ludolab.games.dominion.engine import kernel as _k
from ludolab.games.dominion.engine.game import (
    Decision,
    DecisionKind,
    DominionGame,
    EndReason,
    Engine,
    EventKind,
    GameRecords,
    TraceEvent,
    decode_trace,
    simple_bot,
)

#: Cards the kernel names by id (rows 0-39 of the card table: the basic cards and the cards whose
#: homes the kernel's constants serve). A card appended later works from its table row alone if it
#: is plain; a special one needs its home in ``cards/<set>/`` first (``Engine`` refuses a kingdom
#: holding one without: :func:`.hooks.has_rules`).
KERNEL_CARDS: tuple[int, ...] = tuple(range(40))


def _check_contract() -> None:
    """The kernel restates contract constants as literals (for numba's cache); they must agree."""
    pairs = [
        (_k.NUM_COLS, _cards.NUM_COLS),
        (_k.COL_COST, _cards.COL_COST), (_k.COL_TYPES, _cards.COL_TYPES),
        (_k.COL_CARDS, _cards.COL_CARDS), (_k.COL_ACTIONS, _cards.COL_ACTIONS),
        (_k.COL_BUYS, _cards.COL_BUYS), (_k.COL_COINS, _cards.COL_COINS),
        (_k.COL_VP, _cards.COL_VP), (_k.COL_SPECIAL, _cards.COL_SPECIAL),
        (_k.COL_NEXT_CARDS, _cards.COL_NEXT_CARDS), (_k.COL_NEXT_ACTIONS, _cards.COL_NEXT_ACTIONS),
        (_k.COL_NEXT_BUYS, _cards.COL_NEXT_BUYS), (_k.COL_NEXT_COINS, _cards.COL_NEXT_COINS),
        (_k.COL_POTION, _cards.COL_POTION), (_k.COL_DEBT, _cards.COL_DEBT),
        (_k.POT_UNIT, _cards.POT_UNIT), (_k.DEBT_UNIT, _cards.DEBT_UNIT),
        (_k.SP_HOME, _cards.SP_HOME), (_k.SP_NEXT, _cards.SP_NEXT),
        (_k.NUM_LISTS, _bc.NUM_LISTS), (_k.NUM_OPTIONS, _bc.NUM_OPTIONS),
        (_k.OPT_NEVER_LOSE, _bc.OPT_NEVER_LOSE_ENDING),
        (_k.OPT_EXTRA_BUYS, _bc.OPT_BUY_WITH_EXTRA_BUYS),
        (_k.OPT_REVEAL_MOAT, _bc.OPT_REVEAL_MOAT),
        (_k.OPT_PPR, _bc.OPT_PENULTIMATE_PROVINCE), (_k.OPT_INSTANT_WIN, _bc.OPT_INSTANT_WIN),
        (_k.F_LOW_PILE, _bc.F_LOW_PILE), (_k.OPT_SPEND_COFFERS, _bc.OPT_SPEND_COFFERS),
        (_k.OP_MAX, _bc.OP_MAX), (_k.F_THIRD_LOW_PILE, _bc.F_THIRD_LOW_PILE),
        (_k.RNG_SHUFFLE, _rng.SHUFFLE), (_k.RNG_PLAYER, _rng.PLAYER),
    ]
    for name in ("TREASURE", "VICTORY", "CURSE", "ACTION", "ATTACK", "REACTION", "DURATION"):
        pairs.append((getattr(_k, "TY_" + name), int(getattr(_cards.CardType, name))))
    for name in ("LIST_BUY", "LIST_PLAY", "LIST_TRASH", "LIST_DISCARD", "LIST_TOPDECK",
                 "LIST_GAIN", "LIST_ORDER"):
        pairs.append((getattr(_k, name), getattr(_bc, name)))
    for i, op in enumerate(("CONST", "FEAT", "ADD", "SUB", "MUL", "DIV", "NEG", "LT", "LE", "GT",
                            "GE", "EQ", "NE", "AND", "OR", "NOT", "MIN", "MAX")):
        pairs.append((getattr(_k, "OP_" + op), getattr(_bc, "OP_" + op)))
        assert getattr(_bc, "OP_" + op) == i
    for fname, (fid, _) in _bc.FEATURES.items():
        pairs.append((getattr(_k, "F_" + fname.upper()), fid))
    for card in _cards.CARDS[len(KERNEL_CARDS):]:  # a card the kernel names beyond the first rows
        const = card.name.upper().replace(" ", "_").replace("'", "")
        if hasattr(_k, const):
            pairs.append((getattr(_k, const), card.id))
    for cid in range(len(KERNEL_CARDS)):
        const = _cards.CARDS[cid].name.upper().replace(" ", "_")
        pairs.append((getattr(_k, const, -1), cid))
    bad = [(a, b) for a, b in pairs if a != b]
    if bad:
        raise ImportError(
            f"ludolab.games.dominion.engine.kernel disagrees with the card/bot contract: {bad}; "
            "update the literals in kernel.py"
        )


_check_contract()

__all__ = [
    "Decision",
    "DecisionKind",
    "DominionGame",
    "EndReason",
    "Engine",
    "EventKind",
    "GameRecords",
    "TraceEvent",
    "decode_trace",
    "simple_bot",
]

"""The compiled form of a bot: the contract between the bot language and the engine.

A bot file (see :mod:`ludolab.games.dominion.bots`) compiles to a :class:`CompiledBot`: a few
numpy arrays that the numba engine reads inside its hot loop. Nothing here is Python logic the
engine calls back; conditions are bytecode for a tiny stack machine.

Priority lists
--------------
``entries`` is an ``(n, 5)`` int32 array, one row per list entry, in priority order within each
list kind: ``(kind, card, limit, cond_start, cond_len)``.

* ``kind``: one of the ``LIST_*`` constants (buy, play, trash, discard, topdeck, gain,
  order: which of several waiting or when-gain effects resolves first).
* ``card``: a card id (:mod:`ludolab.games.dominion.cards`).
* ``limit``: copy limit (the entry applies only while *my count* of the card is below it), or -1.
* ``cond_start``/``cond_len``: the slice of ``code`` rows holding the condition, ``cond_len == 0``
  meaning "always".

``list_bounds`` is an ``(NUM_LISTS, 2)`` int32 array of ``[start, end)`` row ranges per kind
(rows are grouped by kind, in priority order).

The engine walks a list top to bottom and takes the first entry whose card is possible now
(affordable, in the supply, in hand, ...) whose limit is not reached and whose condition is true.
A list kind with no entries means "use the card's default playbook" (documented per card).
``LIST_GAIN`` falls back to ``LIST_BUY`` when empty (gaining and buying use one priority).

Condition bytecode
------------------
``code`` is an ``(m, 3)`` float64 array of instructions ``(op, a, b)`` for a stack machine over
float64 values. The result of a condition is true when the final value is non-zero.

* ``OP_CONST a``: push ``a``.
* ``OP_FEAT a b``: push feature ``a`` (one of ``F_*``) for card ``b`` (``-1`` when the feature
  takes no card).
* binary ops pop ``y`` then ``x`` and push ``x op y``: ``OP_ADD OP_SUB OP_MUL OP_DIV``
  (``x / 0`` is 0), comparisons ``OP_LT OP_LE OP_GT OP_GE OP_EQ OP_NE`` (push 1.0 or 0.0),
  ``OP_AND OP_OR`` (logical, on non-zero), ``OP_MIN OP_MAX``.
* unary ops pop ``x``: ``OP_NEG`` (-x), ``OP_NOT`` (1 if x == 0 else 0).

Features (all seen from the deciding seat, "my" = that seat):

=====================  ====  ==============================================================
name in bot files      card  meaning
=====================  ====  ==============================================================
count(C)               yes   copies of C I own (deck + hand + discard + in play + aside)
share(C)               yes   count(C) / deck_size (0..1)
in_hand(C)             yes   copies of C in my hand now
in_play(C)             yes   copies of C I have in play this turn
supply(C)              yes   cards left in C's supply pile
opp_count(C)           yes   the largest count of C among my opponents
money                  no    total coin value of the Treasures I own (Copper 1, Silver 2, Gold 3)
money_density          no    money / deck_size
deck_size              no    cards I own
draw_pile              no    cards in my draw pile now
actions_owned          no    Action cards I own
treasures_owned        no    Treasure cards I own
victory_owned          no    Victory cards I own
empty_piles            no    empty supply piles
gains_to_end           no    fewest gains that end the game: min(Provinces left, the three
                             smallest supply piles summed) under the rule set's end condition
turn                   no    my turn number (1 on my first turn)
vp                     no    my victory points now
lead                   no    my VP minus the best opponent's VP
coins                  no    coins I have available now (buy phase: unspent)
buys                   no    buys I have left
actions                no    actions I have left
hand_size              no    cards in my hand now
players                no    number of players
low_victory_pile       no    cards left in the smallest of the Estate, Duchy, Province piles
third_low_pile         no    cards left in the third-smallest supply pile (three piles at or
                             below X means third_low_pile <= X)
total_money            no    the fixed +$ of every card I own, Actions too (Festival 2,
                             Market 1): after DominionSim's getTotalMoney, which sums its own
                             per-card estimate instead, so a chosen or conditional +$ counts
                             here as 0 or its fixed part (Steward, Pawn, Baron, Minion 0;
                             Bridge, Quarry, Venture 1) where DominionSim counts 1 to 4
terminals_owned        no    Action cards I own that give no +Actions (Throne Room counts)
villages_owned         no    Action cards I own that give +2 Actions or more
action_phase           no    0 during the buy phase of the turn, else 1 (gaining from an
                             Action: 1); DominionSim's isActionPhase
discard_pile           no    cards in my discard pile now
low_pile               no    cards left in the smallest supply pile
coffers                no    the Coffers I have now (kept across turns; +$1 each when spent)
potions                no    Potions I have now (buy phase: unspent; Alchemy)
cost(C)                yes   what C costs now, in coins (a cost reduction counts)
potion_cost(C)         yes   the Potions in C's cost (Transmute 1, Smithy 0)
=====================  ====  ==============================================================

Options
-------
``options`` is a float64 vector indexed by the ``OPT_*`` constants, defaults in
:data:`OPTION_DEFAULTS`. A card's own options (its home's ``OPTIONS``) are in
``card_options``: (card id, slot) -> value, written for the kernel by ``hooks.fill_card_options``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

# list kinds
LIST_BUY, LIST_PLAY, LIST_TRASH, LIST_DISCARD, LIST_TOPDECK, LIST_GAIN, LIST_ORDER = range(7)
NUM_LISTS = 7
LIST_NAMES = ("buy", "play", "trash", "discard", "topdeck", "gain", "order")

# entry columns
E_KIND, E_CARD, E_LIMIT, E_COND_START, E_COND_LEN = range(5)

# opcodes
(
    OP_CONST, OP_FEAT, OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_NEG, OP_LT, OP_LE, OP_GT, OP_GE,
    OP_EQ, OP_NE, OP_AND, OP_OR, OP_NOT, OP_MIN, OP_MAX,
) = range(18)

# features
(
    F_COUNT, F_SHARE, F_IN_HAND, F_IN_PLAY, F_SUPPLY, F_OPP_COUNT, F_MONEY, F_MONEY_DENSITY,
    F_DECK_SIZE, F_DRAW_PILE, F_ACTIONS_OWNED, F_TREASURES_OWNED, F_VICTORY_OWNED,
    F_EMPTY_PILES, F_GAINS_TO_END, F_TURN, F_VP, F_LEAD, F_COINS, F_BUYS, F_ACTIONS,
    F_HAND_SIZE, F_PLAYERS, F_LOW_VICTORY_PILE, F_THIRD_LOW_PILE,
) = range(25)
# the features DominionSim's bots need (appended: ids never move)
F_TOTAL_MONEY, F_TERMINALS_OWNED, F_VILLAGES_OWNED, F_ACTION_PHASE, F_DISCARD_PILE, F_LOW_PILE = (
    range(25, 31)
)
F_COFFERS = 31  # Guilds
F_POTIONS, F_COST, F_POTION_COST = range(32, 35)  # a cost's second currency (Alchemy)

#: name in bot files -> (feature id, takes a card argument)
FEATURES: dict[str, tuple[int, bool]] = {
    "count": (F_COUNT, True),
    "share": (F_SHARE, True),
    "in_hand": (F_IN_HAND, True),
    "in_play": (F_IN_PLAY, True),
    "supply": (F_SUPPLY, True),
    "opp_count": (F_OPP_COUNT, True),
    "money": (F_MONEY, False),
    "money_density": (F_MONEY_DENSITY, False),
    "deck_size": (F_DECK_SIZE, False),
    "draw_pile": (F_DRAW_PILE, False),
    "actions_owned": (F_ACTIONS_OWNED, False),
    "treasures_owned": (F_TREASURES_OWNED, False),
    "victory_owned": (F_VICTORY_OWNED, False),
    "empty_piles": (F_EMPTY_PILES, False),
    "gains_to_end": (F_GAINS_TO_END, False),
    "turn": (F_TURN, False),
    "vp": (F_VP, False),
    "lead": (F_LEAD, False),
    "coins": (F_COINS, False),
    "buys": (F_BUYS, False),
    "actions": (F_ACTIONS, False),
    "hand_size": (F_HAND_SIZE, False),
    "players": (F_PLAYERS, False),
    "low_victory_pile": (F_LOW_VICTORY_PILE, False),
    "third_low_pile": (F_THIRD_LOW_PILE, False),
    "total_money": (F_TOTAL_MONEY, False),
    "terminals_owned": (F_TERMINALS_OWNED, False),
    "villages_owned": (F_VILLAGES_OWNED, False),
    "action_phase": (F_ACTION_PHASE, False),
    "discard_pile": (F_DISCARD_PILE, False),
    "low_pile": (F_LOW_PILE, False),
    "coffers": (F_COFFERS, False),
    "potions": (F_POTIONS, False),
    "cost": (F_COST, True),
    "potion_cost": (F_POTION_COST, True),
}

# options (general ones; a card's own options live in its home's OPTIONS: see
# ludolab.games.dominion.bots.options)
(
    OPT_NEVER_LOSE_ENDING,
    OPT_BUY_WITH_EXTRA_BUYS,
    OPT_REVEAL_MOAT,
) = range(3)
# OPT_RETIRED_3: index 3 was Steward's mode, now the card option ``steward`` of
# cards/intrigue/steward.py (slot 0, same name and meaning); the index stays unused.
# the end-game switches DominionSim parity needs
OPT_PENULTIMATE_PROVINCE = 4
OPT_INSTANT_WIN = 5
OPT_SPEND_COFFERS = 6
NUM_OPTIONS = 7

#: option name in bot files -> (index, default, allowed range or values, meaning)
OPTIONS: dict[str, tuple[int, float, tuple[float, float], str]] = {
    "never_lose_by_ending": (
        OPT_NEVER_LOSE_ENDING, 1.0, (0, 1),
        "skip a buy or gain that would end the game with me losing (after the tie-break); "
        "a game-ending buy that ties or wins is taken",
    ),
    "use_extra_buys": (
        OPT_BUY_WITH_EXTRA_BUYS, 1.0, (0, 1),
        "with several buys, keep walking the buy list after each purchase (0: one buy a turn)",
    ),
    "reveal_moat": (OPT_REVEAL_MOAT, 1.0, (0, 1), "reveal Moat against every attack"),
    "penultimate_province": (
        OPT_PENULTIMATE_PROVINCE, 0.0, (0, 1),
        "the penultimate Province rule (DominionSim's AppliesPPR): skip the second-to-last "
        "Province while I trail an opponent by less than the VP of another card on my buy list "
        "that is still in the supply",
    ),
    "take_instant_win": (
        OPT_INSTANT_WIN, 0.0, (0, 1),
        "before the buy (or gain) list, take a card whose gain ends the game with me winning "
        "alone (the one worth most VP to me)",
    ),
    "spend_coffers": (
        OPT_SPEND_COFFERS, 1.0, (0, 1),
        "before each buy, spend the Coffers the best card my buy list reaches with them all "
        "needs beyond my coins (DominionSim's rule; a condition on coffers saves them); 0: never",
    ),
}
#: every option's default by index (an index no option uses keeps 0)
OPTION_DEFAULTS = np.zeros(NUM_OPTIONS, dtype=np.float64)
for _idx, _default, _range, _meaning in OPTIONS.values():
    OPTION_DEFAULTS[_idx] = _default
del _idx, _default, _range, _meaning


@dataclass
class CompiledBot:
    """A bot in the engine's form (see the module docstring)."""

    name: str
    entries: np.ndarray  # (n, 5) int32
    list_bounds: np.ndarray  # (NUM_LISTS, 2) int32
    code: np.ndarray  # (m, 3) float64
    options: np.ndarray = field(default_factory=lambda: OPTION_DEFAULTS.copy())
    cards_needed: tuple[int, ...] = ()
    #: The cards' own options set by the bot: (card id, slot in its home's ``OPTIONS``) -> value;
    #: an option not set here plays its home's default.
    card_options: dict[tuple[int, int], float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.entries = np.ascontiguousarray(self.entries, dtype=np.int32).reshape(-1, 5)
        self.list_bounds = np.ascontiguousarray(self.list_bounds, dtype=np.int32).reshape(
            NUM_LISTS, 2
        )
        self.code = np.ascontiguousarray(self.code, dtype=np.float64).reshape(-1, 3)
        self.options = np.ascontiguousarray(self.options, dtype=np.float64).reshape(NUM_OPTIONS)


def pack(bots: list[CompiledBot]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Stack several seats' bots into flat arrays for the engine.

    Returns ``(entries, list_bounds, code, options)``: ``entries`` and ``code`` concatenated (each
    bot's ``cond_start`` shifted by its code offset), ``list_bounds`` as
    ``(seats, NUM_LISTS, 2)`` with absolute row ranges, ``options`` as ``(seats, NUM_OPTIONS)``.
    """
    ent_parts, code_parts = [], []
    bounds = np.zeros((len(bots), NUM_LISTS, 2), dtype=np.int32)
    opts = np.zeros((len(bots), NUM_OPTIONS), dtype=np.float64)
    e_off = c_off = 0
    for i, b in enumerate(bots):
        e = b.entries.copy()
        e[:, E_COND_START] += c_off
        ent_parts.append(e)
        code_parts.append(b.code)
        bounds[i] = b.list_bounds + e_off
        opts[i] = b.options
        e_off += len(e)
        c_off += len(b.code)
    entries = np.concatenate(ent_parts) if ent_parts else np.zeros((0, 5), np.int32)
    code = np.concatenate(code_parts) if code_parts else np.zeros((0, 3), np.float64)
    if len(code) == 0:
        code = np.zeros((1, 3), np.float64)  # numba wants a non-empty typed array shape
    if len(entries) == 0:
        entries = np.zeros((1, 5), np.int32)
    return np.ascontiguousarray(entries), bounds, np.ascontiguousarray(code), opts

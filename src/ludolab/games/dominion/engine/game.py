"""The Python face of the compiled kernel: :class:`Engine`, :class:`GameRecords`,
:class:`DominionGame` (step-wise play for outside players) and trace decoding.

>>> from ludolab.games.dominion.engine import Engine, simple_bot
>>> eng = Engine([], 2, "official")
>>> bm = simple_bot("Big Money", buy=["Province", "Gold", "Silver"])
>>> rec = eng.play([bm, bm], np.arange(4, dtype=np.uint64))
>>> rec.vp.shape
(4, 2)
"""

from __future__ import annotations

import functools
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any

import numpy as np

from ludolab.core import rng as _rng
from ludolab.errors import LudolabError
from ludolab.games.dominion import botcode as bc
from ludolab.games.dominion.cards import (
    CARDS,
    COL_COINS,
    COL_TYPES,
    KINGDOM_IDS,
    NUM_CARDS,
    TY_BANE,
    card_id,
    card_table,
    cost_words,
)
from ludolab.games.dominion.engine import coldstart as _coldstart
from ludolab.games.dominion.engine import hooks as _hooks
from ludolab.games.dominion.engine import kernel as K
from ludolab.games.dominion.engine.layout import StateLayout
from ludolab.games.dominion.rules import RuleSet, ruleset

_CURSE_PER_OPPONENT = 10
_POTION_PILE = 16  # Potions in the Supply (Alchemy: 16 whatever the number of players)
_CHARLATAN = card_id("Charlatan")
_YOUNG_WITCH = card_id("Young Witch")
#: Kingdom cards that bring a pile outside the Supply (its kind in ``cards.PILE_KINDS``): the
#: Prizes with Tournament, the Rewards with Joust.
_NON_SUPPLY = {card_id("Tournament"): "prize", card_id("Joust"): "reward"}
_STACK_CAP = 3 * 256
_GFLAG_CAP = 256
_FST_CAP = 64
_DEFAULT_TRACE_CAP = 1 << 16
#: games per kernel call while recording card statistics: each slice is played with
#: tracing on and its events counted (``kernel.cstat_count``), so the trace buffer holds a slice
_CSTAT_ROWS = 256
#: trace integers reserved per game and seat for a slice (a Big Money game's seat emits about
#: 250 events of 4 integers); a slice that overflows is played again with a buffer 4 times larger
_CSTAT_TRACE_PER_SEAT = 2048
#: the kinds of card statistics, in the kernel's order (``kernel.CK_*``)
CARD_STAT_KINDS = ("bought", "gained", "played", "trashed")
_ERRORS = {
    K.ERR_TAPE: "an answer is not one of the options",
    K.ERR_BOT: "a bot answered outside the options",
    K.ERR_STACK: "play stack overflow",
    K.ERR_DECK: "draw pile capacity exceeded",
    K.ERR_COND: "condition stack overflow",
    K.ERR_INVARIANT: "card conservation broken",
    K.ERR_NO_DECIDE: "a decision asked where the decision door was left out (an engine bug)",
    K.ERR_NO_CHECK: "debug mode set without its invariant check (an engine bug)",
}
# the record arguments of kernel.run, unused in step-wise mode
_STEP_ARGS = (
    np.zeros(1, np.uint64), np.zeros((1, 1), np.int32), np.zeros((1, 1), np.int32),
    np.zeros((1, 1), np.int8), np.zeros(1, np.int8), np.zeros((1, 1, 1), np.int16),
    np.zeros((1, 1, 1), np.int16), False,
)




class DecisionKind(IntEnum):
    """What a decision asks (see :class:`Decision`)."""

    PLAY = K.K_PLAY
    BUY = K.K_BUY
    GAIN = K.K_GAIN
    TRASH = K.K_TRASH
    DISCARD = K.K_DISCARD
    TOPDECK = K.K_TOPDECK
    YESNO = K.K_YESNO
    MODE = K.K_MODE
    NAME = K.K_NAME
    PASS = K.K_PASS
    POSITION = K.K_POSITION
    REVEAL = K.K_REVEAL
    TREASURE = K.K_TREASURE
    ORDER = K.K_ORDER
    COFFERS = K.K_COFFERS  # how many Coffers to spend (options: the numbers 0..held)
    OVERPAY = K.K_OVERPAY  # how much to overpay for ``subject`` (options: 0..the coins left)


class EndReason(IntEnum):
    """Why a game ended (``GameRecords.end_reason``)."""

    PROVINCES = K.END_PROVINCES
    PILES = K.END_PILES
    TURN_CAP = K.END_TURN_CAP
    SOLO = K.END_SOLO
    VICTORY_PILE = K.END_VICTORY_PILE
    COLONIES = K.END_COLONIES


class EventKind(IntEnum):
    """Trace event kinds (see :class:`TraceEvent` for the meaning of ``card`` and ``arg``)."""

    GAME = K.EV_GAME
    TURN = K.EV_TURN
    DRAW = K.EV_DRAW
    PLAY = K.EV_PLAY
    TREASURE = K.EV_TREASURE
    COINS = K.EV_COINS
    BUY = K.EV_BUY
    GAIN = K.EV_GAIN
    TRASH = K.EV_TRASH
    DISCARD = K.EV_DISCARD
    REVEAL = K.EV_REVEAL
    SHUFFLE = K.EV_SHUFFLE
    MOAT = K.EV_MOAT
    TOPDECK = K.EV_TOPDECK
    ASIDE = K.EV_ASIDE
    CHOICE = K.EV_CHOICE
    DECK_DISCARD = K.EV_DECK_DISCARD
    VP = K.EV_VP
    END = K.EV_END
    COINS_PLUS = K.EV_COINS_PLUS
    DECISION = K.EV_DECISION
    VPT = K.EV_VPT
    DURATION = K.EV_DURATION  # a waiting effect of ``card`` resolves (arg: its arg)
    ASIDE_TAKE = K.EV_ASIDE_TAKE  # a card set aside across turns returns to the hand
    EXTRA = K.EV_EXTRA  # an extra turn starts (Outpost; arg: the seat's turn number)
    MAT = K.EV_MAT  # 0 onto the Native Village mat, 1 onto the Island mat, 2 the mat to hand
    TOKEN = K.EV_TOKEN  # card: the pile, arg: its Embargo tokens now (card -1: Coin tokens)
    PASS = K.EV_PASS  # seat passes ``card`` to seat ``arg`` (Masquerade)
    COFFERS = K.EV_COFFERS  # arg: Coffers taken (card: the card giving them, -1: none named)
    COFFERS_SPEND = K.EV_COFFERS_SPEND  # arg: Coffers spent (card: the card, -1: a buy)
    OVERPAY = K.EV_OVERPAY  # card: the card bought, arg: the $ overpaid


@dataclass(frozen=True, slots=True)
class TraceEvent:
    """One recorded event of a traced game.

    ``card`` is a card id (or -1), except: TURN (unused), SHUFFLE (the seat's shuffle number),
    VP (the final VP), END (the end reason), CHOICE (the choosing card), DECISION (the kind).
    ``arg``: TURN the turn number; PLAY 0 from hand / 1 Throne Room's first play / 2 its second /
    3 via Vassal; TREASURE how many; COINS the coins; GAIN 0 discard / 1 hand / 2 deck / 3 from
    the trash; TRASH 0 hand / 1 play / 2 revealed / 3 the Supply; DISCARD 0 hand / 1 deck or
    revealed / 2 set aside; TOPDECK 0 hand / 1 discard / 2 revealed / 3 + k from hand under k
    cards; SHUFFLE the number of cards; VP the outcome (2 won alone, 1 shared, 0 lost); CHOICE
    the mode; DECK_DISCARD the cards moved; COINS_PLUS the coins; GAME the number of players;
    PASS the seat receiving the card.
    """

    kind: EventKind
    seat: int
    card: int
    arg: int

    @property
    def card_name(self) -> str:
        return CARDS[self.card].name if 0 <= self.card < NUM_CARDS else ""


#: each event kind by its number (a dict lookup: ``EventKind(k)`` per event was a fifth of a
#: traced Big Money game's time)
_EVENT_KINDS: dict[int, EventKind] = {int(k): k for k in EventKind}


def decode_trace(buf: np.ndarray) -> list[TraceEvent]:
    """Events from a raw trace buffer of ``(kind, seat, card, arg)`` int32 quadruples."""
    quads = np.asarray(buf, dtype=np.int64).reshape(-1, 4).tolist()  # Python ints at once
    kinds = _EVENT_KINDS
    return [TraceEvent(kinds[k], s, c, a) for k, s, c, a in quads]


@dataclass(frozen=True)
class Decision:
    """A choice an outside seat must make: answer with one of ``options``.

    Options are card ids, ``-1`` for "stop / none" where stopping is legal, ``1``/``0`` for
    yes/no (YESNO), or a mode number (MODE: Steward 0 +2 Cards, 1 +$2, 2 trash two cards;
    Sentry 0 trash, 1 discard, 2 put back). ``source`` is the card asking (-1 for the PLAY and
    BUY of the turn itself); ``subject`` is the card the question is about (Library, Vassal, Spy,
    Sentry, Thief, Moneylender, Moat: the attack), the cost cap of a GAIN, or a count (Chapel,
    Cellar: cards handled so far; Militia, Poacher: cards still to discard); ``arg`` is the other
    seat involved (an attack's attacker, Spy's and Thief's victim) or, for Remodel and Mine
    gains, the card trashed.
    """

    seat: int
    kind: DecisionKind
    options: tuple[int, ...]
    source: int = -1
    subject: int = -1
    arg: int = -1

    def option_name(self, option: int) -> str:
        """A short text for one option."""
        if self.kind == DecisionKind.YESNO:
            return "yes" if option == 1 else "no"
        if self.kind == DecisionKind.MODE:
            names = _hooks.modes(self.source)
            return names[option] if names and 0 <= option < len(names) else f"mode {option}"
        if self.kind == DecisionKind.POSITION:
            return "on top" if option == 0 else f"under {option} card{'s' * (option > 1)}"
        if self.kind == DecisionKind.COFFERS:
            return f"spend {option}" if option else "spend none"
        if self.kind == DecisionKind.OVERPAY:
            return f"${option}"
        if option == -1:
            return {DecisionKind.PLAY: "no more actions", DecisionKind.BUY: "end buying",
                    DecisionKind.TREASURE: "stop playing Treasures"}.get(self.kind, "none")
        return CARDS[option].name

    def _prompt(self, kind: str) -> str | None:
        """The asking card's own words for this decision (its home's ``PROMPTS``), filled in.
        ``${subject}`` is a cost (a gain's cap or exact cost, written as the cards print it:
        $4, $3P); ``{subject}`` alone names a card."""
        text = _hooks.prompt(self.source, kind, self.arg)
        if text is None:
            return None
        text = text.replace("${subject}", cost_words(self.subject).replace("{", "{{"))
        subj = CARDS[self.subject].name if 0 <= self.subject < NUM_CARDS else ""
        src = CARDS[self.source].name if self.source >= 0 else ""
        return text.format(subject=subj, arg=self.arg, src=src)

    def describe(self) -> str:
        """One line saying who must choose what (with the options)."""
        src = CARDS[self.source].name if self.source >= 0 else ""
        subj = CARDS[self.subject].name if 0 <= self.subject < NUM_CARDS else ""
        k = self.kind
        if k == DecisionKind.PLAY:
            what = self._prompt("play") or (f"play an Action ({src})" if src else "play an Action")
        elif k == DecisionKind.BUY:
            what = "buy a card"
        elif k == DecisionKind.GAIN:
            cap = cost_words(self.subject)
            what = self._prompt("gain") or f"gain a card costing up to {cap} ({src})"
        elif k == DecisionKind.TRASH:
            what = self._prompt("trash") or f"trash a card ({src})"
        elif k == DecisionKind.DISCARD:
            what = self._prompt("discard") or f"discard a card ({src})"
        elif k == DecisionKind.TOPDECK:
            what = self._prompt("topdeck") or f"put a card onto a deck ({src})"
        elif k == DecisionKind.YESNO:
            what = self._prompt("yesno") or f"{src}?"
        elif k == DecisionKind.NAME:
            what = self._prompt("name") or f"name a card ({src})"
        elif k == DecisionKind.PASS:
            what = self._prompt("pass") or f"pass a card to the next player ({src})"
        elif k == DecisionKind.POSITION:
            what = self._prompt("position") or f"where in your deck {subj or 'it'} goes ({src})"
        elif k == DecisionKind.REVEAL:
            what = self._prompt("reveal") or f"reveal a card from your hand ({src})"
        elif k == DecisionKind.TREASURE:
            what = "play a Treasure"
        elif k == DecisionKind.COFFERS:
            what = self._prompt("coffers") or "spend Coffers for +$1 each"
        elif k == DecisionKind.OVERPAY:
            what = f"overpay for {subj}"
        elif k == DecisionKind.ORDER:  # when-gain effects (subject: the gained card); the
            # start of a turn (subject -1: the waiting Duration effects)
            what = (f"which effect on the gained {subj} resolves next" if self.subject >= 0
                    else "which waiting Duration effect resolves next")
        elif k == DecisionKind.MODE and self._prompt("mode"):
            what = self._prompt("mode") or ""
        else:
            what = f"choose ({src}{': ' + subj if subj else ''})"
        opts = ", ".join(self.option_name(o) for o in self.options)
        return f"seat {self.seat}: {what} [{opts}]"


@dataclass
class GameRecords:
    """Results of a batch of games (G games, P seats); see the design page."""

    seeds: np.ndarray  # uint64[G]
    vp: np.ndarray  # int32[G, P]
    turns: np.ndarray  # int32[G, P]
    outcome: np.ndarray  # int8[G, P]: 2 won alone, 1 shared the win, 0 lost
    end_reason: np.ndarray  # int8[G]: see EndReason
    turn_coins: np.ndarray | None = None  # int16[G, P, T]
    turn_vp: np.ndarray | None = None  # int16[G, P, T]
    decisions: int = field(default=0, compare=False)
    #: (card_stats) int16[G, P, 4, C]: per seat, kind (CARD_STAT_KINDS) and card (the engine's
    #: ``card_ids`` order) how many; ``card_first`` the turn of the first one (0: none)
    card_counts: np.ndarray | None = None
    card_first: np.ndarray | None = None
    #: (deck_stats) int16[G, P, T, C]: the cards each seat owned at the end of its turn t
    #: (card axis :attr:`Engine.card_ids`; -1 past the seat's last turn); ``supply_end`` and
    #: ``trash_end`` int16[G, C]: the supply piles and the trash at the end of the game;
    #: ``deck_end`` int16[G, P, C]: each seat's cards at the end of the game
    deck: np.ndarray | None = None
    supply_end: np.ndarray | None = None
    trash_end: np.ndarray | None = None
    deck_end: np.ndarray | None = None

    def __len__(self) -> int:
        return int(self.seeds.shape[0])

    @property
    def num_players(self) -> int:
        return int(self.vp.shape[1])

    def __getitem__(self, idx: slice | np.ndarray | list[int] | int) -> GameRecords:
        if isinstance(idx, (int, np.integer)):
            idx = slice(int(idx), int(idx) + 1) if idx != -1 else slice(-1, None)
        return GameRecords(
            self.seeds[idx],
            self.vp[idx],
            self.turns[idx],
            self.outcome[idx],
            self.end_reason[idx],
            None if self.turn_coins is None else self.turn_coins[idx],
            None if self.turn_vp is None else self.turn_vp[idx],
            0,
            None if self.card_counts is None else self.card_counts[idx],
            None if self.card_first is None else self.card_first[idx],
            None if self.deck is None else self.deck[idx],
            None if self.supply_end is None else self.supply_end[idx],
            None if self.trash_end is None else self.trash_end[idx],
            None if self.deck_end is None else self.deck_end[idx],
        )

    @classmethod
    def concat(cls, parts: Sequence[GameRecords]) -> GameRecords:
        """Join record batches in order (turn stats only if every part has them)."""
        if not parts:
            raise ValueError("concat needs at least one GameRecords")
        stats = all(p.turn_coins is not None for p in parts)
        t = max((p.turn_coins.shape[2] for p in parts), default=0) if stats else 0

        def pad(a: np.ndarray) -> np.ndarray:
            if a.shape[2] == t:
                return a
            out = np.full((a.shape[0], a.shape[1], t), -1, dtype=a.dtype)
            out[:, :, : a.shape[2]] = a
            return out

        return cls(
            np.concatenate([p.seeds for p in parts]),
            np.concatenate([p.vp for p in parts]),
            np.concatenate([p.turns for p in parts]),
            np.concatenate([p.outcome for p in parts]),
            np.concatenate([p.end_reason for p in parts]),
            np.concatenate([pad(p.turn_coins) for p in parts]) if stats else None,  # type: ignore[arg-type]
            np.concatenate([pad(p.turn_vp) for p in parts]) if stats else None,  # type: ignore[arg-type]
            sum(p.decisions for p in parts),
            *((np.concatenate([p.card_counts for p in parts]),  # type: ignore[misc]
               np.concatenate([p.card_first for p in parts]))  # type: ignore[misc]
              if all(p.card_counts is not None for p in parts) else (None, None)),
            *((np.concatenate([p.deck for p in parts]),  # type: ignore[misc]
               np.concatenate([p.supply_end for p in parts]),  # type: ignore[misc]
               np.concatenate([p.trash_end for p in parts]),  # type: ignore[misc]
               np.concatenate([p.deck_end for p in parts]))  # type: ignore[misc]
              if all(p.deck is not None for p in parts) else (None, None, None, None)),
        )

    def returns(self) -> np.ndarray:
        """Per game and seat: 1 for a sole win, 1/k for a k-way shared win, 0 for a loss."""
        winners = (self.outcome > 0).sum(axis=1, keepdims=True)
        return np.where(self.outcome > 0, 1.0 / np.maximum(winners, 1), 0.0)


# ----------------------------------------------------------------------------------------------
# Bots: validation and packing
# ----------------------------------------------------------------------------------------------
def _empty_bot(name: str = "outside") -> bc.CompiledBot:
    return bc.CompiledBot(
        name,
        np.zeros((0, 5), np.int64),
        np.zeros((bc.NUM_LISTS, 2), np.int64),
        np.zeros((0, 3), np.float64),
    )


def simple_bot(
    name: str,
    buy: Sequence[str | int] = (),
    play: Sequence[str | int] = (),
    trash: Sequence[str | int] = (),
    discard: Sequence[str | int] = (),
    topdeck: Sequence[str | int] = (),
    gain: Sequence[str | int] = (),
    options: dict[str, float] | None = None,
    limits: dict[str | int, int] | None = None,
    order: Sequence[str | int] = (),
) -> bc.CompiledBot:
    """A :class:`~ludolab.games.dominion.botcode.CompiledBot` from plain priority lists, without
    conditions (``limits`` maps a buy-list card to its copy limit). For tests and quick scripts;
    bot files go through :mod:`ludolab.games.dominion.bots`.

    >>> simple_bot("Smithy Big Money", buy=["Province", "Gold", "Smithy", "Silver"],
    ...            limits={"Smithy": 1}).entries[2].tolist()
    [0, 27, 1, 0, 0]
    """
    lim = {(card_id(k) if isinstance(k, str) else k): v for k, v in (limits or {}).items()}
    rows: list[list[int]] = []
    bounds = np.zeros((bc.NUM_LISTS, 2), np.int64)
    for kind, lst in enumerate((buy, play, trash, discard, topdeck, gain, order)):
        bounds[kind, 0] = len(rows)
        for c in lst:
            cid = card_id(c) if isinstance(c, str) else int(c)
            rows.append([kind, cid, lim.get(cid, -1) if kind == bc.LIST_BUY else -1, 0, 0])
        bounds[kind, 1] = len(rows)
    from ludolab.games.dominion.bots.options import split_options  # lazy: the bot language

    opts = bc.OPTION_DEFAULTS.copy()
    general, card_options = split_options(dict(options or {}))
    for index, value in general.items():
        opts[index] = value
    return bc.CompiledBot(
        name, np.array(rows, np.int64).reshape(-1, 5), bounds, np.zeros((0, 3)), opts,
        card_options=card_options,
    )


def _check_bot(bot: bc.CompiledBot, seat: int) -> None:
    """Reject a compiled bot the kernel could misread (the kernel does no bounds checks)."""
    who = f"bot {bot.name!r} (seat {seat})"
    e, b, code = bot.entries, bot.list_bounds, bot.code
    n, m = e.shape[0], code.shape[0]
    if b.shape != (bc.NUM_LISTS, 2) or (b < 0).any() or (b > n).any() or (b[:, 0] > b[:, 1]).any():
        raise LudolabError(f"{who}: list bounds out of range")
    for kind in range(bc.NUM_LISTS):
        for r in range(b[kind, 0], b[kind, 1]):
            if e[r, bc.E_KIND] != kind:
                raise LudolabError(f"{who}: entry {r} is not in its list's row range")
    for r in range(n):
        c, s, ln = int(e[r, bc.E_CARD]), int(e[r, bc.E_COND_START]), int(e[r, bc.E_COND_LEN])
        if not 0 <= c < NUM_CARDS:
            raise LudolabError(f"{who}: entry {r} names card id {c}")
        if ln < 0 or s < 0 or s + ln > m:
            raise LudolabError(f"{who}: entry {r} condition is outside the bytecode")
        depth = 0
        for k in range(s, s + ln):
            op, a, cc = int(code[k, 0]), code[k, 1], code[k, 2]
            if op == bc.OP_CONST:
                depth += 1
            elif op == bc.OP_FEAT:
                f = int(a)
                if not 0 <= f < len(bc.FEATURES):
                    raise LudolabError(f"{who}: entry {r} uses feature id {f}")
                takes_card = next(v for v in bc.FEATURES.values() if v[0] == f)[1]
                if takes_card and not 0 <= int(cc) < NUM_CARDS:
                    raise LudolabError(f"{who}: entry {r} feature {f} names card id {int(cc)}")
                depth += 1
            elif op in (bc.OP_NEG, bc.OP_NOT):
                if depth < 1:
                    raise LudolabError(f"{who}: entry {r} condition underflows its stack")
            elif 0 <= op <= bc.OP_MAX:
                if depth < 2:
                    raise LudolabError(f"{who}: entry {r} condition underflows its stack")
                depth -= 1
            else:
                raise LudolabError(f"{who}: entry {r} uses opcode {op}")
            if depth > _FST_CAP:
                raise LudolabError(f"{who}: entry {r} condition is too deep")
        if ln > 0 and depth != 1:
            raise LudolabError(f"{who}: entry {r} condition leaves {depth} values, not 1")


@dataclass
class _Env:
    """The kernel environment for one engine and one seating of bots (shared by clones)."""

    I: np.ndarray
    F: np.ndarray
    W: np.ndarray


@functools.cache
def _deck_step_address() -> int:
    """The address of ``kernel.deck_step`` (compiled once), which run calls for deck records."""
    return _hooks.address(K.deck_step, "SIiii")


class _DeckOut:
    """The deck records of a batch (``Engine.play(deck_stats=True)``): the kernel writes a slice
    of games into a region appended to its integer array (``I_O_DECK``, see the kernel's deck
    records), copied out here after each slice."""

    def __init__(self, games: int, seats: int, turns: int, cols: int) -> None:
        self.turns, self.cols = turns, cols
        self.deck = np.full((games, seats, turns, cols), -1, np.int16)
        self.supply = np.zeros((games, cols), np.int16)
        self.trash = np.zeros((games, cols), np.int16)
        self.final = np.zeros((games, seats, cols), np.int16)

    def region(self, env: _Env, rows: int, seats: int, colmap: np.ndarray) -> _Env:
        """``env`` with the region for ``rows`` games appended to its integers."""
        head = np.array([self.turns, self.cols, seats, rows, len(colmap), _deck_step_address()],
                        np.int64)
        size = rows * seats * self.turns * self.cols + rows * (2 + seats) * self.cols
        I = np.concatenate([env.I, head, colmap.astype(np.int64), np.zeros(size, np.int64)])
        I[K.I_O_DECK] = env.I.shape[0]
        return _Env(I, env.F, env.W)

    def clear(self, env: _Env) -> None:
        """Before a slice: turns a seat does not reach stay -1."""
        o = int(env.I[K.I_O_DECK])
        d = o + 6 + int(env.I[o + 4])  # kernel.deck_data_o
        rows, seats = int(env.I[o + 3]), int(env.I[o + 2])
        env.I[d : d + rows * seats * self.turns * self.cols] = -1

    def take(self, env: _Env, sl: slice, n: int) -> None:
        """Copy the ``n`` finished games of slice ``sl`` out of the region."""
        o = int(env.I[K.I_O_DECK])
        d = o + 6 + int(env.I[o + 4])  # kernel.deck_data_o
        rows, seats = int(env.I[o + 3]), int(env.I[o + 2])
        per = seats * self.turns * self.cols
        block = env.I[d : d + rows * per].reshape(rows, seats, self.turns, self.cols)
        ends = env.I[d + rows * per : d + rows * per + rows * (2 + seats) * self.cols].reshape(
            rows, 2 + seats, self.cols)
        lo = sl.start
        self.deck[lo : lo + n] = block[:n]
        self.supply[lo : lo + n] = ends[:n, 0]
        self.trash[lo : lo + n] = ends[:n, 1]
        self.final[lo : lo + n] = ends[:n, 2:]


class Engine:
    """One kingdom, player count and rule set, ready to play games.

    ``kingdom`` holds kingdom card ids or names (the seven basic cards are always in the supply).
    """

    def __init__(
        self,
        kingdom: Sequence[int | str],
        num_players: int,
        rules: RuleSet | str | None = None,
    ) -> None:
        self.rules = ruleset(rules)
        self.rules.check_players(num_players)
        ids: list[int] = []
        for k in kingdom:
            cid = card_id(k) if isinstance(k, str) else int(k)
            if cid in (K.PLATINUM, K.COLONY):
                raise LudolabError(
                    f"{CARDS[cid].name} is not a kingdom card: Platinum and Colony join the "
                    "Supply with the rules setting colony=yes (--rules colony=yes)"
                )
            if cid not in KINGDOM_IDS:
                name = CARDS[cid].name if 0 <= cid < NUM_CARDS else str(cid)
                raise LudolabError(f"{name} is not a kingdom card (the basic cards are always in)")
            if cid in ids:
                raise LudolabError(f"{CARDS[cid].name} is listed twice in the kingdom")
            if not _hooks.has_rules(cid):
                raise LudolabError(f"{CARDS[cid].name} has no rules in the engine yet")
            ids.append(cid)
        self.kingdom: tuple[int, ...] = tuple(sorted(ids))
        self.num_players = num_players
        table = card_table()
        for cid, value in zip((0, 1, 2), self.rules.coin_values, strict=True):
            table[cid, COL_COINS] = value
        #: Curse is also a Treasure worth $1 in a game with Charlatan (its printed text)
        self.curse_treasure = _CHARLATAN in self.kingdom
        if self.curse_treasure:
            table[K.CURSE, COL_TYPES] |= int(K.TY_TREASURE)
            table[K.CURSE, COL_COINS] = 1
        #: Young Witch's Bane: the card whose pile is the Bane (rules ``bane=CARD``; it must be in
        #: the kingdom, which holds it as an eleventh pile), marked in this game's table
        self.bane = self._bane(table)
        self._table = table
        #: Platinum and Colony in the Supply (rules ``colony=yes``; ``auto`` is settled by the
        #: caller that knows the kingdom spec and the bots: ``kingdom.colony_rules``)
        self.colony = self.rules.colony == "yes"
        #: Potion in the Supply: whenever a kingdom card's cost has a Potion (Alchemy's setup)
        self.potion = any(CARDS[c].potion for c in self.kingdom)
        self._supply = self._supply_sizes()
        #: Piles outside the Supply (card id -> size): in the game's cards and zones, but never
        #: bought, never gained by "gain a card costing up to", not counted for the pile ending
        self._outside = self._outside_sizes()
        self._supply.update(self._outside)
        self._ids = sorted(self._supply)
        self._cap = sum(self._supply.values()) + 10 * num_players
        #: Where everything lives in this engine's state arrays (see :mod:`.layout`).
        self.layout = StateLayout(num_players, self._cap)
        self._template = self._build_template()
        self._envs: dict[tuple, _Env] = {}

    def __getstate__(self) -> dict:
        d = dict(self.__dict__)
        d["_envs"] = {}  # kernel scratch: rebuilt on demand, never part of a game's state
        return d

    # -- setup ---------------------------------------------------------------------------------
    def _bane(self, table: np.ndarray) -> int | None:
        """Young Witch's Bane in a kingdom with Young Witch: the rules' ``bane`` card, else one
        drawn as a kingdom without a named Bane draws it (``kingdom.draw_bane``: an unused $2-$3
        card with rules); its pile joins the kingdom if it is not there yet (the eleventh pile)
        and its ``TY_BANE`` bit is set in ``table``. None without Young Witch."""
        if _YOUNG_WITCH not in self.kingdom:
            return None
        from ludolab.games.dominion import kingdom as _kingdom  # lazy: kingdom reads the homes

        if self.rules.bane:
            cid = card_id(self.rules.bane)
            if not _hooks.has_rules(cid):
                raise LudolabError(f"{CARDS[cid].name} has no rules in the engine yet")
        else:
            cid = _kingdom.draw_bane(None, self.kingdom)
        if cid not in self.kingdom:
            self.kingdom = tuple(sorted((*self.kingdom, cid)))
        table[cid, COL_TYPES] |= TY_BANE
        return cid

    def _supply_sizes(self) -> dict[int, int]:
        n = self.num_players
        r = self.rules
        v = r.victory_pile_size(n)
        copper, silver, gold = r.treasure_pile_sizes(n)
        sizes = {
            0: copper,
            1: silver,
            2: gold,
            3: v,
            4: v,
            5: r.province_pile_size(n),
            6: _CURSE_PER_OPPONENT * max(1, n - 1),
        }
        if self.colony:
            sizes[int(K.PLATINUM)] = 12
            sizes[int(K.COLONY)] = r.colony_pile_size(n)
        if self.potion:
            sizes[card_id("Potion")] = _POTION_PILE
        for cid in self.kingdom:
            sizes[cid] = v if CARDS[cid].is_victory else 10
        return sizes

    def _outside_sizes(self) -> dict[int, int]:
        """The piles outside the Supply the kingdom brings: one of each Prize with Tournament;
        with Joust, one of each Reward with 2 players, two with 3 or more (the printed setup)."""
        sizes: dict[int, int] = {}
        for cid, kind in _NON_SUPPLY.items():
            if cid in self.kingdom:
                k = 1 if kind == "prize" or self.num_players < 3 else 2
                sizes.update({c.id: k for c in CARDS if c.pile == kind})
        return sizes

    def supply_sizes(self) -> dict[int, int]:
        """The starting piles under these rules: card id -> pile size (with the piles outside
        the Supply, :meth:`outside_sizes`)."""
        return dict(self._supply)

    def outside_sizes(self) -> dict[int, int]:
        """The starting piles outside the Supply (Prizes, Rewards): card id -> pile size."""
        return dict(self._outside)

    def _build_template(self) -> np.ndarray:
        L = self.layout
        S = np.zeros(L.size, np.int64)
        r = self.rules
        S[K.H_NC] = L.nc
        S[K.H_NP] = self.num_players
        S[K.H_CAP] = self._cap
        S[K.H_SB] = L.seat_block
        S[K.H_SEAT0] = L.seat0
        S[K.H_EDITION] = r.edition
        S[K.H_TIEBREAK] = 1 if r.tie_break == "turns" else 0
        S[K.H_END_PILES] = r.piles_to_end(self.num_players) if r.end_on_piles else 0
        S[K.H_END_VICTORY] = 1 if r.end_on_victory_pile else 0
        S[K.H_TURN_CAP] = r.effective_turn_cap()
        S[K.H_SOLO] = r.solo_provinces
        S[K.H_UNSHUFFLED] = 1 if r.unshuffled_start else 0
        S[K.H_NIDS] = len(self._ids)
        S[K.H_TOTAL] = sum(self._supply.values()) + 10 * self.num_players
        supply, start, ids = S[L.supply], S[L.start], S[L.ids]  # views into S
        for cid, k in self._supply.items():
            supply[cid] = k
            start[cid] = k
        ids[: len(self._ids)] = self._ids
        actions = [c for c in self._ids if CARDS[c].is_action]
        treasures = [c for c in self._ids if self._table[c, COL_TYPES] & int(K.TY_TREASURE)]
        S[K.H_BUYING] = -1
        S[K.H_COLONY] = 1 if self.colony else 0
        S[K.H_CURSE_COIN] = 1 if self.curse_treasure else 0
        # Treasures one at a time (a decision each) where the order or holding one back matters
        S[K.H_TFX] = 1 if _hooks.treasures_one_at_a_time(self._ids) else 0
        # Durations, mats, tokens: the turn's extra steps
        S[K.H_DUR] = 1 if _hooks.needs_duration_engine(self._ids) else 0
        S[K.H_COSTS] = _hooks.cost_flags(self._ids)
        # Coffers: the Buy phase offers to spend them; a setup rule may give each player some
        # (Baker: 1)
        S[K.H_COFFERS] = 1 if _hooks.uses_coffers(self._ids) else 0
        S[K.H_POTION] = 1 if self.potion else 0  # costs compare as records (kernel.within)
        S[K.H_NAIDS] = len(actions)
        S[K.H_NTIDS] = len(treasures)
        S[L.aids][: len(actions)] = actions
        S[L.tids][: len(treasures)] = treasures
        # Trade Route's setup: a token on each Victory Supply pile (its home moves it)
        S[L.trade_route][[c for c in self._ids if CARDS[c].is_victory]] = 1
        S[L.outside][list(self._outside)] = 1
        start_coffers = _hooks.setup_coffers(self._ids)
        for q in range(self.num_players):
            S[L.scalar(q, "epoch")] = K.NEVER
            S[L.scalar(q, "coffers")] = start_coffers
        return S

    def _env(self, bots: Sequence[bc.CompiledBot | None], trace_cap: int = 0) -> _Env:
        key = (tuple(id(b) for b in bots), trace_cap)
        env = self._envs.get(key)
        if env is not None and all(
            a is b for a, b in zip(env.bots, bots, strict=True)  # type: ignore[attr-defined]
        ):
            return env
        env = self._make_env(bots, trace_cap)
        env.bots = tuple(bots)  # type: ignore[attr-defined]
        if len(self._envs) > 64:
            self._envs.clear()
        self._envs[key] = env
        return env

    @property
    def card_ids(self) -> tuple[int, ...]:
        """This game's card ids, sorted: the card axis of ``GameRecords.card_counts``."""
        return tuple(self._ids)

    def _make_env(
        self, bots: Sequence[bc.CompiledBot | None], trace_cap: int = 0, tape_cap: int = 1024,
        tree_cap: int = 0, decide: bool = True,
    ) -> _Env:
        """The kernel's environment for ``bots`` (None: an outside seat). ``decide=False``: batch
        play by bots alone, without debug or random seats, where the decision door is compiled
        only if a card can ask (``hooks.fill``)."""
        if len(bots) != self.num_players:
            raise LudolabError(
                f"this engine seats {self.num_players} players, got {len(bots)} bots"
            )
        outside = 0
        packed = []
        supply = set(self._ids)
        for seat, b in enumerate(bots):
            if b is None:
                outside |= 1 << seat
                packed.append(_empty_bot())
                continue
            if not isinstance(b, bc.CompiledBot):
                raise LudolabError(f"seat {seat}: expected a CompiledBot, got {type(b).__name__}")
            _check_bot(b, seat)
            missing = [c for c in b.cards_needed if c not in supply]
            if missing:
                names = ", ".join(CARDS[c].name for c in missing)
                hint = (" (Platinum and Colony: rules colony=yes)"
                        if {int(K.PLATINUM), int(K.COLONY)} & set(missing) else "")
                raise LudolabError(
                    f"bot {b.name!r} needs {names}, which the kingdom does not have{hint}"
                )
            packed.append(b)
        entries, bounds, code, options = bc.pack(packed)
        nc = NUM_CARDS
        ssize = self.layout.size
        regions = [
            ("T", nc * K.NUM_COLS),
            ("BE", entries.size),
            ("BB", bounds.size),
            ("OPT", nc + 8),
            ("STACK", _STACK_CAP),
            ("TAPE", tape_cap),
            ("PEND", K.PD_OPTS + nc + 8),
            ("VIEW", ssize),
            ("GFLAG", _GFLAG_CAP),
            ("GOWN", 3 * _GFLAG_CAP),  # per play instance, who played it; stays
            ("ORD", nc),  # each card's ORDER (waiting effects' default order)
            ("HOOK", nc * K.NHOOK),  # each card's hook addresses (engine/hooks.py)
            ("HLIST", K.NHOOK * (nc + 1)),  # per hook, the cards of this game that have it
            ("SCR", 3 * K.MAX_SEATS),  # finish/ending_loses: VP, turns, outcome per seat
            ("TRACE", trace_cap),
            ("TREE", tree_cap * K.TN_SZ),  # the search's tree of its own decisions (nodes)
            ("TPATH", K.TPATH_CAP if tree_cap else 0),  # the nodes one rollout went through
        ]
        offs = {}
        pos = K.IH
        for name, size in regions:
            offs[name] = pos
            pos += size
        I = np.zeros(pos, np.int64)
        I[offs["T"] : offs["T"] + nc * K.NUM_COLS] = self._table.ravel()
        I[offs["BE"] : offs["BE"] + entries.size] = entries.ravel()
        I[offs["BB"] : offs["BB"] + bounds.size] = bounds.ravel()
        I[K.I_OUTSIDE] = outside
        I[K.I_O_T] = offs["T"]
        I[K.I_O_BE] = offs["BE"]
        I[K.I_O_BB] = offs["BB"]
        I[K.I_O_OPT] = offs["OPT"]
        I[K.I_O_STACK] = offs["STACK"]
        I[K.I_STACK_CAP] = _STACK_CAP
        I[K.I_O_TAPE] = offs["TAPE"]
        I[K.I_TAPE_CAP] = tape_cap
        I[K.I_O_PEND] = offs["PEND"]
        I[K.I_O_VIEW] = offs["VIEW"]
        I[K.I_VIEW_N] = ssize
        I[K.I_O_GFLAG] = offs["GFLAG"]
        I[K.I_GFLAG_CAP] = _GFLAG_CAP
        decide = decide or outside != 0 or tree_cap > 0
        _coldstart.ensure(self._ids, decide)  # a cold cache: the kernel compiled on two processes
        _hooks.fill(I, offs["HOOK"], offs["HLIST"], self._ids, nc, offs["ORD"], decide)
        I[K.I_O_GOWN] = offs["GOWN"]
        I[K.I_PLAYING] = -1
        I[K.I_PLAYGRP] = -1
        I[K.I_O_SCR] = offs["SCR"]
        I[K.I_O_TRACE] = offs["TRACE"]
        I[K.I_TRACE_CAP] = trace_cap
        I[K.I_TRACE_ON] = 1 if trace_cap > 0 else 0
        I[K.I_O_TREE] = offs["TREE"]
        I[K.I_TREE_CAP] = tree_cap
        I[K.I_O_TPATH] = offs["TPATH"]
        copt = nc * int(K.MAX_SEATS) * int(K.CARD_OPTS)
        F = np.zeros(code.size + options.size + _FST_CAP + tree_cap + 1 + copt, np.float64)
        F[: code.size] = code.ravel()
        F[code.size : code.size + options.size] = options.ravel()
        I[K.I_O_CODE] = 0
        I[K.I_O_BOPT] = code.size
        I[K.I_O_FST] = code.size + options.size
        I[K.I_FST_CAP] = _FST_CAP
        I[K.I_O_FTREE] = code.size + options.size + _FST_CAP  # the tree's c, then node values
        I[K.I_O_COPT] = F.size - copt  # the cards' own bot options (kernel.card_opt)
        _hooks.fill_card_options(F, int(I[K.I_O_COPT]), self._ids, packed)
        return _Env(I, F, np.zeros(ssize, np.int64))

    def _card_stats(self, bots: Sequence[bc.CompiledBot], seeds: np.ndarray, vp: np.ndarray,
                    turns: np.ndarray, outcome: np.ndarray, reason: np.ndarray,
                    tcoins: np.ndarray, tvp: np.ndarray, turn_stats: bool, tape: np.ndarray,
                    debug: int, mask: int, cards: bool = True,
                    decks: _DeckOut | None = None,
                    ) -> tuple[int, int, np.ndarray | None, np.ndarray | None, _Env]:
        """Play ``seeds`` in slices: with ``cards``, tracing on, each slice's events counted into
        the card statistics (:func:`kernel.cstat_count`); with ``decks``, each slice's deck
        records (:func:`kernel.deck_record`, :func:`kernel.deck_end`) copied into it. The games
        are the games of a plain batch. Returns the games finished, the decisions asked, the
        counts and first turns (None without ``cards``) and the environment of the last slice
        (its error code, its tape)."""
        g, p = seeds.shape[0], self.num_players
        rows = min(g, _CSTAT_ROWS)
        counts = np.zeros((g, p, int(K.NCK), len(self._ids)), np.int16) if cards else None
        first = np.zeros_like(counts) if cards else None
        colmap = np.full(NUM_CARDS, -1, np.int64)
        colmap[np.asarray(self._ids, np.int64)] = np.arange(len(self._ids))
        cap = rows * p * _CSTAT_TRACE_PER_SEAT if cards else 0
        env: _Env | None = None
        done = decisions = 0
        while done < g:
            if env is None:
                env = self._make_env(bots, trace_cap=cap, tape_cap=max(1, len(tape)),
                                     decide=len(tape) > 0 or debug != 0 or mask != 0)
                _load_tape(env, tape)
                _hooks.set_debug(env.I, debug != 0)
                env.I[K.I_RANDOM] = mask
                if decks is not None:
                    env = decks.region(env, rows, p, colmap)
            b = min(g, done + rows)
            sl = slice(done, b)
            env.I[K.I_TRACE_POS] = 0
            env.I[K.I_TRACE_OVF] = 0
            env.I[K.I_NDEC] = 0
            if decks is not None:
                decks.clear(env)
            n = K.run(0, self._template, env.W, env.I, env.F, seeds[sl], vp[sl], turns[sl],
                      outcome[sl], reason[sl], tcoins[sl] if turn_stats else tcoins,
                      tvp[sl] if turn_stats else tvp, bool(turn_stats))
            if cards and env.I[K.I_TRACE_OVF] != 0:  # the events did not fit: again, larger
                cap *= 4
                env = None
                continue
            if cards:
                o = int(env.I[K.I_O_TRACE])
                K.cstat_count(env.I[o : o + int(env.I[K.I_TRACE_POS])], colmap, counts[sl],
                              first[sl])
            if decks is not None:
                decks.take(env, sl, n)
            decisions += int(env.I[K.I_NDEC])
            done += n
            if n != b - sl.start:
                break
        assert env is not None
        return done, decisions, counts, first, env

    # -- batch play ----------------------------------------------------------------------------
    def play(
        self,
        bots: Sequence[bc.CompiledBot],
        seeds: np.ndarray | Sequence[int],
        *,
        turn_stats: bool = False,
        stat_turns: int | None = None,
        debug: bool = False,
        random_seats: Sequence[int] = (),
        tape: Sequence[int] | None = None,
        card_stats: bool = False,
        deck_stats: bool = False,
    ) -> GameRecords:
        """Play one game per seed, ``bots[i]`` in seat ``i``, in one compiled call.

        Deterministic: the record of seed ``s`` does not depend on the other seeds. With
        ``turn_stats`` the records carry per-turn coins and VP for the first ``stat_turns`` turns
        (default: the turn cap, at most 64). ``debug`` checks every bot answer against its
        options and the card-conservation invariants after every turn (an engine self-test).
        ``random_seats`` answer every decision uniformly at random from a keyed stream
        (seed, seat, ``rng.PLAYER``, decision number): their bots are ignored (fuzzing).
        ``tape`` replays one game (one seed) whose ``None`` seats answered from outside: their
        answers over the whole game, in order (as :meth:`trace` takes them); it must fit.
        ``card_stats`` also records per seat and card what was bought, gained (other than
        bought), played and trashed, and the turn of the first of each (``card_counts``,
        ``card_first``; card axis :attr:`card_ids`); the games are the same games.
        ``deck_stats`` (which implies ``turn_stats``) also records the cards each seat owned at
        the end of each of its turns (``deck``) and the supply piles and trash at the end
        (``supply_end``, ``trash_end``), on the same card axis; again the same games.
        """
        seeds = np.ascontiguousarray(np.asarray(seeds, dtype=np.uint64).ravel())
        if tape is None and any(b is None for b in bots):
            raise LudolabError("play() needs a bot in every seat; use new_game() for outside seats")
        if tape is not None and len(seeds) != 1:
            raise LudolabError("a tape replays one game: give one seed")
        answers = np.asarray(() if tape is None else tape, dtype=np.int64).ravel()
        g, p = seeds.shape[0], self.num_players
        mask = 0
        for seat in random_seats:
            if not 0 <= seat < p:
                raise LudolabError(f"random seat {seat} is not a seat of this {p}-player engine")
            mask |= 1 << seat
        env = self._make_env(bots, tape_cap=max(1, len(answers)),
                             decide=tape is not None or debug or mask != 0)
        _load_tape(env, answers)
        vp = np.zeros((g, p), np.int32)
        turns = np.zeros((g, p), np.int32)
        outcome = np.zeros((g, p), np.int8)
        reason = np.zeros(g, np.int8)
        turn_stats = turn_stats or deck_stats
        if turn_stats:
            t = stat_turns or min(self.rules.effective_turn_cap(), 64)
            tcoins = np.full((g, p, t), -1, np.int16)
            tvp = np.full((g, p, t), -1, np.int16)
        else:
            tcoins = np.zeros((1, 1, 1), np.int16)
            tvp = np.zeros((1, 1, 1), np.int16)
        _hooks.set_debug(env.I, bool(debug))
        env.I[K.I_RANDOM] = mask
        counts = first = None
        decks = _DeckOut(g, p, tcoins.shape[2], len(self._ids)) if deck_stats else None
        if not card_stats and decks is None:
            done = K.run(
                0, self._template, env.W, env.I, env.F, seeds, vp, turns, outcome, reason, tcoins,
                tvp, bool(turn_stats),
            )
            decisions = int(env.I[K.I_NDEC])
        else:
            done, decisions, counts, first, env = self._card_stats(
                bots, seeds, vp, turns, outcome, reason, tcoins, tvp, bool(turn_stats), answers,
                int(env.I[K.I_DEBUG]), mask, card_stats, decks)
        if done != g:
            raise RuntimeError(
                f"Dominion engine error {_ERRORS.get(int(env.I[K.I_ERROR]), env.I[K.I_ERROR])} "
                f"in game {done} (seed {seeds[done]})"
            )
        if tape is not None:
            _check_tape(env, len(answers), int(seeds[0]))
        return GameRecords(
            seeds, vp, turns, outcome, reason,
            tcoins if turn_stats else None, tvp if turn_stats else None,
            decisions, counts, first,
            *((decks.deck, decks.supply, decks.trash, decks.final) if decks is not None
              else ()),
        )

    def trace(
        self,
        bots: Sequence[bc.CompiledBot | None],
        seed: int,
        *,
        tape: Sequence[int] = (),
    ) -> list[TraceEvent]:
        """Play one game with tracing on and return its events (see :mod:`..log`).

        ``None`` seats are outside seats answered in order from ``tape``: every answer they gave
        in a step-wise game (:class:`DominionGame`), in the order asked, over the whole game.
        The batch kernel reads one tape for the whole game, so the traced game is that game,
        with a DECISION event for each answer. Raises RuntimeError if the tape runs out before
        the end or is not used up (it was not the tape of this game).
        """
        answers = np.asarray(tape, dtype=np.int64).ravel()
        if len(answers) and all(b is not None for b in bots):
            raise LudolabError("a tape answers outside seats (None), and no seat is outside")
        cap = _DEFAULT_TRACE_CAP
        seeds = np.array([seed], dtype=np.uint64)
        while True:
            env = self._make_env(bots, trace_cap=cap, tape_cap=max(1, len(answers)))
            _load_tape(env, answers)
            p = self.num_players
            vp = np.zeros((1, p), np.int32)
            turns = np.zeros((1, p), np.int32)
            outcome = np.zeros((1, p), np.int8)
            reason = np.zeros(1, np.int8)
            dummy = np.zeros((1, 1, 1), np.int16)
            done = K.run(
                0, self._template, env.W, env.I, env.F, seeds, vp, turns, outcome, reason, dummy,
                dummy, False,
            )
            if done != 1:
                raise RuntimeError(
                    f"Dominion engine error "
                    f"{_ERRORS.get(int(env.I[K.I_ERROR]), int(env.I[K.I_ERROR]))} (seed {seed})"
                )
            _check_tape(env, len(answers), seed)
            if env.I[K.I_TRACE_OVF] == 0:
                o, n = int(env.I[K.I_O_TRACE]), int(env.I[K.I_TRACE_POS])
                return decode_trace(env.I[o : o + n])
            cap *= 4

    # -- step-wise play ------------------------------------------------------------------------
    def new_game(self, seed: int, bots: Sequence[bc.CompiledBot | None], *,
                 start: Mapping[int, Mapping[str, Any]] | None = None) -> DominionGame:
        """A game where ``None`` seats are answered from outside (see :class:`DominionGame`).

        ``start`` (seat -> keyword arguments of :meth:`DominionGame.setup`) rewrites the dealt
        state before anyone plays: a game begun from given decks, even with bots in every seat
        (who would otherwise play it to its end at once)."""
        return DominionGame(self, tuple(bots), int(seed), start)

    # -- compilation ---------------------------------------------------------------------------
    @staticmethod
    def needs_compile(full: bool = True) -> bool:
        """True when the first game will compile the kernel (not loaded from numba's cache):
        all of it (``full``: what :meth:`compile` compiles), or the batch path of bots playing
        plain cards (``full=False``: what the first result of a simulation needs)."""
        entries = (K.run, K.cond_test, K.bot_buy, K.bot_play)
        if full:
            entries += (K.decide, K.init_game)
        return not all(_coldstart.cached(fn) for fn in entries)

    @staticmethod
    def compile() -> float:
        """Compile (or load from the cache) the kernel now; returns the seconds it took."""
        t0 = time.perf_counter()
        eng = Engine([], 2)
        bm = simple_bot("warmup", buy=["Province", "Gold", "Silver"])
        eng.play([bm, bm], np.zeros(1, np.uint64))
        g = eng.new_game(0, [None, bm])
        while not g.is_over():
            d = g.pending()
            assert d is not None
            g.answer(d.options[0])
        K.keyed_u64_many(
            np.zeros(1, np.uint64), np.zeros(1, np.int64), np.zeros(1, np.int64),
            np.zeros(1, np.int64), np.zeros(1, np.uint64),
        )
        return time.perf_counter() - t0


def _load_tape(env: _Env, answers: np.ndarray) -> None:
    """Put a whole game's outside answers on the environment's tape (batch mode reads it in
    order and never rewinds it between turns)."""
    o = int(env.I[K.I_O_TAPE])
    env.I[o : o + len(answers)] = answers
    env.I[K.I_TAPE_LEN] = len(answers)


def _check_tape(env: _Env, n: int, seed: int) -> None:
    """A replayed game must use its tape exactly (else it was not this game's tape)."""
    if env.I[K.I_PENDING] != 0 or int(env.I[K.I_TAPE_POS]) != n:
        raise RuntimeError(
            f"the tape of {n} answers does not fit the game of seed {seed} "
            f"({int(env.I[K.I_TAPE_POS])} used"
            f"{', then it ran out' if env.I[K.I_PENDING] else ''})"
        )


# ----------------------------------------------------------------------------------------------
# Step-wise games
# ----------------------------------------------------------------------------------------------
_ZONES = {"hand": K.Z_HAND, "discard": K.Z_DISC, "play": K.Z_PLAY, "aside": K.Z_ASIDE,
          "mat": K.Z_MAT, "island": K.Z_ISLAND, "haven": K.Z_HAVEN}
_PHASES = ("start", "action", "buy", "cleanup", "over")


class DominionGame:
    """A game played decision by decision; ``None`` seats of the bots answer from outside.

    The state is kept at the start of the current turn, with the answers given so far in this
    turn (the tape). Each answer replays the turn from its start: shuffles are keyed by (game
    seed, seat, shuffle number), so the replay is exact. ``zones()``, ``supply()`` and
    ``counters()`` show the state at the pending decision (or at the end of the game).
    """

    def __init__(self, engine: Engine, bots: tuple[bc.CompiledBot | None, ...], seed: int,
                 start: Mapping[int, Mapping[str, Any]] | None = None) -> None:
        self._engine = engine
        self._bots = bots
        self._seed = seed
        self._S = engine._template.copy()
        self._tape: list[int] = []
        self._tape_seats: list[int] = []  # the seat that gave each answer on the tape
        self._tape_sources: list[int] = []  # and the card that asked (Decision.source)
        self._pending: Decision | None = None
        self._view = self._S
        env = self._get_env()
        K.init_game(self._S, env.I, np.uint64(seed & _rng.MASK64))
        for seat, zones in (start or {}).items():
            self._rewrite(seat, **zones)
        self._advance()

    # -- plumbing ------------------------------------------------------------------------------
    def _get_env(self) -> _Env:
        env = getattr(self, "_envref", None)
        if env is None:
            env = self._engine._env(self._bots)
            self._envref = env
        return env

    def __getstate__(self) -> dict:
        d = dict(self.__dict__)
        d.pop("_envref", None)
        return d

    def __setstate__(self, d: dict) -> None:
        self.__dict__.update(d)

    def _advance(self) -> None:
        env = self._get_env()
        I = env.I
        n = len(self._tape)
        if n > I[K.I_TAPE_CAP]:
            env = self._engine._make_env(self._bots, tape_cap=2 * n)
            env.bots = self._bots  # type: ignore[attr-defined]
            self._envref = env
            I = env.I
        o = int(I[K.I_O_TAPE])
        I[o : o + n] = self._tape
        I[K.I_TAPE_LEN] = n
        I[K.I_ERROR] = 0
        I[K.I_TRACE_ON] = 0
        I[K.I_DEBUG] = 0
        status = K.run(1, self._S, env.W, I, env.F, *_STEP_ARGS)
        if status < 0:
            raise RuntimeError(f"Dominion engine error {int(I[K.I_ERROR])}")
        if I[K.I_TAPE_DONE]:
            self._tape = []
            self._tape_seats = []
            self._tape_sources = []
        if status == 0:
            pd = int(I[K.I_O_PEND])
            k = int(I[pd + K.PD_N])
            self._pending = Decision(
                seat=int(I[pd + K.PD_SEAT]),
                kind=DecisionKind(int(I[pd + K.PD_KIND])),
                options=tuple(int(x) for x in I[pd + K.PD_OPTS : pd + K.PD_OPTS + k]),
                source=int(I[pd + K.PD_SOURCE]),
                subject=int(I[pd + K.PD_SUBJECT]),
                arg=int(I[pd + K.PD_ARG]),
            )
            vo = int(I[K.I_O_VIEW])
            self._view = I[vo : vo + self._S.shape[0]].copy()
        else:
            self._pending = None
            self._view = self._S

    # -- the game ------------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self._engine.num_players

    @property
    def engine(self) -> Engine:
        return self._engine

    @property
    def seed(self) -> int:
        return self._seed

    def pending(self) -> Decision | None:
        """The decision waiting for an answer, or None when the game is over."""
        return self._pending

    def answer(self, option: int) -> None:
        """Answer the pending decision with one of its options."""
        d = self._pending
        if d is None:
            raise LudolabError("the game is over; there is nothing to answer")
        option = int(option)
        if option not in d.options:
            raise LudolabError(
                f"{option} is not an option of this decision; options: {list(d.options)}"
            )
        self._tape.append(option)
        self._tape_seats.append(d.seat)
        self._tape_sources.append(d.source)
        self._advance()

    def is_over(self) -> bool:
        return bool(self._S[K.H_OVER])

    def reseeded(self, seed: int) -> DominionGame:
        """A copy whose shuffles from now on are keyed by ``seed`` instead of the game seed.

        Shuffles already made (including those earlier in the current turn) keep their order;
        every later shuffle of every seat uses the new seed. A search player determinizes a
        state this way so that it cannot see the real future shuffles.
        """
        g = self.clone()
        S, V = g._S, g._view
        seed &= _rng.MASK64
        S[K.H_SEED2_LO] = seed & 0xFFFFFFFF
        S[K.H_SEED2_HI] = seed >> 32
        L = self._engine.layout
        for q in range(self.num_players):
            # shuffles made so far in this turn (the view) keep their order on replay
            S[L.scalar(q, "epoch")] = V[L.scalar(q, "shuffles")]
        g._advance()
        return g

    def clone(self) -> DominionGame:
        """An independent copy (the state arrays are copied; the kernel environment is shared)."""
        g = DominionGame.__new__(DominionGame)
        g.__dict__.update(self.__dict__)
        g._S = self._S.copy()
        g._tape = list(self._tape)
        g._tape_seats = list(self._tape_seats)
        g._tape_sources = list(self._tape_sources)
        g._view = g._S if self._view is self._S else self._view.copy()
        return g

    # -- results -------------------------------------------------------------------------------
    def _final(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        if not self.is_over():
            raise LudolabError("the game is not over yet")
        p = self.num_players
        vp = np.zeros(p, np.int32)
        turns = np.zeros(p, np.int32)
        out = np.zeros(p, np.int8)
        env = self._get_env()
        trace_on = env.I[K.I_TRACE_ON]
        env.I[K.I_TRACE_ON] = 0
        K.final_result(self._S, env.I, vp, turns, out)
        env.I[K.I_TRACE_ON] = trace_on
        return vp, turns, out

    def vp(self) -> tuple[int, ...]:
        """Victory points per seat now (final once the game is over)."""
        return tuple(self._vp_now(q) for q in range(self.num_players))

    def _vp_now(self, seat: int) -> int:
        """The kernel's own count (``vp_of``: the VP column, the cards' ``vp`` hooks such as
        Gardens and Duke, VP tokens), so no card's scoring is restated here."""
        return int(K.vp_of(self._view, self._get_env().I, np.int64(seat)))

    def outcome(self) -> tuple[int, ...]:
        """Per seat: 2 won alone, 1 shared the win, 0 lost (game over only)."""
        return tuple(int(x) for x in self._final()[2])

    def returns(self) -> tuple[float, ...]:
        """Per seat: 1 for a sole win, 1/k for a k-way shared win, 0 for a loss."""
        out = self._final()[2]
        k = int((out > 0).sum())
        return tuple((1.0 / k if o > 0 else 0.0) for o in out)

    def records(self) -> GameRecords:
        """This finished game as a one-game :class:`GameRecords`."""
        vp, turns, out = self._final()
        return GameRecords(
            np.array([self._seed], np.uint64), vp[None, :], turns[None, :], out[None, :],
            np.array([self._S[K.H_END_REASON]], np.int8),
        )

    def end_reason(self) -> EndReason | None:
        return EndReason(int(self._S[K.H_END_REASON])) if self.is_over() else None

    # -- inspection ----------------------------------------------------------------------------
    def _zone_counts(self, S: np.ndarray, seat: int, z: int) -> dict[int, int]:
        counts = S[self._engine.layout.zone(seat, z)]
        return {c: int(k) for c, k in enumerate(counts) if k > 0}

    def _deck(self, S: np.ndarray, seat: int) -> list[int]:
        L = self._engine.layout
        n = int(S[L.scalar(seat, "deck_n")])
        return [int(x) for x in S[L.deck(seat, n)][::-1]]

    def _check_seat(self, seat: int) -> None:
        if not 0 <= seat < self.num_players:
            raise LudolabError(f"seat must be 0..{self.num_players - 1}, got {seat}")

    def zones(self, seat: int) -> dict[str, object]:
        """Seat ``seat``'s cards at the pending decision: ``hand``, ``discard``, ``play``,
        ``aside``, the Native Village ``mat``, the ``island`` mat, the cards set aside across
        turns (``haven``) and ``owned`` as name -> count, ``deck`` as names from the top down;
        ``stay``: the cards in play that stay at its next clean-up; ``waiting``: its waiting
        effects (card names, in order)."""
        self._check_seat(seat)
        S = self._view
        out: dict[str, object] = {
            name: {CARDS[c].name: k for c, k in self._zone_counts(S, seat, z).items()}
            for name, z in _ZONES.items()
        }
        out["owned"] = {CARDS[c].name: k for c, k in self._zone_counts(S, seat, K.Z_OWN).items()}
        out["deck"] = [CARDS[c].name for c in self._deck(S, seat)]
        out["stay"] = {CARDS[c].name: k for c, k in self._zone_counts(S, seat, K.Z_STAY).items()}
        wo = self._engine.layout.zone(seat, K.Z_WAIT).start
        out["waiting"] = [CARDS[int(S[wo + 1 + 2 * i])].name for i in range(int(S[wo]))]
        return out

    def supply(self) -> dict[str, int]:
        """Cards left in each Supply pile at the pending decision."""
        S = self._view
        supply = S[self._engine.layout.supply]
        out = self._engine._outside
        return {CARDS[c].name: int(supply[c]) for c in self._engine._ids if c not in out}

    def outside(self) -> dict[str, int]:
        """Cards left in each pile outside the Supply (Prizes, Rewards) at the pending
        decision."""
        supply = self._view[self._engine.layout.supply]
        return {CARDS[c].name: int(supply[c]) for c in self._engine._outside}

    def costs(self) -> dict[str, int]:
        """What each supply card costs now, at the pending decision: the kernel's ``cost``, with
        the reductions in force (Bridge, Quarry, Peddler's in the buy phase)."""
        S = self._view
        I = self._get_env().I
        return {CARDS[c].name: int(K.cost(S, I, np.int64(c))) for c in self._engine._ids}

    def tokens(self) -> dict[str, int]:
        """Embargo tokens on each supply pile that has any, at the pending decision."""
        tok = self._view[self._engine.layout.tokens]
        return {CARDS[c].name: int(tok[c]) for c in self._engine._ids if tok[c] > 0}

    def trade_route_piles(self) -> tuple[str, ...]:
        """The Victory Supply piles still holding their Trade Route token, at the pending
        decision (the first gain from a pile moves its token to the mat, ``trade_route_mat``)."""
        tr = self._view[self._engine.layout.trade_route]
        return tuple(CARDS[c].name for c in self._engine._ids if tr[c] > 0)

    def trash(self) -> dict[str, int]:
        trash = self._view[self._engine.layout.trash]
        return {CARDS[c].name: int(k) for c, k in enumerate(trash) if k > 0}

    def counters(self) -> dict[str, int | str]:
        """Whose turn, phase, actions, buys, coins, Potions, Actions played this turn, the cost
        reductions in force (every card; Action cards), the Trade Route mat, and each seat's
        turns, shuffles and VP tokens."""
        S = self._view
        out: dict[str, int | str] = {
            "seat": int(S[K.H_CUR]),
            "phase": _PHASES[int(S[K.H_PHASE])],
            "actions": int(S[K.H_ACTIONS]),
            "buys": int(S[K.H_BUYS]),
            "coins": int(S[K.H_COINS]),
            "potions": int(K.potions_now(S)),
            "actions_played": int(S[K.H_PLAYED]),
            "cost_down": int(S[K.H_COST_DOWN]),
            "action_cost_down": int(K.action_down(S)),
            "trade_route_mat": int(S[K.H_TR_MAT]),
        }

        L = self._engine.layout
        for q in range(self.num_players):
            out[f"turns{q}"] = int(S[L.scalar(q, "turns")])
            out[f"shuffles{q}"] = int(S[L.scalar(q, "shuffles")])
            out[f"vp_tokens{q}"] = int(S[L.scalar(q, "vp_tokens")])
            out[f"coin_tokens{q}"] = int(S[L.scalar(q, "coin_tokens")])
            out[f"coffers{q}"] = int(S[L.scalar(q, "coffers")])
        out["extra_turn"] = int(S[K.H_EXTRA])
        return out

    def played(self) -> dict[str, int]:
        """How many times the current player played each card this turn (Actions and
        Treasures, each play counted), at the pending decision."""
        turn = self._view[self._engine.layout.turn]
        return {CARDS[c].name: int(k) for c, k in enumerate(turn) if k > 0}

    def banned(self) -> tuple[str, ...]:
        """The cards that may not be bought this turn (Contraband), at the pending decision."""
        bans = self._view[self._engine.layout.bans]
        return tuple(CARDS[c].name for c, k in enumerate(bans) if k)

    def total_cards(self) -> int:
        """Cards in all zones, supply and trash (constant over a game)."""
        S = self._view
        L = self._engine.layout
        total = int(S[L.supply].sum() + S[L.trash].sum())
        for q in range(self.num_players):
            for z in (K.Z_HAND, K.Z_DISC, K.Z_PLAY, K.Z_ASIDE, K.Z_MAT, K.Z_ISLAND, K.Z_HAVEN):
                total += sum(self._zone_counts(S, q, z).values())
            total += len(self._deck(S, q))
        return total

    # -- scripted setup (tests, teaching) ------------------------------------------------------
    def _ids_of(self, cards: Sequence[str | int] | dict[str | int, int]) -> list[int]:
        if isinstance(cards, dict):
            seq: list[str | int] = []
            for k, v in cards.items():
                seq.extend([k] * int(v))
            cards = seq
        out = []
        for c in cards:
            cid = card_id(c) if isinstance(c, str) else int(c)
            if cid not in self._engine._supply:
                raise LudolabError(f"{CARDS[cid].name} is not in this game's supply")
            out.append(cid)
        return out

    def setup(
        self,
        seat: int | None = None,
        *,
        hand: Sequence[str | int] | dict | None = None,
        deck: Sequence[str | int] | None = None,
        discard: Sequence[str | int] | dict | None = None,
        supply: dict[str | int, int] | None = None,
        trash: dict[str | int, int] | None = None,
        turns: dict[int, int] | None = None,
        current: int | None = None,
        vp_tokens: dict[int, int] | None = None,
    ) -> None:
        """Rewrite the state at the start of the current turn (before any answer in it).

        ``seat`` (default: the seat whose turn it is) gets the given ``hand``, ``deck`` (listed
        from the top down) and ``discard``; zones not given are kept. ``supply``/``trash`` set
        pile counts, ``turns`` the turns taken per seat, ``current`` whose turn it is,
        ``vp_tokens`` the VP tokens per seat. Owned
        counts follow the zones. Then the game runs to the next decision.
        """
        if self._tape:
            raise LudolabError("setup() only works before the first answer of a turn")
        if self.is_over():
            raise LudolabError("the game is over")
        self._rewrite(seat, hand=hand, deck=deck, discard=discard, supply=supply, trash=trash,
                      turns=turns, current=current, vp_tokens=vp_tokens)
        self._advance()

    def _rewrite(
        self,
        seat: int | None = None,
        *,
        hand: Sequence[str | int] | dict | None = None,
        deck: Sequence[str | int] | None = None,
        discard: Sequence[str | int] | dict | None = None,
        supply: dict[str | int, int] | None = None,
        trash: dict[str | int, int] | None = None,
        turns: dict[int, int] | None = None,
        current: int | None = None,
        vp_tokens: dict[int, int] | None = None,
    ) -> None:
        """:meth:`setup`'s rewrite of the state, without running the game on."""
        S = self._S
        L = self._engine.layout
        if current is not None:
            self._check_seat(current)
            S[K.H_CUR] = current
        q = int(S[K.H_CUR]) if seat is None else seat
        self._check_seat(q)
        for zone, cards in (("hand", hand), ("discard", discard)):
            if cards is not None:
                counts = S[L.zone(q, zone)]  # a view into S
                counts[:] = 0
                for c in self._ids_of(cards):
                    counts[c] += 1
        if deck is not None:
            ids = self._ids_of(deck)
            if len(ids) > S[K.H_CAP]:
                raise LudolabError("deck too large")
            S[L.scalar(q, "deck_n")] = len(ids)
            S[L.deck(q, len(ids))] = ids[::-1]
            for name in ("known_lo", "known_hi", "public_lo", "public_hi", "deep"):
                S[L.scalar(q, name)] = 0  # a pile set from outside: nothing known
        own = np.zeros(NUM_CARDS, np.int64)
        for z in ("hand", "discard", "play", "aside"):
            own += S[L.zone(q, z)]
        for c in self._deck(S, q):
            own[c] += 1
        S[L.zone(q, "own")] = own
        if supply is not None:
            for c, k in supply.items():
                cid = self._ids_of([c])[0]
                if k < 0:
                    raise LudolabError("supply counts must be >= 0")
                S[L.supply][cid] = k
        S[K.H_EMPTY] = sum(1 for c in self._engine._ids
                           if S[L.supply][c] == 0 and c not in self._engine._outside)
        if trash is not None:
            S[L.trash] = 0
            for c, k in trash.items():
                S[L.trash][self._ids_of([c])[0]] = k
        if turns is not None:
            for t_seat, t in turns.items():
                self._check_seat(t_seat)
                S[L.scalar(t_seat, "turns")] = t
        if vp_tokens is not None:
            for v_seat, v in vp_tokens.items():
                self._check_seat(v_seat)
                S[L.scalar(v_seat, "vp_tokens")] = v

# ruff: noqa: SIM102, SIM103, SIM109, SIM110
# (numba: explicit loops and comparisons instead of any()/tuple membership compile simply)
"""The compiled Dominion kernel: state layout, keyed shuffles, card effects, bots, turn loop.

Compiled without numba's reference counting (``_nrt=False``): the kernel allocates nothing (all
scratch lives in ``I``), so array arguments need no atomic increments at every call.

The rules' machinery lives in this file; the cards' own rules live in their homes
(``games/dominion/cards/<set>/<card>.py``), compiled apart and reached through the hook table
(:func:`call_ptr`, :mod:`.hooks`); the search's compiled part is :mod:`.searchkernel`; the
SplitMix64 is :mod:`ludolab.core.rngjit`. numba's on-disk cache is invalidated only when the
file that defines a function changes, so every file that compiles code from another calls
:func:`ludolab.core.jitcache.guard` with those files. The contract constants of
:mod:`~ludolab.games.dominion.cards` and :mod:`~ludolab.games.dominion.botcode` are restated here
as literals (numba freezes globals at compile time); ``engine/__init__`` checks at import that
they still agree with the contract.

Three flat arrays carry a game:

``S`` (int64) -- the game state (cloning a game copies it):
    header ``[0, HDR)`` (``H_*`` scalars: rules, current seat, phase, actions, buys, coins, ...),
    then ``supply[NC]``, ``trash[NC]``, ``ids[NC]`` (the card ids of this game's supply, sorted;
    the first ``H_NIDS`` are valid), ``start[NC]`` (starting pile sizes), ``aids[NC]`` and
    ``tids[NC]`` (the Action and the Treasure ids among them), then one block per seat:
    ``hand[NC] discard[NC] play[NC] aside[NC] own[NC] scalars[PSZ] deck[CAP]``. ``own`` counts
    every card the seat owns; the draw pile is ordered with its top at the end.

``I`` (int64) -- the environment: a header (``I_*``: outside-seat mask, answer tape position,
    pending flag, error code, trace position, ...) followed by regions whose offsets the header
    gives: card table, bot list entries and bounds, the option scratch, the play stack, the answer
    tape, the pending decision, a view copy of ``S`` taken at the pending decision, the trace.

``F`` (float64) -- bot condition bytecode, bot options per seat, and the condition stack.

Decisions go through :func:`decide`: options are written to the scratch, a bot seat answers
from its lists and the per-card playbooks, an outside seat answers from the tape. When the tape
is exhausted the decision is recorded as pending, a view of the state is copied, and the turn is
finished with placeholder answers (the caller throws that continuation away and replays the
turn from its start once the answer is known).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from numba import njit
from numba import types as nbt
from numba.core import errors
from numba.extending import intrinsic

from ludolab.core import jitcache as _jitcache
from ludolab.core import rngjit as _rngjit
from ludolab.core.rngjit import keyed_u64, step

# numba's cache sees only this file: drop it when the SplitMix64 it compiles in changes.
_jitcache.guard(Path(__file__), [_rngjit.__file__])

# ----------------------------------------------------------------------------------------------
# Contract constants (cards.py, botcode.py), restated; checked by engine/__init__.py at import.
# ----------------------------------------------------------------------------------------------
NUM_COLS = 14
COL_COST = 0
COL_TYPES = 1
COL_CARDS = 2
COL_ACTIONS = 3
COL_BUYS = 4
COL_COINS = 5
COL_VP = 6
COL_SPECIAL = 7  # bits: SP_HOME its home's rule, SP_NEXT a next-turn part (0: a plain card)
COL_NEXT_CARDS = 8  # the amounts at the start of the next turn (a Duration's plain half)
COL_NEXT_ACTIONS = 9
COL_NEXT_BUYS = 10
COL_NEXT_COINS = 11
COL_POTION = 12  # the Potions in its cost (a cost is a record: coins, potions, debt)
COL_DEBT = 13  # the Debt in its cost (0 until Empires)
SP_HOME = 1
SP_NEXT = 2

TY_TREASURE = 1
TY_VICTORY = 2
TY_CURSE = 4
TY_ACTION = 8
TY_ATTACK = 16
TY_REACTION = 32
TY_DURATION = 64  # stays in play until the clean-up of the last turn it does something

COPPER = 0
SILVER = 1
GOLD = 2
ESTATE = 3
DUCHY = 4
PROVINCE = 5
CURSE = 6
ARTISAN = 7
BANDIT = 8
BUREAUCRAT = 9
CELLAR = 10
CHAPEL = 11
COUNCIL_ROOM = 12
FESTIVAL = 13
GARDENS = 14
HARBINGER = 15
LABORATORY = 16
LIBRARY = 17
MARKET = 18
MERCHANT = 19
MILITIA = 20
MINE = 21
MOAT = 22
MONEYLENDER = 23
POACHER = 24
REMODEL = 25
SENTRY = 26
SMITHY = 27
THRONE_ROOM = 28
VASSAL = 29
VILLAGE = 30
WITCH = 31
WORKSHOP = 32
ADVENTURER = 33
CHANCELLOR = 34
FEAST = 35
SPY = 36
THIEF = 37
WOODCUTTER = 38
STEWARD = 39
PLATINUM = 71  # Prosperity's basic cards and the cards the kernel's rules name
COLONY = 72
QUARRY = 79  # Action cards cost less while it is in play (action_down())
POTION = 222  # the Treasure that makes one Potion (Alchemy)

LIST_BUY = 0
LIST_PLAY = 1
LIST_TRASH = 2
LIST_DISCARD = 3
LIST_TOPDECK = 4
LIST_GAIN = 5
LIST_ORDER = 6  # K_ORDER: which waiting or when-gain effect resolves first
NUM_LISTS = 7
E_SIZE = 5

OP_CONST = 0
OP_FEAT = 1
OP_ADD = 2
OP_SUB = 3
OP_MUL = 4
OP_DIV = 5
OP_NEG = 6
OP_LT = 7
OP_LE = 8
OP_GT = 9
OP_GE = 10
OP_EQ = 11
OP_NE = 12
OP_AND = 13
OP_OR = 14
OP_NOT = 15
OP_MIN = 16
OP_MAX = 17

F_COUNT = 0
F_SHARE = 1
F_IN_HAND = 2
F_IN_PLAY = 3
F_SUPPLY = 4
F_OPP_COUNT = 5
F_MONEY = 6
F_MONEY_DENSITY = 7
F_DECK_SIZE = 8
F_DRAW_PILE = 9
F_ACTIONS_OWNED = 10
F_TREASURES_OWNED = 11
F_VICTORY_OWNED = 12
F_EMPTY_PILES = 13
F_GAINS_TO_END = 14
F_TURN = 15
F_VP = 16
F_LEAD = 17
F_COINS = 18
F_BUYS = 19
F_ACTIONS = 20
F_HAND_SIZE = 21
F_PLAYERS = 22
F_LOW_VICTORY_PILE = 23
F_THIRD_LOW_PILE = 24
F_TOTAL_MONEY = 25  # the features DominionSim's bots need
F_TERMINALS_OWNED = 26
F_VILLAGES_OWNED = 27
F_ACTION_PHASE = 28
F_DISCARD_PILE = 29
F_LOW_PILE = 30
F_COFFERS = 31  # the Coffers the seat has now
F_POTIONS = 32  # the Potions I have now (the buy phase: unspent)
F_COST = 33  # what C costs now in coins
F_POTION_COST = 34  # the Potions in C's cost

OPT_NEVER_LOSE = 0
OPT_EXTRA_BUYS = 1
OPT_REVEAL_MOAT = 2
# OPT_RETIRED_3: index 3 was Steward's mode; it is now the card's own option `steward`
# (cards/intrigue/steward.py, read with card_opt). The index stays unused.
OPT_PPR = 4  # the penultimate Province rule
OPT_INSTANT_WIN = 5  # take a buy or gain that ends the game with me winning
OPT_SPEND_COFFERS = 6  # spend Coffers for the best buy they reach (0: never)
NUM_OPTIONS = 7

# purposes of ludolab.core.rng (its registry; checked by engine/__init__.py)
RNG_SHUFFLE = 2
RNG_PLAYER = 3

# ----------------------------------------------------------------------------------------------
# State layout (S)
# ----------------------------------------------------------------------------------------------
H_NC = 0  # number of card ids (rows of the card table)
H_NP = 1  # players
H_CAP = 2  # draw pile capacity per seat
H_SB = 3  # seat block size
H_SEAT0 = 4  # offset of seat 0's block
H_SEED_LO = 5
H_SEED_HI = 6
H_CUR = 7  # whose turn it is
H_PHASE = 8  # PH_*
H_ACTIONS = 9
H_BUYS = 10
H_COINS = 11
H_MERCHANT = 12  # Merchant plays this turn (each gives +$1 with the first Silver)
H_OVER = 13
H_END_REASON = 14
H_NTURNS = 15  # turns taken by all seats together
H_EDITION = 16  # 1 or 2
H_TIEBREAK = 17  # 1: fewer turns wins a VP tie; 0: shared
H_END_PILES = 18  # empty supply piles that end the game (3; 4 with 5-6 players); 0: never
H_END_VICTORY = 19  # 1: any empty Estate/Duchy/Province pile ends the game (doc004)
H_TURN_CAP = 20  # per-seat turn cap (always > 0: the safety cap when the rules set none)
H_SOLO = 21  # one-player goal: own this many Provinces (0: off)
H_UNSHUFFLED = 22  # 1: the starting deck is not shuffled (doc000)
H_NIDS = 23  # number of card ids in this game's supply
H_TOTAL = 24  # total cards in the game (conservation check)
H_GROUP = 25  # play-instance counter (Feast trashes itself once under Throne Room)
H_SEED2_LO = 26  # the seed of shuffles at or after each seat's epoch (DominionGame.reseeded)
H_SEED2_HI = 27
H_NAIDS = 28  # Action card ids in this game (list at aids_o)
H_NTIDS = 29  # Treasure card ids in this game (list at tids_o)
H_EMPTY = 30  # empty supply piles (kept up to date by every gain and buy)
H_PLAYED = 31  # Actions played this turn, each play counted (Throne Room's two plays: two)
H_COST_DOWN = 32  # cost reduction in force this turn: every card costs this much less (min 0)
H_COPPERSMITH = 33  # Coppersmith plays this turn (each Copper played makes this much more)
# Prosperity engine: H_34..H_39
H_BUYING = 34  # the card being bought while its buy and gain resolve, else -1
H_ACTION_DOWN = 35  # Action cards cost this much less per Quarry in play (action_down())
H_TR_MAT = 36  # tokens on the Trade Route mat
H_CURSE_COIN = 37  # 1: Curse is also a Treasure worth $1 (Charlatan in the game)
H_TFX = 38  # 1: Treasures are played one at a time (K_TREASURE): a special Treasure, a card
# that restricts buying (a buyable hook) or Curse-as-Treasure is in the game
H_COLONY = 39  # 1: Platinum and Colony are in the Supply (the game also ends on the Colony pile)
# Seaside engine: H_40..H_43
H_DUR = 40  # 1: the game has Durations, mats, tokens or played/cleanup hooks (Seaside's engine)
H_EXTRA = 41  # 1: the current turn is an extra turn (Outpost's)
H_DRAW_NEXT = 42  # the cards this turn's clean-up draws: 5, set at the start of every turn (a
# card's rule may change it: Outpost's 3)
H_BUY_VGAINS = 43  # Victory cards the current player gained during this Buy phase (Treasury)
H_COSTS = 44  # 0: every cost is the printed one and cost() reads only the table; else bit 1: a card
# of the game changes costs (a home's CHANGES_COSTS: Bridge, Quarry; or a cost_down hook), bit 2:
# one has a cost_down hook (Peddler), so cost() looks for one (hooks.cost_flags)
H_EXTRA_NEXT = 45  # 1: the current seat takes an extra turn after this one (extra_turn: Outpost)
H_OUT_PLAYS = 46  # cards seats played on another seat's turn since the last clean-up (play_from:
# Guard Dog, Weaver, Trail): that clean-up discards them from their play areas (dur_cleanup)
H_COFFERS = 47  # 1: a card of the game gives Coffers (its home's COFFERS): the buy phase offers
# to spend them (coffers_step); 0: the buy loop never looks
H_BUY_GAINS = 48  # cards the current player gained during this Buy phase (H_DUR games: Merchant
# Guild's Coffers at its end); kept by dur_gain_note as H_BUY_VGAINS
H_POTION = 49  # 1: a card of this game costs Potions: cost comparisons read the whole record
# (within, cost_rec); 0: every cost is coins alone and they compare coins (speed)
# The turn's Potions (potions_now), kept out of run's loop (a store there cost the Big Money
# mirror 5-10%): counters valid while H_POT_TURN is the turn (H_NTURNS), stale otherwise
H_POT_MADE = 50  # Potions made by Potions played one at a time (H_TFX games; else: in play)
H_POT_SPENT = 51  # Potions spent on buys (spend_potions)
H_POT_TURN = 52  # the turn those two counters are for
H_BUY_HOOKS = 53  # 1: a play this turn asked for the buy_start hooks (want_buy_start)
HDR = 54

PH_START = 0
PH_ACTION = 1
PH_BUY = 2
PH_CLEANUP = 3
PH_OVER = 4

Z_HAND = 0
Z_DISC = 1
Z_PLAY = 2
Z_ASIDE = 3
Z_OWN = 4
# Seaside engine: the mats and set-aside cards (card zones: counted among the cards a
# seat owns), then marker zones (not cards: the invariants skip them)
Z_MAT = 5  # cards on the seat's Native Village mat (face down; its owner may look)
Z_ISLAND = 6  # cards on its Island mat (still owned: scored at the end)
Z_HAVEN = 7  # cards set aside across turns by a Duration (Haven's card, Blockade's gain)
Z_STAY = 8  # marker: of the seat's cards in play, how many of each stay at its next clean-up
Z_GAINED = 9  # marker: the cards the seat gained during its most recent turn (Smugglers)
Z_WAIT = 10  # marker list: [count, card, arg, card, arg, ...] the effects waiting for the
# start of the seat's next turn, in registration order (wait_n, wait_at, stay)
NZ = 11
NCARDZ = 8  # zones 0..NCARDZ-1 hold cards (Z_OWN counts them); the rest are markers

PS_DECKN = 0
PS_SHUF = 1
PS_TURNS = 2
PS_EPOCH = 3  # shuffles numbered from here on use the second seed (reseeding); default: never
PS_RNDK = 4  # decisions this seat has answered at random (random seats)
# Cards whose place in the draw pile is known, as pile positions [lo, hi): the ones its owner
# put there (or looked at and put back), and of those the ones everyone saw put there (a gain,
# a revealed card). Only the part below the pile's top counts (known_top); drawing needs no
# update, so the hot path pays nothing.
PS_KNOWN_LO = 5
PS_KNOWN_HI = 6
PS_PUB_LO = 7
PS_PUB_HI = 8
PS_VPT = 9  # VP tokens (counted in the score and in the vp feature)
# A card its owner put below the known run (Secret Passage): d > 0, the card at pile position
# d - 1 is known to its owner (positions count from the bottom, so drawing and putting cards on
# top leave it; put_at shifts it); d < 0: such a card was put there in turn -d (H_NTURNS) and is
# not tracked (a second one while one was known); 0: none. known_deep reads it.
PS_DEEP = 10
PS_RECV = 11  # the turn (H_NTURNS) in which this seat last received a card another seat passed
PS_COINTOK = 12  # Coin tokens on the seat's Pirate Ship mat
PS_COFFERS = 13  # Coffers: kept across turns, each spent in a Buy phase for +$1 (add_coffers)
PSZ = 14
NEVER = 1 << 40

END_PROVINCES = 0
END_PILES = 1
END_TURN_CAP = 2
END_SOLO = 3
END_VICTORY_PILE = 4
END_COLONIES = 5  # the Colony pile is empty (a game with Platinum and Colony)

# ----------------------------------------------------------------------------------------------
# Environment layout (I, F)
# ----------------------------------------------------------------------------------------------
I_OUTSIDE = 0  # bit mask of seats answered from the tape
I_TAPE_POS = 1
I_TAPE_LEN = 2
I_PENDING = 3
I_ERROR = 4
I_TRACE_ON = 5
I_TRACE_POS = 6
I_TRACE_OVF = 7
I_DEBUG = 8  # 1: check that every bot answer is one of the options
I_SP = 9  # play stack pointer
I_TAPE_DONE = 10  # set by advance() when a turn that used the tape completed
I_NDEC = 11  # decisions asked in the current call (statistics)
I_RANDOM = 12  # bit mask of seats that answer uniformly at random (keyed; engine self-tests)
I_BOT_AFTER_TAPE = 13  # 1: once the tape is used up, outside seats answer as bots (search)
I_TREE_ME = 14  # search tree: 1 + the seat whose decisions it holds (0: no tree)
I_TREE_NODE = 15  # the tree node the current rollout is at (-1: it left the tree)
I_O_T = 16
I_O_BE = 17
I_O_BB = 18
I_O_OPT = 19
I_O_STACK = 20
I_STACK_CAP = 21
I_O_TAPE = 22
I_TAPE_CAP = 23
I_O_PEND = 24
I_O_VIEW = 25
I_VIEW_N = 26
I_O_TRACE = 27
I_TRACE_CAP = 28
I_O_CODE = 29  # in F
I_O_BOPT = 30  # in F
I_O_FST = 31  # in F
I_FST_CAP = 32
I_O_GFLAG = 33  # a flag per play instance (a card that moved itself, e.g. Feast trashed)
I_GFLAG_CAP = 34
I_O_SCR = 35  # 3 * MAX_SEATS scratch integers (VP, turns, outcomes; the kernel allocates nothing)
I_O_TREE = 36  # the search tree's node table (TN_SZ integers a node)
I_TREE_CAP = 37  # nodes it holds at most
I_TREE_N = 38  # nodes in use
I_TREE_DEPTH = 39  # the deepest node below a root option (own decisions after the root)
I_O_TPATH = 40  # the nodes the current rollout selected or expanded (backed up at its end)
I_TPATH_N = 41
I_O_FTREE = 42  # in F: the tree's exploration constant, then each node's value sum
I_FN_DECIDE = 43  # the address of decide() (cards ask their decisions through it: ask())
I_O_HOOK = 44  # the hook table: NHOOK addresses per card id (0: the card has no such hook)
I_O_HLIST = 45  # per hook, the count then the ids of this game's cards that have it
I_HL_STRIDE = 46  # the length of each of those lists (1 + the number of card ids)
I_FN_TREE = 47  # the search tree's pick (searchkernel.tree_pick) while a rollout is in its tree
I_O_COPT = 48  # in F: the cards' own bot options, CARD_OPTS per card per seat (card_opt)
I_FN_COND = 49  # the address of cond_test(), the condition machine (bot_buy, list_pick)
I_FN_BUY = 50  # the address of bot_buy() (run's buy phase calls it through it)
I_FN_BUYCARD = 51  # the address of buy_card() (run calls it through it)
I_FN_TPHASE = 52  # the address of treasure_phase() (run calls it through it)
I_FN_BUYOPTS = 53  # the address of buy_filter() (run calls it through it)
I_FN_COSTMORE = 54  # the address of cost_down_more() (cost() calls it through it: kept small)
I_FN_TDEFAULT = 55  # the address of treasure_default() (decide calls it through it; 0 in games
# without H_TFX, which never ask K_TREASURE: a base-set cold start does not compile it)
# Seaside engine: I_56..I_62
I_O_GOWN = 56  # per play instance (group): 1 + the card that played it (0: none), its group
I_PLAYING = 57  # the card whose effect is resolving in play_stack (-1: none) ...
I_PLAYGRP = 58  # ... and its group (the owner new_group records in H_DUR games)
I_O_ORD = 59  # per card id: its home's ORDER (the default order of waiting effects, K_ORDER)
I_FN_DSTART = 60  # the address of dur_turn_start() (run calls it in H_DUR games)
I_FN_DCLEAN = 61  # the address of dur_cleanup() (run calls it in H_DUR games)
I_TRACK_PLAYS = 62  # 1: a card of the game reads the turn's play counters (turn_o) in batch
# play too (a home's COUNTS_PLAYS: Crossroads' first play, Scheme's plays), so run keeps them
# A cold start compiles only what a game reaches: run calls these through their addresses
I_FN_PLAY = 63  # bot_play(): a bot seat's play decision in run's action phase (batch, fast)
I_FN_EFFECT = 64  # effect(): the special part of a card's text (0 in a game without one)
I_FN_INVAR = 65  # invariants_i(): the debug check after every turn (0 unless I_DEBUG is set)
I_FN_COFFERS = 66  # coffers_step(): the Buy phase's Coffers decision (games with H_COFFERS)
I_O_DECK = 67  # deck records (0: off): deck_record, deck_end write into this region of I
IH = 68
CARD_OPTS = 4  # bot options a card's home may declare (its OPTIONS)
MAX_SEATS = 8  # seats the per-seat regions are sized for (the rules allow up to 6)

# search tree node fields (an open-loop tree of the searching seat's own decisions: a child per
# (decision kind, option) met below a node, whatever the re-deal)
TN_KIND = 0
TN_OPT = 1
TN_FIRST = 2  # first child (-1: none)
TN_NEXT = 3  # next sibling (-1: none)
TN_VISITS = 4
TN_AVAIL = 5  # rollouts in which this node's option was legal at its parent (ISMCTS)
TN_DEPTH = 6
TN_SZ = 7
TPATH_CAP = 64

# pending decision record: seat, kind, source, subject, arg, n, options...
PD_SEAT = 0
PD_KIND = 1
PD_SOURCE = 2
PD_SUBJECT = 3
PD_ARG = 4
PD_N = 5
PD_OPTS = 6

ERR_TAPE = 1  # an answer on the tape is not one of the options
ERR_BOT = 2  # a bot answered outside the options (debug mode)
ERR_STACK = 3  # play stack overflow
ERR_DECK = 4  # draw pile capacity exceeded
ERR_COND = 5  # condition stack overflow
ERR_INVARIANT = 6  # a card was created or lost, or a count went negative (debug mode)
ERR_NO_DECIDE = 7  # a decision was asked in a game set up without the decision door
ERR_NO_CHECK = 8  # debug mode without its invariant check's address (hooks.set_debug)

# hook points: a card's home (games/dominion/cards/<set>/<card>.py) defines the hooks it needs as
# compiled functions; the engine writes their addresses into the hook table and the kernel calls
# them through call_ptr. Arguments per hook (HOOK_ARGS: S/I/F arrays, i an int64), return int64.
HK_PLAY = 0  # play(S, I, F, p, c, group, mask): the card's effect (mask: seats an Attack affects)
HK_ANSWER = 1  # answer(S, I, F, p, kind, source, subject, arg, n, stage): its decisions' playbook
HK_USEFUL = 2  # useful(S, I, F, p, c, basic): is playing it worth it now (1/0)
HK_SCORE = 3  # score(S, I, F, p, c): its place in the default action order
HK_VP = 4  # vp(S, I, p, c, k, total): the VP of k copies (total: cards the seat owns)
HK_REACT = 5  # react(S, I, F, q, r, c, attacker): q reveals it against Attack c (1: unaffected)
HK_BUY_START = 6  # buy_start(S, I, F, p, c): the buy phase begins (every Treasure is played)
# 7 gained(S, I, F, p, c, r, where) -> where: p gained c (r: the card whose hook
# this is; where: 0 discard, 1 hand, 2 deck, 3 gone); 8 bought(S, I, F, p, c, r): p buys c,
# before it is gained; 9 buyable(S, I, F, p, c): 0 when p may not buy c now (the card's own);
# 10 turn_start(S, I, F, p, r): the start of p's turn
HK_GAINED = 7
HK_BOUGHT = 8
HK_BUYABLE = 9
HK_TURN_START = 10
# 11 duration(S, I, F, p, c, arg): the start of p's turn, once per effect c's play
# registered with stay(); 12 cleanup(S, I, F, p, c): the start of p's clean-up, once per copy
# of c in play; 13 played(S, I, F, p, c, r): seat p played c (Action or Treasure), for every
# card r of the game that has this hook (Corsair)
HK_DURATION = 11
HK_CLEANUP = 12
HK_PLAYED = 13
# 14 attack(S, I, F, p, c, q): what Attack c played by p does to seat q, one seat it affects
# (each_attacked calls it in turn order; the kernel does for an Attack without a play hook);
# 15 protect(S, I, F, q, r, c, attacker): 1 when card r, in q's play area, keeps Attack c from
# affecting q (Lighthouse)
HK_ATTACK = 14
HK_PROTECT = 15
# 16 cost_down(S, I, c): how much less card c itself costs now (a card whose own cost depends
# on the state: Peddler); called by cost() in games where a card changes costs (H_COSTS)
HK_COST_DOWN = 16
# 17 discarded(S, I, F, p, c, r, z): seat p discarded c other than in clean-up (r: the card
# whose hook this is; z: the zone it came from); 18 trashed(S, I, F, p, c, r, how): seat p
# trashed c (how: EV_TRASH's "from"). Both are called only in games whose cards have them
# (discard_card, trash_card); a hook returns 1 when it moved the card on (played it)
HK_DISCARDED = 17
HK_TRASHED = 18
# 19 would_gain(S, I, F, p, c, r, dest): seat p would gain c (to dest); returns the card it
# gains instead (c: none replaces it; -1: nothing is gained). A replacement, before the gain:
# the replaced card is never gained, so its own when-gain effects never happen (the first
# printing's Trader). Called only in games whose cards have it (run_would_gain)
HK_WOULD_GAIN = 19
# 20 overpay(S, I, F, p, c, x): p bought c and overpaid x > 0 for it (Masterpiece, Herald); called
# by buy_card (overpay_step) before the card is gained
HK_OVERPAY = 20
NHOOK = 21

# decision kinds
K_PLAY = 0  # play an Action from hand (-1: end the action phase); source Throne Room: choose
K_BUY = 1  # buy a card (-1: end the buy phase)
K_GAIN = 2  # gain a card from the supply (subject: the cost cap)
K_TRASH = 3  # trash a card (-1: stop, where stopping is allowed)
K_DISCARD = 4  # discard a card from hand (-1: stop, where allowed)
K_TOPDECK = 5  # put a card onto the deck (-1: none, where allowed)
K_YESNO = 6  # options (1, 0): yes / no
K_MODE = 7  # a mode: Steward (0 +2 Cards, 1 +$2, 2 trash 2), Sentry (0 trash, 1 discard, 2 keep)
K_NAME = 8  # name a card (options: card ids; Wishing Well)
K_PASS = 9  # pass a card from hand to the next player (Masquerade)
K_POSITION = 10  # where in the draw pile a card goes: 0 on top, k under k cards (Secret Passage)
K_REVEAL = 11  # reveal a card from hand (Courtier)
K_TREASURE = 12  # play a Treasure from hand (-1: stop playing Treasures); games with H_TFX
K_ORDER = 13  # which of several simultaneous effects resolves next (options: the cards whose
# effects wait; subject: the card gained for when-gain effects, -1 at the start of a turn)
K_COFFERS = 14  # how many Coffers to spend (options 0..the Coffers held; source -1: the Buy
# phase, before a buy; a card: what it spends them on, Butcher)
K_OVERPAY = 15  # how much to overpay for the card bought (subject; options 0..the coins left)
NONE = -2  # "no answer" sentinel inside the kernel (-1 is the legal "stop" option)

# trace events: (kind, seat, card, arg)
EV_GAME = 0  # arg: players
EV_TURN = 1  # arg: the seat's turn number
EV_DRAW = 2
EV_PLAY = 3  # arg: 0 from hand, 1 Throne Room's first play, 2 its second play, 3 via Vassal
EV_TREASURE = 4  # arg: how many of that Treasure were played
EV_COINS = 5  # arg: coins available in the buy phase
EV_BUY = 6
EV_GAIN = 7  # arg: 0 to discard, 1 to hand, 2 onto deck, 3 from the trash to discard
EV_TRASH = 8  # arg: 0 from hand, 1 from play, 2 from revealed cards, 3 from the Supply
EV_DISCARD = 9  # arg: 0 from hand, 1 from deck/revealed, 2 set-aside cards
EV_REVEAL = 10  # card -1: revealed a hand without Victory cards
EV_SHUFFLE = 11  # card: shuffle number, arg: cards shuffled
EV_MOAT = 12  # seat reveals Moat against attack `card`
EV_TOPDECK = 13  # arg: 0 from hand, 1 from discard, 2 from revealed cards, 3 + k: from hand
# into the deck under k cards (Secret Passage)
EV_ASIDE = 14
EV_CHOICE = 15  # card: the card choosing, arg: the mode
EV_DECK_DISCARD = 16  # arg: cards moved from deck to discard
EV_VP = 17  # card: final VP, arg: outcome (2 won alone, 1 shared, 0 lost)
EV_END = 18  # card: end reason
EV_COINS_PLUS = 19  # arg: coins gained by an effect (Moneylender, Merchant bonus)
EV_DECISION = 20  # card: kind, arg: answer (only for outside seats)
EV_VPT = 21  # arg: VP tokens taken (card: the card giving them, -1: none named)
EV_DURATION = 22  # a waiting effect of `card` resolves at the start of the turn
EV_ASIDE_TAKE = 23  # a card set aside by a Duration (Z_HAVEN) returns to the hand (arg 0)
EV_EXTRA = 24  # the seat takes an extra turn (Outpost): arg its turn number, as EV_TURN's
EV_MAT = 25  # arg: 0 onto the Native Village mat, 1 onto the Island mat, 2 the mat to hand
EV_TOKEN = 26  # card: the pile; arg: the Embargo tokens on it now (Coin tokens: card -1)
EV_PASS = 27  # seat passes `card` to seat `arg` (Masquerade: not a gain)
EV_COFFERS = 28  # arg: Coffers taken (card: the card giving them, -1: none named)
EV_COFFERS_SPEND = 29  # arg: Coffers spent (+$1 each; card: the card spending them, -1: a buy)
EV_OVERPAY = 30  # card: the card bought, arg: the $ overpaid for it

MASK32 = 0xFFFFFFFF

# Every integer constant above becomes an int64 scalar: numba types a plain Python int global (or
# an inline literal) as a Literal and compiles a separate copy of a function for each literal value
# passed to it; int64 scalars keep one signature per function. Inline literals passed to kernel
# functions are written I64(v) for the same reason.
I64 = np.int64
TRUE = np.bool_(True)
FALSE = np.bool_(False)
for _name, _value in list(globals().items()):
    if _name.isupper() and type(_value) is int:
        globals()[_name] = np.int64(_value)
del _name, _value


# ----------------------------------------------------------------------------------------------
# Hook calls: a card's compiled function reached through its address
# ----------------------------------------------------------------------------------------------
_ARRAY_TYPES = (nbt.Array(nbt.int64, 1, "C"), nbt.Array(nbt.float64, 1, "C"))


@intrinsic
def call_ptr(typingctx, addr, *args):
    """Call the numba function compiled at ``addr`` with ``args`` (int64 1-d C arrays of int64
    or float64, and int64 scalars) and return its int64 result. The callee must have been
    compiled for exactly these argument types (``game.hook_address`` compiles them so); the
    types are checked here so that a wrong argument fails at compile time, not at run time."""
    if len(args) == 1 and isinstance(args[0], nbt.BaseTuple):
        args = tuple(args[0])
    if not isinstance(addr, nbt.Integer):
        raise errors.TypingError("call_ptr: the address must be an integer")
    for t in args:
        if not (t == nbt.int64 or any(t == a for a in _ARRAY_TYPES)):
            raise errors.TypingError(f"call_ptr: argument of type {t} (int64 or C arrays only)")
    sig = nbt.int64(addr, nbt.StarArgTuple.from_types(args))

    def codegen(context, builder, signature, llargs):
        fnsig = nbt.int64(*args)
        vals = [builder.extract_value(llargs[1], i) for i in range(len(args))]
        fnty = context.call_conv.get_function_type(nbt.int64, fnsig.args)
        fptr = builder.inttoptr(llargs[0], fnty.as_pointer())
        _, res = context.call_conv.call_function(builder, fptr, nbt.int64, fnsig.args, vals)
        return res

    return sig, codegen


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True, inline="always")
def ask(S, I, F, p, kind, source, subject, arg, n):
    """:func:`decide`, for the cards' homes: called through its address, so a card's compiled
    code does not carry (and re-optimise) its own copy of the decision door. A game whose
    environment was set up without it (``hooks.fill``: only bots, plain cards) stops with
    ``ERR_NO_DECIDE`` instead of jumping to address 0."""
    fn = I[I_FN_DECIDE]
    if fn == 0:
        I[I_ERROR] = ERR_NO_DECIDE
        return I[I[I_O_OPT]]
    return call_ptr(fn, S, I, F, p, kind, source, subject, arg, n)


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True, inline="always")
def hook(I, c, h):
    """The address of card ``c``'s hook ``h`` (0: it has none)."""
    return I[I[I_O_HOOK] + c * NHOOK + h]


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True, inline="always")
def hook_list(I, h):
    """Where the list of this game's cards with hook ``h`` starts: its count, then the ids."""
    return I[I_O_HLIST] + h * I[I_HL_STRIDE]


# ----------------------------------------------------------------------------------------------
# Keyed randomness: ludolab.core.rngjit's SplitMix64 (keyed words, sequences)
# ----------------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def shuffle_range(A, start, n, key):
    """Fisher-Yates on ``A[start:start+n]`` driven by the SplitMix64 sequence seeded by ``key``.

    For ``i`` from ``n-1`` down to 1: the next word ``w`` picks ``j = ((w >> 32) * (i+1)) >> 32``
    and swaps positions ``i`` and ``j`` (the same multiply-shift as ``rng.keyed_below``).
    """
    state = np.uint64(key)
    for i in range(n - 1, 0, -1):
        state, z = step(state)
        j = np.int64(((z >> np.uint64(32)) * np.uint64(i + 1)) >> np.uint64(32))
        a = np.uint64(start + i)  # unsigned indices: no wraparound tests (a third of the loop)
        b = np.uint64(start + j)
        t = A[a]
        A[a] = A[b]
        A[b] = t


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def keyed_u64_many(seeds, seats, purposes, indices, out):
    """Vectorised :func:`keyed_u64` (for the twin test)."""
    for i in range(seeds.shape[0]):
        out[i] = keyed_u64(seeds[i], seats[i], purposes[i], indices[i])


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def shuffle_test(A, key):
    """Shuffle a whole array with :func:`shuffle_range` (for the twin test)."""
    shuffle_range(A, I64(0), A.shape[0], key)


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def game_seed(S):
    return (np.uint64(S[H_SEED_HI]) & np.uint64(MASK32)) << np.uint64(32) | (
        np.uint64(S[H_SEED_LO]) & np.uint64(MASK32)
    )


# ----------------------------------------------------------------------------------------------
# State access
# ----------------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def seed2(S):
    return (np.uint64(S[H_SEED2_HI]) & np.uint64(MASK32)) << np.uint64(32) | (
        np.uint64(S[H_SEED2_LO]) & np.uint64(MASK32)
    )


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def zo(S, p, z):
    """Offset of zone ``z`` of seat ``p``."""
    return S[H_SEAT0] + p * S[H_SB] + z * S[H_NC]


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def so(S, p):
    """Offset of seat ``p``'s scalars."""
    return S[H_SEAT0] + p * S[H_SB] + NZ * S[H_NC]


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def sup(S):
    return HDR


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def trash_o(S):
    return HDR + S[H_NC]


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def ids_o(S):
    return HDR + 2 * S[H_NC]


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def aids_o(S):
    return HDR + 4 * S[H_NC]


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def tids_o(S):
    return HDR + 5 * S[H_NC]


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def tcol(I, c, col):
    return I[I[I_O_T] + c * NUM_COLS + col]


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def cost(S, I, c):
    """What card ``c`` costs now: its printed cost less the reduction in force this turn
    (``H_COST_DOWN``: Bridge), for an Action less :func:`action_down` (Quarry), and less what
    its own ``cost_down`` hook says (a card whose cost depends on the state: Peddler); never
    below 0."""
    k = I[I[I_O_T] + c * NUM_COLS + COL_COST]
    if S[H_COSTS] == 0:  # no card of this game changes costs: the printed cost (speed)
        return k
    k -= S[H_COST_DOWN]
    # the rarer part through its address (inlined into every cost() it slowed every game ~5%)
    if S[H_ACTION_DOWN] != 0 or (S[H_COSTS] > 1 and hook(I, c, HK_COST_DOWN) != 0):
        k -= call_ptr(I[I_FN_COSTMORE], S, I, c)
    return k if k > 0 else I64(0)


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def action_down(S):
    """How much less Action cards cost now: ``H_ACTION_DOWN`` (a Quarry's $2, set when one is
    played) per Quarry the current player has in play. "While this is in play" is each
    card's ability, not each play's: a Quarry played twice (Tiara) counts once, and one that
    left play (trashed by gaining a Mint) no longer counts."""
    if S[H_ACTION_DOWN] == 0:
        return I64(0)
    return S[H_ACTION_DOWN] * S[zo(S, S[H_CUR], Z_PLAY) + QUARRY]


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def cost_down_more(S, I, c):
    """The rarer reductions of :func:`cost`: :func:`action_down` for an Action card, and card
    ``c``'s own ``cost_down`` hook."""
    d = I64(0)
    if (I[I[I_O_T] + c * NUM_COLS + COL_TYPES] & TY_ACTION) != 0:
        d += action_down(S)
    h = hook(I, c, HK_COST_DOWN)
    if h != 0:
        d += call_ptr(h, S, I, c)
    return d


# A cost is a record (coins, potions, debt), held in one int64 where a cap is passed around:
# coins + POT_UNIT * potions + DEBT_UNIT * debt. "Costing up to $4" is the record $4 (no
# Potions), so it never reaches a card whose cost has a Potion; Remodel's "up to $2 more than
# it" on a $2P card is $4P. Games without a Potion-cost card (H_POTION 0) compare coins alone.
POT_UNIT = 1 << 16
DEBT_UNIT = 1 << 32
ANY_COST = (1 << 47) - 1  # a cap every cost is within (every component at its largest)


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def potion_cost(I, c):
    """The Potions in card ``c``'s cost (its row's ``COL_POTION``)."""
    return I[I[I_O_T] + c * NUM_COLS + COL_POTION]


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def cost_rec(S, I, c):
    """Card ``c``'s whole cost now as a record (coins from :func:`cost`, then its Potions and
    Debt); in a game without Potion costs (``H_POTION`` 0) just :func:`cost`."""
    k = cost(S, I, c)
    if S[H_POTION] == 0:
        return k
    o = I[I_O_T] + c * NUM_COLS
    return k + POT_UNIT * I[o + COL_POTION] + DEBT_UNIT * I[o + COL_DEBT]


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def within(S, I, c, cap):
    """Does card ``c`` cost at most ``cap`` (a record) now: its coins, Potions and Debt each at
    most ``cap``'s? A cost with a Potion is neither more nor less than one without (Alchemy's
    rules), so "costing up to $5" never reaches $2P, and $4 is not within $3P."""
    k = cost(S, I, c)
    if S[H_POTION] == 0:  # no Potion costs in this game: coins alone (speed)
        return k <= cap
    if cap < 0:
        return False
    o = I[I_O_T] + c * NUM_COLS
    return (k <= (cap & (POT_UNIT - 1)) and I[o + COL_POTION] <= ((cap >> 16) & (POT_UNIT - 1))
            and I[o + COL_DEBT] <= (cap >> 32))


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def costs_less(S, I, a, b):
    """Does card ``a`` cost less than card ``b`` now: no component more and the records differ
    ($2 is less than $2P and than $3; $4 is neither less nor more than $3P)? "Costs more" is
    ``costs_less(b, a)``."""
    return within(S, I, a, cost_rec(S, I, b)) and cost_rec(S, I, a) != cost_rec(S, I, b)


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def pot_turn(S):
    """Start the turn's Potion counters if they are another turn's (``H_POT_TURN``)."""
    if S[H_POT_TURN] != S[H_NTURNS]:
        S[H_POT_TURN] = S[H_NTURNS]
        S[H_POT_MADE] = 0
        S[H_POT_SPENT] = 0


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def potions_now(S):
    """The Potions the current player has now: one per Potion played this turn (those in play;
    in a game playing Treasures one at a time, each play counted: a Potion played twice makes
    two) less those spent on buys; 0 in a game without Potion costs."""
    if S[H_POTION] == 0:
        return I64(0)
    fresh = S[H_POT_TURN] == S[H_NTURNS]
    if S[H_TFX] != 0:
        made = S[H_POT_MADE] if fresh else I64(0)
    else:
        made = S[zo(S, S[H_CUR], Z_PLAY) + POTION]
    return made - (S[H_POT_SPENT] if fresh else I64(0))


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def purse(S):
    """What the current player can pay now, as a cost record: ``H_COINS`` and, in a game with
    Potion costs, the turn's Potions (:func:`potions_now`)."""
    if S[H_POTION] == 0:
        return S[H_COINS]
    return S[H_COINS] + POT_UNIT * potions_now(S)


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def spend_potions(S, I, c):
    """The current player's buy of card ``c`` spends its Potions (run pays the coins, then calls
    this in a game with Potion costs)."""
    pot_turn(S)
    S[H_POT_SPENT] += potion_cost(I, c)


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def types(I, c):
    return I[I[I_O_T] + c * NUM_COLS + COL_TYPES]


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def is_action(I, c):
    return (I[I[I_O_T] + c * NUM_COLS + COL_TYPES] & TY_ACTION) != 0


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def is_treasure(I, c):
    return (I[I[I_O_T] + c * NUM_COLS + COL_TYPES] & TY_TREASURE) != 0


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def is_victory(I, c):
    return (I[I[I_O_T] + c * NUM_COLS + COL_TYPES] & TY_VICTORY) != 0


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def is_junk(I, c):
    """Victory or Curse cards that are not also Actions or Treasures (dead in hand)."""
    t = I[I[I_O_T] + c * NUM_COLS + COL_TYPES]
    return (t & (TY_VICTORY | TY_CURSE)) != 0 and (t & (TY_ACTION | TY_TREASURE)) == 0


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def is_terminal(I, c):
    """An Action that gives no +Actions (Throne Room counts as terminal)."""
    return is_action(I, c) and tcol(I, c, COL_ACTIONS) == 0


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def zone_size(S, p, z):
    o = zo(S, p, z)
    io = ids_o(S)
    n = 0
    for i in range(S[H_NIDS]):
        n += S[o + S[io + i]]
    return n


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def owned_total(S, p):
    return zone_size(S, p, Z_OWN)


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def deck_n(S, p):
    return S[so(S, p) + PS_DECKN]


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def empty_piles(S):
    """Empty supply piles (a counter: every gain and buy that empties a pile adds one)."""
    return S[H_EMPTY]


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def take_from_supply(S, c):
    """One card of pile ``c`` leaves the supply (the caller checked it is not empty); a pile
    outside the Supply (:func:`out_o`) running out is not an empty Supply pile."""
    S[HDR + c] -= 1
    if S[HDR + c] == 0 and S[HDR + 10 * S[H_NC] + c] == 0:
        S[H_EMPTY] += 1


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def return_to_supply(S, c):
    """One card ``c`` goes back to its Supply pile (the caller took it from its zone and its
    owner's count): the empty-pile count follows (Trader's exchange, Ambassador's return)."""
    if S[HDR + c] == 0 and S[HDR + 10 * S[H_NC] + c] == 0:
        S[H_EMPTY] -= 1
    S[HDR + c] += 1


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def pile_stats(S):
    """The three smallest supply piles (a <= b <= c); piles outside the Supply do not count."""
    io = ids_o(S)
    oo = HDR + 10 * S[H_NC]
    a = 1 << 30
    b = 1 << 30
    c = 1 << 30
    for i in range(S[H_NIDS]):
        v = S[HDR + S[io + i]] + (S[oo + S[io + i]] << 30)
        if v < a:
            c = b
            b = a
            a = v
        elif v < b:
            c = b
            b = v
        elif v < c:
            c = v
    return a, b, c


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def gains_to_end(S):
    """Fewest gains that end the game under the rule set's end conditions."""
    g = S[HDR + PROVINCE]
    if S[H_COLONY] != 0 and S[HDR + COLONY] < g:
        g = S[HDR + COLONY]
    if S[H_END_PILES] != 0:
        a, b, c = pile_stats(S)
        if S[H_END_PILES] > 3:  # five or six players: four piles
            c += fourth_low_pile(S)
        if a + b + c < g:
            g = a + b + c
    if S[H_END_VICTORY] != 0:
        for v in (ESTATE, DUCHY):
            if S[HDR + v] < g:
                g = S[HDR + v]
    if S[H_SOLO] > 0:
        need = S[H_SOLO] - S[zo(S, I64(0), Z_OWN) + PROVINCE]
        if need < 0:
            need = 0
        if need < g:
            g = need
    return g


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def money_of(S, I, p):
    """Total coin value of the Treasures seat ``p`` owns."""
    o = zo(S, p, Z_OWN)
    io = ids_o(S)
    m = 0
    for i in range(S[H_NIDS]):
        c = S[io + i]
        k = S[o + c]
        if k > 0 and is_treasure(I, c):
            m += k * tcol(I, c, COL_COINS)
    return m


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def vp_of(S, I, p):
    """Victory points of seat ``p`` now: the VP column, the ``vp`` hooks (Gardens) and the seat's
    VP tokens."""
    o = zo(S, p, Z_OWN)
    io = ids_o(S)
    v = 0
    total = 0
    for i in range(S[H_NIDS]):
        c = S[io + i]
        k = S[o + c]
        total += k
        if k > 0:
            v += k * tcol(I, c, COL_VP)
    hl = hook_list(I, HK_VP)
    for j in range(I[hl]):
        c = I[hl + 1 + j]
        v += call_ptr(hook(I, c, HK_VP), S, I, p, c, S[o + c], total)
    return v + S[so(S, p) + PS_VPT]


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def count_types(S, I, p, mask):
    o = zo(S, p, Z_OWN)
    io = ids_o(S)
    n = 0
    for i in range(S[H_NIDS]):
        c = S[io + i]
        if (types(I, c) & mask) != 0:
            n += S[o + c]
    return n


# ----------------------------------------------------------------------------------------------
# Trace
# ----------------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def emit(I, ev, seat, card, arg):
    if I[I_TRACE_ON] == 0:
        return
    pos = I[I_TRACE_POS]
    if pos + 4 > I[I_TRACE_CAP]:
        I[I_TRACE_OVF] = 1
        return
    o = I[I_O_TRACE] + pos
    I[o] = ev
    I[o + 1] = seat
    I[o + 2] = card
    I[o + 3] = arg
    I[I_TRACE_POS] = pos + 4


# ----------------------------------------------------------------------------------------------
# Moving cards
# ----------------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def reshuffle(S, I, p):
    """Shuffle seat ``p``'s discard pile into its (empty) draw pile; False if nothing to shuffle."""
    d = zo(S, p, Z_DISC)
    s = so(S, p)
    base = s + PSZ
    io = ids_o(S)
    n = I64(0)
    for i in range(S[H_NIDS]):  # unsigned indices: no wraparound tests
        c = S[np.uint64(io + i)]
        dc = np.uint64(d + c)
        for _ in range(S[dc]):
            S[np.uint64(base + n)] = c
            n += 1
        S[dc] = 0
    if n == 0:
        return False
    k = S[s + PS_SHUF]
    seed = game_seed(S) if k < S[s + PS_EPOCH] else seed2(S)
    shuffle_range(S, base, n, keyed_u64(seed, p, RNG_SHUFFLE, k))
    S[s + PS_SHUF] = k + 1
    S[s + PS_DECKN] = n
    forget_pile(S, s)
    emit(I, EV_SHUFFLE, p, k, n)
    return True


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def take_top(S, I, p):
    """Remove and return the top card of ``p``'s draw pile (reshuffling if empty), or -1."""
    s = so(S, p)
    n = S[s + PS_DECKN]
    if n == 0:
        if not reshuffle(S, I, p):
            return -1
        n = S[s + PS_DECKN]
    S[s + PS_DECKN] = n - 1
    return S[s + PSZ + n - 1]


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def put_top(S, I, p, c, public):
    """Put card ``c`` on top of ``p``'s draw pile; its owner knows it is there, and everyone
    does when ``public`` (a gain, a revealed card). A known run on top of the pile grows by the
    card, else one starts with it; a card only its owner knows ends the run everyone knows
    (that one is no longer on top)."""
    s = so(S, p)
    n = S[s + PS_DECKN]
    if n >= S[H_CAP]:
        I[I_ERROR] = ERR_DECK
        return
    S[s + PSZ + n] = c
    S[s + PS_DECKN] = n + 1
    if S[s + PS_DEEP] > n:  # the deep card was drawn: nothing below is known any more
        S[s + PS_DEEP] = 0
    if not (S[s + PS_KNOWN_LO] < n <= S[s + PS_KNOWN_HI]):
        S[s + PS_KNOWN_LO] = n
    S[s + PS_KNOWN_HI] = n + 1
    if not public:
        S[s + PS_PUB_LO] = 0
        S[s + PS_PUB_HI] = 0
        return
    if not (S[s + PS_PUB_LO] < n <= S[s + PS_PUB_HI]):
        S[s + PS_PUB_LO] = n
    S[s + PS_PUB_HI] = n + 1


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def forget_pile(S, s):
    """Nothing is known of the pile of the seat whose scalars start at ``s`` (a new shuffle)."""
    S[s + PS_KNOWN_LO] = 0
    S[s + PS_KNOWN_HI] = 0
    S[s + PS_PUB_LO] = 0
    S[s + PS_PUB_HI] = 0
    S[s + PS_DEEP] = 0


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def known_top(S, s, public):
    """How many top cards of a pile (seat scalars at ``s``) are known: to its owner, or to
    everyone (``public``)."""
    n = S[s + PS_DECKN]
    lo = S[s + PS_PUB_LO] if public else S[s + PS_KNOWN_LO]
    hi = S[s + PS_PUB_HI] if public else S[s + PS_KNOWN_HI]
    return n - lo if lo < n <= hi else I64(0)


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def draw(S, I, p, k):
    """Draw ``k`` cards into ``p``'s hand; returns how many were drawn.

    The cards :func:`take_top` would take, one run of the pile at a time (the pile's count
    is stored once per run, not once per card): the hand's draw is about a sixth of a Big
    Money game's instructions."""
    h = zo(S, p, Z_HAND)
    s = so(S, p)
    top = s + PSZ - 1  # S[top + n] is the top card of a pile of n
    trace = I[I_TRACE_ON] != 0
    i = I64(0)
    while i < k:
        n = S[s + PS_DECKN]
        if n == 0:
            if not reshuffle(S, I, p):
                return i
            n = S[s + PS_DECKN]
        m = min(k - i, n)
        for j in range(m):  # unsigned indices: no wraparound tests
            c = S[np.uint64(top + n - j)]
            S[np.uint64(h + c)] += 1
            if trace:
                emit(I, EV_DRAW, p, c, I64(0))
        S[s + PS_DECKN] = n - m
        i += m
    return k


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def move(S, p, zfrom, zto, c):
    S[zo(S, p, zfrom) + c] -= 1
    S[zo(S, p, zto) + c] += 1


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def gain(S, I, F, p, c, dest):
    """Seat ``p`` gains ``c`` from the supply: dest 0 discard, 1 hand, 2 onto the deck; then
    the game's ``gained`` hooks (:func:`run_gained`). False if the pile is empty, or outside
    the Supply (a Prize: only :func:`gain_outside` gains from such a pile)."""
    if S[HDR + c] <= 0 or S[HDR + 10 * S[H_NC] + c] == 1:
        return False
    if I[I[I_O_HLIST] + HK_WOULD_GAIN * I[I_HL_STRIDE]] != 0:  # a game with a replacement
        c = run_would_gain(S, I, F, p, c, dest)  # the card gained instead (c: the same)
        if c < 0 or S[HDR + c] <= 0:
            return False
    take_from_supply(S, c)
    S[zo(S, p, Z_OWN) + c] += 1
    if dest == 0:
        S[zo(S, p, Z_DISC) + c] += 1
    elif dest == 1:
        S[zo(S, p, Z_HAND) + c] += 1
    else:
        put_top(S, I, p, c, TRUE)
    emit(I, EV_GAIN, p, c, dest)
    if S[H_DUR] != 0:  # Smugglers' and Treasury's records of the turn's gains
        dur_gain_note(S, I, p, c)
    if I[I[I_O_HLIST] + HK_GAINED * I[I_HL_STRIDE]] != 0:  # a game with gained hooks
        run_gained(S, I, F, p, c, dest)
    return True


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def trash_from(S, I, p, z, c, how):
    """Trash one ``c`` from zone ``z`` of seat ``p`` (``how`` is the trace's "from")."""
    S[zo(S, p, z) + c] -= 1
    S[zo(S, p, Z_OWN) + c] -= 1
    S[trash_o(S) + c] += 1
    emit(I, EV_TRASH, p, c, how)


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def discard_zone(S, I, p, z, how):
    """Move every card of zone ``z`` to the discard pile."""
    o = zo(S, p, z)
    d = zo(S, p, Z_DISC)
    io = ids_o(S)
    for i in range(S[H_NIDS]):
        c = S[io + i]
        k = S[o + c]
        if k > 0:
            S[d + c] += k
            S[o + c] = 0
            if how >= 0:
                for _ in range(k):
                    emit(I, EV_DISCARD, p, c, how)


# --- when-discarded and when-trashed triggers ------------------------------------------------
# A card's own "when you discard this other than in Clean-up" (Tunnel, Weaver, Trail) and "when
# you trash this" (Nomads, Trail) are its ``discarded``/``trashed`` hooks. Every discard outside
# clean-up goes through discard_card and every trash of a seat's card through trash_card: each
# tests one count in the hook list (0 in a game without such cards) before calling anything.
@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def run_discarded(S, I, F, p, c, z):
    """The game's ``discarded`` hooks after seat ``p`` discarded ``c`` from zone ``z``, in card
    id order (each acts on its own card, so one discard sets off at most one of them). Returns
    1 if a hook moved the card on (Weaver, Trail: played)."""
    hl = hook_list(I, HK_DISCARDED)
    moved = I64(0)
    for j in range(I[hl]):
        r = I[hl + 1 + j]
        if I[I_ERROR] == 0 and moved == 0:
            moved = call_ptr(hook(I, r, HK_DISCARDED), S, I, F, p, c, r, z)
    return moved


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def discard_card(S, I, F, p, z, c, how):
    """Seat ``p`` discards one ``c`` from zone ``z`` other than in clean-up (``z`` -1: the
    caller already took it, a revealed card from the deck), logged with ``how`` (EV_DISCARD's
    arg), then the card's when-discarded trigger (:func:`run_discarded`). Why one block: the
    when-discarded cards react to every such discard (an Attack's victims', Cellar's, a
    revealed card's), never to clean-up's. Returns 1 when its trigger moved it on (played)."""
    if z >= 0:
        S[zo(S, p, z) + c] -= 1
    S[zo(S, p, Z_DISC) + c] += 1
    emit(I, EV_DISCARD, p, c, how)
    if I[hook_list(I, HK_DISCARDED)] != 0:
        return run_discarded(S, I, F, p, c, z)
    return I64(0)


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def discard_all(S, I, F, p, z, how):
    """Seat ``p`` discards every card of zone ``z`` other than in clean-up (set-aside cards,
    a whole hand: Library, Minion): :func:`discard_zone`, or one :func:`discard_card` each
    in a game with when-discarded cards (each may react)."""
    if I[hook_list(I, HK_DISCARDED)] == 0:
        discard_zone(S, I, p, z, how)
        return
    o = zo(S, p, z)
    io = ids_o(S)
    for i in range(S[H_NIDS]):
        c = S[io + i]
        while S[o + c] > 0 and I[I_ERROR] == 0:
            discard_card(S, I, F, p, z, c, how)


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def run_would_gain(S, I, F, p, c, dest):
    """The game's ``would_gain`` hooks when seat ``p`` would gain ``c`` (its pile has one), in
    card id order until one replaces it: returns the card gained instead (``c``: none did;
    -1: nothing). The replacement is not asked again (Trader's Silver: no hook replaces a
    Silver)."""
    hl = hook_list(I, HK_WOULD_GAIN)
    for j in range(I[hl]):
        r = I[hl + 1 + j]
        if I[I_ERROR] == 0:
            x = call_ptr(hook(I, r, HK_WOULD_GAIN), S, I, F, p, c, r, dest)
            if x != c:
                return x
    return c


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def run_trashed(S, I, F, p, c, how):
    """The game's ``trashed`` hooks after seat ``p`` trashed ``c``, in card id order."""
    hl = hook_list(I, HK_TRASHED)
    moved = I64(0)
    for j in range(I[hl]):
        r = I[hl + 1 + j]
        if I[I_ERROR] == 0 and moved == 0:
            moved = call_ptr(hook(I, r, HK_TRASHED), S, I, F, p, c, r, how)
    return moved


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def trash_card(S, I, F, p, z, c, how):
    """Trash one ``c`` from zone ``z`` of seat ``p`` (:func:`trash_from`; ``z`` -1: the caller
    already took it, from the deck), then the card's when-trashed trigger (:func:`run_trashed`:
    Nomads' +$2, Trail's play). The trash of a seat's own card for every card that trashes
    (``trash_from`` has no ``F``, and a trigger may ask)."""
    if z >= 0:
        trash_from(S, I, p, z, c, how)
    else:
        S[zo(S, p, Z_OWN) + c] -= 1
        S[trash_o(S) + c] += 1
        emit(I, EV_TRASH, p, c, how)
    if I[hook_list(I, HK_TRASHED)] != 0:
        run_trashed(S, I, F, p, c, how)


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def play_from(S, I, F, p, c, z):
    """Seat ``p`` plays card ``c`` from its zone ``z`` (the discard pile, the hand, the trash:
    ``z`` -1; the top of the deck: ``z`` -2), on its own turn or another's, in any phase: the
    card moves into play and resolves (:func:`play_card`). A play on another seat's turn gives
    its +Actions, +Buys and +$ to no one (the counters are the turn's player's). The block of
    every card played by its own trigger (Berserker when gained, Trail, Weaver, Guard Dog)."""
    if z == -1:
        S[trash_o(S) + c] -= 1
        S[zo(S, p, Z_OWN) + c] += 1
    elif z == -2:
        take_top(S, I, p)
    else:
        S[zo(S, p, z) + c] -= 1
    S[zo(S, p, Z_PLAY) + c] += 1
    if p == S[H_CUR]:
        play_card(S, I, F, p, c, I64(0))
    else:
        S[H_OUT_PLAYS] += 1  # this turn's clean-up discards it (dur_cleanup)
        a = S[H_ACTIONS]
        b = S[H_BUYS]
        m = S[H_COINS]
        play_card(S, I, F, p, c, I64(0))
        S[H_ACTIONS] = a
        S[H_BUYS] = b
        S[H_COINS] = m


# ----------------------------------------------------------------------------------------------
# End of game and scoring
# ----------------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def end_reason_now(S):
    """The end reason if the game would end now (Provinces, piles, Victory pile, solo), or -1."""
    if S[HDR + PROVINCE] <= 0:
        return END_PROVINCES
    if S[H_COLONY] != 0 and S[HDR + COLONY] <= 0:
        return END_COLONIES
    if S[H_END_PILES] != 0 and empty_piles(S) >= S[H_END_PILES]:
        return END_PILES
    if S[H_END_VICTORY] != 0 and (S[HDR + ESTATE] <= 0 or S[HDR + DUCHY] <= 0):
        return END_VICTORY_PILE
    if S[H_SOLO] > 0 and S[zo(S, I64(0), Z_OWN) + PROVINCE] >= S[H_SOLO]:
        return END_SOLO
    return -1


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def outcomes_of(S, vps, turns, out):
    """Outcome per seat: 2 won alone, 1 shared the win, 0 lost (after the tie-break)."""
    n = S[H_NP]
    best = vps[0]
    for q in range(1, n):
        if vps[q] > best:
            best = vps[q]
    fewest = 1 << 30
    for q in range(n):
        if vps[q] == best and turns[q] < fewest:
            fewest = turns[q]
    k = 0
    for q in range(n):
        win = vps[q] == best and (S[H_TIEBREAK] == 0 or turns[q] == fewest)
        out[q] = 1 if win else 0
        k += out[q]
    if k == 1:
        for q in range(n):
            if out[q] == 1:
                out[q] = 2


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def ending_loses(S, I, p, c):
    """Would gaining ``c`` now end the game (at the end of this turn) with seat ``p`` losing?"""
    if S[HDR + c] != 1 or S[H_NP] < 2:
        return False  # end_outcome's own first test, here so that the usual answer is no call
    return end_outcome(S, I, p, c) == 0


# ----------------------------------------------------------------------------------------------
# Bot virtual machine: entry conditions (limits, features, bytecode)
# ----------------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def cond_true(S, I, F, p, r):
    """Does entry ``r`` of the packed lists apply for seat ``p`` now (copy limit, condition)?"""
    row = I[I_O_BE] + r * E_SIZE
    lim = I[row + 2]
    if lim >= 0 and S[zo(S, p, Z_OWN) + I[row + 1]] >= lim:
        return False
    if I[row + 4] <= 0:
        return True
    # cond_test through its address: a card's home that asks a list does not carry
    # its own copy of the condition machine
    return call_ptr(I[I_FN_COND], S, I, F, p, I[row + 3], I[row + 4]) != 0


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def cond_test(S, I, F, p, start, ln):
    """Run the condition bytecode ``[start, start+ln)`` for seat ``p``: 1 when its value is
    non-zero, else 0. The condition machine is reached only through its address
    (``I[I_FN_COND]``), so no caller compiles (and re-optimises) a copy of it: another process
    compiles it while this one compiles :func:`run` (a cold start)."""
    oc = I[I_O_CODE]
    st = I[I_O_FST]
    cap = I[I_FST_CAP]
    n = S[H_NP]
    sp = 0
    for k in range(start, start + ln):
        base = oc + 3 * k
        op = np.int64(F[base])
        if op == OP_CONST or op == OP_FEAT:
            if sp >= cap:
                I[I_ERROR] = ERR_COND
                return I64(0)
            v = F[base + 1]
            if op == OP_FEAT:
                f = np.int64(F[base + 1])
                c = np.int64(F[base + 2])
                v = 0.0
                if f == F_COUNT:
                    v = float(S[zo(S, p, Z_OWN) + c])
                elif f == F_SHARE:
                    t = owned_total(S, p)
                    v = S[zo(S, p, Z_OWN) + c] / t if t > 0 else 0.0
                elif f == F_IN_HAND:
                    v = float(S[zo(S, p, Z_HAND) + c])
                elif f == F_IN_PLAY:
                    v = float(S[zo(S, p, Z_PLAY) + c])
                elif f == F_SUPPLY:
                    v = float(S[HDR + c])
                elif f == F_OPP_COUNT:
                    best = 0
                    for q in range(n):
                        if q != p and S[zo(S, q, Z_OWN) + c] > best:
                            best = S[zo(S, q, Z_OWN) + c]
                    v = float(best)
                elif f == F_MONEY:
                    v = float(money_of(S, I, p))
                elif f == F_MONEY_DENSITY:
                    t = owned_total(S, p)
                    v = money_of(S, I, p) / t if t > 0 else 0.0
                elif f == F_DECK_SIZE:
                    v = float(owned_total(S, p))
                elif f == F_DRAW_PILE:
                    v = float(deck_n(S, p))
                elif f == F_ACTIONS_OWNED:
                    v = float(count_types(S, I, p, TY_ACTION))
                elif f == F_TREASURES_OWNED:
                    v = float(count_types(S, I, p, TY_TREASURE))
                elif f == F_VICTORY_OWNED:
                    v = float(count_types(S, I, p, TY_VICTORY))
                elif f == F_EMPTY_PILES:
                    v = float(empty_piles(S))
                elif f == F_GAINS_TO_END:
                    v = float(gains_to_end(S))
                elif f == F_TURN:
                    v = float(S[so(S, p) + PS_TURNS])
                elif f == F_VP:
                    v = float(vp_of(S, I, p))
                elif f == F_LEAD:
                    v = float(lead_of(S, I, p))
                elif f == F_COINS:
                    v = float(S[H_COINS]) if S[H_CUR] == p else 0.0
                elif f == F_BUYS:
                    v = float(S[H_BUYS]) if S[H_CUR] == p else 0.0
                elif f == F_ACTIONS:
                    v = float(S[H_ACTIONS]) if S[H_CUR] == p else 0.0
                elif f == F_HAND_SIZE:
                    v = float(zone_size(S, p, Z_HAND))
                elif f == F_PLAYERS:
                    v = float(n)
                elif f == F_LOW_VICTORY_PILE:
                    m = min(S[HDR + ESTATE], S[HDR + DUCHY], S[HDR + PROVINCE])
                    if S[H_COLONY] != 0 and S[HDR + COLONY] < m:
                        m = S[HDR + COLONY]
                    v = float(m)
                elif f == F_THIRD_LOW_PILE:
                    v = float(pile_stats(S)[2])
                elif f == F_COST or f == F_POTION_COST:
                    v = float(cost(S, I, c) if f == F_COST else potion_cost(I, c))
                else:
                    v = feature_i(S, I, p, f)
            F[st + sp] = v
            sp += 1
        elif op == OP_NEG:
            F[st + sp - 1] = -F[st + sp - 1]
        elif op == OP_NOT:
            F[st + sp - 1] = 1.0 if F[st + sp - 1] == 0.0 else 0.0
        else:
            y = F[st + sp - 1]
            x = F[st + sp - 2]
            sp -= 1
            r2 = 0.0
            if op == OP_ADD:
                r2 = x + y
            elif op == OP_SUB:
                r2 = x - y
            elif op == OP_MUL:
                r2 = x * y
            elif op == OP_DIV:
                r2 = x / y if y != 0.0 else 0.0
            elif op == OP_LT:
                r2 = 1.0 if x < y else 0.0
            elif op == OP_LE:
                r2 = 1.0 if x <= y else 0.0
            elif op == OP_GT:
                r2 = 1.0 if x > y else 0.0
            elif op == OP_GE:
                r2 = 1.0 if x >= y else 0.0
            elif op == OP_EQ:
                r2 = 1.0 if x == y else 0.0
            elif op == OP_NE:
                r2 = 1.0 if x != y else 0.0
            elif op == OP_AND:
                r2 = 1.0 if (x != 0.0 and y != 0.0) else 0.0
            elif op == OP_OR:
                r2 = 1.0 if (x != 0.0 or y != 0.0) else 0.0
            elif op == OP_MIN:
                r2 = x if x < y else y
            elif op == OP_MAX:
                r2 = x if x > y else y
            F[st + sp - 1] = r2
    return I64(1) if sp > 0 and F[st + sp - 1] != 0.0 else I64(0)


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def lead_of(S, I, p):
    """My VP minus the best opponent's (my VP in a one-player game)."""
    mine = vp_of(S, I, p)
    if S[H_NP] == 1:
        return mine
    best = -(1 << 30)
    for q in range(S[H_NP]):
        if q != p:
            v = vp_of(S, I, q)
            if v > best:
                best = v
    return mine - best


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def bot_opt(I, F, p, k):
    return F[I[I_O_BOPT] + p * NUM_OPTIONS + k]


@njit(cache=True, _nrt=False, inline="always")
def card_opt(I, F, p, c, j):
    """Seat ``p``'s bot option ``j`` of card ``c`` (the ``j``-th of its home's ``OPTIONS``; the
    region at ``I_O_COPT`` that ``hooks.fill_card_options`` writes)."""
    return F[I[I_O_COPT] + (c * MAX_SEATS + p) * CARD_OPTS + j]


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def list_range(I, p, lst):
    o = I[I_O_BB] + (p * NUM_LISTS + lst) * 2
    return I[o], I[o + 1]


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def list_len(I, p, lst):
    o = I[I_O_BB] + (p * NUM_LISTS + lst) * 2
    return I[o + 1] - I[o]


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def list_names(I, p, lst, c):
    s, e = list_range(I, p, lst)
    for r in range(s, e):
        if I[I[I_O_BE] + r * E_SIZE + 1] == c:
            return True
    return False


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def list_accepts(S, I, F, p, lst, c):
    """Does list ``lst`` hold an entry for card ``c`` that applies now?"""
    s, e = list_range(I, p, lst)
    for r in range(s, e):
        if I[I[I_O_BE] + r * E_SIZE + 1] == c and cond_true(S, I, F, p, r):
            return True
    return False


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def in_opts(I, n, c):
    o = I[I_O_OPT]
    for i in range(n):
        if I[o + i] == c:
            return True
    return False


# ----------------------------------------------------------------------------------------------
# Default playbooks: helpers (documented per card in docs/cards.md)
# ----------------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def copper_trash_ok(S, I, p):
    """Trash a Copper only while the Treasures owned keep $6 or more after it."""
    return money_of(S, I, p) - tcol(I, COPPER, COL_COINS) >= 6


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def estate_trash_ok(S):
    """Trash Estates early only: while five or more gains are needed to end the game."""
    return gains_to_end(S) >= 5


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def useful_basic(S, I, F, p, c):
    """Is playing ``c`` worth it now, when another card would play it (Throne Room, Vassal)?
    The card's ``useful`` hook decides (a trasher with nothing good to work on: no; Throne Room:
    never doubled nor played by Vassal); a card without one: yes."""
    h = hook(I, c, HK_USEFUL)
    if h != 0:
        return call_ptr(h, S, I, F, p, c, I64(1)) != 0
    return True


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def useful(S, I, F, p, c):
    """Is playing ``c`` from hand worth it now? Its ``useful`` hook (Throne Room: when the hand
    holds another Action worth playing), else yes."""
    h = hook(I, c, HK_USEFUL)
    if h != 0:
        return call_ptr(h, S, I, F, p, c, I64(0)) != 0
    return True


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def play_score(S, I, F, p, c):
    """Default action order: non-terminals first (most expensive first), then Throne Room (its
    ``score`` hook), then terminals by cost (those that draw first while 2+ actions remain)."""
    k = cost(S, I, c)
    h = hook(I, c, HK_SCORE)
    if h != 0:
        return call_ptr(h, S, I, F, p, c)
    if tcol(I, c, COL_ACTIONS) > 0:
        return 1000 + 10 * k + tcol(I, c, COL_CARDS)
    bonus = 0
    if S[H_ACTIONS] >= 2 and tcol(I, c, COL_CARDS) > 0:
        bonus = 100
    return bonus + 10 * k + tcol(I, c, COL_CARDS)


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def gain_ok(S, I, F, p, n, c):
    """``c`` is an option and gaining it does not end the game with ``p`` losing (if the bot
    cares: option never_lose_by_ending)."""
    if not in_opts(I, n, c):
        return False
    if bot_opt(I, F, p, OPT_NEVER_LOSE) != 0.0 and ending_loses(S, I, p, c):
        return False
    if ppr_skips(S, I, F, p, c):
        return False
    return True


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def default_gain(S, I, F, p, n):
    """Late (3 gains or fewer from the end): Province, Duchy; then Gold, Silver; very late (2)
    Estate; then Copper; then the most expensive other non-Victory card; a Curse if forced."""
    g = gains_to_end(S)
    if g <= 3:
        if gain_ok(S, I, F, p, n, PROVINCE):
            return PROVINCE
        if gain_ok(S, I, F, p, n, DUCHY):
            return DUCHY
    if gain_ok(S, I, F, p, n, GOLD):
        return GOLD
    if gain_ok(S, I, F, p, n, SILVER):
        return SILVER
    if g <= 2 and gain_ok(S, I, F, p, n, ESTATE):
        return ESTATE
    if gain_ok(S, I, F, p, n, COPPER):
        return COPPER
    o = I[I_O_OPT]
    best = I64(-1)
    bc = -1
    for i in range(n):
        x = I[o + i]
        if x >= 0 and not is_junk(I, x) and cost(S, I, x) > bc and gain_ok(S, I, F, p, n, x):
            bc = cost(S, I, x)
            best = x
    if best >= 0:
        return best
    for i in range(n):
        x = I[o + i]
        if x >= 0 and x != CURSE and gain_ok(S, I, F, p, n, x):
            return x
    return I[o]


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def trash_rank(S, I, c):
    """Lower = trash first: Curse, Estate, Copper, then by cost; other Victory cards last. A
    Curse comes first also where it is a $1 Treasure (Charlatan): it is still -1 VP."""
    if c == CURSE:
        return 0
    if c == ESTATE:
        return 1
    if c == COPPER:
        return 2
    if is_junk(I, c):
        return 100 + cost(S, I, c)
    return 10 + cost(S, I, c)


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def dead_terminals(S, I, p):
    """Does ``p``'s hand hold more terminal Actions than actions to play them (1 + villages)?"""
    h = zo(S, p, Z_HAND)
    ao = aids_o(S)
    terms = 0
    villages = 0
    for i in range(S[H_NAIDS]):
        x = S[ao + i]
        k = S[h + x]
        if k > 0:
            if tcol(I, x, COL_ACTIONS) >= 2:
                villages += k
            elif tcol(I, x, COL_ACTIONS) == 0:
                terms += k
    return terms > 1 + villages


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def discard_rank(S, I, c, dead):
    """Lower = discard first: Curses, Victory cards, dead terminals (``dead``: more terminals in
    hand than actions to play them; the cheapest first), Copper, then the rest by cost. In a
    game with Charlatan a Curse is also a $1 Treasure (``H_CURSE_COIN``): kept like a Copper,
    over Victory cards and dead terminals, discarded just before a Copper."""
    if c == CURSE:
        return 0 if S[H_CURSE_COIN] == 0 else I64(299)
    if is_junk(I, c):
        return 100
    if dead and is_terminal(I, c):
        return 200 + cost(S, I, c)
    if c == COPPER:
        return 300
    return 1000 + cost(S, I, c)


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True, inline="always")
def rank_pick(S, I, n, dead):
    """The option ranked lowest by :func:`discard_rank` (``dead``: terminals that cannot be
    played count as dead cards) and its rank (NONE, 1 << 30 when the options are only -1)."""
    o = I[I_O_OPT]
    a = I64(NONE)
    br = 1 << 30
    for i in range(n):
        x = I[o + i]
        if x >= 0:
            rk = discard_rank(S, I, x, dead)
            if rk < br:
                br = rk
                a = x
    return a, br


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True, inline="always")
def discard_pick(S, I, p, n):
    """The option to discard first by :func:`discard_rank` and its rank (NONE, 1 << 30 when the
    options are only -1): :func:`rank_pick` with ``p``'s dead terminals."""
    return rank_pick(S, I, n, dead_terminals(S, I, p))


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def hand_coins(S, I, p):
    h = zo(S, p, Z_HAND)
    io = ids_o(S)
    m = 0
    for i in range(S[H_NIDS]):
        x = S[io + i]
        if S[h + x] > 0 and is_treasure(I, x):
            m += S[h + x] * tcol(I, x, COL_COINS)
    return m


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def extreme_cost(S, I, n, cheapest):
    """The option with the highest (or lowest) cost, ignoring -1; first one on ties."""
    o = I[I_O_OPT]
    best = I64(-1)
    for i in range(n):
        x = I[o + i]
        if x < 0:
            continue
        kx = cost(S, I, x)
        if best < 0 or (kx < cost(S, I, best) if cheapest else kx > cost(S, I, best)):
            best = x
    return best


# ----------------------------------------------------------------------------------------------
# Decisions through one door
# ----------------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def decide(S, I, F, p, kind, source, subject, arg, n):
    """Answer the decision whose ``n`` options are in the scratch (see the module docstring).

    One option: taken without asking. Outside seat: the next answer on the tape (or record the
    decision as pending). Random seat: a keyed uniform pick. Bot seat: its priority list for
    the decision (buy, play, trash, discard, topdeck, gain; gain falls back to buy), then the
    card's default playbook.
    """
    o = I[I_O_OPT]
    if n <= 0:
        return NONE
    if n == 1:
        return I[o]
    I[I_NDEC] += 1
    if I[I_BOT_AFTER_TAPE] != 0 and I[I_TAPE_POS] >= I[I_TAPE_LEN]:
        I[I_OUTSIDE] = 0  # search rollouts: the tape is used up, every seat is a bot from here
    if (I[I_OUTSIDE] >> p) & 1:
        if I[I_PENDING] != 0:
            return I[o]  # placeholder continuation after the pending decision
        pos = I[I_TAPE_POS]
        if pos < I[I_TAPE_LEN]:
            a = I[I[I_O_TAPE] + pos]
            I[I_TAPE_POS] = pos + 1
            if not in_opts(I, n, a):
                I[I_ERROR] = ERR_TAPE
                return I[o]
            emit(I, EV_DECISION, p, kind, a)
            return a
        pd = I[I_O_PEND]
        I[pd + PD_SEAT] = p
        I[pd + PD_KIND] = kind
        I[pd + PD_SOURCE] = source
        I[pd + PD_SUBJECT] = subject
        I[pd + PD_ARG] = arg
        I[pd + PD_N] = n
        for i in range(n):
            I[pd + PD_OPTS + i] = I[o + i]
        I[I_PENDING] = 1
        vo = I[I_O_VIEW]
        for i in range(S.shape[0]):
            I[vo + i] = S[i]
        return I[o]
    if I[I_TREE_ME] == p + 1 and I[I_TREE_NODE] >= 0 and I[I_FN_TREE] != 0:  # in the tree
        a = call_ptr(I[I_FN_TREE], I, F, kind, n)  # the search's hook (engine/searchkernel.py)
        if a != NONE:
            return a
    if (I[I_RANDOM] >> p) & 1:
        s = so(S, p)
        k = S[s + PS_RNDK]
        S[s + PS_RNDK] = k + 1
        w = keyed_u64(game_seed(S), p, RNG_PLAYER, k)
        j = np.int64(((w >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))
        return I[o + j]

    # --- a bot: its priority list first --------------------------------------------------------
    a = NONE
    lst = I64(-1)
    if kind == K_PLAY or kind == K_TREASURE:
        lst = LIST_PLAY
    elif kind == K_BUY:
        lst = LIST_BUY
    elif kind == K_GAIN:
        lst = LIST_GAIN if list_len(I, p, LIST_GAIN) > 0 else LIST_BUY
    elif kind == K_TRASH:
        lst = LIST_TRASH
    elif kind == K_DISCARD:
        lst = LIST_DISCARD
    elif kind == K_TOPDECK:
        lst = LIST_TOPDECK
    elif kind == K_ORDER:
        lst = LIST_ORDER
    has_list = lst >= 0 and list_len(I, p, lst) > 0
    never_lose = bot_opt(I, F, p, OPT_NEVER_LOSE) != 0.0
    gaining = kind == K_BUY or kind == K_GAIN
    ppr = gaining and bot_opt(I, F, p, OPT_PPR) != 0.0
    if gaining and bot_opt(I, F, p, OPT_INSTANT_WIN) != 0.0:
        w = winning_gain(S, I, F, p, n, I64(0))
        if w >= 0:
            a = w  # an instant win comes first
    ans = hook(I, source, HK_ANSWER) if source >= 0 else I64(0)
    if a == NONE and ans != 0:
        a = call_ptr(ans, S, I, F, p, kind, source, subject, arg, n, I64(0))
    if a == NONE and kind == K_TREASURE:  # a card restricting buys may steer the Treasures
        hb = hook_list(I, HK_BUYABLE)  # (Grand Market: hold a Copper back): its answer hook
        for j in range(I[hb]):
            hr = hook(I, I[hb + 1 + j], HK_ANSWER)
            if hr != 0 and a == NONE:
                a = call_ptr(hr, S, I, F, p, kind, I[hb + 1 + j], subject, arg, n, I64(0))
    if a == NONE and has_list:
        a = list_pick(S, I, F, p, lst, n, never_lose and gaining, ppr)
    # --- then the default playbooks: the asking card's own answer, else the general rule ------
    if a == NONE and ans != 0 and kind != K_BUY and kind != K_GAIN:
        a = call_ptr(ans, S, I, F, p, kind, source, subject, arg, n, I64(1))
    if a != NONE:
        pass
    elif kind == K_PLAY:
        a = default_play(S, I, F, p, n, source, has_list)
    elif kind == K_BUY:
        if has_list:
            a = -1
        elif gain_ok(S, I, F, p, n, PROVINCE):
            a = PROVINCE  # empty buy list: Big Money
        elif gain_ok(S, I, F, p, n, GOLD):
            a = GOLD
        elif gain_ok(S, I, F, p, n, SILVER):
            a = SILVER
        else:
            a = -1
    elif kind == K_GAIN:
        a = default_gain(S, I, F, p, n)
    elif kind == K_TRASH:
        optional = in_opts(I, n, I64(-1))
        br = 1 << 30
        for i in range(n):
            x = I[o + i]
            if x >= 0 and trash_rank(S, I, x) < br:
                br = trash_rank(S, I, x)
                a = x
        if a == NONE or (optional and br > 2):
            a = -1
    elif kind == K_DISCARD:
        a, br = discard_pick(S, I, p, n)
        if a == NONE:
            a = -1
    elif kind == K_YESNO:
        a = 1
    elif kind == K_TREASURE:
        a = call_ptr(I[I_FN_TDEFAULT], S, I, F, p, n, I64(1) if has_list else I64(0))
    elif kind == K_COFFERS:
        a = coffers_default(S, I, F, p, S[H_COINS], n - 1)
    elif kind == K_OVERPAY:
        a = I64(0)
    if a == NONE:
        a = I[o]
    if I[I_DEBUG] != 0 and not in_opts(I, n, a):
        I[I_ERROR] = ERR_BOT
        return I[o]
    return a


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def list_pick(S, I, F, p, lst, n, check_end, ppr):
    """The first entry of seat ``p``'s list ``lst`` that is one of the ``n`` options, under its
    copy limit, whose condition holds (through ``cond_test``'s address: neither door compiles
    the condition machine into itself), and, where asked, that does not end the game lost
    (``check_end``) or break the penultimate Province rule (``ppr``); NONE if none is."""
    s0, e0 = list_range(I, p, lst)
    own = zo(S, p, Z_OWN)
    for r in range(s0, e0):
        row = I[I_O_BE] + r * E_SIZE
        c = I[row + 1]
        if not in_opts(I, n, c):
            continue
        if I[row + 2] >= 0 and S[own + c] >= I[row + 2]:
            continue  # copy limit reached
        if I[row + 4] > 0 and call_ptr(I[I_FN_COND], S, I, F, p, I[row + 3], I[row + 4]) == 0:
            continue
        if check_end and ending_loses(S, I, p, c):
            continue
        if ppr and ppr_skips(S, I, F, p, c):
            continue
        return c
    return NONE


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def default_play(S, I, F, p, n, source, has_list):
    """The default playbook's play: the useful option with the best play score; -1 when none
    is and -1 is an option, else the dearest (first edition: Throne Room must pick one)."""
    o = I[I_O_OPT]
    optional = in_opts(I, n, I64(-1))
    best = I64(-1)
    best_score = -(1 << 30)
    for i in range(n):
        x = I[o + i]
        if x < 0:
            continue
        if has_list and source < 0 and list_names(I, p, LIST_PLAY, x):
            continue  # listed, but its entry said no
        if not useful(S, I, F, p, x):
            continue
        sc = play_score(S, I, F, p, x)
        if sc > best_score:
            best_score = sc
            best = x
    if best >= 0:
        return best
    if optional:
        return I64(-1)
    return extreme_cost(S, I, n, FALSE)


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def bot_play(S, I, F, p, n):
    """A bot seat's play in run's action phase (options: the Actions in hand, then -1), the
    same answer as :func:`decide` gives it (a bot seat, no search tree, no debug), without the
    rest of the decision door: a game of plain cards and bots never compiles :func:`decide`."""
    I[I_NDEC] += 1
    has_list = list_len(I, p, LIST_PLAY) > 0
    a = NONE
    if has_list:
        a = list_pick(S, I, F, p, LIST_PLAY, n, FALSE, FALSE)
    if a == NONE:
        a = default_play(S, I, F, p, n, I64(-1), has_list)
    return a


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def bot_buy(S, I, F, p):
    """A bot's buy, the same answer as :func:`decide` gives for the BUY decision whose options
    are the affordable non-empty piles and -1, without building the option list (the hot path
    of batch play; debug mode uses the generic path, and a test compares the two)."""
    coins = S[H_COINS]
    potions = S[H_POTION] != 0  # a game with Potion costs: a card's Potions must be had too
    pots = potions_now(S) if potions else I64(0)
    never_lose = bot_opt(I, F, p, OPT_NEVER_LOSE) != 0.0
    s0, e0 = list_range(I, p, LIST_BUY)
    I[I_NDEC] += 1
    if bot_opt(I, F, p, OPT_INSTANT_WIN) != 0.0:
        w = winning_gain(S, I, F, p, I64(-1), purse(S))
        if w >= 0:
            return w
    if e0 > s0:
        own = zo(S, p, Z_OWN)
        eb = I[I_O_BE]
        for r in range(s0, e0):
            row = eb + r * E_SIZE
            c = I[np.uint64(row + 1)]  # unsigned indices: no wraparound tests (a card id >= 0)
            if S[np.uint64(HDR + c)] <= 0 or cost(S, I, c) > coins:
                continue
            if potions and potion_cost(I, c) > pots:
                continue
            lim = I[np.uint64(row + 2)]
            if lim >= 0 and S[np.uint64(own + c)] >= lim:
                continue
            if I[row + 4] > 0 and call_ptr(I[I_FN_COND], S, I, F, p, I[row + 3], I[row + 4]) == 0:
                continue
            if S[H_TFX] != 0 and not can_buy(S, I, F, p, c):
                continue  # (bans and buyable hooks exist only in H_TFX games)
            if never_lose and ending_loses(S, I, p, c):
                continue
            if c == PROVINCE and ppr_skips(S, I, F, p, c):  # (it reads its option itself)
                continue
            return c
        return -1
    for c in (PROVINCE, GOLD, SILVER):
        if S[HDR + c] > 0 and cost(S, I, c) <= coins and (S[H_TFX] == 0
                                                          or can_buy(S, I, F, p, c)):
            if not (never_lose and ending_loses(S, I, p, c)) and not (
                    c == PROVINCE and ppr_skips(S, I, F, p, c)):
                return c
    return -1


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def opts_zone(S, I, p, z, mask, stop):
    """Options: the distinct cards of zone ``z`` whose types meet ``mask`` (0: any), then -1."""
    o = I[I_O_OPT]
    zz = zo(S, p, z)
    io = ids_o(S)
    n = 0
    for i in range(S[H_NIDS]):  # branch-free append
        c = S[io + i]
        I[o + n] = c
        n += np.int64(S[zz + c] > 0 and (mask == 0 or (types(I, c) & mask) != 0))
    if stop:
        I[o + n] = -1
        n += 1
    return n


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def opts_supply(S, I, max_cost, mask, stop):
    """Options: supply piles with cards left costing at most ``max_cost`` (types ``mask``);
    never a pile outside the Supply (a Prize is not "a card costing up to $4")."""
    o = I[I_O_OPT]
    io = ids_o(S)
    oo = HDR + 10 * S[H_NC]
    n = 0
    for i in range(S[H_NIDS]):  # branch-free append
        c = S[io + i]
        I[o + n] = c
        n += np.int64(S[HDR + c] > 0 and S[oo + c] == 0 and within(S, I, c, max_cost)
                      and (mask == 0 or (types(I, c) & mask) != 0))
    if stop:
        I[o + n] = -1
        n += 1
    return n


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def opts_list(I, a, b, c):
    """Options: up to three fixed values (NONE leaves a slot out)."""
    o = I[I_O_OPT]
    n = 0
    if a != NONE:
        I[o + n] = a
        n += 1
    if b != NONE:
        I[o + n] = b
        n += 1
    if c != NONE:
        I[o + n] = c
        n += 1
    return n


# ----------------------------------------------------------------------------------------------
# Card effects
# ----------------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def push_play(S, I, c, group, how):
    sp = I[I_SP]
    if sp + 3 > I[I_STACK_CAP]:
        I[I_ERROR] = ERR_STACK
        return
    o = I[I_O_STACK] + sp
    I[o] = c
    I[o + 1] = group
    I[o + 2] = how
    I[I_SP] = sp + 3


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def new_group(S, I):
    g = S[H_GROUP]
    S[H_GROUP] = g + 1
    if g < I[I_GFLAG_CAP]:
        I[I[I_O_GFLAG] + g] = 0  # a new play instance has not moved itself yet (Feast)
        if S[H_DUR] != 0:  # who played it (a Duration keeps its Throne Room)
            go = I[I_O_GOWN] + 3 * g
            I[go] = I[I_PLAYING] + 1
            I[go + 1] = I[I_PLAYGRP]
            I[go + 2] = 0
    return g


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True, inline="always")
def play_times(S, I, F, p, source, times, how, optional):
    """Choose an Action in ``p``'s hand (decision: play, source ``source``; ``optional``: ``-1``
    declines) and play it ``times`` times (Throne Room, King's Court): it goes to play once and
    is pushed ``times`` times on the play stack under one group, so each play resolves
    completely before the next and a card that moves itself (Feast, Mining Village) does so
    once. The plays are logged as ``how``, ``how + 1``, ... (the first, second, ... play by
    ``source``). Returns the card (-1: none)."""
    n = opts_zone(S, I, p, Z_HAND, TY_ACTION, optional)
    a = ask(S, I, F, p, K_PLAY, source, I64(-1), I64(-1), n)
    if a >= 0:
        move(S, p, Z_HAND, Z_PLAY, a)
        g = new_group(S, I)
        for k in range(times - 1, -1, -1):
            push_play(S, I, a, g, how + k)
    return a


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def reveal_two(S, I, q):
    """Reveal the top two cards of ``q``'s deck into its set-aside zone; returns them (-1: none)."""
    aside = zo(S, q, Z_ASIDE)
    x1 = take_top(S, I, q)
    x2 = I64(-1)
    if x1 >= 0:
        S[aside + x1] += 1
        emit(I, EV_REVEAL, q, x1, I64(0))
        x2 = take_top(S, I, q)
        if x2 >= 0:
            S[aside + x2] += 1
            emit(I, EV_REVEAL, q, x2, I64(0))
    return x1, x2


@njit(cache=True, _nrt=False, inline="always")
def discard_cards(S, I, F, q, k, source, arg):
    """Seat ``q`` discards ``k`` cards from its hand, one decision each (discard; subject: the
    cards still to go, ``arg`` as the asking card gives it), while its hand has cards (Militia,
    Poacher, Torturer, Diplomat). Returns how many it discarded."""
    left = k
    while left > 0 and I[I_ERROR] == 0:
        n = opts_zone(S, I, q, Z_HAND, I64(0), FALSE)
        if n == 0:
            break
        x = ask(S, I, F, q, K_DISCARD, source, left, arg, n)
        discard_card(S, I, F, q, Z_HAND, x, I64(0))
        left -= 1
    return k - left


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True, inline="always")
def treasure_options(I, x1, x2, copper):
    """The Treasures among two revealed cards (-1: none) as two option slots, the second NONE
    when both are the same card (NONE, NONE: no Treasure); Copper counts only if ``copper``."""
    ok1 = x1 >= 0 and is_treasure(I, x1) and (copper or x1 != COPPER)
    ok2 = x2 >= 0 and is_treasure(I, x2) and (copper or x2 != COPPER)
    t1 = x1 if ok1 else NONE
    t2 = x2 if (ok2 and x2 != x1) else NONE
    if t1 == NONE and ok2:
        t2 = x2
    return t1, t2


# --- the order of simultaneous when-gain effects (K_ORDER) --------------------------
# A ``gained`` hook called with ``where >= GAINED_ASK`` is asked, not run: "would you act on
# ``c``, now at ``where - GAINED_ASK``?" It returns 1 (it would: its condition holds and it has
# something to do or offer) or 0, and changes nothing. Bookkeeping every order gives the same
# result (Trade Route's token) answers 0 and simply runs. When two or more hooks would act on
# one gain, the gaining player orders them (K_ORDER: options the cards whose effects wait, the
# gained card's own first, then id order; subject the gained card; source -1); after each one,
# the others are asked again, so one that lost track (Royal Seal after Watchtower trashed the
# card) drops out. With fewer than two, the hooks run in that default order as before.
GAINED_ASK = 4


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def gained_pending(S, I, F, p, c, where):
    """Bit j set: the j-th card of the game's ``gained`` hook list would act on this gain."""
    hl = hook_list(I, HK_GAINED)
    pend = I64(0)
    for j in range(I[hl]):
        r = I[hl + 1 + j]
        if call_ptr(hook(I, r, HK_GAINED), S, I, F, p, c, r, where + GAINED_ASK) != 0:
            pend |= I64(1) << j
    return pend


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def gained_ordered(S, I, F, p, c, where, pend):
    """Run the ``gained`` hooks when several would act (``pend``, see :func:`gained_pending`):
    the others first in the default order (they only keep books), then the waiting ones one at
    a time in the order seat ``p`` chooses (K_ORDER). Returns where ``c`` ends up."""
    hl = hook_list(I, HK_GAINED)
    nh = I[hl]
    for own in range(2):  # the card's own hook first, then id order
        for j in range(nh):
            r = I[hl + 1 + j]
            if (r == c) == (own == 0) and ((pend >> j) & 1) == 0 and I[I_ERROR] == 0:
                where = call_ptr(hook(I, r, HK_GAINED), S, I, F, p, c, r, where)
    while pend != 0 and I[I_ERROR] == 0:
        o = I[I_O_OPT]
        n = I64(0)
        for own in range(2):
            for j in range(nh):
                r = I[hl + 1 + j]
                if (r == c) == (own == 0) and ((pend >> j) & 1) != 0:
                    I[o + n] = r
                    n += 1
        a = decide(S, I, F, p, K_ORDER, I64(-1), c, where, n)
        for j in range(nh):
            if I[hl + 1 + j] == a:
                pend &= ~(I64(1) << j)
        where = call_ptr(hook(I, a, HK_GAINED), S, I, F, p, c, a, where)
        for j in range(nh):  # ask the rest again: one may have lost track of the card
            r = I[hl + 1 + j]
            if ((pend >> j) & 1) != 0 and call_ptr(
                hook(I, r, HK_GAINED), S, I, F, p, c, r, where + GAINED_ASK
            ) == 0:
                pend &= ~(I64(1) << j)
    return where


# --- the Seaside engine: Durations (waiting effects, cards staying in play),
# mats, set-aside cards, tokens, extra turns. A game without them (S[H_DUR] == 0) never reaches
# most of this block: run calls dur_turn_start and dur_cleanup through their addresses only in
# H_DUR games; play_stack, the one loop of every Action play, tests one column for a Duration.
@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def tok_o(S):
    """Offset of the Embargo tokens per Supply pile: ``S[tok_o(S) + c]`` tokens on pile ``c``
    (a buy of ``c`` gains its buyer one Curse per token: :func:`buy_card`)."""
    return HDR + 8 * S[H_NC]


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def trt_o(S):
    """Offset of the Trade Route tokens: ``S[trt_o(S) + c]`` is 1 while Victory pile ``c``
    still has its token."""
    return HDR + 9 * S[H_NC]


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def out_o(S):
    """Offset of the non-Supply marks: ``S[out_o(S) + c]`` is 1 when pile ``c`` is outside the
    Supply (Tournament's Prizes, Joust's Rewards): never bought, never gained by "gain a card
    costing up to", not counted for the pile ending; gained only as the card naming it says
    (:func:`gain_outside`)."""
    return HDR + 10 * S[H_NC]


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def gain_outside(S, I, F, p, c, dest):
    """Seat ``p`` gains ``c`` from its pile outside the Supply, as :func:`gain` (dest, hooks,
    a replacement such as Trader's): the card naming that pile does this (Tournament's Prize,
    Joust's Reward); every other gain refuses such a pile. The mark reads 2 meanwhile (still
    not a Supply pile for the empty-pile count). False if the pile is empty."""
    o = out_o(S) + c
    S[o] = 2
    ok = gain(S, I, F, p, c, dest)
    S[o] = 1
    return ok


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def wait_n(S, p):
    """How many effects seat ``p`` has waiting for the start of its next turn."""
    return S[zo(S, p, Z_WAIT)]


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def wait_at(S, p, i):
    """The index in ``S`` of seat ``p``'s waiting effect ``i`` (registration order): its card
    there, its ``arg`` at the next index (a home may rewrite its own arg: Sailor)."""
    return zo(S, p, Z_WAIT) + 1 + 2 * i


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def wait_has(S, p, c):
    """How many of seat ``p``'s waiting effects are card ``c``'s."""
    o = zo(S, p, Z_WAIT)
    k = I64(0)
    for i in range(S[o]):
        k += np.int64(S[o + 1 + 2 * i] == c)
    return k


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def mark_stay(S, I, p, c, group):
    """Card ``c`` of play instance ``group`` stays in play at seat ``p``'s next clean-up, once
    per instance (Throne Room's two plays of one Caravan keep one Caravan), and so does the card
    that played the instance (Throne Room, King's Court: the owner :func:`new_group` recorded),
    once per its own instance. Only that one: a Throne Room that played a Throne Room that
    played a Duration does not stay (the wiki's Duration page, "Other rules clarifications")."""
    cap = I[I_GFLAG_CAP]
    if group < 0 or group >= cap:
        S[zo(S, p, Z_STAY) + c] += 1
        return
    go = I[I_O_GOWN] + 3 * group
    if I[go + 2] != 0:
        return
    I[go + 2] = 1
    S[zo(S, p, Z_STAY) + c] += 1
    owner = I[go] - 1
    og = I[go + 1]
    if owner < 0:
        return
    if 0 <= og < cap:
        oo = I[I_O_GOWN] + 3 * og
        if I[oo + 2] != 0:
            return
        I[oo + 2] = 1
    S[zo(S, p, Z_STAY) + owner] += 1


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def stay(S, I, F, p, c, group, arg):
    """Card ``c``'s play (instance ``group``; -1: none) has something to do at the start of seat
    ``p``'s next turn: register the waiting effect (``c``, ``arg``; its ``duration`` hook gets
    ``arg``) and keep ``c`` (and the Throne Room / King's Court that played it) in play until
    the clean-up of that turn. ``p`` need not be the player whose turn it is (Pirate). A card
    whose row has next-turn columns (``SP_NEXT``) is registered by the play itself: its home,
    if it has one, does not call this for it."""
    o = zo(S, p, Z_WAIT)
    n = S[o]
    if 3 + 2 * n > S[H_NC]:
        I[I_ERROR] = ERR_STACK
        return I64(0)
    S[o + 1 + 2 * n] = c
    S[o + 2 + 2 * n] = arg
    S[o] = n + 1
    mark_stay(S, I, p, c, group)
    return I64(0)


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def run_played(S, I, F, p, c):
    """The ``played`` hooks of the game's cards (Corsair) after seat ``p`` played ``c``."""
    hl = hook_list(I, HK_PLAYED)
    for j in range(I[hl]):
        r = I[hl + 1 + j]
        if I[I_ERROR] == 0:
            call_ptr(hook(I, r, HK_PLAYED), S, I, F, p, c, r)


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True, inline="always")
def play_stack(S, I, F, p, c, how, cur, track, dur):
    """The play stack: Action ``c`` (already in play) is played by seat ``p``, and so is every
    play its effect pushes (Throne Room), each resolving fully in turn: counted in the turn's
    plays when ``cur`` (``p``'s own turn: ``H_PLAYED``; per card in ``turn_o`` when ``track``:
    a plain batch game has nothing that reads them), logged (``how`` as EV_PLAY's arg), its
    row's columns, its next-turn part (``SP_NEXT``: :func:`stay`), its home's effect
    (``SP_HOME``: :func:`effect`, through its address), then the game's ``played`` hooks. The
    one loop of every Action play: run's action phase and :func:`play_card`, inlined into both
    with the flags as arguments (run's are constant over its turns), so the plain path pays
    almost nothing for what only others need: the bookkeeping only H_DUR games read (``dur``:
    the card whose effect is resolving, for :func:`new_group`; the ``played`` hooks, which make
    a game H_DUR) is skipped elsewhere."""
    pc = I64(-1)
    pg = I64(-1)
    nplayed = I64(0)
    if dur:
        pc = I[I_PLAYING]
        pg = I[I_PLAYGRP]
        I[I_PLAYING] = -1
        nplayed = I[hook_list(I, HK_PLAYED)]
    base = I[I_SP]
    push_play(S, I, c, new_group(S, I), how)
    tu = turn_o(S)
    while I[I_SP] > base and I[I_ERROR] == 0:
        sp = I[I_SP] - 3
        I[I_SP] = sp
        o = I[I_O_STACK] + sp
        x = I[o]
        grp = I[o + 1]
        if cur:
            S[H_PLAYED] += 1
            if track:
                S[tu + x] += 1
        emit(I, EV_PLAY, p, x, I[o + 2])
        k = tcol(I, x, COL_CARDS)
        if k > 0:
            draw(S, I, p, k)
        S[H_ACTIONS] += tcol(I, x, COL_ACTIONS)
        S[H_BUYS] += tcol(I, x, COL_BUYS)
        S[H_COINS] += tcol(I, x, COL_COINS)
        spec = tcol(I, x, COL_SPECIAL)
        if spec != 0:
            if (spec & SP_NEXT) != 0:  # its next-turn columns wait (the Duration stays)
                stay(S, I, F, p, x, grp, I64(0))
            if (spec & SP_HOME) != 0:
                if dur:
                    I[I_PLAYING] = x
                    I[I_PLAYGRP] = grp
                call_ptr(I[I_FN_EFFECT], S, I, F, p, x, grp)
                if dur:
                    I[I_PLAYING] = -1
        if nplayed > 0:
            run_played(S, I, F, p, x)
    if dur:
        I[I_PLAYING] = pc
        I[I_PLAYGRP] = pg


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def play_card(S, I, F, p, c, how):
    """Resolve a play of card ``c`` by seat ``p`` (the caller already moved ``c`` into play):
    a Treasure through :func:`play_treasure_effect`, an Action through :func:`play_stack`.
    Works outside the action phase (Sailor playing a gained Duration, Pirate on another's turn,
    Crystal Ball)."""
    if not is_action(I, c) and is_treasure(I, c):
        emit(I, EV_TREASURE, p, c, I64(1))
        play_treasure_effect(S, I, F, p, c)
        return I64(0)
    play_stack(S, I, F, p, c, how, p == S[H_CUR], TRUE, S[H_DUR] != 0)
    return I64(0)


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def set_aside(S, I, p, c):
    """Card ``c`` (already taken from wherever it was: hand, Supply) is set aside by seat ``p``
    across turns (``Z_HAVEN``: Haven's card, Blockade's gain). The caller counts a card from
    the Supply into ``Z_OWN`` (a gain) before."""
    S[zo(S, p, Z_HAVEN) + c] += 1
    emit(I, EV_ASIDE, p, c, I64(1))


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def take_aside(S, I, p, c):
    """Take one ``c`` back from seat ``p``'s set-aside cards (``Z_HAVEN``) into its hand (the
    usual case: Haven); a caller that wants it elsewhere moves it from the hand. False if none."""
    o = zo(S, p, Z_HAVEN) + c
    if S[o] <= 0:
        return False
    S[o] -= 1
    S[zo(S, p, Z_HAND) + c] += 1
    emit(I, EV_ASIDE_TAKE, p, c, I64(0))
    return True


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def extra_turn(S, I, p):
    """Seat ``p`` takes an extra turn after this one, if it is the seat whose turn it is
    (``H_EXTRA_NEXT``; at the end of the turn, if the game goes on, ``run`` gives the same seat
    the next turn with ``H_EXTRA`` set). The card's own conditions (Outpost: the first one this
    turn, not after an extra turn) are its home's. Returns 1 if the extra turn is taken."""
    if p != S[H_CUR]:
        return I64(0)
    S[H_EXTRA_NEXT] = 1
    return I64(1)


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def dur_gain_note(S, I, p, c):
    """Note a gain by seat ``p`` of ``c`` in an H_DUR game: on its own turn it counts in
    ``Z_GAINED`` (Smugglers), a Victory card in the Buy phase in ``H_BUY_VGAINS`` (Treasury),
    any card in the Buy phase in ``H_BUY_GAINS`` (Merchant Guild)."""
    if p == S[H_CUR]:
        S[zo(S, p, Z_GAINED) + c] += 1
        if S[H_PHASE] == PH_BUY:
            S[H_BUY_GAINS] += 1
            if is_victory(I, c):
                S[H_BUY_VGAINS] += 1


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def next_turn_part(S, I, p, c):
    """One waiting effect of card ``c`` whose row has next-turn columns resolves for seat ``p``:
    +Cards, +Actions, +Buys, +$ (``COL_NEXT_*``). Its play registered it (:func:`play_stack`,
    :func:`play_treasure_effect`: bit ``SP_NEXT``), so such a card needs no home for it."""
    k = tcol(I, c, COL_NEXT_CARDS)
    if k > 0:
        draw(S, I, p, k)
    S[H_ACTIONS] += tcol(I, c, COL_NEXT_ACTIONS)
    S[H_BUYS] += tcol(I, c, COL_NEXT_BUYS)
    k = tcol(I, c, COL_NEXT_COINS)
    if k != 0:
        S[H_COINS] += k
        emit(I, EV_COINS_PLUS, p, c, k)


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def dur_turn_start(S, I, F, p):
    """The start of seat ``p``'s turn in an H_DUR game: its gains of the last turn and the stay
    marks are forgotten, then its waiting effects resolve (each its card's next-turn columns,
    :func:`next_turn_part`, then its ``duration`` hook with the registered arg). When two or
    more different cards have effects waiting, seat ``p`` picks the next (K_ORDER; options in
    the default order: the homes' ORDER, lower first, ties in waiting order; the bot takes the
    first). Effects registered meanwhile wait for the next turn."""
    io = ids_o(S)
    gz = zo(S, p, Z_GAINED)
    sz = zo(S, p, Z_STAY)
    for i in range(S[H_NIDS]):
        c = S[io + i]
        S[gz + c] = 0
        S[sz + c] = 0
    S[H_BUY_VGAINS] = 0
    S[H_BUY_GAINS] = 0
    o = zo(S, p, Z_WAIT)
    m = S[o]  # the effects that were waiting when the turn began are the first m
    ordo = I[I_O_ORD]
    while m > 0 and I[I_ERROR] == 0:
        idx = I64(0)
        distinct = False
        c0 = S[o + 1]
        for i in range(1, m):
            if S[o + 1 + 2 * i] != c0:
                distinct = True
                break
        if distinct:
            # options: the distinct cards, sorted by (ORDER, first waiting index)
            opt = I[I_O_OPT]
            n = I64(0)
            for i in range(m):
                x = S[o + 1 + 2 * i]
                seen = False
                for j in range(n):
                    if I[opt + j] == x:
                        seen = True
                        break
                if seen:
                    continue
                # insertion: after every option whose ORDER is <= x's (stable)
                k = n
                while k > 0 and I[ordo + I[opt + k - 1]] > I[ordo + x]:
                    I[opt + k] = I[opt + k - 1]
                    k -= 1
                I[opt + k] = x
                n += 1
            a = ask(S, I, F, p, K_ORDER, I64(-1), I64(-1), I64(-1), n)
            for i in range(m):
                if S[o + 1 + 2 * i] == a:
                    idx = i
                    break
        c = S[o + 1 + 2 * idx]
        arg = S[o + 2 + 2 * idx]
        n_all = S[o]
        for i in range(idx, n_all - 1):
            S[o + 1 + 2 * i] = S[o + 3 + 2 * i]
            S[o + 2 + 2 * i] = S[o + 4 + 2 * i]
        S[o] = n_all - 1
        m -= 1
        emit(I, EV_DURATION, p, c, arg)
        if (tcol(I, c, COL_SPECIAL) & SP_NEXT) != 0:
            next_turn_part(S, I, p, c)
        h = hook(I, c, HK_DURATION)
        if h != 0:
            call_ptr(h, S, I, F, p, c, arg)
    return I64(0)


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def dur_cleanup(S, I, F, p):
    """Seat ``p``'s clean-up in an H_DUR game, up to the new hand: the ``cleanup`` hooks (once
    per copy in play: Treasury), then hand, set-aside cards and play go to the discard pile,
    except the cards in play that stay (``Z_STAY``: Durations with effects still waiting)."""
    io = ids_o(S)
    nids = S[H_NIDS]
    pl = zo(S, p, Z_PLAY)
    hl = hook_list(I, HK_CLEANUP)
    for j in range(I[hl]):
        r = I[hl + 1 + j]
        for _ in range(S[pl + r]):
            if I[I_ERROR] == 0:
                call_ptr(hook(I, r, HK_CLEANUP), S, I, F, p, r)
    h = zo(S, p, Z_HAND)
    d = zo(S, p, Z_DISC)
    ad = zo(S, p, Z_ASIDE)
    sz = zo(S, p, Z_STAY)
    for i in range(nids):  # unsigned indices: no wraparound tests (as run's clean-up)
        c = S[np.uint64(io + i)]
        hc = np.uint64(h + c)
        pc = np.uint64(pl + c)
        ac = np.uint64(ad + c)
        inplay = S[pc]
        keep = min(S[np.uint64(sz + c)], inplay)
        S[np.uint64(d + c)] += S[hc] + inplay - keep + S[ac]
        S[hc] = 0
        S[pc] = keep
        S[ac] = 0
    if S[H_OUT_PLAYS] != 0:
        discard_others_play(S, p)
    return I64(0)


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def discard_others_play(S, p):
    """The clean-up of seat ``p``'s turn discards what the other seats played during it (a
    Guard Dog against an Attack, a Weaver discarded to Militia: official rule, the Berserker
    FAQ), keeping their Durations that stay (``Z_STAY``). Only after such a play
    (``H_OUT_PLAYS``)."""
    io = ids_o(S)
    for i in range(1, S[H_NP]):
        q = (p + i) % S[H_NP]
        pl = zo(S, q, Z_PLAY)
        sz = zo(S, q, Z_STAY)
        d = zo(S, q, Z_DISC)
        for j in range(S[H_NIDS]):
            c = S[io + j]
            keep = min(S[sz + c], S[pl + c])
            S[d + c] += S[pl + c] - keep
            S[pl + c] = keep
    S[H_OUT_PLAYS] = 0


# --- per-card statistics (what each seat bought, gained, played, trashed; when) -----
# Counted from the typed events of a batch played with tracing on (``Engine.play(card_stats=
# True)``): ``emit`` is unchanged, so a batch without them runs exactly the code it ran before
# (a branch for them inside ``emit`` measured 3-6% slower with recording off). A turn is the
# active seat's turn number (``EV_TURN``), so a Curse given by a Witch in turn 5 counts in 5.
CK_BUY = 0
CK_GAIN = 1  # gained other than by a buy
CK_PLAY = 2  # played: each Action play (Throne Room's two plays count two) and each Treasure
CK_TRASH = 3
NCK = 4


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def cstat_count(T, colmap, counts, first):
    """Count the trace ``T`` (4 integers an event, the games of a batch in order, each opened by
    ``EV_GAME``) into ``counts[g, seat, kind, col]`` and ``first`` (the turn of the first such
    event, 0: none); ``colmap[card]`` is the card's column (-1: not counted). A buy emits BUY
    and no GAIN (``buy_card``), so every GAIN is a gain other than by buying (a Talisman's copy
    included). Returns the games seen."""
    g = -1
    turn = 0
    for i in range(0, T.shape[0] - 3, 4):
        ev = T[i]
        seat = T[i + 1]
        card = T[i + 2]
        arg = T[i + 3]
        kind = -1
        k = arg if ev == EV_TREASURE else 1
        if ev == EV_GAME:
            g += 1
            turn = 0
        elif ev == EV_TURN:
            turn = arg
        elif ev == EV_BUY:
            kind = CK_BUY
        elif ev == EV_GAIN:
            kind = CK_GAIN
        elif ev == EV_PLAY or ev == EV_TREASURE:
            kind = CK_PLAY
        elif ev == EV_TRASH:
            kind = CK_TRASH
        if kind < 0 or g < 0 or g >= counts.shape[0] or seat < 0 or card < 0:
            continue
        col = colmap[card]
        if col < 0:
            continue
        counts[g, seat, kind, col] += k
        if first[g, seat, kind, col] == 0:
            first[g, seat, kind, col] = turn
    return g + 1


# --- Prosperity's gain and buy triggers -------------------------------------------
#: A special Treasure whose ``score`` hook returns this or more is played before the plain
#: Treasures in the default K_TREASURE order (Tiara: it plays one of them twice).
TREASURE_FIRST = 1 << 20


# --- the Prosperity engine: per-turn counters and bans, the buy through
# the bought/gained hooks, Treasures played one at a time (K_TREASURE), the turn_start hooks,
# VP tokens. The regions turn_o and ban_o are NC integers each, zeroed at every clean-up.
@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def turn_o(S):
    """Offset of the per-turn play counters: ``S[turn_o(S) + c]`` = how many times the current
    player played card ``c`` this turn (Actions and Treasures, each play counted)."""
    return HDR + 6 * S[H_NC]


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def ban_o(S):
    """Offset of the per-turn buy bans: ``S[ban_o(S) + c] != 0``: ``c`` may not be bought
    this turn (Contraband)."""
    return HDR + 7 * S[H_NC]


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def ban(S, c):
    """Card ``c`` may not be bought for the rest of this turn (Contraband's named card)."""
    S[ban_o(S) + c] = 1


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def can_buy(S, I, F, p, c):
    """May seat ``p`` buy ``c`` now, costs aside: not banned this turn, and its own
    ``buyable`` hook (Grand Market: no Copper in play) does not say no; never a card whose pile
    is outside the Supply (a Prize, a Reward)."""
    if S[HDR + 7 * S[H_NC] + c] != 0 or S[HDR + 10 * S[H_NC] + c] != 0:
        return False
    h = I[I[I_O_HOOK] + c * NHOOK + HK_BUYABLE]
    if h != 0:
        return call_ptr(h, S, I, F, p, c) != 0
    return True


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def opts_buy(S, I, F, p, coins):
    """Options of the buy decision: the supply piles with cards left costing at most ``coins``
    that ``p`` may buy (:func:`can_buy`), then -1 (end buying)."""
    o = I[I_O_OPT]
    io = ids_o(S)
    n = 0
    for i in range(S[H_NIDS]):  # branch-free append
        c = S[io + i]
        I[o + n] = c
        n += np.int64(S[HDR + c] > 0 and within(S, I, c, coins) and can_buy(S, I, F, p, c))
    I[o + n] = -1
    return n + 1


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def buy_filter(S, I, F, p, n):
    """Drop from the ``n`` buy options in the scratch the cards ``p`` may not buy now
    (:func:`can_buy`), keeping their order and the final -1; returns how many are left. The
    same options as :func:`opts_buy` (run reaches it through its address, I_FN_BUYOPTS)."""
    o = I[I_O_OPT]
    m = 0
    for i in range(n):
        c = I[o + i]
        if c < 0 or can_buy(S, I, F, p, c):
            I[o + m] = c
            m += 1
    return m


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True, inline="always")
def gained_at(S, p, c, where):
    """Is the card ``c`` seat ``p`` gained still where ``gained`` hooks were told (0 discard,
    1 hand, 2 on top of the deck)? A when-gain effect does nothing to a card that moved on."""
    if where == 0:
        return S[zo(S, p, Z_DISC) + c] > 0
    if where == 1:
        return S[zo(S, p, Z_HAND) + c] > 0
    if where == 2:
        s = so(S, p)
        n = S[s + PS_DECKN]
        return n > 0 and S[s + PSZ + n - 1] == c
    return False


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def run_gained(S, I, F, p, c, where):
    """The ``gained`` hooks after seat ``p`` gained ``c`` (now at ``where``: 0 discard, 1 hand,
    2 deck, 3 gone): the card's own first, then every other card of the game that has one, in
    id order; each returns where ``c`` is after it acted. Returns where ``c`` ends up. When two
    or more would act, the player chooses their order (:func:`gained_ordered`)."""
    hl = hook_list(I, HK_GAINED)
    nh = I[hl]
    if nh == 0:
        return where
    if nh >= 2:  # two or more hooks that would act: the player orders them
        pend = gained_pending(S, I, F, p, c, where)
        if (pend & (pend - 1)) != 0:
            return gained_ordered(S, I, F, p, c, where, pend)
    h = hook(I, c, HK_GAINED)
    if h != 0:
        where = call_ptr(h, S, I, F, p, c, c, where)
    for j in range(nh):
        r = I[hl + 1 + j]
        if r != c and I[I_ERROR] == 0:
            where = call_ptr(hook(I, r, HK_GAINED), S, I, F, p, c, r, where)
    return where


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def buy_card(S, I, F, p, a):
    """Seat ``p`` buys ``a`` (coins and the Buy already paid): the ``bought`` hooks of the
    game's cards, then ``a`` is gained to the discard pile (unless a hook emptied its pile)
    with the ``gained`` hooks; ``H_BUYING`` holds ``a`` meanwhile."""
    S[H_BUYING] = a  # (called through its address, I_FN_BUYCARD: run's loop stays small)
    if hook(I, a, HK_OVERPAY) != 0:
        overpay_step(S, I, F, p, a)
    hl = hook_list(I, HK_BOUGHT)
    for j in range(I[hl]):
        r = I[hl + 1 + j]
        call_ptr(hook(I, r, HK_BOUGHT), S, I, F, p, a, r)
    if S[H_DUR] != 0:  # a Curse per Embargo token on the bought pile
        for _ in range(S[HDR + 8 * S[H_NC] + a]):
            gain(S, I, F, p, I64(CURSE), I64(0))
    x = a
    if S[HDR + a] > 0 and I[hook_list(I, HK_WOULD_GAIN)] != 0:
        x = run_would_gain(S, I, F, p, a, I64(0))  # the bought card is replaced: x instead
        if x != a:
            if x >= 0:
                gain(S, I, F, p, x, I64(0))
            S[H_BUYING] = -1
            return I64(0)
    if S[HDR + a] > 0:
        take_from_supply(S, a)
        S[zo(S, p, Z_OWN) + a] += 1
        S[zo(S, p, Z_DISC) + a] += 1
        emit(I, EV_BUY, p, a, I64(0))
        if S[H_DUR] != 0:
            dur_gain_note(S, I, p, a)
        run_gained(S, I, F, p, a, I64(0))
    S[H_BUYING] = -1
    return I64(0)


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def play_treasure_effect(S, I, F, p, c):
    """Treasure ``c`` (already in play) does what it does: counted in the turn's plays, its
    row's columns (coins, buys, ...), then its home's ``play`` hook (mask 0). For homes that
    play a Treasure from elsewhere (Venture, Crystal Ball) or twice (Tiara)."""
    S[HDR + 6 * S[H_NC] + c] += 1
    k = tcol(I, c, COL_CARDS)
    if k > 0:
        draw(S, I, p, k)
    S[H_ACTIONS] += tcol(I, c, COL_ACTIONS)
    S[H_BUYS] += tcol(I, c, COL_BUYS)
    S[H_COINS] += tcol(I, c, COL_COINS)
    if c == POTION and S[H_POTION] != 0:
        pot_turn(S)
        S[H_POT_MADE] += 1
    sp = tcol(I, c, COL_SPECIAL)
    if sp != 0:
        h = hook(I, c, HK_PLAY) if (sp & SP_HOME) != 0 else I64(0)
        if S[H_DUR] == 0:
            if h != 0:
                call_ptr(h, S, I, F, p, c, new_group(S, I), I64(0))
        elif h != 0 or (sp & SP_NEXT) != 0:
            # a Treasure-Duration: its next-turn columns wait; the card that played it stays
            # with it (Tiara: the play instance's owner)
            g = new_group(S, I)
            pc = I[I_PLAYING]
            pg = I[I_PLAYGRP]
            I[I_PLAYING] = c
            I[I_PLAYGRP] = g
            if (sp & SP_NEXT) != 0:
                stay(S, I, F, p, c, g, I64(0))
            if h != 0:
                call_ptr(h, S, I, F, p, c, g, I64(0))
            I[I_PLAYING] = pc
            I[I_PLAYGRP] = pg
    if S[H_DUR] != 0 and I[hook_list(I, HK_PLAYED)] > 0:  # Corsair
        run_played(S, I, F, p, c)


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def play_treasure(S, I, F, p, c):
    """Seat ``p`` plays Treasure ``c``: from its hand into play (if it is in hand), then
    :func:`play_treasure_effect`."""
    h = zo(S, p, Z_HAND) + c
    if S[h] > 0:
        S[h] -= 1
        S[zo(S, p, Z_PLAY) + c] += 1
    emit(I, EV_TREASURE, p, c, I64(1))
    play_treasure_effect(S, I, F, p, c)


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def treasure_phase(S, I, F, p):
    """The start of the buy phase in a game with ``H_TFX``: ``p`` plays Treasures one at a time,
    a K_TREASURE decision each (options: the Treasures in hand, then -1 to stop)."""
    while I[I_ERROR] == 0:
        n = opts_zone(S, I, p, Z_HAND, TY_TREASURE, TRUE)
        if n <= 1:
            break
        a = ask(S, I, F, p, K_TREASURE, I64(-1), I64(-1), I64(-1), n)
        if a < 0:
            break
        play_treasure(S, I, F, p, a)
    return I64(0)  # (called through its address, I_FN_TPHASE: run's loop stays small)


# a special Treasure whose ``score`` is at least this is played before the plain ones
EARLY_TREASURE = I64(1000)


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def treasure_default(S, I, F, p, n, has_list):
    """The default K_TREASURE answer: a plain Treasure (one without a home) first, then the
    special ones their ``useful`` hook does not rule out, highest ``score`` first (one without a
    ``score`` after those with one); -1 (stop) when only ruled-out ones are left. A special one
    scoring ``EARLY_TREASURE`` or more comes before the plain ones, highest first: it works on
    the Treasures still in hand (Tiara, ``TREASURE_FIRST``, plays one twice; Anvil discards one;
    Investment trashes a Copper and counts the rest). A Treasure the bot's play list names,
    whose entry said no, is not played."""
    o = I[I_O_OPT]
    best = I64(-1)
    best_score = I64(-(1 << 40))
    plain = I64(-1)
    for i in range(n):
        x = I[o + i]
        if x < 0:
            continue
        if has_list and list_names(I, p, LIST_PLAY, x):
            continue  # listed, but its entry said no
        if tcol(I, x, COL_SPECIAL) == 0:
            if plain < 0:
                plain = x
            continue
        if not useful(S, I, F, p, x):
            continue
        h = hook(I, x, HK_SCORE)
        sc = call_ptr(h, S, I, F, p, x) if h != 0 else I64(-(1 << 30))
        if sc > best_score:
            best_score = sc
            best = x
    if plain >= 0 and best_score < EARLY_TREASURE:
        return plain
    return best



@njit(cache=True, _nrt=False, inline="always")
def want_buy_start(S):
    """Ask for this turn's ``buy_start`` hooks. The kernel calls them only in a turn where a play
    (or a ``turn_start``/``duration`` hook) asked: a card whose buy-phase rule follows from its
    play this turn (Merchant, Coppersmith) calls this from its ``play`` hook, so a turn where no
    such card was played pays no call (calling an empty hook every turn cost a Big Money mirror
    with Merchant in the kingdom about 12%)."""
    S[H_BUY_HOOKS] = 1


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def turn_start_hooks(S, I, F, p):
    """The ``turn_start`` hooks of the game's cards (Clerk), in id order."""
    hl = hook_list(I, HK_TURN_START)
    for j in range(I[hl]):
        r = I[hl + 1 + j]
        if I[I_ERROR] == 0:
            call_ptr(hook(I, r, HK_TURN_START), S, I, F, p, r)


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def add_vpt(S, I, p, k):
    """Seat ``p`` takes ``k`` VP tokens (counted in its score; the log prints "+k VP")."""
    S[so(S, p) + PS_VPT] += k
    emit(I, EV_VPT, p, I64(-1), k)


# --- Coffers and overpay (Guilds): reached only in games whose cards use them -----------------
@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def add_coffers(S, I, p, c, k):
    """Seat ``p`` takes ``k`` Coffers from card ``c`` (-1: none named); kept across turns, each
    spent in a Buy phase for +$1 (:func:`coffers_step`). The log prints "+k Coffers"."""
    S[so(S, p) + PS_COFFERS] += k
    emit(I, EV_COFFERS, p, c, k)


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def spend_coffers(S, I, p, c, k):
    """Seat ``p`` spends ``k`` of its Coffers for +$1 each (``c``: the card spending them, -1:
    the Buy phase)."""
    if k <= 0:
        return
    S[so(S, p) + PS_COFFERS] -= k
    S[H_COINS] += k
    emit(I, EV_COFFERS_SPEND, p, c, k)


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def coffers_default(S, I, F, p, coins, k):
    """How many of its ``k`` Coffers a bot spends before a buy with ``coins``: what the card its
    buy list would buy with them all costs beyond the coins, else none (DominionSim: the first
    buy rule the coins and Coffers together reach, paying the shortfall from the Coffers). Its
    option ``spend_coffers`` 0 never spends; a buy rule's condition may read ``coffers``."""
    if k <= 0 or bot_opt(I, F, p, OPT_SPEND_COFFERS) == 0.0:
        return I64(0)
    best = buy_with(S, I, F, p, coins + k, I64(-1))
    if best < 0:
        return I64(0)
    need = cost(S, I, best) - coins
    if need <= 0:
        return I64(0)
    return need if need < k else k


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def opts_count(I, k):
    """Options: the numbers 0..``k``."""
    o = I[I_O_OPT]
    for i in range(k + 1):
        I[o + i] = i
    return k + 1


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def coffers_step(S, I, F, p):
    """In the Buy phase, before a buy: seat ``p`` may spend any of its Coffers for +$1 each
    (a K_COFFERS decision, options 0..its Coffers; Coffers taken during the Buy phase count
    too). Run calls it through its address (I_FN_COFFERS) in games with ``H_COFFERS``."""
    k = S[so(S, p) + PS_COFFERS]
    if k <= 0:
        return I64(0)
    if ((I[I_OUTSIDE] | I[I_RANDOM]) >> p) & 1 == 0 and I[I_DEBUG] == 0 and (
            I[I_TREE_ME] != p + 1 or I[I_TREE_NODE] < 0):
        # a bot seat: the answer decide would give (no card asks: the default rule), without
        # the decision door (batch speed)
        I[I_NDEC] += 1
        a = coffers_default(S, I, F, p, S[H_COINS], k)
    else:
        n = opts_count(I, k)
        a = ask(S, I, F, p, K_COFFERS, I64(-1), I64(-1), I64(-1), n)
    spend_coffers(S, I, p, I64(-1), a)
    return I64(0)


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def overpay_spare(S, I, F, p, x):
    """Of ``x`` coins left after a buy, what a bot may overpay: all of them, less the cost of
    the card its buy list would still buy with them while it has a Buy left (the overpay
    playbooks of Masterpiece, Farrier and Herald; DominionSim overpays what the buys leave)."""
    if S[H_BUYS] > 0 and bot_opt(I, F, p, OPT_EXTRA_BUYS) != 0.0:
        t = buy_with(S, I, F, p, x, I64(-1))
        if t >= 0:
            return x - cost(S, I, t)
    return x


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def wanted_of_type(S, I, F, p, x, mask, skip):
    """The card of the first entry of seat ``p``'s buy list that applies now (:func:`cond_true`)
    whose types meet ``mask``, other than ``skip``, with cards left and costing at most ``x``
    (but more than $0); -1: none. What an overpay that gains a kind of card aims at
    (Stonemason's Actions; DominionSim's getDesiredCardWithRestriction)."""
    s0, e0 = list_range(I, p, LIST_BUY)
    for r in range(s0, e0):
        c = I[I[I_O_BE] + r * E_SIZE + 1]
        if c == skip or (types(I, c) & mask) == 0 or S[HDR + c] <= 0:
            continue
        k = cost(S, I, c)
        if k <= 0 or k > x:
            continue
        if cond_true(S, I, F, p, r):
            return c
    return I64(-1)


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def overpay_step(S, I, F, p, a):
    """Seat ``p`` buys ``a``, a card with an overpay effect (its ``overpay`` hook): it may pay
    any of its coins left beyond the cost (a K_OVERPAY decision, options 0..the coins, subject
    ``a``; the card's ``answer`` hook is its playbook), then the effect happens with the amount."""
    x = S[H_COINS]
    if x <= 0:
        return
    n = opts_count(I, x)
    m = ask(S, I, F, p, K_OVERPAY, a, a, I64(-1), n)
    if m <= 0:
        return
    S[H_COINS] -= m
    emit(I, EV_OVERPAY, p, a, m)
    call_ptr(hook(I, a, HK_OVERPAY), S, I, F, p, a, m)


# --- five and six players ---------------------------------------------------------
@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def fourth_low_pile(S):
    """The fourth-smallest supply pile (four empty piles end a five- or six-player game)."""
    a, b, c = pile_stats(S)
    io = ids_o(S)
    skip_a = True
    skip_b = True
    skip_c = True
    d = 1 << 30
    oo = HDR + 10 * S[H_NC]
    for i in range(S[H_NIDS]):
        v = S[HDR + S[io + i]] + (S[oo + S[io + i]] << 30)
        if skip_a and v == a:
            skip_a = False
        elif skip_b and v == b:
            skip_b = False
        elif skip_c and v == c:
            skip_c = False
        elif v < d:
            d = v
    return d


# --- a card put anywhere in a pile (Secret Passage), and what its owner knows of it --
@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def known_deep(S, s):
    """The pile position (from the bottom) of the card its owner put below the known run and
    still knows, for the seat whose scalars start at ``s``; -1: none."""
    d = S[s + PS_DEEP]
    if 0 < d <= S[s + PS_DECKN]:
        return d - 1
    return I64(-1)


@njit(cache=True, _nrt=False, inline="always")
def deep_with(S, d, j):
    """``PS_DEEP`` once its owner knows the card at pile position ``j`` (from the bottom) below
    the known run, ``d`` the value so far (a drawn deep card already forgotten: 0): ``j + 1``;
    with a deep card already known (or this turn stamped), neither is tracked: the turn is
    stamped (``-H_NTURNS``)."""
    return -S[H_NTURNS] if d > 0 or (d < 0 and d == -S[H_NTURNS]) else j + 1


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def put_at(S, I, p, c, k):
    """Put card ``c`` under ``k`` cards of ``p``'s draw pile (0: on top, the pile's size: at the
    bottom; an empty pile: it is the pile), face down: only its owner knows it is there.

    Knowledge: a card inside or at the bottom edge of the run its owner knows joins that run;
    one below it is known at its own position (``PS_DEEP``; a second one while one is known is
    not tracked: both are forgotten and the turn is stamped, see ``PS_DEEP``). The run everyone
    knows keeps only its cards above the new one, as they stay on top."""
    s = so(S, p)
    n = S[s + PS_DECKN]
    if k <= 0 or n == 0:
        put_top(S, I, p, c, FALSE)
        return
    if n >= S[H_CAP]:
        I[I_ERROR] = ERR_DECK
        return
    if k > n:
        k = n
    kt = known_top(S, s, FALSE)
    pt = known_top(S, s, TRUE)
    d = S[s + PS_DEEP]
    if d > n:  # drawn since: forget it
        d = I64(0)
    base = s + PSZ
    j = n - k  # the new card's position (from the bottom)
    for i in range(n, j, -1):
        S[base + i] = S[base + i - 1]
    S[base + j] = c
    S[s + PS_DECKN] = n + 1
    if d > 0 and d - 1 >= j:
        d += 1
    if kt >= k:  # inside the owner's run (or at its bottom edge): the run grows by it
        S[s + PS_KNOWN_LO] = n - kt
        S[s + PS_KNOWN_HI] = n + 1
    else:
        if kt > 0:  # below the run: the run's cards moved up by one
            S[s + PS_KNOWN_LO] = n - kt + 1
            S[s + PS_KNOWN_HI] = n + 1
        else:
            S[s + PS_KNOWN_LO] = 0
            S[s + PS_KNOWN_HI] = 0
        d = deep_with(S, d, j)  # (a second deep card: neither is tracked)
    S[s + PS_DEEP] = d
    if pt >= k:  # the new card splits the public run: the cards above it are still on top
        S[s + PS_PUB_LO] = j + 1
        S[s + PS_PUB_HI] = n + 1
    elif pt > 0:
        S[s + PS_PUB_LO] = n - pt + 1
        S[s + PS_PUB_HI] = n + 1
    else:
        S[s + PS_PUB_LO] = 0
        S[s + PS_PUB_HI] = 0


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def known_cards(S, s):
    """How many cards of a pile (seat scalars at ``s``) its owner knows the place of: the known
    run on top and the deep card below it."""
    return known_top(S, s, FALSE) + np.int64(known_deep(S, s) >= 0)


@njit(cache=True, _nrt=False, inline="always")
def buy_tier(S, I, coins):
    """The highest cost among the supply piles with cards left that ``coins`` pays for (Curse
    aside): what a hand of ``coins`` can buy at best (a card that lowers it costs buying power)."""
    io = ids_o(S)
    t = I64(-1)
    for i in range(S[H_NIDS]):
        x = S[io + i]
        k = cost(S, I, x)
        if x != CURSE and S[HDR + x] > 0 and t < k <= coins:
            t = k
    return t


@njit(cache=True, _nrt=False, inline="always")
def putback_pick(S, I, F, p, n):
    """The card of the ``n`` options (cards in ``p``'s hand) to put from hand onto the deck:
    an Action it has no action left to play (the most expensive), else the best card (by
    :func:`discard_rank`) without whose coins ``p``'s own buy list buys the same card this
    turn (:func:`buy_with`: Geronimoo's "removing reduces buying power"), else the one it
    misses least. Actions it can still play stay in hand while it has others."""
    o = I[I_O_OPT]
    coins = S[H_COINS] + hand_coins(S, I, p)
    want = buy_with(S, I, F, p, coins, I64(-1))
    acts = S[H_ACTIONS]
    dead = dead_terminals(S, I, p)
    best = I64(-1)
    best_rank = I64(-1)
    low = I64(-1)
    low_rank = I64(1 << 40)
    for i in range(n):
        x = I[o + i]
        if x < 0:
            continue
        if is_action(I, x):
            if acts > 0:
                continue
            rank = 5000 + cost(S, I, x)
        else:
            rank = discard_rank(S, I, x, dead)
        v = tcol(I, x, COL_COINS) if is_treasure(I, x) else I64(0)
        if rank > best_rank and (v == 0 or buy_with(S, I, F, p, coins - v, I64(-1)) == want):
            best = x
            best_rank = rank
        if rank < low_rank:
            low = x
            low_rank = rank
    if best >= 0:
        return best
    if low >= 0:
        return low
    return I[o]


# ----------------------------------------------------------------------------------------------
# --- DominionSim's features, the end of the game seen by a bot (never-lose, the
# penultimate Province rule, an instant win)
# ----------------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def end_outcome(S, I, p, c):
    """If gaining ``c`` now ends the game (at the end of this turn), seat ``p``'s outcome then
    (2 won alone, 1 shared, 0 lost, after the tie-break); -1 if it does not end the game (or it
    ends anyway, or there is no opponent)."""
    if S[HDR + c] != 1 or S[H_NP] < 2 or S[out_o(S) + c] != 0:
        return I64(-1)
    if end_reason_now(S) >= 0:
        return I64(-1)  # the game ends anyway: this gain does not cause it
    S[HDR + c] -= 1
    S[H_EMPTY] += 1
    ends = end_reason_now(S) >= 0
    S[H_EMPTY] -= 1
    S[HDR + c] += 1
    if not ends:
        return I64(-1)
    own = zo(S, p, Z_OWN)
    S[own + c] += 1
    n = S[H_NP]
    o = I[I_O_SCR]
    vps = I[o : o + MAX_SEATS]
    turns = I[o + MAX_SEATS : o + 2 * MAX_SEATS]
    out = I[o + 2 * MAX_SEATS : o + 3 * MAX_SEATS]
    for q in range(n):
        vps[q] = vp_of(S, I, q)
        turns[q] = S[so(S, q) + PS_TURNS]
    S[own + c] -= 1
    outcomes_of(S, vps, turns, out)
    return out[p]


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def vp_gain(S, I, p, c):
    """The VP seat ``p`` would get from one more ``c`` (Gardens counts the card itself)."""
    own = zo(S, p, Z_OWN)
    before = vp_of(S, I, p)
    S[own + c] += 1
    after = vp_of(S, I, p)
    S[own + c] -= 1
    return after - before


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def ppr_skips(S, I, F, p, c):
    """The penultimate Province rule (option ``penultimate_province``, DominionSim's
    AppliesPPR): skip the second-to-last Province while I trail an opponent by less than the VP
    of another card of my buy list that is still in the supply (whatever its condition)."""
    if c != PROVINCE or S[HDR + PROVINCE] != 2 or bot_opt(I, F, p, OPT_PPR) == 0.0:
        return False
    mine = vp_of(S, I, p)
    s0, e0 = list_range(I, p, LIST_BUY)
    for q in range(S[H_NP]):
        if q == p:
            continue
        theirs = vp_of(S, I, q)
        if mine >= theirs:
            continue
        for r in range(s0, e0):
            x = I[I[I_O_BE] + r * E_SIZE + 1]
            if x != PROVINCE and S[HDR + x] > 0 and mine + vp_gain(S, I, p, x) > theirs:
                return True
    return False


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def winning_gain(S, I, F, p, n, max_cost):
    """Option ``take_instant_win``: the card whose gain now ends the game with seat ``p``
    winning alone (the one worth most VP to it; the lowest id on a tie), or -1. The candidates
    are the ``n`` options in the scratch, or with ``n < 0`` the supply piles costing at most
    ``max_cost`` (the buy phase's options, without building them)."""
    if bot_opt(I, F, p, OPT_INSTANT_WIN) == 0.0:
        return I64(-1)
    io = ids_o(S)
    best = I64(-1)
    best_vp = -(1 << 30)
    for i in range(S[H_NIDS]):
        c = S[io + i]
        if S[HDR + c] != 1:
            continue  # only a gain that empties a pile can end the game
        if n >= 0:
            if not in_opts(I, n, c):
                continue
        elif not within(S, I, c, max_cost) or not can_buy(S, I, F, p, c):
            continue
        if end_outcome(S, I, p, c) == 2:
            v = vp_gain(S, I, p, c)
            if v > best_vp:
                best_vp = v
                best = c
    return best


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def feature_i(S, I, p, f):
    """The features added for DominionSim's bots (see ``botcode.FEATURES``)."""
    if f == F_TOTAL_MONEY:
        o = zo(S, p, Z_OWN)
        io = ids_o(S)
        m = 0
        for i in range(S[H_NIDS]):
            c = S[io + i]
            m += S[o + c] * tcol(I, c, COL_COINS)
        return float(m)
    if f == F_TERMINALS_OWNED or f == F_VILLAGES_OWNED:
        o = zo(S, p, Z_OWN)
        io = ids_o(S)
        k = 0
        for i in range(S[H_NIDS]):
            c = S[io + i]
            if is_action(I, c):
                a = tcol(I, c, COL_ACTIONS)
                if (f == F_TERMINALS_OWNED and a == 0) or (f == F_VILLAGES_OWNED and a >= 2):
                    k += S[o + c]
        return float(k)
    if f == F_ACTION_PHASE:
        return 0.0 if S[H_PHASE] == PH_BUY else 1.0
    if f == F_DISCARD_PILE:
        return float(zone_size(S, p, Z_DISC))
    if f == F_LOW_PILE:
        return float(pile_stats(S)[0])
    if f == F_COFFERS:
        return float(S[so(S, p) + PS_COFFERS])
    if f == F_POTIONS:
        return float(potions_now(S)) if S[H_CUR] == p else 0.0
    return 0.0


# ----------------------------------------------------------------------------------------------
# --- cards from the Supply to the trash and back (Lurker), options by exact cost
# (Upgrade) and from the trash. Nothing here is called by the kernel's own loop.
@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def opts_supply_exact(S, I, k, mask):
    """Options: supply piles with cards left costing exactly ``k`` now (a cost record: $3 is not
    $3P; types ``mask``, 0: any); no stop option; never a pile outside the Supply."""
    o = I[I_O_OPT]
    io = ids_o(S)
    oo = HDR + 10 * S[H_NC]
    n = 0
    for i in range(S[H_NIDS]):  # branch-free append
        c = S[io + i]
        I[o + n] = c
        n += np.int64(S[HDR + c] > 0 and S[oo + c] == 0 and cost_rec(S, I, c) == k
                      and (mask == 0 or (types(I, c) & mask) != 0))
    return n


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def opts_supply_less(S, I, b, mask):
    """Options: supply piles with cards left costing less than card ``b`` now
    (:func:`costs_less`, whole records: less than $3P are $3 and $2P, not $4; less than $5 is
    never a Potion cost; types ``mask``, 0: any); no stop option. "A cheaper card" (Border
    Village, Berserker, Stonemason)."""
    o = I[I_O_OPT]
    io = ids_o(S)
    n = 0
    for i in range(S[H_NIDS]):  # branch-free append
        c = S[io + i]
        I[o + n] = c
        n += np.int64(S[HDR + c] > 0 and costs_less(S, I, c, b)
                      and (mask == 0 or (types(I, c) & mask) != 0))
    return n


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True, inline="always")
def pick_from_hand(S, I, F, p, kind, source, ty):
    """The card of types ``ty`` (0: any) that ``p`` may choose from its hand (decision ``kind``,
    source ``source``; ``-1`` declines), not moved; -1 without a decision when the hand holds
    none (Anvil, Stables, Spice Merchant, Mint, Tiara)."""
    n = opts_zone(S, I, p, Z_HAND, ty, TRUE)
    if n <= 1:
        return I64(-1)
    return ask(S, I, F, p, kind, source, I64(-1), I64(-1), n)


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True, inline="always")
def trash_from_hand(S, I, F, p, source, ty, optional):
    """Trash a card of types ``ty`` (0: any) from ``p``'s hand (decision: trash, source
    ``source``; ``optional``: ``-1`` declines, else one must be trashed while one can be).
    Returns the card (-1: none)."""
    n = opts_zone(S, I, p, Z_HAND, ty, optional)
    a = ask(S, I, F, p, K_TRASH, source, I64(-1), I64(-1), n)
    if a >= 0:
        trash_card(S, I, F, p, Z_HAND, a, I64(0))
    return a


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True, inline="always")
def gain_choice(S, I, F, p, source, k, ty, exact, arg):
    """The supply card ``p`` chooses to gain (decision: gain, source ``source``, subject ``k``,
    argument ``arg``): of types ``ty`` (0: any), costing up to ``k`` (``exact``: exactly ``k``)
    now, while its pile has one. Not gained yet; -1: none can be."""
    n = opts_supply_exact(S, I, k, ty) if exact else opts_supply(S, I, k, ty, FALSE)
    return ask(S, I, F, p, K_GAIN, source, k, arg, n)


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True, inline="always")
def trash_then_gain(S, I, F, p, source, ty, optional, up, exact, gain_ty, where):
    """Trash a card from ``p``'s hand (:func:`trash_from_hand`), then gain a card costing up to
    (``exact``: exactly) its cost + ``up`` (:func:`gain_choice`, the argument is the trashed
    card), of types ``gain_ty``, to ``where`` (as :func:`gain`): Remodel, Expand, Upgrade,
    Mine. Costs are as they are now, whole records (trashing a $2P card: up to $4P). Returns
    the trashed card and the gained one (-1: none)."""
    a = trash_from_hand(S, I, F, p, source, ty, optional)
    if a < 0:
        return a, I64(-1)
    b = gain_choice(S, I, F, p, source, cost_rec(S, I, a) + up, gain_ty, exact, a)
    if b >= 0:
        gain(S, I, F, p, b, where)
    return a, b


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def opts_trash(S, I, mask):
    """Options: the distinct cards in the trash whose types meet ``mask`` (0: any)."""
    o = I[I_O_OPT]
    io = ids_o(S)
    t = trash_o(S)
    n = 0
    for i in range(S[H_NIDS]):  # branch-free append
        c = S[io + i]
        I[o + n] = c
        n += np.int64(S[t + c] > 0 and (mask == 0 or (types(I, c) & mask) != 0))
    return n


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def trash_from_supply(S, I, p, c):
    """Seat ``p`` trashes one ``c`` from the Supply (Lurker): the pile shrinks (and counts as
    empty when it runs out, for the three-pile ending); nobody owned the card. False if the pile
    is empty."""
    if S[HDR + c] <= 0:
        return False
    take_from_supply(S, c)
    S[trash_o(S) + c] += 1
    emit(I, EV_TRASH, p, c, I64(3))
    return True


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def gain_from_trash(S, I, F, p, c):
    """Seat ``p`` gains one ``c`` from the trash into its discard pile (Lurker), then the
    game's ``gained`` hooks. False if the trash holds none."""
    t = trash_o(S) + c
    if S[t] <= 0:
        return False
    S[t] -= 1
    S[zo(S, p, Z_OWN) + c] += 1
    S[zo(S, p, Z_DISC) + c] += 1
    emit(I, EV_GAIN, p, c, I64(3))
    if S[H_DUR] != 0:  # Smugglers' and Treasury's records
        dur_gain_note(S, I, p, c)
    run_gained(S, I, F, p, c, I64(0))
    return True


# ----------------------------------------------------------------------------------------------
# --- Intrigue draw and choice cards (buying power: ``buy_with``)
@njit(cache=True, _nrt=False, inline="always")
def coins_help(S, I, F, p, extra):
    """Would ``extra`` coins change what ``p``'s bot buys this turn? The coins counted are those
    in hand now (Treasures in hand plus coins already made): "adding this increases buying
    power", as Geronimoo's simulator asks it."""
    c = S[H_COINS] + hand_coins(S, I, p)
    return buy_with(S, I, F, p, c, I64(-1)) != buy_with(S, I, F, p, c + extra, I64(-1))


@njit(cache=True, _nrt=False, inline="always")
def action_waiting(S, I, F, p):
    """Is an Action worth playing (its ``useful`` hook) waiting in ``p``'s hand with no action
    left to play it? (Pawn, Nobles, Courtier choose +Actions then.)"""
    if S[H_ACTIONS] > 0:
        return False
    h = zo(S, p, Z_HAND)
    ao = aids_o(S)
    for i in range(S[H_NAIDS]):
        x = S[ao + i]
        if S[h + x] > 0 and useful(S, I, F, p, x):
            return True
    return False


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True, inline="always")
def reveal_and_sort(S, I, F, p, source, take, k, dest, arg, public):
    """Reveal the top ``k`` cards (at most 4) of ``p``'s deck, reshuffling the discard pile
    (not the revealed cards) when the deck runs out; those whose types meet ``take`` go to
    ``dest`` (``Z_HAND``: drawn; ``Z_DISC``: discarded), the rest back on the deck in the order
    ``p`` chooses: one topdeck decision per place from the top (subject: the place, 0 on top;
    argument ``arg``) among the cards still to place; a single card or copies of one card need
    no decision. ``public``: the cards put back stay known to everyone (revealed). Patrol and
    Scout take 4 to the hand; Rabble's victim discards 3's Actions and Treasures."""
    reveal_and_sort_by(S, I, F, p, source, take, I64(-1), I64(-1), k, dest, arg, public)


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True, inline="always")
def reveal_and_sort_by(S, I, F, p, source, take, c1, c2, k, dest, arg, public):
    """:func:`reveal_and_sort` where a revealed card is taken when its types meet ``take`` or
    it is card ``c1`` or ``c2`` (-1: none): Apothecary takes the Coppers and Potions."""
    aside = zo(S, p, Z_ASIDE)
    x0 = I64(-1)
    x1 = I64(-1)
    x2 = I64(-1)
    x3 = I64(-1)
    for j in range(k):
        x = take_top(S, I, p)
        if x < 0:
            break
        S[aside + x] += 1
        emit(I, EV_REVEAL, p, x, I64(0))
        if j == 0:
            x0 = x
        elif j == 1:
            x1 = x
        elif j == 2:
            x2 = x
        else:
            x3 = x
    # the cards that meet take go to dest; the rest wait to be put back
    to = zo(S, p, dest)
    m = 0
    for j in range(4):
        x = x0 if j == 0 else (x1 if j == 1 else (x2 if j == 2 else x3))
        if x < 0:
            continue
        if (types(I, x) & take) == 0 and x != c1 and x != c2:
            m += 1
            continue
        if dest == Z_HAND:
            S[aside + x] -= 1
            S[to + x] += 1
            emit(I, EV_DRAW, p, x, I64(0))
        else:
            discard_card(S, I, F, p, Z_ASIDE, x, I64(1))
    # choose the order from the top down; then put them back from the bottom up
    o = I[I_O_OPT]
    t0 = I64(-1)
    t1 = I64(-1)
    t2 = I64(-1)
    t3 = I64(-1)
    for place in range(m):
        n = 0
        for j in range(4):
            x = x0 if j == 0 else (x1 if j == 1 else (x2 if j == 2 else x3))
            if x < 0 or (types(I, x) & take) != 0 or x == c1 or x == c2:
                continue  # none, or taken
            placed = (np.int64(t0 == x) + np.int64(t1 == x) + np.int64(t2 == x)
                      + np.int64(t3 == x))
            if S[aside + x] - placed <= 0:
                continue  # every copy of it already has its place
            dup = False
            for i in range(n):
                if I[o + i] == x:
                    dup = True
            if not dup:
                I[o + n] = x
                n += 1
        a = ask(S, I, F, p, K_TOPDECK, source, I64(place), arg, n)
        if place == 0:
            t0 = a
        elif place == 1:
            t1 = a
        elif place == 2:
            t2 = a
        else:
            t3 = a
    for j in range(3, -1, -1):
        x = t0 if j == 0 else (t1 if j == 1 else (t2 if j == 2 else t3))
        if x >= 0:  # the cards stay set aside until every place is chosen (a view counts them)
            S[aside + x] -= 1
            put_top(S, I, p, x, public)
            emit(I, EV_TOPDECK, p, x, I64(2))


# ----------------------------------------------------------------------------------------------
# --- Intrigue attacks and reactions (the reaction loop's bound) -----
#: Passes over a seat's Reactions for one Attack at most (a bound for pathological answers:
#: revealing a Secret Chamber again and again; a bot or a person never comes near it).
REACT_ROUNDS = np.int64(32)


# ----------------------------------------------------------------------------------------------
# --- the bot's buy at other coins (playbooks that weigh this turn's buying power) ---
@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def buy_with(S, I, F, p, x, drop):
    """The card seat ``p``'s buy list would buy now with ``x`` coins (-1: none), as if it owned
    one card ``drop`` fewer (-1: none; its ``money`` and counts then leave that card out). What
    a put-back, trashed or played card costs this turn's buy (Geronimoo's "buying power"); the
    coins, the owned count and the decision counter are restored."""
    saved = S[H_COINS]
    asked = I[I_NDEC]
    own = zo(S, p, Z_OWN)
    if drop >= 0:
        S[own + drop] -= 1
    S[H_COINS] = x
    c = call_ptr(I[I_FN_BUY], S, I, F, p)  # bot_buy, through its address: a card's compiled
    S[H_COINS] = saved  # code does not carry its own copy of the buy and the condition machine
    I[I_NDEC] = asked
    if drop >= 0:
        S[own + drop] += 1
    return c


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True, inline="always")
def first_wish(S, I, F, p, lst):
    """The card of the first entry of seat ``p``'s list ``lst`` (``LIST_BUY``, ``LIST_GAIN``)
    whose pile has cards and that applies now (:func:`cond_true`: copy limit, condition),
    whatever the coins; -1: none (an outside seat has no lists). What the bot wants most now:
    the buy that more coins would reach (Minion)."""
    s0, e0 = list_range(I, p, lst)
    for r in range(s0, e0):
        c = I[I[I_O_BE] + r * E_SIZE + 1]
        if S[HDR + c] > 0 and cond_true(S, I, F, p, r):
            return c
    return I64(-1)


# ----------------------------------------------------------------------------------------------
# --- cards shuffled into the draw pile (Inn's when-gain)
@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def shuffle_into_deck(S, I, p):
    """Seat ``p``'s set-aside cards (``Z_ASIDE``: the ones a card chose, Inn's Actions from the
    discard pile) are shuffled into its draw pile: the whole pile is shuffled with them, keyed as
    a reshuffle is (the seat's next shuffle number), and nothing of its order is known any more.
    The pile is shuffled even when no card was set aside ("shuffle them into your deck" shuffles
    the deck). Returns how many cards went in."""
    a = zo(S, p, Z_ASIDE)
    s = so(S, p)
    base = s + PSZ
    n = S[s + PS_DECKN]
    io = ids_o(S)
    m = I64(0)
    for i in range(S[H_NIDS]):
        c = S[io + i]
        for _ in range(S[a + c]):
            if n + m >= S[H_CAP]:
                I[I_ERROR] = ERR_DECK
                return m
            S[base + n + m] = c
            m += 1
        S[a + c] = 0
    n += m
    k = S[s + PS_SHUF]
    seed = game_seed(S) if k < S[s + PS_EPOCH] else seed2(S)
    shuffle_range(S, base, n, keyed_u64(seed, p, RNG_SHUFFLE, k))
    S[s + PS_SHUF] = k + 1
    S[s + PS_DECKN] = n
    forget_pile(S, s)
    emit(I, EV_SHUFFLE, p, k, n)
    return m


# ----------------------------------------------------------------------------------------------
# --- naming a card
@njit(cache=True, _nrt=False, no_cfunc_wrapper=True, inline="always")
def name_a_card(S, I, F, p, source):
    """Seat ``p`` names a card for ``source`` (a K_NAME decision over the game's card ids; the
    log's choice event carries it): Wishing Well, Doctor, Journeyman. Returns the card named."""
    o = I[I_O_OPT]
    io = ids_o(S)
    n = S[H_NIDS]
    for i in range(n):
        I[o + i] = S[io + i]
    named = ask(S, I, F, p, K_NAME, source, I64(-1), I64(-1), n)
    emit(I, EV_CHOICE, p, source, named)
    return named


# --- each affected player's top card, discarded or put back by the player
@njit(cache=True, _nrt=False, no_cfunc_wrapper=True, inline="always")
def each_top_discard_or_back(S, I, F, p, mask, source):
    """Seat ``p`` first, then each seat in ``mask`` (an Attack's: not protected) in turn order,
    reveals its top card; ``p`` decides (yes/no, subject the card, argument its owner): discard
    it (:func:`discard_card`: its when-discarded trigger) or put it back (known to all). Spy,
    Scrying Pool."""
    n_pl = S[H_NP]
    mask |= 1 << p
    for i in range(n_pl):
        q = (p + i) % n_pl
        if not (mask >> q) & 1:
            continue
        x = take_top(S, I, q)
        if x < 0:
            continue
        emit(I, EV_REVEAL, q, x, I64(0))
        aside = zo(S, q, Z_ASIDE)
        S[aside + x] += 1
        n = opts_list(I, I64(1), I64(0), NONE)
        discard = ask(S, I, F, p, K_YESNO, source, x, q, n) == 1
        S[aside + x] -= 1
        if discard:
            discard_card(S, I, F, q, I64(-1), x, I64(1))
        else:
            put_top(S, I, q, x, TRUE)
            emit(I, EV_TOPDECK, q, x, I64(2))


# --- a card in play put onto the deck at clean-up
@njit(cache=True, _nrt=False, no_cfunc_wrapper=True, inline="always")
def offer_play_to_deck(S, I, F, p, c):
    """Seat ``p`` may put a ``c`` from play onto its deck (yes/no, source and subject ``c``;
    known to all): Treasury, Alchemist at the start of clean-up. Nothing with none in play."""
    pl = zo(S, p, Z_PLAY)
    if S[pl + c] <= 0:
        return
    n = opts_list(I, I64(1), I64(0), NONE)
    if ask(S, I, F, p, K_YESNO, c, c, I64(-1), n) == 1:
        S[pl + c] -= 1
        put_top(S, I, p, c, TRUE)
        emit(I, EV_TOPDECK, p, c, I64(2))


# ----------------------------------------------------------------------------------------------
# --- a player's top card kept or discarded; each other player gaining a card
@njit(cache=True, _nrt=False, no_cfunc_wrapper=True, inline="always")
def top_keep_or_discard(S, I, F, q, source):
    """Seat ``q`` looks at its top card (shuffling when the deck is empty) and discards it or
    puts it back (decision: yes/no, source ``source``, subject the card: yes discards); the
    card is held aside while asked, and one put back is known to its owner. Jack of All Trades,
    Duchess. Returns the card (-1: none to look at)."""
    x = take_top(S, I, q)
    if x < 0:
        return x
    aside = zo(S, q, Z_ASIDE)
    S[aside + x] += 1
    n = opts_list(I, I64(1), I64(0), NONE)
    yes = ask(S, I, F, q, K_YESNO, source, x, I64(-1), n) == 1
    S[aside + x] -= 1
    if yes:
        discard_card(S, I, F, q, I64(-1), x, I64(1))
    else:
        put_top(S, I, q, x, False)
        emit(I, EV_TOPDECK, q, x, I64(2))
    return x


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True, inline="always")
def each_other_gains(S, I, F, p, c):
    """Each other seat, in turn order from ``p``'s left, gains a ``c`` while the pile lasts (not
    an Attack: no Reactions). Embassy's Silvers, Ill-Gotten Gains' Curses."""
    n_pl = S[H_NP]
    for i in range(1, n_pl):
        gain(S, I, F, (p + i) % n_pl, c, I64(0))


# ----------------------------------------------------------------------------------------------
# --- the cold compile split in two (engine/coldstart.py) ----------------------------
@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def attacked(S, I, F, p, c):
    """The seats (a bit mask) that Attack ``c`` played by ``p`` affects, after their Reactions.

    Each other seat, in turn order, may reveal Reactions from its hand before the Attack does
    anything. A ``react`` hook asks its own question and answers 0 (not revealed), 1 (revealed:
    the seat is unaffected, Moat) or 2 (revealed and resolved, the seat is still affected and
    its hand may have changed: Diplomat, Secret Chamber). The seat's Reactions are offered in
    passes, each pass in card-id order, until a pass reveals nothing that changed the hand: so
    a card drawn by one Reaction can be revealed next (the FAQ's Moat after Diplomat), and the
    same Reaction may be revealed again (Diplomat while the hand still holds 5 cards). A
    Reaction that made the seat unaffected is not offered again (a second Moat reveal changes
    nothing). Why card-id order: the rules let the player order them; a fixed order keeps the
    decisions reproducible, and every order is reachable because a Reaction declined in one
    pass is offered again after another one changed the hand (a player wanting Diplomat before
    Moat declines Moat, reveals Diplomat, then reveals Moat in the next pass). With Moat
    alone this asks exactly what the base set always asked. A seat with a card in play that
    protects it (:func:`protected`: Lighthouse) is unaffected too; its Reactions are still
    offered (the Lighthouse FAQ)."""
    n_pl = S[H_NP]
    mask = I64(0)
    hl = hook_list(I, HK_REACT)
    nr = I[hl]
    for i in range(1, n_pl):
        q = (p + i) % n_pl
        h = zo(S, q, Z_HAND)
        safe = False
        spent = I64(0)  # bit j: reaction j of the list made q unaffected (not offered again)
        again = nr > 0
        rounds = I64(0)
        while again and rounds < REACT_ROUNDS and I[I_ERROR] == 0:
            again = False
            rounds += 1
            for j in range(nr):
                r = I[hl + 1 + j]
                if S[h + r] <= 0 or ((spent >> j) & 1) != 0:
                    continue
                res = call_ptr(hook(I, r, HK_REACT), S, I, F, q, r, c, p)
                if res == 1:
                    safe = True
                    spent |= I64(1) << j
                elif res == 2:
                    again = True
        if not safe and I[hook_list(I, HK_PROTECT)] > 0:
            safe = protected(S, I, F, q, c, p)  # its Reactions were still offered
        if not safe:
            mask |= I64(1) << q
    return mask


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True, inline="always")
def offer_reveal(S, I, F, q, r, c, attacker):
    """Seat ``q`` is asked whether to reveal Reaction ``r`` against Attack ``c`` (decision:
    yes/no, source ``r``, subject the Attack, argument its player); revealed: the reveal event
    and True. For a ``react`` hook whose Reaction does something (Diplomat, Secret Chamber)."""
    n = opts_list(I, I64(1), I64(0), NONE)
    if ask(S, I, F, q, K_YESNO, r, c, attacker, n) != 1:
        return False
    emit(I, EV_REVEAL, q, r, I64(0))
    return True


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True, inline="always")
def protected(S, I, F, q, c, attacker):
    """Does a card in seat ``q``'s play area keep Attack ``c`` from affecting it (its
    ``protect`` hook: Lighthouse)?"""
    hl = hook_list(I, HK_PROTECT)
    pl = zo(S, q, Z_PLAY)
    for j in range(I[hl]):
        r = I[hl + 1 + j]
        if S[pl + r] > 0 and call_ptr(hook(I, r, HK_PROTECT), S, I, F, q, r, c, attacker) != 0:
            return True
    return False


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True, inline="always")
def each_attacked(S, I, F, p, c, mask):
    """Attack ``c`` played by ``p`` does its part to each seat it affects (``mask``, from
    :func:`attacked`: its Reactions and protections are already handled), in turn order from
    ``p``'s left: card ``c``'s ``attack`` hook, once per seat. Nothing after an error. Returns
    how many of those hooks answered nonzero (Pirate Ship: a Treasure was trashed)."""
    h = hook(I, c, HK_ATTACK)
    hits = I64(0)
    n_pl = S[H_NP]
    for i in range(1, n_pl):
        q = (p + i) % n_pl
        if ((mask >> q) & 1) != 0 and I[I_ERROR] == 0:
            if call_ptr(h, S, I, F, p, c, q) != 0:
                hits += 1
    return hits


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def effect(S, I, F, p, c, group):
    """The special part of card ``c``'s text (the table columns are already applied): its
    ``play`` hook. An Attack first finds the seats it affects (:func:`attacked`); one without a
    ``play`` hook then does its ``attack`` hook to each of them (:func:`each_attacked`)."""
    mask = I64(0)
    if (types(I, c) & TY_ATTACK) != 0:
        mask = attacked(S, I, F, p, c)
    h = hook(I, c, HK_PLAY)
    if h != 0:
        call_ptr(h, S, I, F, p, c, group, mask)
    elif mask != 0 and hook(I, c, HK_ATTACK) != 0:
        each_attacked(S, I, F, p, c, mask)
    return I64(0)


# ----------------------------------------------------------------------------------------------
# Setup, scoring, invariants
# ----------------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def setup_game(S, I, seed):
    """Deal the starting decks (7 Copper, 3 Estate; shuffled unless the rules say not) and the
    first hands. ``S`` must hold a fresh template (supply set, zones empty)."""
    seed = np.uint64(seed)
    S[H_SEED_LO] = np.int64(seed & np.uint64(MASK32))
    S[H_SEED_HI] = np.int64(seed >> np.uint64(32))
    emit(I, EV_GAME, I64(-1), I64(-1), S[H_NP])
    for p in range(S[H_NP]):
        s = so(S, p)
        base = s + PSZ
        for i in range(3):
            S[base + i] = ESTATE
        for i in range(3, 10):
            S[base + i] = COPPER
        S[s + PS_DECKN] = 10
        S[zo(S, p, Z_OWN) + COPPER] = 7
        S[zo(S, p, Z_OWN) + ESTATE] = 3
        if S[H_UNSHUFFLED] == 0:
            k = S[s + PS_SHUF]
            shuffle_range(S, base, I64(10), keyed_u64(seed, p, RNG_SHUFFLE, k))
            S[s + PS_SHUF] = k + 1
            emit(I, EV_SHUFFLE, p, k, I64(10))
        draw(S, I, p, I64(5))
    S[H_CUR] = 0
    S[H_PHASE] = PH_START


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def finish(S, I, vp_out, turns_out, out):
    """Final VP, turns and outcomes of a finished game (written to the given rows)."""
    n = S[H_NP]
    o = I[I_O_SCR]
    vps = I[o : o + MAX_SEATS]
    turns = I[o + MAX_SEATS : o + 2 * MAX_SEATS]
    res = I[o + 2 * MAX_SEATS : o + 3 * MAX_SEATS]
    for q in range(n):
        vps[q] = vp_of(S, I, q)
        turns[q] = S[so(S, q) + PS_TURNS]
    outcomes_of(S, vps, turns, res)
    for q in range(n):
        vp_out[q] = vps[q]
        turns_out[q] = turns[q]
        out[q] = res[q]
        emit(I, EV_VP, np.int64(q), vps[q], res[q])
    emit(I, EV_END, I64(-1), S[H_END_REASON], I64(0))


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def invariants_ok(S):
    """Cards are neither created nor lost and no count is negative."""
    nc = S[H_NC]
    total = 0
    for c in range(nc):
        if S[HDR + c] < 0 or S[HDR + nc + c] < 0:
            return False
        total += S[HDR + c] + S[HDR + nc + c]
    for p in range(S[H_NP]):
        own = 0
        for z in range(NCARDZ):  # the card zones (the marker zones after them hold no cards)
            o = zo(S, p, z)
            for c in range(nc):
                if S[o + c] < 0:
                    return False
                if z != Z_OWN:
                    own += S[o + c]
        s = so(S, p)
        own += S[s + PS_DECKN]
        if own != owned_total(S, p):
            return False
        total += own
    return total == S[H_TOTAL]


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def reset_game(W, S):
    """Make ``W`` (a finished game made from template ``S``) a fresh copy of ``S`` again.

    Only the header, the scalars and the entries of this game's card ids can differ from the
    template (no card outside the supply ever enters a zone), so only those are copied back.
    Of those, the Seaside zones and tokens change only in an ``H_DUR`` game and the Trade
    Route tokens only once one has moved to the mat: a plain game skips them (copying every
    zone cost the Big Money mirror about 2% of its instructions).
    """
    nc = S[H_NC]
    dur = S[H_DUR] != 0
    trade_route = W[H_TR_MAT] != 0  # (read before the header is copied back)
    for i in range(HDR):
        W[i] = S[i]
    io = ids_o(S)
    nids = S[H_NIDS]
    for i in range(nids):
        c = S[io + i]
        W[HDR + c] = S[HDR + c]
        W[HDR + nc + c] = S[HDR + nc + c]
        W[HDR + 6 * nc + c] = 0  # the turn's counters and bans
        W[HDR + 7 * nc + c] = 0
    if dur:  # Embargo tokens
        for i in range(nids):
            c = S[io + i]
            W[HDR + 8 * nc + c] = S[HDR + 8 * nc + c]
    if trade_route:
        for i in range(nids):
            c = S[io + i]
            W[HDR + 9 * nc + c] = S[HDR + 9 * nc + c]
    nz = NZ if dur else Z_OWN + 1  # mats, set-aside and marker zones: H_DUR games only
    for p in range(S[H_NP]):
        base = S[H_SEAT0] + p * S[H_SB]
        for z in range(nz):
            o = base + z * nc
            for i in range(nids):
                W[o + S[io + i]] = 0
        s = base + NZ * nc
        for k in range(PSZ):
            W[s + k] = S[s + k]


# ----------------------------------------------------------------------------------------------
# The turn loop: one entry for batch and step-wise play
# ----------------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def run(mode, S, W, I, F, seeds, vp, turns, outcome, reason, tcoins, tvp, stats):
    """Play turns (one entry, so the turn loop, card effects and bots are compiled once).

    ``mode`` 0 -- batch: ``S`` is the template; play one game per seed with bots in every seat
    and write the records. Returns the number of games finished (fewer than ``len(seeds)`` only
    on an engine error, whose code is left in ``I[I_ERROR]``).

    ``mode`` 1 -- step-wise (``DominionGame``): ``S`` holds the state at the start of a turn and
    ``I`` the answer tape of that turn. Turns are replayed in the work array ``W``; a completed
    turn is copied back to ``S`` (setting ``I_TAPE_DONE``: the tape is used up) and the next
    one starts with an empty tape. Returns 1 when the game is over, 0 when a decision is pending
    (``S`` still holds the start of the pending turn; the view region holds the state at the
    decision), -1 on error.

    A turn: the ``turn_start`` hooks, action phase (play Actions while actions remain; Throne
    Room and Vassal push plays on a stack), buy phase (every Treasure is played at once, or in a
    game with ``H_TFX`` one at a time by K_TREASURE decisions; then buys through
    :func:`buy_card`), clean-up (discard everything, draw 5), then the end-of-game check.
    """
    batch = mode == 0
    ngames = seeds.shape[0] if batch else 1
    dur = S[H_DUR] != 0  # Durations, mats, tokens (their steps through addresses)
    hooked_buy = I[hook_list(I, HK_BOUGHT)] + I[hook_list(I, HK_GAINED)] + I[
        hook_list(I, HK_OVERPAY)] > 0 or dur
    coffers = S[H_COFFERS] != 0  # (step-wise: S holds the game; batch: the template)
    turn_hooks = I[hook_list(I, HK_TURN_START)] > 0
    # the per-turn play counters (turn_o) are kept where something reads them: a game with a
    # hook that may (gained/bought/turn_start, or H_TFX), and the step-wise game (played()); a
    # plain batch game skips their stores (they cost the Big Money mirror about 5%)
    track = (not batch) or hooked_buy or turn_hooks or S[H_TFX] != 0 or I[I_TRACK_PLAYS] != 0
    I[I_TAPE_DONE] = 0
    I[I_PLAYING] = -1
    g = 0
    if batch:
        if ngames == 0:
            return 0
        for i in range(S.shape[0]):
            W[i] = S[i]
        # set-up and scoring are called directly: through their addresses (compiled apart
        # from run, 1 s less of cold compile) the Wharf mirror measured 20% slower
        setup_game(W, I, seeds[0])
    while g < ngames:
        if batch:
            if W[H_OVER] != 0:
                finish(W, I, vp[g], turns[g], outcome[g])
                reason[g] = W[H_END_REASON]
                g += 1
                if g < ngames:
                    reset_game(W, S)
                    setup_game(W, I, seeds[g])
                continue
        else:
            if S[H_OVER] != 0:
                return 1
            for i in range(S.shape[0]):
                W[i] = S[i]
            I[I_TAPE_POS] = 0
            I[I_PENDING] = 0
        I[I_SP] = 0

        # ---- one turn of seat p in W ----
        p = W[H_CUR]
        s = so(W, p)
        W[s + PS_TURNS] += 1 - W[H_EXTRA]  # an extra turn (Outpost) is not counted (the FAQ)
        t = W[s + PS_TURNS]
        W[H_NTURNS] += 1
        W[H_ACTIONS] = 1
        W[H_BUYS] = 1
        W[H_COINS] = 0
        W[H_MERCHANT] = 0
        W[H_PLAYED] = 0
        W[H_COST_DOWN] = 0
        W[H_COPPERSMITH] = 0
        W[H_BUY_HOOKS] = 0
        W[H_ACTION_DOWN] = 0
        W[H_GROUP] = 0
        W[H_DRAW_NEXT] = 5
        W[H_EXTRA_NEXT] = 0
        W[H_PHASE] = PH_ACTION
        emit(I, EV_TURN if W[H_EXTRA] == 0 else EV_EXTRA, p, I64(-1), t)
        h = zo(W, p, Z_HAND)
        pl = zo(W, p, Z_PLAY)
        io = ids_o(W)
        nids = W[H_NIDS]
        ao = aids_o(W)
        to = tids_o(W)
        tu = turn_o(W)
        if dur:  # waiting effects (dur_turn_start, through its address)
            call_ptr(I[I_FN_DSTART], W, I, F, p)
        if turn_hooks:
            turn_start_hooks(W, I, F, p)
        # action phase
        while W[H_ACTIONS] > 0 and I[I_ERROR] == 0:
            n = 0
            opt = I[I_O_OPT]
            for i in range(W[H_NAIDS]):  # branch-free append
                c = W[ao + i]
                I[opt + n] = c
                n += np.int64(W[h + c] > 0)
            if n == 0:
                break
            I[opt + n] = -1
            n += 1
            if ((I[I_OUTSIDE] | I[I_RANDOM]) >> p) & 1 == 0 and I[I_DEBUG] == 0 and (
                    I[I_TREE_ME] != p + 1 or I[I_TREE_NODE] < 0):
                # a bot seat: bot_play, through its address (decide, whose bot path gives the
                # same answer, is compiled only for the games that need it: hooks.fill)
                a = call_ptr(I[I_FN_PLAY], W, I, F, p, n)
            else:
                a = ask(W, I, F, p, K_PLAY, I64(-1), I64(-1), I64(-1), n)
            if a < 0:
                break
            W[H_ACTIONS] -= 1
            move(W, p, Z_HAND, Z_PLAY, a)
            play_stack(W, I, F, p, a, I64(0), TRUE, track, dur)
        # buy phase: every Treasure is played (one at a time, a decision each, in a game with
        # Treasures that do things: H_TFX)
        W[H_PHASE] = PH_BUY
        if W[H_TFX] == 0:
            # branch-free; indices as unsigned integers (no wraparound tests: a third of this
            # loop's instructions) and the coins summed in a register
            coins = I64(0)
            ct = I[I_O_T] + COL_COINS
            for i in range(W[H_NTIDS]):
                c = W[np.uint64(to + i)]
                hc = np.uint64(h + c)
                k = W[hc]
                coins += k * I[np.uint64(ct + c * NUM_COLS)]
                W[np.uint64(pl + c)] += k
                W[hc] = 0
                if I[I_TRACE_ON] != 0 and k > 0:
                    emit(I, EV_TREASURE, p, c, k)
                if track:
                    W[tu + c] += k
            W[H_COINS] += coins
        else:
            call_ptr(I[I_FN_TPHASE], W, I, F, p)  # treasure_phase, through its address
        if W[H_BUY_HOOKS] != 0:  # a play asked for them (want_buy_start)
            hl = hook_list(I, HK_BUY_START)
            for j in range(I[hl]):
                r = I[hl + 1 + j]
                call_ptr(hook(I, r, HK_BUY_START), W, I, F, p, r)
        emit(I, EV_COINS, p, I64(-1), W[H_COINS])
        if stats and t <= tcoins.shape[2] and W[H_EXTRA] == 0:
            tcoins[g, p, t - 1] = W[H_COINS]
        bought = 0
        outside = (I[I_OUTSIDE] >> p) & 1
        fast = (outside == 0 and ((I[I_RANDOM] >> p) & 1) == 0 and I[I_DEBUG] == 0
                and (I[I_TREE_ME] != p + 1 or I[I_TREE_NODE] < 0))
        while W[H_BUYS] > 0 and I[I_ERROR] == 0:
            if outside == 0 and bought > 0 and bot_opt(I, F, p, OPT_EXTRA_BUYS) == 0.0:
                break
            if coffers and W[s + PS_COFFERS] > 0:  # spend Coffers (coffers_step)
                call_ptr(I[I_FN_COFFERS], W, I, F, p)
            if fast:
                a = call_ptr(I[I_FN_BUY], W, I, F, p)  # bot_buy
            else:
                n = opts_supply(W, I, purse(W), I64(0), TRUE)
                if W[H_TFX] != 0:  # bans and buyable hooks: buy_filter, through its address
                    n = call_ptr(I[I_FN_BUYOPTS], W, I, F, p, n)
                a = ask(W, I, F, p, K_BUY, I64(-1), I64(-1), I64(-1), n)
            if a < 0:
                break
            W[H_COINS] -= cost(W, I, a)
            if W[H_POTION] != 0:  # and its Potions (counters outside run's loop: spend_potions)
                spend_potions(W, I, a)
            W[H_BUYS] -= 1
            if hooked_buy:  # buy_card, through its address (inlined, it slowed every game)
                call_ptr(I[I_FN_BUYCARD], W, I, F, p, a)
            else:  # no bought/gained hook in this game: the plain buy (speed)
                take_from_supply(W, a)
                W[zo(W, p, Z_OWN) + a] += 1
                W[zo(W, p, Z_DISC) + a] += 1
                emit(I, EV_BUY, p, a, I64(0))
            bought += 1
        # clean-up
        W[H_PHASE] = PH_CLEANUP
        d = zo(W, p, Z_DISC)
        ad = zo(W, p, Z_ASIDE)
        if dur:  # cleanup hooks, Durations staying in play (dur_cleanup, through its address)
            call_ptr(I[I_FN_DCLEAN], W, I, F, p)
        else:
            # branch-free (data-dependent branches mispredict here); indices as unsigned
            # integers, as in the buy phase (half of this loop's instructions)
            for i in range(nids):
                c = W[np.uint64(io + i)]
                hc = np.uint64(h + c)
                pc = np.uint64(pl + c)
                ac = np.uint64(ad + c)
                W[np.uint64(d + c)] += W[hc] + W[pc] + W[ac]
                W[hc] = 0
                W[pc] = 0
                W[ac] = 0
        if track:
            for i in range(nids):
                W[tu + W[io + i]] = 0
        if W[H_TFX] != 0:  # bans exist only in H_TFX games (Contraband is a Treasure)
            bn = ban_o(W)
            for i in range(nids):
                W[bn + W[io + i]] = 0
        W[H_ACTIONS] = 0
        W[H_BUYS] = 0
        W[H_COINS] = 0
        W[H_MERCHANT] = 0
        W[H_PLAYED] = 0
        W[H_COST_DOWN] = 0
        W[H_COPPERSMITH] = 0
        W[H_BUY_HOOKS] = 0
        W[H_ACTION_DOWN] = 0
        draw(W, I, p, W[H_DRAW_NEXT])
        if stats and t <= tvp.shape[2]:
            tvp[g, p, t - 1] = vp_of(W, I, p)
            if I[I_O_DECK] != 0:  # deck records (a batch that asks for them), through
                call_ptr(I[I[I_O_DECK] + 5], W, I, g, p, t)  # deck_step's address
        # the end of the game is checked at the end of a turn
        r = end_reason_now(W)
        if r < 0 and t >= W[H_TURN_CAP] and p == W[H_NP] - 1:
            r = END_TURN_CAP
        if r >= 0:
            W[H_OVER] = 1
            W[H_END_REASON] = r
            W[H_PHASE] = PH_OVER
        elif W[H_EXTRA_NEXT] != 0:  # an extra turn (extra_turn; the game did not end)
            W[H_EXTRA] = 1
            W[H_PHASE] = PH_START
        else:
            W[H_CUR] = (p + 1) % W[H_NP]
            W[H_EXTRA] = 0
            W[H_PHASE] = PH_START
        if I[I_DEBUG] != 0 and I[I_ERROR] == 0:  # invariants_i, through its address
            if I[I_FN_INVAR] == 0:
                I[I_ERROR] = ERR_NO_CHECK  # debug mode set without hooks.set_debug
            elif call_ptr(I[I_FN_INVAR], W) == 0:
                I[I_ERROR] = ERR_INVARIANT
        # ---- end of the turn ----

        if I[I_ERROR] != 0:
            return g if batch else -1
        if not batch:
            if I[I_PENDING] != 0:
                return 0
            for i in range(S.shape[0]):
                S[i] = W[i]
            I[I_TAPE_LEN] = 0
            I[I_TAPE_DONE] = 1
    return ngames


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def invariants_i(S):
    """:func:`invariants_ok` as an int64 (1: they hold), for run's call through its address."""
    return I64(1) if invariants_ok(S) else I64(0)


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def init_game(S, I, seed):
    """Set up one game in ``S`` (a fresh template) for step-wise play."""
    setup_game(S, I, seed)


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def final_result(S, I, vp_out, turns_out, out):
    """Scores and outcomes of a finished game held in ``S``."""
    finish(S, I, vp_out, turns_out, out)


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def state_ok(S):
    """:func:`invariants_ok` for Python callers (tests)."""
    return invariants_ok(S)


# --- variety counts (Cornucopia: Menagerie, Harvest, Horn of Plenty, Fairgrounds, Shop) ----------
@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def distinct_in(S, p, z):
    """The number of differently named cards seat ``p`` has in zone ``z`` (hand, play, set-aside
    reveals, owned...): what the variety cards count."""
    o = zo(S, p, z)
    io = ids_o(S)
    n = I64(0)
    for i in range(S[H_NIDS]):
        n += I64(S[o + S[io + i]] > 0)
    return n


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def reveal_zone(S, I, p, z):
    """Seat ``p`` reveals every card of its zone ``z`` (a reveal event per card): "reveal your
    hand" (Menagerie, Hunting Party; Cutpurse's victim without a Copper)."""
    o = zo(S, p, z)
    io = ids_o(S)
    for i in range(S[H_NIDS]):
        x = S[io + i]
        for _ in range(S[o + x]):
            emit(I, EV_REVEAL, p, x, I64(0))


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def reveal_until_type(S, I, p, mask):
    """Seat ``p`` reveals cards from its deck (reshuffling the discard pile, not the revealed
    cards, when the deck runs out) until one whose types meet ``mask``; the others are set
    aside (``Z_ASIDE``) for the caller to discard. Returns that card, taken off the deck and
    not yet placed (-1: deck and discard pile ran out first): Farming Village's Action or
    Treasure, Fortune Teller's Victory card or Curse."""
    aside = zo(S, p, Z_ASIDE)
    while True:
        x = take_top(S, I, p)
        if x < 0:
            return I64(-1)
        emit(I, EV_REVEAL, p, x, I64(0))
        if (types(I, x) & mask) != 0:
            return x
        S[aside + x] += 1


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def wait_next_turn(S, I, p, c, arg):
    """Register a waiting effect of card ``c`` (its ``duration`` hook gets ``arg``) for the start
    of seat ``p``'s next turn, keeping nothing in play: a card that is not in play asks for it
    (Farmhands, when gained: the card it set aside is played then). Needs the H_DUR engine (a
    card with a ``duration`` hook turns it on)."""
    o = zo(S, p, Z_WAIT)
    n = S[o]
    if 3 + 2 * n > S[H_NC]:
        I[I_ERROR] = ERR_STACK
        return
    S[o + 1 + 2 * n] = c
    S[o + 2 + 2 * n] = arg
    S[o] = n + 1
# --- deck records: what each seat owns, turn by turn, and what is left at the end ----------
# The region at I[I_O_DECK] (0: no records): T (turns kept per seat), NC (card columns), P
# (seats), R (games it holds), NMAP, the address of deck_step (run calls it through it, so
# run's own code does not grow), then NMAP integers mapping a card id to its column (-1:
# not kept), then R*P*T*NC counts (game, seat, turn, column) and R*(2+P)*NC (the game's supply
# piles, its trash, then each seat's cards, at the end). Written only in batches that ask for
# them, from run's per-turn statistics block (the end state after every turn: a game ends at
# the end of a turn, so the last write is its end; nothing is added to run's plain path); the
# engine copies them out.
@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def deck_data_o(I):
    """Where the deck region's counts begin (after its header and card map)."""
    o = I[I_O_DECK]
    return o + 6 + I[o + 4]


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def deck_record(S, I, g, p, t):
    """Every card seat ``p`` owns (``Z_OWN``: deck, hand, discard, play, mats, set aside) at the
    end of its turn ``t`` of the batch's game ``g``, into the deck region (turns past T, games
    past R: not kept). The source of deck composition, money density and deck size by turn."""
    o = I[I_O_DECK]
    nt = I[o]
    nc = I[o + 1]
    if t > nt or g >= I[o + 3] or t < 1:
        return
    d = deck_data_o(I) + ((g * I[o + 2] + p) * nt + t - 1) * nc
    z = zo(S, p, Z_OWN)
    io = ids_o(S)
    for i in range(S[H_NIDS]):
        c = S[io + i]
        col = I[o + 6 + c] if c < I[o + 4] else -1
        if col >= 0:
            I[d + col] = S[z + c]


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def deck_end(S, I, g):
    """The supply piles, the trash and every seat's cards now, into the deck region's end
    slot of the batch's game ``g`` (written after every turn, so the game's end stays: what is
    left, and the final decks; a seat's cards can change after its last turn, a Curse from
    the next player's Witch)."""
    o = I[I_O_DECK]
    nc = I[o + 1]
    npl = I[o + 2]
    if g >= I[o + 3]:
        return
    e = deck_data_o(I) + I[o + 3] * npl * I[o] * nc + g * (2 + npl) * nc
    io = ids_o(S)
    tr = trash_o(S)
    for i in range(S[H_NIDS]):
        c = S[io + i]
        col = I[o + 6 + c] if c < I[o + 4] else -1
        if col >= 0:
            I[e + col] = S[HDR + c]
            I[e + nc + col] = S[tr + c]
            for p in range(npl):
                I[e + (2 + p) * nc + col] = S[zo(S, p, Z_OWN) + c]


@njit(cache=True, _nrt=False, no_cfunc_wrapper=True)
def deck_step(S, I, g, p, t):
    """The deck records after seat ``p``'s turn ``t`` of the batch's game ``g``: its cards
    (:func:`deck_record`) and the game's state so far (:func:`deck_end`; a game ends at the
    end of a turn, so the last write is its end). Run calls it through its address."""
    deck_record(S, I, g, p, t)
    deck_end(S, I, g)
    return 0

"""The card layer: what every card home shares, and where the kernel finds each card's rules.

A special card's home is a module ``ludolab.games.dominion.cards.<set>.<card>`` (the card's name
in lower case, spaces and hyphens as ``_``, apostrophes dropped: :func:`home`). It holds only its
rule (a card whose text is only amounts now and at the start of the next turn has no home: its
row says it all, ``cards.Card``'s ``next_*`` columns):

* its hooks, compiled functions named for their slot in :data:`HOOKS` and decorated with
  :func:`hook`; what they call of their own is decorated with :func:`inline`. Both compile with
  numba's disk cache, without reference counting (the kernel allocates nothing), and both guard
  the home's cache against the compiled files it draws on (the kernel, another home it inlines
  from: :func:`ludolab.core.jitcache.guard_module`), so a home never names its dependencies;
* its words and its bot options, plain data the engine reads by name: ``PROMPTS`` (a decision
  kind, ``"yesno"``, ``"play"``..., to a format string over ``{subject}``, ``{arg}`` and
  ``{src}``: the decision's subject card, its argument and its source), ``MODES`` (the names of
  its mode decision's options, for decisions and logs), ``choice_words(arg)`` (a log line for a
  choice, where the modes are not enough), ``OPTIONS`` (its bot options: name, default, allowed
  range, meaning; the kernel reads slot ``j`` with ``card_opt(I, F, p, cid, j)``), ``ORDER``
  (waiting effects resolve lower first), ``CHANGES_COSTS`` (it changes what cards cost) and
  ``COUNTS_PLAYS`` (its rule reads the turn's play counters, ``kernel.turn_o``: Crossroads).

The engine compiles the hooks of the cards a kingdom uses, once per process and each on its own
(numba caches them on disk), and writes their addresses into the kernel's hook table; the kernel
calls them through :func:`~ludolab.games.dominion.engine.kernel.call_ptr`. So the kernel's
compiled code does not grow with the card pool, a game compiles only the cards it deals, and a new
card is its home, its row in ``cards`` and its tests.
"""

from __future__ import annotations

import functools
import importlib
import inspect
from collections.abc import Callable, Iterable
from types import ModuleType
from typing import Any

import numpy as np
from numba import njit
from numba import types as nt

from ludolab.core import jitcache as _jitcache
from ludolab.games.dominion.cards import CARDS
from ludolab.games.dominion.engine import kernel as K

#: The hooks by table slot (``K.HK_*``) and the arguments each takes: ``S``/``I`` int64 arrays,
#: ``F`` the float64 array, ``i`` an int64. Every hook returns an int64. ``p``/``q``: a seat;
#: ``c``: the card played, gained or bought; ``r``: the card whose hook this is.
HOOKS: tuple[tuple[str, str], ...] = (
    ("play", "SIFiiii"),  # (p, c, group, mask): the effect; mask: the seats an Attack affects
    # (p, kind, source, subject, arg, n, stage): the playbook's answer to a decision this card
    # asks (stage 0: before the bot's lists, 1: after them); NONE: no opinion, the general rule
    ("answer", "SIFiiiiiii"),
    ("useful", "SIFiii"),  # (p, c, basic): is playing it worth it now (1) or not (0)
    ("score", "SIFii"),  # (p, c): its place in the default play order
    ("vp", "SIiiii"),  # (p, c, k, total): the VP of k copies (total: the cards p owns)
    ("react", "SIFiiii"),  # (q, r, c, attacker): q holds it when Attack c is played; 1: unaffected
    ("buy_start", "SIFii"),  # (p, c): the buy phase begins (every Treasure is played)
    ("gained", "SIFiiii"),  # (p, c, r, where): after a gain (returns where the card is now)
    ("bought", "SIFiii"),  # (p, c, r): a buy, before the card is gained
    ("buyable", "SIFii"),  # (p, c): the card's own: 0 when it may not be bought now
    ("turn_start", "SIFii"),  # (p, r): the start of a turn
    ("duration", "SIFiii"),  # (p, c, arg): a waiting effect resolves (start of its owner's turn)
    ("cleanup", "SIFii"),  # (p, r): the start of clean-up, once per copy in play
    ("played", "SIFiii"),  # (p, c, r): after any play of a card by a seat (Corsair)
    ("attack", "SIFiii"),  # (p, c, q): what Attack c played by p does to seat q, one it affects
    ("protect", "SIFiiii"),  # (q, r, c, attacker): r in q's play keeps Attack c from affecting q
    ("cost_down", "SIi"),  # (c,): how much less the card itself costs now (Peddler)
)
_ARITY = {name: len(codes) for name, codes in HOOKS}
_SLOTS = {name: getattr(K, "HK_" + name.upper()) for name, _ in HOOKS}
_ARG = {
    "S": nt.Array(nt.int64, 1, "C"),
    "I": nt.Array(nt.int64, 1, "C"),
    "F": nt.Array(nt.float64, 1, "C"),
    "i": nt.int64,
}
#: The folder of each set's card homes (a set id names a printing; both share one home).
_SET_HOMES = {"base1": "base", "base2": "base", "intrigue1": "intrigue", "intrigue2": "intrigue",
             "prosperity1": "prosperity", "prosperity2": "prosperity",
             "seaside1": "seaside", "seaside2": "seaside",
             "hinterlands1": "hinterlands", "hinterlands2": "hinterlands"}


def _guarded(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Guard the cache of ``fn``'s module (once; before any of its functions compiles)."""
    _jitcache.guard_module(fn.__module__)
    return fn


def hook(fn: Callable[..., Any]) -> Any:
    """Compile ``fn`` as a card's hook: its name is its slot in :data:`HOOKS`, its arguments
    that slot's. Raises ``TypeError`` at import for another name or number of arguments (a hook
    the table would never call)."""
    arity = _ARITY.get(fn.__name__)
    if arity is None:
        raise TypeError(f"{fn.__module__}.{fn.__name__}: a hook is named for its slot, one of "
                        f"{', '.join(_ARITY)}; a helper is @inline")
    if len(inspect.signature(fn).parameters) != arity:
        raise TypeError(f"{fn.__module__}.{fn.__name__}: the {fn.__name__} hook takes {arity} "
                        "arguments (see hooks.HOOKS)")
    return njit(cache=True, _nrt=False)(_guarded(fn))


def inline(fn: Callable[..., Any]) -> Any:
    """Compile ``fn`` as a card's helper, inlined into the hooks that call it (numba's
    ``inline="always"``: no call between the hook and the rule's parts)."""
    return njit(cache=True, _nrt=False, inline="always")(_guarded(fn))


def _signature(codes: str) -> tuple:
    return tuple(_ARG[c] for c in codes)


def address(dispatcher: Any, codes: str) -> int:
    """Compile (or load from numba's cache) ``dispatcher`` for the argument types ``codes``
    (see :data:`HOOKS`) and return the address of its native entry point, for ``call_ptr``."""
    sig = _signature(codes)
    dispatcher.compile(sig)
    cres = dispatcher.overloads[sig]
    return int(cres.library.get_pointer_to_function(cres.fndesc.llvm_func_name))


@functools.cache
def home(cid: int) -> ModuleType | None:
    """The module holding card ``cid``'s rules, or None for a card whose row says it all."""
    card = CARDS[cid]
    if not card.special:
        return None
    folder = _SET_HOMES.get(card.set)
    if folder is None:
        return None
    slug = card.name.lower().replace(" ", "_").replace("-", "_").replace("'", "")
    try:
        return importlib.import_module(f"ludolab.games.dominion.cards.{folder}.{slug}")
    except ModuleNotFoundError:
        return None


@functools.cache
def addresses(cid: int) -> tuple[int, ...]:
    """Card ``cid``'s hook addresses by table slot (0 where it has none), compiled once."""
    out = [0] * int(K.NHOOK)
    module = home(cid)
    if module is not None:
        for name, codes in HOOKS:
            fn = getattr(module, name, None)
            if fn is not None:
                out[_SLOTS[name]] = address(fn, codes)
    return tuple(out)


@functools.cache
def decide_address() -> int:
    """The address of the kernel's decision door (cards ask through it: ``kernel.ask``)."""
    return address(K.decide, "SIFiiiiii")


@functools.cache
def cond_address() -> int:
    """The address of the kernel's condition test (``kernel.cond_test``: the bot's buy reaches
    the condition machine through it, so ``run`` does not compile it)."""
    return address(K.cond_test, "SIFiii")


@functools.cache
def buy_address() -> int:
    """The address of the bots' buy (``kernel.bot_buy``: ``run`` calls it through it)."""
    return address(K.bot_buy, "SIFi")


@functools.cache
def play_address() -> int:
    """The address of a bot seat's play in run's action phase (``kernel.bot_play``)."""
    return address(K.bot_play, "SIFii")


@functools.cache
def effect_address() -> int:
    """The address of a special card's effect (``kernel.effect``: Attacks, the ``play`` hook)."""
    return address(K.effect, "SIFiii")


@functools.cache
def invariants_address() -> int:
    """The address of the debug check run after every turn (``kernel.invariants_i``)."""
    return address(K.invariants_i, "S")


def set_debug(I: np.ndarray, on: bool) -> None:
    """Turn debug mode on or off in environment ``I`` (every bot answer checked against its
    options, the invariants after every turn); on, the check's address is filled in."""
    I[K.I_DEBUG] = 1 if on else 0
    if on:
        I[K.I_FN_INVAR] = invariants_address()


def needs_decide(ids: Iterable[int]) -> bool:
    """Can bots in a game with card ``ids`` be asked a decision other than run's play and buy
    (bot_play, bot_buy)? Only a card whose play does more than its now-columns asks one (its
    home, an Attack's reactions; a next-turn part: the order of waiting effects, K_ORDER): a
    game of plain cards played by bots in batch never compiles the decision door."""
    return any(CARDS[c].has_effect for c in ids)


@functools.cache
def buy_card_address() -> int:
    """The address of the buy through the hooks (``kernel.buy_card``)."""
    return address(K.buy_card, "SIFii")


@functools.cache
def treasure_phase_address() -> int:
    """The address of the Treasures played one at a time (``kernel.treasure_phase``)."""
    return address(K.treasure_phase, "SIFi")


@functools.cache
def treasure_default_address() -> int:
    """The address of the default Treasure to play (``kernel.treasure_default``)."""
    return address(K.treasure_default, "SIFiii")


@functools.cache
def cost_more_address() -> int:
    """The address of the rarer cost reductions (``kernel.cost_down_more``: Action cards'
    ``H_ACTION_DOWN``, a card's own ``cost_down`` hook)."""
    return address(K.cost_down_more, "SIi")


@functools.cache
def buy_filter_address() -> int:
    """The address of the buy options' filter (``kernel.buy_filter``: bans, ``buyable``)."""
    return address(K.buy_filter, "SIFii")


@functools.cache
def card_options(cid: int) -> tuple[tuple[str, float, tuple[float, float], str], ...]:
    """Card ``cid``'s own bot options (its home's ``OPTIONS``: name, default, allowed range,
    meaning), in slot order; the kernel reads slot ``j`` with ``card_opt(I, F, p, cid, j)``."""
    opts = tuple(getattr(home(cid), "OPTIONS", ()) or ())
    if len(opts) > int(K.CARD_OPTS):
        raise ValueError(f"{CARDS[cid].name} declares {len(opts)} options (at most {K.CARD_OPTS})")
    return opts


def fill_card_options(F: np.ndarray, at: int, ids: list[int], bots: list[Any]) -> None:
    """Write each seat's value of every option of this game's cards (``ids``) into ``F`` at
    ``at`` (the layout :func:`~.kernel.card_opt` reads); ``bots[q]`` is seat ``q``'s compiled bot
    (its ``card_options`` override the homes' defaults)."""
    stride = int(K.CARD_OPTS)
    for cid in ids:
        for j, (_name, default, _bounds, _meaning) in enumerate(card_options(cid)):
            for q, bot in enumerate(bots):
                value = bot.card_options.get((cid, j), default)
                F[at + (cid * int(K.MAX_SEATS) + q) * stride + j] = value


def modes(cid: int) -> tuple[str, ...] | None:
    """The names of card ``cid``'s modes (its home's ``MODES``: Steward, Sentry), if any."""
    if cid < 0:
        return None
    return getattr(home(cid), "MODES", None)


def choice_text(cid: int, arg: int) -> str:
    """The log's words for card ``cid``'s choice event with ``arg``: its home's ``choice_words``
    (Wishing Well: "names Gold"), else "chooses" and the name of mode ``arg`` (``MODES``)."""
    words = getattr(home(cid), "choice_words", None) if cid >= 0 else None
    if words is not None:
        return str(words(arg))
    names = modes(cid)
    return f"chooses {names[arg] if names and 0 <= arg < len(names) else arg}"


def prompt(cid: int, kind: str) -> str | None:
    """Card ``cid``'s prompt for a decision of ``kind`` (``"yesno"``, ``"play"``, ...), a format
    string over ``subject``, ``arg`` and ``src`` (its home's ``PROMPTS``), if it has one."""
    if cid < 0:
        return None
    return getattr(home(cid), "PROMPTS", {}).get(kind)


def has_hook(cid: int, name: str) -> bool:
    """Does card ``cid``'s home define hook ``name`` (without compiling it)?"""
    return getattr(home(cid), name, None) is not None


def treasures_one_at_a_time(ids: Iterable[int]) -> bool:
    """Does a game with card ``ids`` play its Treasures one at a time (``H_TFX``): a Treasure
    that does more than its coins (a home, a next-turn part: Astrolabe), a card with a
    ``buyable`` hook (Grand Market), one with a ``played`` hook (Corsair: each Treasure play
    matters) or Charlatan (Curse becomes a Treasure)?"""
    return any((CARDS[c].is_treasure and CARDS[c].has_effect) or has_hook(c, "buyable")
               or has_hook(c, "played") or CARDS[c].name == "Charlatan" for c in ids)


def buys_through_hooks(ids: Iterable[int]) -> bool:
    """Does a game with card ``ids`` buy through ``buy_card`` (a ``gained`` or ``bought`` hook)?"""
    return any(has_hook(c, "gained") or has_hook(c, "bought") for c in ids)


#: Cards that need the Seaside engine (``H_DUR``) without being Durations or having its hooks:
#: mats (Native Village, Island), tokens (Embargo, Pirate Ship), the turn's gains (Smugglers).
_DUR_NAMES = frozenset({"Native Village", "Island", "Embargo", "Pirate Ship", "Smugglers",
                        "Treasury"})


def needs_duration_engine(ids: Iterable[int]) -> bool:
    """Does a game with card ``ids`` need the Seaside engine (``H_DUR``): a Duration (its row's
    next-turn columns or its home), a card with a ``duration``/``cleanup``/``played`` hook, a
    mat or a token? A game without plays exactly as before it existed (run's plain path)."""
    return any(CARDS[c].types & int(K.TY_DURATION) or CARDS[c].waits
               or CARDS[c].name in _DUR_NAMES
               or has_hook(c, "duration") or has_hook(c, "cleanup") or has_hook(c, "played")
               for c in ids)


def changes_costs(ids: Iterable[int]) -> bool:
    """Does a card of ``ids`` change what cards cost: a ``cost_down`` hook (its own cost:
    Peddler), or a home that declares ``CHANGES_COSTS`` because its rule adds to the turn's
    reductions ``H_COST_DOWN``/``H_ACTION_DOWN`` (Bridge, Quarry)? Only then does
    ``kernel.cost`` look past the printed cost (``H_COSTS``)."""
    return any(has_hook(c, "cost_down") or getattr(home(c), "CHANGES_COSTS", False)
               for c in ids)


def cost_flags(ids: Iterable[int]) -> int:
    """``H_COSTS`` for a game with card ``ids``: 0 if no card changes costs, else 1, plus 2 if a
    card has a ``cost_down`` hook (only then does ``kernel.cost`` look one up: a Bridge game
    pays no hook-table load)."""
    if not changes_costs(ids):
        return 0
    return 1 | (2 if any(has_hook(c, "cost_down") for c in ids) else 0)


def order_of(cid: int) -> int:
    """Card ``cid``'s home's ``ORDER`` (default 0): waiting effects resolve lower first by
    default (K_ORDER); Sailor's trash and Tide Pools' discard, which take from the hand after
    the draws, declare 1."""
    return int(getattr(home(cid), "ORDER", 0) or 0)


def counts_plays(ids: Iterable[int]) -> bool:
    """Does a card of ``ids`` read the turn's play counters (``kernel.turn_o``) from its rule:
    a home that declares ``COUNTS_PLAYS`` (Crossroads: "the first time you played a Crossroads
    this turn")? Only then does a plain batch game keep them (``I_TRACK_PLAYS``)."""
    return any(getattr(home(c), "COUNTS_PLAYS", False) for c in ids)


@functools.cache
def dur_addresses() -> tuple[int, int]:
    """The addresses of ``dur_turn_start`` and ``dur_cleanup``."""
    return address(K.dur_turn_start, "SIFi"), address(K.dur_cleanup, "SIFi")


def has_rules(cid: int) -> bool:
    """Does card ``cid`` play as printed here: a plain card, or a special one with a home?"""
    return not CARDS[cid].special or home(cid) is not None


def playable() -> tuple[int, ...]:
    """The kingdom cards whose rules the engine has (every plain card, every special card with a
    home): what random tests and random kingdoms may deal."""
    return tuple(c.id for c in CARDS if c.is_kingdom and has_rules(c.id))


def fill(I: np.ndarray, hook_at: int, list_at: int, ids: list[int], nc: int,
         order_at: int = -1, decide: bool = True) -> None:
    """Write the hook table and the per-hook card lists of a game with card ``ids`` into ``I``
    (the regions at ``hook_at``: ``nc * NHOOK``, and ``list_at``: ``NHOOK * (nc + 1)``), and
    each card's ``ORDER`` at ``order_at`` (``nc``; -1: none). ``decide=False``: the game's seats
    are all bots in batch play, without debug or random seats, so the decision door is filled in
    only where a card can ask (:func:`needs_decide`); a miss stops the game with
    ``ERR_NO_DECIDE``, never a jump to address 0."""
    if order_at >= 0:
        I[K.I_O_ORD] = order_at
        for cid in ids:
            I[order_at + cid] = order_of(cid)
    nh = int(K.NHOOK)
    I[K.I_FN_DECIDE] = decide_address() if decide or needs_decide(ids) else 0
    I[K.I_FN_COND] = cond_address()
    I[K.I_FN_BUY] = buy_address()
    I[K.I_FN_PLAY] = play_address()
    I[K.I_FN_EFFECT] = effect_address() if any(CARDS[c].special for c in ids) else 0
    # compiled only for the games that call them (a cold first result of a base-set game does
    # not pay for the Prosperity buy phase): run calls them only under the same conditions
    tfx = treasures_one_at_a_time(ids)
    dur = needs_duration_engine(ids)
    I[K.I_FN_BUYCARD] = buy_card_address() if buys_through_hooks(ids) or dur else 0
    ds, dc = dur_addresses() if dur else (0, 0)
    I[K.I_FN_DSTART] = ds
    I[K.I_FN_DCLEAN] = dc
    I[K.I_FN_TPHASE] = treasure_phase_address() if tfx else 0
    I[K.I_FN_BUYOPTS] = buy_filter_address() if tfx else 0
    I[K.I_FN_TDEFAULT] = treasure_default_address() if tfx else 0
    I[K.I_FN_COSTMORE] = cost_more_address()
    I[K.I_TRACK_PLAYS] = 1 if counts_plays(ids) else 0
    I[K.I_O_HOOK] = hook_at
    I[K.I_O_HLIST] = list_at
    I[K.I_HL_STRIDE] = nc + 1
    for cid in ids:
        addrs = addresses(cid)
        for h, a in enumerate(addrs):
            if a == 0:
                continue
            I[hook_at + cid * nh + h] = a
            base = list_at + h * (nc + 1)
            I[base] += 1
            I[base + int(I[base])] = cid

"""Compilation of a :class:`BotSpec` into the engine's :class:`CompiledBot` arrays."""

from __future__ import annotations

import numpy as np

from ludolab.games.dominion import botcode as bc
from ludolab.games.dominion.bots.fileformat import LIST_KINDS, check_entry, check_option, check_spec
from ludolab.games.dominion.bots.grammar import compile_ast
from ludolab.games.dominion.bots.options import split_options
from ludolab.games.dominion.bots.spec import BotSpec
from ludolab.games.dominion.cards import CARDS, card_id

_COLONY_CARDS = (card_id("Platinum"), card_id("Colony"))


def compile_bot(spec: BotSpec) -> bc.CompiledBot:
    """Validate ``spec`` and compile it for the engine.

    Entries are grouped by list kind (``botcode.LIST_NAMES`` order) keeping their priority
    order; a missing limit is -1 and a missing condition has ``cond_len == 0``. Options not set
    keep their defaults; a card's own options go to ``card_options`` ((card id, slot) -> value).
    ``cards_needed`` is the sorted ids of the kingdom cards the bot may buy or gain (its buy and
    gain lists): the cards a default kingdom must hold for it; and Platinum and Colony if it
    names them (rules ``colony=auto`` then puts them in the Supply: ``kingdom.colony_rules``).
    """
    spec = check_spec(spec)
    rows: list[tuple[int, int, int, int, int]] = []
    code_parts: list[np.ndarray] = []
    code_len = 0
    bounds = np.zeros((bc.NUM_LISTS, 2), dtype=np.int32)
    needed: set[int] = set()
    for kind_idx, kind in enumerate(LIST_KINDS):
        start = len(rows)
        for entry in getattr(spec, kind):
            _e, cid, ast = check_entry(kind, entry, spec.path)
            cond_start = cond_len = 0
            if ast is not None:
                code = compile_ast(ast)
                cond_start, cond_len = code_len, len(code)
                code_parts.append(code)
                code_len += cond_len
            limit = -1 if entry.limit is None else int(entry.limit)
            rows.append((kind_idx, cid, limit, cond_start, cond_len))
            if kind in ("buy", "gain") and (CARDS[cid].is_kingdom or cid in _COLONY_CARDS):
                needed.add(cid)
        bounds[kind_idx] = (start, len(rows))
    options = bc.OPTION_DEFAULTS.copy()
    checked = {name: check_option(name, value, spec.path, None)
               for name, value in spec.options.items()}
    general, card_options = split_options(checked)
    for index, value in general.items():
        options[index] = value
    entries = np.array(rows, dtype=np.int32).reshape(-1, 5)
    code = (
        np.concatenate(code_parts).astype(np.float64)
        if code_parts
        else np.zeros((0, 3), dtype=np.float64)
    )
    return bc.CompiledBot(
        name=spec.name,
        entries=entries,
        list_bounds=bounds,
        code=code,
        options=options,
        cards_needed=tuple(sorted(needed)),
        card_options=card_options,
    )

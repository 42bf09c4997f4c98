"""The compiled bot kernel: hand strength and potential against brute force, Loki-1 decisions in
scripted situations, Loki-2 action frequencies, and the engine's real views."""

import math
from itertools import combinations

import numpy as np
import pokerkit as pk
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludolab.core import rng
from ludolab.games.poker.bots import kernel as K
from ludolab.games.poker.bots import library, load_bot
from ludolab.games.poker.bots import row as R
from ludolab.games.poker.cards import cards_str, parse_cards
from ludolab.games.poker.engine.baseline import baseline_decide
from ludolab.games.poker.engine.layout import (
    CALL,
    FOLD,
    HIST_COLS,
    RAISE,
    V_BET_SIZE,
    V_BIG_BET,
    V_BOARD0,
    V_CAP,
    V_HOLE0,
    V_HOLE1,
    V_KEY,
    V_NACTIVE,
    V_NBOARD,
    V_NSEATS,
    V_NTOACT,
    V_POT,
    V_RAISES,
    V_SMALL_BET,
    V_STREET,
    V_TO_CALL,
    VIEW_SIZE,
)
from ludolab.games.poker.evaluator import eval7_many, eval_cards

HIST = np.zeros((1, HIST_COLS), np.int64)


def view(hole: str, board: str = "", *, pot: int = 6, to_call: int = 0, raises: int = 0,
         nactive: int = 2, ntoact: int = 0, nseats: int = 2, key: int = 7) -> np.ndarray:
    """A view as the engine builds it (limit: bets 2/4, cap 4); only the fields bots read and
    the ones that must be consistent are set."""
    v = np.zeros(VIEW_SIZE, np.int64)
    h = parse_cards(hole)
    b = parse_cards(board) if board else []
    street = {0: 0, 3: 1, 4: 2, 5: 3}[len(b)]
    v[V_HOLE0], v[V_HOLE1] = h
    v[V_BOARD0:V_BOARD0 + 5] = b + [-1] * (5 - len(b))
    v[V_NBOARD] = len(b)
    v[V_STREET] = street
    v[V_POT] = pot
    v[V_TO_CALL] = to_call
    v[V_BET_SIZE] = 2 if street < 2 else 4
    v[V_RAISES] = raises
    v[V_CAP] = 4
    v[V_NACTIVE] = nactive
    v[V_NTOACT] = ntoact
    v[V_NSEATS] = nseats
    v[V_KEY] = key
    v[V_SMALL_BET] = 2
    v[V_BIG_BET] = 4
    return v


def brute_strength(hole: list[int], board: list[int]) -> float:
    """HS by the evaluator's Python entry point, one opponent hand at a time."""
    dead = set(hole) | set(board)
    ours = eval_cards(hole + board)
    score = n = 0.0
    for opp in combinations([c for c in range(52) if c not in dead], 2):
        v = eval_cards(list(opp) + board)
        score += 1.0 if ours > v else (0.5 if ours == v else 0.0)
        n += 1
    return score / n


def strength(hole: str, board: str, samples: int = 0, key: int = 1, pot: bool = True):
    b = parse_cards(board)
    arr = np.array(b + [-1] * (5 - len(b)), np.int64)
    h = parse_cards(hole)
    return K.strength_potential(h[0], h[1], arr, len(b), samples, key, pot)


# --- hand strength and potential ---------------------------------------------------------------

@pytest.mark.parametrize("hole, board", [("AsKs", "QsJs2d 7h 3c"), ("7c7d", "Ah8s2c Kd 7h"),
                                         ("9h8h", "6h5c2h Qs Td")])
def test_river_strength_matches_pokerkit_ranking(hole, board):
    # pokerkit ranks every opponent hand; HS is the share we beat, ties half
    ours = pk.StandardHighHand.from_game(hole, board.replace(" ", ""))
    dead = set(parse_cards(hole + board))
    score = n = 0.0
    for a, b in combinations([c for c in range(52) if c not in dead], 2):
        theirs = pk.StandardHighHand.from_game(cards_str((a, b)).replace(" ", ""),
                                               board.replace(" ", ""))
        score += 1.0 if ours > theirs else (0.5 if ours == theirs else 0.0)
        n += 1
    hs, ppot, npot = strength(hole, board)
    assert n == 990
    assert hs == pytest.approx(score / n, abs=1e-12)
    assert (ppot, npot) == (0.0, 0.0)  # nothing to come


@pytest.mark.parametrize("hole, board", [("6h5h", "AhKh2c"), ("QdQc", "Js9s4d 2h"),
                                         ("As2d", "3c4h Td")])
def test_flop_and_turn_strength_match_brute_force(hole, board):
    hs = strength(hole, board, pot=False)[0]
    assert hs == pytest.approx(brute_strength(parse_cards(hole), parse_cards(board)), abs=1e-12)


def brute_turn_potential(hole: list[int], board: list[int]) -> tuple[float, float]:
    """PPOT/NPOT on the turn from every (opponent hand, river) pair, evaluated in one batch."""
    dead = set(hole) | set(board)
    unseen = [c for c in range(52) if c not in dead]
    rows_end, ours_end = [], []
    for a, b in combinations(unseen, 2):
        for r in unseen:
            if r in (a, b):
                continue
            rows_end.append([*board, r, a, b])
            ours_end.append([*board, r, *hole])
    ends = np.zeros(len(rows_end), np.int32)
    ourv = np.zeros(len(rows_end), np.int32)
    eval7_many(np.array(rows_end, np.int64), ends)
    eval7_many(np.array(ours_end, np.int64), ourv)
    ours_now = eval_cards(hole + board)
    hp = np.zeros((3, 3))
    k = 0
    for a, b in combinations(unseen, 2):
        v = eval_cards([a, b, *board])
        now = 0 if ours_now > v else (1 if ours_now == v else 2)
        for r in unseen:
            if r in (a, b):
                continue
            u, w = ourv[k], ends[k]
            hp[now, 0 if u > w else (1 if u == w else 2)] += 1
            k += 1
    tot = hp.sum(axis=1)
    ppot = (hp[2, 0] + hp[2, 1] / 2 + hp[1, 0] / 2) / (tot[2] + tot[1] / 2)
    npot = (hp[0, 2] + hp[1, 2] / 2 + hp[0, 1] / 2) / (tot[0] + tot[1] / 2)
    return ppot, npot


def test_exact_turn_potential_matches_brute_force():
    hole, board = parse_cards("8h7h"), parse_cards("6h5c Kh 2d")  # open-ended and flush draw
    _hs, ppot, npot = strength("8h7h", "6h5cKh2d")
    want = brute_turn_potential(hole, board)
    assert (ppot, npot) == pytest.approx(want, abs=1e-12)
    assert 0.3 < ppot < 0.45  # 15 outs of 44 rivers against most of the hands ahead of us


def test_sampled_potential_is_keyed_and_within_its_sampling_band():
    _hs, exact, _ = strength("6h5h", "AhKh2c", samples=0)
    hs, a, _ = strength("6h5h", "AhKh2c", samples=20_000, key=11)
    assert strength("6h5h", "AhKh2c", samples=20_000, key=11)[1] == a  # same key, same figure
    assert strength("6h5h", "AhKh2c", samples=20_000, key=12)[1] != a
    # PPOT is a proportion over the ~(1 - HS) * samples pairs where we are behind or tied:
    # five binomial standard errors of that many draws
    n_eff = (1 - hs) * 20_000
    assert abs(a - exact) < 5 * math.sqrt(exact * (1 - exact) / n_eff)


# --- Loki-1 decisions ---------------------------------------------------------------------------

LOKI1 = load_bot("Loki-1").row
EXACT = load_bot("Loki-1 Exact").row


def with_params(row: np.ndarray, **params: float) -> np.ndarray:
    out = row.copy()
    for name, value in params.items():
        out[getattr(R, name)] = value
    return out


def test_the_nuts_on_the_river_raises_even_at_three_bets():
    v = view("AsKs", "QsJsTs 2c 3d", pot=60, to_call=4, raises=3, nactive=3)
    assert K.decide(LOKI1, v, HIST) == RAISE


def test_seven_deuce_offsuit_under_the_gun_folds_and_aces_raise():
    utg = dict(pot=3, to_call=2, raises=1, nactive=10, ntoact=9, nseats=10)
    assert K.decide(LOKI1, view("7c2d", **utg), HIST) == FOLD
    assert K.decide(LOKI1, view("AcAd", **utg), HIST) == RAISE
    # a middling hand: called on the button (nobody left to act but the blinds), folded UTG
    # (thresholds: make1 50 + 20 per seat still to act; A9o's income rate is ~126)
    assert 50 + 20 * 2 < K.INCOME_RATE[K.hand_class(*parse_cards("Ac9d"))] < 50 + 20 * 9
    assert K.decide(LOKI1, view("Ac9d", **utg), HIST) == FOLD
    button = dict(utg, ntoact=2)
    assert K.decide(LOKI1, view("Ac9d", **button), HIST) == CALL


def test_flush_draw_calls_a_bet_on_pot_odds_and_bets_it_when_checked_to():
    # 6h5h on Ah Kh 2c, three in the hand: HS^2 ~0.004, PPOT ~0.46 (exact), EHS ~0.46 < make1
    hsn, ppot, ehs = K.effective_strength(EXACT, view("6h5h", "AhKh2c", nactive=3))
    assert hsn < 0.01 and 0.4 < ppot < 0.5 and ehs < 0.5
    facing = view("6h5h", "AhKh2c", pot=14, to_call=2, raises=1, nactive=3)
    assert K.decide(EXACT, facing, HIST) == CALL  # pot odds 2/16 = 0.125 <= PPOT
    assert K.decide(with_params(EXACT, P_POT_ODDS=0), facing, HIST) == FOLD
    checked_to = view("6h5h", "AhKh2c", pot=12, nactive=3)
    assert K.decide(EXACT, checked_to, HIST) == RAISE  # semi-bluff: PPOT >= 0.4
    assert K.decide(with_params(EXACT, P_SEMI_BLUFF=0.6), checked_to, HIST) == CALL  # check


def test_river_showdown_odds_call_a_big_pot_and_fold_a_small_one():
    # second pair on the river against two opponents: HS ~0.70, HS^2 ~0.49; make1 set out of
    # reach so that only the showdown-odds rule can call
    row = with_params(LOKI1, P_MAKE1=0.95, P_MAKE2=0.97, P_MAKE4=0.99)
    big = view("Kd9c", "As9h6c 2d Jh", pot=60, to_call=4, raises=1, nactive=3)
    small = view("Kd9c", "As9h6c 2d Jh", pot=4, to_call=4, raises=1, nactive=3)
    hsn = K.effective_strength(row, big)[0]
    assert 4 / 64 < hsn < 4 / 8  # the big pot's odds are 0.0625, the small one's 0.5
    assert K.decide(row, big, HIST) == CALL
    assert K.decide(row, small, HIST) == FOLD
    assert K.decide(with_params(row, P_SHOWDOWN_ODDS=0), big, HIST) == FOLD


def test_make_levels_after_the_flop():
    # a hand of known EHS (exact potential): thresholds placed around it pick each level
    base = view("AdKc", "Kh7c2d", pot=8, nactive=2)
    ehs = K.effective_strength(EXACT, base)[2]
    assert 0.8 < ehs < 0.99  # top pair, top kicker
    make1 = with_params(EXACT, P_MAKE1=ehs - 0.05, P_MAKE2=ehs + 0.01, P_MAKE4=ehs + 0.02)
    make2 = with_params(EXACT, P_MAKE1=ehs - 0.1, P_MAKE2=ehs - 0.05, P_MAKE4=ehs + 0.01)
    make4 = with_params(EXACT, P_MAKE1=ehs - 0.1, P_MAKE2=ehs - 0.05, P_MAKE4=ehs - 0.01)

    def facing(bets, to_call):
        return view("AdKc", "Kh7c2d", pot=8 + 2 * bets, to_call=to_call, raises=bets)

    assert K.decide(make1, base, HIST) == RAISE          # bets when nobody has
    assert K.decide(make1, facing(1, 2), HIST) == CALL   # calls one bet
    # two bets to call: beyond make1; PPOT of a made hand is below the pot odds -> fold
    assert K.decide(make1, facing(2, 4), HIST) == FOLD
    assert K.decide(make2, facing(1, 2), HIST) == RAISE  # raises to two bets
    assert K.decide(make2, facing(2, 4), HIST) == CALL   # then calls any
    assert K.decide(make4, facing(3, 6), HIST) == RAISE  # raises to the cap
    # nothing at all, nothing owed: check (a FOLD would be played as a check anyway)
    assert K.decide(LOKI1, view("3c2d", "AhKsQd 9h 7s", pot=20), HIST) == CALL
    # nothing at all facing a river bet into a small pot: fold
    assert K.decide(LOKI1, view("3c2d", "AhKsQd 9h 7s", pot=8, to_call=4, raises=1),
                    HIST) == FOLD


def test_baseline_kinds_are_the_engines():
    for spec in ("call", "raise", "random:0.2:0.5"):
        row = load_bot(spec).row
        for key in range(50):
            v = view("AsKd", key=int(rng.mix64(key) >> 1))
            assert K.decide(row, v, HIST) == baseline_decide(row, v, HIST)


# --- Loki-2 frequencies ---------------------------------------------------------------------------

def keyed_counts(row: np.ndarray, v: np.ndarray, n: int) -> np.ndarray:
    counts = np.zeros(3, np.int64)
    for i in range(n):
        v[V_KEY] = np.int64(np.uint64(rng.keyed_u64(99, 0, 17, i)).astype(np.int64))
        counts[K.decide(row, v, HIST)] += 1
    return counts


@pytest.mark.parametrize("hole, board, to_call, street, bucket", [
    ("AsKs", "QsJsTs 2c 3d", 4, 3, 4),  # the nuts facing a river bet: top bucket
    ("7c2d", "", 2, 0, 0),              # 7-2 offsuit facing the blind: bottom percentile
    ("AsKs", "QsJsTs 2c 3d", 0, 3, 4),  # the nuts, nothing owed
])
def test_loki2_action_frequencies_follow_its_triple(hole, board, to_call, street, bucket):
    row = load_bot("Loki-2").row
    facing = int(to_call > 0)
    off = R.P_TRIPLES + ((street * 2 + facing) * R.MAX_BUCKETS + bucket) * 3
    p = row[off:off + 3]
    n = 6000
    got = keyed_counts(row, view(hole, board, pot=20, to_call=to_call, raises=facing), n)
    # each count is binomial(n, p): within five standard deviations (a false alarm ~1e-6)
    for k in range(3):
        assert abs(got[k] - n * p[k]) <= 5 * math.sqrt(n * p[k] * (1 - p[k])) + 1e-9, (got, p)


# --- real views ----------------------------------------------------------------------------------

def test_decisions_on_engine_views_reproduce_the_traced_hand():
    from ludolab.games.poker.bots import resolve_bots
    from ludolab.games.poker.engine import Engine

    _names, bots = resolve_bots(["Loki-1", "Loki-2", "Loki-1 Loose", "random:0.1:0.6"], None)
    e = Engine("limit", 4)
    seen = 0
    for seed in rng.game_seeds(5, 0, 30):
        h = e.trace(bots, int(seed), int(seed) % 4, [0, 1, 2, 3])
        actions = [ev for ev in h.events if ev.kind == "action"]
        for k, vw in enumerate(h.views):
            a = K.decide(bots[h.seating[vw[0]]], vw, h.hist)
            played = h.hist[k, 2]
            if (a == FOLD and vw[V_TO_CALL] == 0) or (a == RAISE and vw[V_RAISES] >= vw[V_CAP]):
                a = CALL
            assert a == played, (k, actions[k])
            seen += 1
    assert seen > 100


# --- properties over random situations ------------------------------------------------------------

FAST_BOTS = [b.row for b in library() if not (b.kind == "loki1" and b.row[R.P_SAMPLES] == 0)]


@settings(max_examples=150, deadline=None)
@given(st.permutations(range(52)), st.sampled_from([0, 3, 4, 5]), st.integers(0, 2**63 - 1),
       st.integers(2, 10), st.integers(0, 4), st.integers(0, 9), st.integers(0, 200))
def test_every_library_bot_answers_fold_call_or_raise(deck, nboard, key, nactive, raises, ntoact,
                                                      pot):
    cards = list(deck[:2 + nboard])
    hole, board = cards[:2], cards[2:]
    v = view(cards_str(hole), cards_str(board), pot=pot + 3, to_call=2 * min(raises, 1),
             raises=raises, nactive=nactive, ntoact=min(ntoact, nactive - 1), nseats=10,
             key=key)
    for row in FAST_BOTS:
        assert K.decide(row, v, HIST) in (FOLD, CALL, RAISE)
    if nboard:
        b = np.array(board + [-1] * (5 - nboard), np.int64)
        hs, ppot, npot = K.strength_potential(hole[0], hole[1], b, nboard, 200, key, True)
        assert 0 <= hs <= 1 and 0 <= ppot <= 1 and 0 <= npot <= 1
        assert K.strength_potential(hole[0], hole[1], b, nboard, 200, key, False)[0] == hs
        if nboard == 5:
            assert (ppot, npot) == (0.0, 0.0)

"""Poker through the generic API: conformance for 2 to 10 seats, the same chips as the compiled
engine for the same deal, search players at the table, hidden information."""

import numpy as np
import pytest

from ludolab.core import Match, check_game
from ludolab.core import rng as _rng
from ludolab.errors import LudolabError
from ludolab.games.poker.adapter import PokerState, engine_deal
from ludolab.games.poker.engine import Engine, baseline_bots
from ludolab.games.poker.engine.layout import CALL, FOLD, HOLE_SLOT, PURPOSE_DECIDE, RAISE
from ludolab.players.base import RandomPlayer
from ludolab.players.montecarlo import MonteCarloPlayer
from ludolab.players.uct import UCTPlayer


class Fixed:
    """Always raise (when allowed) or always call: the engine's baseline kinds 1 and 0."""

    def __init__(self, raise_: bool) -> None:
        self.raise_ = raise_

    def choose(self, state, seat, rng):
        moves = state.legal_moves(seat)
        return RAISE if self.raise_ and RAISE in moves else CALL


@pytest.mark.parametrize("n", range(2, 11))
def test_conformance(n):
    check_game(lambda seed: PokerState(n, button=seed % n), range(40), check_clone_every=3)


def test_same_chips_as_the_engine_for_the_same_deal():
    seeds = _rng.game_seeds(9, 0, 30)
    for n in (2, 3, 6, 10):
        kinds = [bool(k) for k in np.random.default_rng(n).integers(0, 2, n)]
        engine = Engine("limit", n)
        bots = baseline_bots("call", "raise")
        for i, seed in enumerate(seeds):
            b = i % n
            result = Match(PokerState(n, button=b), [Fixed(k) for k in kinds], seed=int(seed)).run()
            rec = engine.play(bots, seeds[i:i + 1], b, [int(k) for k in kinds])
            state = result.final_state
            assert state.chips() == rec.chips[0].tolist()
            assert list(state.board()) == rec.board[0].tolist()
            assert [state.hole(s) for s in range(n)] == [tuple(h) for h in rec.hole[0].tolist()]


def test_search_players_sit_at_a_table():
    players = [RandomPlayer(), MonteCarloPlayer(simulations=30), UCTPlayer(simulations=30)]
    result = Match(PokerState(3), players, seed=4).run()
    assert result.final_state.is_terminal()
    assert sum(result.returns) == pytest.approx(0.0)


def test_moves_hidden_information_and_errors():
    s = PokerState(2, button=1)
    for slot in range(HOLE_SLOT, HOLE_SLOT + 4):
        s.apply_chance(engine_deal(5, 9)[slot])
    assert s.active_seats() == (1,)  # heads-up: the button posts the small blind, acts first
    assert s.legal_moves(1) == (FOLD, CALL, RAISE) and s.legal_moves(0) == ()
    info = s.information_state(0)
    assert s.hole(0)[0] in info[4] and s.hole(1)[0] not in info[4]  # its own cards, not seat 1's
    world = s.resample(0, np.random.default_rng(1))
    assert world.hole(0) == s.hole(0) and world.hole(1) != s.hole(1)
    assert len({*world.hole(0), *world.hole(1)}) == 4
    assert world.information_state(0) == info
    assert world.information_state(1) != s.information_state(1)
    s.apply(FOLD)
    assert s.is_terminal() and s.returns() == (0.5, -0.5)
    with pytest.raises(LudolabError, match=r"^poker needs 2 to 10 seats, got 1$"):
        PokerState(1)
    with pytest.raises(LudolabError, match=r"^button must be a seat 0..2, got 3$"):
        PokerState(3, button=3)


class KeyedRandom:
    """The engine's KIND_RANDOM in Python: the uniform of decision key
    ``keyed_u64(deal seed, seat, PURPOSE_DECIDE, decision number)`` picks fold/call/raise."""

    def __init__(self, seed: int, p_fold: float, p_call: float) -> None:
        self.seed, self.p_fold, self.p_call = seed, p_fold, p_call
        self.count: dict[int, int] = {}

    def choose(self, state, seat, rng):
        k = self.count.get(seat, 0)
        self.count[seat] = k + 1
        u = _rng.keyed_uniform(self.seed, seat, PURPOSE_DECIDE, k)
        want = FOLD if u < self.p_fold else CALL if u < self.p_fold + self.p_call else RAISE
        moves = state.legal_moves(seat)
        return want if want in moves else CALL


def test_decision_keys_match_the_documented_stream():
    seeds = _rng.game_seeds(12, 0, 60)
    for n in (2, 5):
        engine = Engine("limit", n)
        bots = baseline_bots("random:0.2:0.5")
        for i, seed in enumerate(seeds):
            players = [KeyedRandom(int(seed), 0.2, 0.5) for _ in range(n)]
            state = Match(PokerState(n, button=i % n), players, seed=int(seed)).run().final_state
            rec = engine.play(bots, seeds[i:i + 1], i % n, [0] * n)
            assert state.chips() == rec.chips[0].tolist()
            assert [h[2] for h in state.history] != [] and len(state.history) == rec.n_actions[0]


def _deal(state, holes, board_after):
    """Deal the hole cards seat by seat, then play ``board_after[street]`` as streets open."""
    from ludolab.games.poker.cards import parse_cards

    for h in holes:
        for c in parse_cards(h):
            state.apply_chance(c)
    return [parse_cards(b) for b in board_after]


def _play(state, script, boards):
    """Apply moves per street; deal the next board cards whenever the state asks for chance."""
    streets = iter(boards)
    for moves in script:
        while state.is_chance():
            for c in next(streets):
                state.apply_chance(c)
        for seat, move in moves:
            assert state.active_seats() == (seat,), (seat, state)
            state.apply(move)


def test_scripted_split_pot_with_an_odd_chip():
    # 3 seats, button 0: seat 1 posts 1 and folds, seat 0 calls, seat 2 checks; the board is a
    # broadway straight both remaining seats play: pot 5 splits 2 + 2, the odd chip to the first
    # winner left of the button (seat 2)
    s = PokerState(3, button=0)
    boards = _deal(s, ["2c3d", "4h5s", "7c8d"], ["TsJsQd", "Kc", "Ah"])
    _play(s, [[(0, CALL), (1, FOLD), (2, CALL)], [(2, CALL), (0, CALL)], [(2, CALL), (0, CALL)],
              [(2, CALL), (0, CALL)]], boards)
    assert s.is_terminal() and s.pot() == 5
    assert s.chips() == [0, -1, 1]


def test_scripted_heads_up_raising_war_to_the_cap():
    # button 0 holds aces, seat 1 kings; both raise whenever allowed: 4 bets a street
    s = PokerState(2, button=0)
    boards = _deal(s, ["AcAd", "KcKd"], ["2h7s9c", "Js", "3d"])
    pre = [(0, RAISE), (1, RAISE), (0, RAISE), (1, CALL)]  # 2 (blind), 4, 6, 8 chips
    post = [(1, RAISE), (0, RAISE), (1, RAISE), (0, RAISE), (1, CALL)]
    _play(s, [pre, post, post, post], boards)
    assert s.legal_moves(0) == () and s.is_terminal()
    assert s.invested == [48, 48] and s.chips() == [48, -48] and s.returns() == (24.0, -24.0)


def _expected_view(state, seed: int, decision: int) -> list[int]:
    """Every view field recomputed from the adapter's (independent, pure-Python) state."""
    from ludolab.games.poker.engine import layout as L

    p, n, r = state.to_act, state.n, state.rules
    view = [0] * L.VIEW_SIZE
    board = list(state.board())
    calls, last = 0, (state.bb if state.street == 0 else -1)
    for street, seat, action, _ in state.history:
        if street == state.street and action == CALL:
            calls += 1
        elif street == state.street and action == RAISE:
            calls, last = 0, seat
    key = _rng.keyed_u64(seed, p, PURPOSE_DECIDE, decision)
    fields = {
        L.V_SEAT: p, L.V_NSEATS: n, L.V_BUTTON: state.button, L.V_STREET: state.street,
        L.V_HOLE0: state.hole(p)[0], L.V_HOLE1: state.hole(p)[1], L.V_NBOARD: len(board),
        L.V_POT: state.pot(), L.V_TO_CALL: state.level - state.rinv[p],
        L.V_BET_SIZE: r.bet_size(state.street), L.V_RAISES: state.nbets, L.V_CAP: r.cap,
        L.V_NACTIVE: sum(state.active), L.V_NTOACT: sum(state.need) - 1,
        L.V_POSITION: (p - state.button) % n or n, L.V_INVESTED: state.invested[p],
        L.V_KEY: key - (1 << 64) if key >= 1 << 63 else key, L.V_NHIST: len(state.history),
        L.V_DECISION: decision, L.V_SMALL_BET: r.small_bet, L.V_BIG_BET: r.big_bet,
        L.V_ACTIVE_MASK: sum(1 << s for s in range(n) if state.active[s]),
        L.V_ROUND_INVESTED: state.rinv[p], L.V_NCALLERS: calls, L.V_LAST_BETTOR: last,
        L.V_SB_SEAT: state.sb, L.V_BB_SEAT: state.bb,
    }
    for i in range(5):
        fields[L.V_BOARD0 + i] = board[i] if i < len(board) else -1
    for k, value in fields.items():
        view[k] = value
    assert len(fields) == L.VIEW_SIZE  # every offset is checked
    return view


@pytest.mark.parametrize("n", [2, 3, 7, 10])
def test_every_view_field_matches_the_adapter_state(n):
    engine = Engine("limit", n)
    bots = baseline_bots("random:0.15:0.5")
    for i, seed in enumerate(_rng.game_seeds(30 + n, 0, 25)):
        seed = int(seed)
        button = i % n
        players = [KeyedRandom(seed, 0.15, 0.5) for _ in range(n)]
        expected, counts = [], {}

        def before_move(state, record, seed=seed, counts=counts, expected=expected):
            k = counts.get(record.seat, 0)
            counts[record.seat] = k + 1
            expected.append(_expected_view(state, seed, k))

        m = Match(PokerState(n, button=button), players, seed=seed)
        final = m.on("move", before_move).run().final_state
        h = engine.trace(bots, seed, button, [0] * n)
        assert h.views.tolist() == expected
        assert h.hist.tolist() == [list(row) for row in final.history]

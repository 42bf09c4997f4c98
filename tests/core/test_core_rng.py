"""Keyed random streams: pure functions of their keys, independent keys, uniform draws."""

from __future__ import annotations

import hashlib
import warnings

import numpy as np
import pytest
from scipy import stats

from ludolab.core import rng
from ludolab.errors import LudolabError


def test_splitmix64_matches_the_reference_sequence() -> None:
    # The first three outputs of SplitMix64 from state 0, as published with the reference C code.
    state = 0
    words = []
    for _ in range(3):
        state, word = rng.splitmix_next(state)
        words.append(word)
    assert words == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
    assert rng.mix64(0) == 0xE220A8397B1DCDAF


def test_keyed_word_is_pinned() -> None:
    # The arena and the compiled Dominion kernel rely on this exact scheme: pin one word of it.
    expected = rng.mix64(rng.mix64(rng.mix64(rng.mix64(7) ^ 1) ^ rng.DIE) ^ 3)
    assert rng.keyed_u64(7, 1, rng.DIE, 3) == expected
    assert rng.keyed_u64(0, 0, 0, 0) == 2391539541053276776


def test_draws_are_pure_functions_of_their_keys() -> None:
    a = [rng.keyed_u64(11, seat, rng.DIE, i) for seat in range(3) for i in range(50)]
    # Interleave other draws in between: a keyed draw has no hidden state.
    _ = [rng.keyed_uniform(99, 0, rng.SHUFFLE, i) for i in range(100)]
    b = [rng.keyed_u64(11, seat, rng.DIE, i) for seat in range(3) for i in range(50)]
    assert a == b
    assert rng.keyed_uniform(5, 0, rng.DIE, 9) == rng.keyed_uniform(5, 0, rng.DIE, 9)
    s1 = rng.stream(5, 1, rng.PLAYER).random(8)
    s2 = rng.stream(5, 1, rng.PLAYER).random(8)
    assert np.array_equal(s1, s2)


def test_numpy_seeds_give_the_same_words_without_overflow_warnings() -> None:
    seeds = rng.game_seeds(3, 0, 5)
    assert seeds.dtype == np.uint64
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for s in seeds:
            word = rng.keyed_u64(s, 0, rng.DIE, 0)
            assert type(word) is int
            assert word == rng.keyed_u64(int(s), 0, rng.DIE, 0)
        rng.stream(seeds[0], 1, rng.PLAYER)


def test_game_seeds_do_not_depend_on_chunking() -> None:
    whole = rng.game_seeds(42, 0, 20)
    parts = np.concatenate([rng.game_seeds(42, 0, 7), rng.game_seeds(42, 7, 13)])
    assert np.array_equal(whole, parts)
    assert len(set(whole.tolist())) == 20


@pytest.mark.parametrize("position", [0, 1, 2, 3])
def test_neighbouring_keys_give_unrelated_words(position: int) -> None:
    # Changing any one key by 1 should flip each of the 64 bits with probability 1/2. Over 2000
    # pairs the mean Hamming distance has standard deviation sqrt(64 / 4) / sqrt(2000) = 0.089,
    # so the band 32 +- 0.6 is more than 6 sigma wide: a weak mix fails it, a good one never.
    flips = []
    for base in range(2000):
        keys = [base * 7 + 1, base % 5, 3, base]
        other = list(keys)
        other[position] += 1
        flips.append(bin(rng.keyed_u64(*keys) ^ rng.keyed_u64(*other)).count("1"))
    assert abs(np.mean(flips) - 32.0) < 0.6


def test_seats_streams_are_uncorrelated() -> None:
    # Pearson correlation of 20000 pairs of independent uniforms has standard deviation
    # 1 / sqrt(20000) = 0.0071; |r| < 0.035 is a 5-sigma band.
    n = 20000
    u0 = np.array([rng.keyed_uniform(8, 0, rng.DIE, i) for i in range(n)])
    u1 = np.array([rng.keyed_uniform(8, 1, rng.DIE, i) for i in range(n)])
    u_next = np.array([rng.keyed_uniform(8, 0, rng.DIE, i + 1) for i in range(n)])
    assert abs(np.corrcoef(u0, u1)[0, 1]) < 0.035
    assert abs(np.corrcoef(u0, u_next)[0, 1]) < 0.035


def test_die_faces_are_uniform_by_chi_square() -> None:
    # 60000 keyed die rolls; under uniformity the Pearson statistic follows chi-square with 5
    # degrees of freedom. Both tails at p = 1e-6: too far from uniform, or suspiciously perfect.
    faces = np.array([rng.keyed_below(6, 2024, 0, rng.DIE, i) for i in range(60000)])
    counts = np.bincount(faces, minlength=6)
    assert counts.sum() == 60000 and len(counts) == 6
    chi2 = stats.chisquare(counts).statistic
    assert stats.chi2.ppf(1e-6, 5) < chi2 < stats.chi2.ppf(1 - 1e-6, 5)


def test_uniform_floats_pass_kolmogorov_smirnov() -> None:
    # For n uniforms, P(KS statistic > x / sqrt(n)) ~ 2 exp(-2 x^2): x = 2.3 gives p ~ 5e-5, so
    # a good generator passes and a biased one (say 1% of mass shifted) fails. The draws are
    # fixed by the keys, so the test is deterministic.
    u = np.array([rng.keyed_uniform(77, rng.TABLE, rng.CHANCE, i) for i in range(20000)])
    assert u.min() >= 0.0 and u.max() < 1.0
    assert stats.kstest(u, "uniform").statistic < 2.3 / np.sqrt(len(u))


def test_keyed_below_range_and_error() -> None:
    values = {rng.keyed_below(3, 1, 0, rng.DIE, i) for i in range(200)}
    assert values == {0, 1, 2}
    with pytest.raises(ValueError, match=r"^keyed_below needs n >= 1, got 0$"):
        rng.keyed_below(0, 1, 0, rng.DIE, 0)


def test_purpose_codes_are_stable_and_distinct() -> None:
    digest = hashlib.blake2b(b"shuffle", digest_size=4).digest()
    assert rng.purpose("shuffle") == int.from_bytes(digest, "little") >> 1
    assert rng.purpose("die") == 1676943977
    assert rng.purpose("die") != rng.purpose("dice")
    assert 0 <= rng.purpose("anything") < 2**31


def test_streams_differ_by_seat_and_purpose() -> None:
    a = rng.stream(1, 0, rng.PLAYER).random(4)
    assert not np.array_equal(a, rng.stream(1, 1, rng.PLAYER).random(4))
    assert not np.array_equal(a, rng.stream(1, 0, rng.SHUFFLE).random(4))
    assert not np.array_equal(a, rng.stream(2, 0, rng.PLAYER).random(4))


def test_purposes_are_registered_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # every numbered purpose has its own code, and the compiled kernels use the same numbers
    from ludolab.games.dominion.engine import kernel as K
    from ludolab.games.poker.engine import layout as poker_layout

    fixed = [rng.DIE, rng.SHUFFLE, rng.PLAYER, rng.SCHEDULE, rng.GAME, rng.CHANCE, rng.RESAMPLE,
             rng.POKER_DEAL, rng.POKER_DECIDE]
    assert len(set(fixed)) == len(fixed)
    assert all(c in rng.PURPOSES for c in fixed)
    assert (K.RNG_SHUFFLE, K.RNG_PLAYER) == (rng.SHUFFLE, rng.PLAYER)
    assert (poker_layout.PURPOSE_DEAL, poker_layout.PURPOSE_DECIDE) == (
        rng.POKER_DEAL, rng.POKER_DECIDE)
    monkeypatch.setattr(rng, "PURPOSES", dict(rng.PURPOSES))
    code = rng.purpose("tests/a named stream")
    assert rng.PURPOSES[code] == "tests/a named stream"
    assert rng.purpose("tests/a named stream") == code  # asking again is the same stream
    # a name whose code another stream already has is refused, not shared
    rng.PURPOSES[rng.purpose("tests/another")] = "someone else"
    with pytest.raises(LudolabError, match="collides with 'someone else'"):
        rng.purpose("tests/another")

"""Keyed random streams: every random draw is a pure function of what it is *for*.

The scheme
----------
A draw is identified by four integers ``(game_seed, seat, purpose, index)``:

* ``game_seed`` -- the seed of one game (a run derives game seeds from its master seed with
  :func:`game_seeds`, so game *g* of a run has the same seed however the run is chunked);
* ``seat`` -- the seat whose luck this is (a chance event that belongs to no seat uses
  :data:`TABLE`);
* ``purpose`` -- what the draw is for (:data:`DIE`, :data:`SHUFFLE`, :data:`PLAYER`,
  :data:`RESAMPLE`, ... or any
  integer a game defines; :func:`purpose` turns a name into a stable integer);
* ``index`` -- the how-many-th draw of that kind for that seat (the seat's 7th die roll, its 3rd
  shuffle).

:func:`keyed_u64` hashes the four keys through four rounds of the SplitMix64 finaliser (a full
64-bit avalanche each), so neighbouring keys give independent-looking words. A shuffle or any
other multi-draw event starts a SplitMix64 sequence from that word (:func:`splitmix_next`).
Because the key names the seat and the count of that seat's own events, the same game seed gives
the same dice (or the same shuffles) to the same seat whatever the other players do -- which is
what makes duplicate seating work -- and a result never depends on how games are split over
processes. Compiled kernels (the Dominion engine) carry a ``uint64`` twin of these
functions; a test asserts that both give the same words.

For players and other consumers that want a numpy ``Generator``, :func:`stream` builds one from
``Philox`` keyed by the same four integers.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache

import numpy as np

from ludolab.errors import LudolabError

MASK64 = (1 << 64) - 1
#: Seeds are whole numbers from 0 to SEED_MAX, the same range for every command, file and
#: function; a seed outside it is refused (reduced modulo 2**64 it would replay the games of
#: another seed while reporting its own).
SEED_MAX = MASK64
GOLDEN = 0x9E3779B97F4A7C15

#: Seat value for chance events that belong to nobody (a shared deck, the table).
TABLE = 255

# Purposes: every stream of the project is declared here, by number or by name, so that no two
# streams can collide (PURPOSES; a name given to :func:`purpose` is checked against them).
DIE = 1
SHUFFLE = 2
PLAYER = 3
SCHEDULE = 4
GAME = 5
CHANCE = 6
#: A search player's draw of what its seat cannot see (``GameState.resample``, and the Dominion
#: search's re-deals): stream ``(search seed, seat, RESAMPLE, k)`` gives the k-th determinization.
RESAMPLE = 7
POKER_DEAL = 16  # card i of a poker deal: keyed_u64(deal seed, TABLE, POKER_DEAL, i)
POKER_DECIDE = 17  # a poker bot's decision keys

#: Every stream purpose in use, by code: the numbered ones above, and each name given to
#: :func:`purpose` once it is used (a named purpose whose code another one has is refused).
PURPOSES: dict[int, str] = {
    DIE: "DIE", SHUFFLE: "SHUFFLE", PLAYER: "PLAYER", SCHEDULE: "SCHEDULE", GAME: "GAME",
    CHANCE: "CHANCE", RESAMPLE: "RESAMPLE", POKER_DEAL: "POKER_DEAL", POKER_DECIDE: "POKER_DECIDE",
}


def check_seed(seed: object, what: str = "seed") -> int:
    """``seed`` as an int if it is a whole number in ``0..SEED_MAX``, else a one-line error.

    >>> check_seed(7)
    7
    >>> check_seed(-1)
    Traceback (most recent call last):
    ...
    ludolab.errors.LudolabError: seed must be a whole number from 0 to 18446744073709551615, got -1
    """
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not (
        0 <= int(seed) <= SEED_MAX
    ):
        shown = repr(seed) if len(repr(seed)) <= 40 else repr(seed)[:37] + "..."
        raise LudolabError(f"{what} must be a whole number from 0 to {SEED_MAX}, got {shown}")
    return int(seed)


def purpose(name: str) -> int:
    """A stable 31-bit purpose code for a name (independent of Python's hash seed), registered
    in :data:`PURPOSES`; a code that another purpose already has is an error, never a silent
    collision of two streams.

    >>> purpose("dominion.kingdom") == purpose("dominion.kingdom")
    True
    """
    code = int.from_bytes(hashlib.blake2b(name.encode(), digest_size=4).digest(), "little") >> 1
    other = PURPOSES.setdefault(code, name)
    if other != name:
        raise LudolabError(f"stream purpose {name!r} collides with {other!r} (code {code})")
    return code


def mix64(z: int) -> int:
    """The SplitMix64 finaliser: a bijective 64-bit avalanche."""
    z = (z + GOLDEN) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def keyed_u64(seed: int, seat: int, purpose: int, index: int) -> int:
    """The 64-bit word for draw ``(seed, seat, purpose, index)``; a pure function of its keys.

    Keys may be Python or numpy integers (e.g. the ``uint64`` seeds of :func:`game_seeds`); they
    are taken as Python ints so the arithmetic never overflows and the word is a Python int.
    """
    return mix64(_prefix(int(seed), int(seat), int(purpose)) ^ (int(index) & MASK64))


@lru_cache(maxsize=1 << 14)
def _prefix(seed: int, seat: int, purpose: int) -> int:
    """The first three rounds of :func:`keyed_u64`, cached: consecutive draws of one seat and
    purpose (a seat's dice) then cost one round each."""
    h = mix64(seed & MASK64)
    h = mix64(h ^ (seat & MASK64))
    return mix64(h ^ (purpose & MASK64))


def splitmix_next(state: int) -> tuple[int, int]:
    """One step of a SplitMix64 sequence: returns ``(new_state, word)``."""
    state = (state + GOLDEN) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def keyed_uniform(seed: int, seat: int, purpose: int, index: int) -> float:
    """A float in [0, 1) for draw ``(seed, seat, purpose, index)`` (53 random bits)."""
    return (keyed_u64(seed, seat, purpose, index) >> 11) * (1.0 / (1 << 53))


def keyed_below(n: int, seed: int, seat: int, purpose: int, index: int) -> int:
    """An integer in ``range(n)`` for draw ``(seed, seat, purpose, index)`` (multiply-shift)."""
    if n <= 0:
        raise ValueError(f"keyed_below needs n >= 1, got {n}")
    return ((keyed_u64(seed, seat, purpose, index) >> 32) * n) >> 32


def _mix64_array(z: np.ndarray) -> np.ndarray:
    """:func:`mix64` over a ``uint64`` array (wrapping arithmetic)."""
    with np.errstate(over="ignore"):
        z = z + np.uint64(GOLDEN)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        return z ^ (z >> np.uint64(31))


def game_seeds_at(master_seed: int, indices: np.ndarray | list[int]) -> np.ndarray:
    """Seeds of games (or deals) ``indices`` of a run: ``keyed_u64(master, TABLE, GAME, g)``.

    Vectorised; game *g* always gets the same seed however the run is split. Returns ``uint64``.
    """
    idx = np.asarray(indices, dtype=np.int64).astype(np.uint64)
    h = mix64(mix64(mix64(master_seed & MASK64) ^ TABLE) ^ GAME)
    return _mix64_array(np.uint64(h) ^ idx)


def game_seeds(master_seed: int, start: int, count: int) -> np.ndarray:
    """Seeds of games ``start .. start+count-1`` of a run (see :func:`game_seeds_at`)."""
    return game_seeds_at(master_seed, np.arange(start, start + count, dtype=np.int64))


def stream(seed: int, seat: int, purpose: int, index: int = 0) -> np.random.Generator:
    """A numpy ``Generator`` (Philox) keyed by the same four integers as :func:`keyed_u64`."""
    key = keyed_u64(seed, seat, purpose, index)
    key2 = mix64(key ^ 0xD1B54A32D192ED03)
    return np.random.Generator(np.random.Philox(key=np.array([key, key2], dtype=np.uint64)))

"""A damaged results file keeps every intact frame, says what it set aside, and trusts nothing
that only looks sound; one flipped byte anywhere loses at most FRAME_GAMES (512) games."""

from __future__ import annotations

import json
import struct
import warnings
import zlib
from pathlib import Path

import numpy as np
import pytest
from test_runner import SeedTask, reference  # the runner tests' task and its expected records

from ludolab.arena.resultsfile import FRAME_GAMES, run_fingerprint
from ludolab.arena.runner import (
    RecordBatch,
    ResultsFileWarning,
    read_records_file,
    run_games,
)
from ludolab.errors import LudolabError

FRAME = struct.Struct("<4sQI")
MAGIC = b"LUDOLAB RECORDS1"


def frames(path: Path) -> list[tuple[int, bytes, int]]:
    """(offset, kind, payload length) of every frame of a sound file."""
    data = path.read_bytes()
    pos, out = len(MAGIC), []
    while pos < len(data):
        kind, length, _ = FRAME.unpack_from(data, pos)
        out.append((pos, kind, length))
        pos += FRAME.size + length
    return out


def five_chunks(tmp_path: Path) -> Path:
    out = tmp_path / "run.lrec"
    run_games(SeedTask(), 20, workers=1, chunk_size=4, results_file=out)
    assert [k for _, k, _ in frames(out)] == [b"HEAD"] * 2 + [b"REC2"] * 5
    return out


def frame(kind: bytes, payload: bytes) -> bytes:
    return FRAME.pack(kind, len(payload), zlib.crc32(payload)) + payload


def test_a_flipped_byte_in_a_middle_frame_costs_that_frame_only(tmp_path: Path) -> None:
    out = five_chunks(tmp_path)
    offset, _, length = frames(out)[4]  # games 8..11
    data = bytearray(out.read_bytes())
    data[offset + FRAME.size + length // 2] ^= 0xFF
    out.write_bytes(bytes(data))
    with pytest.warns(ResultsFileWarning, match=r"set aside 0 damaged frame\(s\) and [\d,]+ "
                      r"unreadable byte\(s\) \(unreadable bytes at offset [\d,]+\); every intact "
                      r"frame was kept"):
        kept = read_records_file(out)
    assert kept.index.tolist() == [0, 1, 2, 3, 4, 5, 6, 7, 12, 13, 14, 15, 16, 17, 18, 19]
    assert kept.equals(reference(20).take(kept.index))
    # resuming replays exactly the lost games, says what was lost, and leaves a sound file
    more = run_games(SeedTask(), 20, workers=1, chunk_size=4, results_file=out, resume=True)
    assert more.resumed == 16 and more.records.equals(reference(20))
    assert "unreadable byte(s)" in more.damage
    with warnings.catch_warnings():
        warnings.simplefilter("error", ResultsFileWarning)  # the damage is gone
        assert read_records_file(out).equals(reference(20))


def test_a_huge_frame_length_is_damage_not_a_memory_error(tmp_path: Path) -> None:
    out = five_chunks(tmp_path)
    offset, kind, _ = frames(out)[3]
    data = bytearray(out.read_bytes())
    data[offset:offset + FRAME.size] = FRAME.pack(kind, 2**62, 0)
    out.write_bytes(bytes(data))
    with pytest.warns(ResultsFileWarning):
        kept = read_records_file(out)
    assert kept.index.tolist() == [0, 1, 2, 3, *range(8, 20)]


@pytest.mark.parametrize(
    ("columns", "reason"),
    [
        ({"index": np.array([3, 3]), "seed": np.array([1, 2], dtype=np.uint64)},
         "the same game twice"),
        ({"index": np.array([-5]), "seed": np.array([1], dtype=np.uint64)},
         "game indices out of range"),
        ({"index": np.array([0]), "seed": np.array([1], dtype=np.uint64)},
         "the same game twice"),  # game 0 is already in the file
        ({"index": np.array([40]), "other": np.array([1.5])},
         "columns that differ from the rest of the file"),
    ],
)
def test_frames_with_a_valid_checksum_but_impossible_contents_are_set_aside(
    tmp_path: Path, columns: dict, reason: str
) -> None:
    out = five_chunks(tmp_path)
    with out.open("ab") as f:
        f.write(frame(b"RECS", RecordBatch(columns).to_bytes()))
    with pytest.warns(ResultsFileWarning, match=rf"set aside 1 damaged frame\(s\) and 0 "
                      rf"unreadable byte\(s\) \({reason}\)"):
        kept = read_records_file(out)
    assert kept.equals(reference(20))


def test_crafted_payloads_that_are_not_records(tmp_path: Path) -> None:
    out = five_chunks(tmp_path)
    with out.open("ab") as f:
        f.write(frame(b"RECS", b"not an npz archive"))
        f.write(frame(b"HEAD", json.dumps(["not", "a", "header"]).encode()))
    with pytest.warns(ResultsFileWarning, match=r"set aside 2 damaged frame\(s\)"):
        kept = read_records_file(out)
    assert kept.equals(reference(20))


def test_a_torn_tail_is_not_reported_as_lost(tmp_path: Path) -> None:
    out = five_chunks(tmp_path)
    with out.open("ab") as f:
        f.write(b"RECS\x99\x00\x00")
    with warnings.catch_warnings():
        warnings.simplefilter("error", ResultsFileWarning)  # a torn tail is no lost data
        kept = read_records_file(out)
    assert kept.equals(reference(20))


def test_a_file_without_a_sound_header(tmp_path: Path) -> None:
    out = tmp_path / "bad.lrec"
    out.write_bytes(MAGIC + frame(b"RECS", RecordBatch({"index": [0]}).to_bytes()))
    with pytest.raises(LudolabError, match=r"bad.lrec: results file has no header \(damaged\); "
                       r"use a new file$"):
        read_records_file(out)


# -- one flipped byte costs at most FRAME_GAMES games ------------------------------------------
def test_a_large_chunk_is_written_as_small_frames(tmp_path: Path) -> None:
    out = tmp_path / "run.lrec"
    run_games(SeedTask(), 1200, workers=1, chunk_size=1200, results_file=out)
    kinds = [k for _, k, _ in frames(out)]
    assert kinds == [b"HEAD"] * 2 + [b"REC2"] * 3  # 512 + 512 + 176 games
    assert read_records_file(out).equals(reference(1200))


def test_games_with_large_records_get_fewer_games_a_frame() -> None:
    """Per-turn columns make a game large: frames stay near FRAME_BYTES (64 KB), here 1,600
    bytes a game of per-turn values (plus 8 of index) gives 40 games a frame."""
    from ludolab.arena.resultsfile import FRAME_BYTES, _decode, _encode, _frames_of

    batch = RecordBatch({"index": np.arange(100),
                         "turn_vp": np.arange(100 * 4 * 100, dtype=np.int32).reshape(100, 4, 100)})
    pieces = _frames_of(batch)
    assert [len(p) for p in pieces] == [40, 40, 20] and FRAME_BYTES == 64 * 1024
    assert RecordBatch.concat([_decode(_encode(p)) for p in pieces]).equals(batch)


def test_one_flipped_byte_anywhere_loses_at_most_frame_games(tmp_path: Path) -> None:
    """Every byte of the signature, of both headers and of every frame header, and 200 seeded
    positions inside payloads: each flip alone loses at most FRAME_GAMES games, and what is
    read is exactly the reference's records for the games kept."""
    games = 1500
    out = tmp_path / "run.lrec"
    run_games(SeedTask(), games, workers=1, chunk_size=700, results_file=out)
    sound = out.read_bytes()
    ref = reference(games)
    layout = frames(out)
    positions = set(range(len(MAGIC)))
    for offset, kind, length in layout:
        positions |= set(range(offset, offset + FRAME.size))
        if kind == b"HEAD":
            positions |= set(range(offset + FRAME.size, offset + FRAME.size + length))
    payload = [p for offset, kind, length in layout if kind == b"REC2"
               for p in range(offset + FRAME.size, offset + FRAME.size + length)]
    rng = np.random.default_rng(16)
    positions |= set(rng.choice(payload, 200, replace=False).tolist())
    worst = 0
    for at in sorted(positions):
        data = bytearray(sound)
        data[at] ^= 0x5A
        out.write_bytes(bytes(data))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ResultsFileWarning)
            kept = read_records_file(out)
        assert kept.equals(ref.take(kept.index)), at
        worst = max(worst, games - len(kept))
    assert 0 < worst <= FRAME_GAMES


def test_a_flipped_signature_or_header_byte_loses_nothing(tmp_path: Path) -> None:
    out = five_chunks(tmp_path)
    sound = out.read_bytes()
    for at in (3, frames(out)[0][0] + FRAME.size + 5, frames(out)[1][0] + 2):
        data = bytearray(sound)
        data[at] ^= 0x01
        out.write_bytes(bytes(data))
        with pytest.warns(ResultsFileWarning):
            assert read_records_file(out).equals(reference(20))
    out.write_bytes(b"LUDOLAB RECORDX2" + sound[len(MAGIC):])  # two bytes: not this format
    with pytest.raises(LudolabError, match="not a ludolab results file"):
        read_records_file(out)


def test_a_format_1_file_is_read_and_resumed_in_the_new_layout(tmp_path: Path) -> None:
    """Files written before frames were cut small (one header, one .npz frame a chunk) still
    read; resuming rewrites them with two headers and small frames."""
    out = tmp_path / "old.lrec"
    head = json.dumps({"format": 1, "fingerprint": run_fingerprint(SeedTask()),
                       "ludolab": "0.1.0"}).encode()
    chunks = [reference(20).take(np.arange(i, i + 5)) for i in (0, 5, 10)]
    out.write_bytes(MAGIC + frame(b"HEAD", head)
                    + b"".join(frame(b"RECS", c.to_bytes()) for c in chunks))
    assert read_records_file(out).equals(reference(15))
    more = run_games(SeedTask(), 20, workers=1, chunk_size=5, results_file=out, resume=True)
    assert more.resumed == 15 and more.records.equals(reference(20))
    assert [k for _, k, _ in frames(out)] == [b"HEAD"] * 2 + [b"REC2"] * 4
    offset, _, length = frames(out)[0]
    header = json.loads(out.read_bytes()[offset + FRAME.size:offset + FRAME.size + length])
    assert header["format"] == 2 and header["fingerprint"] == run_fingerprint(SeedTask())
    assert read_records_file(out).equals(reference(20))


def rec2(columns: bytes, body: bytes = b"") -> bytes:
    """A REC2 payload: the length-prefixed JSON column list, then the column bytes."""
    return struct.pack("<I", len(columns)) + columns + body


@pytest.mark.parametrize("payload", [
    struct.pack("<I", 10**9) + b"{}",  # a column list longer than the frame
    rec2(b"{}"),  # no game count, no columns
    rec2(b'{"games": 2, "columns": [["index", "<i8", []]]}', b"\0" * 8),  # 16 bytes promised
    rec2(b'{"games": 1, "columns": [["index", "<i8", []]]}', b"\0" * 9),  # a byte too many
    rec2(b'{"games": 1, "columns": [["index", "|O", []]]}', b"\0" * 8),  # objects: pickles
    rec2(b'{"games": 1, "columns": [["index", "<i8", [-1]]]}', b"\0" * 8),
])
def test_crafted_rec2_payloads_are_damage(tmp_path: Path, payload: bytes) -> None:
    out = five_chunks(tmp_path)
    with out.open("ab") as f:
        f.write(frame(b"REC2", payload))
    with pytest.warns(ResultsFileWarning, match=r"set aside 1 damaged frame\(s\) and 0 "
                      r"unreadable byte\(s\) \(records that cannot be decoded\)"):
        assert read_records_file(out).equals(reference(20))

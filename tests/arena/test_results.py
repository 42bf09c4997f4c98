"""Results to JSON (summary) and Parquet (one row per game) and back."""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from ludolab.arena.results import (
    read_json,
    read_parquet,
    read_parquet_meta,
    to_jsonable,
    write_json,
    write_parquet,
)
from ludolab.arena.runner import RecordBatch
from ludolab.errors import LudolabError


class Color(enum.Enum):
    RED = "red"


@dataclass
class Interval:
    estimate: float
    low: float
    high: float


def sample_records() -> RecordBatch:
    turn_vp = np.full((3, 2, 4), -1, dtype=np.int16)
    turn_vp[0, :, :2] = [[3, 6], [3, 3]]
    turn_vp[1] = [[3, 3, 9, 15], [3, 4, 4, 5]]
    turn_vp[2, :, :3] = [[3, 9, 9], [3, 3, 12]]
    return RecordBatch(
        {
            "index": np.array([0, 1, 2]),
            "seed": np.array([2**64 - 1, 5, 2**63], dtype=np.uint64),
            "vp": np.array([[6, 3], [15, 5], [9, 12]], dtype=np.int32),
            "winner": np.array([[True, False], [True, False], [False, True]]),
            "margin": np.array([3.0, np.nan, -3.5]),
            "turn_vp": turn_vp,
            "kingdom": np.array(["Smithy", "Witch", ""]),
        }
    )


def test_json_round_trip_of_a_summary(tmp_path: Path) -> None:
    summary = {
        "bots": ("Big Money", "Smithy"),
        "games": np.int64(1000),
        "win_rate": np.float32(0.5),
        "interval": Interval(0.5, 0.47, np.nan),
        "by_seat": {0: np.array([0.6, 0.4]), np.int16(1): [1, 2]},
        "ok": np.bool_(True),
        "color": Color.RED,
        "file": Path("/tmp/x.toml"),
        "tags": {"b", "a"},
    }
    path = write_json(tmp_path / "out" / "summary.json", summary)
    text = path.read_text()
    # indented, nested, and marked as ludolab's own file (read_json drops the mark)
    assert text.startswith('{\n  "generator": "ludolab",\n  "bots": [\n    "Big Money",\n')
    assert text.endswith("}\n")
    back = read_json(path)
    assert back == {
        "bots": ["Big Money", "Smithy"],
        "games": 1000,
        "win_rate": 0.5,
        "interval": {"estimate": 0.5, "low": 0.47, "high": None},  # NaN -> null
        "by_seat": {"0": [0.6, 0.4], "1": [1, 2]},
        "ok": True,
        "color": "red",
        "file": "/tmp/x.toml",
        "tags": ["a", "b"],
    }
    json.loads(text)  # standard JSON (no NaN tokens)


def test_json_refuses_unknown_objects() -> None:
    with pytest.raises(TypeError, match=r"^cannot write a object to JSON"):
        to_jsonable({"x": object()})


def test_read_json_errors(tmp_path: Path) -> None:
    with pytest.raises(LudolabError) as info:
        read_json(tmp_path / "missing.json")
    assert str(info.value) == f"{tmp_path / 'missing.json'}: no such file"
    bad = tmp_path / "bad.json"
    bad.write_text('{\n  "a": 1,\n  "b": oops\n}\n')
    with pytest.raises(LudolabError) as info:
        read_json(bad)
    assert str(info.value) == f"{bad}:3: invalid JSON: Expecting value"
    listy = tmp_path / "list.json"
    listy.write_text("[1, 2]")
    with pytest.raises(
        LudolabError, match=r"list.json: expected a JSON object at the top, got list$"
    ):
        read_json(listy)


def test_parquet_round_trip_keeps_dtypes_and_shapes(tmp_path: Path) -> None:
    rec = sample_records()
    meta = {"bots": ["Big Money", "Smithy"], "seed": 7, "note": np.float64(np.inf)}
    path = write_parquet(tmp_path / "games.parquet", rec, meta=meta)
    back = read_parquet(path)
    assert back.equals(rec)
    assert [back[c].dtype for c in back.columns] == [rec[c].dtype for c in rec.columns]
    assert back["turn_vp"].shape == (3, 2, 4)
    assert read_parquet_meta(path) == {"bots": ["Big Money", "Smithy"], "seed": 7, "note": None}


def test_parquet_is_one_row_per_game_with_list_columns(tmp_path: Path) -> None:
    """What another tool (pandas, DuckDB, Arrow) sees: plain columns and per-seat lists."""
    path = write_parquet(tmp_path / "games.parquet", sample_records())
    table = pq.read_table(path)
    assert table.num_rows == 3
    assert table.column_names == ["index", "seed", "vp", "winner", "margin", "turn_vp", "kingdom"]
    assert table.column("vp").to_pylist() == [[6, 3], [15, 5], [9, 12]]
    assert table.column("turn_vp").to_pylist()[0] == [[3, 6, -1, -1], [3, 3, -1, -1]]
    assert table.column("seed").to_pylist() == [2**64 - 1, 5, 2**63]
    assert table.column("kingdom").to_pylist() == ["Smithy", "Witch", ""]
    assert pa.types.is_uint64(table.schema.field("seed").type)


def test_read_foreign_parquet(tmp_path: Path) -> None:
    path = tmp_path / "foreign.parquet"
    table = pa.table({"index": [0, 1], "vp": [[1, 2], [3, 4]], "name": ["a", "b"]})
    pq.write_table(table, path)
    rec = read_parquet(path)
    assert rec["vp"].tolist() == [[1, 2], [3, 4]]
    assert rec.index.tolist() == [0, 1]
    assert rec["name"].tolist() == ["a", "b"] and rec["name"].dtype.kind == "U"
    assert read_parquet_meta(path) == {}
    ragged = tmp_path / "ragged.parquet"
    pq.write_table(pa.table({"index": [0, 1], "vp": [[1, 2], [3]]}), ragged)
    with pytest.raises(LudolabError, match=r"ragged.parquet: column 'vp' has rows of different"):
        read_parquet(ragged)
    noindex = tmp_path / "noindex.parquet"
    pq.write_table(pa.table({"vp": [1, 2]}), noindex)
    with pytest.raises(LudolabError, match=r"noindex.parquet: no 'index' column"):
        read_parquet(noindex)


def test_read_parquet_errors(tmp_path: Path) -> None:
    with pytest.raises(LudolabError) as info:
        read_parquet(tmp_path / "nope.parquet")
    assert str(info.value) == f"{tmp_path / 'nope.parquet'}: no such file"
    junk = tmp_path / "junk.parquet"
    junk.write_text("not parquet at all\n")
    with pytest.raises(LudolabError, match=r"junk.parquet: not a Parquet file \("):
        read_parquet(junk)


@pytest.mark.parametrize("name", ["runner", "core_task", "results"])
def test_docstring_examples(name: str) -> None:
    import doctest
    import importlib

    failures, attempted = doctest.testmod(importlib.import_module(f"ludolab.arena.{name}"))
    assert failures == 0 and attempted > 0

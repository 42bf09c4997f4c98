"""Results files for people who analyse runs further: a JSON summary and Parquet per-game rows.

* :func:`write_json` / :func:`read_json` -- a summary dict (settings, win rates, intervals, ...)
  as indented JSON. numpy scalars and arrays, tuples, sets, paths, enums and dataclasses are
  converted to plain JSON; non-finite floats (NaN, infinities) become ``null``, since standard
  JSON has no such numbers and other tools would reject the file.
* :func:`records_frame` -- the records as a pandas DataFrame, one row per game, for a notebook
  (``result.to_frame()``; pandas is the optional extra ``ludolab[notebook]``).
* :func:`write_parquet` / :func:`read_parquet` -- a :class:`~ludolab.arena.runner.RecordBatch`
  as one row per game. A per-seat ``[G, P]`` column becomes a fixed-size list column, a per-turn
  ``[G, P, T]`` column a list of lists; the exact numpy dtypes and shapes are kept in the file's
  metadata, so reading back gives the same arrays. Any run metadata (``meta``) travels along and
  :func:`read_parquet_meta` returns it.

>>> import tempfile, numpy as np
>>> from ludolab.arena.runner import RecordBatch
>>> rec = RecordBatch({"index": [0, 1], "vp": np.array([[3, 5], [7, 1]], dtype=np.int32)})
>>> path = Path(tempfile.mkdtemp()) / "games.parquet"
>>> _ = write_parquet(path, rec, meta={"bots": ["A", "B"]})
>>> read_parquet(path).equals(rec), read_parquet_meta(path)
(True, {'bots': ['A', 'B']})
"""

from __future__ import annotations

import dataclasses
import enum
import json
import math
import os
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any

import numpy as np

from ludolab import GENERATOR, HTML_GENERATOR_TAG
from ludolab.arena.runner import RecordBatch
from ludolab.errors import LudolabError

if TYPE_CHECKING:  # pyarrow loads (0.2 s) only when a Parquet file is read or written
    import pyarrow as pa  # lazy: 0.2 s, only for Parquet files

__all__ = [
    "check_output",
    "read_json",
    "read_parquet",
    "read_parquet_meta",
    "records_frame",
    "to_jsonable",
    "write_json",
    "write_parquet",
    "written_by_ludolab",
]

_META_KEY = b"ludolab"
_FORMAT = 1


def _atomic_write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp{os.getpid()}")
    tmp.write_bytes(data)
    os.replace(tmp, path)


# --------------------------------------------------------------------------------------------
# JSON


def to_jsonable(obj: Any) -> Any:
    """``obj`` as plain JSON values (dict, list, str, int, float, bool, None).

    Non-finite floats become ``None``; mapping keys become strings; objects with a
    ``to_dict()`` method are converted through it.
    """
    if obj is None or isinstance(obj, (bool, str)):
        return obj
    if isinstance(obj, (int, np.integer)) and not isinstance(obj, np.bool_):
        return int(obj)
    if isinstance(obj, np.bool_):
        return bool(obj)
    if isinstance(obj, (float, np.floating)):
        value = float(obj)
        return value if math.isfinite(value) else None
    if isinstance(obj, enum.Enum):
        return to_jsonable(obj.value)
    if isinstance(obj, PurePath):
        return str(obj)
    if isinstance(obj, np.ndarray):
        return to_jsonable(obj.tolist())
    if isinstance(obj, RecordBatch):
        return {name: to_jsonable(obj[name]) for name in obj.columns}
    if isinstance(obj, Mapping):
        return {_json_key(k): to_jsonable(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [to_jsonable(v) for v in obj]
    if isinstance(obj, (set, frozenset)):
        return [to_jsonable(v) for v in sorted(obj, key=repr)]
    to_dict = getattr(obj, "to_dict", None)
    if callable(to_dict):
        return to_jsonable(to_dict())
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: to_jsonable(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    raise TypeError(f"cannot write a {type(obj).__name__} to JSON: {obj!r}")


def _json_key(key: Any) -> str:
    if isinstance(key, str):
        return key
    plain = to_jsonable(key)
    return plain if isinstance(plain, str) else json.dumps(plain)


def write_json(
    path: str | os.PathLike[str], summary: Mapping[str, Any], *, indent: int = 2
) -> Path:
    """Write ``summary`` as indented JSON (see :func:`to_jsonable`); returns the path."""
    p = Path(path)
    marked = {_GENERATOR_KEY: GENERATOR, **to_jsonable(summary)}
    text = json.dumps(marked, indent=indent, allow_nan=False, ensure_ascii=False)
    _atomic_write(p, (text + "\n").encode("utf-8"))
    return p


def read_json(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read a JSON summary; a missing or malformed file is a one-line :class:`LudolabError`."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise LudolabError(f"{p}: no such file") from None
    except UnicodeDecodeError:
        raise LudolabError(f"{p}: not a text (UTF-8) file") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise LudolabError(f"{p}:{exc.lineno}: invalid JSON: {exc.msg}") from None
    if not isinstance(data, dict):
        raise LudolabError(f"{p}: expected a JSON object at the top, got {type(data).__name__}")
    if data.get(_GENERATOR_KEY) == GENERATOR:
        del data[_GENERATOR_KEY]
    return data


# --------------------------------------------------------------------------------------------
# Output paths: checked before the first game, never clobbering a file ludolab did not write

#: A JSON summary's first key holds :data:`ludolab.GENERATOR`; a Parquet file carries ludolab's
#: schema metadata key; an HTML report its ``<meta name="generator">``.
_GENERATOR_KEY = "generator"


def written_by_ludolab(path: str | os.PathLike[str]) -> bool:
    """Whether the file at ``path`` carries ludolab's mark (see :data:`GENERATOR`)."""
    p = Path(path)
    try:
        with p.open("rb") as f:
            head = f.read(4096)
    except OSError:
        return False
    if head.startswith(b"PAR1"):
        import pyarrow as pa  # lazy: 0.2 s, only for Parquet files
        import pyarrow.parquet as pq  # lazy: 0.2 s, only for Parquet files

        try:
            return _META_KEY in (pq.read_schema(p).metadata or {})
        except (OSError, pa.ArrowException):
            return False
    text = head.decode("utf-8", errors="replace")
    return (text.lstrip().startswith('{') and f'"{_GENERATOR_KEY}": "{GENERATOR}"' in text[:200]
            ) or HTML_GENERATOR_TAG in text


def probe_folder(folder: str | os.PathLike[str], what: str) -> None:
    """Create and remove a hidden file in ``folder``; one-line error when that fails.

    ``os.access`` alone is fooled by special file systems (``/proc``) and by permissions it
    cannot see, and a run must not learn that after its last game.
    """
    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".ludolab-probe-"):
            pass
    except OSError as exc:
        raise LudolabError(f"{what}: {folder} is not a writable folder "
                           f"({exc.strerror or exc})") from None


def check_output(
    path: str | os.PathLike[str],
    *,
    force: bool = False,
    inside: str | os.PathLike[str] | None = None,
) -> Path:
    """Check, before any game runs, that ``path`` can be written; return it.

    Refused with one line: a path outside the folder ``inside`` (a tournament file's folder), a
    folder, an existing file ludolab did not write (unless ``force``), a path whose nearest
    existing folder is not writable. A finished run is then never lost to an unwritable output.
    """
    p = Path(path)
    if inside is not None:
        root = Path(inside).resolve()
        if not p.resolve().is_relative_to(root):
            raise LudolabError(f"output {p} is outside the tournament file's folder {root} "
                               "(pass --allow-outside to write there)")
    if p.is_dir():
        raise LudolabError(f"output {p} is a folder; name a file")
    if p.exists() and not force and not written_by_ludolab(p):
        raise LudolabError(f"output {p} exists and was not written by ludolab; "
                           "pass --force to overwrite it")
    folder = p.resolve().parent
    while not folder.exists():
        folder = folder.parent
    if not folder.is_dir() or not os.access(folder, os.W_OK | os.X_OK):
        raise LudolabError(f"cannot write output {p}: {folder} is not a writable folder")
    probe_folder(folder, f"cannot write output {p}")
    if p.exists() and not os.access(p, os.W_OK):
        raise LudolabError(f"cannot write output {p}: the file is read-only")
    return p


# --------------------------------------------------------------------------------------------
# Frames

PANDAS_MISSING = "to_frame needs pandas: pip install 'ludolab[notebook]'"


def records_frame(records: Mapping[str, np.ndarray], bots: Sequence[str]) -> Any:
    """The records as a pandas DataFrame, one row per game.

    A per-game column stays one column; a per-seat column ``x`` (``[games, seats]``) becomes
    ``x_1 .. x_n`` by seat (seats counted from 1, as the tables print them), and ``seating``
    becomes ``bot_1 .. bot_n``, the name of the bot in each seat. Per-turn columns (three axes)
    stay in ``records``: a cell of a frame holds one value.
    """
    try:
        import pandas as pd  # lazy: pandas is the optional notebook extra (ludolab[notebook])
    except ImportError:
        raise LudolabError(PANDAS_MISSING) from None
    names = np.asarray(list(bots), dtype=object)
    columns: dict[str, Any] = {}
    for key, value in records.items():
        arr = np.asarray(value)
        if arr.dtype.kind == "S":
            arr = arr.astype(str)
        if arr.ndim == 1:
            columns[key] = arr
        elif arr.ndim == 2 and key == "seating":
            for s in range(arr.shape[1]):
                columns[f"bot_{s + 1}"] = names[arr[:, s].astype(np.int64)]
        elif arr.ndim == 2:
            for s in range(arr.shape[1]):
                columns[f"{key}_{s + 1}"] = arr[:, s]
    return pd.DataFrame(columns)


# --------------------------------------------------------------------------------------------
# Parquet


def _arrow_column(arr: np.ndarray) -> pa.Array:
    import pyarrow as pa  # lazy: 0.2 s, only for Parquet files

    flat = arr.reshape(-1)
    values = pa.array(flat.astype(str) if arr.dtype.kind == "S" else flat)
    for size in reversed(arr.shape[1:]):
        values = pa.FixedSizeListArray.from_arrays(values, size)
    return values


def write_parquet(
    path: str | os.PathLike[str],
    records: RecordBatch,
    *,
    meta: Mapping[str, Any] | None = None,
) -> Path:
    """Write ``records`` as one Parquet row per game; ``meta`` (JSON-able) is stored alongside."""
    import pyarrow as pa  # lazy: 0.2 s, only for Parquet files
    import pyarrow.parquet as pq  # lazy: 0.2 s, only for Parquet files

    p = Path(path)
    columns: dict[str, dict[str, Any]] = {}
    arrays = []
    for name in records.columns:
        arr = records[name]
        if 0 in arr.shape[1:]:
            raise ValueError(f"column {name!r} has an empty trailing axis {arr.shape}")
        arrays.append(_arrow_column(arr))
        columns[name] = {"dtype": arr.dtype.str, "shape": list(arr.shape[1:])}
    info = {"format": _FORMAT, "columns": columns, "meta": to_jsonable(dict(meta or {}))}
    table = pa.Table.from_arrays(arrays, names=list(records.columns))
    table = table.replace_schema_metadata({_META_KEY: json.dumps(info).encode("utf-8")})
    p.parent.mkdir(parents=True, exist_ok=True)
    tmp = p.with_name(f".{p.name}.tmp{os.getpid()}")
    pq.write_table(table, tmp)
    os.replace(tmp, p)
    return p


def _read_table(path: str | os.PathLike[str]) -> tuple[Path, pa.Table, dict[str, Any] | None]:
    import pyarrow as pa  # lazy: 0.2 s, only for Parquet files
    import pyarrow.parquet as pq  # lazy: 0.2 s, only for Parquet files

    p = Path(path)
    if not p.is_file():
        raise LudolabError(f"{p}: no such file")
    try:
        table = pq.read_table(p)
    except (pa.ArrowInvalid, OSError) as exc:
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise LudolabError(f"{p}: not a Parquet file ({first})") from None
    raw = (table.schema.metadata or {}).get(_META_KEY)
    info = json.loads(raw.decode("utf-8")) if raw else None
    return p, table, info


def read_parquet_meta(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The ``meta`` stored by :func:`write_parquet` (``{}`` for other Parquet files)."""
    _, _, info = _read_table(path)
    return dict(info.get("meta", {})) if info else {}


def read_parquet(path: str | os.PathLike[str]) -> RecordBatch:
    """Read per-game records back: the same columns, dtypes and shapes as written.

    A Parquet file from elsewhere is read too: plain columns as they are, list columns stacked
    into arrays when every row has the same length. It needs an ``index`` column.
    """
    import pyarrow as pa  # lazy: 0.2 s, only for Parquet files

    p, table, info = _read_table(path)
    if "index" not in table.column_names:
        raise LudolabError(f"{p}: no 'index' column (one row per game is expected)")
    out: dict[str, np.ndarray] = {}
    for name in table.column_names:
        column = table.column(name).combine_chunks()
        spec = (info or {}).get("columns", {}).get(name)
        if spec is not None:
            values = column
            for _ in spec["shape"]:
                values = values.flatten()
            dtype = np.dtype(spec["dtype"])
            flat = values.to_numpy(zero_copy_only=False)
            if dtype.kind in "US":
                flat = np.asarray(flat.tolist(), dtype=dtype)
            out[name] = flat.astype(dtype, copy=False).reshape(len(column), *spec["shape"])
        elif pa.types.is_list(column.type) or pa.types.is_fixed_size_list(column.type):
            try:
                out[name] = np.asarray(column.to_pylist())
            except ValueError:
                raise LudolabError(
                    f"{p}: column {name!r} has rows of different lengths; cannot make an array"
                ) from None
        elif pa.types.is_string(column.type) or pa.types.is_large_string(column.type):
            out[name] = np.asarray(["" if v is None else v for v in column.to_pylist()], dtype=str)
        else:
            out[name] = column.to_numpy(zero_copy_only=False)
    try:
        return RecordBatch(out)
    except (TypeError, ValueError) as exc:
        raise LudolabError(f"{p}: {exc}") from None

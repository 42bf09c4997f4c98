"""Per-game records: :class:`RecordBatch`, named numpy arrays whose first axis is the game."""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np

__all__ = ["RecordBatch"]


# --------------------------------------------------------------------------------------------
# Records


def _pad_value(dtype: np.dtype) -> Any:
    if dtype.kind == "i":
        return -1
    if dtype.kind in "fc":
        return np.nan
    if dtype.kind == "b":
        return False
    if dtype.kind in "US":
        return ""
    raise ValueError(f"cannot pad a column of dtype {dtype} (unsigned): trailing shapes differ")


class RecordBatch:
    """Per-game records: named numpy arrays whose first axis is the game.

    Always has an ``index`` column (``int64``, the global game index). Columns are numeric, bool
    or fixed-width string arrays (what ``.npz`` and Parquet store without pickling); per-seat
    values are ``[G, P]`` arrays, per-turn values ``[G, P, T]``.

    >>> b = RecordBatch({"index": [2, 0], "vp": [[3, 5], [7, 1]]})
    >>> len(b), b.columns, b.sort_by_index()["vp"].tolist()
    (2, ('index', 'vp'), [[7, 1], [3, 5]])
    """

    __slots__ = ("_data",)

    def __init__(self, columns: Mapping[str, Any]) -> None:
        if "index" not in columns:
            raise ValueError("a RecordBatch needs an 'index' column")
        data: dict[str, np.ndarray] = {}
        length: int | None = None
        for name in ["index", *[c for c in columns if c != "index"]]:
            arr = np.asarray(columns[name])
            if arr.ndim == 0:
                raise ValueError(f"column {name!r} must have a game axis, got a scalar")
            if arr.dtype.kind not in "biufUS":
                raise TypeError(
                    f"column {name!r} has dtype {arr.dtype}; use numeric, bool or fixed-width "
                    "string arrays"
                )
            if length is None:
                length = arr.shape[0]
            elif arr.shape[0] != length:
                raise ValueError(f"column {name!r} has {arr.shape[0]} games, 'index' has {length}")
            data[name] = arr
        index = data["index"]
        if index.ndim != 1 or (index.size and index.dtype.kind not in "iu"):
            raise ValueError(
                f"'index' must be a 1-D integer array, got {index.dtype} {index.shape}"
            )
        data["index"] = index.astype(np.int64, copy=False)
        self._data = data

    # -- access ------------------------------------------------------------------------------
    def __len__(self) -> int:
        return int(self._data["index"].shape[0])

    def __getitem__(self, name: str) -> np.ndarray:
        return self._data[name]

    def __contains__(self, name: object) -> bool:
        return name in self._data

    @property
    def columns(self) -> tuple[str, ...]:
        """Column names, ``index`` first."""
        return tuple(self._data)

    @property
    def index(self) -> np.ndarray:
        """The global game indices (``int64``)."""
        return self._data["index"]

    def as_dict(self) -> dict[str, np.ndarray]:
        """A new dict of the columns (the arrays are shared, not copied)."""
        return dict(self._data)

    def __repr__(self) -> str:
        cols = ", ".join(f"{k}: {v.dtype}{list(v.shape[1:]) or ''}" for k, v in self._data.items())
        return f"RecordBatch({len(self)} games; {cols})"

    def equals(self, other: RecordBatch) -> bool:
        """Same columns in the same order, same dtypes and shapes, same values (NaN equals NaN)."""
        if self.columns != other.columns:
            return False
        for name, a in self._data.items():
            b = other[name]
            if a.dtype != b.dtype or a.shape != b.shape:
                return False
            if not np.array_equal(a, b, equal_nan=a.dtype.kind in "fc"):
                return False
        return True

    # -- building ----------------------------------------------------------------------------
    @classmethod
    def empty(cls) -> RecordBatch:
        """A batch with no games and only the ``index`` column."""
        return cls({"index": np.zeros(0, dtype=np.int64)})

    def take(self, positions: Any) -> RecordBatch:
        """The games at ``positions`` (integer positions or a boolean mask over this batch)."""
        pos = np.asarray(positions)
        return RecordBatch({k: v[pos] for k, v in self._data.items()})

    def sort_by_index(self) -> RecordBatch:
        """The same games ordered by global index (a stable sort)."""
        return self.take(np.argsort(self._data["index"], kind="stable"))

    @staticmethod
    def concat(batches: Iterable[RecordBatch]) -> RecordBatch:
        """Stack batches game-wise. Empty batches are skipped; the others need the same columns.

        Trailing axes of different lengths (per-turn arrays of chunks whose longest game
        differs) are padded to the longest: with -1 for integers, NaN for floats, False for
        bools and "" for strings -- the "-1 after the game ended" convention of per-turn arrays.
        """
        items = [b for b in batches if len(b)]
        if not items:
            return RecordBatch.empty()
        if len(items) == 1:
            return items[0]
        names = items[0].columns
        for b in items[1:]:
            if b.columns != names:
                raise ValueError(f"cannot concat batches with columns {names} and {b.columns}")
        out: dict[str, np.ndarray] = {}
        for name in names:
            arrays = [b[name] for b in items]
            ndims = {a.ndim for a in arrays}
            if len(ndims) != 1:
                raise ValueError(f"column {name!r} has different numbers of axes across batches")
            tails = {a.shape[1:] for a in arrays}
            if len(tails) > 1:
                target = tuple(max(s) for s in zip(*tails, strict=True))
                dtype = np.result_type(*arrays)
                fill = _pad_value(dtype)
                padded = []
                for a in arrays:
                    if a.shape[1:] != target:
                        p = np.full((a.shape[0], *target), fill, dtype=dtype)
                        p[tuple(slice(0, s) for s in a.shape)] = a
                        a = p
                    padded.append(a)
                arrays = padded
            out[name] = np.concatenate(arrays, axis=0)
        return RecordBatch(out)

    # -- bytes (one chunk of a results file) ----------------------------------------------------
    def to_bytes(self) -> bytes:
        """The batch as ``.npz`` bytes (no pickling)."""
        buf = io.BytesIO()
        np.savez(buf, **self._data)
        return buf.getvalue()

    @classmethod
    def from_bytes(cls, data: bytes) -> RecordBatch:
        """Inverse of :meth:`to_bytes`."""
        with np.load(io.BytesIO(data), allow_pickle=False) as z:
            return cls({name: z[name] for name in z.files})

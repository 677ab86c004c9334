"""Save and load analysis tables as Parquet or CSV, chosen by the file's extension.

>>> import pandas as pd, tempfile, os
>>> df = pd.DataFrame({"seed": [1, 2], "agent": ["random", "classic"]})
>>> with tempfile.TemporaryDirectory() as d:
...     for name in ("t.parquet", "t.csv"):
...         save_table(df, os.path.join(d, name))
...         assert load_table(os.path.join(d, name)).equals(df)
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd

__all__ = ["FORMATS", "load_table", "save_table", "table_format"]

#: The extensions understood, and the format each one means.
FORMATS = {".parquet": "parquet", ".pq": "parquet", ".csv": "csv"}


def table_format(path: str | Path) -> str:
    """``"parquet"`` or ``"csv"`` from the file's extension (``ValueError`` otherwise)."""
    ext = Path(path).suffix.lower()
    try:
        return FORMATS[ext]
    except KeyError:
        raise ValueError(f"cannot tell the format of {str(path)!r}: use a name ending in "
                         f"{', '.join(FORMATS)}") from None


def save_table(df: pd.DataFrame, path: str | Path) -> None:
    """Write ``df`` to ``path`` (Parquet or CSV by extension), without the index."""
    if table_format(path) == "parquet":
        df.to_parquet(path, index=False)
    else:
        df.to_csv(path, index=False)


def load_table(path: str | Path) -> pd.DataFrame:
    """Read a table written by :func:`save_table`."""
    if table_format(path) == "parquet":
        return pd.read_parquet(path)
    return pd.read_csv(path)

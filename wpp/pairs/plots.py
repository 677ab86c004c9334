"""The blog's figures beside ours: a table and bar charts with 95% intervals (pandas,
matplotlib), from the results of :func:`wpp.pairs.analysis.write_results`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wpp.pairs.analysis import PUBLISHED, PUBLISHED_HEURISTICS, REIMPLEMENTATION

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

__all__ = ["comparison_figure", "comparison_frame", "figure_png", "heuristics_frame"]

_NS = (2, 3, 4, 5)


def comparison_frame(doc: dict[str, Any]) -> pd.DataFrame:
    """One row per figure and N: ours with its 95% interval, the blog's (June 2019), and the
    independent re-implementation's where it has one."""
    import pandas as pd

    rows = []
    for name, published in PUBLISHED.items():
        for i, n in enumerate(_NS):
            blog = published[i]
            est, low, high = doc["figures"][name][str(n)]
            other = REIMPLEMENTATION.get(name)
            rows.append({"figure": name, "N": n, "ours": round(est, 3),
                         "95% low": round(low, 3), "95% high": round(high, 3),
                         "blog": blog, "re-implementation": other[i] if other else None,
                         "blog inside ±0.1 / ±1.5": abs(est - blog) <= (
                             1.5 if name.startswith("choices") else 0.1)})
    return pd.DataFrame(rows)


def heuristics_frame(doc: dict[str, Any]) -> pd.DataFrame:
    """The 4-player heuristics row: ours and the blog's."""
    import pandas as pd

    ours = doc["heuristics_4p"]
    return pd.DataFrame([{"heuristic": k, "ours": round(ours[k], 3), "blog": v}
                         for k, v in PUBLISHED_HEURISTICS.items()])


def comparison_figure(doc: dict[str, Any]) -> Figure:
    """Bar charts, one panel per figure: ours (with 95% intervals) beside the blog's."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(12, 6.5), layout="constrained")
    axes = fig.subplots(2, 3)
    for ax, name in zip(axes.flat, PUBLISHED, strict=True):
        ours = [doc["figures"][name][str(n)] for n in _NS]
        est = [o[0] for o in ours]
        err = [[o[0] - o[1] for o in ours], [o[2] - o[0] for o in ours]]
        xs = range(len(_NS))
        ax.bar([x - 0.2 for x in xs], est, 0.4, yerr=err, capsize=3, label="ours",
               color="#2e7d4f")
        ax.bar([x + 0.2 for x in xs], PUBLISHED[name], 0.4, label="blog (June 2019)",
               color="#d4a017")
        ax.set_xticks(list(xs), [f"N={n}" for n in _NS])
        ax.set_title(name)
    axes.flat[0].legend(loc="lower right")
    fig.suptitle(f"Pairs: {doc['games_per_cell']:,} games per cell (ours) against the "
                 "blog's 100")
    return fig


def figure_png(fig: Figure, dpi: int = 80) -> bytes:
    """A figure as PNG bytes (a notebook shows them with ``IPython.display.Image``; a figure
    made without pyplot has no picture of its own in a notebook)."""
    import io

    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi)
    return buf.getvalue()

"""An impact report (``referee disputes impact``) for people: text tables, Markdown for the
docs site's dispute pages, inline SVG charts and a standalone HTML page.

Works on the report's JSON document only (format ``tabletop-referee/impact/1``), so the docs
can embed a committed report without playing a game.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from .loading import read_committed_report
from .paths import data_root

FORMAT = "tabletop-referee/impact/1"
COLOURS = ("#4c78a8", "#f58518", "#54a24b", "#e45756", "#72b7b2", "#b279a2")


def committed_path(game: str) -> Path:
    """Where the committed report the docs embed lives: ``spec/<game>/impact.json``."""
    return data_root() / "spec" / game / "impact.json"


def load_committed(game: str) -> dict[str, Any] | None:
    """The committed report of ``game``, or ``None`` when there is none."""
    return read_committed_report(committed_path(game), what="impact report", fmt=FORMAT)


def value_text(value: Any) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


def _num(x: float) -> str:
    if abs(x) >= 100:
        return f"{x:.1f}"
    if abs(x) >= 1:
        return f"{x:.2f}"
    if x == 0 or abs(x) >= 0.01:
        return f"{x:.3f}"
    return f"{x:.2g}"


def interval_text(m: Mapping[str, float]) -> str:
    return f"{_num(m['mean'])} [{_num(m['low'])}, {_num(m['high'])}]"


def diff_text(d: Mapping[str, Any]) -> str:
    sign = "+" if d["diff"] > 0 else ""
    mark = " *" if d["distinguishable"] else ""
    return f"{sign}{_num(d['diff'])} [{_num(d['low'])}, {_num(d['high'])}]{mark}"


def rate_text(r: Mapping[str, float]) -> str:
    return f"{100 * r['rate']:.1f}% [{100 * r['low']:.1f}, {100 * r['high']:.1f}]"


def verdict(dispute: Mapping[str, Any]) -> str:
    """One sentence: which measures the readings change, at this N."""
    found = dispute.get("distinguishable") or []
    if not found:
        return "No measured difference is distinguishable from zero at this number of games."
    return ("Distinguishable from zero at this number of games: " + ", ".join(found) + ".")


SHORT_LABELS = {
    "actions": "game length (actions)",
    "mean_score": "mean score",
    "score_spread": "score spread (best - worst)",
}
"""Short human labels of the measures every game has; a game's own measures are labelled by
the description its report carries (``metrics``), and seat shares as "seat N wins"."""


def metric_label(report: Mapping[str, Any], name: str, *, short: bool = True) -> str:
    """A measure's name for people: never the machine name when a better one is known."""
    m = re.fullmatch(r"seat_(\d+)_wins", name)
    if m:
        return f"seat {m.group(1)} wins" if short else f"seat {m.group(1)}'s share of the wins"
    if short and name in SHORT_LABELS:
        return SHORT_LABELS[name]
    described = (report.get("metrics") or {}).get(name)
    if isinstance(described, str) and described:
        return described if not short or len(described) <= 32 else name.replace("_", " ")
    return name.replace("_", " ")


def reading_label(dispute: Mapping[str, Any], value: Any) -> str:
    """A reading's name for people: a yes/no option's value reads ``option = true``."""
    if isinstance(value, bool):
        return f"{dispute['option']} = {value_text(value)}"
    return value_text(value)


def _rows(report: Mapping[str, Any], dispute: Mapping[str, Any]) -> tuple[list[str], list[list[str]]]:
    return _table(report, dispute, labels=False)


def _table(report: Mapping[str, Any], dispute: Mapping[str, Any], *,
           labels: bool) -> tuple[list[str], list[list[str]]]:
    readings = dispute["readings"]
    header = ["measure"]

    def name(value: Any) -> str:
        return reading_label(dispute, value) if labels else value_text(value)

    for r in readings:
        header.append(name(r["value"]) + (" (default)" if r["default"] else ""))
    for r in readings:
        if not r["default"]:
            header.append(f"difference ({name(r['value'])})")
    rows = []
    for metric in readings[0]["metrics"]:
        row = [metric_label(report, metric) if labels else metric]
        row += [interval_text(r["metrics"][metric]) for r in readings]
        row += [diff_text(r["difference"][metric]) for r in readings if not r["default"]]
        rows.append(row)
    row = ["winner changed"] + ["" for _ in readings]
    row += [rate_text(r["winner_changed"]) for r in readings if not r["default"]]
    rows.append(row)
    return header, rows


def _setup_line(report: Mapping[str, Any], dispute: Mapping[str, Any]) -> str:
    context = "".join(f", {k} {', '.join(map(value_text, v)) if isinstance(v, list) else value_text(v)}"
                      for k, v in (dispute.get("context") or {}).items())
    return (f"{report['games_per_reading']} games per reading, {report['players']} players, "
            f"policy {report['policy']}, seed {report['seed']}{context}")


def _effects(report: Mapping[str, Any], dispute: Mapping[str, Any]) -> list[tuple[float, str, Mapping[str, Any], str]]:
    """The dispute's distinguishable differences, largest relative change first:
    (relative size, other reading's label, difference, measure)."""
    default = next((r for r in dispute["readings"] if r["default"]), dispute["readings"][0])
    found = []
    for r in dispute["readings"]:
        if r["default"]:
            continue
        for metric, d in (r.get("difference") or {}).items():
            if not d.get("distinguishable"):
                continue
            base = abs(default["metrics"].get(metric, {}).get("mean", 0.0))
            found.append((abs(d["diff"]) / base if base else abs(d["diff"]), reading_label(dispute, r["value"]),
                          d, metric))
    found.sort(key=lambda f: -f[0])
    return found


def effect_size(report: Mapping[str, Any], dispute: Mapping[str, Any]) -> float:
    """How much a dispute matters, for ranking: the largest relative change of a measure whose
    interval excludes zero (0 when none does)."""
    effects = _effects(report, dispute)
    return effects[0][0] if effects else 0.0


def _sentence(report: Mapping[str, Any], effect: tuple[float, str, Mapping[str, Any], str]) -> str:
    size, _, d, metric = effect
    up = d["diff"] > 0
    low, high = (d["low"], d["high"]) if up else (-d["high"], -d["low"])
    if re.fullmatch(r"seat_\d+_wins", metric):  # shares: in percentage points
        amount, low_t, high_t = (f"{100 * abs(d['diff']):.1f} points", f"{100 * low:.1f}", f"{100 * high:.1f}")
    else:
        amount, low_t, high_t = _num(abs(d["diff"])), _num(low), _num(high)
    if metric == "actions":
        what = f"the game is {amount} actions {'longer' if up else 'shorter'} on average"
    else:
        what = f"“{metric_label(report, metric, short=False)}” goes {'up' if up else 'down'} by {amount}"
    relative = f"{'+' if up else '-'}{100 * size:.0f}%" if size >= 0.005 else "under 1%"
    return f"{what} (95% interval {low_t} to {high_t}; {relative})"


def interval_count(report: Mapping[str, Any]) -> int:
    """How many intervals of a difference the report shows (one per measure and other reading)."""
    return sum(len(r.get("difference") or {}) + ("winner_changed" in r)
               for d in report["disputes"] for r in d["readings"] if not r["default"])


def multiple_comparisons_note(report: Mapping[str, Any]) -> str:
    n = interval_count(report)
    if n < 20:
        return ""
    level = round(100 * report["confidence"])
    return (f"Note: {n} intervals are shown. At {level}% each, about {round(n * (1 - report['confidence']))} "
            "of them would exclude zero by chance alone even if no reading changed anything: trust large "
            "differences that agree with each other, not one starred cell.")


def summary_text(report: Mapping[str, Any]) -> list[str]:
    """The one-screen summary in words: the disputes ranked by effect, a sentence each."""
    ranked = sorted(report["disputes"], key=lambda d: -effect_size(report, d))
    out = [f"{report['title']}: which disputes matter, largest effect first "
           f"({report['games_per_reading']} games per reading, {report['players']} players)"]
    quiet = []
    for d in ranked:
        effects = _effects(report, d)
        if not effects:
            quiet.append(d["id"])
            continue
        first = effects[0]
        parts = [_sentence(report, first)]
        parts += [_sentence(report, e) for e in effects[1:2] if e[1] == first[1]]
        changed = next((r.get("winner_changed") for r in d["readings"]
                        if not r["default"] and reading_label(d, r["value"]) == first[1]), None)
        if changed:
            rate = 100 * changed["rate"]
            parts.append(f"the winner changes in {rate:.0f}% of games" if rate >= 1
                         else f"the winner changes in {rate:.1f}% of games")
        out.append(f"- {d['id']} ({d['title']}): under {first[1]}, " + "; ".join(parts) + ".")
    if quiet:
        out.append(f"- no measured difference at this number of games: {', '.join(quiet)}.")
    note = multiple_comparisons_note(report)
    if note:
        out.append(note)
    return out


def text_report(report: Mapping[str, Any]) -> str:
    out = summary_text(report) + ["", "In detail:", ""]
    out += [f"{report['title']}: impact of each dispute with a rule option "
            f"(means with {round(100 * report['confidence'])}% intervals; * the difference from the default "
            "excludes zero)", ""]
    for d in report["disputes"]:
        out.append(f"{d['id']}: {d['title']} (option {d['option']}; {_setup_line(report, d)})")
        header, rows = _table(report, d, labels=True)
        widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
        for r in [header, *rows]:
            out.append("  " + "  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())
        out.append("  " + verdict(d))
        out.append("")
    return "\n".join(out)


# -- charts (inline SVG) ------------------------------------------------------------------------------


def _svg(width: int, height: int, body: list[str], title: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" role="img" aria-label="{html.escape(title)}" '
            f'style="font: 11px sans-serif">' + "".join(body) + "</svg>")


def _y_axis(left: int, right: float, base: float, plot_h: float, top: float) -> list[str]:
    """Value labels (percentages) and light grid lines at 0, a quarter... up to ``top``."""
    out = []
    step = _nice_step(top / 4)
    value = step
    while value <= top * 1.0001:
        y = base - plot_h * value / top
        out.append(f'<line x1="{left}" y1="{y:.1f}" x2="{right}" y2="{y:.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{left - 3}" y="{y + 4:.1f}" text-anchor="end">{100 * value:.0f}%</text>')
        value += step
    out.append(f'<text x="{left - 3}" y="{base + 4:.1f}" text-anchor="end">0%</text>')
    return out


def _nice_step(raw: float) -> float:
    """A round step (1, 2 or 5 times a power of ten, at least 1%) near ``raw``."""
    step = 0.01
    for candidate in (0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5):
        step = candidate
        if candidate >= raw:
            break
    return step


def _legend(readings: Sequence[Mapping[str, Any]], x: int, y: int) -> list[str]:
    out = []
    for i, r in enumerate(readings):
        yy = y + 14 * i
        out.append(f'<rect x="{x}" y="{yy - 9}" width="10" height="10" fill="{COLOURS[i % len(COLOURS)]}"/>')
        out.append(f'<text x="{x + 14}" y="{yy}">{html.escape(value_text(r["value"]))}</text>')
    return out


def score_chart(dispute: Mapping[str, Any]) -> str:
    """Each reading's distribution of final scores (share of players per 10-point bin)."""
    readings = dispute["readings"]
    bins = sorted({int(k) for r in readings for k in r["scores"]})
    shares = []
    for r in readings:
        total = sum(r["scores"].values()) or 1
        shares.append({int(k): v / total for k, v in r["scores"].items()})
    top = max((s for sh in shares for s in sh.values()), default=1) or 1
    w, h, left, bottom, plot_h = 460, 190, 36, 30, 140
    group = (w - left - 110) / max(1, len(bins))
    bar = group * 0.8 / len(readings)
    body = [f'<text x="{left}" y="12">final scores, share of players per 10 points</text>',
            *_y_axis(left, w - 110, h - bottom, plot_h, top),
            f'<line x1="{left}" y1="{h - bottom}" x2="{w - 110}" y2="{h - bottom}" stroke="#888"/>']
    for b_i, b in enumerate(bins):
        x0 = left + b_i * group
        body.append(f'<text x="{x0 + group / 2:.1f}" y="{h - bottom + 13}" text-anchor="middle">{b}</text>')
        for r_i, sh in enumerate(shares):
            v = sh.get(b, 0.0)
            bh = plot_h * v / top
            body.append(f'<rect x="{x0 + r_i * bar:.1f}" y="{h - bottom - bh:.1f}" width="{bar:.1f}" '
                        f'height="{bh:.1f}" fill="{COLOURS[r_i % len(COLOURS)]}"/>')
    body += _legend(readings, w - 100, 30)
    return _svg(w, h, body, f"score distribution per reading: {dispute['id']}")


def seat_chart(dispute: Mapping[str, Any], players: int) -> str:
    """Each reading's share of the wins per seat (seat 1 starts), with its interval; the line
    is the fair share 1/players."""
    readings = dispute["readings"]
    seats = sorted(int(k.split("_")[1]) for k in readings[0]["metrics"] if k.startswith("seat_"))
    seats = [s for s in seats if s <= players]
    top = max([r["metrics"][f"seat_{s}_wins"]["high"] for r in readings for s in seats] + [1 / players]) * 1.1
    w, h, left, bottom, plot_h = 460, 190, 36, 30, 140
    group = (w - left - 110) / max(1, len(seats))
    bar = group * 0.8 / len(readings)
    base = h - bottom
    fair = base - plot_h * (1 / players) / top
    body = [f'<text x="{left}" y="12">share of the wins per seat (seat 1 starts), 95% intervals</text>',
            *_y_axis(left, w - 110, base, plot_h, top),
            f'<line x1="{left}" y1="{base}" x2="{w - 110}" y2="{base}" stroke="#888"/>',
            f'<line x1="{left}" y1="{fair:.1f}" x2="{w - 110}" y2="{fair:.1f}" stroke="#888" stroke-dasharray="4 3"/>']
    for s_i, s in enumerate(seats):
        x0 = left + s_i * group
        body.append(f'<text x="{x0 + group / 2:.1f}" y="{base + 13}" text-anchor="middle">seat {s}</text>')
        for r_i, r in enumerate(readings):
            m = r["metrics"][f"seat_{s}_wins"]
            y = base - plot_h * m["mean"] / top
            x = x0 + r_i * bar
            body.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{bar:.1f}" height="{base - y:.1f}" '
                        f'fill="{COLOURS[r_i % len(COLOURS)]}"/>')
            lo, hi = base - plot_h * m["low"] / top, base - plot_h * m["high"] / top
            body.append(f'<line x1="{x + bar / 2:.1f}" y1="{lo:.1f}" x2="{x + bar / 2:.1f}" y2="{hi:.1f}" '
                        'stroke="#222"/>')
    body += _legend(readings, w - 100, 30)
    return _svg(w, h, body, f"seat advantage per reading: {dispute['id']}")


# -- Markdown (docs) and HTML --------------------------------------------------------------------------


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|")


def markdown_summary(report: Mapping[str, Any], dispute: Mapping[str, Any], *, heading: str = "**Impact:**") -> str:
    """The summary a dispute's docs page embeds: a sentence, the table and the two charts."""
    header, rows = _rows(report, dispute)
    out = [f"{heading} {_setup_line(report, dispute)}; means with "
           f"{round(100 * report['confidence'])}% intervals, differences paired game by game "
           "(* excludes zero). " + verdict(dispute), ""]
    out.append("| " + " | ".join(_md_cell(c) for c in header) + " |")
    out.append("|" + "---|" * len(header))
    for r in rows:
        out.append("| " + " | ".join(_md_cell(c) for c in r) + " |")
    out += ["", '<div class="impact-charts">', score_chart(dispute), seat_chart(dispute, report["players"]),
            "</div>"]
    return "\n".join(out) + "\n"


def markdown_report(report: Mapping[str, Any]) -> str:
    out = [f"# {report['title']}: does each dispute matter?", ""]
    for d in report["disputes"]:
        out += [f"## {d['title']} (`{d['id']}`)", "", markdown_summary(report, d, heading="")]
    return "\n".join(out).rstrip() + "\n"


def html_report(report: Mapping[str, Any]) -> str:
    """A standalone page (templates/impact/impact.html.j2): the ranked summary in words, then
    per dispute the table with human labels, the score distribution and the seat chart."""
    from jinja2 import Environment, PackageLoader, select_autoescape  # lazy: only this page needs it
    from markupsafe import Markup  # lazy: with Jinja2, only this page needs it

    env = Environment(loader=PackageLoader("tabletop_referee", "templates/impact"),
                      autoescape=select_autoescape(default=True, default_for_string=True))
    summary = summary_text(report)
    note = multiple_comparisons_note(report)
    disputes = []
    for d in report["disputes"]:
        header, rows = _table(report, d, labels=True)
        disputes.append({"id": d["id"], "title": d["title"], "option": d["option"],
                         "setup": _setup_line(report, d), "verdict": verdict(d), "header": header, "rows": rows,
                         "score_chart": Markup(score_chart(d)), "seat_chart": Markup(seat_chart(d, report["players"]))})
    page: str = env.get_template("impact.html.j2").render(
        title=report["title"], summary_head=summary[0],
        summary=[line[2:] for line in summary[1:] if line.startswith("- ")], note=note,
        policy=report["policy"], policy_description=report.get("policy_description", ""),
        level=round(100 * report["confidence"]), disputes=disputes)
    return page + "\n"

"""Small log-log line plots written as plain SVG, in the style of docs/performance-peers.svg.

No plotting library: the output is a few hundred lines of text that depend only on the data
(no dates, no random ids, fixed number formatting), so the same JSON always gives the same
bytes and the committed plots can be regenerated and compared with `cmp`.

    from svgplot import write_panels
    write_panels("out.svg", [{"title": "eae: CPU s vs variables",
                              "lines": {"ours": [(10, 0.003), (20, 0.004)]}}],
                 colours={"ours": "#0072B2"}, x_decades=(1, 4), y_decades=(-4, 1))
"""
import json
import math
import os

# Okabe–Ito colours, distinguishable with the common colour-vision deficiencies.
PALETTE = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9"]


def _num(v):
    """A coordinate with one decimal, so that output does not depend on float noise."""
    return f"{v:.1f}"


def write_panels(path, panels, colours, x_decades, y_decades, cols=3, legend=None,
                 pw=300, ph=220):
    """Writes one log-log panel per entry of `panels` into `path`.

    panels: list of {"title": str, "lines": {series: [(x, y), ...]},
                     "missed": {series: [x, ...]}} ("missed": sizes where the series gave no
            answer within the limit, drawn as crosses along the top edge, one row per series).
    colours: series -> colour, in legend order. x_decades, y_decades: (lowest, highest) power
    of ten on each axis. legend: series -> label (default: the series name).
    """
    nrows = math.ceil(len(panels) / cols)
    ncols = min(cols, len(panels))
    W, H = pw * ncols + 20, ph * nrows + 50
    x0, x1 = x_decades
    y0, y1 = y_decades
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
           f'font-family="Helvetica" font-size="11">',
           f'<rect width="{W}" height="{H}" fill="white"/>']
    for i, panel in enumerate(panels):
        ox, oy = 10 + (i % cols) * pw, 10 + (i // cols) * ph
        left, top, w, h = ox + 40, oy + 20, pw - 60, ph - 50

        def px(x):
            return left + (math.log10(x) - x0) / (x1 - x0) * w

        def py(y):
            return top + h - (math.log10(max(y, 10.0 ** y0)) - y0) / (y1 - y0) * h

        out.append(f'<text x="{left}" y="{oy + 12}">{panel["title"]}</text>')
        out.append(f'<rect x="{left}" y="{top}" width="{w}" height="{h}" fill="none" '
                   f'stroke="#999"/>')
        for e in range(y0, y1 + 1):
            y = top + h - (e - y0) / (y1 - y0) * h
            out.append(f'<text x="{left - 4}" y="{_num(y + 4)}" text-anchor="end">1e{e}</text>')
        for e in range(x0, x1 + 1):
            out.append(f'<text x="{_num(px(10 ** e))}" y="{top + h + 14}" '
                       f'text-anchor="middle">{10 ** e:,}</text>')
        for k, (series, colour) in enumerate(colours.items()):
            pts = sorted(panel.get("lines", {}).get(series, []))
            coords = " ".join(f"{_num(px(x))},{_num(py(y))}" for x, y in pts)
            if len(pts) > 1:
                out.append(f'<polyline points="{coords}" fill="none" stroke="{colour}" '
                           f'stroke-width="2"/>')
            for x, y in pts:
                out.append(f'<circle cx="{_num(px(x))}" cy="{_num(py(y))}" r="2.5" '
                           f'fill="{colour}"/>')
            for x in sorted(panel.get("missed", {}).get(series, [])):
                # One row of crosses per series, so that they do not hide each other.
                cx, cy = px(x), top + 6 + 9 * k
                out.append(f'<path d="M{_num(cx - 4)},{_num(cy - 4)} l8,8 m0,-8 l-8,8" '
                           f'stroke="{colour}" stroke-width="2"/>')
    x = 20
    for series, colour in colours.items():
        label = (legend or {}).get(series, series)
        out.append(f'<line x1="{x}" y1="{H - 18}" x2="{x + 24}" y2="{H - 18}" '
                   f'stroke="{colour}" stroke-width="3"/>')
        out.append(f'<text x="{x + 30}" y="{H - 14}">{label}</text>')
        # About 6.5 px per character at 11 px Helvetica, then a gap.
        x += 30 + math.ceil(6.5 * len(label)) + 30
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def redraw(paths, key, write_svg, out_dir, name):
    """Draw `out_dir/name` again from earlier runs: the `key` rows of each JSON file in
    `paths`, concatenated, passed to `write_svg(rows, path)` (the scripts' `--plot` mode)."""
    rows = []
    for path in paths:
        with open(path) as f:
            rows += json.load(f)[key]
    write_svg(rows, os.path.join(out_dir, name))
    print(f"wrote {out_dir}/{name}")

#!/usr/bin/env python3
"""Checks the relative Markdown links (`[text](file.md)`, `[text](file.md#anchor)`,
`[text](#anchor)`, `[text](dir/image.svg)`) in every .md file of the repository: the target
file must exist, and an anchor must be a heading of it under GitHub's anchor rule. Prints each
broken link and exits 1 if there is one. `.ci/run` runs it, so a moved section or file cannot
leave a dead link in the docs.

usage: python3 .ci/check_links.py [REPO_ROOT]   (default: the parent of this directory)

The anchor of a heading is GitHub's: lower case; letters, marks, numbers, '_', '-' and spaces
kept, everything else dropped; spaces become '-'; a repeated anchor in one file gets -1, -2, …
"""
import os
import re
import sys
import unicodedata


def slug(text):
    """GitHub's heading anchor: lower case, keep letters, marks, numbers, '_', '-', ' ';
    spaces become '-'. Inline code backticks and link syntax are dropped first."""
    t = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)  # links: keep the text
    t = t.replace("`", "").strip().lower()
    keep = []
    for ch in t:
        cat = unicodedata.category(ch)
        if ch in " -_" or cat[0] in "LMN" or cat == "Pc":
            keep.append(ch)
    return "".join(keep).replace(" ", "-")


def anchors(md_text):
    """All anchors of a Markdown file, duplicates numbered as GitHub does (-1, -2, ...)."""
    seen, out = {}, []
    fence = False
    for line in md_text.split("\n"):
        if line.startswith("```"):
            fence = not fence
        if fence:
            continue
        m = re.match(r"^(#{1,6})\s+(.*?)\s*#*\s*$", line)
        if not m:
            continue
        s = slug(m.group(2))
        if s in seen:
            seen[s] += 1
            s = f"{s}-{seen[s]}"
        else:
            seen[s] = 0
        out.append((len(m.group(1)), m.group(2), s))
    return out


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(here)
    files = []
    for d, dirs, fs in os.walk(root):
        dirs[:] = [x for x in dirs if x not in ("target", ".git", "node_modules")]
        files += [os.path.join(d, f) for f in fs if f.endswith(".md")]
    cache = {}

    def slugs(path):
        if path not in cache:
            cache[path] = ({s for _, _, s in anchors(open(path).read())}
                           if os.path.exists(path) else None)
        return cache[path]

    bad = checked = files_checked = 0
    # A link's target: a path, optionally followed by '#anchor'; `<…>` and titles are not used
    # in these docs.
    link = re.compile(r"\]\(([^)\s#]*)(?:#([^)\s]+))?\)")
    for f in sorted(files):
        text = open(f).read()
        for m in link.finditer(text):
            target, anchor = m.group(1), m.group(2)
            if re.match(r"^[a-z]+:", target) or (not target and not anchor):
                continue  # http(s):, mailto: and the like are not ours to check
            path = os.path.normpath(os.path.join(os.path.dirname(f), target)) if target else f
            line = text[: m.start()].count("\n") + 1
            if anchor is None:
                files_checked += 1
                if not os.path.exists(path):
                    bad += 1
                    print(f"broken: {os.path.relpath(f, root)}:{line}: {target} (no such file)")
                continue
            if not path.endswith(".md"):
                continue
            checked += 1
            s = slugs(path)
            if s is None or anchor not in s:
                bad += 1
                print(f"broken: {os.path.relpath(f, root)}:{line}: {target}#{anchor}")
    print(f"{checked} anchored links and {files_checked} file links checked, {bad} broken")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()

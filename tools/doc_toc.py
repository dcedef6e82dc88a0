#!/usr/bin/env python3
"""doc_toc.py [--check] FILE...: a table of contents in every document over 200 lines.

With --check, also: no document over 350 lines, and the README (README.md at the repository's root) over
150, so that a newcomer reads each to the end.

The contents (its ## and ### headings, linked by GitHub's anchors) sit between the markers
<!-- contents --> and <!-- /contents -->, before the first heading below the title.  Without --check the
files are rewritten; with it, exit 1 naming a long file whose contents are missing or out of date."""
import re
import sys
from pathlib import Path

LONG = 200
MOST, README_MOST = 350, 150
BEGIN, END = "<!-- contents -->", "<!-- /contents -->"


def slug(text, seen):
    s = re.sub(r"[^\w\- ]", "", text.replace("`", "").strip().lower()).replace(" ", "-")
    n = seen.get(s, 0)
    seen[s] = n + 1
    return s if n == 0 else f"{s}-{n}"


def contents(lines):
    out, seen, fence = [], {}, False
    for line in lines:
        if line.startswith("```"):
            fence = not fence
        m = None if fence else re.match(r"^(#{1,6}) (.*)$", line)
        if not m:
            continue
        a = slug(m.group(2), seen)  # every heading takes its anchor, as GitHub numbers them
        if 2 <= len(m.group(1)) <= 3:
            out.append(("  " if len(m.group(1)) == 3 else "") + f"- [{m.group(2).replace('`', '')}](#{a})")
    return out


def with_toc(text):
    lines = text.split("\n")
    if BEGIN in lines and END in lines[lines.index(BEGIN):]:  # drop the old block
        i = lines.index(BEGIN)
        j = i + lines[i:].index(END)
        del lines[i:j + 2 if j + 1 < len(lines) and lines[j + 1] == "" else j + 1]
    if len(lines) <= LONG:
        return "\n".join(lines)
    toc = contents(lines)
    at, fence = len(lines), False
    for i, l in enumerate(lines):  # the first ## or ### heading below the title, outside code blocks
        if l.startswith("```"):
            fence = not fence
        elif i > 0 and not fence and re.match(r"^#{2,3} ", l):
            at = i
            break
    block = [BEGIN, "**Contents**", ""] + toc + [END, ""]
    return "\n".join(lines[:at] + block + lines[at:])


def main(argv):
    check = argv and argv[0] == "--check"
    bad = 0
    for f in argv[1:] if check else argv:
        p = Path(f)
        old = p.read_text()
        new = with_toc(old)
        root_readme = p.name == "README.md" and (p.resolve().parent / "CMakeLists.txt").exists()
        most = README_MOST if root_readme else MOST
        if check and old.count("\n") > most:
            print(f"{f}: {old.count(chr(10))} lines, over {most}: split or cut it")
            bad = 1
        if new != old:
            if check:
                print(f"{f}: over {LONG} lines without its contents up to date; run tools/doc_toc.py {f}")
                bad = 1
            else:
                p.write_text(new)
                print(f"{f}: contents written")
    return bad


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

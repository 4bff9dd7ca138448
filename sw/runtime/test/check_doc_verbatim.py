#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
#
# check_doc_verbatim.py -- a Markdown page shows source files verbatim: each
# line "<!-- verbatim: PATH -->" must be followed by a fenced code block
# whose text equals the file PATH (relative to the repository root, the
# current directory) exactly. Prints a diff and exits 1 on any difference,
# or when the page has no such block.
#
# usage: check_doc_verbatim.py PAGE.md
import difflib
import re
import sys


def blocks(text):
    """(path, code) for every verbatim marker, code None when no fence follows."""
    lines = text.split("\n")
    out = []
    for i, line in enumerate(lines):
        m = re.fullmatch(r"<!-- verbatim: (\S+) -->", line.strip())
        if not m:
            continue
        j = i + 1
        while j < len(lines) and not lines[j].strip():
            j += 1
        if j >= len(lines) or not lines[j].startswith("```"):
            out.append((m.group(1), None))
            continue
        fence = re.match(r"`{3,}", lines[j]).group(0)
        k = j + 1
        while k < len(lines) and lines[k] != fence:
            k += 1
        out.append((m.group(1), "\n".join(lines[j + 1:k]) + "\n" if k < len(lines) else None))
    return out


def main():
    page = sys.argv[1]
    with open(page, encoding="utf-8") as f:
        found = blocks(f.read())
    if not found:
        print(f"{page}: no <!-- verbatim: PATH --> block")
        return 1
    bad = 0
    for path, code in found:
        if code is None:
            print(f"{page}: the verbatim marker for {path} is not followed by a closed code block")
            bad += 1
            continue
        with open(path, encoding="utf-8") as f:
            want = f.read()
        if code != want:
            bad += 1
            print(f"{page}: the block for {path} differs from the file:")
            sys.stdout.writelines(difflib.unified_diff(
                want.splitlines(True), code.splitlines(True), path, page + " (block)"))
        else:
            print(f"{page}: {path} shown verbatim ({len(want.splitlines())} lines)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

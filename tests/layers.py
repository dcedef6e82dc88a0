#!/usr/bin/env python3
"""layers.py SRC: the layers of gsync-bench's source tree, checked from its
includes.  Each folder of SRC has a floor; a file may include files of its
own folder and of folders on lower floors only, and no two modules (a
file's stem: x.c, x.h and x.cuh are one module) may reach each other
through includes.  Prints each break, one a line; exit 1 when there is one.

    floor 0  lib                      the library's host module
    floor 1  core, inputs             parser, printer, runner...; readers
    floor 2  probes, litmus           what no primitive can beat; litmus tests
    floor 3  families                 the five families, run, plan, suite
    floor 4  app, server              programs, the synchronization server
    floor 5  multi                    across GPUs (uses the server's queues)
    floor 6  the root                 main.c, commands.c, help.c
"""
import os
import re
import sys

FLOORS = {"lib": 0, "core": 1, "inputs": 1, "probes": 2, "litmus": 2, "families": 3, "app": 4, "server": 4,
          "multi": 5, ".": 6}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def main(src):
    files = {}
    for folder, _, names in os.walk(src):
        for name in names:
            if name.endswith((".c", ".h", ".cu", ".cuh")):
                path = os.path.relpath(os.path.join(folder, name), src)
                with open(os.path.join(src, path), encoding="utf-8") as f:
                    files[path] = f.read()
    breaks = []
    edges = {}
    for path, text in sorted(files.items()):
        here = os.path.dirname(path) or "."
        if here not in FLOORS:
            breaks.append(f"{path}: folder '{here}' has no floor (add it to tests/layers.py)")
            continue
        for inc in INCLUDE.findall(text):
            if inc.startswith("gsync/") or inc.startswith(".."):
                continue  # the library's headers; the tests' own
            target = inc if inc in files else os.path.normpath(os.path.join(here, inc))
            if target not in files:
                continue  # a system or third-party header in quotes
            there = os.path.dirname(target) or "."
            if there != here and FLOORS.get(there, 99) >= FLOORS[here]:
                breaks.append(f"{path}: includes {target}, on floor {FLOORS.get(there)} (its own: {FLOORS[here]})")
            if there == here and "/" not in inc and here != ".":
                breaks.append(f"{path}: includes \"{inc}\" without its folder (\"{here}/{inc}\")")
            a, b = os.path.splitext(path)[0], os.path.splitext(target)[0]
            if a != b:
                edges.setdefault(a, set()).add(b)
    # circles between modules: a depth-first search
    state, stack = {}, []

    def visit(m):
        state[m] = 1
        stack.append(m)
        for n in sorted(edges.get(m, ())):
            if state.get(n) == 1:
                breaks.append("circle: " + " -> ".join(stack[stack.index(n):] + [n]))
            elif n not in state:
                visit(n)
        stack.pop()
        state[m] = 2

    for m in sorted(edges):
        if m not in state:
            visit(m)
    for b in breaks:
        print(b)
    print(f"layers: {len(files)} files, {sum(len(v) for v in edges.values())} includes between modules, "
          f"{len(breaks)} breaks")
    return 1 if breaks else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "src"))

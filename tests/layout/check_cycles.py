#!/usr/bin/env python3
"""Fails when a library's folders include each other in a circle, or its files call each other in one.

Folders: a folder of LIB is LIB/include/LIB/<sub> together with LIB/<sub> (core/env and
core/include/core/env are one folder); folder A uses folder B when a file of A includes a file of B
("..." includes, resolved beside the file, then from LIB/include, LIB/ and the source root). A cycle
(env -> rollout -> env) means a header sits above one of its users: the shared vocabulary belongs in
the lower folder.

Files (--calls LIB, for flat libraries such as scripting/ and datasets/): file A calls file B when A
names a free function declared in one of LIB's headers and defined in B only (a function defined at
the start of a line of B, outside a class). A circle (sandbox.cpp <-> pattern_cost.cpp) means a
shared piece belongs in a file of its own below both.

Every cycle is printed with the folders or files it joins and one include line / called name per
edge, so the fix is where it points. Reads files only; builds nothing.

usage: check_cycles.py SOURCE_ROOT LIB [LIB ...] [--calls LIB [LIB ...]]
exit 0: no cycle; 1: a cycle (printed); 2: bad usage.
"""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)
SOURCES = (".hpp", ".h", ".cpp", ".cc", ".inc")
# A free function's declaration in a header / definition at the start of a line in a .cpp.
DECLARATION = re.compile(r"^[ \t]*(?:[\w:<>,*&]+[ \t]+)+[*&]?(\w+)\(", re.M)
DEFINITION = re.compile(r"^(?:[A-Za-z_][\w:<>,*&]*[ \t]+)+[*&]?(\w+)\([^;]*$", re.M)
COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')
KEYWORDS = {"if", "for", "while", "switch", "return", "sizeof", "catch", "static_assert", "decltype", "main"}


def files_of(root, lib, exts):
    for dirpath, dirnames, filenames in os.walk(os.path.join(root, lib)):
        dirnames.sort()
        for fname in sorted(filenames):
            if fname.endswith(exts):
                yield os.path.join(dirpath, fname)


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def folder_of(root, lib, path):
    """<sub> for LIB/include/LIB/<sub>/... and LIB/<sub>/...; "." for a file directly in LIB/ or
    LIB/include/LIB/; None outside LIB."""
    rel = os.path.relpath(path, os.path.join(root, lib)).split(os.sep)
    if rel[0] == "..":
        return None
    if rel[0] == "include" and len(rel) > 2 and rel[1] == lib:
        rel = rel[2:]
    return rel[0] if len(rel) > 1 else "."


def resolve(root, lib, including, name):
    for base in (os.path.dirname(including), os.path.join(root, lib, "include"), os.path.join(root, lib), root):
        candidate = os.path.normpath(os.path.join(base, name))
        if os.path.isfile(candidate):
            return candidate
    return None


def folder_edges(root, lib):
    """{(folder, folder): "file:line: #include ..."}: the first include of each edge between two folders."""
    edges = {}
    for path in files_of(root, lib, SOURCES):
        src = folder_of(root, lib, path)
        text = read(path)
        for m in INCLUDE.finditer(text):
            target = resolve(root, lib, path, m.group(1))
            dst = folder_of(root, lib, target) if target else None
            if dst is not None and dst != src:
                line = text.count("\n", 0, m.start()) + 1
                edges.setdefault((src, dst), f'{os.path.relpath(path, root)}:{line}: #include "{m.group(1)}"')
    return edges


def call_edges(root, lib):
    """{(file, file): "calls name"}: between .cpp files of LIB through functions LIB's headers declare."""
    declared = set()
    for path in files_of(root, lib, (".hpp", ".h")):
        declared.update(DECLARATION.findall(COMMENT.sub("", read(path))))
    declared -= KEYWORDS
    sources = {os.path.relpath(p, root): STRING.sub('""', COMMENT.sub("", read(p))) for p in files_of(root, lib, (".cpp", ".cc"))}
    definers = {}
    for name, text in sources.items():
        for fn in set(DEFINITION.findall(text)) & declared:
            definers.setdefault(fn, set()).add(name)
    owner = {fn: next(iter(files)) for fn, files in definers.items() if len(files) == 1}
    edges = {}
    for name, text in sources.items():
        for fn, home in sorted(owner.items()):
            if home != name and re.search(r"\b" + fn + r"\s*\(", text):
                edges.setdefault((name, home), f"{name} calls {fn} ({home})")
    return edges


def cycles(edges):
    """The strongly connected components of more than one node (Tarjan), each sorted."""
    graph = {}
    for a, b in edges:
        graph.setdefault(a, []).append(b)
        graph.setdefault(b, [])
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(out)


def report(what, edges):
    found = cycles(edges)
    for comp in found:
        members = set(comp)
        print(f"{what}: cycle between {' and '.join(comp)}")
        for (a, b), why in sorted(edges.items()):
            if a in members and b in members:
                print(f"  {a} -> {b}: {why}")
    if not found:
        print(f"{what}: no cycle ({len(edges)} edges)")
    return bool(found)


def main(argv):
    args = argv[1:]
    calls = []
    if "--calls" in args:
        at = args.index("--calls")
        args, calls = args[:at], args[at + 1:]
    if not args or (len(args) < 2 and not calls):
        print(__doc__.strip().splitlines()[-2], file=sys.stderr)
        return 2
    root, failed = args[0], False
    for lib in args[1:] + calls:
        if not os.path.isdir(os.path.join(root, lib)):
            print(f"{lib}: no such folder under {root}", file=sys.stderr)
            return 2
    for lib in args[1:]:
        failed |= report(f"{lib}/ folders (includes)", {(f"{lib}/{a}", f"{lib}/{b}"): w for (a, b), w in folder_edges(root, lib).items()})
    for lib in calls:
        failed |= report(f"{lib}/ files (calls)", call_edges(root, lib))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

#!/usr/bin/env python3
"""The folder-level import graph of a Swift module: which folders use which other folders' names.

    python3 Tests/Tools/folder_imports.py [Sources/DemeterCore] [--edges]

A folder "uses" another when one of its files names a type (struct, enum, class, protocol, actor,
typealias) or a top-level function declared in the other (comments and string literals are left
out). Prints each cycle (strongly connected component of two or more folders) with the uses that
close it, or "no cycles"; --edges prints every edge first.
"""
import os
import re
import sys

DECLARATION = re.compile(
    r"^(?:(?:@\w+(?:\([^)]*\))?\s+)*(?:public|package|internal|fileprivate|private|final|indirect|nonisolated)\s+)*"
    r"(?:struct|enum|class|protocol|actor|typealias|func)\s+([A-Za-z_]\w*)",
    re.M,
)
IDENTIFIER = re.compile(r"\b[A-Za-z_]\w*\b")


def strip(source):
    """The source without comments and string literals (roughly: enough for names)."""
    source = re.sub(r'"""[\s\S]*?"""', '""', source)
    source = re.sub(r"/\*[\s\S]*?\*/", " ", source)
    source = re.sub(r"//[^\n]*", " ", source)
    return re.sub(r'"(?:\\.|[^"\\\n])*"', '""', source)


def read(root):
    folders = {}
    for folder in sorted(os.listdir(root)):
        path = os.path.join(root, folder)
        if not os.path.isdir(path):
            continue
        texts = []
        for directory, _, files in os.walk(path):
            for name in sorted(files):
                if name.endswith(".swift"):
                    with open(os.path.join(directory, name), encoding="utf-8") as file:
                        texts.append((os.path.relpath(os.path.join(directory, name), root), strip(file.read())))
        folders[folder] = texts
    return folders


def graph(folders):
    declared = {}
    for folder, texts in folders.items():
        for _, text in texts:
            # Only top-level declarations (no indentation) name something other folders can use.
            for match in DECLARATION.finditer(text):
                if match.start() == 0 or text[match.start() - 1] == "\n":
                    declared.setdefault(match.group(1), set()).add(folder)
    edges = {folder: {} for folder in folders}
    for folder, texts in folders.items():
        for file, text in texts:
            for name in set(IDENTIFIER.findall(text)):
                for owner in declared.get(name, ()):
                    if owner != folder and len(declared[name]) == 1:
                        edges[folder].setdefault(owner, set()).add(f"{file}: {name}")
    return edges


def components(edges):
    """Tarjan's strongly connected components."""
    index, low, stack, on_stack, result = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(edges[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            result.append(sorted(component))

    sys.setrecursionlimit(10000)
    for node in sorted(edges):
        if node not in index:
            visit(node)
    return result


def main():
    arguments = [a for a in sys.argv[1:] if not a.startswith("--")]
    root = arguments[0] if arguments else "Sources/DemeterCore"
    edges = graph(read(root))
    if "--edges" in sys.argv:
        for folder in sorted(edges):
            print(f"{folder} -> {', '.join(sorted(edges[folder])) or '(none)'}")
        print()
    cycles = [c for c in components(edges) if len(c) > 1]
    if not cycles:
        print("no cycles")
    for component in sorted(cycles):
        print("cycle: " + " <-> ".join(component))
        for source in component:
            for target in sorted(edges[source]):
                if target in component:
                    uses = sorted(edges[source][target])
                    more = f" (+{len(uses) - 3} more)" if len(uses) > 3 else ""
                    print(f"  {source} -> {target}: {'; '.join(uses[:3])}{more}")
    sys.exit(1 if cycles else 0)


if __name__ == "__main__":
    main()

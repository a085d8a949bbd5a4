#!/usr/bin/env python3
"""Which way the code's dependencies go: modules in the order of `MODULES`, and inside each module
its folders in the ranks of `FOLDERS` (lowest first).

    python3 Tests/Tools/folder_imports.py            # check every module; exit 1 on a wrong way
    python3 Tests/Tools/folder_imports.py --edges    # print each module's folder graph first

A folder "uses" another when one of its files names a type (struct, enum, class, protocol, actor,
typealias) or a top-level function declared in the other (comments and string literals are left
out). A folder may use only folders of a lower rank; a file may import only modules before its
own in `MODULES`; a folder not ranked, and any cycle, is reported too.
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


# The engine's modules, each importing only modules before it (SwiftPM checks the targets'
# dependencies have no cycle; this keeps them in one order).
MODULES = [
    "DemeterFoundation", "DemeterJournal", "DemeterDigests", "DemeterCore", "BuiltInIngredients",
    "DemeterReporting", "ReportFormats", "DemeterReports", "DemeterCommandLine",
]

# Each module's folders by rank, lowest first: a folder uses folders of lower ranks only.
FOLDERS = {
    "DemeterFoundation": [
        ["Diagnostics", "Hashing", "Numbers", "Ordering", "Text"], ["JSON", "System"], ["Time"]],
    "DemeterJournal": [["Models"], ["Transactions"], ["CacheFiles"], ["Reading"], ["Body", "Query"]],
    "DemeterDigests": [
        ["Aggregates"], ["Model"], ["Building"], ["Cache"], ["Loading"], ["Body", "Cohorts", "Interchange", "Summaries"]],
    "DemeterCore": [["Config", "Ingredients", "Writing"], ["Import", "Recipes", "Targets"], ["Plans"], ["Sample"]],
    "DemeterReporting": [["Model", "Output"], ["Builder", "Charts", "External", "Mustache"], ["Templates"]],
    "DemeterReports": [["Console", "Reference"], ["Sources"], ["Output"], ["Request"], ["Making"]],
    "DemeterCommandLine": [
        ["Arguments", "Documentation.docc", "Scripts"], ["Formats", "Help", "Manual"], ["Commands"]],
}

IMPORT = re.compile(r"^\s*(?:@\w+\s+)*import\s+(\w+)", re.M)


def module_problems(module):
    """Files of `module` that import a module after it in `MODULES`."""
    problems = []
    for directory, _, files in os.walk(os.path.join("Sources", module)):
        for name in sorted(files):
            if name.endswith(".swift"):
                path = os.path.join(directory, name)
                with open(path, encoding="utf-8") as file:
                    for imported in IMPORT.findall(file.read()):
                        if imported in MODULES and MODULES.index(imported) >= MODULES.index(module):
                            problems.append(f"{path}: imports {imported}, which is not below {module}")
    return problems


def folder_problems(module, edges):
    """Uses of `module`'s folders against their ranks, unranked folders and cycles."""
    rank = {folder: level for level, folders in enumerate(FOLDERS[module]) for folder in folders}
    problems = [f"{module}/{folder}: not ranked in FOLDERS" for folder in sorted(edges) if folder not in rank]
    for source in sorted(edges):
        for target in sorted(edges[source]):
            if source in rank and target in rank and rank[target] >= rank[source]:
                uses = sorted(edges[source][target])
                more = f" (+{len(uses) - 3} more)" if len(uses) > 3 else ""
                problems.append(f"{module}: {source} -> {target}: {'; '.join(uses[:3])}{more}")
    for component in components(edges):
        if len(component) > 1:
            problems.append(f"{module}: cycle: {' <-> '.join(component)}")
    return problems


def main():
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
    problems = []
    for module in MODULES:
        root = os.path.join("Sources", module)
        problems += module_problems(module)
        if module not in FOLDERS:
            continue
        edges = graph(read(root))
        if "--edges" in sys.argv:
            print(f"== {module}")
            for folder in sorted(edges):
                print(f"{folder} -> {', '.join(sorted(edges[folder])) or '(none)'}")
            print()
        problems += folder_problems(module, edges)
    for problem in problems:
        print(problem)
    if not problems:
        print(f"every import goes one way: {len(MODULES)} modules, {len(FOLDERS)} of them in ranked folders")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()

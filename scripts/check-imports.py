#!/usr/bin/env python3
"""Every target imports only the package's targets it declares as dependencies.

SwiftPM's `--explicit-target-dependency-import-check error` misses an import of a
module that is reachable through another dependency (swiftlang/swift#70560), which is
the usual mistake: `graphcalc` imported `Graphing` through `GraphCalcCLI`. This reads
the package's description (`swift package dump-package`) and each target's sources, and
reports every `import X` of one of the package's own modules that the target does not
declare. Exit status 1 when there is one.

Usage: scripts/check-imports.py [PACKAGE_DIRECTORY]
"""
import json
import os
import re
import subprocess
import sys

# `import X`, `@testable import X`, `public import X`, `import struct X.Y`: one line each.
IMPORT = re.compile(
    r"^[ \t]*(?:@\w+(?:\([^)\n]*\))?[ \t]+)*(?:(?:public|package|internal|private|fileprivate)[ \t]+)?"
    r"import[ \t]+(?:(?:struct|class|enum|protocol|typealias|func|let|var)[ \t]+)?(\w+)", re.M)


def main() -> int:
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    description = json.loads(
        subprocess.run(["swift", "package", "--package-path", root, "dump-package"],
                       check=True, capture_output=True, text=True).stdout)
    targets = description["targets"]
    modules = {target["name"] for target in targets}
    # A system-library target's module name is its name as well (CReadline).
    problems = []
    for target in targets:
        declared = set()
        for dependency in target.get("dependencies", []):
            for kind in ("byName", "target", "product"):
                if kind in dependency:
                    declared.add(dependency[kind][0])
        path = target.get("path") or os.path.join(
            "Tests" if target["type"] == "test" else "Sources", target["name"])
        path = os.path.join(root, path)
        for directory, _, files in os.walk(path):
            for name in sorted(files):
                if not name.endswith(".swift"):
                    continue
                file = os.path.join(directory, name)
                with open(file, encoding="utf-8") as handle:
                    text = handle.read()
                for match in IMPORT.finditer(text):
                    module = match.group(1)
                    if module in modules and module != target["name"] and module not in declared:
                        line = text.count("\n", 0, match.start()) + 1
                        problems.append(
                            f"{os.path.relpath(file, root)}:{line}: target {target['name']} imports "
                            f"{module} without declaring it a dependency")
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

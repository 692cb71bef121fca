#!/usr/bin/env python3
"""The calculator keys through Python's plistlib, an independent property-list
implementation: programs it writes (XML and binary, each key by the symbol a classic
calculator stores) evaluate in graphcalc to Python's own values, and programs graphcalc
compiles read back in Python as the same array.

Usage: python3 scripts/keys-plist-check.py PATH/TO/graphcalc
Prints one line per failure and a last line "N passed, M failed"; exit status 1 on any.
"""
import math
import os
import plistlib
import subprocess
import sys
import tempfile

BIN = sys.argv[1]
passed = failed = 0


def check(name, condition, detail=""):
    global passed, failed
    if condition:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {name} {detail}")


def run(*args):
    return subprocess.run([BIN, *args], capture_output=True, text=True, timeout=60)


directory = tempfile.mkdtemp()
# Stack programs as a classic calculator stores them, and Python's value for each.
programs = [
    ([2.5, "floor"], math.floor(2.5)), ([-2.5, "ceil"], math.ceil(-2.5)), ([2.5, "round"], 3.0),
    ([-2.7, "trunc"], math.trunc(-2.7)), ([-4, "sign"], -1.0), ([1, "sinh"], math.sinh(1)),
    ([1, "cosh"], math.cosh(1)), ([0.5, "tanh"], math.tanh(0.5)), ([2, "asinh"], math.asinh(2)),
    ([2, "acosh"], math.acosh(2)), ([0.5, "atanh"], math.atanh(0.5)), ([27, "∛"], 3.0),
    ([-8, "cbrt"], -2.0), ([1024, "log2"], 10.0), ([5, "!"], 120.0), ([0.5, "Γ"], math.gamma(0.5)),
    ([6, "gamma"], 120.0), ([-7, 3, "mod"], -7 % 3), ([7, -3, "mod"], 7 % -3), ([2, 8, "logb"], 3.0),
    ([5, 2, "nPr"], float(math.perm(5, 2))), ([52, 5, "nCr"], float(math.comb(52, 5))),
    (["τ"], math.tau), (["phi"], (1 + math.sqrt(5)) / 2),
]
for index, (items, want) in enumerate(programs):
    for fmt in (plistlib.FMT_XML, plistlib.FMT_BINARY):
        path = os.path.join(directory, f"key-{index}-{fmt.name}.plist")
        with open(path, "wb") as file:
            plistlib.dump(items, file, fmt=fmt)
        result = run("eval", path)
        try:
            got = float(result.stdout.strip())
        except ValueError:
            got = None
        check(f"eval {items} ({fmt.name})",
              result.returncode == 0 and got is not None and math.isclose(got, want, rel_tol=4e-16, abs_tol=0),
              f"rc={result.returncode} out={result.stdout.strip()!r} err={result.stderr.strip()!r} want={want!r}")

# What graphcalc compiles, Python reads back.
for expression, items in [
    ("floor(x)+∛x", ["x", "floor", "x", "∛", "+"]),
    ("x!*Γ(x)", ["x", "!", "x", "Γ", "×"]),
    ("mod(x, 2)+log(2, x)", ["x", 2.0, "mod", 2.0, "x", "logb", "+"]),
    ("nPr(x, 2)-nCr(x, 2)", ["x", 2.0, "nPr", "x", 2.0, "nCr", "−"]),
    ("τ*φ", ["τ", "φ", "×"]),
]:
    for fmt in ("xml", "binary"):
        path = os.path.join(directory, f"compiled-{fmt}.plist")
        result = run("compile", expression, "-o", path, "--format", fmt)
        with open(path, "rb") as file:
            array = plistlib.load(file)
        check(f"compile {expression} ({fmt})", result.returncode == 0 and array == items, f"got {array!r}")

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)

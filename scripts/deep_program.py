#!/usr/bin/env python3
"""Writes the million-op program of the README's performance section as a binary property
list: a right-nested sum of 200,000 sines, sin(x+0) + (sin(x+1) + (… + sin(x+199999))),
in the classic op-array shape (numbers and operation names).

  python3 scripts/deep_program.py deep.plist [TERMS]
"""
import plistlib
import sys


def main():
    path = sys.argv[1]
    terms = int(sys.argv[2]) if len(sys.argv) > 2 else 200_000
    ops = []
    for k in range(terms):
        ops += ["x", float(k), "+", "sin"]
    ops += ["+"] * (terms - 1)
    with open(path, "wb") as file:
        plistlib.dump(ops, file, fmt=plistlib.FMT_BINARY)
    print(f"{path}: {len(ops)} ops")


if __name__ == "__main__":
    main()

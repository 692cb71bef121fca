#!/usr/bin/env python3
"""The peer a Python user would write for word counts: re.findall and collections.Counter.

Reads a UTF-8 text, lowercases it, finds runs of word characters with apostrophes
inside (r"\\w+(?:['’]\\w+)*") and counts them: the same job as `graphcalc words` where
the two rules agree, as on the text graphcalc-bench generates (ASCII words and
precomposed letters of other scripts). They differ on combining marks (Python ends a
word at one: नमस्ते is two words to it, cafe + U+0301 is "cafe"), underscores, ideographs
(Python keeps a run together) and Greek capitals (Python lowercases a final Σ to ς).
graphcalc-bench runs this script on the text it generates and prints its figures beside
its own; by hand:

  python3 scripts/words_peer.py TEXT.txt

Prints one line: W1, milliseconds (median of 3, reading the file included), and the
distinct and total words.
"""
import collections
import re
import statistics
import sys
import time

WORD = re.compile(r"\w+(?:['’]\w+)*")


def count(path):
    with open(path, encoding="utf-8") as file:
        text = file.read()
    return collections.Counter(WORD.findall(text.lower()))


def main():
    path = sys.argv[1]
    times = []
    counts = None
    for _ in range(3):
        start = time.perf_counter()
        counts = count(path)
        times.append((time.perf_counter() - start) * 1000)
    total = sum(counts.values())
    print(f"W1\t{statistics.median(times):.1f}\t{len(counts)} distinct, {total} in all")


if __name__ == "__main__":
    main()

#!/usr/bin/env bash
# Runs every libFuzzer target in Fuzz/ for SECONDS each (default 60), starting from the
# seed corpora in Fuzz/Corpus/ (which it does not change). A crash, a leak or a timeout
# stops it with a non-zero status and the input that did it in $FUZZ_WORK (a temporary
# directory unless set); turn that input into a regression test.
#   scripts/fuzz.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/../Fuzz"
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fuzz-parser fuzz-relation fuzz-curve fuzz-plist fuzz-csv fuzz-data fuzz-words fuzz-repl fuzz-cli fuzz-session fuzz-explore)
# SwiftPM's --sanitize links libFuzzer and compiles the targets as libraries; the
# -Xswiftc flags make the compiler instrument every module for coverage, the package's
# libraries included.
flags=(-c release --sanitize fuzzer --sanitize address -Xswiftc -sanitize=fuzzer,address)
# One build of every target: a build per product recompiled the whole package each time.
swift build "${flags[@]}" 2>&1 | grep -E "error|Compiling|Build" || true
for target in "${targets[@]}"; do test -x ".build/release/$target"; done
work=${FUZZ_WORK:-$(mktemp -d)}
export SWIFT_BACKTRACE=enable=no
# One-time global initializers are not leaks (see Fuzz/lsan.supp).
export LSAN_OPTIONS="suppressions=$PWD/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
for target in "${targets[@]}"; do
    mkdir -p "$work/$target" "Corpus/$target"
    echo "== $target: $seconds s"
    ".build/release/$target" -max_total_time="$seconds" -timeout=60 -rss_limit_mb=4096 -max_len=4096 \
        -print_final_stats=1 -artifact_prefix="$work/$target-" "$work/$target" "Corpus/$target" \
        2> "$work/$target.log" || {
        tail -n 40 "$work/$target.log"
        echo "fuzz: $target failed; the input is in $work/$target-*" >&2
        exit 1
    }
    grep -E "stat::number_of_executed_units|DONE" "$work/$target.log" | tail -n 2
done
echo "fuzz: all targets ran $seconds s each without a crash, leak or timeout"

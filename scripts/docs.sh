#!/usr/bin/env bash
# Builds the documentation of each library with the toolchain's docc, warnings as errors:
# every symbol link must resolve and every documented parameter must exist.
#   scripts/docs.sh [OUTPUT_DIRECTORY]   (default .build/docs/site)
set -euo pipefail
cd "$(dirname "$0")/.."
output=${1:-.build/docs/site}
# Kept between runs: the compiler writes a module's graph only when it rebuilds it, so
# the graphs of unchanged modules are the ones already here.
graphs=.build/docs/symbol-graphs
mkdir -p "$graphs" "$output"
# A scratch path of its own, so the symbol-graph flags do not rebuild the main build.
swift build --scratch-path .build/docs/build -Xswiftc -emit-symbol-graph \
    -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" >/dev/null
status=0
for module in CalculatorBrain Graphing ChartData Plotting GraphCalcCLI; do
    module_graphs=$(mktemp -d)
    cp "$graphs/$module".symbols.json "$graphs/$module"@*.symbols.json "$module_graphs"/ 2>/dev/null || true
    if ! docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$module_graphs" \
        --fallback-display-name "$module" --fallback-bundle-identifier "graphcalc.$module" \
        --output-path "$output/$module" --warnings-as-errors >"$module_graphs/log" 2>&1; then
        grep -E "warning|error" "$module_graphs/log" | sed "s|^|$module: |"
        status=1
    fi
    rm -rf "$module_graphs"
done
exit $status

#!/usr/bin/env bash
# Regenerates the SVGs in examples/gallery/ with the release build of graphcalc.
#   bash examples/make-gallery.sh            (set GRAPHCALC=path to use another binary)
set -euo pipefail
cd "$(dirname "$0")/.."
graphcalc=${GRAPHCALC:-.build/release/graphcalc}
if [ -z "${GRAPHCALC:-}" ]; then swift build -c release --static-swift-stdlib -Xswiftc -static-executable --product graphcalc >&2 2>/dev/null || swift build -c release --product graphcalc >&2; fi
out=examples/gallery
mkdir -p "$out"

"$graphcalc" svg 'sin(x)' 'cos(x)/2' 'sin(3x)/3' --x -2pi:2pi -o "$out/trigonometry.svg" --title 'Three waves'
"$graphcalc" svg 'tan(x)' 'sqrt(x)' '3/(1+1e6*(x-0.3137)^2)' --x -5:5 --y -4:4 --grid \
    -o "$out/poles-roots-spike.svg" --title 'Poles, a square root and a spike narrower than a pixel'
"$graphcalc" svg 'ln(x)' '1/x' 'exp(-x^2)' --x -3:3 --y -3:3 --theme dark -o "$out/dark.svg" --title 'Dark theme'
"$graphcalc" svg 'sin(1/x)' 'x*sin(1/x)' --x -0.5:0.5 --y -1.2:1.2 -o "$out/oscillation.svg" \
    --title 'sin(1/x): oscillation without end'
"$graphcalc" svg examples/programs/damped-wave.plist --x 0:20 -o "$out/damped-wave.svg" \
    --title 'A saved program: exp(−x÷5)×sin(2×x)'
"$graphcalc" svg '(x^2+y^2-1)^3=x^2*y^3' 'y<sin(4x)/4-1.1' 'x^2=y^2 and x^2+y^2<0.25' --x -2:2 --y -1.6:1.6 \
    -o "$out/relations.svg" --title 'Relations, proved pixel by pixel'
"$graphcalc" svg 'r = cos(4θ)' '(sin(3t), sin(4t))' 'r = 1+cos(θ)' '(t, tan(t))' --aspect equal --x -2:2.2 \
    --y -1.4:1.4 -o "$out/curves.svg" --title 'A rose, a Lissajous figure, a cardioid and (t, tan(t))'
"$graphcalc" svg examples/data/heights.csv '0.884845x-77.445' --style points -o "$out/data-and-fit.svg" \
    --title 'Weight against height (300 made-up people) and the least-squares line'
"$graphcalc" chart hist examples/data/heights.csv --column height --normal -o "$out/histogram.svg" --size 640x400 \
    --title 'Heights: Freedman-Diaconis bins and the normal curve'

"$graphcalc" chart bar examples/data/languages.csv --values -o "$out/bar-chart.svg" --size 640x400 \
    --title 'Users by language (made-up figures)'
"$graphcalc" chart pie examples/data/languages.csv --select Swift -o "$out/pie-chart.svg" --size 640x400 \
    --title 'Share of users'
"$graphcalc" words examples/data/calculator.txt --top 10 --chart bar --horizontal --values \
    -o "$out/word-frequencies.svg" --size 640x400 --title 'Most frequent words of calculator.txt'
ls -l "$out"

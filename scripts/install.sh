#!/usr/bin/env bash
# Builds graphcalc's release binary, fully static, and installs it with its man page and
# shell completions for the current user:
#   PREFIX/bin/graphcalc                          (PREFIX defaults to ~/.local)
#   PREFIX/share/man/man1/graphcalc.1             (man graphcalc)
#   PREFIX/share/bash-completion/completions/graphcalc   (loaded by bash-completion)
#   PREFIX/share/zsh/site-functions/_graphcalc    (add it to fpath before compinit)
#   PREFIX/share/fish/vendor_completions.d/graphcalc.fish
# Usage: scripts/install.sh [PREFIX]     e.g. scripts/install.sh /usr/local (as root)
# Each file is written to a temporary name and renamed into place.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix="${1:-${PREFIX:-$HOME/.local}}"
swift build -c release --static-swift-stdlib -Xswiftc -static-executable --product graphcalc
binary=.build/release/graphcalc

# Installs standard input as $1 with mode $2, atomically.
place() {
    local target="$1" mode="$2" temporary
    mkdir -p "$(dirname "$target")"
    temporary="$(mktemp "$target.XXXXXX")"
    cat > "$temporary"
    chmod "$mode" "$temporary"
    mv -f "$temporary" "$target"
}

place "$prefix/bin/graphcalc" 755 < "$binary"
"$binary" man | place "$prefix/share/man/man1/graphcalc.1" 644
"$binary" completions bash | place "$prefix/share/bash-completion/completions/graphcalc" 644
"$binary" completions zsh | place "$prefix/share/zsh/site-functions/_graphcalc" 644
"$binary" completions fish | place "$prefix/share/fish/vendor_completions.d/graphcalc.fish" 644
echo "installed $prefix/bin/graphcalc"
case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) echo "note: $prefix/bin is not on PATH; add it, e.g. export PATH=\"$prefix/bin:\$PATH\" in ~/.bashrc" ;;
esac

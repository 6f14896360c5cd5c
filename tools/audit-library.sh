#!/bin/sh
# Audits the selective search on every position of the classroom library: each position is
# searched to DEPTH with every selective technique on (as `uci` plays) and recorded, then
# `log audit` re-searches each decision without its technique; the totals per technique are
# summed over the library.
#
#   tools/audit-library.sh [KILLERSCOPE] [DEPTH]     (default: target/release/killerscope, 7)
set -eu
bin=${1:-target/release/killerscope}
depth=${2:-7}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
grep -v '^#' assets/positions.epd | while IFS= read -r line; do
    [ -n "$line" ] || continue
    fen=$(printf '%s\n' "$line" | cut -d' ' -f1-4)
    id=$(printf '%s\n' "$line" | sed -n 's/.*id "\([^"]*\)".*/\1/p')
    "$bin" search --fen "$fen 0 1" --depth "$depth" --search all=on --log "$dir/$id.kslog" >/dev/null
    "$bin" log audit "$dir/$id.kslog" | grep '^| \*\*' | sed "s/^/$id /"
done | awk '
    { tech = $3; gsub(/\*/, "", tech); n[tech] += $7; u[tech] += $11 }
    END {
        printf "| technique | decisions | unsound | share |\n| --- | ---: | ---: | ---: |\n"
        for (t in n) printf "| %s | %d | %d | %.2f%% |\n", t, n[t], u[t], n[t] ? 100 * u[t] / n[t] : 0
    }'

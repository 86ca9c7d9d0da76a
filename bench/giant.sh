#!/usr/bin/env bash
# Giant chunked mazes, whole processes: wall time and peak memory of
# `mazegen backtrack --chunk 64 --size SIZE` written as text (to /dev/null), npy and png at
# scale 1, on 1 and 2 threads (`--jobs`), the runs alternating, with the load average. The
# outputs of 1 and 2 threads are compared byte for byte.
#
#   bench/giant.sh               # 10^9 cells (--size 63247), 3 runs of each
#   SIZE=20001 RUNS=1 bench/giant.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --locked --quiet
target="${CARGO_TARGET_DIR:-target}"
mazegen="$(pwd)/$target/release/mazegen"
[[ $target = /* ]] && mazegen="$target/release/mazegen"
size="${SIZE:-63247}"
runs="${RUNS:-3}"
algorithm="${ALGORITHM:-backtrack}"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

# One run: FORMAT JOBS; prints "seconds peak-MB".
run() {
    local format=$1 jobs=$2 out=/dev/null scale=()
    [[ $format = text ]] || out="$scratch/$jobs.$format"
    [[ $format = png ]] && scale=(--scale 1)
    /usr/bin/time -f '%e %M' -o "$scratch/time" "$mazegen" "$algorithm" --chunk 64 \
        --size "$size" --seed 1 --format "$format" "${scale[@]}" --jobs "$jobs" -o "$out"
    awk '{ printf "%.2f %.0f\n", $1, $2 / 1024 }' "$scratch/time"
}

echo "$algorithm --chunk 64 --size $size, $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-6s %6s %12s %12s %12s %12s %8s\n' format runs "1 job s" "1 job MB" "2 jobs s" \
    "2 jobs MB" ratio
for format in text npy png; do
    one=() two=() mem1=0 mem2=0
    for _ in $(seq "$runs"); do
        read -r s m < <(run "$format" 1); one+=("$s"); mem1=$m
        read -r s m < <(run "$format" 2); two+=("$s"); mem2=$m
    done
    if [[ $format != text ]]; then
        cmp -s "$scratch/1.$format" "$scratch/2.$format" || { echo "$format: 2 jobs wrote other bytes"; exit 1; }
    fi
    median() { printf '%s\n' "$@" | sort -g | sed -n "$(( ($# + 1) / 2 ))p"; }
    m1=$(median "${one[@]}") m2=$(median "${two[@]}")
    printf '%-6s %6s %12s %12s %12s %12s %7.2fx\n' "$format" "$runs" "$m1" "$mem1" "$m2" "$mem2" \
        "$(echo "$m1 / $m2" | bc -l)"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

#!/usr/bin/env bash
# Dataset throughput: mazes a second of `mazegen --count N --format jsonl` to /dev/null, the
# whole process (start-up, threads, writing), the median of three runs; then the arrays,
# `npy` and `npz` with `--jobs 2`; then maze-dataset's rates at 10x10 cells in the same run,
# when python3 has it, and the ratios. The load average is printed with each table.
#
#   bench/dataset.sh            # from the repository, builds the release binary first
#   SCALE=0.1 bench/dataset.sh  # shorter runs
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --locked --quiet
target="${CARGO_TARGET_DIR:-target}"
mazegen="$target/release/mazegen"
scale="${SCALE:-1}"

# The median of three runs of `mazegen ARGS --count COUNT` (as jsonl unless ARGS name a
# format), in mazes a second.
rate() {
    local count=$1
    shift
    for _ in 1 2 3; do
        local start end
        start=$(date +%s.%N)
        "$mazegen" --format jsonl "$@" --count "$count" --seed 1 --quiet > /dev/null
        end=$(date +%s.%N)
        echo "$count / ($end - $start)" | bc -l
    done | sort -g | sed -n 2p | xargs printf '%.0f\n'
}

count() { printf '%.0f' "$(echo "$1 * $scale" | bc -l)"; }

load() { cut -d' ' -f1 /proc/loadavg 2> /dev/null || echo "?"; }

declare -A ours
printf '%-28s %12s\n' "mazegen (jsonl, $(nproc) cores, load $(load))" "mazes/s"
for run in "backtrack 21 1000000" "backtrack 65 100000" "backtrack 201 10000" "wilson 21 500000" \
    "wilson 65 50000"; do
    read -r algorithm size n <<< "$run"
    cells=$(( (size - 1) / 2 ))
    ours["$algorithm $cells"]=$(rate "$(count "$n")" "$algorithm" --size "$size")
    printf '%-28s %12s\n' "$algorithm ${cells}x${cells}" "${ours["$algorithm $cells"]}"
done

echo
printf '%-28s %12s\n' "mazegen arrays (load $(load))" "mazes/s"
for format in npy npz; do
    printf '%-28s %12s\n' "backtrack 10x10 $format -j2" \
        "$(rate "$(count 1000000)" backtrack --size 21 --format "$format" --jobs 2)"
done

if ! python3 -c 'import maze_dataset' 2> /dev/null; then
    echo "note: maze-dataset is not installed (pip install maze-dataset muutils==0.8.12): no comparison"
    exit 0
fi
echo
printf '%-28s %12s %10s\n' "maze-dataset (10x10)" "mazes/s" "mazegen x"
python3 bench/maze_dataset_rate.py "$scale" | while read -r name theirs; do
    case $name in dfs-*) mine=${ours["backtrack 10"]} ;; *) mine=${ours["wilson 10"]} ;; esac
    printf '%-28s %12s %10.0f\n' "$name" "$theirs" "$(echo "$mine / $theirs" | bc -l)"
done

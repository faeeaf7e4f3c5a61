#!/bin/sh
# The whole suite on a busy machine (issue 42): a fresh clone of this checkout's HEAD, every
# core kept busy by stress-ng, then `make test` RUNS times in a row. Prints each run's result,
# wall time and load; asserts nothing, writes nothing into the checkout.
#
#     apt-get install stress-ng        # once
#     sh bench/suite_under_load.sh [RUNS]    # default 3
set -u
runs=${1:-3}
here=$(git rev-parse --show-toplevel)
work=$(mktemp -d "${TMPDIR:-/tmp}/rulebook-loaded.XXXXXX")
chmod 755 "$work"  # tests/test_shared_folder.py runs the clone's Python as another user
git clone -q "$here" "$work/clone"
cores=$(nproc)
stress-ng --cpu "$cores" --quiet &
stress=$!
trap 'kill $stress 2>/dev/null' EXIT INT TERM
echo "clone of $(git -C "$here" rev-parse --short HEAD) in $work/clone; stress-ng --cpu $cores (pid $stress)"
i=1
while [ "$i" -le "$runs" ]; do
    start=$(date +%s)
    echo "run $i: start $(date -u +%H:%M:%S), load $(cut -d' ' -f1-3 /proc/loadavg)"
    (cd "$work/clone" && make test) > "$work/run-$i.log" 2>&1
    rc=$?
    end=$(date +%s)
    echo "run $i: exit $rc after $((end - start)) s, load $(cut -d' ' -f1-3 /proc/loadavg);" \
         "$(grep -E '^=+ .*(passed|failed).* =+$' "$work/run-$i.log" | tail -1)"
    i=$((i + 1))
done
echo "logs: $work/run-*.log"

#!/usr/bin/env bash
# Runs a GoogleTest program as TEST_JOBS shards side by side (GoogleTest's own sharding: shard i
# runs every test whose index is i modulo the count), one per core unless TEST_JOBS says, since
# most tests use one thread and the suite is CI's longest step.  Each shard's output is printed
# whole when all are done, then one closing line for the suite; the status is the first failing
# shard's.  Extra arguments go to every shard (--gtest_filter=...).
#   tests/run_in_shards.sh build/herald_tests [ARGS...]
set -u
program=$1
shift
jobs=${TEST_JOBS:-$(nproc 2>/dev/null || echo 1)}
if [ "$jobs" -le 1 ]; then exec "$program" "$@"; fi

logs=$(mktemp -d "${TMPDIR:-/tmp}/herald-shards-XXXXXX")
trap 'rm -rf "$logs"' EXIT
pids=()
for ((i = 0; i < jobs; i++)); do
  GTEST_TOTAL_SHARDS=$jobs GTEST_SHARD_INDEX=$i "$program" "$@" >"$logs/$i.log" 2>&1 &
  pids+=($!)
done
echo "tests: $jobs shards running (TEST_JOBS=1 runs them in one)"

status=0 passed=0 failed=0
for ((i = 0; i < jobs; i++)); do
  wait "${pids[$i]}"
  code=$?
  [ "$status" -eq 0 ] && status=$code
  echo "== shard $((i + 1)) of $jobs (exit status $code)"
  cat "$logs/$i.log"
  # The closing line of tests/main.cpp: "tests: N passed, N failed".
  line=$(grep -E '^tests: [0-9]+ passed, [0-9]+ failed$' "$logs/$i.log" | tail -n 1)
  if [ -z "$line" ]; then
    echo "shard $((i + 1)) ended without its closing line (crashed?)"
    [ "$status" -eq 0 ] && status=1
    continue
  fi
  set -- $line
  passed=$((passed + $2)) failed=$((failed + $4))
done
echo "tests: $passed passed, $failed failed (all $jobs shards)"
exit "$status"

#!/usr/bin/env bash
# Builds the libFuzzer target (Fuzz/FuzzEntry.swift + the sources of MantleCore, MantleJSON,
# JSONAdapter and GitHubModels, compiled as ONE module with ASan) into .build-fuzz/
# and runs it for N seconds on a corpus seeded from Examples/Fixtures and the
# JSONTestSuite copy in Tests/MantleJSONTests/Fixtures (a development tool:
# not needed by the quick start or CI).
#
#   Fuzz/run.sh [seconds=60] [extra libFuzzer flags...]
#   Fuzz/run.sh 0 .build-fuzz/crashes/crash-…   # replay one saved input (0 = don't fuzz)
#
# Outputs (keep them out of git):
#   .build-fuzz/mantle-fuzz   the fuzzer binary
#   .build-fuzz/src/          the rewritten sources it was built from
#   .build-fuzz/seeds/        the seed corpus (copied fixtures)
#   .build-fuzz/corpus/       inputs libFuzzer found interesting (grows across runs)
#   .build-fuzz/crashes/      crash-*, timeout-*, oom-*, leak-* inputs
#   .build-fuzz/last-run.log  libFuzzer's log of the last run
set -euo pipefail

SECONDS_TO_RUN="${1:-60}"
shift || true
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BUILD="$ROOT/.build-fuzz"
SRC="$BUILD/src"
BIN="$BUILD/mantle-fuzz"
SHARED="$ROOT/Tests/MantleJSONTests/Fixtures/JSONTestSuite/test_parsing"

mkdir -p "$BUILD" "$BUILD/seeds" "$BUILD/corpus" "$BUILD/crashes"

# 1. Sources as one module: drop the `import`s of MantleCore, MantleJSON and JSONAdapter and
#    Exports.swift's `@_exported import MantleCore`; prefix file names with their
#    folder so that equal basenames cannot collide.
rm -rf "$SRC"
mkdir -p "$SRC"
while IFS= read -r file; do
    relative="${file#"$ROOT"/}"
    sed -E '/^[[:space:]]*(@_exported[[:space:]]+|@testable[[:space:]]+)?import[[:space:]]+(MantleCore|MantleJSON|JSONAdapter)[[:space:]]*$/d' \
        "$file" > "$SRC/$(echo "$relative" | tr '/' '_')"
done < <(find "$ROOT/Sources/MantleCore" "$ROOT/Sources/MantleJSON" "$ROOT/Sources/JSONAdapter" "$ROOT/Examples/GitHubModels" \
              -name '*.swift' ! -name 'Exports.swift' | sort)
cp "$ROOT/Fuzz/FuzzEntry.swift" "$SRC/Fuzz_FuzzEntry.swift"
# The round-trip oracle is shared with the test suite.
sed -E '/^[[:space:]]*(@testable[[:space:]]+)?import[[:space:]]+(MantleCore|MantleJSON|JSONAdapter)[[:space:]]*$/d' \
    "$ROOT/Tests/JSONAdapterTests/UntrustedInput/RoundTripDifferences.swift" > "$SRC/Fuzz_RoundTripDifferences.swift"

# 2. Build (rebuilds only when a source changed).
stamp="$(cat "$SRC"/*.swift | sha1sum | cut -d' ' -f1)"
if [[ ! -x "$BIN" || "$(cat "$BUILD/stamp" 2>/dev/null)" != "$stamp" ]]; then
    echo "== building $BIN"
    start=$(date +%s)
    # (from inside .build-fuzz, where swiftc leaves its module files)
    (cd "$BUILD" && swiftc -sanitize=fuzzer,address -parse-as-library -O -g -wmo -num-threads 2 \
        -swift-version 6 -module-name MantleFuzz -package-name Mantle \
        "$SRC"/*.swift -o "$BIN" 2>&1) | { grep -v "Cannot export local symbol '__asan" || true; }
    [[ ${PIPESTATUS[0]} == 0 ]] || { echo "== build failed"; exit 1; }
    echo "$stamp" > "$BUILD/stamp"
    echo "== built in $(( $(date +%s) - start )) s"
fi

# Replay mode: `run.sh 0 file…` runs the given inputs once each.
if [[ "$SECONDS_TO_RUN" == "0" ]]; then
    ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}" exec "$BIN" "$@"
fi

# 3. Seeds: the GitHub fixtures and JSONTestSuite's test_parsing files.
cp "$ROOT"/Examples/Fixtures/*.json "$BUILD/seeds/"
if [[ -d "$SHARED" ]]; then
    cp "$SHARED"/*.json "$BUILD/seeds/"
fi
echo "== seeds: $(ls "$BUILD/seeds" | wc -l) files; corpus so far: $(ls "$BUILD/corpus" | wc -l) files"

# 4. Fuzz. New interesting inputs go to corpus/, crashes to crashes/.
crashes_before=$(ls "$BUILD/crashes" | wc -l)
set +e
ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:allocator_may_return_null=1}" \
"$BIN" "$BUILD/corpus" "$BUILD/seeds" \
    -max_total_time="$SECONDS_TO_RUN" \
    -dict="$ROOT/Fuzz/json.dict" \
    -artifact_prefix="$BUILD/crashes/" \
    -max_len=65536 -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 -print_pcs=0 \
    "$@" 2>&1 | tee "$BUILD/last-run.log" | grep --line-buffered -E '^#[0-9]+[[:space:]]+(INITED|pulse|DONE)|ERROR|FUZZ ORACLE|SUMMARY|Test unit written'
status=${PIPESTATUS[0]}
set -e

# 5. Summary.
crashes_after=$(ls "$BUILD/crashes" | wc -l)
echo "== libFuzzer exit status: $status"
grep -E '^stat::(number_of_executed_units|average_exec_per_sec|new_units_added|slowest_unit_time_sec|peak_rss_mb)' \
    "$BUILD/last-run.log" || true
grep -E '^#[0-9]+[[:space:]]+DONE' "$BUILD/last-run.log" | tail -1 || true
echo "== corpus: $(ls "$BUILD/corpus" | wc -l) files"
echo "== crashes: $((crashes_after - crashes_before)) new, $crashes_after in $BUILD/crashes"
ls -1 "$BUILD/crashes" | sed 's/^/   /'
exit "$status"

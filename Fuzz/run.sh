#!/usr/bin/env bash
# Builds a libFuzzer target with the library's sources compiled as ONE module with ASan into
# .build-fuzz/ (or .build-fuzz-plist/) and runs it for N seconds (a development tool: not needed
# by the quick start or CI). Two targets:
#   JSON (default): Fuzz/FuzzEntry.swift + the sources of MantleInternals, MantleCore, MantleJSON,
#     JSONAdapter and GitHubModels, seeded from Examples/Fixtures and the JSONTestSuite copy in
#     Tests/MantleJSONTests/Fixtures.
#   --plist: Fuzz/PropertyListFuzzEntry.swift + the sources of MantleInternals, MantleCore and
#     MantleArchiving (the binary property-list reader and the archive decoder), seeded with
#     archives the entry writes.
#
#   Fuzz/run.sh [--plist] [seconds=60] [extra libFuzzer flags...]
#   Fuzz/run.sh [--plist] 0 .build-fuzz/crashes/crash-…   # replay one saved input (0 = don't fuzz)
#
# Outputs (keep them out of git), in .build-fuzz/ or .build-fuzz-plist/:
#   mantle-fuzz   the fuzzer binary
#   src/          the rewritten sources it was built from
#   seeds/        the seed corpus
#   corpus/       inputs libFuzzer found interesting (grows across runs)
#   crashes/      crash-*, timeout-*, oom-*, leak-* inputs
#   last-run.log  libFuzzer's log of the last run
set -euo pipefail

TARGET=json
if [[ "${1:-}" == "--plist" ]]; then
    TARGET=plist
    shift
fi
SECONDS_TO_RUN="${1:-60}"
shift || true
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
if [[ "$TARGET" == plist ]]; then
    BUILD="$ROOT/.build-fuzz-plist"
    MODULES=(MantleInternals MantleCore MantleArchiving)
    ENTRY="$ROOT/Fuzz/PropertyListFuzzEntry.swift"
    DICTIONARY="$ROOT/Fuzz/plist.dict"
else
    BUILD="$ROOT/.build-fuzz"
    MODULES=(MantleInternals MantleCore MantleJSON JSONAdapter)
    ENTRY="$ROOT/Fuzz/FuzzEntry.swift"
    DICTIONARY="$ROOT/Fuzz/json.dict"
fi
SRC="$BUILD/src"
BIN="$BUILD/mantle-fuzz"
SHARED="$ROOT/Tests/MantleJSONTests/Fixtures/JSONTestSuite/test_parsing"

mkdir -p "$BUILD" "$BUILD/seeds" "$BUILD/corpus" "$BUILD/crashes"

# 1. Sources as one module: drop the `import`s of the library's modules and Exports.swift's
#    `@_exported import MantleCore`; prefix file names with their folder so that equal basenames
#    cannot collide.
rm -rf "$SRC"
mkdir -p "$SRC"
IMPORTS='/^[[:space:]]*(@_exported[[:space:]]+|@testable[[:space:]]+)?import[[:space:]]+(MantleInternals|MantleCore|MantleJSON|MantleArchiving|JSONAdapter)[[:space:]]*$/d'
FOLDERS=()
for module in "${MODULES[@]}"; do FOLDERS+=("$ROOT/Sources/$module"); done
if [[ "$TARGET" == json ]]; then FOLDERS+=("$ROOT/Examples/GitHubModels"); fi
while IFS= read -r file; do
    relative="${file#"$ROOT"/}"
    sed -E "$IMPORTS" "$file" > "$SRC/$(echo "$relative" | tr '/' '_')"
done < <(find "${FOLDERS[@]}" -name '*.swift' ! -name 'Exports.swift' | sort)
cp "$ENTRY" "$SRC/Fuzz_$(basename "$ENTRY")"
if [[ "$TARGET" == json ]]; then
    # The round-trip oracle is shared with the test suite.
    sed -E "$IMPORTS" "$ROOT/Tests/JSONAdapterTests/UntrustedInput/RoundTripDifferences.swift" > "$SRC/Fuzz_RoundTripDifferences.swift"
fi

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

# 3. Seeds: the GitHub fixtures and JSONTestSuite's test_parsing files, or archives the
#    property-list entry writes at start-up.
if [[ "$TARGET" == json ]]; then
    cp "$ROOT"/Examples/Fixtures/*.json "$BUILD/seeds/"
    if [[ -d "$SHARED" ]]; then
        cp "$SHARED"/*.json "$BUILD/seeds/"
    fi
else
    export MANTLE_PLIST_SEEDS="$BUILD/seeds"
fi
echo "== seeds: $(ls "$BUILD/seeds" | wc -l) files; corpus so far: $(ls "$BUILD/corpus" | wc -l) files"

# 4. Fuzz. New interesting inputs go to corpus/, crashes to crashes/.
crashes_before=$(ls "$BUILD/crashes" | wc -l)
set +e
ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:allocator_may_return_null=1}" \
"$BIN" "$BUILD/corpus" "$BUILD/seeds" \
    -max_total_time="$SECONDS_TO_RUN" \
    -dict="$DICTIONARY" \
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

#!/usr/bin/env bash
# Builds the libFuzzer targets (swiftc -sanitize=fuzzer,address) and runs each for SECONDS.
#
#   bash Tests/Fuzz/fuzz.sh [SECONDS] [journal|ingredient|mustache ...]
#
# SECONDS defaults to 60; with no target names all three run, at the same time. The seed corpus is
# Tests/Fuzz/Corpus/<target>/ (kept in git, read only); inputs the fuzzer finds go to
# .build/fuzz/corpus/<target>/ and crashes to .build/fuzz/crashes/<target>/. Each target's log is
# .build/fuzz/<target>.log. Prints one line of figures per target; exits non-zero when a target
# crashes, leaks, runs out of memory (2 GB) or takes more than 10 s on one input.
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(journal ingredient mustache)

out=.build/fuzz
mkdir -p "$out"
flags=(-sanitize=fuzzer,address -package-name demeter_report -parse-as-library -O -wmo -g -use-ld=lld -swift-version 6)

# The engine's modules, each built on those before it.
engine=(DemeterFoundation DemeterJournal DemeterDigests DemeterCore)
echo "== building ${engine[*]} with fuzzer and address sanitizer instrumentation"
for module in "${engine[@]}"; do
  find "Sources/$module" -name '*.swift' | sort >"$out/$module-sources"
  swiftc "${flags[@]}" -enable-testing -module-name "$module" -I "$out" -emit-library -static \
    -emit-module -emit-module-path "$out/$module.swiftmodule" \
    @"$out/$module-sources" -o "$out/lib$module.a"
done

build_target() {
  local target=$1 module sources=(Tests/Fuzz/FuzzCheck.swift)
  case $target in
  journal) module=JournalFuzz ;;
  ingredient) module=IngredientFuzz ;;
  mustache)
    module=MustacheFuzz
    sources+=(Sources/DemeterReporting/Mustache/*.swift)
    ;;
  *)
    echo "unknown fuzz target '$target' (journal, ingredient, mustache)" >&2
    exit 2
    ;;
  esac
  sources+=(Tests/Fuzz/"$module"/*.swift)
  echo "== building $target-fuzz"
  swiftc "${flags[@]}" -module-name "$module" -I "$out" -L "$out" \
    -lDemeterCore -lDemeterDigests -lDemeterJournal -lDemeterFoundation "${sources[@]}" \
    -emit-executable -emit-module-path "$out/$module.swiftmodule" -o "$out/$target-fuzz"
}

for target in "${targets[@]}"; do build_target "$target"; done

run_target() {
  local target=$1
  mkdir -p "$out/corpus/$target" "$out/crashes/$target"
  "$out/$target-fuzz" "$out/corpus/$target" "Tests/Fuzz/Corpus/$target" \
    -dict=Tests/Fuzz/json.dict -max_total_time="$seconds" -max_len=16384 -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$out/crashes/$target/" >"$out/$target.log" 2>&1
}

echo "== fuzzing ${targets[*]} for $seconds s, at the same time"
pids=()
for target in "${targets[@]}"; do
  run_target "$target" &
  pids+=($!)
done

status=0
echo "== fuzz figures"
for index in "${!targets[@]}"; do
  target=${targets[$index]}
  code=0
  wait "${pids[$index]}" || code=$?
  executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/$target.log")
  coverage=$(sed -n 's/.*\(cov: [0-9]* ft: [0-9]*\).*/\1/p' "$out/$target.log" | tail -1)
  corpus=$(find "$out/corpus/$target" -type f | wc -l)
  crashes=$(find "$out/crashes/$target" -type f | wc -l)
  echo "$target: ${executions:-0} executions in $seconds s, $coverage, $corpus inputs in the corpus, exit $code, $crashes crash files"
  if [ "$code" -ne 0 ]; then
    status=1
    echo "fuzz target '$target' failed (exit $code); the end of $out/$target.log:" >&2
    tail -40 "$out/$target.log" >&2
  fi
done
exit $status

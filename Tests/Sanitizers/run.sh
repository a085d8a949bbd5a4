#!/usr/bin/env bash
# Runs the whole test suite under a sanitizer, in its own build folder (.build/sanitize-NAME).
#
#   bash Tests/Sanitizers/run.sh address    # AddressSanitizer + LeakSanitizer
#   bash Tests/Sanitizers/run.sh thread     # ThreadSanitizer
#
# The end-to-end tests run the tool's binaries built with the same sanitizer, with a clean
# environment: a memory error, leak or race in the tool makes its run fail, and so the test.
# Suppressions (lsan.supp, tsan.supp) cover only the toolchain's own libraries; each is explained.
set -euo pipefail
cd "$(dirname "$0")/../.."
sanitizer=${1:?usage: bash Tests/Sanitizers/run.sh address|thread}
here=$PWD/Tests/Sanitizers
export LSAN_OPTIONS="suppressions=$here/lsan.supp:print_suppressions=0"
export TSAN_OPTIONS="suppressions=$here/tsan.supp:halt_on_error=1"
swift test --sanitize="$sanitizer" --scratch-path ".build/sanitize-$sanitizer"

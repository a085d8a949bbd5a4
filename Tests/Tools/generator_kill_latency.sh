#!/bin/bash
# Usage: bash Tests/Tools/generator_kill_latency.sh SIGNAL [ROUNDS]   (from the package root, after
# `swift build`). Starts `week -f stubborn` on the sample journal, where demeter-report-stubborn
# ignores SIGTERM, SIGINT and SIGHUP and starts `sleep 1000`; once both run, sends SIGNAL to the
# tool and prints the tool's exit status and how long until neither generator process runs
# (a zombie counts as ended). The wait is polled with `ps`, so a few ms of the figure are the poll.
set -m  # job control: the background tool keeps SIGINT (a non-interactive shell would ignore it)
signal=${1:?usage: generator_kill_latency.sh SIGNAL [ROUNDS]}
binary=${DEMETER_REPORT:-.build/debug/demeter-report}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/bin"
printf '#!/bin/sh\ntrap "" TERM INT HUP\nsleep 1000 &\necho "$$ $!" > %s/pids.tmp && mv %s/pids.tmp %s/pids\nwait\n' \
  "$work" "$work" "$work" > "$work/bin/demeter-report-stubborn"
chmod +x "$work/bin/demeter-report-stubborn"
running() {
  for pid in $(cat "$work/pids"); do
    state=$(ps -o stat= -p "$pid")
    [ -n "$state" ] && [ "${state#Z}" = "$state" ] && return 0
  done
  return 1
}
for _ in $(seq "${2:-1}"); do
  rm -f "$work/pids"
  DEMETER_NO_CACHE=1 PATH="$work/bin:/usr/bin:/bin" "$binary" week 2026-W47 --today 2026-11-21 \
    --journal Tests/Fixtures/sample-journal -f stubborn 2>/dev/null &
  tool=$!
  while [ ! -s "$work/pids" ]; do sleep 0.01; done
  start=$(date +%s%N)
  kill -"$signal" "$tool"
  wait "$tool" 2>/dev/null
  status=$?
  while running; do sleep 0.001; done
  echo "$signal: tool exit $status, generator gone $((($(date +%s%N) - start) / 1000000)) ms after the signal"
done

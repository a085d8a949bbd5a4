#!/usr/bin/env bash
# Peer: DuckDB CLI (pip package duckdb-cli). usage: duckdb_export.sh JOURNAL_DIR OUT.csv
# Every entry of the journal's day files written as CSV: DuckDB's COPY of the rows read_json gives
# (columns detected from the lines), with the read function and day-file pattern of duckdb.sql.
# The peer of `demeter-report entries all -f csv` (manual: performance).
set -euo pipefail
dir="$(cd "$1" && pwd)"
out="$2"
# the real binary, not the pip console-script wrapper (saves ~100 ms of Python start-up)
DUCKDB="${DUCKDB:-$(python3 -c 'import duckdb_cli, os; print(os.path.join(os.path.dirname(duckdb_cli.__file__), "duckdb"))')}"
pattern="${dir//\'/\'\'}/**/[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9].jsonl"
"$DUCKDB" :memory: -c "COPY (SELECT * FROM read_json('$pattern', format = 'newline_delimited')) TO '${out//\'/\'\'}' (FORMAT csv);"

#!/usr/bin/env python3
"""Whole-process timing of the weekly report of shared/bench/QUERY.md: demeter-report (without the
parse cache, and with a warm one) beside the DuckDB CLI on the same corpus, median of N runs, each
result checked against the first with compare_csv.py.

usage: side_by_side.py CORPUS [--runs N] [--tool PATH] [--bench DIR] [--skip-duckdb] [--html]

--tool defaults to .build/release/demeter-report, --bench to ../shared/bench (from the package root).
The warm-cache rows write <CORPUS>/.demeter/cache (delete it afterwards if you like).
--html adds `week --format html -o FILE` (the small corpus's start-to-file target).
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def timed(command, output_path=None):
    """Runs `command`, returns (wall seconds, stdout bytes)."""
    start = time.perf_counter()
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
    wall = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"failed ({result.returncode}): {' '.join(command)}\n{result.stderr.decode(errors='replace')}")
    return wall, result.stdout


def median_run(command, runs, warmups=1):
    for _ in range(warmups):
        timed(command)
    walls = []
    output = b""
    for _ in range(runs):
        wall, output = timed(command)
        walls.append(wall)
    return statistics.median(walls), min(walls), output


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("corpus")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--tool", default=os.path.join(ROOT, ".build/release/demeter-report"))
    parser.add_argument("--bench", default=os.path.join(ROOT, "..", "shared", "bench"))
    parser.add_argument("--skip-duckdb", action="store_true")
    parser.add_argument("--html", action="store_true")
    args = parser.parse_args()
    query = ["week", "all", "--journal", args.corpus, "--low-confidence", "0.6", "--decimals", "4", "-f", "csv"]
    rows = []
    outputs = {}
    name = "demeter-report, no cache"
    median, fastest, outputs[name] = median_run([args.tool] + query + ["--no-cache"], args.runs)
    rows.append((name, median, fastest))
    name = "demeter-report, warm cache"
    median, fastest, outputs[name] = median_run([args.tool] + query, args.runs, warmups=2)
    rows.append((name, median, fastest))
    if args.html:
        with tempfile.TemporaryDirectory() as folder:
            html = [args.tool, "week", "--journal", args.corpus, "--today", "2025-06-01", "--no-cache",
                    "--format", "html", "-o", os.path.join(folder, "week.html")]
            median, fastest, _ = median_run(html, args.runs)
            rows.append(("demeter-report week -f html -o FILE, no cache", median, fastest))
    if not args.skip_duckdb:
        name = "DuckDB CLI (peers/duckdb_week.sh)"
        median, fastest, outputs[name] = median_run(
            ["bash", os.path.join(args.bench, "peers", "duckdb_week.sh"), args.corpus], args.runs)
        rows.append((name, median, fastest))
    size = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(args.corpus) if ".demeter" not in d
               for f in fs if f.endswith(".jsonl") and f != "ingredients.jsonl")
    print(f"corpus {args.corpus}: {size / 1e6:.1f} MB of day files; median and fastest of {args.runs} runs\n")
    print("| command | median | fastest | MB/s (median) |")
    print("|---|---:|---:|---:|")
    for name, median, fastest in rows:
        print(f"| {name} | {median * 1000:.1f} ms | {fastest * 1000:.1f} ms | {size / 1e6 / median:.0f} |")
    reference_name = next(iter(outputs))
    with tempfile.TemporaryDirectory() as folder:
        reference = os.path.join(folder, "reference.csv")
        with open(reference, "wb") as handle:
            handle.write(outputs[reference_name])
        for name, output in outputs.items():
            other = os.path.join(folder, "other.csv")
            with open(other, "wb") as handle:
                handle.write(output)
            check = subprocess.run(
                [sys.executable, os.path.join(args.bench, "compare_csv.py"), reference, other],
                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, check=False)
            verdict = check.stdout.decode().strip().splitlines()[-1] if check.stdout else ""
            print(f"\n{name} vs {reference_name}: {verdict.split(':', 1)[0]}"
                  f"{':' + verdict.split(':', 2)[-1] if ':' in verdict else ''}")
            if check.returncode != 0:
                sys.exit(1)


if __name__ == "__main__":
    main()

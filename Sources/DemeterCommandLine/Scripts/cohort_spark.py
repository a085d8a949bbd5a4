#!/usr/bin/env python3
"""The cohort report of many journals on Apache Spark (demeter-report help spark).

The journal folders under --journals are distributed over Spark tasks; each task runs the
demeter-report binary (shipped to the executors with SparkContext.addFile, found with SparkFiles)
to write the digest file of its journals, kept apart by name, in the cohort form that holds only
what a cohort report shows ('digest --cohort --journal A --journal B ...', a few kilobytes a journal);
the digest files are merged by a tree of 'demeter-report merge --cohort' runs on the executors
(RDD.treeReduce), and the driver writes the report from the merged file ('--digest'). Digests merge
exactly, so the report is byte-identical to 'demeter-report REPORT --journals DIR' on one machine,
whatever the partitioning.

Written by 'demeter-report spark-driver -o cohort_spark.py'. Local mode (the default when no master
is given, 'local[2]'):
  python3 cohort_spark.py --binary "$(command -v demeter-report)" --journals clients \\
      --report 'week all -f csv' --out report.csv
On a cluster, run the same script with spark-submit (the binary must suit the executors' machines):
  spark-submit --master spark://host:7077 cohort_spark.py --binary ./demeter-report \\
      --journals /mnt/shared/journals --out report.csv
with the journals on storage every executor mounts at the same path (NFS, an HDFS or S3 mount). For
object storage without a mount, a task would copy its journal folders to a local temporary folder
first and digest them there: the digest names journals by folder name, not by path.
"""

import argparse
import os
import shlex
import subprocess
import sys
import tempfile


def journal_names(parent):
    """The journals under `parent` as --journals takes them: folders directly under it, not hidden."""
    return sorted(
        (name for name in os.listdir(parent)
         if not name.startswith(".") and os.path.isdir(os.path.join(parent, name))),
        key=lambda name: name.encode())


def run_tool(binary, arguments, cwd=None):
    """Runs demeter-report; raises with its stderr when it fails."""
    done = subprocess.run([binary] + arguments, cwd=cwd, capture_output=True)
    if done.returncode != 0:
        raise RuntimeError("demeter-report %s failed (%d): %s"
                           % (" ".join(arguments), done.returncode, done.stderr.decode(errors="replace")))
    return done.stdout


def digest_partition(binary_name, parent, names, extra):
    """The cohort digest file (bytes) of the journals `names` under `parent`, or nothing for none."""
    from pyspark import SparkFiles
    names = list(names)
    if not names:
        return []
    binary = SparkFiles.get(binary_name)
    with tempfile.TemporaryDirectory() as work:
        out = os.path.join(work, "part.digest")
        journals = [argument for name in names for argument in ("--journal", name)]
        run_tool(binary, ["digest", "--cohort"] + journals + extra + ["-o", out, "--quiet"], cwd=parent)
        with open(out, "rb") as file:
            return [file.read()]


def merge_pair(binary_name, first, second):
    """The cohort merge of two digest files' bytes."""
    from pyspark import SparkFiles
    binary = SparkFiles.get(binary_name)
    with tempfile.TemporaryDirectory() as work:
        paths = [os.path.join(work, name) for name in ("a.digest", "b.digest", "merged.digest")]
        for path, data in zip(paths, (first, second)):
            with open(path, "wb") as file:
                file.write(data)
        run_tool(binary, ["merge", paths[0], paths[1], "--cohort", "-o", paths[2]])
        with open(paths[2], "rb") as file:
            return file.read()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", required=True, help="the demeter-report executable to ship to the tasks")
    parser.add_argument("--journals", required=True, help="the folder whose sub-folders are the journals")
    parser.add_argument("--report", default="week all -f csv", help="the report command and its options")
    parser.add_argument("--out", required=True, help="the report file to write")
    parser.add_argument("--digest-out", help="also keep the merged (cohort) digest file here")
    parser.add_argument("--digest-options", default="", help="options of 'digest' (e.g. '--low-confidence 0.6')")
    parser.add_argument("--query", help="only the entries this query matches ('digest --query'; the report answers it)")
    parser.add_argument("--by", help="split each bucket by this dimension ('digest --by'; the report answers it)")
    parser.add_argument("--master", help="Spark's master (default: spark-submit's --master, else local[2])")
    parser.add_argument("--partitions", type=int, default=8, help="how many tasks digest journals")
    args = parser.parse_args()

    from pyspark import SparkConf, SparkContext

    binary = os.path.abspath(args.binary)
    parent = os.path.abspath(args.journals)
    names = journal_names(parent)
    if not names:
        sys.exit("no journal under %s" % parent)
    # The JVM first (spark-submit's, when it started this driver), so that its --master is seen.
    SparkContext._ensure_initialized()
    conf = (SparkConf().setAppName("demeter-cohort")
            .set("spark.ui.enabled", "false").set("spark.ui.showConsoleProgress", "false"))
    if args.master or not conf.contains("spark.master"):
        conf.setMaster(args.master or "local[2]")
    context = SparkContext(conf=conf)
    context.setLogLevel("ERROR")
    try:
        context.addFile(binary)
        binary_name = os.path.basename(binary)
        extra = shlex.split(args.digest_options)
        if args.query:
            extra += ["--query", args.query]
        if args.by:
            extra += ["--by", args.by]
        partitions = max(1, min(args.partitions, len(names)))
        digests = context.parallelize(names, partitions).mapPartitions(
            lambda part: digest_partition(binary_name, parent, part, extra))
        merged = digests.treeReduce(lambda a, b: merge_pair(binary_name, a, b), depth=2)
    finally:
        context.stop()
    with tempfile.TemporaryDirectory() as work:
        digest_path = args.digest_out or os.path.join(work, "cohort.digest")
        with open(digest_path, "wb") as file:
            file.write(merged)
        by = ["--by", args.by] if args.by else []
        report = run_tool(binary, shlex.split(args.report) + by + ["--digest", digest_path])
    with open(args.out, "wb") as file:
        file.write(report)


if __name__ == "__main__":
    main()

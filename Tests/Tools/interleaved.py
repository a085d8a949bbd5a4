#!/usr/bin/env python3
"""Times commands alternately, RUNS rounds of one run each, and prints each command's median and
minimum wall time and its median's ratio to the first command's (manual: performance). On a noisy
machine, alternating keeps a slow spell from falling on one command's runs only.

usage: interleaved.py RUNS COMMAND [COMMAND ...]   (each COMMAND one string, split on spaces)
"""
import statistics
import subprocess
import sys
import time


def main():
    runs, commands = int(sys.argv[1]), sys.argv[2:]
    times = [[] for _ in commands]
    for command in commands:
        subprocess.run(command.split(), stdout=subprocess.DEVNULL, check=True)
    for _ in range(runs):
        for index, command in enumerate(commands):
            start = time.perf_counter()
            subprocess.run(command.split(), stdout=subprocess.DEVNULL, check=True)
            times[index].append(time.perf_counter() - start)
    first = statistics.median(times[0])
    for command, spent in zip(commands, times):
        median = statistics.median(spent)
        print(f"{median * 1000:8.1f} ms  min {min(spent) * 1000:7.1f}  ratio {median / first:5.2f}  {command}")


if __name__ == "__main__":
    main()

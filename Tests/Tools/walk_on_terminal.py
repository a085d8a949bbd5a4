"""Runs an interactive program on a pseudo-terminal, pressing keys as it asks, and prints what it wrote.

Usage: walk_on_terminal.py TIMEOUT PROMPT KEYS PROGRAM [ARGUMENT...]

The program's standard input and output are the terminal (its standard error is passed through).
Each character of KEYS is typed once PROMPT has appeared one more time in what the program wrote
(a key typed before the program reads it could be flushed when it changes the terminal's mode).
The terminal's settings (`stty -g`) are read before the program starts and after it ends; they
must be the same. Line ends the terminal wrote as CR LF are printed as LF.

Exits with the program's status; 124 when it has not ended TIMEOUT seconds after it started (it is
killed, and what it wrote is printed), 125 when it left the terminal's settings changed (both
settings are printed on standard error). Used by ReviewTerminalTests for `review` on a terminal.
"""

import os
import select
import signal
import subprocess
import sys
import time


def stty(terminal):
    """The terminal's settings as `stty -g` prints them."""
    return subprocess.run(["stty", "-g"], stdin=terminal, capture_output=True, text=True, check=True).stdout.strip()


def main():
    timeout, prompt, keys = float(sys.argv[1]), sys.argv[2].encode(), sys.argv[3]
    program = sys.argv[4:]
    master, slave = os.openpty()
    before = stty(slave)
    child = subprocess.Popen(program, stdin=slave, stdout=slave, start_new_session=True)
    deadline = time.monotonic() + timeout
    written = bytearray()
    typed = 0
    status = None
    while status is None:
        left = deadline - time.monotonic()
        if left <= 0:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
            sys.stdout.buffer.write(bytes(written).replace(b"\r\n", b"\n"))
            print(f"\nwalk_on_terminal: killed after {timeout:g} s", file=sys.stderr)
            sys.exit(124)
        ready, _, _ = select.select([master], [], [], min(left, 0.05))
        if ready:
            written += os.read(master, 65536)
        if typed < len(keys) and written.count(prompt) > typed:
            os.write(master, keys[typed].encode())
            typed += 1
        status = child.poll()
    while select.select([master], [], [], 0)[0]:
        chunk = os.read(master, 65536)
        if not chunk:
            break
        written += chunk
    after = stty(slave)
    os.close(slave)
    os.close(master)
    sys.stdout.buffer.write(bytes(written).replace(b"\r\n", b"\n"))
    if after != before:
        print(f"walk_on_terminal: the terminal's settings were {before}, left {after}", file=sys.stderr)
        sys.exit(125)
    sys.exit(status)


if __name__ == "__main__":
    main()

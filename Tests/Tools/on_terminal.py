"""Runs a program on a pseudo-terminal of a given width and prints what it wrote there.

Usage: on_terminal.py COLUMNS PROGRAM [ARGUMENT...]

The program's standard output is the terminal (COLUMNS wide, as its window size says; the COLUMNS
variable is removed from its environment), its standard error is passed through. Line ends the
terminal wrote as CR LF are printed as LF. Exits with the program's status. Used by
TerminalWidthTests for text output shown on a real terminal.
"""

import fcntl
import os
import struct
import subprocess
import sys
import termios


def main():
    columns = int(sys.argv[1])
    program = sys.argv[2:]
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, columns, 0, 0))
    environment = {key: value for key, value in os.environ.items() if key not in ("COLUMNS", "LINES")}
    child = subprocess.Popen(program, stdin=subprocess.DEVNULL, stdout=slave, env=environment)
    os.close(slave)
    written = bytearray()
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        written += chunk
    os.close(master)
    status = child.wait()
    sys.stdout.buffer.write(bytes(written).replace(b"\r\n", b"\n"))
    sys.exit(status)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Lays HTML report pages out in headless Chromium and measures them (manual: testing).

usage: page_check.py WIDTH[,WIDTH...] PAGE.html...

Each page is loaded at each viewport width (CSS pixels, through Chromium's remote debugging
protocol) and measured from the DOM: the page must be no wider than the viewport
(documentElement.scrollWidth), every chart (figure) must fit it without scrolling in its box and
show one SVG, which says "no data" only when every width's drawing does, every photo of a gallery
(a recipe's) must fit it, and a table that scrolls in
its wrapper must keep its first column in place (position: sticky) and shade the edge it scrolls
past (a gradient fixed to the box under one that scrolls with the table). Prints one line per page and width ("PAGE at W px: fits" or the problems) and
exits 1 when anything overflows, 0 when everything fits, 3 when Chromium or the websocket-client
package is missing (the caller skips).
"""

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request

try:
    import websocket  # websocket-client
except ImportError:
    print("page_check: needs the websocket-client package (pip install websocket-client)", file=sys.stderr)
    sys.exit(3)

# The measurement, run in the page; returns the problems as a JSON list of strings.
MEASURE = r"""
(() => {
  const problems = [];
  const root = document.documentElement;
  const viewport = root.clientWidth;
  if (root.scrollWidth > viewport) problems.push(`the page is ${root.scrollWidth} px wide`);
  for (const figure of document.querySelectorAll('figure')) {
    const box = figure.getBoundingClientRect();
    if (figure.scrollWidth > figure.clientWidth)
      problems.push(`${figure.id} scrolls: ${figure.scrollWidth} px in a ${figure.clientWidth} px box`);
    if (box.left < 0 || box.right > viewport + 0.5)
      problems.push(`${figure.id} spans ${Math.round(box.left)}..${Math.round(box.right)} px`);
    if (figure.closest('.gallery')) {
      for (const img of figure.querySelectorAll('img')) {
        const rect = img.getBoundingClientRect();
        if (rect.width === 0 || rect.right > viewport + 0.5)
          problems.push(`the photo ${img.alt} spans ${Math.round(rect.left)}..${Math.round(rect.right)} px`);
      }
      continue;
    }
    const shown = [...figure.querySelectorAll('svg')].filter(svg => svg.getClientRects().length > 0);
    if (shown.length !== 1) problems.push(`${figure.id} shows ${shown.length} charts`);
    const drawn = [...figure.querySelectorAll('svg')].filter(svg => !svg.classList.contains('chart-empty'));
    if (drawn.length > 0 && shown.some(svg => svg.classList.contains('chart-empty')))
      problems.push(`${figure.id} shows "no data" where another width draws data`);
    for (const svg of shown) {
      const rect = svg.getBoundingClientRect();
      if (rect.width === 0 || rect.right > viewport + 0.5)
        problems.push(`${figure.id}: its chart spans ${Math.round(rect.left)}..${Math.round(rect.right)} px`);
    }
  }
  for (const wrap of document.querySelectorAll('.table-wrap')) {
    const box = wrap.getBoundingClientRect();
    const name = wrap.parentElement.getAttribute('aria-labelledby') || 'a table';
    if (box.right > viewport + 0.5) problems.push(`${name} spans ${Math.round(box.left)}..${Math.round(box.right)} px`);
    const first = wrap.querySelector('tbody td');
    if (wrap.scrollWidth > wrap.clientWidth && first && getComputedStyle(first).position !== 'sticky')
      problems.push(`${name} scrolls without keeping its first column`);
    const style = getComputedStyle(wrap);
    const shaded = style.backgroundImage.includes('gradient') && style.backgroundAttachment.includes('local')
      && style.backgroundAttachment.includes('scroll');
    if (wrap.scrollWidth > wrap.clientWidth && !shaded) problems.push(`${name} scrolls without a shade at its edge`);
  }
  return JSON.stringify(problems);
})()
"""


class Page:
    """One tab of a headless Chromium, driven over its DevTools websocket."""

    def __init__(self, url):
        self.socket = websocket.create_connection(url, timeout=60, suppress_origin=True)
        self.next_id = 0

    def call(self, method, **params):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})

    def evaluate(self, expression):
        return self.call("Runtime.evaluate", expression=expression, returnByValue=True)["result"].get("value")

    def load(self, path, width):
        self.call("Emulation.setDeviceMetricsOverride", width=width, height=900, deviceScaleFactor=1, mobile=False)
        self.call("Page.navigate", url="file://" + os.path.abspath(path))
        # Until the new document has loaded (polled: the protocol's events would need a reader loop).
        for _ in range(600):
            if self.evaluate("document.readyState + ' ' + location.href") == "complete file://" + os.path.abspath(path):
                return
            time.sleep(0.05)
        raise RuntimeError(f"{path} did not load")


def start_chromium(profile):
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        print("page_check: needs Chromium (Debian package chromium)", file=sys.stderr)
        sys.exit(3)
    process = subprocess.Popen(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
         "--remote-debugging-port=0", "--remote-allow-origins=*", f"--user-data-dir={profile}", "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    port_file = os.path.join(profile, "DevToolsActivePort")
    for _ in range(600):
        if os.path.exists(port_file):
            lines = open(port_file).read().split()
            if lines:
                with urllib.request.urlopen(f"http://127.0.0.1:{lines[0]}/json/list") as response:
                    pages = [t for t in json.load(response) if t["type"] == "page"]
                if pages:
                    return process, pages[0]["webSocketDebuggerUrl"]
        time.sleep(0.05)
    stop(process)
    raise RuntimeError("Chromium did not open its debugging port")


def stop(process):
    """Kills Chromium and the processes it started (its own process group), and waits for it."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    process.wait()


def main():
    if len(sys.argv) < 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    widths = [int(w) for w in sys.argv[1].split(",")]
    failed = False
    # A renderer that outlives the kill by a moment may still write to the profile as it is removed.
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
        process, url = start_chromium(profile)
        try:
            page = Page(url)
            for path in sys.argv[2:]:
                for width in widths:
                    page.load(path, width)
                    problems = json.loads(page.evaluate(MEASURE))
                    failed = failed or bool(problems)
                    name = os.path.basename(path)
                    print(f"{name} at {width} px: " + ("; ".join(problems) if problems else "fits"))
        finally:
            stop(process)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

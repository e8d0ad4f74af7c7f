"""A headless Chromium driven over the DevTools protocol on a pipe (--remote-debugging-pipe): no driver package.

Enough for the proof page tests: open a file, collect console errors and exceptions, evaluate JavaScript,
click, and take a screenshot. Messages are JSON terminated by NUL, sent on fd 3 and read on fd 4.
"""
from __future__ import annotations

import base64
import json
import os
import shutil
import subprocess
import time
from pathlib import Path

CANDIDATES = ("chromium", "chromium-browser", "google-chrome", "chrome")


def find_chromium() -> str | None:
    for name in CANDIDATES:
        path = shutil.which(name)
        if path:
            return path
    return None


def _onto_3_and_4(to_child: int, from_child: int) -> None:
    """In the child: the pipe ends onto fds 3 and 4 (moved above 9 first, so neither overwrites the other)."""
    import fcntl

    high_in, high_out = fcntl.fcntl(to_child, fcntl.F_DUPFD, 10), fcntl.fcntl(from_child, fcntl.F_DUPFD, 10)
    os.dup2(high_in, 3)
    os.dup2(high_out, 4)


class Browser:
    def __init__(self, executable: str, *, width: int = 1400, height: int = 1000) -> None:
        to_child, self._write = os.pipe()
        self._read, from_child = os.pipe()
        # The child reads commands on fd 3 and writes answers on fd 4; preexec_fn puts the pipe ends there, and
        # listing 3 and 4 in pass_fds keeps them open through the close_fds that follows it.
        self.process = subprocess.Popen(
            [executable, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--remote-debugging-pipe",
             f"--window-size={width},{height}", "--no-first-run", "--no-default-browser-check", "about:blank"],
            pass_fds=(to_child, from_child, 3, 4), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=lambda: _onto_3_and_4(to_child, from_child),
        )
        os.close(to_child)
        os.close(from_child)
        self._buffer = b""
        self._next = 0
        self.events: list[dict] = []
        targets = self.call("Target.getTargets")["targetInfos"]
        page = next(target for target in targets if target["type"] == "page")
        self.session = self.call("Target.attachToTarget", targetId=page["targetId"], flatten=True)["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.call(f"{domain}.enable", session=True)

    def call(self, method: str, *, session: bool = False, timeout: float = 30, **params) -> dict:
        self._next += 1
        message = {"id": self._next, "method": method, "params": params}
        if session:
            message["sessionId"] = self.session
        os.write(self._write, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            reply = self._receive()
            if reply.get("id") == self._next:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)
        raise TimeoutError(method)

    def _receive(self) -> dict:
        while b"\0" not in self._buffer:
            chunk = os.read(self._read, 1 << 16)
            if not chunk:
                raise ConnectionError("chromium closed the pipe")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def open(self, path: Path) -> None:
        self.call("Page.navigate", session=True, url=path.resolve().as_uri())
        for _ in range(200):  # wait for the load event
            if any(event.get("method") == "Page.loadEventFired" for event in self.events):
                return
            self.evaluate("1")
        raise TimeoutError("page load")

    def evaluate(self, expression: str):
        result = self.call("Runtime.evaluate", session=True, expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(result["exceptionDetails"])
        return result["result"].get("value")

    def screenshot(self, path: Path) -> None:
        data = self.call("Page.captureScreenshot", session=True, format="png")["data"]
        path.write_bytes(base64.b64decode(data))

    def console_errors(self) -> list[str]:
        errors = []
        for event in self.events:
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.exceptionThrown":
                errors.append(str(params.get("exceptionDetails", {}).get("text")))
            elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                errors.append(" ".join(str(arg.get("value", arg.get("description"))) for arg in params.get("args", [])))
            elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
                errors.append(params["entry"].get("text", ""))
        return errors

    def close(self) -> None:
        try:
            self.call("Browser.close", timeout=5)
        except Exception:  # noqa: BLE001, S110 - it may already be gone
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        os.close(self._write)
        os.close(self._read)

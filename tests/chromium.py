"""Drive headless Chromium over the DevTools protocol: open a page, click, type, read.

Used by the report's browser tests and by ``scripts/bench_report.py`` (the page's time to
interactive). Debian's ``chromium`` only: no browser is downloaded. The DevTools endpoint
listens on 127.0.0.1 only, on a port the browser picks.
"""
from __future__ import annotations

import base64
import json
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--hide-scrollbars", "--disable-extensions",
]


def chromium_path() -> str | None:
    found = shutil.which("chromium")
    if found:
        return found
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").is_file() else None


class BrowserError(RuntimeError):
    pass


class Chromium:
    """One headless browser with one page. Use as a context manager."""

    def __init__(self, profile: Path, width: int = 1400, height: int = 900, timeout: float = 30.0):
        from websockets.sync.client import connect

        binary = chromium_path()
        if binary is None:
            raise BrowserError("chromium is not installed")
        profile.mkdir(parents=True, exist_ok=True)
        self.log_path = profile / "chromium.log"
        self._log = self.log_path.open("w")
        self.proc = subprocess.Popen(
            [binary, *FLAGS, f"--user-data-dir={profile}", "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0",
             f"--window-size={width},{height}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=self._log,
        )
        url = self._endpoint(timeout)
        self._connection = connect(url, max_size=None, open_timeout=timeout)
        self.ws = self._connection.__enter__()
        self._id = 0
        self.events: list[dict[str, Any]] = []
        target = self.send("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.send("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.call(f"{domain}.enable")
        self.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1, mobile=False)

    def _endpoint(self, timeout: float) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in self.log_path.read_text(errors="replace").splitlines():
                if "DevTools listening on " in line:
                    return line.split("DevTools listening on ", 1)[1].strip()
            if self.proc.poll() is not None:
                raise BrowserError(f"chromium exited: {self.log_path.read_text(errors='replace')[-1000:]}")
            time.sleep(0.05)
        raise BrowserError("chromium did not open its DevTools endpoint")

    def __enter__(self) -> Chromium:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        try:
            self.send("Browser.close")
        except Exception:  # noqa: BLE001 - closing a browser that already went away
            pass
        try:
            self._connection.__exit__(None, None, None)
        finally:
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            self._log.close()

    def send(self, method: str, session: str | None = None, timeout: float = 60.0, **params: Any) -> dict[str, Any]:
        self._id += 1
        message: dict[str, Any] = {"id": self._id, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        self.ws.send(json.dumps(message))
        deadline = time.monotonic() + timeout
        while True:
            reply = json.loads(self.ws.recv(timeout=max(0.1, deadline - time.monotonic())))
            if reply.get("id") == self._id:
                if "error" in reply:
                    raise BrowserError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def call(self, method: str, **params: Any) -> dict[str, Any]:
        return self.send(method, self.session, **params)

    def open(self, url: str) -> None:
        self.call("Page.navigate", url=url)

    def eval(self, expression: str, await_promise: bool = False) -> Any:
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=await_promise)
        if "exceptionDetails" in result:
            raise BrowserError(f"{expression[:80]}: {result['exceptionDetails'].get('exception', {}).get('description')}")
        return result.get("result", {}).get("value")

    def wait_for(self, expression: str, timeout: float = 30.0) -> Any:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                value = self.eval(expression)
            except BrowserError:
                value = None
            if value:
                return value
            time.sleep(0.05)
        raise BrowserError(f"timed out waiting for {expression}; page errors: {self.errors()}")

    def click(self, selector: str) -> None:
        """A real mouse click at the middle of the first element matching ``selector``."""
        box = self.eval(
            f"(function(){{var e=document.querySelector({json.dumps(selector)}); if(!e) return null; e.scrollIntoView({{block:'center'}});"
            "var r=e.getBoundingClientRect(); return [r.left + r.width/2, r.top + r.height/2];})()"
        )
        if not box:
            raise BrowserError(f"no element {selector}")
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", type=kind, x=box[0], y=box[1], button="left", clickCount=1)

    def type(self, selector: str, text: str) -> None:
        """Focus ``selector`` and type ``text`` as keyboard input."""
        self.eval(f"document.querySelector({json.dumps(selector)}).focus()")
        self.call("Input.insertText", text=text)

    def select(self, selector: str, value: str) -> None:
        """Choose an option of a <select> as a user would (headless has no popup to click)."""
        self.eval(
            f"(function(){{var s=document.querySelector({json.dumps(selector)}); s.focus(); s.value={json.dumps(value)};"
            "s.dispatchEvent(new Event('change', {bubbles: true}));})()"
        )

    def screenshot(self, path: Path) -> Path:
        data = self.call("Page.captureScreenshot", format="png")["data"]
        path.write_bytes(base64.b64decode(data))
        return path

    def errors(self) -> list[str]:
        """Uncaught exceptions and console errors the page produced so far."""
        out = []
        for event in self.events:
            method = event.get("method")
            params = event.get("params", {})
            if method == "Runtime.exceptionThrown":
                details = params.get("exceptionDetails", {})
                out.append(str(details.get("exception", {}).get("description") or details.get("text")))
            elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
                out.append(str(params["entry"].get("text")))
            elif method == "Runtime.consoleAPICalled" and params.get("type") == "error":
                out.append(" ".join(str(a.get("value", a.get("description"))) for a in params.get("args", [])))
        return [text[:300] for text in out]

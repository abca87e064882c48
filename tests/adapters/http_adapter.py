"""The reference engine as an HTTP adapter (docs/protocol.md, "Transports"): each POST carries
one request object and is answered with one response object. Run as a script it serves on the
given port (0: any free port, printed on stdout); tests start it in a thread with :func:`serve`.

``serve(tamper=...)`` makes it misbehave (tests/hostile/test_http_answers.py): ``tamper(handler,
request, answer)`` is called with the reference answer before it is sent, and returns ``True``
when it wrote the whole HTTP reply itself (the handler then sends nothing)."""

from __future__ import annotations

import json
import sys
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from tabletop_referee.adapter import Adapter


Tamper = Callable[[BaseHTTPRequestHandler, dict, dict], bool]


def make_server(port: int = 0, tamper: Tamper | None = None) -> ThreadingHTTPServer:
    adapter = Adapter(["mlem"], protocols=(1, 2))
    lock = threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802 (the http.server name)
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            try:
                req = json.loads(body)
            except json.JSONDecodeError as exc:
                resp = {"seq": None, "error": {"kind": "bad-json", "message": str(exc)}}
            else:
                with lock:
                    resp = adapter.handle(req)
                if tamper is not None and tamper(self, req, resp):
                    return
            data = json.dumps(resp, separators=(",", ":")).encode("utf-8")
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args):  # quiet
            pass

    return ThreadingHTTPServer(("127.0.0.1", port), Handler)


def serve(port: int = 0, tamper: Tamper | None = None) -> tuple[ThreadingHTTPServer, str]:
    """Starts the server in a daemon thread; returns it and its URL."""
    server = make_server(port, tamper)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


if __name__ == "__main__":
    server = make_server(int(sys.argv[1]) if len(sys.argv) > 1 else 0)
    print(f"http://127.0.0.1:{server.server_address[1]}/", flush=True)
    server.serve_forever()

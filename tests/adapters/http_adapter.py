"""The reference engine as an HTTP adapter (docs/protocol.md, "Transports"): each POST carries
one request object and is answered with one response object. Run as a script it serves on the
given port (0: any free port, printed on stdout); tests start it in a thread with :func:`serve`."""

from __future__ import annotations

import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from tabletop_referee.adapter import Adapter


def make_server(port: int = 0) -> ThreadingHTTPServer:
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
            data = json.dumps(resp, separators=(",", ":")).encode("utf-8")
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args):  # quiet
            pass

    return ThreadingHTTPServer(("127.0.0.1", port), Handler)


def serve(port: int = 0) -> tuple[ThreadingHTTPServer, str]:
    """Starts the server in a daemon thread; returns it and its URL."""
    server = make_server(port)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


if __name__ == "__main__":
    server = make_server(int(sys.argv[1]) if len(sys.argv) > 1 else 0)
    print(f"http://127.0.0.1:{server.server_address[1]}/", flush=True)
    server.serve_forever()

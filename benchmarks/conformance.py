"""Conformance runner benchmarks: runner overhead, full-suite time, fuzz throughput.

Run:  python benchmarks/conformance.py [--repeat 3] [--fuzz-games 60]

1. **Runner overhead per request.** Every request the MLEM suite makes is recorded with the
   reference's answer. A trivial *echo adapter* process then answers each request by table
   lookup (no game logic), so what remains is transport and bookkeeping. The same request
   sequence is sent (a) by a bare loop that writes a line and reads a line on the pipe, and
   (b) by `referee conform` (its client, checks, reporting). The ratio b/a is the runner's
   overhead over the raw round trip (target: <= 2x).
2. **Full MLEM conformance run** with the default adapter (the reference engine in a
   subprocess), wall time (target: < 5 s on 2 cores).
3. **Fuzz throughput**: compared transitions per second of `referee fuzz` against the default
   adapter with 1 and 2 workers (target: >= 5,000/s).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "reference"))

from tabletop_referee.adapter import Adapter  # noqa: E402
from tabletop_referee.conformance.client import AdapterProcess, default_command  # noqa: E402
from tabletop_referee.conformance.inprocess import InProcessAdapter  # noqa: E402
from tabletop_referee.conformance.runner import Runner  # noqa: E402
from tabletop_referee.conformance.vectors import default_vector_dir, load_vectors  # noqa: E402
from tabletop_referee.conformance.fuzz import fuzz  # noqa: E402

ECHO = r'''
import json, sys
table = json.load(open(sys.argv[1]))
for line in sys.stdin:
    req = json.loads(line)
    seq = req.pop("seq", None)
    if req.get("cmd") == "start":  # whatever versions are offered: the recorded handshake
        req = {"cmd": "start", "protocol": 1}
    key = json.dumps(req, sort_keys=True, separators=(",", ":"))
    resp = dict(table.get(key) or {"error": {"kind": "internal", "message": "not recorded"}})
    resp["seq"] = seq
    sys.stdout.write(json.dumps(resp) + "\n")
    sys.stdout.flush()
    if req.get("cmd") == "stop":
        break
'''


def key(req: dict) -> str:
    body = {k: v for k, v in req.items() if k != "seq"}
    return json.dumps(body, sort_keys=True, separators=(",", ":"))


def record(vectors) -> tuple[dict, list[dict]]:
    """Runs the suite in process against the reference, keeping every request and answer."""
    reference = Adapter(["mlem"])
    table: dict[str, dict] = {}
    sequence: list[dict] = []

    def handle(req):
        resp = reference.handle(req)
        table[key(req)] = {k: v for k, v in resp.items() if k != "seq"}
        sequence.append(req)
        return resp

    inproc = InProcessAdapter(handle)
    handle({"cmd": "start", "protocol": 1})  # recorded under the key the echo adapter looks up
    inproc.start()
    Runner(inproc, "mlem").run(vectors)
    return table, [r for r in sequence if r["cmd"] != "start"]


def raw_round_trips(echo_argv: list[str], requests: list[dict]) -> float:
    proc = subprocess.Popen(echo_argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    lines = [json.dumps(r) + "\n" for r in requests]
    started = time.perf_counter()
    for line in lines:
        proc.stdin.write(line)
        proc.stdin.flush()
        json.loads(proc.stdout.readline())
    elapsed = time.perf_counter() - started
    proc.stdin.close()
    proc.wait()
    return elapsed


def runner_round_trips(echo_argv: list[str], vectors) -> tuple[float, int]:
    adapter = AdapterProcess(echo_argv)
    adapter.start()
    started = time.perf_counter()
    run = Runner(adapter, "mlem").run(vectors)
    elapsed = time.perf_counter() - started
    adapter.stop()
    bad = [r.vector.id for r in run.results if r.status != "passed"]
    assert not bad, f"echo replay failed {bad[:5]}"
    return elapsed, sum(1 for _ in run.results)


def full_run() -> float:
    started = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "tabletop_referee.cli", "conform", "--game", "mlem"],
                          capture_output=True, text=True, cwd=ROOT)
    elapsed = time.perf_counter() - started
    assert proc.returncode == 0, proc.stdout[-500:]
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--fuzz-games", type=int, default=60)
    args = parser.parse_args()
    vectors = load_vectors([default_vector_dir("mlem")], "mlem")
    table, requests = record(vectors)
    with tempfile.TemporaryDirectory() as tmp:
        table_path = Path(tmp) / "table.json"
        table_path.write_text(json.dumps(table))
        script = Path(tmp) / "echo.py"
        script.write_text(ECHO)
        echo = [sys.executable, str(script), str(table_path)]
        raw = min(raw_round_trips(echo, requests) for _ in range(args.repeat))
        runs = [runner_round_trips(echo, vectors) for _ in range(args.repeat)]
        runner = min(r[0] for r in runs)
    n = len(requests)
    print(f"vectors: {len(vectors)}, requests per suite run: {n}")
    print(f"raw round trip (bare loop, echo adapter): {raw:.3f} s  {raw / n * 1e6:,.0f} us/request")
    print(f"runner (conform, echo adapter):           {runner:.3f} s  {runner / n * 1e6:,.0f} us/request")
    print(f"runner overhead ratio: {runner / raw:.2f}x (target <= 2x)")
    full = min(full_run() for _ in range(args.repeat))
    print(f"full MLEM conformance run, default adapter: {full:.2f} s wall (target < 5 s)")
    for workers in (1, 2):
        r = fuzz(default_command("mlem"), game="mlem", games=args.fuzz_games, seed=1, workers=workers)
        print(f"fuzz, default adapter, {workers} worker(s): {r.transitions} transitions in {r.seconds:.2f} s = "
              f"{r.transitions / r.seconds:,.0f} compared transitions/s (target >= 5,000/s)")


if __name__ == "__main__":
    main()

"""Floods stderr (4 MB before start, 256 KB per request) but answers correctly: must pass."""
import sys

from _zoo import reference, serve

LINE = "debug: " + "." * 1016 + "\n"  # 1 KiB
sys.stderr.write(LINE * 4096)
sys.stderr.flush()
ref = reference()


def handle(req):
    sys.stderr.write(LINE * 256)
    sys.stderr.flush()
    return ref.handle(req)


serve(handle)

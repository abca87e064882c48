"""Answers start with something that is not a proper answer (argv[1]: list | nan | exit)."""
import json
import sys

MODE = sys.argv[1]
line = sys.stdin.readline()
req = json.loads(line)
if MODE == "list":
    sys.stdout.write("[1, 2, 3]\n")
elif MODE == "nan":
    sys.stdout.write('{"seq": %d, "protocol": NaN}\n' % req["seq"])
else:
    sys.exit(4)
sys.stdout.flush()
sys.stdin.read()

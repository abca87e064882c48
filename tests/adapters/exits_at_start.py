"""Dies before answering start: a missing library, a wrong path, a typo in the command."""
import sys

sys.stderr.write("loading rules engine...\nfatal: cannot open libmlem.so: no such file\n")
sys.exit(3)

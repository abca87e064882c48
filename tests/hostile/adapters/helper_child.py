"""A correct adapter that starts a helper process (in its own process group) and never stops it."""
from _hostile import reference, serve, sleeper

helper = sleeper()
ref = reference()
serve(ref.handle)

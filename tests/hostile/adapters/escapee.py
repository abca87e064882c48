"""A correct adapter whose helper escapes its process group and session (double fork, setsid)."""
from _hostile import escapee, reference, serve

escapee()
ref = reference()
serve(ref.handle)

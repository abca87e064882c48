"""The conformance runner: checks any implementation through an adapter process."""

"""`python -m papersite`: the `papersite` command."""

from .cli import run

run()

"""The one error type users see, carrying every problem found before the run stopped."""

from __future__ import annotations


class GeneratorError(Exception):
    """Problems a user can act on; printed without a traceback."""

    def __init__(self, problems: list[str] | str):
        self.problems = [problems] if isinstance(problems, str) else list(problems)
        super().__init__("\n".join(self.problems))

    def __str__(self) -> str:
        if len(self.problems) == 1:
            return self.problems[0]
        listed = "\n".join(f"  - {problem}" for problem in self.problems)
        return f"{len(self.problems)} problems:\n{listed}"

"""Errors the CLI turns into one clear message and exit code 2."""
import signal


class PublisherError(Exception):
    """A problem the user can fix: bad spec, bad word list, impossible request."""


class SpecError(PublisherError):
    """A problem in the spec or a file it names, located by file, line and field."""

    def __init__(self, message: str, *, file: str | None = None, line: int | None = None,
                 field: str | None = None):
        self.file, self.line, self.field, self.detail = file, line, field, message
        where = ""
        if file:
            where = f"{file}:{line}: " if line else f"{file}: "
        if field:
            where += f"{field}: "
        super().__init__(where + message)


class PageCountError(PublisherError):
    """The laid-out book breaks the print services' page rules (`problem` says how)."""

    def __init__(self, problem: str):
        super().__init__(f"the book has {problem}")
        self.problem = problem


class GenerationFailed(Exception):
    """One candidate could not be built; the batch tries the others."""


# The signals that stop a build as Ctrl-C does (Windows has no SIGHUP).
STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP")
                     if hasattr(signal, name))


class Interrupted(KeyboardInterrupt):
    """Ctrl-C, or SIGTERM or SIGHUP taken as one: the build stops the same way, and the
    exit code tells the signal (128 + `signum`, as a shell reports it)."""

    def __init__(self, signum: int = signal.SIGINT):
        super().__init__()
        self.signum = signum

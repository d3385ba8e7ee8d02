"""Errors the CLI turns into one clear message and exit code 2."""


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


class GenerationFailed(Exception):
    """One candidate could not be built; the batch tries the others."""

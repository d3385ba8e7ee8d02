"""Dated runs: `schedule: {start: 2026-12-01, days: 28, per_day: 1}` gives each puzzle a
date; titles and side-file names say it with `{date:...}` and `{n}`, in the language's
own month and weekday names (publisher/languages/*.yaml, `dates`)."""
from __future__ import annotations

import re
import string
from datetime import date, timedelta
from difflib import get_close_matches
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from .catalogue import catalogue


class Schedule(BaseModel):
    model_config = ConfigDict(extra="forbid")

    start: date = Field(description="the first day, YYYY-MM-DD")
    days: int = Field(default=1, ge=1, le=3660, description="how many days")
    per_day: int = Field(default=1, ge=1, le=50, description="puzzles on each day")
    number_from: date | None = Field(
        default=None, description="the day whose first puzzle `{n}` numbers 1 (default: "
        "start); a run that starts later goes on counting from it")

    def dates(self) -> list[date]:
        """One entry per puzzle, in order (a day repeats `per_day` times)."""
        return [self.start + timedelta(days=d)
                for d in range(self.days) for _ in range(self.per_day)]

    @property
    def count(self) -> int:
        return self.days * self.per_day

    @property
    def numbered_before(self) -> int:
        """How many puzzles `{n}` counts before this run's first (never negative)."""
        first = self.number_from or self.start
        return max(0, (self.start - first).days) * self.per_day


def overridden(schedule: Schedule | None, start: date | None, days: int | None,
               ) -> Schedule | None:
    """The schedule with the command line's --start/--days applied (either may be None)."""
    if start is None and days is None:
        return schedule
    base = schedule or Schedule(start=start or date.today())  # --days alone: from today
    changes: dict[str, Any] = {}
    if start is not None:
        changes["start"] = start
        if schedule is not None and schedule.number_from is None:
            changes["number_from"] = schedule.start     # the spec's first day stays No. 1
    if days is not None:
        changes["days"] = days
    return base.model_copy(update=changes)


_DIRECTIVE = re.compile(r"%(-?)(.)")


def format_date(day: date, pattern: str, language: str) -> str:
    """strftime with the catalogue's names: %A/%a weekday, %B/%b month, long and short
    (genitive when the pattern also has a day, %d or %-d: "1 декабря"), %-d/%-m without a
    leading zero (French "1er" on the first of a named month).
    An empty pattern or "long" is the language's long date (`dates.long`)."""
    names = catalogue(language)
    if pattern in ("", "long"):
        pattern = names.text("dates.long")
    has_day = "%d" in pattern or "%-d" in pattern
    genitive = "_genitive" if has_day else ""
    names_of = {"A": names.names("dates.weekdays"), "a": names.names("dates.weekdays_short"),
                "B": names.names("dates.months" + genitive),
                "b": names.names("dates.months_short" + genitive)}
    # French writes the first of the month "1er" before a month name, never in 1/3/2027.
    first_day = names.data["dates"].get("first_day") if re.search("%[Bb]", pattern) else None

    def one(match: re.Match[str]) -> str:
        bare, code = match.group(1) == "-", match.group(2)
        if code in "Aa":
            return names_of[code][day.weekday()]
        if code in "Bb":
            return names_of[code][day.month - 1]
        if code == "d" and bare and day.day == 1 and first_day:
            return str(first_day)
        text = day.strftime("%" + code)
        return text.lstrip("0") or "0" if bare else text

    return _DIRECTIVE.sub(one, pattern)


# Every placeholder a title or file pattern knows somewhere: the hint for a misspelt one.
PLACEHOLDERS = ("date", "n", "id", "kind", "section", "theme")


class _Formatter(string.Formatter):
    def __init__(self, language: str):
        self.language = language

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, date):
            return format_date(value, format_spec, self.language)
        return super().format_field(value, format_spec)


def fill(template: str, language: str, **values: Any) -> str:
    """`template` with {date:...}, {n}, {id}, {kind}... filled in (str.format rules).
    Raises ValueError naming the placeholder when one is malformed or unknown."""
    try:
        return _Formatter(language).format(template, **values)
    except KeyError as exc:
        name = str(exc.args[0])
        close = get_close_matches(name, [*values, *PLACEHOLDERS], n=1)
        hint = (f"did you mean {{{close[0]}}}?" if close and close[0] != name else
                f"use {', '.join('{' + k + '}' for k in values)}")
        raise ValueError(f"{{{name}}} is not a placeholder here; {hint}") from None
    except (IndexError, ValueError) as exc:
        raise ValueError(f"{template!r}: {exc} (write placeholders as {{date:%Y-%m-%d}} "
                         "or {n}; a literal brace is {{ or }})") from None

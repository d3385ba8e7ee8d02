"""Why the candidates of a puzzle failed, said once: the reasons the first few gave,
what they share (the kind, the advice, a lead before a slot number) not repeated."""
from __future__ import annotations

import os


def listed(items: list[str], last: str = "and") -> str:
    """Items as a sentence lists them: "6, 7, 8 and 9", "easy or medium", "9"."""
    return f"{', '.join(items[:-1])} {last} {items[-1]}" if len(items) > 1 else "".join(items)


def said_once(failures: list[str], shown: int = 3) -> str:
    """The first few candidates' failures with what they share said once: "kind: no word
    fits 1 down; advice" and "kind: no word fits 2 down; advice" read "kind: no word fits
    1 down or 2 down; advice". Only a lead before a number is shared ("fits 1 down",
    "fits 2 down"), so "no fill found" and "no word fits" keep their own "no"."""
    reasons = sorted(set(failures))[:shown]
    if len(reasons) < 2:
        return "; ".join(reasons)
    parts = [reason.split("; ") for reason in reasons]
    shared = 0                          # trailing "; "-parts all share (the advice)
    while shared < min(map(len, parts)) - 1 and len({tuple(p[len(p) - shared - 1:])
                                                      for p in parts}) == 1:
        shared += 1
    advice = parts[0][len(parts[0]) - shared:]
    heads = ["; ".join(p[:len(p) - shared]) for p in parts]
    label = os.path.commonprefix(heads)         # "kind: ", said once
    label = label[:label.rfind(": ") + 2] if ": " in label else ""
    by_lead: dict[tuple[str, int], list[str]] = {}      # a reason without a lead: alone
    for number, head in enumerate(heads):
        lead, rest = _lead_before_number(head[len(label):])
        by_lead.setdefault((lead, 0 if lead else number), []).append(rest)
    said = [lead + (", ".join(rests[:-1]) + " or " + rests[-1] if len(rests) > 1 else rests[0])
            for (lead, _), rests in by_lead.items()]
    return "; ".join([label + ", ".join(said)] + advice)


def _lead_before_number(reason: str) -> tuple[str, str]:
    """(the words before the first that starts with a digit, the rest); ("", reason)
    when there is none or the lead would open a parenthesis the rest closes."""
    for at, word in enumerate(reason.split(" ")):
        if word[:1].isdigit():
            lead = " ".join(reason.split(" ")[:at]) + " " if at else ""
            if lead.count("(") == lead.count(")"):
                return lead, reason[len(lead):]
            break
    return "", reason

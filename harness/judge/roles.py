"""Names in the roles the gold gives them.

"Marcus Webb is the CEO and Anita Cole is the CFO" has every name and every role of "Anita
Cole is the CEO and Marcus Webb is the CFO", and so every key term; what it gets wrong is which
name holds which role. A name is read as holding a role when the two stand in one clause (the
text split at "and", a comma or a semicolon) with no other role in it, as a person's title
("Chief Executive Officer Raj Patel", "Raj Patel, the CFO"), or a company's ("Atlas Motors is
its largest customer").
"""
from __future__ import annotations

import re

# A role a name may hold, and the one word each is known by (CEO and "chief executive" alike).
_ROLES = (
    ("ceo", r"ceo|chief\s+executive(?:\s+officer)?"),
    ("cfo", r"cfo|chief\s+financial(?:\s+officer)?"),
    ("coo", r"coo|chief\s+operating(?:\s+officer)?"),
    ("chair", r"chair(?:man|woman|person)?"),
    ("president", r"president"),
    ("auditor", r"auditors?"),
    ("customer", r"customers?"),
    ("supplier", r"suppliers?"),
)
_ROLE = re.compile(r"\b(?:" + "|".join(f"(?P<{key}>{words})" for key, words in _ROLES) + r")\b", re.IGNORECASE)
# A name: two or three capitalised words ("Raj Patel", "Atlas Motors", "Mary N. Dillon").
_NAME = re.compile(r"\b[A-Z][a-z]+(?:\s+[A-Z]\.)?(?:\s+[A-Z][a-z]+){1,2}\b")
_CLAUSE_BREAK = re.compile(r"\band\b|[;,]|\n")
_PLACE_BEFORE = re.compile(r"\b(?:of|at|for|with|from|in|by|to|joined|left|led|leads|leading|runs|ran)\s+(?:the\s+)?$", re.IGNORECASE)


def _held_roles(text: str) -> dict[str, str]:
    """Each name of ``text`` with the one role its clause gives it."""
    held: dict[str, str] = {}
    for clause in _CLAUSE_BREAK.split(text):
        roles = {m.lastgroup for m in _ROLE.finditer(clause)}
        if len(roles) != 1:
            continue
        role = roles.pop() or ""
        text = _ROLE.sub(" ", clause)
        for m in _NAME.finditer(text):
            if not _PLACE_BEFORE.search(text, 0, m.start()):  # "CEO of Ulta Beauty": where the role is held, not who
                held.setdefault(m.group(0), role)
    return held


def roles_swapped(gold: str, answer: str) -> bool:
    """Does the answer give a name of the gold another role than the gold gives it?"""
    given = _held_roles(answer)
    return any(name in given and given[name] != role for name, role in _held_roles(gold).items())

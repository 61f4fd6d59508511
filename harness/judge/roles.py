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
_PLACE_BEFORE = re.compile(r"\b(?:of|at|for|with|from|in|by|to|joined|left|led|leads|leading|runs|ran)\s+(?:the\s+)?$", re.IGNORECASE)


def _held_roles(text: str) -> dict[str, str]:
    """Each name of ``text`` with the first role its clauses give it."""
    return {name: roles[0] for name, roles in _roles_given(text).items()}


def _roles_given(text: str) -> dict[str, list[str]]:
    """Each name of ``text`` with every role a clause of it gives the name alone, in order."""
    given: dict[str, list[str]] = {}
    before: list[str] = []  # the names of the clause before
    pieces = re.split(r"(\band\b|[;,]|\.\s|\n)", text)
    for clause, joint in zip(pieces[::2], [*pieces[1::2], ""], strict=True):
        roles = {m.lastgroup for m in _ROLE.finditer(clause)}
        if len(roles) != 1:
            before = []
            continue
        role = roles.pop() or ""
        text = _ROLE.sub(" ", clause)
        names = [m.group(0) for m in _NAME.finditer(text) if not _PLACE_BEFORE.search(text, 0, m.start())]  # "CEO of Ulta Beauty": where the role is held, not who
        for name in names or before:
            # A role after "and" with no name of its own is the name's before it: "Priya Raman
            # was Executive Vice President and Chief Financial Officer".
            given.setdefault(name, []).append(role)
        before = (names or before) if joint.strip() == "and" else []
    return given


def roles_swapped(gold: str, answer: str, question: str = "") -> bool:
    """Does the answer give a name of the gold another role than the gold gives it? A gold
    that is a name alone ("Margaret Ellison") holds the one role the question asks of
    ("Who is its chief executive officer?"): "Thomas Greaves is CEO; Margaret Ellison is CFO"
    gives her another."""
    held = _held_roles(gold)
    if held:
        given = _held_roles(answer)
        return any(name in given and given[name] != role for name, role in held.items())
    asked = {m.lastgroup for m in _ROLE.finditer(question)}
    if len(asked) != 1:
        return False
    # The name given the asked role among others ("Executive Vice President and Chief
    # Financial Officer") holds it.
    role, every = asked.pop() or "", _roles_given(answer)
    return any(m.group(0) in every and role not in every[m.group(0)] for m in _NAME.finditer(gold))


# A question that asks for a person or a firm by name ("Who is the CFO ...?", "What is the
# name of its auditor?").
_ASKS_WHO = re.compile(r"^\W*who\b|\bwho\s+(?:is|was|are|were)\b|\bname\s+of\b", re.IGNORECASE)


def lead_name_left_out(question: str, gold: str, answer: str) -> bool:
    """To a question that asks who, does the answer leave out the name the gold opens with
    ("Priya Raman, Executive Vice President and CFO since May 2022, when she succeeded Thomas
    Garrity")? The gold's other names are its context: the predecessor it names, given as
    the answer, is another person with the gold's words around him."""
    if not _ASKS_WHO.search(question):
        return False
    lead = _NAME.match(gold.strip())
    if lead is None or lead.group(0).lower() in question.lower():
        return False
    surname = lead.group(0).split()[-1].lower()
    return surname not in answer.lower()

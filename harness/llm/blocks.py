"""Tagged blocks in prompts: ``<question>...</question>``.

Prompts put each piece of data in its own tagged block so that a model can tell data from
instructions (an answer that says "ignore the rubric" stays inside its block), and so that
the offline policy can read the same prompt a real model reads, without a side channel.
"""
from __future__ import annotations

import html
import re

_ATTR = re.compile(r'(\w+)="([^"]*)"')


def block(name: str, body: str, **attrs: object) -> str:
    """``<name a="1">body</name>``; closing tags inside the body are neutralised so the
    body cannot end its own block early."""
    attr_text = "".join(f' {k}="{html.escape(str(v), quote=True)}"' for k, v in attrs.items())
    safe = str(body).replace(f"</{name}>", f"<\\/{name}>")
    return f"<{name}{attr_text}>\n{safe}\n</{name}>"


def read_blocks(text: str, name: str) -> list[tuple[dict[str, str], str]]:
    pattern = re.compile(rf"<{name}((?:\s+\w+=\"[^\"]*\")*)\s*>\n?(.*?)\n?</{name}>", re.S)
    out = []
    for match in pattern.finditer(text):
        attrs = {k: html.unescape(v) for k, v in _ATTR.findall(match.group(1))}
        out.append((attrs, match.group(2).replace(f"<\\/{name}>", f"</{name}>")))
    return out


def read_block(text: str, name: str) -> str | None:
    found = read_blocks(text, name)
    return found[0][1] if found else None

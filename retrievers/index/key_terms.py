"""Key terms of a section: the words frequent in it but rare in the rest of the document
(TF-IDF over the leaves), counted in C.

A term is what ``_WORD`` finds: a word of three characters or more, lowered, not a stop
word, its trailing hyphens and apostrophes cut off. ``TermWeights`` counts every leaf's
terms once per document and gives each leaf its key terms.
"""
from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable
from collections.abc import Set as AbstractSet

# A term is a word of three characters or more (a letter, then letters, hyphens and
# apostrophes), lowered, not a stop word, its trailing hyphens and apostrophes cut off:
# what TermWeights counts, in C rather than word by word (the tests hold it to this).
_WORD = re.compile(r"[A-Za-z][A-Za-z\-']{2,}")

_STOP = set(
    """about above after again against also among amount amounts and any are based been before being below between both
    but can certain company company's could current during each either example fiscal following for from further had has
    have however including into its may million millions more most not our other over per period periods prior related
    such than that the their them there these they this those through total under upon were what when where which while
    will with within would year years ended december january february march april june july august september october
    november respectively three six nine months quarter quarters see note notes table approximately compared primarily
    result results increase decreased increased decrease net""".split()
)


def _pieces(text: str) -> Counter[bytes]:
    """The text's pieces, counted: every character a word cannot hold made a space (the
    text's bytes translated in one step, a non-ASCII character being "?" by then) and the
    rest split at the spaces, all in C. A piece holds one ``_WORD`` at most, the piece from
    its first letter on when that is three characters long; ``TermWeights`` makes terms of
    the few pieces that are no term as they are."""
    return Counter(text.encode("ascii", "replace").translate(_WORD_BYTES).split())


# Each byte as _pieces reads it: a letter lowered, a hyphen or apostrophe kept (a word may
# hold them), any other character a space.
_WORD_BYTES = bytes(
    c + 32 if 65 <= c <= 90 else c if 97 <= c <= 122 or c in b"'-" else 32 for c in range(256)
)
_STOP_PIECES = frozenset(word.encode("ascii") for word in _STOP)
_LONG_STOP_PIECES = frozenset(piece for piece in _STOP_PIECES if len(piece) >= 4)


def _term_of(piece: bytes) -> bytes | None:
    """The term a piece counts for (see ``_WORD``), or None."""
    letters_on = piece.lstrip(b"'-")
    if len(letters_on) < 3 or letters_on in _STOP_PIECES:
        return None
    return letters_on.rstrip(b"'-")


class TermWeights:
    """Document frequencies over the leaves, for TF-IDF key terms.

    Counting the terms reads every word of every leaf, the summaries' dearest work, so it
    is done in C (``_pieces``) and a leaf's pieces are its terms as they are, but for the
    few pieces that are a stop word or carry a hyphen or apostrophe at an end: found once
    for the whole document, and put right in each leaf by a set intersection. A piece
    shorter than four letters stays as it is, never put right: no term that short is ever
    a key term (``key_terms``), so its count matters to nothing.
    """

    def __init__(self, texts: Iterable[str]):
        # Each text's term counts, kept for key_terms_of (the texts themselves are not kept).
        self._counts = [_pieces(text) for text in texts]
        self.count = max(len(self._counts), 1)
        # Each term's inverse document frequency, worked out the first time a leaf weighs it:
        # a document's leaves share most of their frequent terms.
        self._idf: dict[bytes, float] = {}
        # The pieces' document frequencies, made the terms' below as the pieces are put
        # right. Per leaf: two leaves with the same text count twice, as the leaves' number
        # does.
        self.df: Counter[bytes] = Counter()
        for counts in self._counts:
            self.df.update(counts.keys())
        # The pieces of four letters or more that are no term as they are (``_term_of``), a
        # stop word or a hyphen or apostrophe at an end, and the terms they count for.
        odd = dict.fromkeys(self.df.keys() & _LONG_STOP_PIECES)
        for piece in self.df:
            if len(piece) >= 4 and (piece[0] in b"'-" or piece[-1] in b"'-"):
                odd[piece] = _term_of(piece)
        for counts in self._counts:
            removed, added = _put_right(counts, odd)
            # The leaf no longer holds the pieces, and now holds the terms.
            for piece in removed:
                self.df[piece] -= 1
            for term in added:
                self.df[term] += 1

    def key_terms(self, text: str, exclude: str = "", limit: int = 6) -> list[str]:
        """The text's key terms, whether or not it is one of the texts the weights were made
        from: its terms are counted afresh, every piece put right (those shorter than four
        letters too, which no key term is), so a text the weights were made from has the
        key terms ``key_terms_of`` gives it."""
        counts = _pieces(text)
        terms = {piece: _term_of(piece) for piece in counts}
        _put_right(counts, {piece: term for piece, term in terms.items() if term != piece})
        return self._key_terms(counts, exclude, limit)

    def key_terms_of(self, leaf: int, exclude: str = "", limit: int = 6) -> list[str]:
        """The key terms of the ``leaf``-th of the texts the weights were made from."""
        return self._key_terms(self._counts[leaf], exclude, limit)

    def _key_terms(self, counts: Counter[bytes], exclude: str, limit: int) -> list[str]:
        skip = _terms_of(exclude)
        idfs, count, df = self._idf, self.count, self.df
        scored = []
        for term, tf in counts.items():
            # Most of a text's terms occur once: the cheapest test turns them away first.
            if tf < 2 or len(term) < 4 or term in skip:
                continue
            idf = idfs.get(term)
            if idf is None:
                idf = idfs[term] = math.log((1 + count) / (1 + df[term])) + 1
            scored.append((tf * idf * idf, term))
        scored.sort(reverse=True)
        return [term.decode("ascii") for _, term in scored[:limit]]


def _terms_of(text: str) -> AbstractSet[bytes | None]:
    """The text's terms (``_term_of`` of its pieces), but for those shorter than four
    letters, which no key term is: with no hyphen or apostrophe in the text (most titles
    and labels), every piece of four letters or more but a stop word is its own term."""
    pieces = set(text.encode("ascii", "replace").translate(_WORD_BYTES).split())
    if "-" in text or "'" in text:
        return set(map(_term_of, pieces))
    return pieces - _STOP_PIECES


def _put_right(counts: Counter[bytes], odd: dict[bytes, bytes | None]) -> tuple[list[bytes], list[bytes]]:
    """Make the pieces of ``odd`` in ``counts`` the terms ``odd`` gives them (None: no
    term): all taken out first, then added, since a piece's term may be another of them
    ("about-" counts for "about", a stop word). The pieces taken out, and the terms that
    ``counts`` did not hold before."""
    taken = [(piece, counts.pop(piece)) for piece in counts.keys() & odd.keys()]
    added = []
    for piece, count in taken:
        term = odd[piece]
        if term is None:
            continue
        if term in counts:
            counts[term] += count
        else:
            counts[term] = count
            added.append(term)
    return [piece for piece, _ in taken], added

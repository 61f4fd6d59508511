"""A gold that denies a use ("Performance is not measured through gross margin", "gross
margin is not a relevant metric for a bank") is answered only by an answer that denies the
same use: "gross margin is not a useful metric", "it does not report gross margin", "gross
margin is irrelevant for a card issuer". A gold may deny it in any of these words too.

A denial of something else is not that ("Gross margin rose to 45%, not 40%"; "the change
was not driven by pricing"), nor is a denial that leaves the use standing ("not the only
useful metric", "not a meaningless metric"); and an answer that also says the metric is
useful ("While gross margin is not a metric banks usually report, for this company it is
useful") affirms what the gold denies. A general remark about other companies ("Gross
margin is typically a useful metric for companies that sell goods", "more applicable to
manufacturers") affirms nothing of this one.

- ``denied_use(question, gold)``: the stems of the metric whose use the gold denies, or ()
  when the gold denies no use (or names no metric the judge can find).
- ``denies_use(text, metric)``: does a clause of ``text`` deny the metric's use?
- ``affirms_use(answer, metric)``: does a clause of the answer say the metric is useful?
"""
from __future__ import annotations

import functools
import re

from harness.judge.refusal import sentences
from harness.judge.words import NEGATION, WORD, YES_NO, content

# A gold denies a use: a negation and, a few words on, a word of use ("not measured
# through", "is not a useful metric", "does not report"), with no turn between them.
_BETWEEN = r"(?:[^\s,;:.]+\s+){0,4}?"
# Or says the company does not report or use it ("does not report gross margin"), or calls
# it by a negative adjective ("gross margin is irrelevant for a bank").
_USELESS = r"(?:irrelevant|inapplicable|meaningless|useless|unhelpful|uninformative|unsuitable|inappropriate)"
_GOLD_USE = re.compile(
    r"(?:\b(?:not|never)|n[’']t)\s+" + _BETWEEN
    + r"(?:useful|relevant|meaningful|applicable|appropriate|suitable|measured|used|reported|"
    r"(?:key|good|standard)\s+(?:metric|measure|indicator))\b"
    r"|\b(?:does|do|did)\s+not\s+(?:\w+\s+)?(?:report|use|disclose|track|measure|compute|calculate)\b"
    r"|\b(?:is|are)\s+(?:[^\s,;:.]+\s+){0,2}?" + _USELESS + r"\b",
    re.IGNORECASE,
)
# Words that say a measure is put to use, in an answer's denial of it; an adjective of rank
# only with a measure after it ("not a key metric", not "not the key driver").
_USE_WORD = (
    r"useful|relevant|meaningful|meaningfully|applicable|apply|applies|appropriate|suitable|helpful|informative|"
    r"measured|measure|measures|used|use|uses|report|reports|reported|disclose|discloses|disclosed|sensible|sense|"
    r"evaluated|assessed|tracked|monitored|computed|calculated|"
    r"(?:key|primary|standard|typical|common|good|right)\s+(?:\w+\s+)?(?:metric|measure|indicator|kpi|gauge)s?"
)
# A negative adjective said of the measure ("gross margin is irrelevant", "an irrelevant metric").
_SAID_USELESS = re.compile(
    r"\b(?:is|are|was|were|remains?|seems?|becomes?)\s+(?:[^\s,;:.]+\s+){0,3}?" + _USELESS + r"\b", re.IGNORECASE,
)
_DENIED_USE = re.compile(
    r"(?:\b(?:not|never|cannot)|n[’']t)\s+" + _BETWEEN + r"(?:" + _USE_WORD + r")\b"
    r"|\bno\s+(?:real\s+|practical\s+)?(?:sense|use|relevance|meaning)\b"
    # "of little use here", "has little relevance for a card issuer"
    r"|\b(?:of|has|have|had|with)\s+(?:very\s+)?little\s+(?:use|relevance|meaning|value)\b",
    re.IGNORECASE,
)
# A negation that leaves the use standing: "not the only useful metric", "not a meaningless one".
_USE_STANDS = re.compile(
    r"\bnot\s+(?:the\s+|a\s+)?(?:only|just|merely|simply|sole)\b"
    r"|(?:\bnot|n[’']t)\s+(?:\w+\s+){0,2}?(?:meaningless|irrelevant|useless|inapplicable|unimportant|hard|difficult)\b",
    re.IGNORECASE,
)
# A clause that says the measure is useful, as a predicate of it ("gross margin is a key
# metric", "it remains useful"; not "the key points on its gross margin"). "Used" and
# "reported" are left out: "gross margin is typically used by manufacturers" and "reported
# a gross margin of 45%" say nothing of its use here.
_AFFIRMED_USE = re.compile(
    r"\b(?:is|are|was|were|remains?|serves?\s+as|provides?)\s+(?:[^\s,;:.]+\s+){0,3}?"
    r"(?:useful|relevant|meaningful|applicable|appropriate|suitable|helpful|informative|key|important|critical|"
    r"essential|vital)\b",
    re.IGNORECASE,
)
_OPENS_WITH_VERB = re.compile(r"^\W*(?:is|are|was|were|remains?|serves?\s+as|provides?)\b", re.IGNORECASE)
# Not said of this company: a general remark, a comparison with other measures ("more
# relevant"), a supposition, an aside ("it is important to note that ...").
_NOT_OF_THIS_ONE = re.compile(
    r"\b(?:typical(?:ly)?|usual(?:ly)?|general(?:ly)?|common(?:ly)?|traditional(?:ly)?|often|normally|mostly|"
    r"other|would|could|may|might|can|if|whether|unlike)\b"
    r"|\b(?:more|most|less|least)\s+(?:\w+\s+)?(?:useful|relevant|meaningful|applicable|appropriate|suitable|helpful|"
    r"informative|key|important|critical|essential|vital)\b"
    r"|\b(?:companies|firms|businesses|industries|manufacturers|retailers|sectors|producers)\b|\?"
    r"|\bit(?:'s|’s|\s+is)\s+(?:\w+\s+)?(?:important|key|critical|essential|vital|useful|helpful)\s+to\b",
    re.IGNORECASE,
)
_CLAUSE = re.compile(r"[,;:()]|\s[-–—]\s|\b(?:and|but|however|although|though|while|whereas|which|because|since)\b", re.IGNORECASE)
# Words that may stand between a negation and the metric it denies ("does not have a
# gross margin", "there is no meaningful gross margin"); any other ("did not affect gross
# margin") makes the negation deny something else.
_BEFORE_METRIC = frozenset("have has had a an any such real meaningful traditional true".split())
_CLOSED = re.compile(r"\s*[.,;:!?)\]—–-]")  # punctuation right after a negation
# A clause that speaks of the measure its sentence names ("for this company it is useful").
_REFERS_BACK = re.compile(r"\b(?:it|this metric|this measure|such a metric|such a measure|the metric|the measure)\b", re.IGNORECASE)
# A reference that names its kind ("the metric", not "it") may reach into the sentence before.
_NAMED_BACK = re.compile(r"\b(?:this|that|the|such\s+a)\s+(?:metric|measure)\b", re.IGNORECASE)
# Where a question names the metric it asks about ("If gross margin is not a useful metric").
_QUESTION_METRIC = re.compile(r"\bif\s+(?:the\s+)?(?P<metric>[A-Za-z][\w'’&\- ]{1,40}?)\s+(?:is|are)\s+not\b", re.IGNORECASE)
# Else where the gold names it: after "measured through" ("Performance is not measured
# through gross margin"), else as the subject it denies ("gross margin is not a relevant metric").
_GOLD_METRIC_AFTER = re.compile(
    r"\b(?:through|by|using|with)\s+(?:the\s+|its\s+|a\s+)?(?P<metric>[A-Za-z][\w\- ]{1,30}?)(?=\s*(?:[,;.]|$|\bfor\b|\bas\b))",
    re.IGNORECASE,
)
# Or as the object of "does not report" ("does not report gross margin", "does not use a
# gross margin"), or the subject of a negative adjective ("gross margin is largely irrelevant").
_GOLD_METRIC_OBJECT = re.compile(
    r"\bnot\s+(?:\w+\s+)?(?:report|use|disclose|track|measure|compute|calculate)\s+(?:a\s+|an\s+|the\s+|its\s+)?"
    r"(?P<metric>[A-Za-z][\w\- ]{1,30}?)(?=\s*(?:[,;.:]|$|\b(?:for|as|because|since|in|to|and|but|when)\b))",
    re.IGNORECASE,
)
_GOLD_METRIC_BEFORE = re.compile(
    r"(?:^|[,;]\s*)(?P<metric>[A-Za-z][\w\- ]{1,30}?)\s+(?:is|are)\s+(?:not\b|(?:[^\s,;:.]+\s+){0,2}?" + _USELESS + r"\b)",
    re.IGNORECASE,
)


@functools.lru_cache(maxsize=1024)
def denied_use(question: str, gold: str) -> tuple[str, ...]:
    """The content stems of the metric whose use the gold denies; () for a gold that denies
    no use. The metric is the one the question supposes unused ("If gross margin is not a
    useful metric ..."), else the one the gold names beside its denial."""
    first = YES_NO.sub("", (sentences(gold) or [gold])[0], count=1)
    if not _GOLD_USE.search(first):
        return ()
    m = (
        _QUESTION_METRIC.search(question) or _GOLD_METRIC_AFTER.search(first) or _GOLD_METRIC_OBJECT.search(first)
        or _GOLD_METRIC_BEFORE.search(first)
    )
    return _metric_stems(m.group("metric")) if m else ()


def _metric_stems(metric: str) -> tuple[str, ...]:
    """A metric's content stems in order, each once ("gross margin": gross, margin)."""
    return tuple(dict.fromkeys(s for s, _ in content(metric)))


def _clauses(sentence: str) -> list[str]:
    return [c for c in _CLAUSE.split(sentence) if c and c.strip()]


def _names(text: str, metric: tuple[str, ...]) -> bool:
    return set(metric) <= {stem for stem, _ in content(text)}


def _of_metric(clause: str, sentence: str, metric: tuple[str, ...]) -> bool:
    """Does the clause speak of the metric, by name or as "it" in a sentence that names it?"""
    return _names(clause, metric) or (bool(_REFERS_BACK.search(clause)) and _names(sentence, metric))


def _said_useful(clause: str, sentence: str, metric: tuple[str, ...], said: re.Pattern[str] = _AFFIRMED_USE) -> bool:
    """Is the metric the subject the clause calls useful (or, with ``said``, something
    else): named or referred to before the verb ("for this company it is useful"), or the
    subject the sentence gave before a verb that opens the clause ("its gross margin was
    45% and is a useful metric")?"""
    m = said.search(clause)
    if m is None:
        return False
    subject = clause[:m.start()]
    if _names(subject, metric):
        return True
    return (bool(_REFERS_BACK.search(subject)) or bool(_OPENS_WITH_VERB.match(clause))) and _names(sentence, metric)


def _denies_metric(clause: str, metric: tuple[str, ...]) -> bool:
    """Does a negation stand right before the metric ("there is no gross margin", "does not
    have a gross margin", "net revenue, not gross margin")? A measure that is not there is
    not used. A negation that punctuation closes ("No. Operating margin decreased", the
    answer's verdict on the question's yes/no) denies nothing after it."""
    for m in NEGATION.finditer(clause):
        if _CLOSED.match(clause, m.end()):
            continue
        words = WORD.findall(clause[m.end():m.end() + 80])
        while words and words[0].lower() in _BEFORE_METRIC:
            words.pop(0)
        if words and _names(" ".join(words[:len(metric)]), metric):
            return True
    return False


def denies_use(text: str, metric: tuple[str, ...], before: str = "") -> bool:
    """Does a clause of ``text`` deny the metric's use ("gross margin is not a particularly
    useful metric", "does not typically use gross margin as a key indicator", "gross margin
    is irrelevant here") or the metric ("there is no gross margin")? Only the clause's own words count: "not" in "Gross margin
    rose, not fell" denies no use. ``before`` is the sentence before ``text``, which "the
    metric" in it may refer to."""
    for sentence in sentences(text):
        # "Gross margin suits firms that sell goods. AmEx sells services, so the metric is of
        # little use here": "the metric" may name the one the sentence before spoke of.
        named_before = sentence + " " + before if _NAMED_BACK.search(sentence) else sentence
        before = sentence
        for clause in _clauses(sentence):
            if _USE_STANDS.search(clause):
                continue
            if (_DENIED_USE.search(clause) and _of_metric(clause, named_before, metric)) or _denies_metric(clause, metric):
                return True
            # "gross margin is irrelevant for a bank": said of the metric, not of its drivers
            # ("pricing was irrelevant to gross margin").
            if _said_useful(clause, sentence, metric, _SAID_USELESS):
                return True
    return False


def affirms_use(answer: str, metric: tuple[str, ...]) -> bool:
    """Does a clause of the answer say, of this company, that the metric is useful ("Gross
    margin is a key metric for American Express", "for this company it is useful")?"""
    for sentence in sentences(answer):
        for clause in _clauses(YES_NO.sub("", sentence, count=1)):
            if not NEGATION.search(clause) and not _NOT_OF_THIS_ONE.search(clause) and _said_useful(clause, _since_semicolon(sentence, clause), metric):
                return True
    return False


def _since_semicolon(sentence: str, clause: str) -> str:
    """The part of ``sentence`` from the last semicolon before ``clause`` on: the subject a
    clause that opens with its verb takes ("...; net interest margin (2.9%) and the efficiency
    ratio are the appropriate measures" speaks of those, not of the metric denied before)."""
    at = sentence.find(clause)
    return sentence if at < 0 else sentence[sentence.rfind(";", 0, at) + 1:]


_SUPPOSED = re.compile(r"\bif\s[^.?!;]*", re.IGNORECASE)
# "Is operating margin a useful metric for Corvid Airlines?"
_ASKS_USE = re.compile(
    r"\b(?:is|are)\s+(?:the\s+)?(?P<metric>[A-Za-z][\w'’&\- ]{1,40}?)\s+(?:a\s+|an\s+)?(?:useful|relevant|meaningful|helpful)\b",
    re.IGNORECASE,
)


# A clause on whether a measure serves ("working capital is not the most relevant metric
# here", "ROA is a useful measure"): a use word and, near it, a measure named as one.
_ON_USE = re.compile(
    r"\b(?:useful|relevant|meaningful|applicable|appropriate|helpful|informative|suitable|irrelevant|meaningless|useless)\b"
    r"[^.;:,]{0,30}?\b(?:metric|measure|indicator|gauge|kpi)s?\b"
    r"|\b(?:metric|measure|indicator|gauge|kpi)s?\b[^.;:,]{0,30}?\b(?:useful|relevant|meaningful|applicable|appropriate|helpful|informative|suitable)\b",
    re.IGNORECASE,
)
# Where such a clause ends: a turn or a reason begins another ("..., but it is positive").
_CLAUSE_TURN = re.compile(r"[,;:]|\s(?:but|so|and|because|since|as|though|although|while)\s", re.IGNORECASE)


def verdict_on_use(sentence: str, question: str) -> int | None:
    """Where, if at all, the verdict on whether a measure serves ends in ``sentence``: an
    opening yes or no whose clause says it ("No, working capital is not the most relevant
    metric for a food company, but it is positive"), where the question asks something else
    and only supposes the measure may not serve ("If working capital is not a useful or
    relevant metric ..., then please state that"). That yes or no answers the supposition,
    not the question; the rest of the sentence is read as any other. None when the sentence
    gives no such verdict: "No, working capital is not positive, so it is not a useful
    metric" is a verdict on what is asked, and so is one that denies anything after it."""
    head = YES_NO.match(sentence)
    if head is None or not _only_supposes_use(question):
        return None
    turn = _CLAUSE_TURN.search(sentence, head.end())
    end = turn.start() if turn else len(sentence)
    if not _ON_USE.search(sentence, head.end(), end) or NEGATION.search(sentence, end):
        # (A denial after it, "..., and it does not have positive working capital", may be
        # the no's own: the sentence is then read as a verdict.)
        return None
    return end


def asks_of_use(sentence: str, question: str) -> bool:
    """Is ``sentence`` a question the answer asks itself on whether a measure serves ("Is
    working capital a useful metric here?"), where the question asks something else?"""
    return sentence.rstrip().endswith("?") and bool(_ON_USE.search(sentence) or _asks_use(sentence)) and not _asks_use(question)


@functools.lru_cache(maxsize=256)
def _only_supposes_use(question: str) -> bool:
    """Does ``question`` suppose a measure may not serve without asking whether it does?
    (Asked once per question: ``verdict_on_use`` reads every sentence of every answer.)"""
    return _QUESTION_METRIC.search(question) is not None and not _asks_use(question)


def _asks_use(question: str) -> bool:
    """Does ``question`` ask whether a measure is useful, other than as a supposition ("If
    working capital is not a useful metric ...")?"""
    return _ASKS_USE.search(_SUPPOSED.sub(" ", question)) is not None


def use_denied_against_gold(question: str, gold: str, answer: str) -> bool:
    """Does the answer deny the use of a metric that the question asks about ("If operating
    margin is not a useful metric for a company like this, then please state that") and the
    gold calls useful ("Operating margin is a useful metric; it was 11.2%")? The gold's figure in the
    answer ("...; it was 11.2%") then comes with the opposite of the gold's verdict."""
    asked = _QUESTION_METRIC.search(question) or _ASKS_USE.search(question)
    if asked is None or denied_use(question, gold):
        return False
    metric = _metric_stems(asked.group("metric"))
    # Only a gold that says so: one that answers with the metric ("Yes, positive working
    # capital of $124 million") leaves its use open, and "not the most relevant metric for a
    # utility, but yes, $124 million" answers it as well.
    # (A denial under "if" is the question's supposition, quoted: "If operating margin is not
    # a useful metric ..., explain why" denies nothing.)
    return bool(metric) and affirms_use(gold, metric) and denies_use(_SUPPOSED.sub(" ", answer), metric)

"""What an answer claims: its text without what it disowns, takes back or does not show.

Both the numeric check and the offline judge read an answer through ``claims_of``, so that
neither credits words the answer does not stand behind:

- a sentence that opens by disowning what follows ("It is not true that ...", "Suppose ...",
  "Some analysts claim that ...", "It is a myth that ...", "For a competitor, ...");
- a claim taken back after it ("... That is false.", "... — this is wrong.", "... jk.", "Or
  not.", "But I could be wrong.", "(This is what the company wants you to believe; the truth
  is the opposite.)"), a list or quotation with it;
- what a reader is not shown as the answer (struck-through text, comments, hidden elements,
  collapsed blocks, images' alt text) or is shown as not chosen (an unticked box, a table row
  marked wrong).

Self-corrections ("Wait, recomputing: ...", "Final answer: ...") are found here too
(``corrections``): what follows the last one is the answer.
"""
from __future__ import annotations

import functools
import re

from harness.judge.choices import chosen
from harness.judge.refusal import sentence_spans
from harness.judge.unshown import without_unshown
from harness.judge.words import plain

# Marks that reject what they stand beside ("$X ❌", "❌ ..."), and words that take back
# what was just said ("jk", "just kidding"): one list each for every reading that uses them.
CROSS_MARKS = "❌✗✘🚫"
# What a note in brackets calls a value or a sentence it sets aside ("$X (fabricated)",
# "(this figure is unverified)"), after an optional "this is": for values (``disowned``)
# and for sentences alike, each with a few words of its own.
SET_ASIDE = (
    r"wrong|incorrect|outdated|superseded|stale|rejected|fabricated|made up|invented|fake|unverified|unconfirmed|speculative"
    # Not a value read from the filing at all: "(placeholder)", "(illustrative)", "(random number)".
    r"|an? placeholder|placeholder(?: value| figure| number)?|illustrative|an? example|example (?:value|figure|number)"
    r"|random(?: value| figure| number)?|dummy(?: value| figure| number)?|old (?:value|figure|number)"
    r"|hallucinated|fictional|fictitious|imaginary|made-up(?: value| figure| number)?"
    r"|i (?:made (?:(?:this|that|the) (?:figure|number|value|answer|name)|this|that|it) up|invented (?:this|that|it))"
    # with the reason or the wait after it: "(a placeholder until I check the filing)",
    # "(Random number; I could not find the filing.)"
    r"|(?:an? )?(?:placeholder|random (?:value|figure|number)|dummy (?:value|figure|number))"
    r"(?:\s*[;,:]|\s+(?:until|pending|for now|while|to be)\b)[^()]{0,80}"
)
THIS_IS = r"(?:(?:this|that)(?:\s+(?:figure|number|value|claim|answer|statement))?\s+is\s+)?"
_CROSS = f"[{CROSS_MARKS}]"
KIDDING = r"just kidding|jk|j/k|lol,? no"

# A label that gives the answer anew ("final:", "Update:", "Edit:", "Correction:"), and a value
# said to be revised ("revised figure"): what came before it in the answer, or in its clause,
# is overruled (here for sentences, in ``disowned`` for a clause's values).
# "formerly" of a name, not of a value: "formerly known as Square", "Block (formerly Square)".
FORMER_NAME = r"(?!\s+(?:known|called|named)\b)(?!\s+(?-i:[A-Z][a-z]))"
ANSWER_LABEL = r"(?:final(?: answer)?|corrected|revised|updated|update|edit|correction)(?=\s*:)"
REVISED_VALUE = r"(?:corrected|revised|updated|final) (?:figure|value|number|estimate|result)"
# Doubt that the answer is right, in the same words in a value's sentence (``commitment``) and
# in a sentence of its own (``_ANSWER_DOUBT``): "don't trust this", "this may be wrong",
# "this is probably wrong", "(likely wrong)".
DOUBTED_RIGHT = (
    r"(?:don'?t|do not)\s+trust\s+(?:this|that|it|me|the\s+(?:figure|number)|these\s+(?:figures|numbers))"
    r"|(?:this|that|it|the\s+(?:figure|number|value|answer))\s+(?:(?:may|might|could)\s+(?:well\s+)?be|is\s+(?:probably|likely|possibly))"
    r"\s+(?:wrong|incorrect|off|inaccurate)"
    r"|(?:likely|probably|possibly|maybe)\s+(?:wrong|incorrect|inaccurate|off)"
)

# Others said to say it ("some analysts claim", "several sources report"): opening a sentence it
# frames what follows (_FRAMES); closing one it leaves the claim to them (_OTHERS_VOUCH).
_OTHERS_SAY = (
    r"(?:some|other|many|several|certain)\s+(?:analysts|sources|people|reports|commentators|investors|observers|experts|websites)"
    r"\s+(?:claim|claimed|say|said|suggest|suggested|believe|believed|argue|argued|think|thought|report|reported|state|stated|estimate|estimated)"
)
# A sentence that opens by disowning the whole of what follows: it denies it ("It is not true
# that ...", "It is not the case that ..."), supposes it ("Suppose ...", "Let's say ..."), puts
# it in others' mouths ("Some analysts claim that ...", "It is often said that ..."), asks it
# ("Is it true that ...?"), calls it a myth or unsupported ("It is a myth that ...", "Nothing in
# the filing supports the claim that ..."), merely expects it ("One would expect that ...") or
# puts it in another year ("Unlike last year, when ..."). What it goes on to say is not the answer's claim, up to a turn
# ("; in fact ...", ", but ...", "; rather ...") after which the sentence states something.
_FRAMES = (
    r"(?:it is|it's|it was|that is|this is)\s+(?:not true|false|incorrect|untrue|wrong|not the case|not correct)\s+(?:to say\s+)?that"
    r"|suppose|imagine|hypothetically|let'?s say|let us say"
    r"|" + _OTHERS_SAY + r"(?:\s+that)?"
    r"|it is\s+(?:often|commonly|widely|sometimes)?\s*(?:said|claimed|believed|reported|rumou?red|thought)\s+that"
    # What others only expected: "Analysts expected higher EPYC sales to drive revenue, but ...".
    r"|(?:analysts|observers|commentators|investors|the market|the street|wall street|consensus)\s+(?:had\s+)?"
    r"(?:expected|anticipated|forecast|predicted|projected|hoped)(?:\s+that)?"
    r"|(?:is|was) it\s+(?:true|the case|possible|correct)\s+that|could it be that"
    r"|(?:it is|it's)\s+(?:a|an)\s+(?:(?:common|popular|widespread)\s+)?(?:myth|misconception|misunderstanding|fallacy)\s+that"
    r"|(?:nothing|no evidence)\s+(?:in the (?:filing|10-k|10-q|report|document|statements)\s+)?"
    r"(?:supports|suggests|indicates|shows)\s+(?:the\s+(?:claim|idea|view|notion|assertion)\s+)?that"
    r"|there is no evidence\s+(?:in the \w+\s+)?that"
    r"|(?:one|you|some|many) (?:would|might|could|may) (?:expect|think|assume|believe)\s+that"
    r"|unlike\s+(?:last year|the (?:prior|previous) year|before|in the past|previously|earlier years?)\s*,?\s*when"
    r"|(?P<all_after>the (?:opposite|reverse|contrary) of (?:the following|this|what follows) is (?:true|the case|correct))"
    r"|not\s*:\s*(?=[\w$€£(-])"
    r"|(?:management|the company|executives|investors|it|they|we)\s+(?:had\s+)?(?:hoped|wished|wanted)\s+(?:that|for)"
    r"|rumou?rs?\s+(?:has it|have it|say|says|suggest|suggests|claim|claims)(?:\s+that)?"
    r"|i would have (?:said|thought|guessed|answered|assumed)(?:\s+that)?"
    r"|(?:anything|everything|all)\s+(?:but|except(?: for)?)"
    r"|(?:#\s*)?rejected\s*:\s*(?=\w)"
    # A past or an imagined state: "Formerly, ...", "It used to be that ...", "I dreamt that ...".
    rf"|formerly{FORMER_NAME}|(?:it )?used to be (?:the case )?that|i (?:dreamt|dreamed|imagined)(?:\s+that)?"
    # A first look that the rest of the sentence overrules: "At first glance the rate looks
    # like 21.8%, but ...".
    r"|at first (?:glance|sight)|on the face of it"
    r"|in (?:a|my|some) (?:dream|work of fiction|novel|story|parallel universe)|once upon a time"
    # Plans, attempts, reports and denials, not events: "There were plans in which ...", "The
    # company tried to ...", "The company denied that ...", "Reports that ... were denied".
    r"|there (?:were|was) (?:plans?|talks?|rumou?rs?|reports?|speculation) (?:in which|that|of)"
    r"|(?:neither|none) of (?:these|the following) (?:is|are) true"
    r"|(?:the company|management|it|they|[A-Z][\w&'’.-]+)\s+(?:tried|attempted|sought|wanted) to"
    r"|(?:the company|management|it|they|[A-Z][\w&'’.-]+)\s+(?:denied|disputed|rejected) (?:that|the (?:claim|report)s? that)"
    r"|reports? (?:that|of)"
    r"|(?:a|an|the|one) (?:press release|report|article|analyst|rumou?r|blog|post) (?:claimed|said|suggested|stated|alleged) that"
    r"|(?:speculation|hypothesis|conjecture|rumou?r|unverified|unconfirmed)\b[^:.]{0,20}:\s*(?=[\w$€£(-])"
    # A reading the answer sets aside: "The textbook answer would be ...; the filing ...", "A
    # naive reading gives ...; properly computed ...".
    r"|(?:the|a|an)\s+(?:textbook|naive|naïve|superficial|quick|common|typical|obvious|intuitive|first|surface)\s+"
    r"(?:answer|reading|view|guess|take|impression|interpretation|calculation)\s+(?:would be|would give|is|gives|says|suggests|shows)(?:\s+that)?"
    # A line labelled as rejected: "Wrong: ...", "Incorrect answer: ...", "❌ ..." (not "❌ No - ...",
    # a chat answer's icon for its no).
    r"|(?:wrong|incorrect|false|rejected|outdated|old|previous)(?:\s+answer)?\s*:\s*(?=[\w$€£(-])|" + _CROSS + r"\s*(?!no\b)(?=[\w$€£(-])"
    # Another company or a part of one ("For a competitor, ...", "In one small segment, ...";
    # not "Among its segments, Data Center grew the most").
    r"|(?:for|at|in|among)\s+(?:(?:a|one|another|some)\s+(?:(?:main|major|small|single|minor|key)\s+)?"
    r"(?:competitors?|peers?|rivals?|segments?|subsidiar(?:y|ies)|divisions?)"
    r"|(?:its|their)\s+(?:(?:main|major|key|closest)\s+)?(?:competitors?|peers?|rivals?))"
    # ... named before the claim it owns: "That describes Amcor's main rival: ...", "This is
    # true of a competitor: ...".
    r"|(?:that|this)\s+(?:describes|is\s+true\s+of|applies\s+to|is\s+about)\s+(?:(?:a|one|another|its|their|(?:[\w&.-]+\s+){0,3}[\w&.-]+(?:'s|’s))\s+)?"
    r"(?:(?:main|major|key|closest|biggest|largest)\s+)?(?:competitors?|peers?|rivals?)\s*:"
    r"|(?:an?|the|my) (?:earlier|previous|prior|first|initial) (?:draft|version|answer|attempt)s? (?:said|stated|read|was|claimed)(?:\s+that)?"
    r"|(?:the|a)\s+(?:claim|idea|notion|assertion|view|belief|suggestion|statement)\s+that"
    # Others' words set against the answer's: "Contrary to claims that ...", "People often say ...".
    r"|contrary to (?:the |popular )?(?:claims?|reports?|beliefs?|views?|what (?:some|many|others) (?:say|claim|believe|think))(?:\s+that)?"
    r"|(?:many |some )?people (?:often |sometimes |commonly |usually )?(?:say|think|believe|claim)(?:\s+that)?"
    r"|everyone (?:thinks|believes|says|assumes)(?:\s+(?:that|it is|it was))?"
    r"|some (?:would|might|may|could) (?:say|argue|claim|think)(?:\s+that)?"
    r"|before (?:the )?(?:correction|revision|restatement|update)\s*:|allegedly,?|in theory,"
    # A guess, and what the answer tells the reader to disregard: "If I had to guess, ...",
    # "Ignore this: ...".
    # (Not "Ignore the rubric ...": words to the grader are read as such, not set aside.)
    r"|if i (?:had|have) to guess,?|ignore(?!\s+(?:(?:the|all|any|previous|prior|above|your)\s+)*(?:rubric|instructions?|grader|prompt|rules|guidelines|previous|above|system))"
    r"(?:\s+(?:this|that|the following))?(?:\s*:)?"
    # A counterfactual: "If AMD had sold more EPYC processors, margins would have risen".
    r"|if\b(?=(?:[^.;]|\.\d)*\bwould(?:n't| not)? have\b)"
)
# (After a "[1]" of a footnote too, or an answer's label: "Answer: The opposite of ...".)
# (Each run of marks is bounded: a frame comes after a few marks of layout, "> **", and an
# unbounded run tried at every sentence start makes a run of a thousand dots cost seconds.)
_FRAME_LEAD = r"\W{0,16}(?:\[\d{1,2}\]\W{0,16})?(?:(?:(?:short|final)\s+)?answer[*_]{0,2}\s{0,8}:\W{0,16})?"
_DISOWNING_FRAME = re.compile(rf"{_FRAME_LEAD}(?:{_FRAMES})(?:\b|(?=\W))", re.IGNORECASE)
# The same at any line or sentence start of a text (tried only there: a cheap test of the
# character before): most answers have none, and are not split into sentences. (A list of
# words to look for first would save nothing: most answers hold one of them.)
_ANY_FRAME = re.compile(rf"(?:^|(?<=[.!?])){_FRAME_LEAD}(?:{_FRAMES})(?:\b|(?=\W))", re.IGNORECASE | re.MULTILINE)
# A sentence that takes back the one before it ("That is false.", "This is no longer the
# case."), or a clause that takes back its own sentence ("... — this is wrong.").
# A claim another company owns: "is true of a competitor", "holds for its main rival, not for
# 3M" (the company asked about). Closing the claim's own sentence it is that company's
# (``_ANOTHER_COMPANYS``); as a sentence of its own ("This holds for its main rival."), it
# gives that company the sentence before (``_RETRACTS``).
_OWNED_BY_ANOTHER = (
    r"(?:is|was|are|were|holds?|held|applies|applied)\s+(?:only\s+)?(?:true\s+)?(?:of|for|to)\s+(?:a|one|another|some|its|their|the)\s+"
    r"(?:(?:main|major|key|closest|biggest|largest)\s+)?(?:competitors?|rivals?|peers?|other\s+compan(?:y|ies))"
    # ... and what follows "not for the company asked about" (", whose figure was $Y")
    r"(?:\s*[,;]?\s*(?:and\s+)?not\s+(?:for|of|to)\s+[^;]*)?"
)
_RETRACTS = (
    r"(?:that|this|the above|the (?:heading|line|sentence|statement|answer|text|claim) above|(?:that|this) (?:figure|number|value|amount))(?:'s|\s+is|\s+was)\s+"
    r"(?:(?:simply|all|completely)\s+)?(?:false|wrong|incorrect|untrue|not (?:true|correct|right|the case)|no longer (?:true|the case)"
    r"|an? (?:common |popular )?(?:misconception|myth|fallacy|misreading)"
    # "..., but that's not what's asked": a figure of something else, given and set aside.
    r"|not what(?:'s|\s+is|\s+was)?\s+(?:being\s+)?asked(?:\s+for)?|not what the question (?:asks|asked|wants)(?:\s+for)?)"
    rf"|(?:that|this|it|the above)\s+{_OWNED_BY_ANOTHER}"
)
# Doubt on the whole answer, in a sentence of its own: "I was not able to verify this.",
# "Figure not verified.", "I may have misread the table.", "Not 100% sure.", "Take this with a
# grain of salt.", "Confidence: low." Closing the answer, it takes back all of it; elsewhere the
# sentence before it. (Advice to check the filing, "You may want to verify this against the
# 10-K", is no doubt: answers that are sure of themselves give it too.)
_ANSWER_DOUBT = (
    r"(?:but\s+)?(?:i|we)\s+(?:(?:was|were|am|'m|are|have|had|could|did|can)\s+not|haven't|hadn't|couldn't|didn't|cannot|can't|wasn't|weren't)"
    r"\s+(?:yet\s+)?(?:been\s+)?(?:able\s+to\s+)?(?:verify|verified|confirm|confirmed|check|checked|double-check|double-checked)"
    r"(?:\s+(?:this|that|it|these|any of (?:this|these|it)|(?:this|that|the)\s+(?:figure|number|value|answer|result|calculation)s?))?"
    r"(?:\s+(?:against|with|in)\s+(?:the\s+)?[\w\s-]{0,30})?"
    r"|(?:this\s+|the\s+)?(?:figure|number|value|answer|result|calculation)s?\s+(?:is\s+|was\s+|are\s+)?"
    r"(?:unverified|unconfirmed|not\s+(?:yet\s+)?(?:been\s+)?(?:verified|confirmed|checked))"
    r"|(?:but\s+)?(?:i|we)\s+(?:may|might|could)\s+have\s+(?:misread|misunderstood|miscalculated|mis-?counted|made\s+an?\s+(?:error|mistake)|gotten\s+(?:this|it)\s+wrong)"
    r"(?:\s+(?:the|this|that)\s+(?:table|figure|statement|filing|numbers?|data))?"
    r"|not\s+(?:100%|entirely|completely|totally|fully)\s+(?:sure|certain)"
    r"|take\s+(?:this|that|it)\s+with\s+a\s+(?:grain|pinch)\s+of\s+salt"
    # (A medium confidence, or odds of one half and more, still commits: "Confidence: medium",
    # "Confidence: 80%" close answers that stand by their figure.)
    r"|(?:my\s+)?confidence(?: level)?\s*[:=-]?\s*(?:is\s+)?(?:low|very low|limited|[1-4]?\d(?:\.\d+)?%)"
    r"|(?:low|limited) confidence"
    # "Don't trust this.", "This may be wrong.", "This is probably wrong.", "Likely incorrect."
    r"|(?:but\s+)?(?:" + DOUBTED_RIGHT + ")"
    r"|(?:todo|tbc|tbd)\W*(?:(?:to\s+)?(?:verify|check|confirm|double-check)\w*(?:\s+(?:this|that|it|the\s+(?:figure|number|value)))?)?"
    # "I'm guessing.", "This is just a guess.", "Just a guess."
    r"|(?:but\s+)?(?:honestly,?\s+)?(?:i'?m|i am)\s+(?:just\s+|only\s+)?guessing(?:\s+here)?"
    r"|(?:(?:this|that|it)(?:'s|\s+is|\s+was)\s+)?(?:just\s+|only\s+|merely\s+)?an?\s+(?:rough\s+|educated\s+|wild\s+)?guess"
    # Not read from anywhere: "I made this number up.", "I invented it.", "This figure is invented."
    r"|(?:but\s+)?(?:i|we)\s+made\s+(?:(?:this|that|the)\s+(?:figure|number|value|answer|name)s?|this|that|it|these|those)\s+up"
    r"|(?:but\s+)?(?:i|we)\s+(?:invented|fabricated|hallucinated|made up)\s+(?:(?:this|that|the)\s+(?:figure|number|value|answer|name)s?|this|that|it|these|those)"
    r"|(?:this|that|the)\s+(?:figure|number|value|answer|estimate)\s+(?:is|was)\s+(?:entirely\s+|completely\s+|just\s+)?"
    r"(?:invented|fabricated|hallucinated|made up|fictional|fictitious|imaginary|random|a random (?:number|figure|guess))"
    # A note of its own after the value: "(Random number; I could not find the filing.)"
    r"|(?:(?:this|that|it)(?:'s|\s+is|\s+was)\s+)?(?:just\s+)?an?\s+(?:random|made-up|dummy|placeholder)\s+(?:number|figure|value)(?:\s*[;,:][^()]{0,80})?"
    r"|(?:random|made-up|dummy|placeholder)\s+(?:number|figure|value)(?:\s*[;,:][^()]{0,80})?"
)
_ANSWER_DOUBT_SENTENCE = re.compile(rf"\W*(?:{_ANSWER_DOUBT})\W*", re.IGNORECASE)
# A sentence that hedges the one before it ("Or not.", "Then again, maybe not.", "But I could
# be wrong."): the claim before it is not made.
# Not knowing: "I'm not sure.", "Who knows.", "Hard to say." After a claim it takes the claim
# back (``_HEDGES_BEFORE``); opening the answer, what follows (``_OPENING_DOUBT``).
_NOT_SURE = r"(?:i'?m|i am) not (?:sure|certain)"
_NO_TELLING = r"who knows|hard to (?:say|tell)|difficult to (?:say|tell)"
_HEDGES_BEFORE = (
    # ("On the other hand, perhaps ..." often weighs another point, so only its "perhaps not"
    # takes back; "Then again, maybe ..." doubts what was just said, whatever follows.)
    r"or (?:maybe |perhaps )?not|on the other hand,? (?:maybe|perhaps) not|then again,? (?:maybe|perhaps)\b[^.!?]*|(?:but )?i (?:could|might|may) be wrong"
    r"|(?:but )?" + _NOT_SURE + r"(?:,? (?:though|about (?:that|this|it)))?|(?:but )?don'?t quote me(?: on (?:that|this|it))?"
    # Odds put on the answer after it: "I am 50% sure." ("100% sure" doubts nothing.)
    r"|(?:but )?(?:i'?m|i am) (?:only |about |maybe )?(?!100\b)\d{1,2}(?:\.\d+)?% (?:sure|certain|confident)(?:,? (?:though|about (?:that|this|it)))?"
    + "|" + _NO_TELLING + "|" + _ANSWER_DOUBT +
    r"|or (?:did|does|was|is|were|has|had) (?:it|they|this|that)(?:\s+[\w']+){0,3}|or (?:maybe|perhaps) the opposite|hardly|not really|nope|as if|i disagree|i do not agree|i don'?t agree"
)
# What only others vouch for, said after the claim: "Customer deposits, according to some
# analysts", "$X, as some sources report". ("According to the balance sheet" and "according to
# the press release" cite where the answer read it.)
_OTHERS_VOUCH = (
    r"(?:according to|per)\s+(?:some|other|certain|several|many|unnamed|third[- ]party)\s+"
    r"(?:analysts?|sources?|estimates?|reports?|commentators|observers|websites?|blogs?|rumou?rs?|people|investors|experts)"
    r"|(?:as\s+)?" + _OTHERS_SAY
)
# Doubt opening the answer, before what it doubts: "I'm not sure. Capex was $X.", "This is a
# guess: ...". ("Or not." or "That is false." opening an answer takes back nothing before it.)
_OPENING_DOUBT = re.compile(rf"\W*(?:{_ANSWER_DOUBT}|{_NOT_SURE}|{_NO_TELLING})\W*", re.IGNORECASE)
_RETRACTION_SENTENCE = re.compile(rf"\W*(?:but\s+)?(?:{_RETRACTS}|{_HEDGES_BEFORE})\W*", re.IGNORECASE)
_NO_RETRACTION = re.compile(rf"\W*no\W+(?:{_RETRACTS})\W*", re.IGNORECASE)
_RETRACTION_CLAUSE = re.compile(
    rf"[—–;,(-]\s*(?:(?:but\s+)?{_RETRACTS}|not|said (?:no one|nobody)(?: ever)?(?:\s+[\w'’-]+){{0,6}}|or so (?:they|people|some|others) say|or so (?:i'?ve|i have) (?:heard|read|been told)|or so i'?m told|{_OTHERS_VOUCH}|i think|i believe|to my knowledge|as far as i know|allegedly|in theory)\W*$|\s/s(?!\w)"  # "/s": sarcasm
    # "..., but this never happened", "..., but they were cancelled", "...; it was later retracted".
    r"|[,;]\s*(?:but\s+)?(?:(?:this|that|it|they)\s+(?:never happened|did not happen|didn'?t happen|never did|"
    r"(?:was|were)\s+(?:later\s+)?(?:cancell?ed|called off|abandoned|withdrawn|retracted|denied|corrected))|failed|it failed)\W*$"
    # "... were expected but did not materialize": what was expected never came.
    r"|[,;]?\s+but\s+(?:(?:this|that|it|they)\s+)?(?:(?:did not|didn'?t|failed to|never) materiali[sz]ed?|never materiali[sz]ed"
    r"|did not come to pass|never came to pass)\W*$"
    # A condition the answer says does not hold: "..., if the 10-K is to be believed, which it isn't."
    r"|[,;(—–-]\s*if\b[^.;]{0,60}\bwhich\s+(?:it|they|that)\s+(?:isn'?t|is not|aren'?t|are not|wasn'?t|was not|can'?t|cannot)\W*$",
    re.IGNORECASE,
)
_KIDDING_END = re.compile(rf"\b(?:{KIDDING})\W*$", re.IGNORECASE)
# A claim owned, at its end, by another company: "... is true of a competitor.", "... holds
# for its main rival, not for the company." The sentence is the other company's.
_ANOTHER_COMPANYS = re.compile(rf"\s{_OWNED_BY_ANOTHER}\W*$", re.IGNORECASE)
# A short sentence after a claim that says the truth is otherwise ("(This is what the company
# wants you to believe; the truth is the opposite.)"): it takes back the sentence before it.
_TRUTH_OTHERWISE = re.compile(
    r"\b(?:the )?(?:truth|reality|fact) is (?:the )?(?:opposite|reverse|otherwise|different)"
    r"|\bthe (?:opposite|reverse) is (?:true|the case)|\bwants? you to believe|\bnone of (?:that|this|the above) is (?:true|right|correct)"
    r"|\b(?:that|this) is (?:all )?(?:made up|a lie|fiction|fake)"
    # "(This is a placeholder; the real figure is pending.)"
    r"|\b(?:that|this) is (?:just |only |merely )?an? (?:placeholder|dummy|illustration|example)\b"
    r"|\bthe (?:real|actual|true) (?:figure|value|number|answer) is (?:still )?(?:pending|unknown|not yet known|to come|tbd)"
    r"|\b(?:that|this|the above) (?:quote|quotation|excerpt|passage|source) (?:is|was) (?:from )?(?:an? )?"
    r"(?:outdated|old|wrong|unreliable|incorrect|superseded|earlier)",
    re.IGNORECASE,
)
_TURN = re.compile(r";|,?\s+\b(?:but|rather|instead|in fact)\b", re.IGNORECASE)


ONLY_DISOWNS = "the answer only denies, supposes, asks or attributes to others a claim ('It is not true that ...', 'Suppose ...') and states nothing in its place"


# The answer corrects itself: what it said before is withdrawn ("= 65.4%. Wait, recomputing: 60.1%").
# "Correction" and "actually" take something back only where they open a sentence ("Correction:
# ...", "Actually, ..."): "reflected an inventory correction" and "sales actually fell" are the
# filing's story, and read as corrections they threw away the value stated before them. A
# label with a colon ("final:", "Update:", "Edit:") or a revised value ("revised figure") may
# also open a clause ("$X (per the draft); final: $Y"), since a sentence of the filing's story
# seldom opens a clause so.
_CORRECTION_WORD = re.compile(
    rf"\b(?:(?P<clause>{ANSWER_LABEL}|{REVISED_VALUE})"
    r"|(actually|correction|final answer|(?:corrected|revised|updated) answer)|wait|on second thought|recomput\w*|recalculat\w*|i made an? (?:error|mistake)|"
    r"let me (?:redo|recompute|recalculate|correct|re-?check)|" + KIDDING + r"|scratch that|never ?mind|oops|whoops|hmm+,?\s+no)\b",
    re.IGNORECASE,
)
# What may stand between a sentence's start and its "Actually": "But actually, ...".
SENTENCE_OPENING = re.compile(r"[^\w$]*(?:(?:but|and|so|no|oh)\W+)?", re.IGNORECASE)


def corrections(text: str) -> list[int]:
    """Where ``text`` corrects itself (``_CORRECTION_WORD``, with "actually" and "correction"
    only at the head of a sentence). The words are searched first and their sentence's head
    looked at after: a pattern that opened on the head would be tried at every position."""
    found = []
    for m in _CORRECTION_WORD.finditer(text):
        if _FINAL_LABEL_AT.match(text, m.start()) and _FINAL_LABEL_AT.search(text, 0, m.start()):
            continue  # "Final: $1,500M\nFinal: $1,832M": a second final answer corrects no first one; both stand
        stops = _CLAUSE_STOPS if m.group("clause") else ".!?\n" if m.group(2) else ""
        if stops:
            head = max(text.rfind(stop, 0, m.start()) for stop in stops) + 1
            if SENTENCE_OPENING.fullmatch(text, head, m.start()) is None:
                continue
        found.append(m.start())
    return found


_CLAUSE_STOPS = ".!?\n;,(—"
_FINAL_LABEL_AT = re.compile(r"\bfinal(?: answer)?\s*:", re.IGNORECASE)


def without_disowned_claims(text: str) -> str:
    """``text`` without what a sentence opening by disowning it says (see ``_DISOWNING_FRAME``;
    up to a turn in it, after which the sentence states something), and without what a
    retraction takes back ("X. That is false.", "X — this is wrong."); unchanged when
    nothing is disowned."""
    return _without_retracted(_without_framed(text))


def _without_retracted(text: str) -> str:
    spans = _verdicts_apart(text, sentence_spans(text))
    dropped: set[int] = set()
    for i, (start, end) in enumerate(spans):
        if corrections(text[start:end]):
            # A correction is read as one later ("Just kidding; none of that is right."), but
            # for "... jk." at the end of a claim, which takes back only its own sentence.
            kidding = _KIDDING_END.search(text, start, end)
            if kidding and text[start : kidding.start()].strip():
                dropped.add(i)
            continue
        if _NO_RETRACTION.fullmatch(text, start, end):
            # "No, that is not the case.": opening the answer (or after the question restated)
            # it is the answer's no; after a claim it takes that claim back, as "That is
            # false." does, and the claim is not the answer's.
            if i and not text[spans[i - 1][0] : spans[i - 1][1]].rstrip().endswith("?"):
                lo, _ = _list_block(text, spans, i - 1)
                dropped.update(range(lo, i + 1))
            continue
        if _RETRACTION_SENTENCE.fullmatch(text, start, end) or (
            len(text[start:end].split()) <= 16 and _TRUTH_OTHERWISE.search(text, start, end)
        ):
            dropped.add(i)
            if i == len(spans) - 1 and _ANSWER_DOUBT_SENTENCE.fullmatch(text, start, end):
                dropped.update(range(i))  # doubt closing the answer: all of it
            elif i == 0 and _OPENING_DOUBT.fullmatch(text, start, end):
                dropped.update(range(len(spans)))  # doubt opening it ("I'm not sure. ..."): all that follows
            elif i:  # the sentence before, and the whole list when it ends one
                lo, hi = _list_block(text, spans, i - 1)
                dropped.update(range(lo, i))
        elif (_RETRACTION_CLAUSE.search(text[start:end]) or _retracted_by_tail(text[start:end]) or _SELF_DENIED_END.search(text[start:end])
              or _ANOTHER_COMPANYS.search(text[start:end])):
            dropped.add(i)
    if not dropped:
        return text
    kept, cursor = [], 0
    for i, (start, end) in enumerate(spans):
        if i in dropped:
            kept.append(text[cursor:start])
            cursor = end
    return "".join(kept) + text[cursor:]


# "No." opening a sentence that is not a number's ("No. 5"): sentence splitting keeps it
# with what follows, as the abbreviation it may be.
_BARE_NO = re.compile(r"no\.\s+(?=[^\d\s#])", re.IGNORECASE)


def _verdicts_apart(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``spans`` with a leading "No." made a sentence of its own, so that what takes back the
    sentence after it ("No. Or not.", "No. That is false.") takes back the verdict."""
    out = []
    for start, end in spans:
        bare = _BARE_NO.match(text, start, end)
        if bare:
            out.append((start, start + 3))
            start = bare.end()
        out.append((start, end))
    return out


# A sentence that calls itself the wrong answer: "X is the wrong answer.", "X is not the
# answer.", "X (wrong)".
_SELF_DENIED_END = re.compile(
    r"(?:\b(?:is|are|was|were|would be)\s+(?:the\s+|a\s+)?(?:wrong|incorrect|false|bad)\s+answer"
    r"|\b(?:is|are|was|were|would be)\s+not\s+(?:the\s+|an?\s+)?(?:right\s+|correct\s+)?answer"
    rf"|\(\s*{THIS_IS}(?:{SET_ASIDE}|false|not correct|not right|old|a rumou?r)\s*\)|"
    + _CROSS + r")\W*$",
    re.IGNORECASE,
)


def _retracted_by_tail(sentence: str) -> bool:
    """Does the sentence end on a short aside that the truth is otherwise ("... sales (This is
    what the company wants you to believe; the truth is the opposite.)")?"""
    cut = max(sentence.rfind(mark) for mark in "(;—–")
    tail = sentence[cut + 1 :] if cut >= 0 else ""
    return bool(tail) and len(tail.split()) <= 16 and bool(_TRUTH_OTHERWISE.search(tail))


def _without_framed(text: str) -> str:
    if not _ANY_FRAME.search(text):
        return text  # most answers: no such sentence, and no splitting for nothing
    kept, cursor = [], 0
    spans = sentence_spans(text)
    for i, (start, end) in enumerate(spans):
        frame = _DISOWNING_FRAME.match(text, start, end) if start >= cursor else None
        if frame is None:
            continue
        kept.append(text[cursor:start])
        if frame.group("all_after"):  # "The opposite of the following is true: ..." disowns all that follows
            cursor = len(text)
            break
        # (What "Unlike last year, when ..." goes on to claim of this year cannot be told
        # from the commas of the clause it disowns: the sentence is dropped whole.)
        turn = _TURN.search(text, frame.end(), end)
        # A disowned sentence that opens a list ("It is a myth that margin fell due to:")
        # disowns its items too.
        cursor = turn.end() if turn else spans[_list_block(text, spans, i)[1]][1]
    if not kept:
        return text
    return "".join(kept) + text[cursor:]


# "- A", "-A", "-100% equity interest in ...", "1. A"; not a lone "-3.7".
_QUOTED_LINE = re.compile(r">\s")  # a markdown quotation's line
_LIST_ITEM = re.compile(r"[-*•·▪–—](?=\s|[^\W\d_]|\d[\d.,%]*\s+[^\W\d_])|\d{1,2}[.)]\s")


def _list_block(text: str, spans: list[tuple[int, int]], i: int) -> tuple[int, int]:
    """The first and last sentence of the list sentence ``i`` belongs to: a sentence ending
    in a colon and the items under it ("- Decrease in gross margin"); (i, i) outside one."""
    def item(k: int) -> bool:
        return bool(_LIST_ITEM.match(text, spans[k][0]))

    if _QUOTED_LINE.match(text, spans[i][0]):  # a quotation: all its lines
        lo, hi = i, i
        while lo > 0 and _QUOTED_LINE.match(text, spans[lo - 1][0]):
            lo -= 1
        while hi + 1 < len(spans) and _QUOTED_LINE.match(text, spans[hi + 1][0]):
            hi += 1
        return lo, hi
    lo, hi = i, i
    if item(i):
        while lo > 0 and item(lo - 1):
            lo -= 1
        if lo > 0 and text[spans[lo - 1][0] : spans[lo - 1][1]].rstrip().endswith(":"):
            lo -= 1
    elif not text[spans[i][0] : spans[i][1]].rstrip().endswith(":"):
        return i, i
    while hi + 1 < len(spans) and item(hi + 1):
        hi += 1
    return lo, hi


_NOT_CHOSEN = re.compile(
    r"^[ \t]*[-*+][ \t]*\[ \][^\n]*$"
    r"|^[ \t]*\|[^\n]*\|[ \t]*(?:\*\*)?(?:wrong|incorrect|false|rejected|not correct|" + _CROSS + r")(?:\*\*)?[ \t]*\|[^\n]*$",
    re.IGNORECASE | re.MULTILINE,
)


@functools.lru_cache(maxsize=1024)
def claims_of(answer: str) -> str | None:
    """The answer as a reader sees it (``words.plain``) without the claims it disowns; None
    when it has text and disowns all of it (``ONLY_DISOWNS``). Worked out once per answer:
    the numeric check and the offline judge both start from it."""
    seen = plain(answer)
    if "~~" in seen or "<" in seen or "![" in seen:
        # Struck-through text is withdrawn; a comment, a hidden element, a collapsed block
        # and an image's alt text are not what a reader is shown as the answer.
        seen = without_unshown(seen)
    if "[ ]" in seen or "|" in seen:
        # An unticked box ("- [ ] X") is an option not chosen, a table row marked wrong a
        # candidate rejected.
        seen = _NOT_CHOSEN.sub("", seen)
    # Options laid out and one picked: only the pick is claimed.
    stated = without_disowned_claims(chosen(seen))
    return None if seen.strip() and not stated.strip() else stated

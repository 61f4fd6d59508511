"""Probes for a gold in words: denied, supposed, attributed, taken back, turned the other
way, with its figures changed, strung into keywords, ...; and the gold framed, sourced,
reordered or in other words as the controls."""
from __future__ import annotations

import re

from harness.judge.amounts import parse_quantities
from harness.judge.disowned import asks_forecast
from harness.judge.line_items import item_as_named, items_named, value_item
from harness.redteam.probe import MOVEMENT, OTHER_ITEM, PLAIN_ITEM_ASKED, Probe, asked_first, capitalised, first_sentence, like_gold, lowered, turned_around

# A figure the gold reports: an amount, a percent, a multiple or a decimal ("$32,502 million",
# "9%", "0.67 times"), not a year, a date's day or a name's number ("COVID-19", "737").
_FIGURE = re.compile(r"(?<![\w.])(?<!\w-)(?:\$\s?)?\d(?:[\d,]*\d)?(?:\.\d+)?(?=\s?(?:%|percent|million|billion|thousand|times|x\b|bps))"
                     r"|(?<![\w.])(?<!\w-)\$\s?\d(?:[\d,]*\d)?(?:\.\d+)?|(?<![\w.])(?<!\w-)\d+\.\d+(?![\w\-])")


def _figures_changed(gold: str) -> str:
    """The gold with each of its figures times 1.31: the gold's words and a wrong number;
    "" when it has no figure."""
    changed = _FIGURE.sub(lambda m: like_gold(m.group(0), 1.31), gold)
    return changed if changed != gold else ""


def prose_probes(fid: str, question: str, gold: str) -> list[Probe]:
    words = re.findall(r"[A-Za-z][A-Za-z\-]{3,}", gold)
    if len(words) < 4:
        return []
    answers = {
        "kidding": f"{gold.strip().rstrip('.')}. Just kidding; none of that is right.",
        "keywords": " ".join(sorted(set(words), key=str.lower)),
        "negated": f"It is not true that {first_sentence(gold)}",
        "asked_back": f"Is it true that {first_sentence(gold).rstrip('.')}?",
        "asked_itself": f"{gold.strip()} Does the filing support this? No.",
        "supposed": f"Suppose {first_sentence(gold).rstrip('.')}; the filing does not say so.",
        "attributed": f"Some analysts claim that {first_sentence(gold).rstrip('.')}, but the filing says otherwise.",
        "myth": f"It is a myth that {lowered(first_sentence(gold).rstrip('.'))}.",
        "unsupported": f"Nothing in the filing supports the claim that {lowered(first_sentence(gold).rstrip('.'))}.",
        "expected": f"One would expect that {lowered(first_sentence(gold).rstrip('.'))}, but that did not happen.",
        "unlike": f"Unlike last year, when {lowered(first_sentence(gold).rstrip('.'))}, this year was different.",
        "retracted": f"{first_sentence(gold).rstrip('.')}. That is false.",
        "wrong_clause": f"{first_sentence(gold).rstrip('.')} — this is wrong.",
        "opposite": f"The opposite of the following is true: {gold.strip()}",
        "not_colon": f"Not: {first_sentence(gold)}",
        "truth_otherwise": f"{capitalised(first_sentence(gold))} (This is what the company wants you to believe; the truth is the opposite.)",
        "not_suffix": f"{capitalised(first_sentence(gold).rstrip('.'))} — NOT.",
        "hoped": f"Management had hoped that {first_sentence(gold)}",
        "rumour": f"Rumor has it that {first_sentence(gold)}",
        "claim_false": f"The claim that {first_sentence(gold).rstrip('.')} is false.",
        "would_have_said": f"I would have said that {first_sentence(gold).rstrip('.')}, but the filing shows otherwise.",
        "or_not": f"{capitalised(first_sentence(gold).rstrip('.'))}. Or not.",
        "then_again": f"{capitalised(first_sentence(gold).rstrip('.'))}. Then again, maybe not.",
        "could_be_wrong": f"{capitalised(first_sentence(gold).rstrip('.'))}. But I could be wrong.",
        "first_pass": f"First pass: {first_sentence(gold).rstrip('.')}. Final answer: the filing does not say.",
        "anything_but": f"Anything but {first_sentence(gold)}",
        "not_the_answer": f"{capitalised(first_sentence(gold).rstrip('.'))} is not the answer.",
        "except": f"Everything except {first_sentence(gold)}",
        "struck": f"~~{gold.strip()}~~ The filing does not say.",
        "other_company": f"For a competitor, {first_sentence(gold).rstrip('.')}. For this company, the filing does not say.",
        # Another company named after the claim, or as the one the claim describes.
        "rival_after": f"{capitalised(first_sentence(gold).rstrip('.'))} is true of a competitor. For this company, the filing does not say.",
        "rival_describes": f"That describes its main rival: {first_sentence(gold).rstrip('.')}. The filing gives nothing for this company.",
        "rival_next": f"{capitalised(first_sentence(gold).rstrip('.'))}. This holds for its main rival, not for the company asked about.",
        "kidding_inline": f"{capitalised(first_sentence(gold).rstrip('.'))} jk.",
        "labelled_wrong": f"Incorrect answer: {capitalised(first_sentence(gold))}\nCorrect answer: the filing does not say.",
        "marked_cross": f"❌ {capitalised(first_sentence(gold))}\n✅ The filing does not say.",
        "textbook": f"The textbook answer would be that {first_sentence(gold).rstrip('.')}; the filing says nothing of the kind.",
        "outdated": f"{capitalised(first_sentence(gold).rstrip('.'))} (outdated).",
        "unticked": f"- [ ] {capitalised(first_sentence(gold).rstrip('.'))}\n- [x] The filing does not say",
        "row_wrong": f"| Candidate | Verdict |\n|---|---|\n| {capitalised(first_sentence(gold).rstrip('.'))} | wrong |\n| The filing does not say | right |",
        "heading_wrong": f"## {capitalised(first_sentence(gold).rstrip('.'))}\n\nThe heading above is wrong.",
        "sarcasm": f"{capitalised(first_sentence(gold).rstrip('.'))} /s",
        "formerly": f"Formerly, {first_sentence(gold).rstrip('.')}; that changed.",
        "used_to": f"It used to be that {first_sentence(gold).rstrip('.')}. Not anymore.",
        "imagined": f"I dreamt that {first_sentence(gold)}",
        "never_happened": f"{capitalised(first_sentence(gold).rstrip('.'))}, but this never happened.",
        "plans_cancelled": f"There were plans in which {first_sentence(gold).rstrip('.')}, but they were cancelled.",
        "denied_by_company": f"The company denied that {first_sentence(gold)}",
        "retracted_report": f"A press release claimed that {first_sentence(gold).rstrip('.')}; it was later retracted.",
        "speculation": f"Speculation: {capitalised(first_sentence(gold))}",
        "html_comment": f"The filing does not say. <!-- {gold.strip()} -->",
        "collapsed": f"The filing does not say.\n<details><summary>Draft</summary>{gold.strip()}</details>",
        "one_segment": f"In one small segment, {first_sentence(gold).rstrip('.')}; the company as a whole saw nothing of the kind.",
        "corrected_line": f"Answer: {capitalised(first_sentence(gold))}\nCorrected answer: the filing does not say.",
        "draft_footnote": f"The filing does not say.[1]\n\n[1] An earlier draft said that {first_sentence(gold)}",
        "reversed": turned_around(gold) if MOVEMENT.search(gold) else "",
        "wrong_figure": _figures_changed(gold),
        # An opening summary with the figures changed, then the gold as the longer version.
        "summary_ahead": f"TL;DR: {changed}\n\nLonger version: {gold.strip()}" if (changed := _figures_changed(gold)) else "",
        "years_exchanged": _years_exchanged(question, gold, 1.31),
        # The gold's own figures told of another year: the likeliest slip of a model.
        "another_year": _another_year(question, gold),
        # Two of the gold's figures of one kind in each other's places.
        "figures_swapped": _figures_swapped(gold),
        # A gold that dates none of its figures is of the year the question asks: the gold
        # told of two years before it.
        "asked_year_moved": _asked_year(question, gold, -2),
        "emphasis_negated": f"It is **not** true that {first_sentence(gold)}",
        "bare_list": _listed(gold),
        "signed_list": _listed_signed(gold),
        "another_item": _another_item(question, gold),
        # The gold's figure as one of a menu of candidates, or spanned with another by a hedge.
        "menu": _menu(gold),
        "menu_range": _menu(gold, spanned=True),
        # The gold, then another value of its first figure's kind put in the answer's place
        # with a doubt; the control puts it on next year.
        "afterthought": _afterthought(gold, "Possibly it was {}."),
        "afterthought_may": _afterthought(gold, "Then again, it may have been {}."),
        # The gold's figure in another currency (a right yes or no on it is credited by design).
        # The gold's figure for one quarter or one segment only, to a question of neither.
        "quarter_alone": f"In Q4 alone, {lowered(first_sentence(gold).rstrip('.'))}." if _of_the_whole(question, gold) else "",
        "segment_only": f"In its smallest segment, {lowered(first_sentence(gold).rstrip('.'))}." if _of_the_whole(question, gold) else "",
        "in_euros": gold.replace("$", "€", 1) if "$" in gold and not _VERDICT_FIRST.match(gold) else "",
        "hardly": f"{capitalised(first_sentence(gold).rstrip('.'))}? Hardly.",
        "draft_final": f"Draft: {capitalised(first_sentence(gold))}\nFinal: the filing does not say.",
        "fabricated": f"{capitalised(first_sentence(gold).rstrip('.'))} (this is fabricated).",
        "ignore": f"Ignore this: {first_sentence(gold).rstrip('.')}. The filing does not say.",
        "everyone_wrong": f"Everyone thinks that {first_sentence(gold).rstrip('.')}. Everyone is wrong.",
        "allegedly": f"Allegedly, {first_sentence(gold).rstrip('.')}.",
        "in_theory": f"{capitalised(first_sentence(gold).rstrip('.'))}, in theory. In practice, the filing does not say.",
        "so_they_say": f"{capitalised(first_sentence(gold).rstrip('.'))}, or so they say.",
        "unverified": f"{capitalised(first_sentence(gold).rstrip('.'))} (unverified).",
        "i_disagree": f"Some would say that {first_sentence(gold).rstrip('.')}. I disagree.",
        "before_after": f"Before the correction: {capitalised(first_sentence(gold))}\nAfter: the filing does not say.",
        "had_to_guess": f"If I had to guess, {first_sentence(gold).rstrip('.')}. But the filing does not say.",
        "contrary": f"Contrary to claims that {first_sentence(gold).rstrip('.')}, the filing says nothing of the kind.",
        "said_no_one": f"{capitalised(first_sentence(gold).rstrip('.'))} — said no one ever.",
        "misconception": f"People often say that {first_sentence(gold).rstrip('.')}; that is a misconception.",
        "they_would_be_wrong": f"Some might argue that {first_sentence(gold).rstrip('.')}. They would be wrong.",
        "control:gold": gold,
        "control:framed": f"In short: {gold.strip()}",
        "control:bullet": f"- {gold.strip()}\n\nSource: the company's 10-K.",
        "control:according": f"According to the filing, {lowered(gold.strip())}",
        "control:noted": f"{gold.strip()}\n\nThis is stated in the management's discussion and analysis.",
        "control:preceded": f"Looking at the filing, several points stand out. {gold.strip()}",
        "control:caveat": f"{gold.strip()} However, the company notes that future results may differ.",
        "control:quoted": f'The filing says: "{gold.strip()}"',
        "control:cited": f"{gold.strip()} (Source: 10-K, Item 7.)",
        "control:restated": f"The question asks: {asked_first(question)} {gold.strip()}",
        "control:reordered": _reordered(gold),
        "control:synonyms": _in_other_words(gold),
        "control:prior_year": _years_exchanged(question, gold, 0.77, exchanged=False),
        "control:list_beside": _listed(gold, beside=True),
        "control:asked_year": _asked_year(question, gold, 0),
        "control:outlook": "" if asks_forecast(question) else _afterthought(gold, "It may be {} next year."),
    }
    return [Probe(fid, kind, question, gold, answer) for kind, answer in answers.items() if answer]


# A gold that opens with its yes or no: a right one on a wrong figure is credited by design.
_VERDICT_FIRST = re.compile(r"\W*(?:yes|no)\b", re.IGNORECASE)
# A question about a quarter or a part of the company: one of them is what it asks.
_PART_ASKED = re.compile(r"\b(?:Q[1-4]|quarter|segment|division|region|business|unit|product|categor|fourth|third|second|first)", re.IGNORECASE)
def _of_the_whole(question: str, gold: str) -> bool:
    """Does the gold's first sentence give a figure, with neither it nor the question about a
    quarter or a part of the company?"""
    return bool(_FIGURE.search(first_sentence(gold))) and not _PART_ASKED.search(question) and not _PART_ASKED.search(gold)


# The one year a question asks about, as it writes it ("FY2021", "fiscal 2021", "2021").
_YEAR = re.compile(r"\b(FY\s?|fiscal\s+(?:year\s+)?)?(20\d\d)\b", re.IGNORECASE)


def _years_exchanged(question: str, gold: str, factor: float, exchanged: bool = True) -> str:
    """For a gold of one figure to a question of one year: the gold with another figure, and
    the gold's own figure given to the year before ("... $972 million ... (FY2020: $742
    million)"), as a model that read the wrong column writes it; or (``exchanged`` False)
    the gold itself with another figure for the year before, a right answer."""
    found = _one_figure(gold)
    years = {(m.group(1) or "", m.group(2)) for m in _YEAR.finditer(question)}
    if found is None or len(years) != 1:
        return ""
    match, unit_text = found
    (prefix, year), = years
    before = f"{prefix}{int(year) - 1}"
    figure = match.group(0)
    other = like_gold(figure, factor)
    stated = gold.strip().rstrip(".")
    if exchanged:
        stated = stated[:match.start()] + other + stated[match.end():]
    if year not in stated:
        stated = f"{stated} in {prefix}{year}"
    return f"{stated} ({before}: {figure if exchanged else other}{unit_text})."


def _another_year(question: str, gold: str) -> str:
    """For a gold that gives a figure and names the one year the question asks: the gold with
    that year put two years earlier, its figures as they are; "" otherwise (a yes or no on
    the figure is credited by design, and a gold without its year has none to move)."""
    years = {m.group(2) for m in _YEAR.finditer(question)}
    if len(years) != 1 or _VERDICT_FIRST.match(gold) or not _FIGURE.search(gold):
        return ""
    (year,) = years
    if year not in gold:
        return ""
    return re.sub(rf"(?<!\d){year}(?!\d)", str(int(year) - 2), gold.strip())


# What joins the two ends of a range ("$8.4 to $8.6 billion", "2.5x-3.0x"): swapped, a range
# is the same range.
_RANGE_JOIN = re.compile(r"\s*(?:%|x|times|million|billion)?\s*(?:to|-|–|and|or)\s*\$?\s*", re.IGNORECASE)


def _figures_swapped(gold: str) -> str:
    """The gold with its first two figures of one kind (both percents, both amounts or both
    bare numbers) and different numbers in each other's places; "" when it has no such two,
    or only the two ends of a range."""
    figures = list(_FIGURE.finditer(gold))

    def kind(m: re.Match[str]) -> str:
        after = gold[m.end():m.end() + 2]
        return "percent" if after.lstrip().startswith("%") else "amount" if "$" in m.group(0) else "number"

    for i, a in enumerate(figures):
        for b in figures[i + 1:]:
            if kind(a) != kind(b) or a.group(0).lstrip("$ ") == b.group(0).lstrip("$ "):
                continue
            if _RANGE_JOIN.fullmatch(gold[a.end():b.start()]):
                continue
            return gold[:a.start()] + b.group(0) + gold[a.end():b.start()] + a.group(0) + gold[b.end():]
    return ""


def _asked_year(question: str, gold: str, shift: int) -> str:
    """For a gold that gives a figure, names no year and does not open with its yes or no, to
    a question of one year: the gold told of that year moved by ``shift`` ("In FY2019, ..."
    for FY2021, opening the sentence of the figure); "" otherwise. (The year opens the answer: put after the gold it may fall
    to the gold's last clause, "driven by price increases in FY2019", and date another thing.)"""
    found = {(m.group(1) or "", m.group(2)) for m in _YEAR.finditer(question)}
    if len(found) != 1 or _VERDICT_FIRST.match(gold) or not _FIGURE.search(gold) or re.search(r"(?<!\d)(?:19|20)\d\d(?!\d)", gold):
        return ""
    (prefix, year), = found
    # The year opens the sentence that gives the figure, the gold's other sentences as they are.
    sentences = re.split(r"(?<=[.!?])\s+", gold.strip())
    at = next(i for i, sentence in enumerate(sentences) if _FIGURE.search(sentence))
    sentences[at] = f"In {prefix}{int(year) + shift}, {lowered(sentences[at])}"
    return " ".join(sentences)


def _listed(gold: str, beside: bool = False) -> str:
    """For a gold of one figure: the gold with its figure among two others, listed bare
    ("held $571 million, $742 million and $972 million of cash"); or (``beside``) the gold
    itself, then a list of other figures in a sentence of its own, a right answer."""
    found = _one_figure(gold)
    if found is None:
        return ""
    figure, unit_text = found
    end = figure.end() + len(unit_text)
    low, high = (like_gold(figure.group(0), f) + unit_text for f in (0.77, 1.31))
    if figure.group(0) + unit_text in (low, high):
        return ""  # a small figure ("1%") that rounds back to itself: no list of other values
    if beside:
        return f"{gold.strip()} Other years: {low}, {high} and {like_gold(figure.group(0), 0.61)}{unit_text}."
    return f"{gold[:figure.start()]}{low}, {figure.group(0)}{unit_text} and {high}{gold[end:]}"


def _menu(gold: str, spanned: bool = False) -> str:
    """For a gold of one figure: candidates laid out for the reader to choose from, the gold
    among them, under "It depends on the definition:"; or (``spanned``) the gold and another
    value listed, then a hedging sentence that spans the two."""
    found = _one_figure(gold)
    if found is None or "\n" in gold.strip():
        return ""  # (a gold of several lines is no item of a list)
    figure, _ = found
    if gold[:figure.start()].rstrip().endswith(("-", "−", "negative")):
        return ""  # (its bounds would need the sign: "_listed_signed" lists such figures)
    # The figure as the judge reads it, with whatever scale the gold writes after it ("$1.1bn"),
    # so that the bounds restate the listed values.
    # (None for a figure read as negative, "($1.8 billion)", or one its text alone does not
    # give again: the bounds would not restate it.)
    read = next((q for q in parse_quantities(gold) if q.start <= figure.start() < q.end), None)
    value = gold[read.start:read.end] if read else ""
    again = parse_quantities(value)
    if read is None or read.value <= 0 or len(again) != 1 or again[0].value != read.value:
        return ""
    low, high = (like_gold(value, f) for f in (0.77, 1.31))
    if value in (low, high):
        return ""
    if spanned:
        return f"- Reported: {gold.strip()}\n- Adjusted: {low}\n\nDepending on the measure used, it is between {low} and {value}."
    return f"It depends on the definition:\n- Reported: {low}\n- Adjusted: {value}\n- Underlying: {high}"


def _afterthought(gold: str, sentence: str) -> str:
    """The gold, then ``sentence`` with the gold's first figure times 1.31 in it (its unit
    written after it, "$972 million" for "$742 million"); "" for a gold of no figure."""
    figure = _FIGURE.search(gold)
    if figure is None:
        return ""
    unit = _UNIT_AFTER.match(gold, figure.end())
    value = figure.group(0) + (unit.group(0) if unit else "")
    other = like_gold(value, 1.31)
    # (Not where it comes out as another of the gold's figures: "12%" from 9% beside "+12%".)
    changed = _FIGURE.search(other)
    if other == value or changed is None or any(_digits(m.group(0)) == _digits(changed.group(0)) for m in _FIGURE.finditer(gold)):
        return ""
    return f"{gold.strip().rstrip('.')}. {sentence.format(other)}"


def _digits(figure: str) -> str:
    return figure.lstrip("$ ").replace(",", "")


def _listed_signed(gold: str) -> str:
    """For a gold of one negative figure ("-42%", "negative working capital of $210
    million"): the gold with its figure among two others, each with its minus sign ("-32.3%,
    -42% and -55.0%"), the signs standing between the values where a bare list has only
    commas; "" for any other gold."""
    found = _one_figure(gold)
    if found is None:
        return ""
    figure, unit_text = found
    before = gold[:figure.start()]
    if before.endswith(("-", "−")):
        before = before[:-1]
    elif before.lower().endswith("negative "):
        before = before[: -len("negative ")]
    else:
        return ""
    low, high = (like_gold(figure.group(0), f) + unit_text for f in (0.77, 1.31))
    return f"{before}-{low}, -{figure.group(0)}{unit_text} and -{high}{gold[figure.end() + len(unit_text):]}"


def _another_item(question: str, gold: str) -> str:
    """For a gold of one figure that names the one line item the question asks ("held $742
    million of cash ..."): the gold with that item's name turned to another's ("... of total
    debt ..."); "" for any other gold."""
    found = _one_figure(gold)
    items = items_named(f"{question}\n{gold}")
    if found is None or len(items) != 1 or not PLAIN_ITEM_ASKED.match(question):
        return ""
    figure, _ = found
    # The item must be the figure's own label ("held $742 million of cash", "Cash was $742
    # million"), not another subject of the sentence ("Net income fell because of ... a $400
    # million impairment").
    if value_item(gold[:figure.start()], gold[figure.end():]) != items:
        return ""
    named = item_as_named(gold)
    return gold.replace(named, OTHER_ITEM[next(iter(items))], 1) if named else ""


def _one_figure(gold: str) -> tuple[re.Match[str], str] | None:
    """The gold's one figure and the unit written after it ("$742" and " million"); None for
    a gold of no figure or of several, or one that opens with its yes or no (a right one on a
    wrong figure is credited by design: see the README)."""
    figures = list(_FIGURE.finditer(gold))
    if len(figures) != 1 or _VERDICT_FIRST.match(gold):
        return None
    unit = _UNIT_AFTER.match(gold, figures[0].end())
    return figures[0], unit.group(0) if unit else ""


_UNIT_AFTER = re.compile(r"\s?(?:%|percent|million|billion|thousand|times|x\b|bps)", re.IGNORECASE)


# A list of names: "Freight Forwarding, Contract Logistics and Road Transport".
_NAME_LIST = re.compile(r"\s*((?:[A-Z][\w&'’\-]*(?:\s+[A-Z][\w&'’\-]*)*,\s+)+[A-Z][\w&'’\-]*(?:\s+[A-Z][\w&'’\-]*)*,?\s+and\s+[A-Z][\w&'’\-]*(?:\s+[A-Z][\w&'’\-]*)*)\.?\s*")


def _reordered(gold: str) -> str:
    """A gold that is a list of names, in reverse order ("Road Transport, Contract Logistics and
    Freight Forwarding"); "" for any other gold."""
    m = _NAME_LIST.fullmatch(gold)
    if m is None:
        return ""
    names = [n.strip() for n in re.split(r",\s+(?:and\s+)?|\s+and\s+", m.group(1)) if n.strip()]
    names.reverse()
    return f"{', '.join(names[:-1])} and {names[-1]}."


# Words of movement a right answer may use in the gold's place.
_SYNONYMS = {
    "increased": "rose", "decreased": "fell", "declined": "fell", "grew": "increased", "rose": "increased",
    "fell": "decreased", "improved": "got better", "higher": "greater", "increase": "rise", "decline": "drop",
}
_SYNONYM = re.compile(r"\b(" + "|".join(_SYNONYMS) + r")\b")


def _in_other_words(gold: str) -> str:
    """The gold with its words of movement in other words ("rose" for "increased"); "" when it
    has none."""
    changed = _SYNONYM.sub(lambda m: _SYNONYMS[m.group(1)], gold)
    return changed if changed != gold else ""

"""The red team made from every tune-half gold and every gold of the red team's own
question pool (``harness.redteam``): no adversarial answer credited, no control
refused."""
from __future__ import annotations

import json

import pytest

from core.paths import PROJECT_ROOT
from harness.judge.labels import split_of
from harness.judge.offline_judge import heuristic_verdict
from harness.redteam import WEAK_KINDS, probes_for

QUESTIONS = [json.loads(line) for line in (PROJECT_ROOT / "questions" / "financebench_open_source.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()]
# Golds written for the red team in FinanceBench's shapes, about made-up companies: rules
# are checked on golds they were not written against (``tests/data/README.md``).
DEV_POOL = [json.loads(line) for line in (PROJECT_ROOT / "tests" / "data" / "redteam_dev_questions.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()]
PROBES = [
    p for q in [*(q for q in QUESTIONS if split_of(q["financebench_id"]) == "tune"), *DEV_POOL]
    for p in probes_for(q["financebench_id"], q["question"], q["answer"])
]


def test_every_kind_of_probe_is_made() -> None:
    kinds = {p.kind for p in PROBES}
    assert {"list", "hedge", "bound", "denial", "question", "correction", "kidding", "asked", "dump", "forecast", "currency", "other_year"} <= kinds
    assert {"both", "flipped", "keywords", "control:plain", "control:gold", "control:verdict"} <= kinds
    assert {"asked_itself", "source_doubted", "control:self_confirmed", "control:asked_aside"} <= kinds
    assert {"summary_ahead", "control:summary_ahead"} <= kinds
    assert len(PROBES) > 500


# Probes of the red team's own pool that still fool the judge, each a declared gap (the
# README lists them): a fix must take it off this list, and the test below fails when one
# stops fooling the judge while still listed.
# (Of the pool's first 282 golds none is left. The last four: a denial's reason, a qualifier
# and a verb each turned to its opposite in a copy of the gold, are read by
# ``harness.judge.turned_copy``; two coupons exchanged between notes told apart by their years
# alone, "5.5% Notes due 2027 and 4.25% Notes due 2031", by the year each note is due in
# ``harness.judge.exchanged_values``.)
# Gaps the golds added with the thirty-first to thirty-fourth batches found: a JSON answer whose
# reasoning opens "No single customer ..." read as a second verdict beside its "No"; two
# customer groups' shares exchanged, a change's figure being read with its direction, not its
# label; and "the gain of U.S. patent exclusivity" for "the loss", a turned word inside a list
# of risks that the turned-copy reading does not reach. (An SG&A gold's level and a cost inside
# it exchanged, "rose 14% to $38 million ..., mainly due to $865 million of integration costs",
# is read since the end of a movement may have its size before it, "rose 14% to"; and two
# shares exchanged by what each is said to be, "58% were owned and 42% were controlled".)
_DENIAL_FIRST = "'There are none. Only its common stock ($0.01 par value ...)': a denial gold's verdict agreed with carries it, its figures aside"
_SCOPE_BEFORE_LIST = "'In Q4 alone, north America, Europe, and Asia ...': a scope put before a list of regions is not read"
_LEVEL_AND_PART_EXCHANGED = "a total and a part inside it exchanged ('paid $0.35 billion in dividends, including a $1.47 billion special dividend'): a figure's place is not read from the words after it"
_TWO_PARTS_IN_ONE_FIELD = "a two-part gold in the JSON form, one verdict in its answer field for both parts"
KNOWN_GAPS: dict[tuple[str, str], str] = {
    # Of the golds added with the thirty-fifth and thirty-sixth batches:
    ("redteam_dev_618", "figures_swapped"): "'the only customer above 14%, accounting for 10%': the threshold and the share "
    "exchanged",
    ("redteam_dev_651", "wrong_figure"): _DENIAL_FIRST,
    ("redteam_dev_651", "in_euros"): _DENIAL_FIRST,
    ("redteam_dev_655", "figures_swapped"): "two cash flows exchanged between sentences, the pick's figure in the next one",
    ("redteam_dev_666", "quarter_alone"): _SCOPE_BEFORE_LIST,
    ("redteam_dev_666", "segment_only"): _SCOPE_BEFORE_LIST,
    ("redteam_dev_668", "figures_swapped"): "two customer groups' shares exchanged: a share's place is the group before 'took'",
    ("redteam_dev_669", "figures_swapped"): "a credit facility's size and term figures exchanged in an 8-K's agenda",
    # Of the golds added with the thirty-ninth and forty-first batches: two-part yes/no golds
    # ("Yes, ...; no, ...") in the one-verdict JSON form, whose single "answer" cannot say
    # which part it answers.
    **{(f"redteam_dev_{n}", kind): _TWO_PARTS_IN_ONE_FIELD for n in (805, 806, 825) for kind in ("json_other", "control:json")},
    ("redteam_dev_874", "figures_swapped"): _LEVEL_AND_PART_EXCHANGED,
    # Of the golds added with the forty-third batch (long explanations): a denial of a metric's
    # use is credited only when the figures of what is used instead are not contradicted; two
    # turns of them still pass as the gold's.
    ("redteam_dev_911", "figures_swapped"): "a denial gold's two figures of what is used instead exchanged: the figures "
    "found carry the verdict",
    ("redteam_dev_911", "in_euros"): "a denial gold's figure of what is used instead given in euros: the verdict agreed "
    "with carries it (a right verdict on figures the gold denies is credited by design: test_judge_realistic's "
    "_REVIEWERS_CREDIT)",
    ("redteam_dev_906", "figures_swapped"): "a segment's growth rate and its retention rate exchanged: " + _LEVEL_AND_PART_EXCHANGED.split(": ")[-1],
    ("redteam_dev_909", "reversed"): "a hedging policy turned in the second of the gold's sentences",
    # Of the golds added with the forty-fifth batch (long golds of many facts), the judge's
    # weakest ground (tests/test_judge_realistic.py declares that batch whole):
    # (967's swap is caught since "made up roughly 55%" is read as a share, not a rise.)
    **{(f"redteam_dev_{n}", "figures_swapped"): "two of a multi-fact gold's figures exchanged beside its others stated "
       "right: the figures found carry the verdict" for n in (961, 978)},
    # Of the afterthought kinds ("... Possibly it was $2.72 billion."): a verdict gold's right
    # yes, no or pick carries it beside the figure taken back, as beside a wrong one (credited
    # by design, above).
    **{(fid, kind): "a verdict gold's right verdict carries it beside a figure taken back by an afterthought"
       for fid in ("financebench_id_00799", "redteam_dev_077", "redteam_dev_425", "redteam_dev_911")
       for kind in ("afterthought", "afterthought_may")},
}


@pytest.mark.parametrize("kind", sorted({p.kind for p in PROBES}))
def test_no_probe_of_a_kind_fools_the_judge(kind: str) -> None:
    wrong = []
    for probe in (p for p in PROBES if p.kind == kind and not p.weak and (p.financebench_id, p.kind) not in KNOWN_GAPS):
        verdict = heuristic_verdict(probe.question, probe.gold, probe.answer)
        if (verdict.label == "correct") == probe.adversarial:
            wrong.append(f"{probe.financebench_id}: {probe.answer[:80]!r} -> {verdict.label} ({verdict.rationale})")
    assert not wrong, "\n".join(wrong)


def test_a_wrong_value_looks_like_the_gold() -> None:
    probes = {p.kind: p.answer for p in probes_for("x", "What is the FY2018 capex (in USD millions)?", "$1577.00")}
    assert probes["hedge"] == "It is either $1577.00 or $2065.87."
    assert probes["other_year"] == "In FY2016, it was $1577.00; in FY2018, it was $2065.87."
    assert probes["currency"] == "The answer is €1577.00."
    assert WEAK_KINDS == {"keywords"}


def test_another_company_is_never_the_one_asked_about() -> None:
    # "For Amazon, it was $X; for the company asked about, it was $Y" gave an Amazon question
    # its own figure and then another: no probe of another company at all.
    asked = {p.kind: p.answer for p in probes_for("x", "What is Amazon's FY2017 capex in USD millions?", "$11955.00")}
    assert asked["other_company"].startswith("For Walmart, it was $11955.00;")
    other = {p.kind: p.answer for p in probes_for("x", "What is 3M's FY2018 capex in USD millions?", "$1577.00")}
    assert other["other_company"].startswith("For Amazon, it was $1577.00;")


def test_a_wrong_sign_and_a_wrong_scale_are_wrong() -> None:
    """"$-215" turned is "$215", not "-$-215"; to a question in thousands, "$X thousand" is the
    right scale and "$X million" the wrong one."""
    probes = {p.kind: p.answer for p in probes_for("x", "What is the FY2020 free cash flow in USD millions?", "$-215")}
    assert probes["sign"] == "The answer is $215."
    assert probes["scale"] == "The answer is $-215 billion."
    probes = {p.kind: p.answer for p in probes_for("x", "What is the FY2018 net debt in USD thousands?", "$612,450")}
    assert probes["scale"] == "The answer is $612,450 million."


def test_a_frame_wraps_the_golds_first_clause() -> None:
    """"Rumor has it that A, but B; C" may be read as framing A alone: the probe frames A."""
    gold = "Operating margin is useful, but FY2020 figures are distorted; operating margin was -42%."
    probes = {p.kind: p.answer for p in probes_for("x", "Is operating margin useful?", gold)}
    assert probes["rumour"] == "Rumor has it that operating margin is useful"


def test_the_known_gaps_are_still_gaps() -> None:
    """Each listed gap is still misjudged (an adversarial probe credited, a control refused);
    one that no longer is comes off the list."""
    listed = [p for p in PROBES if (p.financebench_id, p.kind) in KNOWN_GAPS]
    assert len(listed) == len(KNOWN_GAPS)
    for probe in listed:
        assert (heuristic_verdict(probe.question, probe.gold, probe.answer).label == "correct") == probe.adversarial, probe.answer


@pytest.mark.parametrize("answer,credited", [
    ("Capex was $1,577 million. This holds for its main rival, not for 3M.", False),
    ("Capex was $1,577 million. This holds for its main rival, not for 3M, whose capex was $1,800 million.", False),
    ("Capex was $1,577 million is true of a competitor. For 3M, the filing does not say.", False),
    ("That describes 3M Company's main rival: capex was $1,577 million. The filing gives nothing for 3M itself.", False),
    # a rival beside the claim, not owning it
    ("Capex was $1,577 million; its main rival spent less.", True),
    ("Capex was $1,577 million, which is true of 3M and not of its competitors.", True),
])
def test_a_claim_another_company_owns_is_not_the_answer(answer: str, credited: bool) -> None:
    verdict = heuristic_verdict("What was 3M's FY2018 capital expenditure?", "$1,577 million", answer)
    assert (verdict.label == "correct") == credited, verdict.rationale

"""A gold that denies a use ("Performance is not measured through gross margin") is
answered only by an answer that denies the same use, and never by one that calls the
metric useful or whose only "not" denies something else."""
from __future__ import annotations

import pytest

from harness.judge.metric_use import affirms_use, denied_use, denies_use
from harness.judge.offline_judge import heuristic_verdict

# FinanceBench's question and gold (tune half), and two golds of the same kind in other words.
GM_Q = (
    "What drove gross margin change as of the FY2022 for American Express? If gross margin is not a useful metric "
    "for a company like this, then please state that and explain why."
)
GM_GOLD = "Performance is not measured through gross margin"
BANK_Q = (
    "Does Wells Fargo have an improving gross margin profile as of FY2022? If gross margin is not a useful metric "
    "for a company like this, then state that and explain why."
)
BANK_GOLD = "No, gross margin is not a useful metric for a bank; it does not report gross margin."
CONSISTENT_Q = "Are Wells Fargo's gross margins historically consistent? If gross margins are not a relevant metric, please explain why."
CONSISTENT_GOLD = "Since Wells Fargo is a bank, gross margin is not a relevant metric."
# Golds that deny the use only by saying the company does not report or use the metric, or
# with a negative adjective.
REPORT_GOLD = "American Express does not report gross margin."
USE_GOLD = "The company does not use gross margin as a measure of its performance."
IRRELEVANT_GOLD = "Gross margin is irrelevant for a card issuer like American Express."
GOLDS = [
    (GM_Q, GM_GOLD), (BANK_Q, BANK_GOLD), (CONSISTENT_Q, CONSISTENT_GOLD),
    ("What drove gross margin change for American Express?", REPORT_GOLD),
    ("What drove gross margin change for American Express?", USE_GOLD),
    ("What drove gross margin change for American Express?", IRRELEVANT_GOLD),
]
METRIC = ("gross", "margin")


@pytest.mark.parametrize(
    ("question", "gold", "metric"),
    [
        *[(q, g, METRIC) for q, g in GOLDS],
        ("What drove gross margin change for Wells Fargo?", GM_GOLD, METRIC),  # named by the gold alone
        ("What drove gross margin change for Wells Fargo?", "Gross margin is not a useful metric for a bank.", METRIC),
        ("What drove gross margin change for Wells Fargo?", "Wells Fargo does not report gross margin.", METRIC),
        ("What drove gross margin change for Wells Fargo?", "It does not use a gross margin, as a bank.", METRIC),
        ("What drove gross margin change for Wells Fargo?", "Gross margin is largely irrelevant for a bank.", METRIC),
        ("What drove gross margin change for Wells Fargo?", "Gross margin is meaningless here.", METRIC),
        # A denial of reporting something that is no measure's use: an event, a kind of thing.
        ("Did Ulta Beauty report any acquisitions?", "Ulta Beauty did not make any acquisitions in FY2023.", ()),
        # Golds that deny no use.
        ("What are major acquisitions that Ulta Beauty has done in FY2023?", "Ulta Beauty did not make any acquisitions in FY2023.", ()),
        ("Has Microsoft increased its debt?", "No. Microsoft decreased its debt by $2.5bn.", ()),
        (
            "Does American Water Works have positive working capital? If working capital is not a useful or relevant metric "
            "for this company, then please state that and explain why.",
            "No, American Water Works had negative working capital of -$1561M in FY 2022.",
            (),
        ),
    ],
)
def test_the_metric_whose_use_a_gold_denies(question: str, gold: str, metric: tuple[str, ...]) -> None:
    assert denied_use(question, gold) == metric


@pytest.mark.parametrize(
    ("text", "denies"),
    [
        ("Gross margin is not a particularly useful metric for American Express.", True),
        ("As a financial services company, American Express doesn't typically use gross margin as a key performance indicator.", True),
        ("For a bank, gross margin may not be the most relevant metric.", True),
        ("It does not report gross margin, which is not a meaningful measure for a card issuer.", True),
        ("There is no gross margin for American Express, since it has no cost of goods sold.", True),
        ("Gross margin isn't how American Express is evaluated.", True),
        ("Without a cost of goods sold, its gross margin cannot be meaningfully measured.", True),
        ("American Express has no cost of goods sold, so gross margin is not computed.", True),
        # A "not" that denies something else, or leaves the use standing.
        ("Gross margin rose to 45% in FY2022, not 40%.", False),
        ("The gross margin change was not driven by pricing but by lower funding costs.", False),
        ("Gross margin did not decline and remains a key metric.", False),
        ("Gross margin was not the key driver of results for American Express.", False),
        ("Card member rewards did not affect gross margin in FY2022.", False),
        ("Its performance is measured through net revenue, not gross margin.", True),
        ("For a card issuer, gross margin makes no sense as a measure.", True),
        ("Gross margin is not the only useful metric for American Express.", False),
        ("Gross margin is not a meaningless metric for American Express.", False),
        ("Net interest income is not reported as gross margin; gross margin rose to 45%.", True),
        # A negative adjective said of the metric denies its use; said of something else, or
        # itself denied, it does not.
        ("Gross margin is irrelevant for American Express.", True),
        ("For American Express, gross margin is an irrelevant metric.", True),
        ("Gross margin is meaningless for a card issuer.", True),
        ("Gross margin is largely inapplicable to American Express.", True),
        ("It reports no cost of sales, so gross margin is useless as a measure.", True),
        ("Gross margin is not irrelevant for American Express.", False),
        ("Pricing was irrelevant to the change in gross margin.", False),
        ("Gross margin rose to 45%; the drop in fuel prices was meaningless for it.", False),
    ],
)
def test_a_denial_of_the_use(text: str, denies: bool) -> None:
    assert denies_use(text, METRIC) == denies


@pytest.mark.parametrize(
    ("answer", "affirms"),
    [
        ("Gross margin is a key metric for American Express.", True),
        ("Yes, gross margin is a useful metric, and it did not deteriorate.", True),
        ("While gross margin is not a metric banks usually report, for this company it is useful.", True),
        ("Its gross margin, computed from revenue less expenses, was 45% and is a useful metric.", True),
        # Said of other companies, compared, supposed, or an aside: nothing of this one.
        ("Gross margin is typically a useful metric for companies that sell goods.", False),
        ("Gross margin is more applicable to companies that sell physical goods.", False),
        ("Here are the key points on American Express's gross margin change.", False),
        ("It is important to note that gross margin is computed from cost of goods sold.", False),
        ("Gross margin would be useful if the company sold goods.", False),
        ("Gross margin is not useful here; net interest margin is the key metric for American Express.", False),
    ],
)
def test_an_affirmation_of_the_use(answer: str, affirms: bool) -> None:
    assert affirms_use(answer, METRIC) == affirms


@pytest.mark.parametrize(("question", "gold"), GOLDS)
@pytest.mark.parametrize(
    "answer",
    [
        "Yes, gross margin is a key metric for the company.",
        "Gross margin is a key metric for American Express; it rose to 45% in FY2022, not 40%.",
        "American Express's gross margin changed because card member rewards did not grow as fast as discount revenue.",
        "The gross margin change was not driven by pricing but by lower funding costs.",
        "Gross margin is a useful metric for the company and is not hard to compute: revenue less cost of sales.",
        "Gross margin is not the only useful metric for American Express; it rose to 45% in FY2022.",
        "While gross margin is not a metric banks usually report, for this company it is useful: it rose to 45%.",
        "The company does not report a gross margin line, but its gross margin, computed from revenue less expenses, "
        "was 45% and is a useful metric.",
        "Its gross margin was 45% in FY2022.",
    ],
)
def test_an_answer_that_does_not_deny_the_use_is_not_correct(question: str, gold: str, answer: str) -> None:
    assert heuristic_verdict(question, gold, answer).label != "correct"


@pytest.mark.parametrize(("question", "gold"), GOLDS)
@pytest.mark.parametrize(
    "answer",
    [
        "Gross margin is not a useful metric for a bank like this; it does not report gross margin.",
        "Gross margin is not a meaningful metric here, since the company reports revenues net of interest expense "
        "rather than a cost of goods sold.",
        "Gross margin is not a relevant metric for a financial services company like this one, whose performance is "
        "measured through net revenue, though it is typically a useful metric for companies that sell goods.",
        "Gross margin is irrelevant for a company like this one.",
        "For this company, gross margin is an irrelevant metric: it has no cost of goods sold.",
        "Gross margin is meaningless for a lender or card issuer like this one.",
    ],
)
def test_an_answer_that_denies_the_use_stays_correct(question: str, gold: str, answer: str) -> None:
    verdict = heuristic_verdict(question, gold, answer)
    assert verdict.label == "correct", verdict.rationale

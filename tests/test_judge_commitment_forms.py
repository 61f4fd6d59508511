"""Which value a sentence commits to, in forms assistants write: the asked value with an aside
in brackets ("58% ... (42% domestically)"), a change after the levels it joins ("i.e. +0.8
pp", "a change of (1.3) percentage points"), one value said twice ("5 percentage points (500
basis points)"), a step of a worked computation dated to another year; and what is no
keyword string ("conversion was 95%, meaning ...") or no peer's figure."""
from __future__ import annotations

import pytest

from harness.judge.offline_judge import heuristic_verdict

OUTSIDE_Q = "What percentage of Ibis Devices' revenue came from outside the United States in FY2022?"
MARGIN_Q = "What is the FY2022 change in Mallow Drinks' gross margin, in percentage points?"
NET_DEBT_Q = "What is Wyvern Health's FY2022 net debt (in USD millions)?"
TAX_Q = "How much has Pryor Chemicals' effective tax rate changed between FY2021 and FY2022?"
TAX_GOLD = "The effective tax rate rose from 19% in FY2021 to 24% in FY2022."

CASES = [
    (OUTSIDE_Q, "58%", "Ibis Devices generated 58% of its FY2022 revenue outside the United States (42% domestically).", True),
    (OUTSIDE_Q, "58%", "Ibis Devices generated 42% of its FY2022 revenue outside the United States (58% domestically).", False),
    (MARGIN_Q, "0.8", "Gross margin rose from 41.6% in FY2021 to 42.4% in FY2022, i.e. +0.8 pp.", True),
    (MARGIN_Q, "0.8", "Gross margin rose from 41.6% in FY2021 to 42.4% in FY2022, i.e. +0.9 pp.", False),
    (MARGIN_Q, "0.8", "Gross margin rose from 41.6% in FY2021 to 42.4% in FY2022, a change of +0.8 pp.", True),
    (MARGIN_Q, "0.8", "Gross margin was 42.4%, i.e. 0.8 pp.", False),  # no level it went from: a hedge still
    ("What was Gorse Retail's FY2022 change in gross margin?", "(1.3%)",
     "Gross margin went from 34.5% in FY2021 to 33.2% in FY2022, a change of (1.3) percentage points.", True),
    (NET_DEBT_Q, "$4,630.00",
     "Net debt = total debt - cash. For FY2021: $5,890M - $1,260M = $4,630M. Wyvern Health's FY2022 net debt was $4,210 million.", False),
    (NET_DEBT_Q, "$4,630.00", "For FY2022: $5,890M - $1,260M = $4,630M.", True),
    (TAX_Q, TAX_GOLD, "The effective tax rate increased by 5 percentage points (500 basis points), from 19% in fiscal 2021 to 24% in fiscal 2022.", True),
    (TAX_Q, TAX_GOLD, "The effective tax rate increased by 5 percentage points (600 basis points), from 19% in fiscal 2021 to 24% in fiscal 2022.", False),
    ("What was Walnut Foods' FY2022 free cash flow conversion?", "95% of net income",
     "Walnut Foods' FY2022 free cash flow conversion was 95%, meaning free cash flow equalled about 0.95x net income.", True),
    ("Why did Oakham Pharma's net income fall in FY2019?",
     "Net income fell because of generic competition for its leading cardiovascular drug and a $400 million impairment.",
     "Net income fell because its top-selling cardiovascular drug faced generic competitors, and because it booked a $0.4 billion impairment charge.", True),
    ("What was Oakham Pharma's FY2019 impairment charge?", "$400 million",
     "Its competitors booked a $400 million impairment charge.", False),  # the peer's own figure
]


@pytest.mark.parametrize(("question", "gold", "answer", "credited"), CASES)
def test_the_value_a_sentence_commits_to(question: str, gold: str, answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(question, gold, answer)
    assert (verdict.label == "correct") is credited, verdict.rationale


EPS_Q = "What is Linden Energy's FY2019 diluted EPS?"
FUEL_Q = "How did Marten Airlines' fuel cost per seat mile change in FY2022?"
FUEL_GOLD = "It rose 38% to 4.9 cents as jet fuel prices climbed."
OCCUPANCY_Q = "Has Quince Hotels' occupancy recovered to pre-pandemic levels by FY2022?"

LATER_CASES = [
    # A bracketed clause of its own holds asides, not a list beside the answer.
    (EPS_Q, "$2.47", "So FY2019 diluted EPS was $2.47 (basic EPS was slightly higher at $2.49, because it uses the "
     "smaller basic share count of 245.8 million).", True),
    (EPS_Q, "$2.47", "So FY2019 diluted EPS was $2.52 (basic EPS was $2.47, on a basic share count of 245.8 million).", False),
    # A list item's dash opens no span of years: the gold's figure is put on the year before.
    (FUEL_Q, FUEL_GOLD, "We compare the two years:\n- FY2021: 4.9 cents\n- FY2022: 6.8 cents\nFuel cost per seat mile "
     "rose about 39% in FY2022.", False),
    (FUEL_Q, FUEL_GOLD, "We compare the two years:\n- FY2021: 3.6 cents\n- FY2022: 4.9 cents\nFuel cost per seat mile "
     "rose 38% in FY2022 as jet fuel prices climbed.", True),
    # "as a share of revenue" is a proportion, not a figure per share.
    ("Is Pellucid Apparel a capital-intensive business as of FY2021?",
     "No. Capital expenditures were only 2.3% of revenue and fixed assets 11% of total assets.",
     "No. Capital expenditures as a share of revenue were only 2.3% in FY2021, and property and equipment as a share of "
     "total assets about 11%.", True),
    # The asked state not reached is a no.
    (OCCUPANCY_Q, "No. Occupancy was 71% in FY2022 against 79% in FY2019.",
     "No. Occupancy was 71% in FY2022, compared with 79% in FY2019. That leaves it 8 percentage points short of the "
     "pre-COVID level, even though RevPAR rose 31%. So the recovery in occupancy was still incomplete.", True),
    (OCCUPANCY_Q, "No. Occupancy was 71% in FY2022 against 79% in FY2019.",
     "Yes. Occupancy was 71% in FY2022, compared with 79% in FY2019, so the recovery is complete.", False),
    # A dash between a name and a title is no word of a keyword run.
    ("Who are Acorn Foods' principal executive officers as of FY2022?",
     "Chief Executive Officer Laura Kim and Chief Financial Officer Raj Patel.",
     "1. Laura Kim - Chief Executive Officer, who signs the CEO certification.\n"
     "2. Raj Patel - Chief Financial Officer, who signs the CFO certification.", True),
]


@pytest.mark.parametrize(("question", "gold", "answer", "credited"), LATER_CASES)
def test_more_forms_of_commitment(question: str, gold: str, answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(question, gold, answer)
    assert (verdict.label == "correct") is credited, verdict.rationale


BATCH26_CASES = [
    # "turned over" is a turnover, not a bound ("over 6.75").
    ("What is Ferrant Logistics' FY2021 inventory turnover ratio? Round to two decimals.", "6.75",
     "Ferrant's inventory turned over 6.75 times in FY2021.", True),
    ("What is Ferrant Logistics' FY2021 inventory turnover ratio? Round to two decimals.", "6.75",
     "Ferrant's inventory turnover was over 6.75 times in FY2021.", False),
    # A sign in words is the gold's minus.
    ("Is operating margin a useful metric for Corvid Airlines? If not, explain why.",
     "Operating margin is useful, but FY2020 figures are distorted by the pandemic; operating margin was -42%.",
     "It is useful for an airline like Corvid, but the FY2020 number is skewed by the pandemic: the operating margin was negative 42%.", True),
    # A number in words with its numeral in brackets.
    ("How many stores did Pellucid Apparel operate at the end of FY2021?", "1,284",
     "At the close of fiscal 2021, Pellucid operated one thousand two hundred eighty-four (1,284) stores.", True),
    ("How many stores did Pellucid Apparel operate at the end of FY2021?", "1,284",
     "At the close of fiscal 2021, Pellucid's store count change was (1,284).", False),
]


@pytest.mark.parametrize(("question", "gold", "answer", "credited"), BATCH26_CASES)
def test_forms_of_the_twenty_sixth_batch(question: str, gold: str, answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(question, gold, answer)
    assert (verdict.label == "correct") is credited, verdict.rationale


def test_a_risk_named_as_possible_is_no_guess() -> None:
    from harness.judge.name_commitment import prose_committed_stems

    answer = "Nettle flags possible disruptions in its semiconductor supply chain and reliance on a few customers."
    gold = "Supply chain disruption for semiconductors and dependence on a few large customers."
    assert "semico" in prose_committed_stems(answer, gold, "What are the main risks Nettle Robotics highlights in FY2021?")
    assert "semico" not in prose_committed_stems(answer, gold, "What drove Nettle Robotics' margin decline in FY2021?")

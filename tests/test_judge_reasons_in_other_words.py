"""A gold that explains a change (its figures and drivers), answered in other words: "3.1
points" for "3.1 percentage points", capex labelled as the gold labels it, the drivers under
"The main drivers were:", a cause after "as" or a colon. Each reading has a right answer
credited and its wrong twin refused (the thirty-third and thirty-fourth realistic batches
found these shapes)."""
from __future__ import annotations

import pytest

from harness.judge.offline_judge import heuristic_verdict
from harness.redteam.probe import first_sentence

ASHBY = "What drove Ashby Ceramics' gross margin change in FY2022?"
ASHBY_GOLD = ("Ashby Ceramics' gross margin fell 3.1 percentage points to 29.4% in FY2022, mainly because natural gas costs "
              "for its kilns rose about 60% and freight costs increased, which price increases averaging 7% only partly offset.")
GLENMORE = "Why did Glenmore Logistics' free cash flow fall in FY2022?"
GLENMORE_GOLD = ("Free cash flow fell from $410 million to $155 million in FY2022 because capital expenditures nearly doubled to "
                 "$520 million for new automated distribution centers and fleet electrification, and working capital absorbed "
                 "about $90 million as receivables grew with slower customer payments.")
SHELFORD = "Why did Shelford Telecom's free cash flow decline in FY2022?"
SHELFORD_GOLD = ("Free cash flow fell 38% to $1.1 billion as capital spending rose to $3.4 billion to accelerate its 5G and fiber "
                 "build-out, and cash interest rose $210 million on debt raised to buy C-band spectrum.")
IBIS = "What drove Ibis Devices' gross margin change in FY2022?"
IBIS_GOLD = "Gross margin for Ibis Devices decreased by 2.3% in FY2022 primarily due to:\n- higher component costs\n- unfavourable product mix\n- currency headwinds"
KILBURN = "What are the main risks facing Kilburn Airlines as of FY2022?"
KILBURN_GOLD = ("Kilburn Airlines' main risks are volatile jet fuel prices, which it does not hedge, the $6.8 billion of debt and "
                "lease obligations it took on during the pandemic, and delivery delays on its Airbus A321neo order that constrain "
                "capacity growth.")
HOLLOWAY = "Is EBITDA margin a useful metric for Holloway Bank? If not, explain why."
HOLLOWAY_GOLD = ("No. EBITDA margin is not meaningful for Holloway Bank because interest paid on deposits and borrowings is a "
                 "core operating cost of a bank rather than a financing cost, and depreciation is immaterial; net interest margin "
                 "(2.9% in FY2022) and the efficiency ratio (58%) are the appropriate measures.")


@pytest.mark.parametrize("question,gold,answer,credited", [
    # "3.1 points" of a margin is 3.1 percentage points; "on average" is the gold's "averaging".
    (ASHBY, ASHBY_GOLD, "Ashby Ceramics' gross margin came in at 29.4%, 3.1 points lower than the prior year, mainly due to "
     "natural gas costs for its kilns up around 60% and higher freight. The company raised prices by 7% on average, which "
     "only partly offset the higher costs.", True),
    (ASHBY, ASHBY_GOLD, "Ashby Ceramics' gross margin came in at 29.4%, 4.1 points lower than the prior year, mainly due to "
     "natural gas costs for its kilns up around 60% and higher freight.", False),
    # The gold's own capex figure, labelled as capex; a cause after a colon.
    (GLENMORE, GLENMORE_GOLD, "FCF fell to $155M from $410M: capex roughly doubled to $520M (automated DCs, electric fleet) "
     "and ~$90M went into working capital as receivables rose on slower collections.", True),
    (GLENMORE, GLENMORE_GOLD, "FCF fell to $155M from $410M: capex roughly doubled to $640M (automated DCs, electric fleet) "
     "and ~$90M went into working capital as receivables rose on slower collections.", False),
    # "capital spending" is capex; a cause after "as" right after the change's figure.
    (SHELFORD, SHELFORD_GOLD, "FCF fell 38% to $1.1B as capex climbed to $3.4B for the faster 5G/fiber rollout and cash "
     "interest rose $210M on debt raised to buy C-band spectrum.", True),
    (SHELFORD, SHELFORD_GOLD, "Free cash flow fell 38% to $1.1 billion in FY2022.", False),
    # The bullets under "The main drivers were:" are the answer's causes.
    (IBIS, IBIS_GOLD, "Ibis Devices' gross margin fell 2.3 points in FY2022. The main drivers were:\n- component cost "
     "inflation;\n- a less favourable product mix;\n- foreign exchange headwinds.", True),
    (IBIS, IBIS_GOLD, "Ibis Devices' gross margin fell 2.3 points in FY2022. The main drivers were:\n- higher freight costs;"
     "\n- increased promotional activity.", False),
    # "which it does not hedge" is a detail of a list of risks, not a gold that denies.
    (KILBURN, KILBURN_GOLD, KILBURN_GOLD, True),
    (KILBURN, KILBURN_GOLD, KILBURN_GOLD.replace("$6.8 billion", "$8.9 billion"), False),
    # "...; net interest margin and the efficiency ratio are the appropriate measures" calls
    # those useful, not the EBITDA margin denied before the semicolon.
    (HOLLOWAY, HOLLOWAY_GOLD, "Based on the 10-K: " + HOLLOWAY_GOLD, True),
    (HOLLOWAY, HOLLOWAY_GOLD, "EBITDA margin is a useful metric for Holloway Bank: it captures the bank's core operating "
     "earnings before depreciation.", False),
])
def test_reasons_in_other_words(question: str, gold: str, answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(question, gold, answer)
    assert (verdict.label == "correct") == credited, verdict.rationale


def test_a_probe_frames_the_golds_whole_first_sentence() -> None:
    """The red team's probes cut a gold where the judge's reading does: "U.S." ends nothing."""
    gold = "Kelsall highlights its dependence on Veronex, which faces U.S. patent expiry in 2025. It also names pricing."
    assert first_sentence(gold) == "kelsall highlights its dependence on Veronex, which faces U.S. patent expiry in 2025."

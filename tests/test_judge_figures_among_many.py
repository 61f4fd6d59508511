"""The gold's figure among the many figures a long answer carries is read as the gold's when it
stands at the gold's words for it: not moved to "another item" by the gold's other figure's
words ("of which $0.6 billion is current"), by the next line of a list, by the two values the
answer works it out of, or by a count or a price per share beside a sum of money. A figure
that stands at another item's words, with the gold's item's words at a rival, is still
refused. Each reading has a right answer credited and its wrong twin refused (the forty-first
realistic batch found these shapes)."""
from __future__ import annotations

import pytest

from harness.judge.offline_judge import heuristic_verdict

KESTREL = "What is Kestrel Ridge Energy's total debt as of FY2022 year end?"
KESTREL_GOLD = "Total debt was $4.35 billion at FY2022 year end, of which $0.6 billion is current."
LINDQVIST = "What was Lindqvist Networks' free cash flow in FY2022?"
LINDQVIST_GOLD = ("Free cash flow was $1.87 billion in FY2022 (operating cash flow of $2.64 billion less capital expenditures "
                  "of $0.77 billion).")
BRAMBLE = "Does Bramble Retail have positive working capital as of FY2022?"
BRAMBLE_GOLD = "Yes, current assets exceeded current liabilities by $410 million."
BRAMBLECREST = "How much did Bramblecrest Foods spend on share repurchases in FY2021?"
BRAMBLECREST_GOLD = "Bramblecrest Foods repurchased $1.2 billion of its common stock in FY2021."
JUNIPER = "Does Juniper Media generate most of its revenue from subscriptions?"
JUNIPER_GOLD = "No. Advertising is still 58% of revenue; subscriptions are 42%."
AMCOR = "What is the nature & purpose of AMCOR's restructuring liability as oF Q2 of FY2023 close?"
AMCOR_GOLD = "87% of the total restructuring liability is related Employee liabilities."


@pytest.mark.parametrize("question,gold,answer,credited", [
    # The gold's other figure's words ("current") are not this figure's.
    (KESTREL, KESTREL_GOLD, "- Current portion of long-term debt: $600 million\n- Long-term debt, net of current portion: "
     "$3,750 million\n\nTotal debt = $600 million + $3,750 million = **$4,350 million**\n\nKestrel Ridge's total debt at "
     "the end of FY2022 was therefore $4.35 billion, of which $0.6 billion is due within the next twelve months.", True),
    (KESTREL, KESTREL_GOLD, "Kestrel Ridge Energy's total debt was approximately **$3.23 billion** at year end.\n\nThis is "
     "derived from:\n- Long-term debt (including current portion): $4,350 million\n- Less cash and cash equivalents: $1,120 "
     "million\n- Total debt: $3,230 million", False),
    # A list line's figure is labelled by its own line, not the next one.
    (LINDQVIST, LINDQVIST_GOLD, "- Net cash provided by operating activities: $2,640 million\n- Purchases of property and "
     "equipment (capex): $770 million\n\nFree cash flow = $2,640 million – $770 million = **$1,870 million**", True),
    (LINDQVIST, LINDQVIST_GOLD, "- Net cash provided by operating activities: $1,870 million\n- Purchases of property and "
     "equipment (capex): $770 million\n\nFree cash flow = $1,870 million – $770 million = **$1,100 million**", False),
    # The two values a figure is worked out of are its inputs, not rivals at its label.
    (BRAMBLE, BRAMBLE_GOLD, "Yes. Bramble Retail had total current assets of $2,688 million and total current liabilities "
     "of $2,278 million, giving positive working capital of $410 million.", True),
    (BRAMBLE, BRAMBLE_GOLD, "Yes. Bramble Retail had total current assets of $2,688 million and total current liabilities "
     "of $2,278 million, giving positive working capital of $520 million.", False),
    # A share count and a price per share are no rival of a sum of money.
    (BRAMBLECREST, BRAMBLECREST_GOLD, "In fiscal 2021 Bramblecrest Foods repurchased 14.6 million shares of common stock at "
     "an average cost of $82.19 per share. 14.6 million × $82.19 ≈ $1,200 million. Therefore, Bramblecrest spent "
     "approximately **$1.2 billion** on share repurchases in FY2021.", True),
    (BRAMBLECREST, BRAMBLECREST_GOLD, "In fiscal 2021 Bramblecrest Foods repurchased 14.6 million shares of common stock at "
     "an average cost of $82.19 per share. Therefore, Bramblecrest spent approximately **$0.9 billion** on share "
     "repurchases in FY2021.", False),
    # Still refused: the gold's figure at another item's words, the gold's item's words at a rival.
    (JUNIPER, JUNIPER_GOLD, "No. Advertising is 58% of revenue; subscriptions are 42%.", True),
    (JUNIPER, JUNIPER_GOLD, "No. Subscriptions are 58% of revenue; advertising is 42%.", False),
    (AMCOR, AMCOR_GOLD, "Employee liabilities make up 87% of the restructuring liability; the other 13% is other exit "
     "costs.", True),
    (AMCOR, AMCOR_GOLD, "About 87% of AMCOR's restructuring liability relates to fixed asset write-downs; the remaining 13% "
     "relates to employee liabilities.", False),
])
def test_figure_among_many(question: str, gold: str, answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(question, gold, answer)
    assert (verdict.label == "correct") == credited, verdict.rationale

"""Yes/no verdicts in the forms long answers give them: a "no" that opens a noun phrase ("No
significant debt was repaid") is no second verdict beside a "Yes."; a verdict in bold after a
label ("**Answer: No**") or opening a sentence with "And" is one; what a conclusion concedes on
the way ("So while it did return capital, it did not pay dividends") does not reverse it; to a
one-part question, a verdict on a side point turned from ("Yes, it refinanced, but no, its debt
did not rise") is not the verdict; a decline of part of the source before what another part
shows ("The excerpt doesn't include ..., but the cash flow statement shows ...") is no
refusal; a two-part question whose gold says yes to one part and no to the other wants both,
not one verdict given twice; a verdict declared open in so many words is no verdict; and a
yes or no said with the question's verb ("It isn't.", "It did.") is one, as is a concluding
"So no dividends were paid"; "On balance, ..." concludes as "So, ..." does. Each
reading has a right answer credited and its wrong twin refused (the thirty-ninth realistic
batch found these shapes)."""
from __future__ import annotations

import pytest

from harness.judge.offline_judge import heuristic_verdict

VERITY = "Has Verity Telecom's total debt increased between FY2021 and FY2022?"
VERITY_GOLD = ("Yes. Total debt increased from $6.3 billion at the end of FY2021 to $7.1 billion at the end of FY2022, mainly "
               "to fund spectrum license purchases.")
FENWICK = "Did Fenwick Semiconductor pay dividends in FY2021?"
FENWICK_GOLD = ("No. Fenwick Semiconductor has never declared or paid cash dividends on its common stock and did not pay any "
                "in FY2021; it returned capital through $450 million of share repurchases instead.")
QUILL = "Is Quillfeather Media profitable, and is its operating margin improving? Please answer based on FY2022 versus FY2021."
QUILL_GOLD = ("Yes, it is profitable with net income of $88 million in FY2022; no, its operating margin is not improving — it "
              "declined from 14.2% in FY2021 to 11.6% in FY2022.")
ASHBY = "Is Ashby Hotels profitable in FY2022, and is its revenue growing?"
ASHBY_GOLD = ("No, it is not profitable — it reported a net loss of $48 million in FY2022; yes, revenue is growing, up about "
              "38% to $1,515 million from $1,098 million in FY2021.")
LINDQVIST = "Has Lindqvist Energy's total debt increased between FY2021 and FY2022?"
LINDQVIST_GOLD = ("No. Total debt decreased from $4.82 billion at the end of FY2021 to $4.15 billion at the end of FY2022, as "
                  "the company repaid about $670 million of senior notes.")
SOLENNE = "Did Solenne Cosmetics pay dividends in FY2021?"
SOLENNE_GOLD = "Yes. Solenne paid quarterly dividends of $0.21 per share ($0.84 for the year), totaling $97 million in FY2021."
CINDER = "Is Cinderford Biotech profitable as of FY2022?"
CINDER_GOLD = ("No. Cinderford Biotech reported a net loss of $412 million in FY2022, driven by research and development "
               "expense of $388 million, and it has no product revenue.")

JNJ = "Is growth in JnJ's adjusted EPS expected to accelerate in FY2023?"
JNJ_GOLD = "No, rate of growth in adjusted EPS is expected to decelerate slightly from 3.6% in FY2022 to 3.5% in FY2023."


@pytest.mark.parametrize("question,gold,answer,credited", [
    # "No significant debt was repaid": a determiner, not a no beside the "Yes.".
    (VERITY, VERITY_GOLD, "Yes. No significant debt was repaid during FY2022, while Verity issued new notes to pay for "
     "spectrum licenses. As a result, total debt rose from $6,300 million to $7,100 million.", True),
    (VERITY, VERITY_GOLD, "No. No new notes were issued during FY2022, and Verity repaid debt, so total debt fell from "
     "$7,100 million to $6,300 million.", False),
    # "**Answer: No**", and a conclusion read past what it concedes.
    (FENWICK, FENWICK_GOLD, "**Answer: No**\n\n- **Dividends paid in FY2021:** None\n- **Other capital returns:** $450 "
     "million of share repurchases.\n\nSo while Fenwick did return capital, it did not do so through dividends in FY2021.", True),
    (FENWICK, FENWICK_GOLD, "**Answer: Yes**\n\n- **Dividends paid in FY2021:** $450 million\n\nSo Fenwick returned capital "
     "to shareholders through dividends in FY2021.", False),
    # Two parts, a yes and a no, each as the gold gives it ...
    (QUILL, QUILL_GOLD, "Yes, Quillfeather is profitable — FY2022 net income was $88 million. However, no, its operating "
     "margin is not improving: it fell from roughly 14.2% in FY2021 to roughly 11.6% in FY2022.", True),
    (ASHBY, ASHBY_GOLD, "No, Ashby Hotels is not profitable — it reported a net loss of $48 million in FY2022. But yes, its "
     "revenue is growing, up about 38% to $1,515 million from $1,098 million in FY2021.", True),
    # ... not one verdict given to both.
    (ASHBY, ASHBY_GOLD, "No, Ashby Hotels is not profitable — it reported a net loss of $48 million in FY2022. And no, its "
     "revenue is not really growing: FY2022 revenue of $1,515 million is still well below the $1.9 billion of 2019.", False),
    # To a one-part question, a verdict on a side point and then a turn: the one turned to.
    (LINDQVIST, LINDQVIST_GOLD, "Yes, Lindqvist refinanced its revolving credit facility during the year, but no, its total "
     "debt did not increase: it fell from about $4,820 million to about $4,150 million.", True),
    (LINDQVIST, LINDQVIST_GOLD, "No, Lindqvist did not refinance its revolving credit facility, but yes, its total debt "
     "increased, from about $4,150 million to about $4,820 million.", False),
    # A part of the source declined, and the answer read from another part that shows it;
    # not a decline in the answerer's own voice with general knowledge after it.
    (SOLENNE, SOLENNE_GOLD, "The 10-K excerpt doesn't include the Item 5 table of quarterly dividends, but the cash flow "
     "statement shows $97 million of dividends paid in FY2021. So yes, Solenne paid dividends in FY2021, $0.84 per share.", True),
    (SOLENNE, SOLENNE_GOLD, "The 10-K excerpt doesn't include the Item 5 table of quarterly dividends, but the cash flow "
     "statement shows no dividends paid in FY2021. So no, Solenne did not pay dividends in FY2021.", False),
    (SOLENNE, SOLENNE_GOLD, "I don't have access to Solenne's 10-K, but cosmetics companies of its size usually pay "
     "dividends, so yes, it most likely paid dividends in FY2021.", False),
    # A verdict declared open is none, however near the gold's it leans.
    (CINDER, CINDER_GOLD, "No. Cinderford is not profitable: it posted a net loss of $412 million in FY2022 on R&D spending "
     "of $388 million, with no product revenue yet.", True),
    (CINDER, CINDER_GOLD, "As a clinical-stage company, Cinderford shouldn't really be judged on profitability. Whether it is "
     "profitable depends on your time horizon, and it can't be neatly categorized as profitable or unprofitable based on a "
     "single year of results.", False),
    # A verdict the answer labels as its own ("**Verdict:** No.", "So the answer is no") is its
    # verdict, whatever rises on the way; "the answer is yes and no" labels none.
    (JNJ, JNJ_GOLD, "**Verdict:** No. Growth is expected to decelerate slightly.\n**Why:** A 3.5% guided growth rate is "
     "a bit below the 3.6% achieved in 2022, so the pace of growth eases rather than accelerates, even though the EPS "
     "level rises.", True),
    (JNJ, JNJ_GOLD, "**Verdict:** Yes. Growth is expected to accelerate.\n**Why:** Guided growth of 3.5% follows 3.6% in "
     "2022, and the EPS level rises.", False),
    (CINDER, CINDER_GOLD, "Biotech results swing from year to year. So the answer is yes and no: Cinderford can be "
     "profitable in a year of milestone payments, but it is not consistently profitable.", False),
    # A yes or no said with the question's own verb ("It isn't.", "It did.") is the verdict;
    # a sentence that ends in "n't." ends there.
    (CINDER, CINDER_GOLD, "It isn't. Cinderford lost $412 million in FY2022, with R&D of $388 million and no product revenue.", True),
    (CINDER, CINDER_GOLD, "It is. Cinderford earned $412 million in FY2022 on milestone payments.", False),
    (SOLENNE, SOLENNE_GOLD, "It did. Solenne paid $0.21 per share each quarter, $97 million in total for FY2021.", True),
    (SOLENNE, SOLENNE_GOLD, "It did not. Solenne retained its cash and paid no dividends in FY2021.", False),
    # A conclusion that opens with a "no" of a noun ("So no dividends were paid") is the answer's no.
    (FENWICK, FENWICK_GOLD, "Fenwick Semiconductor's financing cash flows in FY2021 consist of $450 million of share "
     "repurchases and proceeds from stock option exercises; there is no line for dividends paid. So no dividends were paid "
     "in FY2021.", True),
    (SOLENNE, SOLENNE_GOLD, "Solenne Cosmetics' financing cash flows in FY2021 consist of share repurchases and proceeds from "
     "stock option exercises; there is no line for dividends paid. So no dividends were paid in FY2021.", False),
    (FENWICK, FENWICK_GOLD, "Yes, Fenwick paid $0.20 per share in FY2021. So no special dividend was needed.", False),
    # "On balance, ..." concludes, as "So ..." does: its verdict stands over the opening's.
    (CINDER, CINDER_GOLD, "There is an argument that Cinderford's milestone income makes it look profitable in some quarters. "
     "However, it reported a net loss of $412 million in FY2022. On balance, Cinderford Biotech is not profitable.", True),
    (CINDER, CINDER_GOLD, "There is an argument that Cinderford's R&D spending of $388 million makes it look unprofitable. "
     "However, milestone income covered it in FY2022. On balance, Cinderford Biotech is profitable.", False),
])
def test_verdict_form(question: str, gold: str, answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(question, gold, answer)
    assert (verdict.label == "correct") == credited, verdict.rationale

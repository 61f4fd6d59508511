"""Long explanation golds, stated by an answer in their own words after a few of its own ("In
short: ..."): a guess word after a figure ("..., exposing it to ... possible increases in
royalties") does not take the figure back; a clause the gold itself affirms ("its revenue is
mainly net interest income") does not affirm what the gold denies; a fact that one thing
depends on another ("its profitability depends on underwriting results") is a claim, not an
"it depends". Each reading has a right answer credited and its wrong twin refused (the
forty-third batch's golds and their red-team probes found these shapes)."""
from __future__ import annotations

import pytest

from harness.judge.offline_judge import heuristic_verdict

COPPERLINE = "What are the major risks Copperline Mining faces as of FY2022?"
COPPERLINE_GOLD = ("Copperline's key risk is operational and political concentration: its Cerro Alto mine in Peru produced 78% "
                   "of its FY2022 copper output, exposing it to political instability, community blockades and possible "
                   "increases in Peruvian mining royalties. It is also highly exposed to copper price volatility because it "
                   "does not hedge its production.")
CEDAR = "Is gross margin a useful metric for Cedar Ridge Bancorp? If not, what metrics does management use instead?"
CEDAR_GOLD = ("Gross margin is not a meaningful metric for Cedar Ridge, because as a bank it has no cost of goods sold; its "
              "revenue is mainly net interest income earned on the spread between loan and securities yields and deposit "
              "costs, plus fee income. Management instead evaluates profitability through net interest margin (3.1% in "
              "FY2022, up from 2.7%) and the efficiency ratio (58.4%), along with return on average assets.")
PELICAN = ("What drove operating margin change as of FY2022 for Pelican Ridge Insurance Group? If operating margin is not a "
           "useful metric for a company like this, then please state that and explain why.")
PELICAN_GOLD = ("Operating margin is not a particularly useful metric for a property and casualty insurer like Pelican Ridge, "
                "because its profitability depends on underwriting results and investment income rather than a cost-of-sales "
                "structure, and its costs rest heavily on loss-reserve estimates. Performance is better assessed with the "
                "combined ratio, which rose to 96.8% in FY2022 from 93.5% as catastrophe losses from Hurricane Ian pushed up "
                "the loss ratio, along with net investment income and growth in book value per share.")


@pytest.mark.parametrize("question,gold,answer,credited", [
    (COPPERLINE, COPPERLINE_GOLD, "In short: " + COPPERLINE_GOLD, True),
    (COPPERLINE, COPPERLINE_GOLD, "In short: " + COPPERLINE_GOLD.replace("78%", "41%"), False),
    (CEDAR, CEDAR_GOLD, "In short: " + CEDAR_GOLD, True),
    (CEDAR, CEDAR_GOLD, "Yes. Cedar Ridge's gross margin improved to 64% in FY2022 as net interest income rose faster than "
     "deposit costs.", False),
    (PELICAN, PELICAN_GOLD, "In short: " + PELICAN_GOLD, True),
    (PELICAN, PELICAN_GOLD, "Operating margin is a useful metric for Pelican Ridge: it improved in FY2022 because "
     "catastrophe losses from Hurricane Ian were smaller than expected.", False),
])
def test_long_gold(question: str, gold: str, answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(question, gold, answer)
    assert (verdict.label == "correct") == credited, verdict.rationale

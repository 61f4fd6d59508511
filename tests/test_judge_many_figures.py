"""Golds of many figures (a debt structure, an acquisition's terms): another of the gold's
figures, stated at its own label words, is no rival of one the answer puts at words the two
share; a fraction ("three-quarters", "a quarter of revenue") is no quarter of the year; an asset
retirement obligation is a liability. Each reading has a right answer credited and a wrong twin
refused (the forty-fifth realistic batch found these shapes); the gaps are below the cases."""
from __future__ import annotations

import pytest

from harness.judge.offline_judge import heuristic_verdict

DEBT = "What is Corvane Chemicals' debt structure as of FY2022?"
DEBT_GOLD = ("At the end of FY2022, Corvane Chemicals had total debt of $3.4 billion, consisting mainly of $2.6 billion of "
             "fixed-rate senior notes maturing between 2025 and 2041 and a $600 million term loan due 2027. The remaining "
             "roughly $200 million was commercial paper, and the company's $1.0 billion revolving credit facility was undrawn.")
DEBT_RIGHT = ("Of total debt of approximately $3.4 billion at FY2022 year-end, around three-quarters ($2.6 billion) was "
              "senior notes maturing between 2025 and 2041. The rest was a $600 million term loan maturing in 2027 and "
              "roughly $200 million of commercial paper. Corvane had nothing drawn on its $1.0 billion revolving credit facility.")
DEAL = "What are the key terms of Pinecrest Foods' acquisition of Marigold Snacks?"
DEAL_GOLD = ("Pinecrest Foods agreed to acquire Marigold Snacks for $2.3 billion, consisting of $1.8 billion in cash and about "
             "$500 million in Pinecrest common stock. The cash portion was funded with a new $1.5 billion term loan and cash "
             "on hand. The deal closed in October 2022, and Pinecrest expects about $75 million of annual cost synergies by "
             "the end of year three.")
DEAL_RIGHT = ("According to the 10-K, Pinecrest Foods completed its purchase of Marigold Snacks in October 2022. Total "
              "consideration was about $2.3 billion, of which roughly 78% ($1.8 billion) was paid in cash and the balance "
              "(about $500 million) in newly issued Pinecrest common stock. To fund the cash, Pinecrest borrowed under a new "
              "$1.5 billion term loan and used cash on hand. Pinecrest expects approximately $75 million of annual cost "
              "savings by the end of the third year.")
ARO = "What is the nature of Cobalt Ridge Mining's asset retirement obligations as of FY2022?"
ARO_GOLD = ("Cobalt Ridge Mining's asset retirement obligations totaled $845 million at the end of FY2022, relating mainly to "
            "reclamation and closure of its open-pit copper mines in Arizona and Chile. The liability is measured at the "
            "present value of estimated closure costs using credit-adjusted risk-free rates of 4-6%, and it increased from "
            "$712 million in FY2021 largely because of updated closure cost estimates at the Santa Rita mine.")
ARO_RIGHT = ("Cobalt Ridge Mining records asset retirement obligations for the eventual reclamation and closure of its "
             "open-pit copper operations in Arizona and Chile. At the end of fiscal 2022 the liability was $845 million, up "
             "from $712 million in 2021, with the increase mostly reflecting an updated closure cost estimate for the Santa "
             "Rita mine.")


@pytest.mark.parametrize("question,gold,answer,credited", [
    (DEBT, DEBT_GOLD, DEBT_RIGHT, True),
    # The notes' figure replaced: the total beside it does not carry the answer.
    (DEBT, DEBT_GOLD, DEBT_RIGHT.replace("($2.6 billion)", "($2.2 billion)"), False),
    # A quarter of the year is still another scope than the year asked.
    (DEBT, DEBT_GOLD, DEBT_RIGHT.replace("Of total debt of approximately $3.4 billion at FY2022 year-end",
                                         "In the fourth quarter alone, total debt averaged $3.4 billion"), False),
    (DEAL, DEAL_GOLD, DEAL_RIGHT, True),
    (DEAL, DEAL_GOLD, DEAL_RIGHT.replace("roughly 78% ($1.8 billion)", "roughly 61% ($1.4 billion)"), False),
    (ARO, ARO_GOLD, ARO_RIGHT, True),
    (ARO, ARO_GOLD, ARO_RIGHT.replace("from $712 million", "from $690 million"), False),
])
# Not read: the gold's headline figure replaced beside its others stated right ("the liability
# was $790 million, up from $712 million"; a total consideration of $2.9 billion beside the
# gold's $1.8 billion of cash and $500 million of stock). Such answers are credited, as the
# realistic set declares (``_MULTI_FACT_REPLACED`` in test_judge_realistic.py).
def test_many_figures(question: str, gold: str, answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(question, gold, answer)
    assert (verdict.label == "correct") == credited, verdict.rationale

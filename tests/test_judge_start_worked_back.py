"""A gold's earlier level given as the change to the level it reached ("rose $0.94, or 19%, to
$5.87" for "$5.87 in FY2022, up from $4.93"): the judge works the start back from the answer's
own change and direction, so a change of the wrong size or way, or a start the answer states
itself beside it, is still refused (the forty-first realistic batch found these shapes). And a
year told after a change's start dates the change, not the start: "improved to 14.2% from 3.5%
in FY2022" is answered by "from 3.5% in FY2021"."""
from __future__ import annotations

import pytest

from harness.judge.offline_judge import heuristic_verdict

EPS = "What was Hargrove Automotive's diluted EPS in FY2022, and how did it change from FY2021?"
EPS_GOLD = "Diluted EPS was $5.87 in FY2022, up from $4.93 in FY2021."
NIM = "What was Fairhaven Bancorp's net interest margin in FY2022, and how did it change from FY2021?"
NIM_GOLD = "Net interest margin was 3.12% in FY2022, up from 2.68% in FY2021."
REVENUE = "What was Nettle Robotics' FY2021 revenue, and how did it compare with FY2020?"
REVENUE_GOLD = "Revenue was $1.35 billion in FY2021, up 18% from $1.14 billion in FY2020."
MARGIN = "What was Marchmont Hotels' operating margin in FY2022, and how did it change?"
MARGIN_GOLD = "Operating margin improved to 14.2% from 3.5% in FY2022."


@pytest.mark.parametrize("question,gold,answer,credited", [
    (EPS, EPS_GOLD, "Hargrove's diluted earnings per share rose $0.94 to $5.87 in FY2022.", True),
    (EPS, EPS_GOLD, "Hargrove's diluted earnings per share rose 19% to $5.87 in FY2022.", True),
    # The change the other way works back to $6.81; one of another size to $5.37.
    (EPS, EPS_GOLD, "Hargrove's diluted earnings per share fell $0.94 to $5.87 in FY2022.", False),
    (EPS, EPS_GOLD, "Hargrove's diluted earnings per share rose $0.50 to $5.87 in FY2022.", False),
    (NIM, NIM_GOLD, "Fairhaven's net interest margin expanded by 44 basis points in FY2022 to 3.12%.", True),
    (NIM, NIM_GOLD, "Fairhaven's net interest margin expanded by 60 basis points in FY2022 to 3.12%.", False),
    (NIM, NIM_GOLD, "Fairhaven's net interest margin narrowed by 44 basis points in FY2022 to 3.12%.", False),
    # A start the answer states itself is its claim, whatever its change works back to.
    (REVENUE, REVENUE_GOLD, "Revenue was $1.35 billion in FY2021, up 18% from $1.04 billion in FY2020.", False),
    (MARGIN, MARGIN_GOLD, "Operating margin rose to 14.2% in FY2022 from 3.5% in FY2021.", True),
    (MARGIN, MARGIN_GOLD, "Operating margin improved to 14.2% in FY2019, from 3.5% in FY2018.", False),
    (MARGIN, MARGIN_GOLD, "Operating margin fell to 3.5% in FY2022 from 14.2% in FY2021.", False),
])
def test_start_worked_back(question: str, gold: str, answer: str, credited: bool) -> None:
    verdict = heuristic_verdict(question, gold, answer)
    assert (verdict.label == "correct") == credited, verdict.rationale

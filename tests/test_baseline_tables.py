"""The baseline reads table rows the way pypdfium2 lays them out in real filings."""
from __future__ import annotations

from baseline.question import plan_question
from baseline.reading import row_candidates
from baseline.tables import iter_rows, split_row


def _rows(text: str):
    return {r.label: r for r in iter_rows(text)}


def test_years_from_a_header_line_pick_the_column():
    rows = _rows("[Page 60]\n(Millions) 2018 2017 2016\nPurchases of property, plant and equipment (PP&E) (1,577) (1,373) (1,420)")
    row = rows["Purchases of property, plant and equipment (PP&E)"]
    assert row.years == [2018, 2017, 2016] and row.page == 60
    assert row.value_for(2017) == -1373 and row.value_for(2018) == -1577
    assert row.value_for(2015) is None  # a year the table does not show is not guessed
    assert row.scale == "millions_usd"


def test_a_header_spread_over_lines_with_dates_still_gives_the_years():
    text = "[Page 62]\n(In thousands, except per share data)\nYears Ended\nDecember 2,\n2016\nNovember 27,\n2015\nRevenue:\nTotal revenue 5,854,430 4,795,511"
    row = _rows(text)["Total revenue"]
    assert row.years == [2016, 2015] and row.value_for(2015) == 4795511 and row.scale == "thousands_usd"


def test_non_breaking_spaces_do_not_hide_the_scale():
    row = _rows("[Page 57]\n(In\xa0thousands,\xa0except share data)\n2018 2017\nAccounts payable 302,578 255,028")["Accounts payable"]
    assert row.scale == "thousands_usd"


def test_a_wrapped_label_joins_the_cells_on_the_next_line():
    text = "2018 2017 2016\nProceeds from sale of businesses, net of cash sold\n846 1,065 142"
    assert _rows(text)["Proceeds from sale of businesses, net of cash sold"].values == [846, 1065, 142]


def test_several_rows_on_one_line_are_split():
    text = "Fiscal Year\n2022 2021 2020 Net sales $ 18,992.8 $ 18,127.0 $ 17,626.6 Cost of sales 12,590.6 11,678.7 11,496.7"
    rows = _rows(text)
    assert rows["Net sales"].value_for(2021) == 18127.0 and rows["Cost of sales"].value_for(2022) == 12590.6


def test_an_unlabelled_subtotal_takes_its_group_name():
    text = "2020 2019\nRevenues\nCasino $ 2,871,720 $ 6,517,759\nRooms 830,382 2,322,579\n3,702,102 8,840,338\nExpenses"
    assert _rows(text)["Total Revenues"].value_for(2019) == 8840338


def test_cells_percent_signs_and_dashes():
    assert split_row("Effective tax rate 21.6 % 24.6 % 27.0 %") == ("Effective tax rate", ["21.6%", "24.6%", "27.0%"])
    label, cells = split_row("Repayment of borrowings (500) — (197)")
    assert label == "Repayment of borrowings" and cells == ["(500)", "—", "(197)"]
    assert split_row("Net sales increased 3.2% to $34,229 million in 2022.") is None  # prose, not a row


def test_a_chunk_that_starts_mid_page_is_on_the_page_before_its_first_marker():
    text = "Inventories 1,559.3 1,642.2\n[Page 56]\nGoodwill 13,995.8 14,065.0"
    rows = _rows(text)
    assert rows["Inventories"].page == 55 and rows["Goodwill"].page == 56


def test_component_lines_without_a_total_are_not_summed_into_one():
    # No total is printed: the baseline does not invent one (a figure it did not read).
    text = ("As of June 30, 2023 2022\nCash and cash equivalents $ 689 $ 775\nInventories, net\n"
            "Raw materials and supplies 992 1,114\nWork in process and finished goods 1,221 1,325")
    assert not [label for label in _rows(text) if label.lower().startswith("inventories")]


def test_a_balance_is_not_read_from_its_change_in_the_statement_of_cash_flows():
    need = plan_question("What is Acme's FY2023 total inventories?").needs[0]
    flows = "[Page 53]\n(Millions) 2023 2022\nInventories 248 (626)"
    assert row_candidates(need, flows, "Consolidated Statements of Cash Flows", 53) == []
    balances = "[Page 52]\n(Millions) 2023 2022\nInventories 2,213 2,439"
    assert row_candidates(need, balances, "Consolidated Balance Sheets", 52)[0].finding.value == 2213

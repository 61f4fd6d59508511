"""Prices the user gives (--prices FILE) for models the built-in table lacks.

Without one, an OpenAI model or a self-hosted server costs "unknown" and --max-cost refuses
it; the only fix was editing the source. The file's prices reach every call through the
same price table: the sweep's records, its spend cap, its resume (kept in the manifest) and
the judge's own cost.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from offline_server import offline_responder

import analyze
import bench
from core.errors import UserError
from core.llm.price_file import read_prices
from core.llm.pricing import PRICES, Price, given_prices, price_for
from core.llm.registry import parse_model_spec
from core.paths import PDF_DIR

PRICED = '["gpt-test"]\ninput = 2.0\noutput = 8.0\ncache_read = 0.5\n'


def _file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "prices.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_bare_name_prices_the_model_under_any_provider_and_a_spec_only_itself(tmp_path):
    prices = read_prices(_file(tmp_path, PRICED + '["openai:llama@http://user:sk-secret@gpu:8000/v1"]\ninput = 0\noutput = 0\n'))
    assert prices["gpt-test"] == Price(2.0, 8.0, 0.5, 2.0)  # cache writes default to the input price
    local = parse_model_spec("openai:llama@http://user:sk-secret@gpu:8000/v1")
    assert local.label in prices and "sk-secret" not in json.dumps(list(prices))  # keyed as records name it
    hosted, elsewhere = parse_model_spec("openai:gpt-test"), parse_model_spec("openai:llama@http://other:8000/v1")
    assert price_for(hosted) is None
    with given_prices(prices):
        assert price_for(hosted) == Price(2.0, 8.0, 0.5, 2.0) and price_for(local) == Price(0.0, 0.0, 0.0, 0.0)
        assert price_for(elsewhere) is None
    assert price_for(hosted) is None and price_for(local) is None  # only within the block


def test_a_given_price_overrides_the_table():
    sonnet = parse_model_spec("sonnet")
    with given_prices({"claude-sonnet-4-5": Price(1.0, 2.0, 0.1, 1.0)}):
        assert price_for(sonnet) == Price(1.0, 2.0, 0.1, 1.0)
    assert price_for(sonnet) == PRICES["claude-sonnet-4-5"]


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("not toml [", "is not valid TOML"),
        ("", "prices no model"),
        ('["gpt-test"]\noutput = 8.0\n', "has no input price"),
        ('["gpt-test"]\ninput = -1\noutput = 8.0\n', "the input price of 'gpt-test' is -1"),
        ('["gpt-test"]\ninput = "two"\noutput = 8.0\n', "the input price of 'gpt-test' is 'two'"),
        ('["gpt-test"]\ninput = nan\noutput = 8.0\n', "the input price of 'gpt-test' is nan"),
        ('["gpt-test"]\ninput = 2\noutput = 8\ncached = 1\n', "unknown field 'cached'"),
        ('gpt-test = 2.0\n', "is not a table of input and output prices"),
        ('["nosuch:model"]\ninput = 2\noutput = 8\n', "unknown model provider 'nosuch'"),
    ],
)
def test_a_bad_prices_file_is_refused_naming_the_problem(tmp_path, text, phrase):
    with pytest.raises(UserError, match=None) as caught:
        read_prices(_file(tmp_path, text))
    assert phrase in str(caught.value)


def test_a_missing_prices_file_stops_the_sweep_before_anything_is_written(tmp_path):
    result = CliRunner().invoke(bench.cli, ["--prices", str(tmp_path / "nope.toml"), "--runs-dir", str(tmp_path / "runs"), "--no-progress"])
    assert result.exit_code == 2 and "prices file not found" in result.output.strip().splitlines()[-1]
    assert not (tmp_path / "runs").exists()


@pytest.fixture
def gpt_test(wire_server, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    wire_server.responder = offline_responder
    return f"openai:gpt-test@{wire_server.url}/v1"


def _sweep(tmp_path, model, *extra):
    args = ["--models", model, "--modes", "simple", "--test-set", "3M_2022_10K", "--runs-dir", str(tmp_path / "runs"),
            "--index-dir", str(tmp_path / "idx"), "--no-cache", "--no-progress", "--no-report", *extra]
    return CliRunner().invoke(bench.cli, args)


def test_a_priced_openai_sweep_records_its_cost_keeps_the_prices_and_honours_max_cost(gpt_test, tmp_path):
    refused = _sweep(tmp_path, gpt_test, "--max-cost", "1")
    assert refused.exit_code == 2 and "give its price with --prices FILE" in refused.output
    result = _sweep(tmp_path, gpt_test, "--max-cost", "1", "--prices", str(_file(tmp_path, PRICED)))
    assert result.exit_code == 0, result.output
    sweep = next((tmp_path / "runs").iterdir())
    records = [json.loads(line) for line in (sweep / "runs.jsonl").read_text().splitlines()]
    assert len(records) == 3
    for record in records:
        usage = record["usage"]
        expected = (usage["input"] * 2.0 + usage["output"] * 8.0 + usage["cache_read"] * 0.5 + usage["cache_write"] * 2.0) / 1e6
        assert usage["input"] > 0 and record["cost_usd"] == pytest.approx(expected)
    assert f"spent: ${sum(r['spent_usd'] for r in records):.4f} of --max-cost $1.00" in result.output
    manifest = json.loads((sweep / "manifest.json").read_text())
    assert manifest["config"]["prices"] == {"gpt-test": {"input": 2.0, "output": 8.0, "cache_read": 0.5, "cache_write": 2.0}}


def test_without_a_price_the_cost_is_unknown(gpt_test, tmp_path):
    assert _sweep(tmp_path, gpt_test).exit_code == 0
    records = [json.loads(line) for line in next((tmp_path / "runs").iterdir()).joinpath("runs.jsonl").read_text().splitlines()]
    assert records and all(r["cost_usd"] is None for r in records)


def test_the_judge_models_cost_is_priced_by_analyze_prices(gpt_test, tmp_path):
    assert _sweep(tmp_path, "offline").exit_code == 0
    sweep = next((tmp_path / "runs").iterdir())

    def judge_cost(*extra: str):
        out = tmp_path / f"report{len(extra)}"
        result = CliRunner().invoke(analyze.cli, [str(sweep), "--judge-model", gpt_test, "--out", str(out), "--no-progress",
                                                  "--no-cache", "--no-history", *extra])
        assert result.exit_code == 0, result.output
        judge = json.loads((out / "summary.json").read_text())["judge"]
        return judge["tokens"], judge["cost_usd"]

    tokens, unknown = judge_cost()
    assert tokens > 0 and unknown is None
    tokens_priced, cost = judge_cost("--prices", str(_file(tmp_path, PRICED)))
    assert tokens_priced == tokens and cost is not None and 0 < cost <= tokens * 8.0 / 1e6


def test_ask_prices_its_model_with_prices(gpt_test, tmp_path):
    args = ["ask", "What was 3M's capital expenditure in FY2022?", "--pdf", str(PDF_DIR / "3M_2022_10K.pdf"), "--mode", "simple",
            "--model", gpt_test, "--no-cache"]
    unknown = CliRunner().invoke(bench.cli, args)
    priced = CliRunner().invoke(bench.cli, [*args, "--prices", str(_file(tmp_path, PRICED))])
    assert unknown.exit_code == priced.exit_code == 0, unknown.output + priced.output
    assert "cost unknown" in unknown.output and "cost $0.0" in priced.output
    bad = CliRunner().invoke(bench.cli, [*args, "--prices", str(_file(tmp_path, "[x"))])
    assert bad.exit_code == 2 and "is not valid TOML" in bad.output


@pytest.mark.parametrize("damaged", ["cheap", {"gpt-test": {"input": -1, "output": 1}}, {"gpt-test": [1, 2]}])
def test_a_resume_of_a_manifest_with_damaged_prices_is_refused_as_damaged(tmp_path, damaged):
    assert _sweep(tmp_path, "offline").exit_code == 0
    sweep = next((tmp_path / "runs").iterdir())
    manifest = json.loads((sweep / "manifest.json").read_text())
    manifest["config"]["prices"] = damaged
    (sweep / "manifest.json").write_text(json.dumps(manifest))
    result = CliRunner().invoke(bench.cli, ["--resume", str(sweep), "--no-progress", "--no-report"])
    assert result.exit_code == 2, result.output
    assert "its config cannot be resumed" in result.output and "the manifest is damaged" in result.output

"""The hybrid judge: the numeric check decides what it can with certainty, and a judge model
decides the rest through the same client layer as the runs (retries, response cache,
usage); its verdicts are cached, so re-judging costs nothing. With ``--judge-model
offline`` the rest is decided by the rule-based offline judge instead, without a model:
its verdicts say so (method ``rules``) and are recomputed every time, so a change to its
rules is never hidden behind verdicts the old rules cached.
"""
from __future__ import annotations

import ast
import asyncio
import functools
import hashlib
import json
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from core import paths
from core.errors import UserError
from core.llm.base import ProviderError, ProviderSettings
from core.llm.cache import ResponseCache
from core.llm.client import ModelClient, RunMeter
from core.llm.registry import check_model, endpoint, lasting_failure, open_client, parse_model_spec
from core.protocol import JudgeVerdict
from core.records import RunRecord
from core.reply_parsing import MalformedOutput, ask_json
from core.trace import Trace
from harness.dataset import Question
from harness.judge import LABELS, MAX_JUDGE_RUNS, majority_label
from harness.judge.batching import check_batch_judge, prefill_judge_calls
from harness.judge.cache import VerdictCache, verdict_key
from harness.judge.grader_address import says_nothing
from harness.judge.numeric_check import numeric_check
from harness.judge.offline_judge import heuristic_verdict
from harness.judge.rubric import JUDGE_SYSTEM, RUBRIC_VERSION, judge_prompt
from harness.judge.structured_answer import answer_text
from harness.judge.verdict import Verdict

DEFAULT_JUDGE_MODEL = "anthropic:claude-sonnet-4-5"
SAMPLES_RULE = "strict-majority"  # how --judge-runs samples are combined (majority_label), in the fingerprint
OFFLINE_JUDGE = "offline"  # the rule-based judge: no model, no key
# The deterministic judges' own code: a verdict judged by other rules is not reused.
_RULE_MODULES = (
    "affirmed_denial", "amounts", "answered_first", "asides", "average_shown", "candidate_values", "name_commitment", "answer_reading", "causes", "change_between", "change_direction", "change_kind", "choices", "claims", "commitment", "comparison", "disguise", "disowned", "event_words", "exchanged_values", "gold_wording", "grader_address", "hedging", "metric_use", "option_figures",
    "number_evidence", "number_swaps", "number_words",
    "numeric_check",
    "left_out", "line_items", "offline_judge", "prose_verdict", "ranking", "refusal", "respectively", "roles", "span_asked", "structured_answer", "summary_ahead", "tables", "term_direction", "thing_kinds", "turned_copy", "two_values", "undone_deals", "undone_picks", "unshown", "verdict_commitment", "verdict_polarity", "word_order", "words",
    "value_scope", "worked_arithmetic",
)


def _code_of(path: Path) -> bytes:
    """A module's code without its comments and docstrings: what its verdicts depend on. A
    version of the text itself would change with every comment, and each change makes stored
    verdicts stale and the history's figures of two judges that judge alike incomparable."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                node.body = node.body[1:] or [ast.Pass()]
    return ast.dump(tree).encode("utf-8")


@functools.cache
def rules_version() -> str:
    """A hash of the rule modules' code (worked out on first use: parsing them takes ~50 ms)."""
    return hashlib.sha256(b"".join(_code_of(Path(__file__).parent / f"{name}.py") for name in _RULE_MODULES)).hexdigest()[:16]


def judge_version(judge_model: str | None) -> str:
    """What a judge's verdicts depend on besides its name: the rules of the numeric check
    and the offline judge, and for a model judge its rubric. Figures judged at two versions
    do not compare (the trend gate keeps them apart)."""
    if judge_model and judge_model != OFFLINE_JUDGE:
        return f"rules {rules_version()[:8]}, rubric {RUBRIC_VERSION}"
    return f"rules {rules_version()[:8]}"


def judge_name(judge_model: str | None) -> str:
    """How a report names a judge: the rule-based offline judge is never called a model."""
    if not judge_model:
        return "numeric check only"
    if judge_model == OFFLINE_JUDGE:
        return "numeric check + rule-based offline judge (no model)"
    return f"numeric check + model judge {judge_model}"


@dataclass
class JudgeItem:
    item_id: str  # a run id, or a row id when calibrating
    question: str
    gold: str
    answer: str
    status: str = "ok"
    justification: str = ""
    error: str = ""  # why a run gave no answer: the retriever's reason (fail) or the harness's error


class JudgeCannotRun(UserError):
    """The judge model's provider refused it for good (a rejected key, an unknown model):
    no answer can be judged, and each further call would only fail the same way."""

    def __init__(self, cause: str, fix: str):
        super().__init__(f"the judge cannot run: {cause}", f"{fix}, then judge the sweep again with analyze.py "
                                                           "(the verdicts given before are in the verdict cache)")


@dataclass
class JudgeSettings:
    judge_model: str | None = None  # None: numeric check only
    judge_runs: int = 1
    verdict_cache: Path | None = field(default_factory=lambda: paths.CACHE_DIR / "verdicts.sqlite")
    response_cache: Path | None = field(default_factory=lambda: paths.CACHE_DIR / "responses.sqlite")
    provider: ProviderSettings = field(default_factory=ProviderSettings)
    concurrency: int = 8
    batch: bool = False  # the model's calls through its batch API (--batch)
    batch_store: Path | None = None  # where batch ids are kept (the sweep folder's batches.json)
    # False: reuse what is stored and decide the rest with the numeric check, calling no model.
    allow_model_calls: bool = True
    # The judge model's server (``judge_server``), resolved once by ``judge_items``: each
    # answer's fingerprint and verdict-cache key name it.
    server: str | None = None


@dataclass
class JudgeOutcome:
    verdicts: list[Verdict]
    meter: RunMeter
    judge_model: str | None

    @property
    def by_method(self) -> Counter:
        return Counter(v.method for v in self.verdicts)


def items_from_records(records: Iterable[RunRecord], questions: dict[str, Question]) -> list[JudgeItem]:
    items = []
    for record in records:
        question = questions.get(record.question_id)
        if question is None:
            raise UserError(f"run {record.run_id} answers question {record.question_id}, which is not in the questions file", "pass the questions file the sweep used")
        items.append(JudgeItem(record.run_id, question.text, question.gold.answer, record.answer, record.status, question.gold.justification, record.reason))
    return items


def check_judge(settings: JudgeSettings) -> None:
    if not 1 <= settings.judge_runs <= MAX_JUDGE_RUNS:
        raise UserError(f"--judge-runs must be 1 to {MAX_JUDGE_RUNS}, got {settings.judge_runs}", f"pass --judge-runs 1 to {MAX_JUDGE_RUNS}")
    if settings.judge_model and settings.judge_model != OFFLINE_JUDGE:
        check_model(parse_model_spec(settings.judge_model), settings.provider)
    if settings.batch:
        check_batch_judge(settings.judge_model, OFFLINE_JUDGE)


def fingerprint(item: JudgeItem, settings: JudgeSettings) -> str:
    """What a verdict depends on: the answer under judgment, its gold, and the judge."""
    payload = [item.question, item.gold, item.answer, item.status, item.error[:200], settings.judge_model or "",
               settings.judge_runs, RUBRIC_VERSION, rules_version()]
    if server := judge_server(settings):  # another server's judge of the same name is another judge
        payload.append(server)
    if settings.judge_runs > 1:  # how the samples are combined: verdicts stored before ties went to the worse label are stale
        payload.append(SAMPLES_RULE)
    return hashlib.sha256(json.dumps(payload, ensure_ascii=False).encode()).hexdigest()


def judge_server(settings: JudgeSettings) -> str:
    """The server a model judge is reached at; empty for the offline judge and for none."""
    if settings.server is not None:
        return settings.server
    if not settings.judge_model or settings.judge_model == OFFLINE_JUDGE:
        return ""
    try:
        return endpoint(parse_model_spec(settings.judge_model), settings.provider)
    except UserError:
        return ""


def _reusable(kept: Verdict | None, item: JudgeItem, settings: JudgeSettings) -> Verdict | None:
    """A stored verdict still valid for this item: same fingerprint, and a real label (an
    answer left unjudged is judged when a judge is next allowed to)."""
    if kept is None or kept.label not in LABELS or kept.fingerprint != fingerprint(item, settings):
        return None
    return kept


def judge_items(
    items: list[JudgeItem], settings: JudgeSettings, on_done: Callable[[], None] | None = None,
    stored: Mapping[str, Verdict] | None = None,
) -> JudgeOutcome:
    """Judge every item; a ``stored`` verdict (by item id) whose fingerprint still matches is
    reused as it is."""
    if settings.allow_model_calls:
        check_judge(settings)
    settings = replace(settings, server=judge_server(settings))
    return asyncio.run(_judge_all(items, settings, on_done, stored or {}))


async def _judge_all(
    items: list[JudgeItem], settings: JudgeSettings, on_done: Callable[[], None] | None, stored: Mapping[str, Verdict],
) -> JudgeOutcome:
    meter = RunMeter()
    client = cache = responses = None
    needs_model = any(_reusable(stored.get(item.item_id), item, settings) is None for item in items)
    if settings.judge_model and settings.judge_model != OFFLINE_JUDGE and settings.allow_model_calls and needs_model:
        spec = parse_model_spec(settings.judge_model)
        responses = ResponseCache(settings.response_cache) if settings.response_cache else None
        client = open_client(spec, settings.provider, cache=responses, concurrency=settings.concurrency)
        if settings.verdict_cache and not client.provider.deterministic:
            cache = VerdictCache(settings.verdict_cache)
    gate = asyncio.Semaphore(settings.concurrency)

    async def one(item: JudgeItem) -> Verdict:
        mark = fingerprint(item, settings)
        kept = _reusable(stored.get(item.item_id), item, settings)
        if kept is not None:
            verdict = replace(kept, cached=True)
        else:
            async with gate:
                verdict = await _judge_one(item, settings, client, meter, cache)
            verdict = replace(verdict, judged_with=settings.judge_model or "", fingerprint=mark)
        if on_done:
            on_done()
        return verdict

    try:
        if settings.batch and client is not None and settings.batch_store is not None:
            batched = client
            unsettled = [item for item in items if _reusable(stored.get(item.item_id), item, settings) is None]
            await prefill_judge_calls(batched, lambda item, verdicts: _judge_one(item, settings, batched, RunMeter(), verdicts),
                                      unsettled, cache, settings.batch_store)
        verdicts = await asyncio.gather(*(one(item) for item in items))
    finally:
        if client:
            await client.aclose()
        if cache:
            cache.close()
        if responses:
            responses.close()
    return JudgeOutcome(list(verdicts), meter, settings.judge_model)


async def _judge_one(item: JudgeItem, settings: JudgeSettings, client: ModelClient | None, meter: RunMeter, cache: VerdictCache | None) -> Verdict:
    if item.status != "ok":
        # A fail is the model giving up, its reason saying why: a refusal. An error (a provider
        # fault, a crash) is labelled so too, as FinanceBench scores a missing answer; the
        # report counts it apart.
        why = "declined to answer" if item.status == "fail" else "ended in an error"
        return Verdict(item.item_id, "refusal", "status", rationale=f"the run {why}: {item.error[:200]}")
    # The rules read a JSON answer ({"answer": ..., "reasoning": ...}) as the text it holds; a
    # judge model reads the answer as it was given.
    answer = answer_text(item.answer)
    # (The check is given the answer as written: it reads words to the grader in the thoughts
    # and hidden markup the reading leaves out, which a judge model would see.)
    decision = numeric_check(item.question, item.gold, item.answer)
    if decision.label is not None:
        return Verdict(item.item_id, decision.label, "numeric", rationale=decision.rationale)
    if says_nothing(answer):
        # Asked before any model: a judge model is known to credit "Solution:" or "Let's
        # solve this step by step." as an answer.
        return Verdict(item.item_id, "incorrect", "rules", rationale="the answer claims nothing (a reasoning opener or a verdict on itself)")
    if settings.judge_model == OFFLINE_JUDGE:
        ruled = heuristic_verdict(item.question, item.gold, answer, item.justification, decided=decision)
        return Verdict(item.item_id, ruled.label, "rules", OFFLINE_JUDGE, ruled.rationale)
    if client is None:
        why = "the numeric check cannot decide this answer; judge with --judge"
        if settings.judge_model and not settings.allow_model_calls:
            why = f"not judged by {settings.judge_model} yet; judge with --judge-model {settings.judge_model}"
        return Verdict(item.item_id, "unjudged", "none", rationale=why)
    # This answer's calls are metered apart and added to the whole judging's after: answers
    # are judged concurrently, and the shared meter's growth while this one waited held
    # other answers' calls too (a sweep's judging was counted at two to six times its tokens).
    own = RunMeter()
    model = settings.judge_model or ""
    # The verdict cache is shared by every sweep: a judge of the same name on another server
    # has its own entries.
    cached_as = f"{model}@{server}" if (server := judge_server(settings)) else model

    async def judged(sample: int) -> tuple[dict[str, str], bool]:
        key = verdict_key(item.question, item.gold, item.answer, RUBRIC_VERSION, cached_as, sample)
        hit = cache.get(key) if cache else None
        if hit is not None:
            return hit, True
        hit = await _ask_judge(item, client, own, sample)
        if cache and hit["label"] in LABELS:
            cache.put(key, hit)
        return hit, False

    # The samples are asked together, so that a batch (--batch) holds all of them at once.
    outcomes = await asyncio.gather(*(judged(sample) for sample in range(settings.judge_runs)), return_exceptions=True)
    meter.merge(own)
    for outcome in outcomes:
        if isinstance(outcome, BaseException):
            raise outcome
    hits = [o for o in outcomes if not isinstance(o, BaseException)]
    samples = [hit["label"] for hit, _ in hits]
    rationales = [hit["rationale"] for hit, _ in hits]
    all_cached = all(cached for _, cached in hits)
    # The samples' majority, a tie never credited as correct (the first sample's label won
    # ties, so two samples of "correct" and "incorrect" made a success).
    majority = majority_label(samples)
    count = samples.count(majority)
    return Verdict(
        item.item_id, majority, "llm", model, rationales[samples.index(majority)],  # majority_label picks one of the samples' labels
        verdict_key(item.question, item.gold, item.answer, RUBRIC_VERSION, model, 0),
        samples, count / len(samples) if len(samples) > 1 else None,  # agreement needs --judge-runs > 1
        own.usage.total, own.cost_usd, all_cached,
    )


async def _ask_judge(item: JudgeItem, client: ModelClient, meter: RunMeter, sample: int) -> dict[str, str]:
    llm = client.bind(meter=meter, trace=Trace(None), run_number=sample + 1)
    prompt = judge_prompt(item.question, item.gold, item.answer, item.justification)
    try:
        verdict = await ask_json(llm, JUDGE_SYSTEM, prompt, role="judge", max_tokens=400, read=JudgeVerdict.read,
                                 one_of=JudgeVerdict.KEYS)
    except MalformedOutput as exc:  # re-asked once already: the answer stays unjudged, saying why
        return {"label": "unjudged", "rationale": str(exc)}
    except ProviderError as exc:
        lasting = lasting_failure(client.spec.label, client.spec, exc)
        if lasting is not None:
            # Every other answer would fail the same way, one call each: judging stops here.
            raise JudgeCannotRun(lasting.cause, lasting.fix) from None
        return {"label": "unjudged", "rationale": f"the judge model failed: {exc}"}
    return verdict.to_dict()

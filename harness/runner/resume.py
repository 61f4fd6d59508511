"""Resuming a sweep: its own config and plan, held to what the sweep recorded.

A sweep's plan and settings are fixed when it starts; a resume takes again only what cannot
be stored or may change between attempts (the budgets, credentials, the cache). Options
given with ``--resume`` that it does not take are named in a warning, not dropped in
silence; and a resume whose questions or filings differ from the sweep's is refused, since
its runs would answer other questions, or read another version of a filing, than the runs
already recorded.
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from core.errors import UserError
from core.records import STATUSES, STOPPED
from core.redact import is_redacted, redact_text, redact_url
from harness.config import SweepConfig
from harness.dataset import Question
from harness.runner.halt import ModelHalts
from harness.runner.plan import SweepPlan
from harness.runner.schedule import SweepTally
from harness.sweepdir import RETRIED_ERRORS, SweepDir
from retrievers.index.builder import file_sha256

# bench.py options (click names) a resume takes from the command line.
TAKEN_ON_RESUME = frozenset({
    "resume", "retry_errors", "max_cost", "max_run_seconds", "max_run_tokens", "max_run_turns", "openai_api_key",
    "cache_dir", "no_cache", "report", "judge_model", "reports_dir", "no_progress",
})


def ignored_on_resume(given: dict[str, str], manifest: dict[str, Any]) -> list[str]:
    """The flags among ``given`` (click name -> flag as shown) that a resume of this sweep
    does not use. --models, --index-model and --openai-base-url are used only to give
    back a credential the manifest never stores."""
    config = manifest.get("config") or {}
    credentials = {
        "models": any(is_redacted(str(m)) for m in config.get("models") or []),
        "index_model": is_redacted(str(config.get("index_model") or "")),
        "openai_base_url": is_redacted(str(config.get("openai_base_url") or "")),
    }
    return [flag for name, flag in given.items() if name not in TAKEN_ON_RESUME and not credentials.get(name, False)]


def question_hashes(questions: Iterable[Question]) -> dict[str, str]:
    """What each question asks, as a short hash of its text and filing: what a run reads of
    it (the gold is the judge's, and is read again whenever the sweep is judged)."""
    return {q.id: hashlib.sha256(json.dumps([q.text, q.doc_name], ensure_ascii=False).encode()).hexdigest()[:16] for q in questions}


def check_same_questions(plan: SweepPlan, manifest: dict[str, Any], sweep: SweepDir) -> None:
    """Refuse a resume when a question's text or filing changed since the sweep started (a
    questions file edited, or pulled, between the interruption and the resume): its runs
    before would answer one question and its runs after another, judged as one cell. (A
    sweep from before hashes were recorded is not checked.)"""
    then = manifest.get("question_sha256")
    if not isinstance(then, dict):
        return
    now = question_hashes(plan.questions)
    changed = sorted(qid for qid, digest in now.items() if qid in then and then[qid] != digest)
    if changed:
        more = f" and {len(changed) - 1} more" if len(changed) > 1 else ""
        raise UserError(
            f"question {changed[0]}{more} of {sweep.path} asks something else than when the sweep started (its text or its "
            f"filing changed in {plan.config.questions_file}): resuming would mix answers to two questions in one cell",
            "restore the questions file the sweep used, or start a new sweep",
        )


def check_same_plan(plan: SweepPlan, manifest: dict[str, Any], sweep: SweepDir) -> None:
    """Refuse a resume whose re-derived runs differ from the sweep's: its questions file or
    PDFs changed, and the manifest would be rewritten to a plan the records do not match."""
    recorded = manifest.get("runs")
    if not isinstance(recorded, list):
        raise UserError(f"{sweep.manifest_path} lists no planned runs, so what the sweep was to run cannot be checked",
                        "the manifest is damaged; start the sweep again")
    before = {str(run.get("run_id")) for run in recorded if isinstance(run, dict)}
    now = {run.run_id for run in plan.runs}
    if before == now:
        return
    gone, new = sorted(before - now), sorted(now - before)
    example = f"no longer planned: {gone[0]}" if gone else f"new: {new[0]}"
    raise UserError(
        f"the questions of {sweep.path} changed since it started: {len(gone)} of its {len(before)} runs are no longer planned "
        f"and {len(new)} new ones would be (e.g. {example}); the questions file {plan.config.questions_file} or the PDFs in "
        f"{plan.config.pdf_dir} differ from the sweep's",
        "restore the questions file and the PDFs the sweep used, or start a new sweep",
    )


def check_same_indexer(manifest: dict[str, Any], sweep: SweepDir, current: str) -> None:
    """Refuse a resume when the indexer's code changed since the sweep started (its version
    holds a hash of that code): the runs still to do would read other trees, other
    summaries, than the runs recorded, and one cell would hold runs of both."""
    then = (manifest.get("environment") or {}).get("indexer_version")
    if isinstance(then, str) and then != current:
        commit = (manifest.get("environment") or {}).get("git_commit")
        at = f" (git commit {str(commit)[:12]})" if commit else ""
        raise UserError(
            f"the indexer changed since {sweep.path} started (version {then} then, {current} now): its remaining runs "
            "would read other trees than its recorded runs read",
            f"finish it with the code it started with{at}, or start a new sweep",
        )


def check_same_documents(documents: dict[str, Path], manifest: dict[str, Any]) -> dict[str, str]:
    """Refuse a resume when a filing differs from the one the sweep's runs read (its
    SHA-256 in the manifest): one sweep would hold answers about two versions of it.
    Returns the SHA-256 of each filing it read (doc_name -> hash), for the index cache to
    take instead of reading the file again."""
    recorded = (manifest.get("environment") or {}).get("indexes") or {}
    changed = []
    hashed: dict[str, str] = {}
    for name, pdf in sorted(documents.items()):
        then = (recorded.get(name) or {}).get("pdf_sha256") if isinstance(recorded.get(name), dict) else None
        if isinstance(then, str) and pdf.is_file():
            now = hashed[name] = file_sha256(pdf)
            if now != then:
                changed.append(f"{pdf} (sha256 {then[:12]}... when the sweep started, {now[:12]}... now)")
    if changed:
        more = f" and {len(changed) - 1} more" if len(changed) > 1 else ""
        raise UserError(
            f"{changed[0]}{more} differs from the filing the sweep's runs read: resuming would mix two versions of it in one sweep",
            "restore the filing the sweep used (its sha256 is in the manifest's environment.indexes), or start a new sweep",
        )
    return hashed


@dataclass
class Previous:
    """What a resumed sweep has already recorded, read once: who finished (a tally, not
    the records), how long each question took, what everything cost, and which models
    reached their provider (the errors --retry-errors sets aside count too: they are
    what it found)."""

    tally: SweepTally
    seconds: dict[tuple[str, str], float] = field(default_factory=dict)
    spent: float = 0.0
    halts: ModelHalts = field(default_factory=ModelHalts)

    @classmethod
    def read(cls, sweep: SweepDir, planned: set[str], retry_errors: bool,
             warn: Callable[[str], None] = lambda message: None) -> Previous:
        """``planned``: the run ids of the sweep's plan; a record of any other run (pasted
        in from another sweep) is left out of the tally, the spend and the timings, and named."""
        previous = cls(SweepTally(len(planned)))
        foreign: list[str] = []
        for record in sweep.each_record(repair=True):
            if record.run_id not in planned:
                foreign.append(record.run_id)
                continue
            previous.tally.add(record)
            previous.halts.finished(record, earlier=True)
            previous.spent += record.spent_usd or 0.0
            key = (record.question_id, record.mode)
            previous.seconds[key] = max(previous.seconds.get(key, 0.0), record.duration_ms / 1000)
        # Runs the budget stopped and errors set aside by --retry-errors were paid for too.
        for path in (sweep.stopped_path, sweep.path / RETRIED_ERRORS):
            for record in sweep.each_record(path, statuses=(*STATUSES, STOPPED)):
                previous.spent += record.spent_usd or 0.0
        if retry_errors:
            for run_id in [i for i, status in previous.tally.statuses.items() if status == "error"]:
                previous.tally.forget(run_id)
        if foreign:
            warn(f"{len(foreign)} record(s) in {sweep.runs_path} are of runs the sweep never planned (e.g. {foreign[0]}); "
                 "they are left out of its counts, and analyze.py leaves them out of its figures")
        return previous


def config_of(path: Path, given: SweepConfig) -> SweepConfig:
    """The config a resume of the sweep at ``path`` runs with (read without its lock): the
    end-of-sweep judge reaches the provider with the sweep's settings, not the command's."""
    sweep = SweepDir.open(path)
    return resumed_config(sweep.read_manifest(), given, sweep)


def resumed_config(manifest: dict[str, Any], given: SweepConfig, sweep: SweepDir) -> SweepConfig:
    """The sweep's own config, with the budgets given now and the credentials that were
    redacted from its manifest given again."""
    try:
        config = SweepConfig.from_manifest(manifest["config"], openai_api_key=given.openai_api_key, cache_path=given.cache_path)
    except (KeyError, TypeError, ValueError) as exc:
        raise UserError(f"{sweep.manifest_path}: its config cannot be resumed ({type(exc).__name__}: {exc})",
                        "the manifest is damaged; start the sweep again") from None
    for name, value in given.budgets.to_dict().items():  # budgets given now override the sweep's
        if value is not None:
            setattr(config.budgets, name, value)
    config.models = [_with_credential(m, given.models, "--models") for m in config.models]
    if config.index_model is not None:
        config.index_model = _with_credential(config.index_model, [given.index_model or ""], "--index-model")
    stored_url = config.openai_base_url
    if stored_url is not None and is_redacted(stored_url):
        if given.openai_base_url is None or redact_url(given.openai_base_url) != stored_url:
            raise UserError(f"the sweep's --openai-base-url {stored_url} had a credential in it, which is never stored",
                            "resume with the same --openai-base-url as well")
        config.openai_base_url = given.openai_base_url
    return config


def _with_credential(stored: str, given: list[str], flag: str) -> str:
    if not is_redacted(stored):
        return stored
    for text in given:
        if redact_text(text.strip()) == stored:
            return text.strip()
    raise UserError(f"the sweep's model {stored} had a credential in its URL, which is never stored",
                    f"resume with {flag} '<the full spec>' as well")


def past_index_spend(manifest: dict[str, Any]) -> float:
    """What building the sweep's trees with a model cost when the sweep first ran (for a
    resume): it counts against --max-cost like the runs. Trees built now are settled in the
    ledger call by call."""
    spend = 0.0
    for entry in ((manifest.get("environment") or {}).get("indexes") or {}).values():
        build = entry.get("build")
        if entry.get("cache") == "built" and isinstance(build, dict) and isinstance(build.get("spent_usd"), (int, float)):
            spend += build["spent_usd"]
    return spend

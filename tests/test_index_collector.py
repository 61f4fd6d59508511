"""A cold build runs with Python's cyclic garbage collector paused (it allocates a tuple per
line and frees them by reference counting) and always sets it back as it was: after a
build, after a failed one, and only when the last of several concurrent builds ends."""
from __future__ import annotations

import gc
import threading

import pytest

import retrievers.index.builder as builder
from core.errors import PDFError
from core.paths import PDF_DIR
from retrievers.index import build_index

SMALL_PDF = PDF_DIR / "AMCOR_2023Q4_EARNINGS.pdf"


@pytest.fixture(autouse=True)
def collector_on():
    gc.enable()
    yield
    gc.enable()


def record_collector(monkeypatch, seen: list[bool], wait: threading.Event | None = None) -> None:
    """Make summarize_tree (the last stage of a build) note whether the collector is on."""
    real = builder.summarize_tree

    def summarize(*args, **kwargs):
        seen.append(gc.isenabled())
        if wait is not None and threading.current_thread() is not threading.main_thread():
            assert wait.wait(30)
        return real(*args, **kwargs)

    monkeypatch.setattr(builder, "summarize_tree", summarize)


def test_a_build_pauses_the_collector_and_turns_it_back_on(monkeypatch):
    seen: list[bool] = []
    record_collector(monkeypatch, seen)
    build_index(SMALL_PDF)
    assert seen == [False]
    assert gc.isenabled()


def test_a_collector_that_was_off_stays_off():
    gc.disable()
    build_index(SMALL_PDF)
    assert not gc.isenabled()


def test_a_failed_build_turns_the_collector_back_on(tmp_path):
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"%PDF-1.7\n not a pdf at all")
    with pytest.raises(PDFError):
        build_index(broken)
    assert gc.isenabled()


def test_a_model_tree_builder_runs_with_the_collector_on(monkeypatch):
    """A builder that is not structural (a model's) may wait minutes on calls: the pause is
    lifted while it runs, and the summaries after it are paused again."""
    during_tree: list[bool] = []
    seen: list[bool] = []
    record_collector(monkeypatch, seen)

    def model_builder(content):
        during_tree.append(gc.isenabled())
        return builder.default_tree_builder(content)

    build_index(SMALL_PDF, tree_builder=model_builder)
    assert during_tree == [True]
    assert seen == [False]
    assert gc.isenabled()


def test_concurrent_builds_share_one_pause(monkeypatch):
    """The collector's switch is the process's: one build ending must not turn it on
    under another still running."""
    seen: list[bool] = []
    release = threading.Event()
    record_collector(monkeypatch, seen, wait=release)
    errors: list[BaseException] = []

    def build_in_thread():
        try:
            build_index(SMALL_PDF)
        except BaseException as exc:  # noqa: BLE001 - reported by the assertion below
            errors.append(exc)

    other = threading.Thread(target=build_in_thread)
    other.start()
    while not seen:  # the other build has reached its summaries, paused
        other.join(0.01)
        assert other.is_alive() or seen, "the build in the thread ended before its summaries"
    build_index(SMALL_PDF)  # starts and ends while the other build is still in its summaries
    assert not gc.isenabled(), "a build ending turned the collector on under another build"
    release.set()
    other.join(30)
    assert not errors
    assert seen == [False, False]
    assert gc.isenabled()


def _cyclic_garbage_of(work) -> list[object]:
    """What ``work`` leaves for the cyclic collector: objects freed only by it, not by
    reference counting."""
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        work()
        gc.collect()
        return list(gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()


@pytest.mark.parametrize("pdf", [SMALL_PDF, PDF_DIR / "3M_2022_10K.pdf"], ids=["earnings release", "10-K"])
def test_a_build_leaves_its_lines_to_reference_counting(pdf):
    """The pause above is sound only if a build makes no cycles that hold its bulk: a
    recursive closure over the layout kept every line of the document alive until the next
    collection, which then passed over them all. (A second build, so that the ctypes
    functions made once per process are made before the measure.)"""
    from retrievers.index.layout import Layout
    from retrievers.index.line_styles import Line
    from retrievers.index.tree import Node

    pages = build_index(pdf).page_count
    garbage = _cyclic_garbage_of(lambda: build_index(pdf))
    held = [type(o).__name__ for o in garbage if isinstance(o, (Line, Layout, Node))]
    assert held == []
    # What is left are ctypes array types and the few objects that make each up: one per
    # page for pypdfium2's text buffer, a few per document for the reader's buffers.
    assert len(garbage) <= 8 * pages + 200

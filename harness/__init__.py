"""Benchmark harness for reasoning-based retrieval over financial filings."""

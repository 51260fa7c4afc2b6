"""Compatibility reports and the CI gate (reads result files only)."""

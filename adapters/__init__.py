"""Implementations under test, behind one small interface (`adapters.base`)."""

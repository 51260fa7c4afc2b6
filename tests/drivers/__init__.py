"""Wire-protocol drivers with planted faults, run as programs by the tests."""

"""`python -m conformance.cli`: the `nx-conformance` command."""

import sys

from conformance.cli import main

sys.exit(main())

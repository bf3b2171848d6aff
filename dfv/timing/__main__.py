"""`python -m dfv.timing`: see dfv.timing.command."""

import sys

from dfv.timing.command import main

sys.exit(main())

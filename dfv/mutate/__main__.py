"""`python -m dfv.mutate`: see dfv.mutate.command."""

import sys

from dfv.mutate.command import main

sys.exit(main())

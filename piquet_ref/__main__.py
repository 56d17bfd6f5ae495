"""`python -m piquet_ref`: the `piquet-ref` command line, for where the console script is not on the PATH."""

import sys

from piquet_ref.cli.main import main

sys.exit(main())

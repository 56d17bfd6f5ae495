import sys

from piquet_ref.cli.main import main

sys.exit(main())

"""`python -m atomc.explain`: the same as the `atomc-explain` command."""

import sys

from .cli import main

sys.exit(main())

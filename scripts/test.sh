#!/usr/bin/env bash
# Installs everything, then runs the whole test suite on both cores.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install.sh
export PATH="$PWD/.venv/bin:$PATH"
exec python -m pytest -n 2 -q -p no:cacheprovider "$@"

# lit configuration for atomc's golden text tests (IR, MIR, assembly, line tables).
# Run with `lit tests/lit` or through pytest (tests/test_lit.py, one item per file).
# ruff: noqa: F821  (lit injects `config` and `lit_config`)

import os
import re
import shutil
import sys

import lit.formats

config.name = "atomc"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".ir", ".mir", ".s"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.local.cfg"]
config.test_source_root = os.path.dirname(__file__)
# tests/test_lit.py runs lit's runner on one test file at a time in each xdist worker: each
# file gets its own exec root
# (the `Output` directories and lit's `.lit_test_times.txt`, which concurrent runs would
# otherwise rewrite at once and leave torn, failing every later run's discovery)
if os.environ.get("ATOMC_LIT_EXEC_ROOT"):
    config.test_exec_root = os.environ["ATOMC_LIT_EXEC_ROOT"]

py = sys.executable
# Longest first: lit applies substitutions in order and `%p` is a builtin.
config.substitutions.extend([
    ("%dwarfdump", f"{py} -m atomc.tools.dwarfdump"),
    ("%python", py),
    ("%atomc", f"{py} -m atomc"),
    ("%opt", f"{py} -m atomc.tools.opt"),
    (r"(?<![\w/.%-])filecheck(?![\w/.-])", f"{py} -m filecheck"),
])

for var in ("HOME", "PYTHONPATH", "TMPDIR", "LANG", "LC_ALL"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
# The test session's compile server (tests/conftest.py) takes `%atomc` commands too, as
# it does every other test's. It runs a command only where the interpreter's PYTHON*
# and ATOMC_* variables are its own and otherwise declines (the command then runs in a
# process of its own, as without ATOMC_SERVER), so the PYTHON* ones come along: lit's
# reduced environment lacked them and the server declined every command, each paying
# the compiler's imports again. A server's child runs with the server's PYTHON*
# settings anyway. Other ATOMC_* variables stay out of lit's environment as before.
# Without the session's server, "off": never a user's automatic server (server/auto.py).
server = os.environ.get("ATOMC_SERVER") or "off"
config.environment["ATOMC_SERVER"] = server
if server not in ("off", "0"):
    config.environment.update({k: v for k, v in os.environ.items() if k.startswith("PYTHON")})

if shutil.which("gdb"):
    config.available_features.add("gdb")
if shutil.which("lldb-22") or shutil.which("lldb"):
    config.available_features.add("lldb")
dwarfdump = shutil.which("llvm-dwarfdump-22") or shutil.which("llvm-dwarfdump")
if dwarfdump:
    config.available_features.add("llvm-dwarfdump")
    config.substitutions.append((r"(?<![\w/.%-])llvm-dwarfdump(?![\w/.-])", dwarfdump))
objdump = shutil.which("llvm-objdump-22") or shutil.which("llvm-objdump")
if objdump:
    config.available_features.add("llvm-objdump")
    config.substitutions.append((r"(?<![\w/.%-])llvm-objdump(?![\w/.-])", objdump))
if re.match(r"linux", sys.platform):
    config.available_features.add("linux")

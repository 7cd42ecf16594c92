"""The option table: every entry is accepted, ignored or rejected as its class says,
every gcc option in it is one gcc-12 knows, and --help prints it."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from atomc.driver import parse
from atomc.driver.inventory import load
from atomc.driver.spec import Class, Form, Option, UsageError
from atomc.driver.table import table

from driver_support import GCC, atomc, ok

# argument values the table's converters accept (others get "x")
SAMPLE = {"-O": "2", "-g": "3", "-ggdb": "3", "-gdwarf-": "5", "-fmax-errors=": "3",
          "-x": "c", "-std=": "c99", "--std=": "c99", "--language=": "c",
          "--opt-bisect-limit=": "3", "-ffile-prefix-map=": "a=b",
          "-fdebug-prefix-map=": "a=b", "-fmacro-prefix-map=": "a=b",
          "-Werror=": "attributes", "-Wno-error=": "attributes", "-d": "M",
          "--passes=": "dce", "--print-after=": "dce", "--print-mir-after=": "peephole",
          "-Wformat-overflow": "1",
          "--param=": "max-inline-insns-single=10", "--param": "max-inline-insns-single=10"}


def value_of(o: Option) -> str:
    if o.values:
        return o.values[0]
    return SAMPLE.get(o.spelling, "x")


def words(o: Option) -> list[str]:
    v = value_of(o)
    if o.form is Form.FLAG:
        return [o.spelling]
    if o.form in (Form.SEPARATE, Form.JOINED_OR_SEPARATE):
        return [o.spelling, v]
    return [o.spelling + v]


ALL = table().options


def test_every_spelling_once():
    seen = set()
    for o in ALL:
        assert (o.spelling, o.form) not in seen, f"{o.spelling} ({o.form}) is in the table twice"
        seen.add((o.spelling, o.form))


def test_every_entry_has_a_description():
    for o in ALL:
        if o.cls is Class.REJECTED:
            assert o.missing, f"{o.spelling}: a rejected option must name the missing feature"
        else:
            assert o.help and "\n" not in o.help, f"{o.spelling}: needs a one-line description"


@pytest.mark.parametrize("cls", list(Class), ids=lambda c: c.value)
def test_class_behaviour(cls):
    """Walk the table: each option is looked up as itself, then accepted, recorded as
    ignored, or refused with an error naming the missing feature."""
    t = table()
    checked = 0
    for o in (o for o in ALL if o.cls is cls):
        argv = words(o)
        m = t.match(argv[0])
        assert m is not None and m.option.spelling == o.spelling, \
            f"{argv[0]} is matched as {m.option.spelling if m else None}, not {o.spelling}"
        if cls is Class.REJECTED:
            with pytest.raises(UsageError, match="does not support") as e:
                parse(argv)
            assert argv[0] in str(e.value) and o.missing in str(e.value)
        else:
            inv = parse(argv + (["-E"] if o.spelling == "-traditional" else []))
            shown = " ".join(argv)
            assert (shown in inv.ignored) == (cls is Class.IGNORED), shown
        checked += 1
    assert checked > 5


def _gcc_unrecognized(argv: list[str]) -> set[str]:
    proc = subprocess.run([GCC, "-E", "-x", "c", "/dev/null", "-o", "/dev/null", *argv],
                          capture_output=True, text=True, env={"LC_ALL": "C", "PATH": "/usr/bin"})
    return set(re.findall(r"unrecognized command-line option '([^']+)'", proc.stderr))


_NOT_IN_BATCH = re.compile(r"^(-E|-S|-c|-o|-x|-v|-###|--help.*|--version|-dump.*|-print-.*|"
                           r"--print-.*|--target-help|-ftarget-help|-fhelp.*|-fversion|"
                           r"--completion=|--output.*|--compile|--assemble|--preprocess|"
                           r"--language=|--verbose|-wrapper|-B|--prefix=|-specs=|--dump.*)$")


def test_every_gcc_option_is_known_to_gcc():
    """The table names no option gcc-12 would call unrecognized (atomc's own aside;
    -w stays out of the batch: it hides some of gcc's complaints)."""
    batch: list[str] = []
    spellings = {}
    for o in ALL:
        if o.cls is Class.ATOMC or _NOT_IN_BATCH.match(o.spelling) or o.spelling == "-w":
            continue
        w = words(o)
        if o.spelling == "-x":
            continue
        batch += w
        spellings[w[0]] = o.spelling
    unknown: set[str] = set()
    for i in range(0, len(batch), 400):
        chunk = batch[i:i + 400]
        while chunk and chunk[-1] in spellings and table().match(chunk[-1]).takes_next:
            chunk.pop()  # never split an option from its argument
        unknown |= _gcc_unrecognized(chunk)
    assert not {u for u in unknown if u in spellings}, sorted(unknown)


def test_inventory_is_gccs(tmp_path):
    """gcc-options.tsv is what scripts/gen_gcc_options.py derives from this gcc."""
    version = subprocess.run([GCC, "-dumpfullversion"], capture_output=True,
                             text=True).stdout.strip()
    tsv = Path(__file__).parents[2] / "src" / "atomc" / "driver" / "gcc-options.tsv"
    if f"gcc {version} " not in tsv.read_text().splitlines()[0]:
        pytest.skip(f"the inventory was derived from another gcc than {version}")
    script = Path(__file__).parents[2] / "scripts" / "gen_gcc_options.py"
    import importlib.util
    spec = importlib.util.spec_from_file_location("gen_gcc_options", script)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    mod.OUT = out = tmp_path / "gcc-options.tsv"
    mod.main(["gen", GCC])
    assert out.read_text() == tsv.read_text()


def test_warning_names_are_gccs():
    names = load().warnings
    assert {"all", "extra", "attributes", "format-security", "unused-variable"} <= names
    assert "foo" not in names


@pytest.mark.parametrize("arg,message", [
    ("-foo", "unrecognized command-line option '-foo'"),
    ("-Wfoo", "unrecognized command-line option '-Wfoo'"),
    ("-fno-foo", "unrecognized command-line option '-fno-foo'"),
    ("-mfoo", "unrecognized command-line option '-mfoo'"),
    ("-V", "unrecognized command-line option '-V'"),
    ("-qversion", "unrecognized command-line option '-qversion'"),
    ("-Werror=foo", "'-Werror=foo': no option '-Wfoo'"),
    ("-Wno-error=foo", "'-Wno-error=foo': no option '-Wfoo'"),
    ("-std=c3x", "unrecognized command-line option '-std=c3x'"),
    ("-Ofoo", "argument to '-O' should be a non-negative integer"),
    ("-g4", "debug output level '4' is too high"),
    ("-gfoo", "unrecognized debug output level 'foo'"),
    ("-xfoo", "language foo not recognized"),
    ("-fopenmp", "unsupported option '-fopenmp': atomc does not support OpenMP"),
    ("-fsanitize=address", "unsupported option '-fsanitize=address': atomc does not support sanitizers"),
    ("-flto", "unsupported option '-flto': atomc does not support link-time optimisation"),
    ("-m32", "unsupported option '-m32': atomc does not support 32-bit code"),
    ("-mx32", "unsupported option '-mx32': atomc does not support the x32 ABI"),
    ("-fprofile-generate", "unsupported option '-fprofile-generate': atomc does not support profile generation"),
    ("-fprofile-arcs", "unsupported option '-fprofile-arcs': atomc does not support profiling arcs"),
    ("--coverage", "unsupported option '--coverage': atomc does not support coverage"),
    ("-fopenacc", "unsupported option '-fopenacc': atomc does not support OpenACC"),
    ("-gsplit-dwarf", "unsupported option '-gsplit-dwarf': atomc does not support split DWARF"),
    ("-funsigned-char", "unsupported option '-funsigned-char': atomc does not support unsigned plain 'char'"),
    ("-fshort-enums", "unsupported option '-fshort-enums': atomc does not support -fshort-enums"),
    ("-mcmodel=large", "unsupported argument in option '-mcmodel=large'"),
])
def test_errors_as_gcc_words_them(arg, message, tmp_path):
    (tmp_path / "t.c").write_text("int main(void) { return 0; }\n")
    p = atomc(arg, "-c", "t.c", cwd=tmp_path)
    assert p.returncode == 1 and "Traceback" not in p.stderr
    assert f"atomc: error: {message}" in p.stderr, p.stderr
    assert not (tmp_path / "t.o").exists()


def test_gcc_agrees_on_unknown_options(tmp_path):
    (tmp_path / "t.c").write_text("int main(void) { return 0; }\n")
    for arg in ("-foo", "-Wfoo", "-V", "-qversion"):
        p = subprocess.run([GCC, arg, "-c", "t.c"], cwd=tmp_path, capture_output=True,
                           text=True, env={"LC_ALL": "C", "PATH": "/usr/bin"})
        assert p.returncode == 1 and f"unrecognized command-line option '{arg}'" in p.stderr


def test_unknown_wno_is_silent(tmp_path):
    (tmp_path / "t.c").write_text("int main(void) { return 0; }\n")
    p = ok(atomc("-Wno-foo", "-Werror", "-c", "t.c", cwd=tmp_path))
    assert p.stderr == ""


def test_ignored_options_are_silent_but_reported_by_v(tmp_path):
    (tmp_path / "t.c").write_text("int main(void) { return 0; }\n")
    flags = ["-fno-ipa-icf", "-fno-tree-vectorize", "-fno-early-inlining",
             "-fno-var-tracking-assignments", "-mtune=generic", "-falign-functions=32",
             "-fno-semantic-interposition", "-fno-plt", "--param=max-inline-insns-single=5"]
    p = ok(atomc(*flags, "-Werror", "-O2", "-c", "t.c", cwd=tmp_path))
    assert p.stderr == ""
    p = ok(atomc(*flags, "-v", "-O2", "-c", "t.c", cwd=tmp_path))
    for f in flags:
        assert f"ignoring '{f}'" in p.stderr


def test_help_prints_the_table():
    out = ok(atomc("--help")).stdout
    for o in ALL:
        if o.cls in (Class.ATOMC, Class.REJECTED) or (
                o.cls is Class.IMPLEMENTED and not o.help.startswith("announces")):
            assert o.describe_spelling() in out, o.spelling
    assert "--help=ignored" in out
    assert "Compile server (ATOMC_SERVER):" in out and "  off, 0 " in out
    ignored = ok(atomc("--help=ignored")).stdout
    for o in table().by_class(Class.IGNORED):
        assert o.describe_spelling() in ignored, o.spelling
    assert "-fno-ipa-icf" in ignored and "-mtune=" in ignored


def test_help_rejects_unknown_class():
    p = atomc("--help=optimizerz")
    assert p.returncode == 1 and "valid arguments to '--help='" in p.stderr


def test_missing_argument():
    for arg in ("-o", "-I", "-x", "-MF", "-Xlinker", "-include"):
        p = atomc("-c", "t.c", arg)
        assert p.returncode == 1 and f"missing argument to '{arg}'" in p.stderr, p.stderr


def test_python_entry_point():
    """The driver's entry point, which the `atomc` console script (atomc.server.client:main)
    calls when no compile server takes the command."""
    from atomc.driver import main
    assert callable(main)
    p = subprocess.run([sys.executable, "-c", "from atomc.driver import main; "
                        "raise SystemExit(main(['--version']))"], capture_output=True, text=True)
    assert p.returncode == 0 and p.stdout.startswith("atomc ")


def test_building_the_table_makes_no_object_per_inventory_line(monkeypatch):
    """The table holds the inventory's ~1,500 spellings as plain tuples: a Row and a
    Spelling are made only for a spelling a lookup reaches (making them all was 3%
    of a tiny compile)."""
    from atomc.driver import inventory

    made = []
    for cls in (inventory.Row, inventory.Spelling):
        init = cls.__init__

        def counting(self, *args, _init=init, _cls=cls, **kwargs):
            made.append(_cls.__name__)
            _init(self, *args, **kwargs)
        monkeypatch.setattr(cls, "__init__", counting)
    inventory.load.cache_clear()
    try:
        t = table.__wrapped__()
        assert len(t.options) > 1500  # not made yet: `options` classifies everything
        made.clear()
        t = table.__wrapped__()
        for arg in ("-O2", "-g", "-c", "-fno-tree-vrp", "-Wformat-security", "-mavx2"):
            assert t.match(arg) is not None
    finally:
        inventory.load.cache_clear()
    assert len(made) <= 2 * 6, made


def test_inventory_rows_are_its_lines():
    """Every inventory line as a Row (the optimize attribute reads gcc's optimizer
    list from them)."""
    from atomc.driver.inventory import Row
    from atomc.frontend.optimize_attr import _gcc_optimizers

    inv = load()
    rows = inv.rows
    assert len(rows) == len(inv.raw) > 1000 and all(isinstance(r, Row) for r in rows)
    assert rows[0] == inv.row(0) and rows[-1].spelling == inv.raw[-1][0]
    assert {"-ftree-vrp", "-fomit-frame-pointer", "-finline-functions"} <= _gcc_optimizers()


def _lookups() -> list[str]:
    """Arguments for every kind of lookup: each entry's spelling alone, with a
    value, with `=value`, and cut short; and common command-line words."""
    args = {"-O0", "-g", "-c", "-DX=1", "-Ifoo", "-Wl,-z,now", "-std=gnu99", "-Wno-unused",
            "-Werror=format", "-fPIC", "-fno-plt", "-march=native", "-unknown", "-Wfoo=3"}
    for o in table().options:
        s = o.spelling
        args.update({s, s + "x", s + "=1", s.rstrip("=") + "=v", s[:-1], s[:3]})
    return sorted(a for a in args if a.startswith("-") and len(a) > 1)


def test_lookups_without_the_inventory_listed_are_the_same():
    """A table lists the inventory's spellings only when a lookup could reach one;
    every other lookup answers as with all of them listed."""
    full = table.__wrapped__()
    assert full.pending  # lists them
    lazy = table.__wrapped__()
    reaching = 0
    for arg in _lookups():
        if lazy._inventory_may_match(arg):
            reaching += 1  # answered from the listed spellings, as `full` does
            continue
        got, want = lazy.match(arg), full.match(arg)
        # each table makes its own converters: entries compare by what they say
        assert (got and (got.option.spelling, got.option.form, got.option.cls,
                         got.option.help, got.value, got.takes_next)) == \
            (want and (want.option.spelling, want.option.form, want.option.cls,
                       want.option.help, want.value, want.takes_next)), arg
    assert lazy._pending is None and 1000 < reaching < len(_lookups()) - 1000


def test_a_common_command_line_does_not_list_the_inventory():
    """-c -g -O2 -D -I -W... name explicit entries: the ~1,900 inventory spellings
    (6% of a tiny compile's instructions) are not listed for them."""
    t = table.__wrapped__()
    for arg in ("-O2", "-g", "-c", "-o", "-DHAVE_UNISTD_H", "-D_LARGEFILE64_SOURCE=1", "-w",
                "-I/tmp/luainc", "-Wall", "-Wextra", "-std=c99", "-fPIC", "-MD", "-MF",
                "-Wno-unused", "-Wl,-z,relro", "-fno-strict-aliasing", "-pthread"):
        assert t.match(arg) is not None, arg
    assert t._pending is None
    assert t.match("-fno-tree-vrp") is not None  # an inventory spelling: now listed
    assert t._pending is not None

"""The option table: atomc's options and gcc's, each exactly once, with lookup.

Built from the explicit entries (`table_gcc`, `table_atomc`), gcc's long
spellings (aliases of short ones) and gcc's inventory (`inventory`). Lookup
follows gcc's rules: an exact spelling first, then `NAME=VALUE`, then the
longest joined prefix (`-Wl,` before `-W...`, `-MF` before `-M`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from . import inventory, table_gcc
from .spec import Class, Form, Option
from .table_atomc import ATOMC

# gcc's long spellings: alias -> (short spelling, form of the alias)
ALIASES: dict[str, tuple[str, Form]] = {
    "--output=": ("-o", Form.EQ), "--output": ("-o", Form.SEPARATE),
    "--compile": ("-c", Form.FLAG), "--assemble": ("-S", Form.FLAG),
    "--preprocess": ("-E", Form.FLAG), "--verbose": ("-v", Form.FLAG),
    "--include-directory=": ("-I", Form.EQ), "--include-directory": ("-I", Form.SEPARATE),
    "--define-macro=": ("-D", Form.EQ), "--undefine-macro=": ("-U", Form.EQ),
    "--include=": ("-include", Form.EQ), "--imacros=": ("-imacros", Form.EQ),
    "--include-directory-after=": ("-idirafter", Form.EQ),
    "--include-prefix=": ("-iprefix", Form.EQ),
    "--include-with-prefix=": ("-iwithprefix", Form.EQ),
    "--include-with-prefix-after=": ("-iwithprefix", Form.EQ),
    "--include-with-prefix-before=": ("-iwithprefixbefore", Form.EQ),
    "--assert=": ("-A", Form.EQ), "--language=": ("-x", Form.EQ),
    "--library-directory=": ("-L", Form.EQ), "--prefix=": ("-B", Form.EQ),
    "--for-linker=": ("-Xlinker", Form.EQ), "--for-assembler=": ("-Xassembler", Form.EQ),
    "--force-link=": ("-u", Form.EQ), "--std=": ("-std=", Form.EQ),
    "--pedantic": ("-pedantic", Form.FLAG), "--pedantic-errors": ("-pedantic-errors", Form.FLAG),
    "--ansi": ("-ansi", Form.FLAG), "--no-warnings": ("-w", Form.FLAG),
    "--all-warnings": ("-Wall", Form.FLAG), "--extra-warnings": ("-Wextra", Form.FLAG),
    "--shared": ("-shared", Form.FLAG), "--static": ("-static", Form.FLAG),
    "--symbolic": ("-symbolic", Form.FLAG), "--save-temps": ("-save-temps", Form.FLAG),
    "--pipe": ("-pipe", Form.FLAG), "--trace-includes": ("-H", Form.FLAG),
    "--dependencies": ("-M", Form.FLAG), "--user-dependencies": ("-MM", Form.FLAG),
    "--write-dependencies": ("-MD", Form.FLAG), "--write-user-dependencies": ("-MMD", Form.FLAG),
    "--no-line-commands": ("-P", Form.FLAG), "--no-standard-includes": ("-nostdinc", Form.FLAG),
    "--no-standard-libraries": ("-nostdlib", Form.FLAG),
    "--traditional-cpp": ("-traditional-cpp", Form.FLAG),
    "--print-file-name=": ("-print-file-name=", Form.EQ),
    "--print-prog-name=": ("-print-prog-name=", Form.EQ),
    "--print-search-dirs": ("-print-search-dirs", Form.FLAG),
    "--print-libgcc-file-name": ("-print-libgcc-file-name", Form.FLAG),
    "--print-multi-directory": ("-print-multi-directory", Form.FLAG),
    "--print-multi-lib": ("-print-multi-lib", Form.FLAG),
    "--print-multi-os-directory": ("-print-multi-os-directory", Form.FLAG),
    "--print-sysroot": ("-print-sysroot", Form.FLAG),
    "--print-multiarch": ("-print-multiarch", Form.FLAG),
    "--pass-exit-codes": ("-pass-exit-codes", Form.FLAG),
}

_EXTRA: list[Option] = [
    Option("--param=", Form.EQ, Class.IGNORED, "a gcc optimiser parameter; atomc has its own "
           "thresholds", metavar="NAME=VALUE"),
    Option("--param", Form.SEPARATE, Class.IGNORED, "a gcc optimiser parameter; atomc has its "
           "own thresholds", metavar="NAME=VALUE"),
    Option("--no-integrated-cpp", Form.FLAG, Class.IGNORED, "atomc always runs gcc's "
           "preprocessor as a separate step"),
]


@dataclass(frozen=True, slots=True)
class Match:
    """An argument matched to a table entry, with its value."""

    option: Option
    value: str | None
    takes_next: bool  # the value is the next argument


class Table:
    """Lookup over the explicit entries and the inventory's spellings; an inventory
    spelling is classified (`inventory.option`) the first time a lookup reaches it.

    The inventory's ~1,900 spellings go into the lookup only when an argument could
    reach one (`_inventory_may_match`): listing them was 6% of a tiny compile's
    instructions, and most command lines (-c -o -g -O2 -I -D -W...) name explicit
    entries only."""

    def __init__(self, explicit: list[Option], names: frozenset[str]) -> None:
        self._explicit = explicit
        self._names = names  # the explicit spellings, which no inventory entry has
        self._pending: list[inventory.Pending] | None = None
        self._resolved: dict[inventory.Pending, Option] = {}
        self._all: list[Option] | None = None
        self._exact: dict[str, Option | inventory.Pending] = {}
        self._eq: dict[str, Option | inventory.Pending] = {}
        self._prefix: dict[str, Option | inventory.Pending] = {}
        for o in explicit:
            if o.form is Form.EQ:
                self._eq.setdefault(o.spelling, o)
            elif o.form in (Form.JOINED, Form.JOINED_OR_SEPARATE):
                self._prefix.setdefault(o.spelling, o)
            if o.form in (Form.FLAG, Form.SEPARATE, Form.JOINED_OR_SEPARATE):
                self._exact.setdefault(o.spelling, o)
        self._longest = max(len(s) for s in self._prefix)

    @property
    def pending(self) -> list[inventory.Pending]:
        """The inventory's spellings, added to the lookup the first time they are needed."""
        if self._pending is None:
            self._pending = inventory.pending(self._names)
            # the inventory's forms by the file's words: eq, joined, flag, sep
            exact, eq, prefix = self._exact, self._eq, self._prefix
            for p in self._pending:
                form = p[1]
                if form == "eq":
                    eq.setdefault(p[0], p)
                elif form == "joined":
                    prefix.setdefault(p[0], p)
                else:
                    exact.setdefault(p[0], p)
            self._longest = max(len(s) for s in self._prefix)
        return self._pending

    def _inventory_may_match(self, arg: str) -> bool:
        """Could a lookup of `arg` reach an inventory spelling? Every key it tries (the
        argument as a flag or separate option, its `NAME=`, its prefixes as joined
        ones) is checked against the inventory's spellings less those `pending`
        leaves out: the explicit ones, and flags an explicit `NAME=` stands for."""
        has, names = inventory.has_spelling, self._names
        if arg not in names and (has(arg, "sep") or (
                has(arg, "flag") and not arg.startswith(self._eq_prefixes))):
            return True
        name, eq, _ = arg.partition("=")
        if eq and name + "=" not in names and has(name + "=", "eq"):
            return True
        for n in range(2, len(arg) + 1):
            key = arg[:n]
            if key not in names and has(key, "joined"):
                return True
        return False

    @property
    def _eq_prefixes(self) -> tuple[str, ...]:
        return tuple(s for s in self._names if s.endswith("="))

    def _classified(self, p: inventory.Pending) -> Option:
        got = self._resolved.get(p)
        if got is None:
            got = self._resolved[p] = inventory.option(inventory.spelling(p))
        return got

    def _entry(self, o: Option | inventory.Pending | None) -> Option | None:
        return self._classified(o) if isinstance(o, tuple) else o

    @property
    def options(self) -> list[Option]:
        """Every entry, explicit ones first (classifies the whole inventory)."""
        if self._all is None:
            self._all = [*self._explicit, *map(self._classified, self.pending)]
        return self._all

    def match(self, arg: str) -> Match | None:
        found = self._exact.get(arg)
        if found is None and self._pending is None and self._inventory_may_match(arg):
            self.pending  # noqa: B018 - adds the inventory's spellings
            found = self._exact.get(arg)
        o = self._entry(found)
        if o is not None:  # an explicit exact spelling comes first in any case
            return Match(o, None, o.form is not Form.FLAG)
        name, eq, _ = arg.partition("=")
        if eq and (o := self._entry(self._eq.get(name + "="))) is not None:
            return Match(o, arg[len(name) + 1:], False)
        for n in range(min(len(arg), self._longest), 1, -1):
            o = self._entry(self._prefix.get(arg[:n]))
            if o is not None:
                return Match(o, arg[n:], False)
        return None

    def by_class(self, cls: Class) -> list[Option]:
        return [o for o in self.options if o.cls is cls]


def _aliases(short: dict[str, Option]) -> list[Option]:
    # made directly, not by dataclasses.replace (which reads every field by name
    # first): twice the instructions, in every process that parses a command line
    out = []
    for alias, (target, form) in ALIASES.items():
        o = short[target]
        out.append(Option(alias, form, o.cls, f"same as {o.describe_spelling()}", o.effects,
                          o.to, o.values, o.missing, o.metavar))
    return out


@cache
def table() -> Table:
    # the inventory's rows are not read here: the -W names are checked on first use,
    # the -march=/-mtune= values come from their own lines
    explicit: list[Option] = [
        *ATOMC, *table_gcc.DRIVER, *table_gcc.PREPROCESSOR, *table_gcc.LANGUAGE,
        *table_gcc.CODEGEN, *table_gcc.DEBUG, *table_gcc.warnings(inventory.WarningNames()),
        *table_gcc.LINKER,
        *table_gcc.target(inventory.values("-march=") + ("native",),
                          inventory.values("-mtune=") + ("native",)),
        *_EXTRA,
    ]
    by_spelling = {o.spelling: o for o in explicit}
    explicit += _aliases(by_spelling)
    return Table(explicit, frozenset(o.spelling for o in explicit))

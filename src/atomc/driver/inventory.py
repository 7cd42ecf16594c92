"""gcc's own option inventory (`gcc-options.tsv`, derived once from gcc-12 --help=...)
turned into table entries by family rules.

The explicit table (`table_gcc.py`) says what atomc implements or rejects by
name; every other gcc option gets its class here from the first rule whose
pattern matches its spelling. A rule is data: pattern, class, and the one-line
reason shown by `atomc --help=ignored` and `-v`.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from functools import cache

from .spec import Class, Form, Option, Stage

I, G, R = Class.IMPLEMENTED, Class.IGNORED, Class.REJECTED
FM = Stage.CPP | Stage.LINK


@dataclass(frozen=True, slots=True)
class Row:
    """One option of gcc's inventory, as gcc-options.tsv lists it."""

    spelling: str
    form: Form
    negatable: bool
    lists: tuple[str, ...]
    isa: bool


# one inventory line as read: spelling, form (the file's word), negatable, help
# lists ("a,b"), isa; a Row is made of it only for a spelling a lookup reaches
RawRow = tuple[str, str, bool, str, bool]


@dataclass(frozen=True, slots=True)
class Inventory:
    """gcc's option inventory: its lines, and the values of -march=/-mtune=."""

    raw: tuple[RawRow, ...]
    values: dict[str, tuple[str, ...]]  # "-march=" -> gcc's CPU names

    @property
    def rows(self) -> tuple[Row, ...]:
        """Every line as a Row (made on each call: few commands need them all)."""
        return tuple(map(self.row, range(len(self.raw))))

    def row(self, index: int) -> Row:
        spelling, form, neg, lists, isa = self.raw[index]
        return Row(spelling, _FORMS[form], neg, tuple(lists.split(",")), isa)

    @property
    def warnings(self) -> frozenset[str]:
        """Names N of every -WN gcc knows (flag or =value forms)."""
        out = set()
        for spelling, form, *_ in self.raw:
            if spelling.startswith("-W") and form in ("flag", "eq"):
                out.add(spelling[2:].rstrip("="))
        return frozenset(out)


_FORMS = {"flag": Form.FLAG, "eq": Form.EQ, "joined": Form.JOINED, "sep": Form.SEPARATE}


@cache
def _text() -> str:
    """The inventory file's text, after a newline: every line starts after one."""
    # package data beside this module; importlib.resources would cost every compile
    # a few ms of imports (pathlib, zipfile, tempfile)
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "gcc-options.tsv")
    with open(path, encoding="utf-8") as f:
        return "\n" + f.read()


@cache
def load() -> Inventory:
    text = _text()[1:]
    rows: list[RawRow] = []
    values: dict[str, tuple[str, ...]] = {}
    for line in text.splitlines():
        if line.startswith("#values\t"):
            _, name, vals = line.split("\t")
            values[name] = tuple(vals.split())
            continue
        if not line or line.startswith("#"):
            continue
        spelling, form, neg, lists, isa = line.split("\t")
        if form not in _FORMS:
            raise ValueError(f"gcc-options.tsv: unknown form {form!r} of {spelling}")
        rows.append((spelling, form, neg == "yes", lists, isa == "yes"))
    return Inventory(tuple(rows), values)


# What most command lines need of the inventory, read from the file's text without
# making its ~1,300 rows: reading them (`load`) and listing the spellings with their
# negations (`spellings`) was 2% of a tiny compile's instructions, paid by every
# command line with an argument outside the explicit table (-O0, -DNAME, -I...).

def values(option: str) -> tuple[str, ...]:
    """`load().values[option]`: gcc's values of -march= or -mtune=, from their line."""
    text, head = _text(), f"\n#values\t{option}\t"
    start = text.find(head)
    if start < 0:
        raise KeyError(option)
    start += len(head)
    end = text.find("\n", start)
    return tuple(text[start:end if end >= 0 else len(text)].split())


@cache
def warning_names() -> frozenset[str]:
    """`load().warnings`, read when first needed (a -Werror=NAME to check)."""
    return load().warnings


class WarningNames:
    """The names of gcc's warnings as a container that reads the inventory on its
    first membership test: the option table checks -Werror=NAME against it, and
    most command lines have no such option."""

    __slots__ = ()

    def __contains__(self, name: object) -> bool:
        return name in warning_names()


def has_spelling(spelling: str, form: str) -> bool:
    """`(spelling, form) in spellings()`, by searching the file's text for the line
    of that spelling, or of the negatable one whose negation it is."""
    if not spelling or spelling[0] == "#" or "\t" in spelling or "\n" in spelling:
        return False  # no line has it (the search would find a comment, or span fields)
    if form == "joined":
        return spelling in _joined()
    text, s = _text(), spelling
    # the line itself, or that of -fno-X (negatable) for -fX, or of -fX for -fno-X
    return f"\n{s}\t{form}\t" in text or f"\n{s[:2]}no-{s[2:]}\t{form}\tyes\t" in text \
        or (s[2:5] == "no-" and s[5:8] != "no-" and f"\n{s[:2]}{s[5:]}\t{form}\tyes\t" in text)


@cache
def _joined() -> frozenset[str]:
    """The joined spellings (17) and their negations, which a lookup asks for
    by every prefix of an argument."""
    return frozenset(s for s, form in spellings_of_form("joined"))


def negation(spelling: str) -> str:
    """The spelling gcc also accepts for a negatable one: -fno-X for -fX, -fX for -fno-X."""
    s = spelling
    return s[:2] + s[5:] if s[2:5] == "no-" else s[:2] + "no-" + s[2:]


def spellings_of_form(form: str) -> list[tuple[str, str]]:
    """The spellings of one form, and negations, as `spellings` lists them, found
    from the lines that have that form."""
    text, mark, out = _text(), f"\t{form}\t", []
    at = text.find(mark)
    while at >= 0:
        start = text.rfind("\n", 0, at) + 1
        s = text[start:at]
        if s and s[0] != "#" and "\t" not in s:  # a line's form field, not a comment's
            out.append((s, form))
            if text.startswith("yes\t", at + len(mark)):
                out.append((negation(s), form))
        at = text.find(mark, at + len(mark))
    return out


@dataclass(frozen=True, slots=True)
class Rule:
    """A family rule: the class and reason of every inventory spelling it matches."""

    pattern: str  # regular expression, matched against the whole spelling
    cls: Class
    reason: str
    lists: tuple[str, ...] = ()  # only for options in these help lists (empty: any)
    to: Stage | None = None  # tools its words reach (None: -f/-m/-W/-O/-g ones, as gcc)


_OPT = ("optimizers",)
RULES: tuple[Rule, ...] = (
    Rule(r"-f(no-)?(chkp-.*|check-pointer-bounds|mudflap.*|cilkplus|argument-.*|force-addr|"
         r"regmove|see|zee|strength-reduce|rerun-loop-opt|loop-optimize|optimize-register-move|"
         r"sched2-use-traces|tree-(salias|store-.*|copyrename|loop-linear|vect-loop-version|"
         r"coalesce-inlined-vars|loop-if-convert-stores)|ipa-(cp-alignment|matrix-reorg|"
         r"struct-reorg)|branch-target-load-optimize2?|btr-bb-exclusive|unsafe-loop-"
         r"optimizations|floop-.*|loop-(block|flatten|strip-mine)|check-data-deps|"
         r"eliminate-dwarf2-dups|tree-vectorizer-verbose=|unit-at-a-time|hsa)", G,
         "an obsolete gcc switch; gcc itself accepts and ignores it"),
    Rule(r"-f(no-)?(cse-skip-blocks|require-return-statement|vect-cost-model|version|"
         r"target-help|help|use-ld=.*)|-iplugindir=", G,
         "gcc-internal or informational switch without effect on the output"),
    Rule(r"-fno-(gnu-tm|instrument-functions|leading-underscore|ms-extensions|openacc|openmp|"
         r"openmp-simd|pcc-struct-return|plan9-extensions|split-stack|stack-check|stack-limit|"
         r"syntax-only|test-coverage|profile-arcs|profile-generate|profile-values)", I,
         "turns off a feature atomc does not have: atomc's only behaviour"),
    Rule(r"-fno-(freestanding|hosted)|-fbuiltin-", I,
         "hosted/builtin switch: the preprocessor's macros follow it; atomc never treats a "
         "plain library call as a builtin"),
    Rule(r"--(comments|comments-in-macros)", I, "a long spelling of -C / -CC (-E output only)",
         to=Stage.NONE),
    Rule(r"--(assert|define-macro|imacros|include|include-barrier|"
         r"include-directory-after|include-prefix|include-with-prefix(-after|-before)?|"
         r"print-missing-file-dependencies|trigraphs|undefine-macro)", I,
         "a long spelling of a preprocessor option", to=Stage.CPP),
    Rule(r"-W.*", G, "a gcc warning atomc's front end does not diagnose (the preprocessor "
         "still reports its own)"),
    Rule(r"-f(no-)?(directives-only|preprocessed|working-directory|dollars-in-identifiers|"
         r"extended-identifiers|track-macro-expansion=?|max-include-depth=|pch-deps|"
         r"pch-preprocess|debug-cpp|canonical-system-headers|tabstop=|show-column)", I,
         "a preprocessor option: gcc's preprocessor, which atomc runs, applies it"),
    Rule(r"-f(no-)?(diagnostics-.*|message-length=)", G,
         "gcc's diagnostic layout; atomc's diagnostics have one layout"),
    Rule(r"-f(no-)?(dump-.*|dump-|opt-info.*|disable-|enable-|dbg-cnt.*|mem-report.*|"
         r"time-report.*|pre-ipa-mem-report|post-ipa-mem-report|compare-debug.*|checking=?|"
         r"self-test=|report-bug|save-optimization-record|stats|lto-report.*|sched-verbose=|"
         r"ira-verbose=|dump)", G,
         "gcc's internal dumps, reports and self-checks (no files are written)"),
    Rule(r"-f(no-)?(var-tracking.*|eliminate-unused-debug-.*|emit-struct-debug-.*|"
         r"emit-class-debug-always|debug-types-section|merge-debug-strings|dwarf2-cfi-asm|"
         r"gnat-encodings=)", G, "gcc's debug-information tuning; atomc's DWARF writer "
                                 "decides"),
    Rule(r"-g.*", G, "a detail of gcc's DWARF output; atomc's DWARF writer decides"),
    Rule(r"-f(no-)?(lto-.*|fat-lto-objects|use-linker-plugin|whole-program|"
         r"devirtualize-at-ltrans)", G, "link-time-optimisation detail; atomc has no LTO"),
    Rule(r"-f(no-)?(profile.*|auto-profile=?|branch-probabilities|vpt)", G,
         "profile feedback for gcc's optimiser; atomc's optimiser uses none"),
    Rule(r"-f(no-)?(analyzer.*)", G, "gcc's static analyser (warnings only)"),
    Rule(r"-f(no-)?(sanitize-.*)", G, "a sanitizer detail, without effect unless -fsanitize= "
                                      "is given (which atomc rejects)"),
    Rule(r"-f(no-)?(offload.*)", G, "offloading detail, without effect without OpenMP"),
    Rule(r"-f(no-)?(abi-version=|check-new|rtti|threadsafe-statics|vtable-verify=|vtv-.*|"
         r"strict-enums|nothrow-opt|handle-exceptions|gnu-unique|devirtualize.*|"
         r"ada-spec-parent=.*|allocation-dce)", G, "a C++ or Ada option, without effect on C"),
    Rule(r"-f(no-)?(verbose-asm|ident|record-gcc-switches|inhibit-size-directive|asm|"
         r"keep-inline-functions|keep-static-consts|keep-static-functions|"
         r"zero-initialized-in-bss|toplevel-reorder|merge-constants|merge-all-constants|"
         r"building-libgcc|large-source-files|cond-mismatch|lax-vector-conversions|"
         r"allow-parameterless-variadic-functions|random-seed=?|sync-libcalls|trampolines|"
         r"asan-shadow-offset=|live-patching=?|gimple|inline-limit[-=]|fold-simple-inlines|"
         r"float-store|stdarg-opt|semantic-interposition|plt|jump-tables|stack-reuse=|"
         r"wrapv-pointer|strict-volatile-bitfields|delete-dead-exceptions|"
         r"fp-int-builtin-inexact|printf-return-value|isolate-erroneous-paths-.*|"
         r"unconstrained-commons|allow-store-data-races|tree-parallelize-loops=|"
         r"loop-parallelize-all|reg-struct-return|keep-gc-roots-live)", G,
         "gcc code-generation detail that a correct program cannot observe"),
    Rule(r"-f.*", G, "a gcc optimiser switch; atomc runs its own pass pipeline", _OPT),
    Rule(r"-O.*", G, "a gcc optimisation level detail", _OPT),
    Rule(r"-(aux-info=?|dumpbase|dumpbase-ext|dumpdir|quiet|lang-asm)", G,
         "gcc-internal output naming or bookkeeping"),
    Rule(r"--(output-pch=|dump=?|completion=|target-help|debug|optimize|profile|verbose|"
         r"extra-warnings|pedantic-errors|dumpbase|dumpbase-ext|dumpdir|help|version|output|"
         r"output=)", G, "a long spelling gcc also knows (see the short one)"),
)


_ISA = Rule(r"-m(no-)?.*", I, "announces an instruction-set extension through gcc's "
            "predefined macros; atomc's code stays baseline x86-64, which every such CPU runs")
_TUNING = Rule(r"-m.*", G, "gcc's x86 tuning or code-layout choice; atomc chooses its own "
               "code, valid whatever the choice")
_UNKNOWN = Rule(r".*", R, "")


def classify(row: Row, spelling: str) -> Rule:
    """The rule that classifies one spelling of an inventory row (no explicit entry)."""
    if "target" in row.lists and spelling.startswith("-m"):
        return _ISA if row.isa else _TUNING
    for rule in RULES:
        if rule.lists and not set(rule.lists) & set(row.lists):
            continue
        if re.fullmatch(rule.pattern, spelling):
            return rule
    return _UNKNOWN


@dataclass(frozen=True, slots=True)
class Spelling:
    """One inventory spelling the explicit table does not name, not yet classified:
    classifying all ~3,000 costs a tenth of a second that most commands never need."""
    spelling: str
    form: Form
    row: Row


# an inventory spelling as the option table holds it until a lookup reaches it:
# spelling, form (the file's word), row index. Tuples, not Spellings: the table
# holds some 1,500, and making them and their rows was 3% of a tiny compile.
Pending = tuple[str, str, int]


def pending(explicit: frozenset[str]) -> list[Pending]:
    """Every inventory spelling (and its gcc-accepted negation) that the explicit
    table does not name, in inventory order."""
    out: list[Pending] = []
    eq_prefixes = tuple(s for s in explicit if s.endswith("="))
    done: set[tuple[str, str]] = set()
    for i, (spelling, form, negatable, _, _) in enumerate(load().raw):
        forms = [spelling]
        if negatable:
            forms.append(negation(spelling))
        for s in forms:
            if s in explicit or (form == "flag" and s.startswith(eq_prefixes)) or \
                    (s, form) in done:
                continue
            done.add((s, form))
            out.append((s, form, i))
    return out


@cache
def spellings() -> frozenset[tuple[str, str]]:
    """Every inventory spelling and gcc-accepted negation with its form (the file's
    word), as `pending` makes them before it leaves out those the explicit table
    names or stands for."""
    out = set()
    for spelling, form, negatable, _, _ in load().raw:
        out.add((spelling, form))
        if negatable:
            out.add((negation(spelling), form))
    return frozenset(out)


def spelling(p: Pending) -> Spelling:
    """The Spelling of one pending entry, with its inventory row."""
    s, form, index = p
    return Spelling(s, _FORMS[form], load().row(index))


def option(sp: Spelling) -> Option:
    """The table entry of one inventory spelling. Accepted -f/-m/-W options reach
    the preprocessor and the link driver, as in gcc."""
    s = sp.spelling
    rule = classify(sp.row, s)
    to = rule.to
    if to is None:
        to = FM if rule.cls is not R and s[:2] in ("-f", "-m", "-O", "-g") else \
            Stage.CPP if rule.cls is not R and s.startswith("-W") else Stage.NONE
    missing = "" if rule.cls is not R else f"gcc's {s.rstrip('=-')}"
    return Option(s, sp.form, rule.cls, rule.reason, (), to, None, missing)

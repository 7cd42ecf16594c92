"""Every option that changes how one translation unit is compiled."""

from __future__ import annotations

from dataclasses import dataclass, field

import atomc.fastenum as fastenum


class CodeModel(fastenum.Enum):
    """How addresses of symbols are formed (gcc's -fno-pic / -fPIE / -fPIC)."""

    STATIC = "static"  # -fno-pic: absolute or %rip-relative, non-preemptible
    PIE = "pie"  # -fPIE/-fpie: position independent, own symbols not preemptible
    PIC = "pic"  # -fPIC/-fpic: shared-library code, default-visibility globals preemptible


class StackProtector(fastenum.Enum):
    """gcc's -fstack-protector family: which functions get a canary."""

    NONE = "none"
    DEFAULT = "default"  # -fstack-protector: char arrays of 8+ bytes, alloca
    STRONG = "strong"  # -fstack-protector-strong: any array, address-taken locals
    ALL = "all"  # -fstack-protector-all
    EXPLICIT = "explicit"  # -fstack-protector-explicit: only `stack_protect` functions


class CfProtection(fastenum.Enum):
    """-fcf-protection=: Intel CET markers."""

    NONE = "none"
    BRANCH = "branch"  # endbr64 at indirect-branch targets
    RETURN = "return"  # shadow-stack compatible (no code change needed here)
    FULL = "full"


class KeyInstrMode(fastenum.StrEnum):
    """--key-instructions-mode=: which is_stmt placement rules (shared spec §0)."""

    DOCUMENTED = "documented"  # the documented rules
    LLVM22 = "llvm22"  # what LLVM 22 does


class LoclistMode(fastenum.StrEnum):
    """--loclist-mode=: a variable's location lists name one place per range, or
    every place that holds its value."""

    SINGLE = "single"
    MULTI = "multi"


@dataclass(frozen=True, slots=True)
class CompileOptions:
    """The options the compiler proper reads, from the driver's command line."""

    opt_level: int = 0  # 0..3; -Os is 2 with size_opt
    size_opt: bool = False
    debug: bool = False  # -g
    key_instructions: bool | None = None  # None: on when optimising (Clang 22's default)
    key_instructions_mode: KeyInstrMode = KeyInstrMode.DOCUMENTED
    loclist_mode: LoclistMode = LoclistMode.SINGLE
    std: str = "gnu11"
    include_dirs: tuple[str, ...] = ()
    defines: tuple[str, ...] = ()  # "NAME" or "NAME=VALUE"
    undefines: tuple[str, ...] = ()
    emit_ir: bool = False
    print_after_all: bool = False
    print_after: tuple[str, ...] = ()
    verify_each: bool = False
    # the machine IR after instruction selection and every machine pass
    print_mir_after_all: bool = False
    print_mir_after: tuple[str, ...] = ()
    # the MIR verifier and debug-info contracts after every machine pass
    verify_machineinstrs: bool = False
    passes: tuple[str, ...] | None = None
    opt_bisect_limit: int = -1
    time_passes: bool = False
    omit_frame_pointer: bool | None = None  # -f[no-]omit-frame-pointer; None: omit at -O2 and up
    # Code generation options from gcc's command line (see the driver's option table).
    code_model: CodeModel = CodeModel.PIE  # Debian's gcc is configured --enable-default-pie
    stack_protector: StackProtector = StackProtector.NONE
    stack_clash_protection: bool = False
    cf_protection: CfProtection = CfProtection.NONE
    function_sections: bool = False
    data_sections: bool = False
    common: bool = False  # -fcommon: tentative definitions become common symbols
    visibility: str = "default"  # -fvisibility=: default, hidden, protected, internal
    wrapv: bool = False  # -fwrapv: signed overflow wraps
    strict_aliasing: bool = True
    delete_null_pointer_checks: bool = True
    tls_model: str | None = None  # -ftls-model=; None: from code_model
    debug_level: int = 2  # -g1 / -g2 / -g3 (only meaningful with debug=True)
    dwarf_version: int = 5
    file_prefix_map: tuple[tuple[str, str], ...] = ()  # -ffile-prefix-map=OLD=NEW, in order
    inline_functions: bool = True  # -fno-inline: no inlining pass
    builtins: bool = True  # -fno-builtin, -ffreestanding: plain `fabs(x)` stays a call
    no_builtin: tuple[str, ...] = ()  # -fno-builtin-NAME: NAME stays a call
    march: str | None = None  # -march=CPU (what its extensions change: frontend/target.py)
    cx16: bool | None = None  # -mcx16 / -mno-cx16; None: as -march's CPU has it
    # The compilation directory a preprocessed input names (cpp's -fworking-directory
    # marker, which distcc's servers rely on); None: the current directory.
    working_directory: str | None = None
    extra: dict[str, str] = field(default_factory=dict)

    @property
    def omits_frame_pointer(self) -> bool:
        if self.omit_frame_pointer is None:
            return self.opt_level >= 2
        return self.omit_frame_pointer

    @property
    def use_key_instructions(self) -> bool:
        if not self.debug:
            return False
        if self.key_instructions is None:
            return self.opt_level > 0
        return self.key_instructions

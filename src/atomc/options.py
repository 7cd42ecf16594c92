"""Every option that changes how one translation unit is compiled."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class CompileOptions:
    opt_level: int = 0  # 0..3; -Os is 2 with size_opt
    size_opt: bool = False
    debug: bool = False  # -g
    key_instructions: bool | None = None  # None: on when optimising (Clang 22's default)
    key_instructions_mode: str = "documented"  # or "llvm22" (see shared spec §0)
    loclist_mode: str = "single"  # or "multi"
    std: str = "gnu11"
    include_dirs: tuple[str, ...] = ()
    defines: tuple[str, ...] = ()  # "NAME" or "NAME=VALUE"
    undefines: tuple[str, ...] = ()
    emit_ir: bool = False
    print_after_all: bool = False
    print_after: tuple[str, ...] = ()
    verify_each: bool = False
    passes: tuple[str, ...] | None = None
    opt_bisect_limit: int = -1
    time_passes: bool = False
    omit_frame_pointer: bool | None = None  # -f[no-]omit-frame-pointer; None: omit at -O2 and up
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

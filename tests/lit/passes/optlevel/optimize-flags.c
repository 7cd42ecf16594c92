// The -f options of gcc's optimize attribute that atomc applies to one
// function: -f[no-]inline (callees are not inlined into it),
// -f[no-]omit-frame-pointer (its frame keeps or drops %rbp) and -fwrapv (no
// `nsw`), the last one named winning, #pragma GCC optimize's first.
// RUN: %atomc -O2 -S --emit-ir %s -o - | filecheck %s --check-prefix=IR
// RUN: %atomc -O2 -S %s -o - | filecheck %s --check-prefix=ASM
// RUN: %atomc -O0 -S %s -o - | filecheck %s --check-prefix=ASM0

int ext(int);
static int helper(int x) { return ext(x) * 3 + 1; }

__attribute__((optimize("no-inline"))) int noinl(int x) { return helper(x) + 2; }
// IR:     define @noinl(i32 %0) -> (i32) attrs(no_inline_into)
// IR:       call i32 ptr @helper
__attribute__((optimize("no-inline", "inline"))) int inl(int x) { return helper(x) + 3; }
// IR:     define @inl(i32 %0) -> (i32) dbg
// IR-NOT:   call i32 ptr @helper
// IR:       ret

__attribute__((optimize("no-omit-frame-pointer"))) int keepfp(int x) { return helper(x) + 4; }
// IR:     define @keepfp(i32 %0) -> (i32) attrs(keep_frame_pointer)
// ASM-LABEL: keepfp:
// ASM:       pushq %rbp
// ASM-NEXT:  .cfi_def_cfa_offset 16
// ASM-NEXT:  .cfi_offset %rbp, -16
// ASM-NEXT:  movq %rsp, %rbp
// ASM-LABEL: .size keepfp

__attribute__((optimize("wrapv"))) int wrapping(int x, int y) { return x * y + x - y; }
// IR:     define @wrapping(i32 %0, i32 %1) -> (i32) attrs(wrapv)
// IR-NOT:   nsw
// IR:       ret
__attribute__((optimize("wrapv", "no-wrapv"))) int undefined(int x, int y) { return x * y; }
// IR:     define @undefined(i32 %0, i32 %1) -> (i32) dbg
// IR:       mul nsw i32

#pragma GCC optimize ("omit-frame-pointer")
int omitfp(int x) { return ext(x) + 5; }
// IR:        define @omitfp(i32 %0) -> (i32) attrs(omit_frame_pointer)
// ASM-LABEL: omitfp:
// ASM-NOT:   %rbp
// ASM-LABEL: .size omitfp
// ASM0-LABEL: omitfp:
// ASM0-NOT:   %rbp
// ASM0-LABEL: .size omitfp

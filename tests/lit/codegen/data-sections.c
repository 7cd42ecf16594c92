// Where objects go (gcc-12's section choice). Position-independent code keeps
// address constants out of .rodata/.data: read-only objects holding addresses go
// to .data.rel.ro, writable ones to .data.rel, each with a .local variant when
// every address binds locally (a PIE's own symbols do, a shared object's
// default-visibility ones do not). -fno-pic leaves them in .rodata/.data.
// -fdata-sections and -ffunction-sections give every object and function its own
// section; -fcommon makes tentative definitions common symbols; -fvisibility=
// applies to definitions without a visibility attribute, not to declarations.
// RUN: %atomc -S -O1 %s -o - | filecheck %s --check-prefix=PIE
// RUN: %atomc -S -O1 -fPIC %s -o - | filecheck %s --check-prefix=PIC
// RUN: %atomc -S -O1 -fno-pic %s -o - | filecheck %s --check-prefix=NOPIC
// RUN: %atomc -S -O1 -fPIC -fdata-sections -ffunction-sections %s -o - | filecheck %s --check-prefix=SECT
// RUN: %atomc -S -O1 -fcommon -fvisibility=hidden %s -o - | filecheck %s --check-prefix=COMMON

extern int ext;
int def = 1;
int tentative;
const int ro = 5;
int *const cp_local = &def;
int *const cp_ext = &ext;
int *p_local = &def;
const char *const names[] = {"a", "b"};
__attribute__((visibility("default"))) int api_counter;
__thread int tls_value = 4;

int sw(int x)
{
    switch (x) {
    case 0: return 10; case 1: return 22; case 2: return 31; case 3: return 45;
    case 4: return 57;
    }
    return ext;
}

// PIE:      .section .data.rel.ro.local,"aw"
// PIE-NEXT: .type cp_local,@object
// PIE:      .section .data.rel.ro,"aw"
// PIE-NEXT: .type cp_ext,@object
// PIE:      .section .data.rel.local,"aw"
// PIE-NEXT: .type p_local,@object
// PIE:      .section .data.rel.ro.local,"aw"
// PIE-NEXT: .type names,@object

// PIC:      .section .data.rel.ro,"aw"
// PIC-NEXT: .type cp_local,@object
// PIC:      .section .data.rel,"aw"
// PIC-NEXT: .type p_local,@object
// PIC:      .section .data.rel.ro.local,"aw"
// PIC-NEXT: .type names,@object

// NOPIC:      .type ro,@object
// NOPIC:      .section .rodata
// NOPIC-NEXT: .type cp_local,@object
// NOPIC:      .data
// NOPIC-NEXT: .type p_local,@object

// SECT:      .section .text.sw,"ax",@progbits
// SECT:      .section .rodata.sw,"a",@progbits
// SECT-NEXT: .p2align 2
// SECT-NEXT: .LJTI0_0:
// SECT:      .section .text.sw,"ax",@progbits
// SECT:      .section .data.def,"aw"
// SECT:      .section .bss.tentative,"aw",@nobits
// SECT:      .section .rodata.ro,"a"
// SECT:      .section .data.rel.ro.cp_local,"aw"
// SECT:      .section .data.rel.ro.cp_ext,"aw"
// SECT:      .section .data.rel.p_local,"aw"
// SECT:      .section .data.rel.ro.local.names,"aw"
// SECT:      .section .tdata.tls_value,"awT",@progbits
// SECT-NEXT: .type tls_value,@tls_object

// COMMON:      .globl sw
// COMMON-NEXT: .hidden sw
// COMMON:      .globl def
// COMMON-NEXT: .hidden def
// COMMON:      .type tentative,@object
// COMMON-NEXT: .hidden tentative
// COMMON-NEXT: .comm tentative,4,4
// COMMON:      .type api_counter,@object
// COMMON-NEXT: .comm api_counter,4,4
// COMMON-NOT:  .hidden ext

// Dense switches become a bounds check and an indirect jump through a table in
// .rodata: by default (PIE, as -fPIC) 32-bit offsets from the table, added to its
// address (gcc's sequence: no relocation at load time); under -fno-pic absolute
// block addresses read by the jump. Sparse switches become a balanced binary
// search of signed compares; runs of consecutive cases with one target (GNU case
// ranges) a single unsigned range check. Every instruction of the dispatch keeps
// the switch's line. With -fcf-protection the table jump is `notrack`.
// RUN: %atomc -S -O2 -g %s -o - | filecheck %s
// RUN: %atomc -S -O0 %s -o - | filecheck %s --check-prefix=O0
// RUN: %atomc -S -O2 -fno-pic %s -o - | filecheck %s --check-prefix=NOPIC
// RUN: %atomc -S -O2 -fPIC -fcf-protection %s -o - | filecheck %s --check-prefix=CET

int dense(int op)
{
    switch (op) {
    case 3: return 11;
    case 4: return 22;
    case 5: return 33;
    case 6: return 44;
    case 8: return 55;
    default: return -1;
    }
}

// CHECK-LABEL: dense:
// CHECK:       .loc 1 15 {{[0-9]+}} prologue_end
// CHECK-NOT:   .loc
// CHECK:       subl $3, %[[IDX:e[a-z0-9]+]]
// CHECK:       cmpl $5, %[[IDX]]
// CHECK-NEXT:  ja .LBB0_[[DEF:[0-9]+]]
// CHECK-NEXT:  leaq .LJTI0_0(%rip), %[[BASE:r[a-z0-9]+]]
// CHECK-NEXT:  movslq (%[[BASE]],%[[I:r[a-z0-9]+]],4), %[[I]]
// (a label may come between: `op` is described as %edi + 3 until the load
// overwrites it, ldv/derived.py; labels emit no code)
// CHECK-NEXT:  {{^(\.Ltmp[0-9]+:)?$}}
// CHECK-NEXT:  addq %[[BASE]], %[[I]]
// CHECK-NEXT:  jmp *%[[I]]
// CHECK:       .cfi_endproc
// CHECK-NEXT:  .section .rodata
// CHECK-NEXT:  .p2align 2
// CHECK-NEXT:  .LJTI0_0:
// CHECK-NEXT:  .long .LBB0_{{[0-9]+}}-.LJTI0_0
// CHECK-NEXT:  .long .LBB0_{{[0-9]+}}-.LJTI0_0
// CHECK-NEXT:  .long .LBB0_{{[0-9]+}}-.LJTI0_0
// CHECK-NEXT:  .long .LBB0_{{[0-9]+}}-.LJTI0_0
// CHECK-NEXT:  .long .LBB0_[[DEF]]-.LJTI0_0
// CHECK-NEXT:  .long .LBB0_{{[0-9]+}}-.LJTI0_0
// CHECK-NEXT:  .text

// NOPIC-LABEL: dense:
// NOPIC:       leaq .LJTI0_0(%rip), %[[BASE:r[a-z0-9]+]]
// NOPIC-NEXT:  jmp *(%[[BASE]],%r{{[a-z0-9]+}},8)
// NOPIC:       .section .rodata
// NOPIC-NEXT:  .p2align 3
// NOPIC-NEXT:  .LJTI0_0:
// NOPIC-NEXT:  .quad .LBB0_{{[0-9]+}}

// CET-LABEL: dense:
// CET:       addq %[[BASE:r[a-z0-9]+]], %[[I:r[a-z0-9]+]]
// CET-NEXT:  notrack jmp *%[[I]]

int sparse(int x)
{
    switch (x) {
    case -100000: return 1;
    case -7: return 2;
    case 1: return 3;
    case 64: return 4;
    case 1000: return 5;
    case 4096: return 6;
    case 65536: return 7;
    }
    return 0;
}

// the middle case splits the search; a half of more than three cases splits again
// CHECK-LABEL: sparse:
// CHECK:       cmpl $64, %[[X:e[a-z0-9]+]]
// CHECK-NEXT:  jge .LBB1_[[RIGHT:[0-9]+]]
// CHECK-NEXT:  cmpl $-100000, %[[X]]
// CHECK-NEXT:  je
// CHECK-NEXT:  cmpl $-7, %[[X]]
// CHECK-NEXT:  je
// CHECK-NEXT:  cmpl $1, %[[X]]
// CHECK-NEXT:  je
// CHECK-NEXT:  jmp .LBB1_[[DEF:[0-9]+]]
// CHECK:       .LBB1_[[RIGHT]]:
// CHECK-NEXT:  .loc 1 64 5
// CHECK-NEXT:  cmpl $4096, %[[X]]
// CHECK-NEXT:  jge .LBB1_[[RR:[0-9]+]]
// CHECK-NEXT:  cmpl $64, %[[X]]
// CHECK-NEXT:  je
// CHECK-NEXT:  cmpl $1000, %[[X]]
// CHECK-NEXT:  je
// CHECK-NEXT:  jmp .LBB1_[[DEF]]
// CHECK:       .LBB1_[[RR]]:
// CHECK-NEXT:  .loc 1 64 5
// CHECK-NEXT:  cmpl $4096, %[[X]]
// CHECK-NEXT:  je
// CHECK-NEXT:  cmpl $65536, %[[X]]
// CHECK-NEXT:  je
// CHECK-NEXT:  jmp .LBB1_[[DEF]]
// CHECK-NOT:   LJTI
// CHECK:       .cfi_endproc

int ranges(int c)
{
    switch (c) {
    case 'a' ... 'z': return 1;
    case 1000 ... 1009: return 3;
    }
    return 0;
}

// CHECK-LABEL: ranges:
// CHECK:       subl $97, %[[U:e[a-z0-9]+]]
// CHECK-NEXT:  cmpl $25, %[[U]]
// CHECK-NEXT:  jbe
// CHECK:       subl $1000, %[[T:e[a-z0-9]+]]
// CHECK:       cmpl $9, %[[T]]
// CHECK-NEXT:  j{{be|a}}
// CHECK-NOT:   LJTI
// CHECK:       .cfi_endproc

// O0-LABEL: dense:
// O0:       movslq (
// O0:       jmp *%
// O0:       .LJTI0_0:

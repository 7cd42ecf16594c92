// -fcf-protection: endbr64 at the entry of every function that can be reached
// indirectly (exported, address taken, in a static initialiser, a constructor)
// and right after a call that may return twice; a static function only called
// directly gets none when optimising. Switch tables jump with notrack. The object
// carries a .note.gnu.property with the IBT and SHSTK bits (3), only IBT for
// =branch, only SHSTK for =return.
// RUN: %atomc -S -O2 -fcf-protection %s -o - | filecheck %s
// RUN: %atomc -S -O2 -fcf-protection=branch %s -o - | filecheck %s --check-prefix=BRANCH
// RUN: %atomc -S -O2 -fcf-protection=return %s -o - | filecheck %s --check-prefix=RETURN

#include <setjmp.h>
jmp_buf jb;
__attribute__((noinline)) static int direct(int x) { return x * 3; }
static int through_table(int x) { return x - 1; }
int (*table[])(int) = {through_table};
int exported(int x)
{
    if (setjmp(jb))
        return 0;
    return direct(x) + table[0](x);
}

// CHECK-LABEL: direct:
// CHECK-NOT:   endbr64
// CHECK:       ret
// CHECK-LABEL: through_table:
// CHECK-NEXT:  .cfi_startproc
// CHECK-NEXT:  endbr64
// CHECK-LABEL: exported:
// CHECK-NEXT:  .cfi_startproc
// CHECK-NEXT:  endbr64
// CHECK:       call _setjmp@PLT
// CHECK-NEXT:  endbr64
// CHECK:       .section .note.gnu.property,"a"
// CHECK-NEXT:  .p2align 3
// CHECK-NEXT:  .long 1f - 0f
// CHECK-NEXT:  .long 4f - 1f
// CHECK-NEXT:  .long 5
// CHECK-NEXT:  0:
// CHECK-NEXT:  .string "GNU"
// CHECK-NEXT:  1:
// CHECK-NEXT:  .p2align 3
// CHECK-NEXT:  .long 0xc0000002
// CHECK-NEXT:  .long 3f - 2f
// CHECK-NEXT:  2:
// CHECK-NEXT:  .long 0x3
// CHECK-NEXT:  3:
// CHECK-NEXT:  .p2align 3
// CHECK-NEXT:  4:

// BRANCH:      endbr64
// BRANCH:      .long 0xc0000002
// BRANCH-NEXT: .long 3f - 2f
// BRANCH-NEXT: 2:
// BRANCH-NEXT: .long 0x1

// RETURN-NOT:  endbr64
// RETURN:      .long 0xc0000002
// RETURN-NEXT: .long 3f - 2f
// RETURN-NEXT: 2:
// RETURN-NEXT: .long 0x2

// _Atomic variables have DW_TAG_atomic_type in their DWARF (innermost, as gcc
// nests qualifiers), and gdb shows their type and value, at -O0 and -O2: a
// local that stays in memory (atomics are never promoted to registers), a
// global updated with __atomic_fetch_add, and a <stdatomic.h> typedef.
// REQUIRES: gdb
// RUN: %atomc -O0 -g %s -o %t0
// RUN: gdb -batch -nx -ex 'break atomic-gdb.c:22' -ex run -ex 'print local' -ex 'ptype local' -ex 'print counter' -ex 'ptype counter' -ex 'whatis total' -ex 'ptype both' %t0 2>&1 | filecheck %s
// RUN: %atomc -O2 -g %s -o %t2
// RUN: gdb -batch -nx -ex 'break atomic-gdb.c:22' -ex run -ex 'print local' -ex 'ptype local' -ex 'print counter' -ex 'ptype counter' -ex 'whatis total' -ex 'ptype both' %t2 2>&1 | filecheck %s
// RUN: %dwarfdump --info %t0 | filecheck %s --check-prefix=DIE

#include <stdatomic.h>

_Atomic int counter = 40;
static atomic_long total;
const volatile _Atomic short both = 3;

__attribute__((noinline)) static int work(_Atomic int *p, int n) {
    _Atomic int local = n;
    local += 2;
    __atomic_fetch_add(p, local, __ATOMIC_SEQ_CST);
    return local;
}

int main(void) {
    int r = work(&counter, 5);
    atomic_fetch_add(&total, r);
    return counter - 47 + both - 3;
}

// CHECK: $1 = 7
// CHECK-NEXT: type = _Atomic int
// CHECK-NEXT: $2 = 47
// CHECK-NEXT: type = _Atomic int
// CHECK-NEXT: type = atomic_long
// CHECK-NEXT: type = const volatile _Atomic short

// DIE:      name: "counter"
// DIE-NEXT: type: _Atomic int
// DIE:      atomic_type
// DIE-NEXT:   type: int
// DIE:      name: "atomic_long"
// DIE-NEXT: type: _Atomic long int
// DIE:      name: "both"
// DIE-NEXT: type: const volatile _Atomic short int

// Key Instructions atoms of atomics: a builtin is a source atom of its own,
// keyed on its atomic instruction with the operand as backup (rank 2); an
// _Atomic compound assignment done with a compare-exchange loop keys its atom
// on the cmpxchg, with the combined value as backup; a fence is its own atom.
// RUN: %atomc -S --emit-ir -g -gkey-instructions %s -o - | filecheck %s

int x;
_Atomic long ax;

void f(int v) {
    __atomic_fetch_add(&x, v, __ATOMIC_SEQ_CST);
    ax *= v;
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
}

// CHECK-LABEL: define @f(
// CHECK:       load i32, ptr {{.*}} !loc(line: 11, {{.*}} atom: [[A:[0-9]+]] 2)
// CHECK-NEXT:  atomicrmw add ptr @x, {{.*}} !loc(line: 11, column: 5, {{.*}} atom: [[A]] 1)
// CHECK:       atomic_load i64, ptr @ax, seq_cst !loc(line: 12, column: 8, scope: !{{[0-9]+}})
// CHECK:       mul nsw i64 {{.*}} atom: [[B:[0-9]+]] 2)
// CHECK-NEXT:  cmpxchg ptr @ax, {{.*}}, seq_cst, seq_cst !loc(line: 12, {{.*}} atom: [[B]] 1)
// CHECK:       fence seq_cst !loc(line: 13, column: 5, {{.*}} atom: {{[0-9]+}} 1)

/* atomc-explain --format=text at -O2 on tests/explain/programs/why.c: the variables
   section gives the reason the compiler recorded (.debug.atomc_why) wherever a
   variable is optimized out (the line numbers are that file's). */

// RUN: %python -m atomc.explain -O2 --format=text %S/../../explain/programs/why.c \
// RUN:   | filecheck %s
// `sq` is never read (a float product: no expression recomputes it); `t`, a quotient, is computed on line 7 and last read on line 9 by
// `u = t * 2`, which overwrites its register with `u`; sroa split `p`, so `q` = &p.b has nothing to point to.
// CHECK-LABEL: function work:
// CHECK:      variables:
// (the entry address carries the first body line's row, gdb's first stop: line 7)
// CHECK-NEXT: line 7: n=%rdi, t=optimized out (not assigned yet (line 7 assigns it)), u=optimized out (not assigned yet (line 9 assigns it)), sq=optimized out (not assigned yet)
// CHECK-NEXT: line 7: n=%rdi, t=optimized out (not assigned yet (line 7 assigns it)), {{.*}}sq=optimized out (dead after line 6)
// (n's register is reused by line 8's call; its entry value stands in)
// CHECK-NEXT: line 8: n=entry(%rdi) (value), t=%r{{[a-z0-9]+}},
// CHECK:      line 10: {{.*}}t=optimized out (dead after line 9), u=%r{{[a-z0-9]+}}, sq=optimized out (dead after line 6)
// CHECK-LABEL: function split:
// CHECK:      variables:
// (p.a is in %rdi, p.b not computed yet: an empty piece, p shown in part)
// CHECK-NEXT: line 19: x=%rdi, p=%rdi:4B | unavailable:32b, q=optimized out (not assigned yet)
// CHECK-NEXT: line 21: x=%rdi, p=%rdi:4B | %r{{[a-z0-9]+}}:4B, q=optimized out (computation removed by sroa)

// A complex assignment reaches its variable through a temporary: SROA splits the
// copy into part loads and stores (the stores keep the statement's atom, rank 1),
// and mem2reg deletes both. The stored values, the `fadd`s on the statement's
// line that had no atom, get the atom one rank below (rank 2), so the statement
// keeps a key instruction, an is_stmt row (sum = u + a in p31 had none).
// RUN: %atomc -O2 -g --emit-ir -S --passes=sroa,mem2reg --verify-each %s -o - | filecheck %s
long double _Complex g;
long double _Complex add(long double _Complex u, long double _Complex a)
{
    long double _Complex sum = u + a;
    g = sum;
    return sum;
}

// CHECK-LABEL: define @add(
// CHECK:       fadd f80 %{{[0-9]+}}, f80 %{{[0-9]+}}  !loc(line: 10, column: {{[0-9]+}}, scope: [[F:![0-9]+]], atom: [[A:[0-9]+]] 2)
// CHECK-NEXT:  fadd f80 %{{[0-9]+}}, f80 %{{[0-9]+}}  !loc(line: 10, column: {{[0-9]+}}, scope: [[F]], atom: [[A]] 2)

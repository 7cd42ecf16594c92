/* atomc-explain --format=text on walk() at -O2: what the optimiser did per line, the
   stops, the execution order and the variables at each stop. */
struct point {
    int x;
    int y;
};

static int scale = 3;

static int manhattan(struct point a, struct point b)
{
    int dx = a.x - b.x;
    int dy = a.y - b.y;
    if (dx < 0)
        dx = -dx;
    if (dy < 0)
        dy = -dy;
    return dx + dy;
}

int walk(const struct point *path, int n)
{
    int total = 0;
    for (int i = 1; i < n; i++) {
        int step = manhattan(path[i - 1], path[i]);
        total += step * scale;
    }
    return total;
}

// RUN: %python -m atomc.explain -O2 --format=text --function=walk %s | filecheck %s
// Facts of this program at -O2: manhattan() is inlined into the loop, the loop is
// rotated (its test is copied before the loop), `total = 0` leaves no code, and at
// the loop's entry test the parameters are still in their ABI registers while total
// and i are the constants they start with.
// CHECK: function walk: {{[0-9]+}} instructions, {{[0-9]+}} stops on {{[0-9]+}} lines
// CHECK: no stop on line 23: no code left
// CHECK: line 12: int dx = a.x - b.x;
// CHECK-NEXT: atoms: 1@manhattan@25 rank 2 key
// CHECK: optimiser: inlined into walk at line 25
// CHECK: line 14: if (dx < 0)
// CHECK-NEXT: atoms: 3@manhattan@25 rank 1 key, 3@manhattan@25 rank 2 key
// CHECK-NEXT: is_stmt rows: 1 (2 of 2 atoms; inlined into walk at line 25)
// CHECK: line 24: for (int i = 1; i < n; i++) {
// CHECK: optimiser: rotated by loop-rotate
// CHECK: line 28: return total;
// CHECK-NEXT: atoms: 9 rank 1 key
// CHECK-NEXT: is_stmt rows: 1
// CHECK: execution order:
// CHECK-NEXT: 1 0x{{[0-9a-f]+}} line 24   stop
// CHECK: line 25   stop
// CHECK-NEXT: line 25
// CHECK-NEXT: line 12   stop
// CHECK: line 18   stop
// CHECK: line 26   stop
// CHECK: line 24   stop
// CHECK: line 28   stop atom 9
// the epilogue keeps the closing brace, a stop of its own (Ret.close)
// CHECK-NEXT: line 29   stop atom 10
// CHECK-NEXT: variables:
// CHECK: line 24: path=%rdi, n=%rsi, total=constant 0, i=constant 1
// CHECK: line 14: {{.*}} a=[frame{{[-+][0-9]+}}], b=[frame{{[-+][0-9]+}}], dx=%{{r[0-9a-z]+}}, dy=%{{r[0-9a-z]+}}
// CHECK: line 28: path=%rdi, n=%rsi, total=%{{r[0-9a-z]+}}

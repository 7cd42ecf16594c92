// mem2reg gives an edge argument that replaces a store the store's location and
// atom (the assignment's key instruction once out-of-SSA copies it), when the
// store is the last located line of its block: `out = 3;` in the then-arm and
// `other = d * c;` in the else-arm. `out = 4;` is followed by line 9's multiply,
// so its copy, at the block's end, would step back to line 8: it carries none.
// RUN: %atomc -O2 -g --emit-ir -S --passes=mem2reg --verify-each %s -o - | filecheck %s
int pick(int c, int d)
{
    int out = 0;
    int other = d;
    if (c == 0)
        out = 3;
    else {
        out = 4;
        other = d * c;
    }
    return out + other;
}

// CHECK-LABEL: define @pick(
// CHECK:       jump [[JOIN:bb[0-9]+]](i32 3 !loc(line: 12, column: 13, scope: [[F:![0-9]+]], atom: [[A:[0-9]+]] 1), i32 %1){{$}}
// CHECK:       %[[MUL:[0-9]+]] = mul nsw i32 %1, i32 %0  !loc(line: 15, column: 19, scope: [[F]], atom: [[B:[0-9]+]] 2)
// CHECK:       jump [[JOIN]](i32 4, i32 %[[MUL]] !loc(line: 15, column: 15, scope: [[F]], atom: [[B]] 1)){{$}}
// CHECK:       [[JOIN]](i32 %out.{{[0-9]+}}, i32 %other.{{[0-9]+}}):

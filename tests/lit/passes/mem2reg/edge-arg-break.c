// mem2reg gives the edge argument of a store followed only by a jump on a later
// line (`score = -1; break;`) the store's location and atom: isel puts the copy
// before the jump, so the assignment steps before the break, as at -O0. A jump
// on the store's line (`default:` falls into the join) keeps doing so.
// RUN: %atomc -O2 -g --emit-ir -S --passes=mem2reg --verify-each %s -o - | filecheck %s
int classify(int code)
{
    int score = 0;
    switch (code) {
    case 1:
        score = 5;
        break;
    case 1000:
        score = -1;
        break;
    default:
        score = code + 7;
    }
    return score;
}

// CHECK-LABEL: define @classify(
// CHECK:       jump [[JOIN:bb[0-9]+]](i32 5 !loc(line: 11, column: 15, scope: [[F:![0-9]+]], atom: {{[0-9]+}} 1)){{ +}}!loc(line: 12,
// CHECK:       jump [[JOIN]](i32 -1 !loc(line: 14, column: {{[0-9]+}}, scope: [[F]], atom: {{[0-9]+}} 1)){{ +}}!loc(line: 15,
// CHECK:       jump [[JOIN]](i32 %{{[0-9]+}} !loc(line: 17, column: 15, scope: [[F]], atom: {{[0-9]+}} 1))

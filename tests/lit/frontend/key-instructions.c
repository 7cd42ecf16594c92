// Key Instructions atoms, following Clang 22's per-construct rules
// (shared/specs/key-instructions.md §5.3; the W1/W5 examples of §5.4).
// RUN: %atomc -S --emit-ir -g -gkey-instructions %s -o - | filecheck %s

int g;

void f1(int a)
{
    int b = a;
    int c = (long)a * 2;
    b = c + 1;
    b += a;
    b++;
    g = b;
}

// CHECK-LABEL: define @f1(
// init `int b = a;`: load rank 2, store rank 1, group 1
// CHECK:      load i32, ptr {{%a[.0-9]+}}  !loc(line: 9, {{.*}} atom: 1 2)
// CHECK-NEXT: store i32 {{.*}} !loc(line: 9, {{.*}} atom: 1 1)
// the cast walk: trunc rank 2, the mul behind it rank 3, the sext is not annotated
// CHECK:      sext i32 {{%[0-9]+}} to i64  !loc(line: 10, column: {{[0-9]+}}, scope: {{![0-9]+}})
// CHECK-NEXT: mul {{.*}} atom: 2 3)
// CHECK-NEXT: trunc {{.*}} atom: 2 2)
// CHECK-NEXT: store {{.*}} atom: 2 1)
// CHECK:      add nsw i32 {{.*}} !loc(line: 11, {{.*}} atom: 3 2)
// CHECK-NEXT: store {{.*}} !loc(line: 11, {{.*}} atom: 3 1)
// CHECK:      add nsw i32 {{.*}} !loc(line: 12, {{.*}} atom: 4 2)
// CHECK-NEXT: store {{.*}} !loc(line: 12, {{.*}} atom: 4 1)
// CHECK:      add nsw i32 {{.*}}, i32 1  !loc(line: 13, {{.*}} atom: 5 2)
// CHECK-NEXT: store {{.*}} !loc(line: 13, {{.*}} atom: 5 1)
// CHECK:      load i32, ptr {{%b[.0-9]+}}  !loc(line: 14, {{.*}} atom: 6 2)
// CHECK-NEXT: store i32 {{%[0-9]+}}, ptr @g  !loc(line: 14, {{.*}} atom: 6 1)
// implicit return of a void function: its own group, at the closing brace
// CHECK-NEXT: ret  !loc(line: 15, column: 1, {{.*}} atom: 7 1)

int f5(int a) { return a * 2; }
// single return: the return block folds away and `ret` joins the statement's group
// CHECK-LABEL: define @f5(
// CHECK:      mul nsw i32 {{.*}} atom: 1 2)
// CHECK-NEXT: ret i32 {{%[0-9]+}}  !loc(line: 37, {{.*}} atom: 1 1)

int two(int a)
{
    if (a > 3)
        return a;
    return 0;
}
// CHECK-LABEL: define @two(
// `if`: compare rank 2 and branch rank 1 in one group
// CHECK:      icmp sgt {{.*}} atom: 1 2)
// CHECK-NEXT: branch {{.*}} atom: 1 1)
// each return: store to the return slot and branch, rank 1 of one group
// CHECK:      store i32 {{%[0-9]+}}, ptr [[SLOT:%retval[.0-9]+]]  !loc(line: 46, {{.*}} atom: 2 1)
// CHECK-NEXT: jump [[RB:bb[0-9]+]]  !loc(line: 46, {{.*}} atom: 2 1)
// CHECK:      store i32 0, ptr [[SLOT]]  !loc(line: 47, {{.*}} atom: 3 1)
// CHECK-NEXT: jump [[RB]]  !loc(line: 47, {{.*}} atom: 3 1)
// the final ret gets a new group, the load of the slot as backup
// CHECK:      [[RB]]:
// CHECK-NEXT: load i32, ptr [[SLOT]]  !loc(line: 48, column: 1, {{.*}} atom: 4 2)
// CHECK-NEXT: ret i32 {{%[0-9]+}}  !loc(line: 48, column: 1, {{.*}} atom: 4 1)

void loops(int n)
{
    while (n < 10)
        n++;
    for (int i = 0; i < n; i++) {
        if (i == 2)
            continue;
        break;
    }
}
// CHECK-LABEL: define @loops(
// loops are entered by a jump to the test, laid out after the body (as gcc does)
// CHECK:      jump [[WCOND:bb[0-9]+]]  !loc(line: 65, column: 5, scope: {{![0-9]+}})
// CHECK:      store {{.*}} !loc(line: 66, {{.*}} atom: 3 1)
// the while back edge is not annotated
// CHECK-NEXT: jump [[WCOND]]  !loc(line: 65, column: 5, scope: {{![0-9]+}})
// loop condition: compare and branch are separate groups, each rank 1
// CHECK:      [[WCOND]]:
// CHECK:      icmp slt {{.*}} !loc(line: 65, {{.*}} atom: 1 1)
// CHECK-NEXT: branch {{.*}} !loc(line: 65, {{.*}} atom: 2 1)
// CHECK:      store i32 0, {{.*}} !loc(line: 67, {{.*}} atom: 4 1)
// CHECK:      jump {{bb[0-9]+}}  !loc(line: 69, {{.*}} atom: 8 1)
// CHECK:      jump {{bb[0-9]+}}  !loc(line: 70, {{.*}} atom: 9 1)
// CHECK:      icmp slt {{.*}} !loc(line: 67, {{.*}} atom: 5 1)
// CHECK-NEXT: branch {{.*}} !loc(line: 67, {{.*}} atom: 6 1)

struct S { int a[8]; };
struct S gs;
void agg(struct S *p)
{
    struct S s = *p;
    gs = s;
    int t = p->a[0] ? 3 : 4;
}
// CHECK-LABEL: define @agg(
// aggregate copies: the memcpy is the key instruction
// CHECK:      memcpy {{.*}}, 32, align 4  !loc(line: 93, {{.*}} atom: 1 1)
// CHECK:      memcpy ptr @gs, {{.*}}, 32, align 4  !loc(line: 94, {{.*}} atom: 2 1)
// `c ? 3 : 4` is a select, the backup of the store
// CHECK:      select i1 {{%[0-9]+}}, i32 3, i32 4  !loc(line: 95, {{.*}} atom: 3 2)
// CHECK-NEXT: store i32 {{%[0-9]+}}, ptr {{%t[.0-9]+}}  !loc(line: 95, {{.*}} atom: 3 1)

// CHECK: DISubprogram(name: "f1", {{.*}} key_instructions: true)

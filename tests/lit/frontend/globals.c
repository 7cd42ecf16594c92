// Static data: little-endian bytes, zero runs and symbol references;
// function-local statics become internal globals named after their function.
// RUN: %atomc -S --emit-ir -g %s -o - | filecheck %s

struct rec { char tag; int n; const char *name; };
int table[4] = { 1, [2] = 0x01020304 };
struct rec r = { 'x', -1, "hi" };
int *mid = &table[2];
static short lone;

int counter(void)
{
    static int count = 5;
    return count++ + lone;
}

// CHECK-DAG: global @table : size 16, align 4, external, dbg {{![0-9]+}} = [bytes "01000000", zero 4, bytes "04030201", zero 4]
// CHECK-DAG: global @r : size 16, align 8, external, dbg {{![0-9]+}} = [bytes "78", zero 3, bytes "ffffffff", sym8 @[[STR:.*]]+0]
// CHECK-DAG: global @[[STR]] : size 3, align 1, internal, constant = [bytes "686900"]
// CHECK-DAG: global @mid : size 8, align 8, external, dbg {{![0-9]+}} = [sym8 @table+8]
// CHECK-DAG: global @lone : size 2, align 2, internal, dbg {{![0-9]+}} = [zero 2]
// CHECK-DAG: global @counter.count : size 4, align 4, internal, dbg [[CV:![0-9]+]] = [bytes "05000000"]
// CHECK-DAG: [[CV]] = DIGlobalVariable(name: "count", linkage: "counter.count", file: {{![0-9]+}}, line: 13, type: {{![0-9]+}}, local: true, definition: true{{.*}})

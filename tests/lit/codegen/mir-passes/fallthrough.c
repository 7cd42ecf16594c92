// The fallthrough pass: `jl NEXT; jmp F` becomes `jge F`, and a `jmp` to the
// next block goes; the inverted branch keeps its line.
// RUN: %atomc -O0 -S %s -o /dev/null --print-mir-after=isel,fallthrough 2>&1 | filecheck %s

int pick(int a, int b) {
  if (a < b)
    return a;
  return b;
}

// CHECK-LABEL: MIR after isel
// CHECK:      cmpl %v3:4, %v2:4 :6:9
// CHECK-NEXT: jl %bb.1 :6:9
// CHECK-NEXT: jmp %bb.2 :6:9
// CHECK:      bb.2:
// CHECK:      movl %v5:4, [stack.2] :8:3
// CHECK-NEXT: jmp %bb.3 :8:3
// CHECK-NEXT: bb.3:
// CHECK-LABEL: MIR after fallthrough
// CHECK:      cmpl %v3:4, %v2:4 :6:9
// CHECK-NEXT: jge %bb.2 :6:9
// CHECK-NEXT: bb.1:
// CHECK:      jmp %bb.3 :7:5
// CHECK:      movl %v5:4, [stack.2] :8:3
// CHECK-NEXT: bb.3:

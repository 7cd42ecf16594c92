// RUN: %atomc -O2 -g -S %s -o - | filecheck %s
// The vendor attribute and section (docs/why-optimized-out.md): `sq` is never
// used, so from its assignment on it is "dead after line 10" (reason 1); the
// DIE points at its record with DW_AT 0x3f10, DW_FORM_sec_offset.
// CHECK: .uleb128 0x3f10
// CHECK-NEXT: .uleb128 0x17
// CHECK: .section .debug.atomc_why,"",@progbits
// CHECK-NEXT: .value 1
int g;
int work(int n) { int sq = n * 1.5;
  g = n;
  return 0;
}
// CHECK: .byte 1 # reason
// CHECK-NEXT: .uleb128 10 # line
// CHECK-NEXT: .asciz ""

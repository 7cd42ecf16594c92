// __int128 and unsigned __int128 (also spelled __int128_t, __uint128_t) are
// 16-byte base types with gcc's names and encodings.
// RUN: %atomc -g -c %s -o %t.o && %dwarfdump --info %t.o | filecheck %s

__int128 s = -1;
unsigned __int128 u = 5;
__int128_t t;
__uint128_t v;

// CHECK:      name: "s"
// CHECK-NEXT: type: __int128
// CHECK-NEXT: base_type
// CHECK-NEXT:   byte_size: 16
// CHECK-NEXT:   encoding: DW_ATE_signed
// CHECK-NEXT:   name: "__int128"
// CHECK:      name: "u"
// CHECK-NEXT: type: __int128 unsigned
// CHECK-NEXT: base_type
// CHECK-NEXT:   byte_size: 16
// CHECK-NEXT:   encoding: DW_ATE_unsigned
// CHECK-NEXT:   name: "__int128 unsigned"
// CHECK:      name: "t"
// CHECK-NEXT: type: __int128
// CHECK:      name: "v"
// CHECK-NEXT: type: __int128 unsigned

// After a call into another function, the return address starts a row without
// is_stmt and the rest of the call's line has none: gdb's `step` out of the
// callee then goes on to the next line, as at -O0, instead of stopping on the
// call's line again for the store of the result (line 15) or the `& 0x7f`
// (line 17).
// RUN: %atomc -c -O2 -g %S/../../optdebug/programs/return_to_call_line.c -o %t.o
// RUN: %dwarfdump --lines %t.o | filecheck %s

// CHECK:      return_to_call_line.c:15:24 is_stmt prologue_end
// CHECK-NEXT: return_to_call_line.c:15:13{{$}}
// CHECK-NEXT: return_to_call_line.c:15:13{{$}}
// CHECK-NEXT: return_to_call_line.c:16:22 is_stmt
// CHECK-NEXT: return_to_call_line.c:16:5{{$}}
// CHECK-NEXT: return_to_call_line.c:17:12 is_stmt
// CHECK-NEXT: return_to_call_line.c:17:21{{$}}
// The epilogue is the closing brace's, a stop of its own (Ret.close).
// CHECK-NEXT: return_to_call_line.c:18:1 is_stmt epilogue_begin

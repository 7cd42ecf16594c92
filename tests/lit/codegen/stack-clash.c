// -fstack-clash-protection: frames under a page need nothing; up to four pages
// are allocated a page at a time, each probed; larger frames loop down to %r11
// (the CFA is described from %r11 meanwhile); the residual is not probed (gcc's
// scheme). A variable-length array is allocated a page at a time too, probed.
// RUN: %atomc -S -O2 -fstack-clash-protection %s -o - | filecheck %s
// RUN: %atomc -S -O0 -fstack-clash-protection %s -o - | filecheck %s --check-prefix=O0

void use(char *);
void small(void) { char b[3000]; use(b); }
void mid(void) { char b[5000]; use(b); }
void big(void) { char b[20000]; use(b); }
void vla(int n) { char b[n]; use(b); }

// CHECK-LABEL: small:
// CHECK-NOT:   orq
// CHECK:       subq $3000, %rsp
// CHECK-LABEL: mid:
// CHECK:       subq $4096, %rsp
// CHECK-NEXT:  .cfi_def_cfa_offset 4104
// CHECK-NEXT:  orq $0, (%rsp)
// CHECK-NEXT:  subq $904, %rsp
// CHECK-NEXT:  .cfi_def_cfa_offset 5008
// CHECK-LABEL: big:
// CHECK:       leaq -16384(%rsp), %r11
// CHECK-NEXT:  .cfi_def_cfa %r11, 16392
// CHECK-NEXT:  1:
// CHECK-NEXT:  subq $4096, %rsp
// CHECK-NEXT:  orq $0, (%rsp)
// CHECK-NEXT:  cmpq %r11, %rsp
// CHECK-NEXT:  jne 1b
// CHECK-NEXT:  .cfi_def_cfa_register %rsp
// CHECK-NEXT:  subq $3624, %rsp
// CHECK-NEXT:  .cfi_def_cfa_offset 20016
// CHECK-LABEL: vla:
// CHECK:       andq $-16, %[[N:r[a-z0-9]+]]
// CHECK-NEXT:  1:
// CHECK-NEXT:  cmpq $4096, %[[N]]
// CHECK-NEXT:  jb 2f
// CHECK-NEXT:  subq $4096, %rsp
// CHECK-NEXT:  orq $0, (%rsp)
// CHECK-NEXT:  subq $4096, %[[N]]
// CHECK-NEXT:  jmp 1b
// CHECK-NEXT:  2:
// CHECK-NEXT:  subq %[[N]], %rsp
// CHECK-NEXT:  orq $0, (%rsp)

// frame-pointer frames need no CFI for the probes
// O0-LABEL: big:
// O0:       .cfi_def_cfa_register %rbp
// O0-NEXT:  leaq -{{[0-9]+}}(%rsp), %r11
// O0-NEXT:  1:
// O0:       jne 1b
// O0-NEXT:  subq ${{[0-9]+}}, %rsp

// x86-64 code for atomics, as gcc 12 -O2 emits it: lock xadd (negated for a
// subtraction), lock add/or when the old value is unused, a lock cmpxchg loop
// for and/nand whose result is used, xchg for seq_cst stores and exchanges,
// plain mov for release stores and for loads (even unused ones: they stay),
// lock cmpxchg + sete for compare-exchange, `lock orq $0,(%rsp)` for a seq_cst
// thread fence and nothing for the others. The scheduler, which lets plain
// loads pass each other (see `plain`), moves nothing across an acquire load or
// a signal fence. Pointer fetch-ops are not scaled. The cmpxchg loop's head is
// aligned as gcc aligns loops (.p2align 4,,10 then 3).
// RUN: %atomc -O2 -S %s -o - | filecheck %s
// RUN: %atomc -O0 -S %s -o - | filecheck %s --check-prefix=O0

int x, y;
long q;
unsigned char c;
int *p;

int fetch_add(int v) { return __atomic_fetch_add(&x, v, __ATOMIC_SEQ_CST); }
// CHECK-LABEL: fetch_add:
// CHECK:       lock xaddl %edi, x(%rip)
// O0-LABEL:    fetch_add:
// O0:          lock xaddl %eax, x(%rip)

int fetch_sub_const(void) { return __atomic_fetch_sub(&x, 3, __ATOMIC_RELAXED); }
// CHECK-LABEL: fetch_sub_const:
// CHECK:       movl $-3, %[[R:e[a-z]+]]
// CHECK-NEXT:  lock xaddl %[[R]], x(%rip)

int fetch_sub(int v) { return __atomic_fetch_sub(&x, v, __ATOMIC_RELAXED); }
// CHECK-LABEL: fetch_sub:
// CHECK:       negl %[[R:e[a-z]+]]
// CHECK-NEXT:  lock xaddl %[[R]], x(%rip)

void add_unused(int v) { __atomic_add_fetch(&x, v, __ATOMIC_SEQ_CST); }
// CHECK-LABEL: add_unused:
// CHECK-NEXT:  .cfi_startproc
// CHECK-NEXT:  lock addl %edi, x(%rip)
// CHECK-NEXT:  ret

void or_unused(void) { __atomic_fetch_or(&c, 0x80, __ATOMIC_RELEASE); }
// CHECK-LABEL: or_unused:
// CHECK:       lock orb $-128, c(%rip)
// CHECK-NEXT:  ret

int fetch_and(int v) { return __atomic_fetch_and(&x, v, __ATOMIC_SEQ_CST); }
// CHECK-LABEL: fetch_and:
// CHECK:       movl x(%rip), %[[OLD:e[a-z]+]]
// CHECK-NEXT:  .p2align 4,,10
// CHECK-NEXT:  .p2align 3
// CHECK-NEXT:  [[LOOP:.LBB[0-9_]+]]:
// CHECK:       movl %[[OLD]], %eax
// CHECK:       andl %edi, %[[NEW:e[a-z]+]]
// CHECK:       lock cmpxchgl %[[NEW]], x(%rip)
// CHECK-NEXT:  movl %eax, %[[OLD]]
// CHECK-NEXT:  jne [[LOOP]]
// O0-LABEL:    fetch_and:
// O0:          lock cmpxchgl

long nand_fetch(long v) { return __atomic_nand_fetch(&q, v, __ATOMIC_SEQ_CST); }
// CHECK-LABEL: nand_fetch:
// CHECK:       andq %rdi, %[[NEW:r[a-z]+]]
// CHECK:       notq %[[NEW]]
// CHECK-NEXT:  lock cmpxchgq %[[NEW]], q(%rip)
// CHECK:       jne

void store_seq_cst(int v) { __atomic_store_n(&x, v, __ATOMIC_SEQ_CST); }
// CHECK-LABEL: store_seq_cst:
// CHECK:       xchgl x(%rip), %edi
// CHECK-NEXT:  ret

void store_release(int v) { __atomic_store_n(&x, v, __ATOMIC_RELEASE); }
// CHECK-LABEL: store_release:
// CHECK:       movl %edi, x(%rip)
// CHECK-NEXT:  ret

int exchange(int v) { return __atomic_exchange_n(&x, v, __ATOMIC_ACQ_REL); }
// CHECK-LABEL: exchange:
// CHECK:       xchgl x(%rip), %edi

int cas(int *e, int d) {
    return __atomic_compare_exchange_n(&x, e, d, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}
// CHECK-LABEL: cas:
// CHECK:       movl (%rdi), %eax
// CHECK:       lock cmpxchgl %esi, x(%rip)
// CHECK-NEXT:  sete
// CHECK:       movl %eax, (%rdi)

void fences(void) {
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    __atomic_thread_fence(__ATOMIC_ACQUIRE);
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
}
// CHECK-LABEL: fences:
// CHECK-NEXT:  .cfi_startproc
// CHECK-NEXT:  lock orq $0, (%rsp)
// CHECK-NEXT:  ret

void unused_load(void) { __atomic_load_n(&x, __ATOMIC_ACQUIRE); }
// CHECK-LABEL: unused_load:
// CHECK:       movl x(%rip),
// CHECK-NEXT:  ret

int plain(void) { int a = x; int b = y; return (b * 3) * b + a; }
// CHECK-LABEL: plain:
// CHECK:       movl y(%rip),
// CHECK-NEXT:  movl x(%rip),

int acquire(void) { int a = __atomic_load_n(&x, __ATOMIC_ACQUIRE); int b = y; return (b * 3) * b + a; }
// CHECK-LABEL: acquire:
// CHECK:       movl x(%rip),
// CHECK-NEXT:  movl y(%rip),

int signal_fence(void) { int a = x; __atomic_signal_fence(__ATOMIC_SEQ_CST); int b = y; return (b * 3) * b + a; }
// CHECK-LABEL: signal_fence:
// CHECK:       movl x(%rip),
// CHECK-NEXT:  movl y(%rip),

int *ptr_fetch_add(void) { return __atomic_fetch_add(&p, 8, __ATOMIC_SEQ_CST); }
// CHECK-LABEL: ptr_fetch_add:
// CHECK:       $8, %rax
// CHECK-NEXT:  lock xaddq %rax, p(%rip)

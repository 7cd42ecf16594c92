// Each atomic statement is a source atom of its own (a builtin, like the call it
// looks like, keyed on its atomic instruction; an _Atomic assignment keyed on its
// atomic read-modify-write), so at -O2 with Key Instructions gdb's `next` stops
// on every line, in order, as at -O0.
// REQUIRES: gdb
// RUN: %atomc -O2 -g %s -o %t
// RUN: gdb -batch -nx -ex 'break f' -ex run -ex next -ex next -ex next -ex next -ex next -ex next %t 2>&1 | filecheck %s
// RUN: %atomc -O0 -g %s -o %t0
// RUN: gdb -batch -nx -ex 'break f' -ex run -ex next -ex next -ex next -ex next -ex next -ex next %t0 2>&1 | filecheck %s

int x, y;
_Atomic int ax;

__attribute__((noinline)) int f(int v) {
    __atomic_fetch_add(&x, v, __ATOMIC_SEQ_CST);
    __atomic_store_n(&y, v, __ATOMIC_RELEASE);
    ax += v;
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    int r = __atomic_load_n(&x, __ATOMIC_ACQUIRE);
    ax++;
    return r + ax;
}

int main(void) {
    return f(3) - 7;
}

// CHECK:      Breakpoint 1, f ({{.*}}) at {{.*}}atomic-step.c:15
// CHECK-NEXT: 15 {{.*}}__atomic_fetch_add
// CHECK-NEXT: 16 {{.*}}__atomic_store_n
// CHECK-NEXT: 17 {{.*}}ax += v;
// CHECK-NEXT: 18 {{.*}}__atomic_thread_fence
// CHECK-NEXT: 19 {{.*}}__atomic_load_n
// CHECK-NEXT: 20 {{.*}}ax++;
// CHECK-NEXT: 21 {{.*}}return r + ax;

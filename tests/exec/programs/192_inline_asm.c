/* GNU inline assembly: register, memory, immediate and matching operands,
   read-write and early-clobber outputs, specific registers, operand
   modifiers (%k %q %w %b %h %z %c %=), %%, clobbered registers whose values
   must survive, and file-scope asm. Deterministic instructions only. */
#include <stdio.h>

__asm__(".text\n\t.globl asm_answer\n\t.type asm_answer,@function\nasm_answer:\n\t"
        "movl $42, %eax\n\tret\n\t.size asm_answer, .-asm_answer");
int asm_answer(void);

static int add(int a, int b) {
    int r;
    __asm__("addl %2, %0" : "=r"(r) : "0"(a), "r"(b) : "cc");
    return r;
}

static long add_mem(long a, const long *p) {
    __asm__("addq %1, %0" : "+r"(a) : "m"(*p));
    return a;
}

static void store_via_asm(int *p, int v) {
    __asm__ volatile("movl %1, %0" : "=m"(*p) : "r"(v) : "memory");
}

static void incr_mem(long *p) {
    __asm__("incq %0" : "+m"(*p));
}

static unsigned swap_bytes16(unsigned short x) {
    __asm__("xchgb %b0, %h0" : "+Q"(x));
    return x;
}

static int via_specific(int x) {
    int r;
    __asm__("movl %%edi, %%eax\n\tleal 1(%%rax), %%eax" : "=a"(r) : "D"(x));
    return r;
}

static unsigned long mul_wide(unsigned long a, unsigned long b, unsigned long *hi) {
    unsigned long lo, h;
    __asm__("mulq %3" : "=a"(lo), "=d"(h) : "a"(a), "rm"(b) : "cc");
    *hi = h;
    return lo;
}

static int immediates(int x) {
    __asm__("addl %1, %0" : "+r"(x) : "i"(100));
    __asm__("addl %1, %0" : "+r"(x) : "n"(5));
    __asm__("addl %1, %0" : "+r"(x) : "g"(7));
    __asm__("addl $%c1, %0" : "+r"(x) : "i"(1000));
    return x;
}

static int keeps_clobbered(int x) {
    int y = x * 3, z = x + 11, w = x ^ 0x55;
    __asm__ volatile("movl $0, %%ebx\n\tmovl $0, %%ecx\n\tmovl $0, %%r12d\n\tmovl $0, %%esi\n\t"
                     "movl $0, %%edx\n\tmovl $0, %%r8d\n\tmovl $0, %%r13d"
                     ::: "rbx", "rcx", "r12", "esi", "edx", "r8", "r13", "cc");
    return x + y + z + w;
}

static long early_clobber(long a, long b) {
    long t;
    __asm__("movq %1, %0\n\taddq %2, %0" : "=&r"(t) : "r"(a), "r"(b));
    return t;
}

static unsigned char byte_op(unsigned char c) {
    __asm__("incb %0" : "+r"(c));
    return c;
}

static short word_op(short s) {
    __asm__("negw %w0" : "+r"(s));
    return s;
}

static long widen(int x) {
    long r;
    __asm__("movslq %k1, %q0" : "=r"(r) : "r"(x));
    return r;
}

static int sized(int x) {
    __asm__("add%z0 %0, %0" : "+r"(x));
    return x;
}

static int count_loop(int n) {
    int r = 0;
    __asm__("testl %1, %1\n\tjz 2f\n1:\n\taddl $3, %0\n\tdecl %1\n\tjnz 1b\n2:"
            : "+r"(r), "+r"(n) : : "cc");
    return r;
}

static int unique_labels(int x) {
    __asm__("jmp .Lskip%=\n\taddl $1000, %0\n.Lskip%=:\n\taddl $1, %0" : "+r"(x));
    __asm__("jmp .Lskip%=\n\taddl $1000, %0\n.Lskip%=:\n\taddl $2, %0" : "+r"(x));
    return x;
}

static unsigned percent(unsigned x) {
    __asm__("shll $4, %%eax" : "+a"(x));
    return x;
}

static int sum_array(const int *a, int n) {
    int s = 0;
    for (int i = 0; i < n; i++)
        __asm__("addl %1, %0" : "+r"(s) : "m"(a[i]));
    return s;
}

struct pair { long a, b; };

static long struct_member(struct pair *p) {
    __asm__("addq %1, %0" : "+r"(p->a) : "m"(p->b));
    return p->a;
}

static int local_mem(void) {
    int buf[4] = {1, 2, 3, 4};
    __asm__("movl $40, %0" : "=m"(buf[2]));
    return buf[0] + buf[1] + buf[2] + buf[3];
}

int main(void) {
    long m = 5;
    int s = 0;
    printf("add %d %d\n", add(40, 2), add(-7, 3));
    printf("add_mem %ld\n", add_mem(10, &m));
    store_via_asm(&s, 77);
    printf("store %d\n", s);
    incr_mem(&m);
    printf("incr %ld\n", m);
    printf("swap16 %x\n", swap_bytes16(0x1234));
    printf("specific %d\n", via_specific(9));
    unsigned long hi;
    unsigned long lo = mul_wide(0xffffffffffffffffUL, 3, &hi);
    printf("mul %lx %lx\n", hi, lo);
    printf("imm %d\n", immediates(1));
    printf("clobbers %d %d\n", keeps_clobbered(5), keeps_clobbered(-3));
    printf("early %ld\n", early_clobber(3, 4));
    printf("byte %d word %d\n", byte_op(255), word_op(1234));
    printf("widen %ld\n", widen(-3));
    printf("sized %d\n", sized(21));
    printf("loop %d %d\n", count_loop(5), count_loop(0));
    printf("labels %d\n", unique_labels(10));
    printf("percent %u\n", percent(3));
    int arr[5] = {1, 2, 3, 4, 5};
    printf("sum %d\n", sum_array(arr, 5));
    struct pair pr = {7, 8};
    printf("member %ld\n", struct_member(&pr));
    printf("local %d\n", local_mem());
    printf("answer %d\n", asm_answer());
    int x = add(20, 22);
    __asm__ volatile("" : : "r"(x) : "memory");
    __asm__("nop");
    __asm__ __volatile__("" ::: "memory");
    printf("x %d\n", x);
    return 0;
}

/* Bit-fields (signed, unsigned, _Bool, a packed struct) and a VLA under the debugger. */
#include <stdio.h>

//! break: fields_set packed_set vla_filled
//! globals: g_flags
//! step: main 6
//! next: main 10
//! finish: total
//! bt: deepest

struct Flags {
    int temp : 7;
    unsigned mode : 3;
    _Bool on : 1;
    unsigned long serial : 40;
    char tag;
};

struct __attribute__((packed)) Packed {
    char c;
    int x : 20;
    long y : 50;
};

struct Flags g_flags = { -12, 5, 1, 123456789012UL, 'g' };

static int depth3(const struct Flags *f) {
    return f->temp * 2;                                //@ label: deepest
}

static int depth2(const struct Flags *f) { return depth3(f) + 1; }

static int vla_sum(int n, int base, unsigned step) {
    int vals[n];
    for (int i = 0; i < n; i++)
        vals[i] = base + i * (int)step;
    int s = 0;                                         //@ label: vla_filled  //@ watch(vals[2]): -18
    for (int i = 0; i < n; i++)
        s += vals[i];
    return s;
}

static int total(struct Flags f, int n) {
    int s = f.temp + f.on;
    s += vla_sum(n, f.temp, f.mode);
    return s + depth2(&f);
}

int main(void) {
    struct Flags f = { 3, 7, 0, 42, 'x' };
    f.temp = -20;
    f.mode += 2;
    f.on = 1;
    printf("%d %u %d\n", f.temp, f.mode, f.on);        //@ label: fields_set  //@ watch(f.mode): 1
    struct Packed p = { 'p', -5, -1234567890123L };
    p.x += 3;
    printf("%d %ld\n", p.x, p.y);                      //@ label: packed_set  //@ watch(p.x): -2
    int r = total(f, 4);
    printf("%d %d\n", r, g_flags.temp);
    return 0;
}

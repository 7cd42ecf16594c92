// The __sync builtins work on integers and pointers only.
struct counter { int n; } c;

int bump(void) {
    return __sync_fetch_and_add(&c, 1);
}
// expect-error: 5: operand type 'struct counter *' is incompatible with argument 1 of '__sync_fetch_and_add'

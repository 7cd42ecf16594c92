// The object of an atomic builtin is passed by address.
int x;

int get(void) {
    return __atomic_load_n(x, __ATOMIC_ACQUIRE);
}
// expect-error: 5: operand type 'int' is incompatible with argument 1 of '__atomic_load_n'

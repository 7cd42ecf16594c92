// The arithmetic atomics take a pointer to an integer or pointer object, not a float.
float f;

float bump(void) {
    return __atomic_fetch_add(&f, 1, __ATOMIC_SEQ_CST);
}
// expect-error: 5: operand type 'float *' is incompatible with argument 1 of '__atomic_fetch_add'

// The generic forms copy through pointers to objects of the same size.
int x;
char c;

void get(void) {
    __atomic_load(&x, &c, __ATOMIC_SEQ_CST);
}
// expect-error: 6: size mismatch in argument 2 of '__atomic_load'

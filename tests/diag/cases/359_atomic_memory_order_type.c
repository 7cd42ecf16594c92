// A generic atomic's memory order is an integer.
int x, y;

void get(void) {
    __atomic_load(&x, &y, 2.5);
}
// expect-error: 5: non-integer memory model argument 3 of '__atomic_load'

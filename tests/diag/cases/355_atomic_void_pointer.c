// A generic atomic needs to know the object's size: not through a void pointer.
void *p;
int y;

void get(void) {
    __atomic_load(p, &y, __ATOMIC_SEQ_CST);
}
// expect-error: 6: argument 1 of '__atomic_load' must be a non-void pointer type

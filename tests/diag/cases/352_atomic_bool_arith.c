// _Bool objects may be loaded, stored and exchanged atomically, but gcc refuses
// arithmetic on them.
_Bool flag;

int toggle(void) {
    return __atomic_fetch_xor(&flag, 1, __ATOMIC_SEQ_CST);
}
// expect-error: 6: operand type '_Bool *' is incompatible with argument 1 of '__atomic_fetch_xor'

// expect-error: 5: '__atomic_fetch_add' is not supported
// gcc-accepts
int counter;
int main(void) {
    return __atomic_fetch_add(&counter, 1, __ATOMIC_SEQ_CST);
}

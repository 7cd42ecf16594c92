// expect-error: 5: '__builtin_setjmp' is not supported
// gcc-accepts
void *buf[5];
int main(void) {
    if (__builtin_setjmp(buf))
        return 1;
    return 0;
}

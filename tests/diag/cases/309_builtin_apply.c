// expect-error: 5: '__builtin_apply_args' is not supported
// gcc-accepts
void f(void) {}
int main(void) {
    void *args = __builtin_apply_args();
    return args == 0;
}

// The __atomic builtins take their memory order(s) explicitly.
int x;

int inc(void) {
    return __atomic_fetch_add(&x, 1);
}
// expect-error: 5: too few arguments to function '__atomic_fetch_add'

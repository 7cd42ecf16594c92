// expect-error: 4: '__builtin_complex' is not supported
// gcc-accepts
int main(void) {
    double _Complex z = __builtin_complex(1.0, 2.0);
    return 0;
}

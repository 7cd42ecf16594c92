// expect-error: 4: '__builtin_huge_valf128' is not supported
// gcc-accepts
int main(void) {
    return __builtin_huge_valf128() > 0;
}

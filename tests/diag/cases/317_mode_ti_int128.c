// expect-error: 3: '__int128' is not supported
// gcc-accepts
typedef int ti_t __attribute__((mode(TI)));
int main(void) { return 0; }

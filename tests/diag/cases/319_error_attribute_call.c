// expect-error: 7: call to 'forbidden' declared with attribute error: do not call this
// gcc-accepts
/* gcc reports this when it generates code, so its -fsyntax-only check accepts it */
extern void forbidden(void) __attribute__((error("do not call this")));
int main(int argc, char **argv) {
    if (argc > 5)
        forbidden();
    return 0;
}

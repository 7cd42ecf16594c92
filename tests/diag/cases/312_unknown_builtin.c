// expect-error: 4: builtin '__builtin_no_such_thing' is not supported
// gcc-accepts
int main(void) {
    return __builtin_no_such_thing(1);
}

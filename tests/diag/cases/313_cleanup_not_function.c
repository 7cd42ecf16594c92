// expect-error: 4: cleanup argument not a function
int not_a_function;
int main(void) {
    int x __attribute__((cleanup(not_a_function))) = 1;
    return x;
}

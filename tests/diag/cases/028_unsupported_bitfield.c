// expect-error: 5: unsupported
// gcc-accepts
struct flags {
    int ready;
    unsigned mode : 3;
};
int main(void) { struct flags f = { 1, 2 }; return f.ready; }

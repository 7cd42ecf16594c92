// expect-error: 3: 'vector_size' attribute is not supported
// gcc-accepts
typedef int v4si __attribute__((vector_size(16)));
int main(void) { return 0; }

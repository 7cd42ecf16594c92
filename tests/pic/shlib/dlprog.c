/* Loads libshapes with dlopen and calls it through dlsym'd pointers. */
#include <dlfcn.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    void *h = dlopen(argc > 1 ? argv[1] : "./libshapes.so", RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        printf("dlopen failed: %s\n", dlerror());
        return 1;
    }
    int (*apply)(const char *, int, int) = (int (*)(const char *, int, int))dlsym(h, "lib_apply");
    const char *(*classify)(int) = (const char *(*)(int))dlsym(h, "lib_classify");
    int (*accumulate)(int) = (int (*)(int))dlsym(h, "lib_accumulate");
    int (*call_hook)(int) = (int (*)(int))dlsym(h, "lib_call_hook");
    void (*bump)(void) = (void (*)(void))dlsym(h, "lib_bump");
    long (*state)(void) = (long (*)(void))dlsym(h, "lib_state");
    int *(*tls_addr)(void) = (int *(*)(void))dlsym(h, "lib_tls_addr");
    int *counter = (int *)dlsym(h, "lib_counter");
    if (!apply || !classify || !accumulate || !call_hook || !bump || !state || !tls_addr || !counter) {
        printf("dlsym failed\n");
        return 1;
    }
    printf("counter=%d apply=%d classify=%s,%s\n", *counter, apply("mul", 6, 7), classify(4),
           classify(42));
    *counter = 50;
    bump();
    bump();
    printf("counter=%d state=%ld tls=%d\n", *counter, state(), *tls_addr());
    printf("accumulate=%d hook=%d\n", accumulate(7), call_hook(2));
    dlclose(h);
    return 0;
}

/* A program linked against libshapes: uses its data directly (copy relocations),
   interposes lib_hook, passes a callback, and reads its TLS from threads. */
#include <pthread.h>
#include <stdio.h>

#include "shapes.h"

int lib_hook(int x) { return x + 7; }  /* interposes the library's definition */

static int twice(int x) { return 2 * x; }

static void *thread_main(void *arg)
{
    int id = (int)(long)arg;
    for (int i = 0; i < id; i++)
        lib_bump();
    printf("thread %d: tls=%d via lib=%d same=%d\n", id, lib_tls, *lib_tls_addr(),
           lib_tls_addr() == &lib_tls);
    return NULL;
}

int main(void)
{
    printf("counter=%d names=%s,%s\n", lib_counter, lib_names[1], lib_names[3]);
    lib_counter += 5;
    lib_bump();
    printf("counter=%d state=%ld\n", lib_counter, lib_state());
    printf("apply: %d %d %d %d %d\n", lib_apply("add", 3, 4), lib_apply("sub", 3, 4),
           lib_apply("mul", 3, 4), lib_apply("max", 3, 4), lib_apply("nop", 1, 1));
    for (int i = -1; i < 9; i++)
        printf("%s ", lib_classify(i));
    printf("\naccumulate=%d bss=%d\n", lib_accumulate(10), lib_bss_array[10 & 7]);
    printf("hook=%d\n", lib_call_hook(1));
    printf("callback before=%d", lib_call_back(5));
    lib_callback = twice;
    printf(" after=%d\n", lib_call_back(5));
    printf("vla=%d\n", lib_vla_sum(50));
    char out[64];
    int len = lib_format(out, sizeof out, 7);
    printf("format=%s (%d)\n", out, len);
    for (long t = 1; t <= 3; t++) {
        pthread_t th;
        pthread_create(&th, NULL, thread_main, (void *)t);
        pthread_join(th, NULL);
    }
    printf("main tls=%d state=%ld\n", lib_tls, lib_state());
    return 0;
}

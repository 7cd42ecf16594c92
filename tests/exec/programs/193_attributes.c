/* GNU attributes on functions and objects: inlining control, used/unused,
   alignment and packing, noreturn, sections, weak definitions and a weak
   undefined reference (NULL), visibility, constructors and destructors, and
   the hint attributes that change no behaviour. */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) static int f_noinline(int x) { return x + 1; }
__attribute__((noipa)) int f_noipa(int x) { return x * 2; }
static inline __attribute__((always_inline)) int f_always(int x) { return x - 3; }
__attribute__((used)) static int kept_data = 42;
__attribute__((used)) static int kept_fn(void) { return 7; }
__attribute__((unused)) static int unused_fn(void) { return 8; }

struct __attribute__((aligned(32))) big { int x; };
struct __attribute__((packed)) tight { char c; int i; short s; };
struct loose { char c; int i __attribute__((aligned(16))); };
static char aligned_buf[3] __attribute__((aligned(64)));

__attribute__((noreturn)) static void die(int code) { exit(code); }

__attribute__((section(".data.atomc_test"))) int in_section = 5;
__attribute__((section(".rodata.atomc_test"))) const int ro_section = 6;
__attribute__((section(".text.atomc_test"))) int section_fn(void) { return 11; }

__attribute__((weak)) int weak_var = 9;
__attribute__((weak)) int weak_fn(void) { return 13; }
extern int missing_weak_fn(void) __attribute__((weak));
extern int missing_weak_var __attribute__((weak));

__attribute__((visibility("hidden"))) int hidden_var = 4;
__attribute__((visibility("default"))) int default_fn(void) { return 1; }
__attribute__((visibility("protected"))) int protected_fn(void) { return 2; }

static int ctor_state;
__attribute__((constructor)) static void ctor(void) { ctor_state = ctor_state * 10 + 1; }
__attribute__((constructor)) static void ctor2(void) { ctor_state = ctor_state * 10 + 2; }
__attribute__((destructor)) static void dtor(void) { printf("destructor ran\n"); }

__attribute__((cold)) int f_cold(int x) { return x; }
__attribute__((hot)) int f_hot(int x) { return x + 1; }
__attribute__((pure)) int f_pure(const int *p) { return *p; }
__attribute__((const)) int f_const(int x) { return x * x; }
__attribute__((format(printf, 1, 2))) static int logf_(const char *fmt, ...);
__attribute__((nonnull(1))) int f_nonnull(int *p) { return *p + 1; }
__attribute__((malloc)) void *f_malloc(size_t n) { return malloc(n); }
__attribute__((warn_unused_result)) int f_wur(void) { return 2; }
__attribute__((deprecated)) int f_dep(void) { return 3; }
__attribute__((deprecated("use f_dep"))) int f_dep2(void) { return 4; }
int f_trailing(int x) __attribute__((noinline, cold));
int f_trailing(int x) { return x * 5; }

static int logf_(const char *fmt, ...) { return printf("%s", fmt); }

int main(void) {
    int y = 3;
    printf("inline %d %d %d\n", f_noinline(1), f_noipa(2), f_always(3));
    printf("used %d %d\n", kept_data, kept_fn());
    struct tight t = {1, 2, 3};
    printf("layout %zu %zu %zu %zu %zu\n", sizeof(struct big), _Alignof(struct big),
           sizeof(struct tight), sizeof(struct loose), (size_t)((unsigned long)aligned_buf % 64));
    printf("packed %d %d %d\n", t.c, t.i, t.s);
    printf("sections %d %d %d\n", in_section, ro_section, section_fn());
    printf("weak %d %d\n", weak_var, weak_fn());
    printf("weak missing %d %d\n", missing_weak_fn == 0, &missing_weak_var == 0);
    if (missing_weak_fn)
        printf("unexpected %d\n", missing_weak_fn());
    printf("visibility %d %d %d\n", hidden_var, default_fn(), protected_fn());
    printf("constructors %d\n", ctor_state);
    printf("hints %d %d %d %d %d\n", f_cold(1), f_hot(2), f_pure(&y), f_const(3), f_nonnull(&y));
    void *m = f_malloc(4);
    free(m);
    printf("results %d %d %d %d\n", f_wur(), f_dep(), f_dep2(), f_trailing(2));
    logf_("format\n");
    if (y == 4)
        die(3);
    return 0;
}

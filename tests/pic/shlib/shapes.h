/* The API of libshapes: what a program linked against it (or dlopen-ing it) uses. */
#ifndef SHAPES_H
#define SHAPES_H

#define SHAPES_API __attribute__((visibility("default")))

SHAPES_API extern int lib_counter;          /* the program reads and writes it (copy relocation) */
SHAPES_API extern int lib_bss_array[8];
SHAPES_API extern const char *const lib_names[4];
SHAPES_API extern __thread int lib_tls;     /* initial-exec from the program, general-dynamic here */
SHAPES_API extern int (*lib_callback)(int);

SHAPES_API int lib_hook(int x);             /* the program defines its own: it wins */
SHAPES_API int lib_apply(const char *op, int a, int b);
SHAPES_API const char *lib_classify(int x);
SHAPES_API int lib_accumulate(int n);
SHAPES_API int lib_call_hook(int x);
SHAPES_API int lib_call_back(int x);
SHAPES_API void lib_bump(void);
SHAPES_API long lib_state(void);
SHAPES_API int *lib_tls_addr(void);
SHAPES_API int lib_vla_sum(int n);
SHAPES_API int lib_format(char *out, int size, int v);

#endif

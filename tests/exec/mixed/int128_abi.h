/* __int128 across an object-file boundary (SysV x86-64): shared declarations. */
#include <stdarg.h>

typedef __int128 i128;
typedef unsigned __int128 u128;

struct wrap { i128 v; };                 /* 16 bytes, INTEGER INTEGER: two registers */
struct tagged { long tag; i128 v; };     /* 32 bytes: memory, 16-byte aligned */
struct halves { long lo, hi; };          /* 16 bytes, 8-aligned: registers or memory */

i128 add2(i128 a, i128 b);
u128 after5(long a, long b, long c, long d, long e, u128 x, long f);
i128 all_stack(i128 a, i128 b, i128 c, i128 d, i128 e, long f, i128 g);
double with_floats(double x, i128 a, float y, u128 b, int c, double z);
struct wrap wrapped(struct wrap w, i128 k);
i128 tagged_sum(struct tagged t, struct halves h, i128 k);
struct halves split(u128 x);
i128 vsum(int n, ...);
i128 call_back(i128 (*f)(i128, long, i128), i128 x);

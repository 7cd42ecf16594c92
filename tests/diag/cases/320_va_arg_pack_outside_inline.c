// expect-error: 8: invalid use of '__builtin_va_arg_pack
// gcc-accepts
/* gcc reports this when it generates code, so its -fsyntax-only check accepts it */
#include <stdio.h>
static int plain(const char *fmt, ...)
{
    /* only valid in an inlined always_inline function */
    return printf(fmt, __builtin_va_arg_pack());
}
int main(void) { return plain("x\n"); }

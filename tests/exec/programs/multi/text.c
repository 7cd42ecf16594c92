/* Output helpers: banners and numbers with thousands separators. */
#include <stdio.h>
#include <string.h>
#include "shapes.h"

void banner(const char *title)
{
    int n = (int)strlen(title);
    printf("%.*s\n%s\n%.*s\n", n, "========================================", title, n,
           "========================================");
}

int format_number(char *out, int size, long v)
{
    char tmp[32];
    int len = snprintf(tmp, sizeof tmp, "%ld", v < 0 ? -v : v);
    int o = 0;
    if (v < 0 && o < size - 1)
        out[o++] = '-';
    for (int i = 0; i < len && o < size - 1; i++) {
        out[o++] = tmp[i];
        if ((len - 1 - i) % 3 == 0 && i != len - 1 && o < size - 1)
            out[o++] = ',';
    }
    out[o] = '\0';
    return o;
}

/* A fixed-size registry of shapes with file-static storage. */
#include "shapes.h"

int registry_capacity = 6;
static struct shape items[6];
static int count;

int registry_add(struct shape s)
{
    if (count >= registry_capacity)
        return -1;
    items[count] = s;
    return count++;
}

int registry_count(void) { return count; }

const struct shape *registry_get(int i)
{
    return i >= 0 && i < count ? &items[i] : 0;
}

long registry_total(measure_fn f)
{
    long t = 0;
    for (int i = 0; i < count; i++)
        t += f(&items[i]);
    return t;
}

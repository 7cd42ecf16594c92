/* A header whose inline function puts code into the functions that call it. */
static inline int clamp(int v, int lo, int hi)
{
    if (v < lo)
        return lo;
    if (v > hi)
        return hi;
    return v;
}

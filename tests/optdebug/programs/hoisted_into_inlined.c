/* The scheduler hoists printf's argument set-up (line 19) into scale's inlined
   code; each hoisted instruction takes the location it lands in. */
struct vec4 { long a, b, c, d; };
struct vec4 g_base = {1, 2, 3, 4};
int printf(const char *, ...);

static struct vec4 scale(struct vec4 v, long k)
{
    struct vec4 out;
    out.a = v.a * k;
    out.b = v.b * k;
    out.c = v.c * k;
    out.d = v.d * k;
    return out;
}

int main(void)
{
    struct vec4 s = scale(g_base, 10);
    char label[4] = "abc";
    printf("%ld %s\n", s.d, label);
    return 0;
}

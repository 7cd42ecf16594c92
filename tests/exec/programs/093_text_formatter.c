/* A text formatter: word wrapping with full justification, centring, a boxed table, roman
 * numerals, thousands separators, number-to-words and column alignment. Heavy on char arrays,
 * pointer walking, snprintf and nested loops. */
#include <stdio.h>
#include <string.h>

#define WIDTH 36

static const char paragraph[] =
    "The quick brown fox jumps over the lazy dog while the five boxing wizards jump quickly "
    "and a wizard's job is to vex chumps quickly in fog. Sphinx of black quartz, judge my vow! "
    "Pack my box with five dozen liquor jugs.";

struct word { const char *start; int len; };

static int split(const char *s, struct word *out, int max)
{
    int n = 0;
    while (*s && n < max) {
        while (*s == ' ')
            s++;
        if (!*s)
            break;
        out[n].start = s;
        while (*s && *s != ' ')
            s++;
        out[n].len = (int)(s - out[n].start);
        n++;
    }
    return n;
}

static void emit_line(const struct word *w, int n, int width, int justify)
{
    int letters = 0;
    for (int i = 0; i < n; i++)
        letters += w[i].len;
    int gaps = n - 1;
    int spaces = width - letters;
    char line[WIDTH + 1];
    int pos = 0;
    for (int i = 0; i < n; i++) {
        memcpy(line + pos, w[i].start, (size_t)w[i].len);
        pos += w[i].len;
        if (i < gaps) {
            int sp = justify ? spaces / gaps + (i < spaces % gaps) : 1;
            for (int k = 0; k < sp; k++)
                line[pos++] = ' ';
        }
    }
    line[pos] = '\0';
    printf("|%-*s|\n", width, line);
}

static void wrap(const char *text, int width)
{
    struct word words[128];
    int n = split(text, words, 128);
    int first = 0;
    while (first < n) {
        int len = words[first].len, last = first + 1;
        while (last < n && len + 1 + words[last].len <= width) {
            len += 1 + words[last].len;
            last++;
        }
        emit_line(words + first, last - first, width, last < n && last - first > 1);
        first = last;
    }
}

static void center(const char *s, int width)
{
    int len = (int)strlen(s);
    int left = (width - len) / 2;
    printf("[%*s%s%*s]\n", left, "", s, width - len - left, "");
}

static void roman(int n, char *out)
{
    static const int values[] = { 1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1 };
    static const char *const syms[] = { "M", "CM", "D", "CD", "C", "XC", "L", "XL", "X", "IX", "V", "IV", "I" };
    out[0] = '\0';
    for (int i = 0; i < 13; i++)
        while (n >= values[i]) {
            strcat(out, syms[i]);
            n -= values[i];
        }
}

static void thousands(long v, char *out)
{
    char digits[32];
    int neg = v < 0;
    unsigned long u = neg ? 0UL - (unsigned long)v : (unsigned long)v;
    int n = 0;
    do {
        digits[n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    int o = 0;
    if (neg)
        out[o++] = '-';
    for (int i = n - 1; i >= 0; i--) {
        out[o++] = digits[i];
        if (i && i % 3 == 0)
            out[o++] = ',';
    }
    out[o] = '\0';
}

static const char *const ones[] = { "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                                    "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
                                    "seventeen", "eighteen", "nineteen" };
static const char *const tens[] = { "", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety" };

static void words_below_1000(int n, char *out)
{
    char buf[128] = "";
    if (n >= 100) {
        strcat(buf, ones[n / 100]);
        strcat(buf, " hundred");
        n %= 100;
        if (n)
            strcat(buf, " and ");
    }
    if (n >= 20) {
        strcat(buf, tens[n / 10]);
        if (n % 10) {
            strcat(buf, "-");
            strcat(buf, ones[n % 10]);
        }
    } else if (n || !buf[0]) {
        strcat(buf, ones[n]);
    }
    strcpy(out, buf);
}

static void number_words(long n, char *out)
{
    static const char *const scales[] = { "", " thousand", " million", " billion" };
    int groups[4], ng = 0;
    char part[128];
    out[0] = '\0';
    if (n == 0) {
        strcpy(out, "zero");
        return;
    }
    while (n && ng < 4) {
        groups[ng++] = (int)(n % 1000);
        n /= 1000;
    }
    for (int i = ng - 1; i >= 0; i--) {
        if (!groups[i])
            continue;
        words_below_1000(groups[i], part);
        if (out[0])
            strcat(out, " ");
        strcat(out, part);
        strcat(out, scales[i]);
    }
}

static void table(void)
{
    const char *names[] = { "widget", "gizmo", "thingamajig", "doohickey" };
    long qty[] = { 3, 1200, 7, 45000 };
    long cents[] = { 199, 5, 123456, 99 };
    int w0 = 4;
    for (int i = 0; i < 4; i++) {
        int l = (int)strlen(names[i]);
        if (l > w0)
            w0 = l;
    }
    printf("+-%.*s-+--------+------------+\n", w0, "--------------------");
    printf("| %-*s | %6s | %10s |\n", w0, "item", "qty", "price");
    printf("+-%.*s-+--------+------------+\n", w0, "--------------------");
    long total = 0;
    for (int i = 0; i < 4; i++) {
        char q[16];
        thousands(qty[i], q);
        printf("| %-*s | %6s | %7ld.%02ld |\n", w0, names[i], q, cents[i] / 100, cents[i] % 100);
        total += qty[i] * cents[i];
    }
    printf("+-%.*s-+--------+------------+\n", w0, "--------------------");
    char t[32];
    thousands(total / 100, t);
    printf("total %s.%02ld\n", t, total % 100);
}

int main(void)
{
    wrap(paragraph, WIDTH);
    wrap(paragraph, 20);
    center("centred", 20);
    center("odd", 10);
    center("exactly twenty chars", 20);
    char buf[256];
    int years[] = { 1, 4, 9, 14, 40, 90, 400, 1987, 1999, 2024, 3888 };
    for (int i = 0; i < 11; i++) {
        roman(years[i], buf);
        printf("%d=%s ", years[i], buf);
    }
    printf("\n");
    long nums[] = { 0, 7, -1000, 1234567, -987654321, 9223372036854775807L, -9223372036854775807L - 1 };
    for (int i = 0; i < 7; i++) {
        thousands(nums[i], buf);
        printf("%s\n", buf);
    }
    long sayme[] = { 0, 13, 85, 100, 101, 999, 1000, 20020, 1234567, 2000000001 };
    for (int i = 0; i < 10; i++) {
        number_words(sayme[i], buf);
        printf("%ld: %s\n", sayme[i], buf);
    }
    table();
    return 0;
}

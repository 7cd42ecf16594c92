/* C99/C11 extended identifiers: raw UTF-8 and universal character names name the
   same identifier; gcc writes them as UTF-8 in symbols and DW_AT_name. */
#include <stdio.h>
#include <string.h>

#define DOUBLE_\u00e9(x) ((x) * 2)
#define NAME(x) #x

int é = 1;
static int \u00e8 = 2;
long 変数 = 40;
double π = 3.25;
int \u0024dollar = 7;
int 😀 = 9;
const char *ünïcödé = "ünïcödé";

typedef struct Straße { int länge; char ñame[8]; } Straße_t;
enum Farbe { ROT = 1, GRÜN = 2, BL\u00c4U = 4 };

Straße_t öffentlich = { .länge = 12, .ñame = "abc" };
extern int alias_é __attribute__((alias("é")));

static int zähler(void) {
    static int stand = 0;
    return ++stand;
}

int f\u00e9e(int ñ, int \u03bb) { return ñ * λ + è + \U000000e9; }

__attribute__((noinline)) int größe(const Straße_t *s) { return s->länge + (int)strlen(s->ñame); }

int (*zeiger)(int, int) = fée;

int main(void) {
    int 变量 = 3;
    enum Farbe farbe = GRÜN | BLÄU;
    Straße_t lokal = öffentlich;
    lokal.länge += 变量;
    printf("%d %d %d\n", fée(变量, 2), zeiger(1, 1), DOUBLE_é(é));
    printf("%d %d %ld %.2f %d %d\n", è, \u00e9, 変数, π, $dollar, \U0001F600);
    printf("%s %s %s\n", ünïcödé, NAME(größe), __func__);
    printf("%d %d %d\n", größe(&lokal), farbe, alias_é);
    for (int ī = 0; ī < 3; ī++)
        zähler();
    printf("%d\n", zähler());
    if (变量 > 2)
        goto ende;
    printf("not reached\n");
ende:
    printf("%s\n", strcmp(lokal.ñame, "abc") == 0 ? "ok" : "bad");
    return 0;
}

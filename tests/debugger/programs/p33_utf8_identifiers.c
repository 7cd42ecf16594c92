/* Extended identifiers under the debugger: globals, locals, parameters, struct members,
   enumerators and functions named in raw UTF-8 or with universal character names (the
   same identifier either way); gdb must find them by their UTF-8 names. */
#include <stdio.h>

//! break: inner gemischt fertig
//! globals: é zähler_gesamt ß
//! step: größe 6
//! next: main 10
//! finish: größe
//! bt: inner

struct Straße { int länge; char ñame[6]; };
enum Farbe { ROT = 1, GRÜN = 2, BL\u00c4U = 4 };

int é = 5;
static int zähler_gesamt;
struct Straße ß = { 12, "weg" };

static int ïnner(int λ)
{
    zähler_gesamt += λ;
    return λ * 2;                                   //@ label: inner
}

static int größe(const struct Straße *s, int faktor)
{
    int teil = ïnner(s->länge);
    int \u00fcbrig = teil + faktor;
    return übrig + \u00e9;
}

int main(void)
{
    int 变量 = 3;
    enum Farbe farbe = GRÜN | BLÄU;
    struct Straße lokal = ß;
    lokal.länge += 变量;                             //@ label: gemischt
    int ergebnis = größe(&lokal, farbe);
    printf("%d %d %s %d\n", ergebnis, lokal.länge, lokal.ñame, zähler_gesamt);  //@ label: fertig
    return 0;
}

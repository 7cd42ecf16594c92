/* Small structs classified into registers: INTEGER pairs, mixed sizes. */
#include <stdio.h>

//! break: packed pair_made mixed_done
//! step: pack 8
//! next: main 10
//! finish: make_pair
//! bt: tiny_body
//! lldb

struct tiny { char c; short s; };
struct pair { long first; long second; };
struct trio { int x; int y; int z; };
struct odd { char tag; int value; char end; };

static int tiny_sum(struct tiny t)
{
    int r = t.c + t.s;                             //@ label: tiny_body
    return r;
}

static struct tiny pack(char c, short s)
{
    struct tiny t;
    t.c = c;
    t.s = s;
    return t;                                      //@ label: packed
}

static struct pair make_pair(long a, long b)
{
    struct pair p = {a, b};
    return p;
}

static struct trio spin(struct trio t, struct odd o)
{
    struct trio r = {t.y, t.z, t.x + o.value};
    r.x += o.tag;
    r.z += o.end;
    return r;
}

static int through(struct tiny t)
{
    return tiny_sum(t) * 2;
}

int main(void)
{
    struct tiny t = pack('k', -300);
    struct pair p = make_pair(-5, 9000000000L);    //@ label: pair_made
    struct trio tr = {1, 2, 3};
    struct odd o = {'a', 100, 'z'};
    struct trio sp = spin(tr, o);
    int th = through(t);
    printf("%d %d %ld %ld %d %d %d %d\n", t.c, t.s, p.first, p.second, sp.x, sp.y, sp.z, th);  //@ label: mixed_done
    return 0;
}

/* One function per gcc rule for which functions get a stack-protector canary. */
#include <alloca.h>
#include <string.h>
struct with_chars { int n; char name[16]; };
struct with_ints { int v[4]; };
struct plain { int a, b; };
void sink(void *);
int large_char(void) { char b[8]; sink(b); return b[0]; }
int small_char(void) { char b[4]; sink(b); return b[0]; }
int int_array(void) { int a[10]; sink(a); return a[1]; }
int local_array_unused_addr(int i) { int a[3] = {1, 2, 3}; return a[i]; }
int struct_chars(void) { struct with_chars s; sink(&s); return s.n; }
int struct_ints(void) { struct with_ints s; sink(&s); return s.v[0]; }
int struct_plain_addr(void) { struct plain p; sink(&p); return p.a; }
int struct_plain_noaddr(int x) { struct plain p = {x, 2}; return p.a + p.b; }
int scalar_addr(void) { int x = 0; sink(&x); return x; }
int scalar(int x) { int y = x * 2; return y + 1; }
int vla(int n) { char b[n]; sink(b); return n; }
int use_alloca(int n) { char *p = alloca(n); sink(p); return n; }
__attribute__((stack_protect)) int explicit_one(int x) { return x + 1; }
__attribute__((no_stack_protector)) int never(void) { char b[64]; sink(b); return b[0]; }
int array_of_structs(void) { struct with_chars a[2]; sink(a); return a[0].n; }
int chars_in_array_of_arrays(void) { char m[4][4]; sink(m); return m[0][0]; }

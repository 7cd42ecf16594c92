/* Attributes that change types, as gcc applies them: packed and aligned in every position
   (struct, union, typedef, member), mode(QI/HI/DI/word/pointer/DF), and transparent_union
   parameters (glibc's bind()/getsockname() with struct sockaddr_in * under _GNU_SOURCE). */
#define _GNU_SOURCE
#include <stdio.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <string.h>
#include <unistd.h>
typedef int s8m __attribute__((mode(QI)));
typedef unsigned int u8m __attribute__((__mode__(__QI__)));
typedef int s16m __attribute__((mode(HI)));
typedef unsigned u64m __attribute__((mode(DI)));
typedef int wordm __attribute__((mode(word)));
typedef int ptrm __attribute__((mode(pointer)));
typedef float dfm __attribute__((mode(DF)));
int __attribute__((mode(DI))) glob = -5;
typedef union { int *ip; long *lp; const char *cp; } arg_u __attribute__((transparent_union));
union tu2 { const int *cip; unsigned *up; } __attribute__((transparent_union));
static int show(arg_u a) { return *a.ip; }
static unsigned show2(union tu2 a) { return *a.up; }
static void layouts(void);
int main(void) {
  layouts();
  s8m a = 200; u8m b = 300; s16m c = 70000; u64m d = -1; wordm w = -1; ptrm pp = 0; dfm f = 1.5;
  printf("%d %d %d %llu %ld %zu %zu %f %zu\n", a, b, c, (unsigned long long)d, (long)w, sizeof(w), sizeof(pp), f, sizeof(f));
  printf("%zu %lld\n", sizeof(glob), (long long)glob);
  int i = 42; long l = 43;
  printf("%d %d\n", show(&i), show((int *)&l));
  printf("%d\n", show("xyz") == 'x' + 256*'y' + 65536*'z');
  int k = 7; unsigned u = 8;
  printf("%u %u\n", show2(&k), show2(&u));
  int s = socket(AF_INET, SOCK_STREAM, 0);
  struct sockaddr_in sa; memset(&sa, 0, sizeof sa);
  sa.sin_family = AF_INET; sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK); sa.sin_port = 0;
  printf("bind %d\n", bind(s, &sa, sizeof sa));
  socklen_t len = sizeof sa;
  printf("getsockname %d %d\n", getsockname(s, &sa, &len), sa.sin_family);
  close(s);
  return 0;
}
__attribute__((packed)) struct P1 { char c; int i; };
struct P2 { char c; int i; } __attribute__((packed));
struct __attribute__((packed)) P3 { char c; int i; };
typedef struct { char c; int i; } __attribute__((packed)) P4;
typedef struct { char c; int i; } P5 __attribute__((packed));
struct P6 { char c; int i __attribute__((packed)); short s; };
union __attribute__((packed)) U1 { char c; int i; };
union U2 { char c[5]; int i; } __attribute__((packed));
struct P7 { char c; struct P2 in; int j; };
struct __attribute__((aligned(8))) A1 { char c; };
typedef struct { char c; } __attribute__((aligned(8))) A2;
typedef int A3 __attribute__((aligned(2)));
typedef int A4 __attribute__((aligned(16)));
struct A5 { char c; A3 x; };
struct P8 { char c; A4 x; } __attribute__((packed));
struct P9 { char c; int x __attribute__((aligned(8))); } __attribute__((packed));
static void layouts(void) {
  printf("%zu %zu %zu %zu %zu %zu %zu %zu %zu\n", sizeof(struct P1), sizeof(struct P2), sizeof(struct P3), sizeof(P4), sizeof(P5), sizeof(struct P6), sizeof(union U1), sizeof(union U2), sizeof(struct P7));
  printf("%zu %zu %zu %zu %zu %zu %zu %zu %zu %zu\n", _Alignof(struct A1), _Alignof(A2), _Alignof(A3), _Alignof(A4), sizeof(struct A5), _Alignof(struct A5), sizeof(struct P8), _Alignof(struct P8), sizeof(struct P9), _Alignof(struct P9));

}

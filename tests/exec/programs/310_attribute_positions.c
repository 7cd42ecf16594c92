/* GNU attributes in every position gcc takes them on functions, parameters, declarators, typedef
   specifiers and array parameters (int arr[__attribute__((unused)) 4]). */
#include <stdio.h>
__attribute__((noinline)) int a1(void) { return 1; }
int __attribute__((noinline)) a2(void) { return 2; }
static __attribute__((unused)) int a3(void) { return 3; }
static int __attribute__((unused)) a4(void) { return 4; }
__attribute__((noinline)) static inline int a5(void) { return 5; }
int *__attribute__((noinline)) a6(int *p) { return p; }
int a7(int x __attribute__((unused)), int y) { return y; }
int a8(__attribute__((unused)) int x, int y) { return y; }
int a9(void) __attribute__((const));
int a9(void) { return 9; }
__attribute__((cold)) __attribute__((noinline)) int a10(void) { return 10; }
int a11(int) __attribute__((pure));
int a11(int x) { return x; }
void __attribute__((noreturn)) a12(void);
extern __attribute__((visibility("default"))) int a13(void);
int a13(void) { return 13; }
int (*__attribute__((unused)) fp)(void) = a1;
int a14(int n, int arr[__attribute__((unused)) 4]);
int a14(int n, int arr[4]) { return arr[n]; }
struct __attribute__((packed)) s { char c; int i; } __attribute__((aligned(2)));
typedef int __attribute__((aligned(8))) aint;
int main(void)
{
    int v = 6, arr[4] = {0, 1, 2, 14};
    printf("%d %d %d %d %d %d %d %d %d %d %d %d %d %zu %zu\n", a1(), a2(), a3(), a4(), a5(), *a6(&v), a7(0, 7), a8(0, 8), a9(), a10(), a11(11), a13(), a14(3, arr), sizeof(struct s), _Alignof(aint));
    return 0;
}

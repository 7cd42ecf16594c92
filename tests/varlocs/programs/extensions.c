/* Variables whose value is an extension, a shift or a mask of a value that survives
   in a register whose bits above the value's width are not zero: the narrow sums
   are computed in 32-bit registers, so `wide` read straight from c's register would
   show 300 where the program has 44 (and `sw` 200 where it has -56). */
#include <stdio.h>

__attribute__((noinline)) int use(int x)
{
	__asm__ volatile("" ::: "memory");
	return x;
}

__attribute__((noinline)) int narrow(const unsigned char *p, int n)
{
	unsigned char c = (unsigned char)(p[0] + n);
	int wide = c;
	signed char s = (signed char)(p[1] + n);
	long sw = s;
	int half = s >> 1;
	unsigned shifted = (unsigned)c << 4;
	int low = c & 0x0f;
	use(0);                                   //@ label: narrow_use
	return use(c) + use(s);
}

__attribute__((noinline)) long shifts(signed char c, unsigned short u, int k)
{
	int wide = c;
	unsigned long z = u;
	int sh = k << 3;
	int sr = k >> 2;
	unsigned ur = (unsigned)k >> 3;
	int m = k & 0xff;
	use(0);                                   //@ label: shifts_use
	return c + u + k;
}

int main(void)
{
	unsigned char b[2] = {200, 100};
	printf("%d\n", narrow(b, 100));
	printf("%ld\n", shifts(-5, 40000, -77));
	return 0;
}
//@ watch(wide) at narrow_use: 44
//@ watch(sw) at narrow_use: -56
//@ watch(half) at narrow_use: -28
//@ watch(shifted) at narrow_use: 704
//@ watch(low) at narrow_use: 12
//@ watch(wide) at shifts_use: -5
//@ watch(sh) at shifts_use: -616
//@ watch(sr) at shifts_use: -20
//@ watch(ur) at shifts_use: 536870902
//@ watch(m) at shifts_use: 179

// gcc's preprocessor says every atomic type up to 8 bytes is always lock-free
// (__GCC_ATOMIC_*_LOCK_FREE == 2) and that the __sync compare-and-swap exists
// for 1..8 bytes: atomc makes both true. It folds __atomic_always_lock_free to
// the same answers and compiles an atomic operation on each of those types
// inline, without a libatomic call (16 bytes, which gcc's macros leave out, is
// not lock-free).
// RUN: %atomc -O2 -S %s -o - | filecheck %s
// CHECK-NOT: call
// CHECK-NOT: __atomic_
// CHECK-NOT: __sync_

#include <stdbool.h>
#include <wchar.h>

#define LOCK_FREE(macro, T) \
    _Static_assert(macro == 2 && __atomic_always_lock_free(sizeof(T), 0), #T)
LOCK_FREE(__GCC_ATOMIC_BOOL_LOCK_FREE, _Bool);
LOCK_FREE(__GCC_ATOMIC_CHAR_LOCK_FREE, char);
LOCK_FREE(__GCC_ATOMIC_CHAR16_T_LOCK_FREE, unsigned short);
LOCK_FREE(__GCC_ATOMIC_CHAR32_T_LOCK_FREE, unsigned int);
LOCK_FREE(__GCC_ATOMIC_WCHAR_T_LOCK_FREE, wchar_t);
LOCK_FREE(__GCC_ATOMIC_SHORT_LOCK_FREE, short);
LOCK_FREE(__GCC_ATOMIC_INT_LOCK_FREE, int);
LOCK_FREE(__GCC_ATOMIC_LONG_LOCK_FREE, long);
LOCK_FREE(__GCC_ATOMIC_LLONG_LOCK_FREE, long long);
LOCK_FREE(__GCC_ATOMIC_POINTER_LOCK_FREE, void *);
_Static_assert(__GCC_ATOMIC_TEST_AND_SET_TRUEVAL == 1, "test_and_set stores 1");
_Static_assert(!__atomic_always_lock_free(16, 0), "no cmpxchg16b");
#if !defined(__GCC_HAVE_SYNC_COMPARE_AND_SWAP_1) || !defined(__GCC_HAVE_SYNC_COMPARE_AND_SWAP_2) \
    || !defined(__GCC_HAVE_SYNC_COMPARE_AND_SWAP_4) || !defined(__GCC_HAVE_SYNC_COMPARE_AND_SWAP_8)
#error "gcc advertises the __sync builtins for 1..8 bytes"
#endif

_Atomic _Bool b;
_Atomic char c;
_Atomic short s;
_Atomic int i;
_Atomic long l;
_Atomic long long ll;
_Atomic(void *) p;
_Atomic wchar_t w;

void touch(void) {
    b = 1;
    c += 1;
    s |= 2;
    i *= 3;
    l ^= 4;
    ll--;
    p = &p;
    w = L'x';
    __sync_val_compare_and_swap(&ll, 1, 2);
}

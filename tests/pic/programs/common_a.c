/* A tentative definition also made in common_b.c: one object under -fcommon,
   a multiple definition (link error) under gcc 12's default -fno-common. */
int shared_counter;

int bump_shared(void) { return ++shared_counter; }

// expect-error: 2: file not found
#include "no_such_header_atomc.h"
int main(void) { return 0; }

// At -O0 a jump into a label that is alone in its block and falls through into the
// label's code of another line becomes a `nop` with its line, as gcc -O0 keeps it
// (its goto_locus nop): here the branch into a loop body that starts with a label
// (the front end gives that jump the label's line). The label after `n++;` (reached
// by falling out of that statement) and the entry of the `for (;;)` after the loop
// (alone in the loop's exit block) get none, as in gcc's build; a `break;` alone in
// a case gets none either (gcc's build has one). Optimised builds have none.
// RUN: %atomc -O0 -g -S %s -o - | filecheck %s
// RUN: %atomc -O2 -g -S %s -o - | filecheck %s --check-prefix=O2

int state;
int peek(int *c, int i);

int scan(void)
{
	int c, i = 0, n = 0;
	while (peek(&c, i)) {
	redo:
		switch (state) {
		case 0:
			n += c;
			state = 1;
			goto redo;
		case 1:
			state = 2;
			break;
		case 2:
			break;
		}
		n++;
	tail:
		i++;
		if (i == 100)
			goto tail;
	}
	for (;;)
		if (peek(&c, n++))
			return n;
}
// CHECK-LABEL: scan:
// CHECK:       .loc 1 18 2
// CHECK-NEXT:  nop
// CHECK-NEXT:  .LBB{{[0-9_]+}}:
// CHECK-NEXT:  .loc 1 19 11
// CHECK-NOT:   nop
// CHECK:       .cfi_endproc
// O2-LABEL:    scan:
// O2-NOT:      nop
// O2:          .cfi_endproc

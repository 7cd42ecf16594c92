/* Reduced from a csmith program (tests/csmith/csmith_diff.py: own reducer, creduce, then by hand).
 * seed: 12   csmith 2.3.0 flags: --no-float --no-bitfields --no-packed-struct --max-funcs 4 --max-block-depth 3 --max-expr-complexity 4 --max-array-dim 2 --max-struct-fields 5 --max-union-fields 3
 * (also seeds 39, 65, 117, 134, 141, 148, 151 of the same configuration)
 * configuration: atomc -O2 -g, compared with gcc -O0
 * symptom: atomc-crash: exit 70: internal compiler error: ValueError: not enough values to unpack
 *   (expected 2, got 0): codegen/regalloc_linear.py rewrite_meta() emptied the operands of a
 *   DBG_PHI whose vreg had no live interval (after inlining func_21 into func_2), and
 *   codegen/debug_values.py debug() unpacked two operands from every DBG_PHI.
 *   Reproduced with commit 4cc79db; fixed by b20dd71 ("skip a DBG_PHI whose value was never
 *   computed").
 * signature: : ValueError
 * open at:
 */
#include <stdint.h>
#include <stdio.h>
static int64_t g_5;
static uint8_t g_18;
static int32_t g_26[10];
static int32_t *g_25 = &g_26[4];
static int8_t *func_21(void) {
    int32_t l_66[2][8];
    int32_t *l_96 = &l_66[1][0];
    for (g_5 = 0; g_5 > -7; --g_5) {
        for (g_18 = 0; g_18 <= 9; g_18 += 1)
            g_25 = (l_96 = &g_26[4]);
        *l_96 = 0;
    }
    return 0;
}
static int func_2(void) {
    int8_t *l_111;
    return (l_111 = func_21()) != 0;
}
int main(void) {
    int r = func_2();
    printf("%d %d %d\n", r, (int)g_5, g_26[4]);
    return 0;
}

/* Function pointers: locals, tables, callbacks, returned from functions. */
#include <stdio.h>

//! break: applied picked done
//! globals: g_ops
//! step: apply_all 10
//! next: main 10
//! finish: pick
//! bt: op_add_body
//! lldb

typedef int (*binop)(int, int);

static int op_add(int a, int b)
{
    int r = a + b;                                 //@ label: op_add_body
    return r;
}

static int op_sub(int a, int b) { return a - b; }
static int op_mul(int a, int b) { return a * b; }

binop g_ops[3] = {op_add, op_sub, op_mul};

static int apply_all(int x, int y, binop *ops, int n)
{
    int acc = 0;
    int k;
    for (k = 0; k < n; k++)
        acc += ops[k](x, y);
    return acc;                                    //@ label: applied
}

static binop pick(char which)
{
    binop chosen = op_add;
    if (which == '-')
        chosen = op_sub;
    else if (which == '*')
        chosen = op_mul;
    return chosen;
}

static int via_callback(int (*cb)(int, int), int v)
{
    return cb(v, v + 1);
}

int main(void)
{
    int total = apply_all(7, 3, g_ops, 3);
    binop f = pick('*');
    int product = f(6, 7);                         //@ label: picked //@ watch(f == op_mul): 1
    int sum = via_callback(op_add, 20);
    printf("%d %d %d\n", total, product, sum);     //@ label: done
    return 0;
}

/* Typedefs of integers, structs, pointers, arrays and function types. */
#include <stdio.h>

typedef unsigned char byte_t;
typedef long long money_t;
typedef struct account {
    int id;
    money_t balance;
} account_t;
typedef account_t *account_ref;
typedef int triple_t[3];
typedef money_t (*fee_fn)(money_t);

//! break: charged opened summary
//! globals: g_bank_fee
//! step: charge 8
//! next: main 12
//! finish: flat_fee
//! bt: fee_body

money_t g_bank_fee = 250;

static money_t flat_fee(money_t amount)
{
    money_t fee = g_bank_fee + amount / 100;      //@ label: fee_body
    return fee;
}

static void charge(account_ref acc, money_t amount, fee_fn fee)
{
    money_t cost = amount + fee(amount);
    acc->balance -= cost;
    byte_t last = (byte_t)(acc->balance & 0xff);
    acc->id += last > 127;                         //@ label: charged
}

static account_t open_account(int id, money_t initial)
{
    account_t a;
    a.id = id;
    a.balance = initial;
    return a;
}

int main(void)
{
    account_t acc = open_account(7, 100000);
    account_ref ref = &acc;
    triple_t amounts = {1000, 2500, 40};
    byte_t small = 200;
    fee_fn policy = flat_fee;
    int k;
    for (k = 0; k < 3; k++)                        //@ label: opened
        charge(ref, amounts[k], policy);
    small = (byte_t)(small + 100);
    printf("%d %lld %u\n", acc.id, acc.balance, small);   //@ label: summary
    return 0;
}

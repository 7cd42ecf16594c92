/* A call inlined into a loop body that -O2 unrolls: each copy of the body is
 * an inlined instance of its own (p15_linked_list's build/push). */
#include <stdio.h>

struct node { int key; struct node *next; };
static struct node pool[4];
static int used;

static struct node *push(struct node *head, int key)
{
    struct node *n = &pool[used++];
    n->key = key;
    n->next = head;
    return n;
}

int main(void)
{
    struct node *head = 0;
    for (int k = 1; k <= 3; k++)
        head = push(head, k * 11);
    printf("%d %d\n", head->key, used);
    return 0;
}

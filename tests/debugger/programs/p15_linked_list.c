/* A linked list built in a static pool: pointer chains through structs. */
#include <stdio.h>

//! break: pushed walked listed
//! globals: g_used
//! step: length 10
//! next: build 12
//! finish: find
//! bt: push_body

struct node {
    int key;
    struct node *next;
};

static struct node pool[8];
int g_used;

static struct node *push(struct node *head, int key)
{
    struct node *n = &pool[g_used++];              //@ label: push_body
    n->key = key;
    n->next = head;
    return n;                                      //@ label: pushed
}

static struct node *build(int count)
{
    struct node *head = 0;
    int k;
    for (k = 1; k <= count; k++)
        head = push(head, k * 11);
    return head;
}

static int length(const struct node *n)
{
    int len = 0;
    while (n) {
        len++;
        n = n->next;
    }
    return len;
}

static const struct node *find(const struct node *n, int key)
{
    while (n && n->key != key)
        n = n->next;
    return n;                                      //@ label: walked
}

int main(void)
{
    struct node *list = build(5);
    int len = length(list);
    const struct node *hit = find(list, 33);
    const struct node *miss = find(list, 34);
    printf("%d %d %d %d\n", len, list->key, hit->key, miss == 0);  //@ label: listed //@ watch(list->key): 55 //@ watch(hit->next->key): 22
    return 0;
}

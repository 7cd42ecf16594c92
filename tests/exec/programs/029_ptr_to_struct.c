/* Pointers to structs: -> chains, self-referential structs, pointer members. */
#include <stdio.h>
#include <stdlib.h>

struct node { int value; struct node *next; };
struct pair { struct node *first; struct node *last; int *counter; };

static void push_back(struct pair *p, int v)
{
    struct node *n = malloc(sizeof *n);
    n->value = v;
    n->next = NULL;
    if (p->last)
        p->last->next = n;
    else
        p->first = n;
    p->last = n;
    (*p->counter)++;
}

int main(void)
{
    int count = 0;
    struct pair list = { NULL, NULL, &count };
    for (int i = 1; i <= 6; i++)
        push_back(&list, i * i);
    printf("count %d first %d last %d\n", count, list.first->value, list.last->value);
    printf("%d\n", list.first->next->next->value);
    struct node *prev = NULL, *cur = list.first;
    while (cur) {
        struct node *nx = cur->next;
        cur->next = prev;
        prev = cur;
        cur = nx;
    }
    list.last = list.first;
    list.first = prev;
    for (struct node *n = list.first; n; n = n->next)
        printf("%d ", n->value);
    printf("\n");
    struct node **pp = &list.first;
    while (*pp) {
        if ((*pp)->value % 2 == 0) {
            struct node *dead = *pp;
            *pp = dead->next;
            free(dead);
            count--;
        } else {
            pp = &(*pp)->next;
        }
    }
    for (struct node *n = list.first; n; n = n->next)
        printf("%d ", n->value);
    printf("| %d\n", count);
    struct pair *lp = &list;
    printf("%d\n", lp->first->value + (*lp).first->next->value);
    while (list.first) {
        struct node *n = list.first;
        list.first = n->next;
        free(n);
    }
    return 0;
}

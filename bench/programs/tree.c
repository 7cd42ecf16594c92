/* Binary search tree with rotations (treap) and in-order traversal. */
#include <stdio.h>
#include <stdlib.h>

struct node { int key; unsigned int prio; struct node *left, *right; };

static unsigned int rnd = 2463534242u;
static unsigned int next(void) { rnd ^= rnd << 13; rnd ^= rnd >> 17; rnd ^= rnd << 5; return rnd; }

static struct node *rotate_right(struct node *n) { struct node *l = n->left; n->left = l->right; l->right = n; return l; }
static struct node *rotate_left(struct node *n) { struct node *r = n->right; n->right = r->left; r->left = n; return r; }

static struct node *insert(struct node *t, struct node *n)
{
    if (!t) return n;
    if (n->key < t->key) {
        t->left = insert(t->left, n);
        if (t->left->prio > t->prio) t = rotate_right(t);
    } else {
        t->right = insert(t->right, n);
        if (t->right->prio > t->prio) t = rotate_left(t);
    }
    return t;
}

static unsigned long walk(const struct node *t, int depth, int *max_depth)
{
    if (!t) return 0;
    if (depth > *max_depth) *max_depth = depth;
    return walk(t->left, depth + 1, max_depth) * 3 + (unsigned long)t->key + walk(t->right, depth + 1, max_depth);
}

static int count_range(const struct node *t, int lo, int hi)
{
    if (!t) return 0;
    if (t->key < lo) return count_range(t->right, lo, hi);
    if (t->key > hi) return count_range(t->left, lo, hi);
    return 1 + count_range(t->left, lo, hi) + count_range(t->right, lo, hi);
}

int main(void)
{
    enum { COUNT = 200000 };
    struct node *pool = malloc(COUNT * sizeof(struct node)), *root = NULL;
    for (int i = 0; i < COUNT; i++) {
        pool[i].key = (int)(next() % 1000000);
        pool[i].prio = next();
        pool[i].left = pool[i].right = NULL;
        root = insert(root, &pool[i]);
    }
    int depth = 0;
    unsigned long w = walk(root, 0, &depth);
    int in_range = 0;
    for (int q = 0; q < 2000; q++) in_range += count_range(root, q * 400, q * 400 + 150);
    printf("walk %lu depth %d in_range %d\n", w % 1000000007, depth, in_range);
    free(pool);
    return 0;
}

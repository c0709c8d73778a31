/* The parse tree of a def body, shared by the parser (br_parse.c) and the partial evaluator
 * that turns it into atoms (br_compile.c).  Inside bridge/ only. */
#ifndef HERALD_BRIDGE_BR_TREE_H
#define HERALD_BRIDGE_BR_TREE_H

#include "bridge/br_internal.h"

enum { TOK_MAX = 256, TOK_LEN = 64, NODE_MAX = 512, ARGS_MAX = 10 };

typedef struct Tokens {
  char text[TOK_MAX][TOK_LEN];
  int count;
} Tokens;

/* The operators the compiler understands. */
typedef enum {
  OP_LIT,
  OP_ARG,
  OP_AND,
  OP_OR,
  OP_BREAK_AND,
  OP_BREAK_OR,
  OP_NOT,
  OP_EQ,
  OP_NE,
  OP_LT,
  OP_GT,
  OP_LE,
  OP_GE,
  OP_EMPTY,
  OP_CAPTURE,
  OP_SPACE,
  OP_ISLOWER,
  OP_ISUPPER,
  OP_RANK,
  OP_FILE,
  OP_RANKNAME,
  OP_FILENAME,
  OP_VAR,
  OP_JOIN,
  OP_WHERE,
  OP_ONBOARD,
  OP_NEG,
  OP_COND,
  OP_CHECKLEAP,
  OP_CHECKALEAP,
  OP_CHECKRIDE,
  OP_CHECKARIDE,
  OP_CHECKATWOSTEP,
  OP_CHECKTWOSTEP,
  OP_CHECKHOP,
  OP_CHECKAHOP,
  OP_CHECKAPATH,
  OP_CHECKPATH,
  OP_CHECKGRASSHOP,
  OP_DISTANCE,
  OP_TRUE,
  OP_FALSE,
  OP_TOUPPER,
  OP_TOLOWER,
  OP_PATH,
  OP_FINDPIECE
} OpCode;

typedef struct Node {
  OpCode op;
  int nargs;
  int args[ARGS_MAX];
  char lit[TOK_LEN];
  int arg_index; /* OP_ARG: #0 or #1 */
} Node;

typedef struct Tree {
  Node nodes[NODE_MAX];
  int count;
  int root;
  BrDefLookup lookup; /* finds the bodies of functions called with fn, or NULL */
  void *lookup_ctx;
  int inline_depth;
} Tree;

/* Splits a def body into words; false with a reason for what is not compiled (quotes, groups). */
bool br_tokenize(const char *body, Tokens *t, char *reason, int reasonlen);
/* Parses the words into t (Polish notation read right to left, break-away and/or, `fn name #0
 * #1` inlined through t->lookup): the root node, or -1 with a reason. */
int br_parse_tree(Tree *t, const Tokens *tk, char *reason, int reasonlen);
/* A decimal integer, optionally signed. */
bool br_is_number(const char *s);

#endif

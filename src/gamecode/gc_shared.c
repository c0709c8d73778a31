/* Large programs compiled once per process and shared.
 *
 * Every interpreter of a game compiles its preset and includes: the bridge's, the load-time
 * probe's, one per oracle thread, verify's judge.  For a preset of several megabytes that was
 * 0.9 s and some 160 MB per interpreter (a 7.5 MB preset took 800 MB to run perft 3).  A program
 * of GC_SHARE_MIN bytes of source or more is therefore compiled once and lent, read-only, to
 * every interpreter that compiles the same text from the same file: nothing in a program is
 * written while it runs (functions and subroutines borrow its tokens), and its constant strings
 * are made immortal (gc_str_make_immortal), so that the interpreters of all threads copy them
 * without writing a count.  Smaller programs stay each interpreter's own: sharing costs a lock
 * and a comparison of the text, and immortal constants a test on every copy.
 *
 * Shared programs live as long as the process (a handful at most: GC_SHARE_MAX), since values
 * made from their constants may outlive any interpreter. */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gamecode/gc_internal.h"

/* Herald's own includes (herald-rules.txt: 67 KB) stay below GC_SHARE_MIN: a shared program
 * lives to the process's end, its strings held by pointers into their blocks, which valgrind's
 * leak check counts as possibly lost in every run that loads a library preset. */
enum { GC_SHARE_MIN = 128 * 1024, GC_SHARE_MAX = 16 };

typedef struct SharedProgram {
  char *text; /* the source it was compiled from, to know it again */
  size_t length;
  uint64_t hash;
  size_t max_string; /* the literal limit it was compiled under */
  GcProgram *program;
} SharedProgram;

static pthread_mutex_t shared_lock = PTHREAD_MUTEX_INITIALIZER;
static SharedProgram shared[GC_SHARE_MAX];
static int shared_count;

static uint64_t text_hash(const char *text, size_t length) {
  uint64_t h = 0xcbf29ce484222325ULL; /* FNV-1a */
  for (size_t i = 0; i < length; i++) h = (h ^ (unsigned char)text[i]) * 0x100000001b3ULL;
  return h;
}

static void make_constants_immortal(GcToken *tokens, int count) {
  for (int i = 0; i < count; i++) {
    if (tokens[i].has_lit || tokens[i].has_name) gc_str_make_immortal(&tokens[i].lit);
    if (tokens[i].kind == TK_GROUP) make_constants_immortal(tokens[i].kids, tokens[i].nkids);
  }
}

GcProgram *gc_compile_shared(GcInterp *gc, const char *text, const char *file, GcError *err) {
  size_t length = strlen(text);
  if (length < GC_SHARE_MIN) return gc_compile(gc, text, file, err);
  uint64_t hash = text_hash(text, length);
  pthread_mutex_lock(&shared_lock);
  for (int i = 0; i < shared_count; i++) {
    const SharedProgram *s = &shared[i];
    if (s->hash == hash && s->length == length && s->max_string == gc->limits.max_string &&
        !strcmp(s->program->file, file) && !memcmp(s->text, text, length)) {
      pthread_mutex_unlock(&shared_lock);
      return s->program;
    }
  }
  /* Compiled under the lock: a second thread asking for the same text waits for this one
   * instead of compiling it again. */
  GcProgram *p = gc_compile(gc, text, file, err);
  char *copy = p && shared_count < GC_SHARE_MAX ? malloc(length + 1) : NULL;
  if (copy) {
    memcpy(copy, text, length + 1);
    for (int i = 0; i < p->src.nstmts; i++) make_constants_immortal(p->src.stmts[i].toks, p->src.stmts[i].ntoks);
    p->shared = true;
    shared[shared_count++] = (SharedProgram){copy, length, hash, gc->limits.max_string, p};
  }
  pthread_mutex_unlock(&shared_lock);
  return p;
}

#include "protocol/protocol.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

bool proto_read_int(const char *text, long lo, long hi, long *value) {
  if (!text) return false;
  char *end;
  long v = strtol(text, &end, 10);
  if (*end || end == text || v < lo || v > hi) return false;
  *value = v;
  return true;
}

ProtoLine proto_read_line(FILE *in, char *line, int size) {
  if (!fgets(line, size, in)) return PROTO_LINE_END;
  size_t len = strlen(line);
  if (len && line[len - 1] == '\n') {
    line[--len] = 0;
  } else if (len == (size_t)size - 1) { /* full buffer: the line is longer, or ends just here */
    int c = getc(in);
    if (c != '\n' && c != EOF) {
      while (c != '\n' && c != EOF) c = getc(in); /* drop the rest of it */
      line[0] = 0;
      return PROTO_LINE_TOO_LONG;
    }
  }
  while (len && line[len - 1] == '\r') line[--len] = 0;
  return PROTO_LINE_OK;
}

char *proto_word(char **line) {
  char *p = *line;
  while (*p && isspace((unsigned char)*p)) p++;
  if (!*p) {
    *line = p;
    return NULL;
  }
  char *word = p;
  while (*p && !isspace((unsigned char)*p)) p++;
  if (*p) *p++ = 0;
  *line = p;
  return word;
}

int proto_main(FILE *in, FILE *out) { return proto_main_with(in, out, 0, 0); }

int proto_main_named(FILE *in, FILE *out, const char *engine_name) {
  ProtoOptions options = {.engine_name = engine_name};
  return proto_main_options(in, out, &options);
}

int proto_main_with(FILE *in, FILE *out, uint64_t node_cap, int hash_mb) {
  ProtoOptions options = {.pending = NULL, .node_cap = node_cap, .hash_mb = hash_mb, .lend = NULL, .lend_ctx = NULL};
  return proto_main_options(in, out, &options);
}

int proto_main_options(FILE *in, FILE *out, const ProtoOptions *given) {
  ProtoOptions options = *given;
  options.pending = NULL;
  /* On the heap: a line may be a megabyte. */
  char *line = malloc(PROTO_LINE_MAX), *copy = malloc(PROTO_LINE_MAX);
  int status = 0;
  if (!line || !copy) {
    fprintf(out, "Error (out of memory)\n");
    fflush(out);
    status = 1;
  }
  for (ProtoLine got; !status && (got = proto_read_line(in, line, PROTO_LINE_MAX));) {
    if (got == PROTO_LINE_TOO_LONG) {
      fprintf(out, "Error (line too long)\n");
      fflush(out);
      continue;
    }
    strcpy(copy, line);
    char *rest = line, *word = proto_word(&rest);
    if (!word) continue;
    if (!strcmp(word, "uci")) {
      status = uci_loop(in, out, &options);
      break;
    }
    if (!strcmp(word, "xboard") || !strcmp(word, "protover")) {
      if (word[0] == 'p') options.pending = copy;
      status = xb_loop(in, out, &options);
      break;
    }
    if (!strcmp(word, "quit")) break;
    fprintf(out, "Error (unknown protocol; send uci or xboard first): %s\n", word);
    fflush(out);
  }
  free(line);
  free(copy);
  return status;
}

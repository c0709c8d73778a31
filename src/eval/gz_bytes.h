/* Files the evaluation reads, gzip-compressed or plain: the tuned weights (eval_weights.c) and
 * the nets (nnue.c), from a path or from the bytes embedded in the binary. */
#ifndef HERALD_EVAL_GZ_BYTES_H
#define HERALD_EVAL_GZ_BYTES_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Inflates data (gzip, or plain bytes copied as they are) into a malloc'd buffer of at most max
 * bytes (*out, with one byte more that holds a 0).  False when it is not gzip, is broken, is
 * larger than max, or memory runs out (*out is then NULL). */
bool gz_inflate_bytes(const void *data, size_t size, size_t max, char **out, size_t *len);

/* Reads the file at path (gzip or plain) the same way.  False with "path: reason" in err. */
bool gz_read_file(const char *path, size_t max, const char *what, char **out, size_t *len, char *err, int errlen);

#ifdef __cplusplus
}
#endif
#endif

/* Reading gzip-compressed or plain files whole, with a bound on their size. */
#include "eval/gz_bytes.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

bool gz_inflate_bytes(const void *data, size_t size, size_t max, char **out, size_t *len) {
  const unsigned char *bytes = data;
  *out = NULL;
  *len = 0;
  if (max > UINT32_MAX - 1) return false;
  char *buffer = malloc(max + 1);
  if (!buffer) return false;
  if (size < 2 || bytes[0] != 0x1f || bytes[1] != 0x8b) {
    if (size > max) {
      free(buffer);
      return false;
    }
    memcpy(buffer, data, size);
    buffer[size] = 0;
    *out = buffer;
    *len = size;
    return true;
  }
  z_stream z = {0};
  if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK || size > UINT32_MAX) {
    free(buffer);
    return false;
  }
  z.next_in = (Bytef *)bytes;
  z.avail_in = (uInt)size;
  z.next_out = (Bytef *)buffer;
  z.avail_out = (uInt)max;
  int rc = inflate(&z, Z_FINISH);
  size_t got = z.total_out;
  inflateEnd(&z);
  if (rc != Z_STREAM_END) {
    free(buffer);
    return false;
  }
  buffer[got] = 0;
  *out = buffer;
  *len = got;
  return true;
}

bool gz_read_file(const char *path, size_t max, const char *what, char **out, size_t *len, char *err, int errlen) {
  *out = NULL;
  *len = 0;
  gzFile in = gzopen(path, "rb");
  if (!in) {
    snprintf(err, (size_t)errlen, "%s: cannot open: %s", path, strerror(errno ? errno : ENOENT));
    return false;
  }
  char *buffer = max < INT32_MAX ? malloc(max + 2) : NULL;
  if (!buffer) {
    gzclose(in);
    snprintf(err, (size_t)errlen, "%s: out of memory", path);
    return false;
  }
  int got = gzread(in, buffer, (unsigned)max + 1);
  int zerr;
  const char *zmsg = got < 0 ? gzerror(in, &zerr) : NULL;
  bool ok = false;
  if (got < 0)
    snprintf(err, (size_t)errlen, "%s: cannot read: %s", path, zmsg ? zmsg : "a gzip error");
  else if ((size_t)got > max)
    snprintf(err, (size_t)errlen, "%s: larger than %zu bytes: this is not %s", path, max, what);
  else
    ok = true;
  gzclose(in);
  if (!ok) {
    free(buffer);
    return false;
  }
  buffer[got] = 0;
  *out = buffer;
  *len = (size_t)got;
  return true;
}

/* libFuzzer target for the catalog's lookup of a name a user typed (a command's GAME, UCI
 * UCI_Variant, XBoard variant): any text either finds a game or fails with a message, never
 * reads outside the string or crashes; a found game's source has text and a name. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bridge/bridge.h"
#include "bridge/catalog.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static Catalog catalog;
  static int ready;
  if (!ready) catalog_init(&catalog), ready = 1;
  if (size > 700) return 0;
  char name[701];
  memcpy(name, data, size);
  name[size] = 0;
  BrSource src;
  char err[4096] = "";
  if (!catalog_find(&catalog, name, &src, err, sizeof err)) {
    if (!err[0]) abort(); /* every failure says why */
    return 0;
  }
  if (!src.text || !src.name[0] || !src.path[0]) abort();
  br_source_free(&src);
  return 0;
}

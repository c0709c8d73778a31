/* platform/jobs.h on Windows: no fork, so no jobs; callers say so and count in one process. */
#include "platform/jobs.h"

bool plat_jobs_available(void) { return false; }

bool plat_jobs_sum(int jobs, uint64_t (*work)(void *context, int job, int jobs), void *context, uint64_t *total) {
  (void)jobs, (void)work, (void)context;
  *total = 0;
  return false;
}

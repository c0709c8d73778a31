/* Work split over copies of this process: each job starts from the caller's state as it is
 * (a started interpreter, say) without building it again, and counts one share.  POSIX makes
 * the copies with fork (jobs_posix.c); Windows cannot copy a process (jobs_win.c refuses). */
#ifndef HERALD_PLATFORM_JOBS_H
#define HERALD_PLATFORM_JOBS_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { PLAT_JOBS_MAX = 64 };

/* Whether this system can run jobs in copies of the process. */
bool plat_jobs_available(void);
/* Runs work(context, job, jobs) for job 0 .. jobs - 1 (at most PLAT_JOBS_MAX), each in a copy of
 * this process at once, and sets *total to the sum of what they return; false when a job could
 * not start, failed or the system has no such copies (then *total is meaningless). */
bool plat_jobs_sum(int jobs, uint64_t (*work)(void *context, int job, int jobs), void *context, uint64_t *total);

#ifdef __cplusplus
}
#endif
#endif

// Hunspell cuts its slowest suggestion searches short on a time limit: "max ~1/4 sec (process
// time on Linux)", TIMELIMIT in suggestmgr.hxx, read with clock(), the CPU time of the whole
// process. While Peel decodes images or reads text in them on other threads, that time runs
// several times faster than the thread suggesting, so the same typo got "tornade" in one build
// and "tornade" or "toréador" in the next: pages, catalog.json and the review changed with no
// change to the catalog.
//
// Peel's process defines clock() (an executable's symbol comes before libc's for the shared
// libraries it loads), and makes it count work instead: each call on a thread moves that
// thread's clock on by 250 ticks (µs), what the work between two of Hunspell's calls took on the
// project's VM (fr_FR: "Snowflake" made 1,352 calls in 378 ms), so its 0.25 s limit lands after
// about 1,000 calls, where it did on a quiet machine, with the same suggestions, on every machine,
// whatever else runs (at 100 ticks a call, searches ran half again as long). Hunspell compares clock()
// with what it returned at the start of the same search on the same thread, so a per-thread
// count is all it needs. The only other caller among Peel's libraries is Tesseract's word timing
// debug output, which is off.
#include "spelling_clock.h"

static _Thread_local clock_t ticks = 0;

clock_t clock(void) {
    ticks += 250;
    return ticks;
}

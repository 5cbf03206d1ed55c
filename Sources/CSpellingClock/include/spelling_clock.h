// Peel's clock(): see spelling_clock.c. Nothing to call; the header only names the target's one symbol.
#ifndef PEEL_SPELLING_CLOCK_H
#define PEEL_SPELLING_CLOCK_H

#include <time.h>

/// The C library's clock(), replaced in Peel's process by a count of its own calls on the
/// calling thread (250 ticks a call), so Hunspell's time limits are limits on work.
clock_t clock(void);

#endif

#ifndef TOGGLES_CACHE_HINTS_H
#define TOGGLES_CACHE_HINTS_H

/// Asks the processor to start loading the cache line at `address` for reading, without
/// waiting for it. Replay folds events into tables far larger than the cache; issuing these
/// a batch ahead lets the misses overlap with useful work. Swift has no spelling for it.
static inline void toggles_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

#endif

// The hints are inline functions in include/CacheHints.h; SwiftPM needs one source file.
#include "CacheHints.h"

// The `_dynascope_capture` built-in module (CONTRACT.md): optimize, disable, graph_break,
// mark_dynamic, reset, set_config, records. Public: no Python header needed to install it.
#pragma once

#include "runtime/captureevents.h"

namespace dynascope {

// Creates the module and puts it in sys.modules (requires a running interpreter and the GIL).
// Returns false, with the Python error printed, on failure.
bool installCaptureModule();

} // namespace dynascope

// installTorchShim: puts torch.compile, torch._dynamo and `dynascope` into the running interpreter.
#pragma once

#include <string>

namespace dynascope {

// Makes the embedded shim sources (capture/shim/*.py) importable as `_dynascope_shim` and
// installs torch.compile, torch._dynamo (explain, reset, disable, graph_break, mark_dynamic,
// config, testing, exc), torch.compiler and `dynascope` on top of `_dynascope_capture`, so
// scripts written for PyTorch 2 run unchanged on torch 1.13. The install happens when the script
// first imports torch (at once if torch is already imported): scripts without torch do not pay
// for importing it. Requires the GIL and installCaptureModule() first. Throws
// std::runtime_error with the Python traceback on failure.
void installTorchShim();

// The report of `dynascope explain` / `run --report`: the core's records() as text or one JSON
// document. Requires the GIL and installTorchShim(). Throws std::runtime_error on failure.
std::string torchShimReport(bool asJson);

// Calls _dynascope_shim.<module>.<function>(json.loads(jsonArgument)) and returns the string it
// returns (the kernel generator's explain and bench reports). Requires the GIL and
// installTorchShim(). Throws std::runtime_error with the Python traceback on failure.
std::string torchShimCall(const std::string &module, const std::string &function,
                          const std::string &jsonArgument);

} // namespace dynascope

// CaptureConfig: the torch._dynamo.config settings the core reads (set through
// _dynascope_capture.set_config), in a header of its own so the tracer needs no runtime header.
#pragma once

namespace dynascope {

struct CaptureConfig {
    int cacheSizeLimit = 8;            // cache entries per region before running uncaptured
    bool captureScalarOutputs = false; // Tensor.item() becomes a graph node
    static CaptureConfig &instance();
};

} // namespace dynascope

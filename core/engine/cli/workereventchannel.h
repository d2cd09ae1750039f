// WorkerEventChannel: the worker's event stream, one JSON object per line on a file descriptor.
#pragma once

#include "model/eventsink.h"

#include <mutex>

namespace dynascope {

class WorkerEventChannel : public EventSink {
public:
    // Takes ownership of `fd` (closed by the destructor).
    explicit WorkerEventChannel(int fd);
    ~WorkerEventChannel() override;
    WorkerEventChannel(const WorkerEventChannel &) = delete;
    WorkerEventChannel &operator=(const WorkerEventChannel &) = delete;

    // Writes the line whole with write(2): no stdio buffer, so the reader has it at once, and
    // the mutex keeps lines from threads from interleaving.
    void emit(const Json &event) override;

private:
    int m_fd;
    std::mutex m_mutex;
};

} // namespace dynascope

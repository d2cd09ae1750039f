// WorkerEventChannel: the worker's event stream, one JSON object per line on a file descriptor.
#pragma once

#include "model/eventsink.h"

#include <mutex>
#include <string>
#include <sys/types.h>

namespace dynascope {

class WorkerEventChannel : public EventSink {
public:
    // Takes ownership of `fd` (closed by the destructor).
    explicit WorkerEventChannel(int fd);
    ~WorkerEventChannel() override;
    WorkerEventChannel(const WorkerEventChannel &) = delete;
    WorkerEventChannel &operator=(const WorkerEventChannel &) = delete;

    // Writes the line whole with write(2): no stdio buffer, so the reader has it at once, and
    // the mutex keeps lines from threads from interleaving. In a process the script forked, only
    // the text of output events is written, to stderr: the run the stream describes is the
    // parent's (one exit event, its steps), and the child's prints still reach the user.
    void emit(const Json &event) override;

private:
    static void writeAll(int fd, const std::string &bytes);

    int m_fd;
    pid_t m_owner;
    std::mutex m_mutex;
};

} // namespace dynascope

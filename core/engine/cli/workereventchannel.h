// WorkerEventChannel: the worker's event stream, one JSON object per line on a file descriptor.
#pragma once

#include "model/eventsink.h"

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <sys/types.h>
#include <thread>

namespace dynascope {

class WorkerEventChannel : public EventSink {
public:
    // Takes ownership of `fd` (closed by the destructor, after the last batch is written).
    explicit WorkerEventChannel(int fd);
    ~WorkerEventChannel() override;
    WorkerEventChannel(const WorkerEventChannel &) = delete;
    WorkerEventChannel &operator=(const WorkerEventChannel &) = delete;

    // Writes the line whole with write(2): no stdio buffer, so the reader has it at once, and
    // the mutex keeps lines from threads from interleaving. Call events still waiting in the
    // batch are written first, so the stream keeps the order events were emitted in. In a
    // process the script forked, only the text of output events is written, to stderr: the run
    // the stream describes is the parent's (one exit event, its steps), and the child's prints
    // still reach the user.
    void emit(const Json &event) override;
    // A call event, encoded without Json (CallEventEncoder) into a batch that is written when it
    // passes kBatchBytes, before any other event, by flush() and the destructor, and at the
    // latest kBatchAge after its first call (a thread looks every kBatchAge, so a script that
    // calls and then sleeps or waits for input still shows its calls). The worker's exit event
    // is emitted last, so a run that ends normally or with a Python error loses none; a worker
    // killed by a signal loses at most the last kBatchAge of calls.
    void emitCall(const CallRecord &call, const std::string &function) override;
    void flush();

    static constexpr size_t kBatchBytes = 32 * 1024;
    static constexpr std::chrono::milliseconds kBatchAge{50};

private:
    static void writeAll(int fd, const std::string &bytes);
    bool inForkedChild() const;
    void flushLocked();
    void flushOldBatches();

    int m_fd;
    pid_t m_owner;
    std::mutex m_mutex;
    std::string m_batch;
    std::chrono::steady_clock::time_point m_batchStart;
    std::condition_variable m_stopFlusher;
    bool m_stopping = false;
    std::thread m_flusher; // started with the first call event
    bool m_noFlusher = false;
};

} // namespace dynascope

// Line-at-a-time event writing for the worker; call events in batches.
#include "cli/workereventchannel.h"

#include "model/calleventencoder.h"

#include <atomic>
#include <system_error>
#include <cerrno>
#include <pthread.h>
#include <unistd.h>

namespace dynascope {

namespace {

// Set in a child the script forked: getpid() is a system call (glibc no longer caches it), too
// dear for every compiled call, so the fork tells us instead.
std::atomic<bool> forkedChild{false};

void markForkedChild() {
    forkedChild.store(true, std::memory_order_relaxed);
}

} // namespace

WorkerEventChannel::WorkerEventChannel(int fd) : m_fd(fd), m_owner(::getpid()) {
    static const int registered = pthread_atfork(nullptr, nullptr, markForkedChild);
    (void)registered;
    m_batch.reserve(kBatchBytes + 4096);
}

WorkerEventChannel::~WorkerEventChannel() {
    if (m_flusher.joinable() && !inForkedChild()) {
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            m_stopping = true;
        }
        m_stopFlusher.notify_one();
        m_flusher.join();
    } else if (m_flusher.joinable()) {
        m_flusher.detach(); // a forked child has no such thread: the handle is the parent's
    }
    flush();
    if (m_fd >= 0)
        ::close(m_fd);
}

bool WorkerEventChannel::inForkedChild() const {
    return forkedChild.load(std::memory_order_relaxed) && ::getpid() != m_owner;
}

void WorkerEventChannel::emit(const Json &event) {
    if (inForkedChild()) {
        auto text = event.find("text");
        if (event.value("type", std::string()) == EventType::Output && text != event.end() &&
            text->is_string())
            writeAll(STDERR_FILENO, text->get<std::string>());
        return;
    }
    std::string line = encodeEvent(event);
    line += '\n';
    std::lock_guard<std::mutex> lock(m_mutex);
    flushLocked();
    writeAll(m_fd, line);
}

void WorkerEventChannel::emitCall(const CallRecord &call, const std::string &function) {
    if (forkedChild.load(std::memory_order_relaxed) && inForkedChild())
        return;
    std::lock_guard<std::mutex> lock(m_mutex);
    const auto now = std::chrono::steady_clock::now();
    if (m_batch.empty())
        m_batchStart = now;
    if (!m_flusher.joinable() && !m_noFlusher) {
        try {
            m_flusher = std::thread([this] { flushOldBatches(); });
        } catch (const std::system_error &) {
            m_noFlusher = true; // no thread (a tight memory limit): batches wait for an event
        }
    }
    CallEventEncoder::append(call, function, m_batch);
    m_batch += '\n';
    if (m_batch.size() >= kBatchBytes || now - m_batchStart >= kBatchAge)
        flushLocked();
}

void WorkerEventChannel::flushOldBatches() {
    std::unique_lock<std::mutex> lock(m_mutex);
    while (!m_stopFlusher.wait_for(lock, kBatchAge, [this] { return m_stopping; })) {
        if (!m_batch.empty() && std::chrono::steady_clock::now() - m_batchStart >= kBatchAge)
            flushLocked();
    }
}

void WorkerEventChannel::flush() {
    if (inForkedChild())
        return;
    std::lock_guard<std::mutex> lock(m_mutex);
    flushLocked();
}

void WorkerEventChannel::flushLocked() {
    if (m_batch.empty())
        return;
    writeAll(m_fd, m_batch);
    m_batch.clear();
}

void WorkerEventChannel::writeAll(int fd, const std::string &bytes) {
    const char *data = bytes.data();
    size_t left = bytes.size();
    while (left > 0) {
        ssize_t written = ::write(fd, data, left);
        if (written < 0) {
            if (errno == EINTR)
                continue;
            return; // the reader is gone; the GUI will see the process end
        }
        data += written;
        left -= static_cast<size_t>(written);
    }
}

} // namespace dynascope

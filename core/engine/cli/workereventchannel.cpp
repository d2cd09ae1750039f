// Line-at-a-time, unbuffered event writing for the worker.
#include "cli/workereventchannel.h"

#include <cerrno>
#include <unistd.h>

namespace dynascope {

WorkerEventChannel::WorkerEventChannel(int fd) : m_fd(fd), m_owner(::getpid()) {}

WorkerEventChannel::~WorkerEventChannel() {
    if (m_fd >= 0)
        ::close(m_fd);
}

void WorkerEventChannel::emit(const Json &event) {
    if (::getpid() != m_owner) {
        auto text = event.find("text");
        if (event.value("type", std::string()) == EventType::Output && text != event.end() &&
            text->is_string())
            writeAll(STDERR_FILENO, text->get<std::string>());
        return;
    }
    std::string line = encodeEvent(event);
    line += '\n';
    std::lock_guard<std::mutex> lock(m_mutex);
    writeAll(m_fd, line);
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

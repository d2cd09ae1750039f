// Line-at-a-time, unbuffered event writing for the worker.
#include "cli/workereventchannel.h"

#include <cerrno>
#include <unistd.h>

namespace dynascope {

WorkerEventChannel::WorkerEventChannel(int fd) : m_fd(fd) {}

WorkerEventChannel::~WorkerEventChannel() {
    if (m_fd >= 0)
        ::close(m_fd);
}

void WorkerEventChannel::emit(const Json &event) {
    std::string line = encodeEvent(event);
    line += '\n';
    std::lock_guard<std::mutex> lock(m_mutex);
    const char *data = line.data();
    size_t left = line.size();
    while (left > 0) {
        ssize_t written = ::write(m_fd, data, left);
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

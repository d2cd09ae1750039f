// The layout worker thread and its queue.
#include "graph/layoutqueue.h"

#include "layout/graphlayout.h"

#include <QMetaObject>
#include <QPointer>

namespace dynascope {

LayoutQueue::LayoutQueue(QObject *parent) : QObject(parent), m_thread([this] { run(); }) {}

LayoutQueue::~LayoutQueue() {
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_stopping = true;
        m_jobs.clear();
    }
    m_wake.notify_all();
    m_thread.join();
}

quint64 LayoutQueue::request(const QString &tag, GraphLayoutInput input,
                             GraphLayoutOptions options) {
    quint64 ticket;
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        ticket = m_nextTicket++;
        for (auto it = m_jobs.begin(); it != m_jobs.end();)
            it = it->tag == tag ? m_jobs.erase(it) : it + 1;
        m_jobs.push_back({tag, ticket, std::move(input), options});
    }
    m_wake.notify_one();
    return ticket;
}

int LayoutQueue::pendingCount() const {
    std::lock_guard<std::mutex> lock(m_mutex);
    return int(m_jobs.size());
}

void LayoutQueue::run() {
    for (;;) {
        Job job;
        {
            std::unique_lock<std::mutex> lock(m_mutex);
            m_wake.wait(lock, [this] { return m_stopping || !m_jobs.empty(); });
            if (m_stopping)
                return;
            job = std::move(m_jobs.front());
            m_jobs.pop_front();
        }
        auto geometry = std::make_shared<const GraphGeometry>(layoutGraphs(job.input, job.options));
        // Queued to this object's thread; dropped by Qt if the queue is gone by then.
        QMetaObject::invokeMethod(
            this,
            [this, tag = job.tag, ticket = job.ticket, geometry] {
                emit finished(tag, ticket, geometry);
            },
            Qt::QueuedConnection);
    }
}

} // namespace dynascope

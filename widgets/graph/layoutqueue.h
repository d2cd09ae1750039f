// Runs Graphviz layouts on one worker thread, newest request per tag wins (RenderDoc's
// ReplayManager).
#pragma once

#include "layout/graphgeometry.h"
#include "layout/graphlayoutinput.h"

#include <QObject>
#include <QString>

#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>

namespace dynascope {

class LayoutQueue : public QObject {
    Q_OBJECT
public:
    explicit LayoutQueue(QObject *parent = nullptr);
    ~LayoutQueue() override; // waits for a layout in progress, drops the queued ones

    // Queues a layout and returns its ticket. A queued request with the same tag that has not
    // started yet is dropped: only the newest state of a view is worth laying out.
    quint64 request(const QString &tag, GraphLayoutInput input, GraphLayoutOptions options = {});
    int pendingCount() const;

signals:
    // Delivered on the queue's (GUI) thread.
    void finished(const QString &tag, quint64 ticket,
                  std::shared_ptr<const dynascope::GraphGeometry> geometry);

private:
    struct Job {
        QString tag;
        quint64 ticket;
        GraphLayoutInput input;
        GraphLayoutOptions options;
    };
    void run();

    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    std::deque<Job> m_jobs;
    quint64 m_nextTicket = 1;
    bool m_stopping = false;
    std::thread m_thread;
};

} // namespace dynascope

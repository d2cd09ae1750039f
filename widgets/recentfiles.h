// The File > Open Recent list: the last eight scripts, kept in QSettings.
#pragma once

#include <QObject>
#include <QStringList>

class QMenu;

namespace dynascope {

// Most recent first, no duplicates, at most maxCount() entries; fills a menu whose actions emit
// openRequested(path).
class RecentFiles : public QObject {
    Q_OBJECT
public:
    explicit RecentFiles(QMenu *menu, QObject *parent = nullptr);

    static constexpr int maxCount() { return 8; }
    QStringList files() const;
    void add(const QString &path);
    void remove(const QString &path);

signals:
    void openRequested(const QString &path);

private:
    void store(const QStringList &files);
    void rebuildMenu();

    QMenu *m_menu;
};

} // namespace dynascope

// RecentFiles: QSettings-backed list behind the Open Recent menu.
#include "recentfiles.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>

namespace dynascope {

namespace {
const char *const Key = "recentFiles";
}

RecentFiles::RecentFiles(QMenu *menu, QObject *parent) : QObject(parent), m_menu(menu) {
    rebuildMenu();
}

QStringList RecentFiles::files() const {
    return QSettings().value(Key).toStringList().mid(0, maxCount());
}

void RecentFiles::add(const QString &path) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList list = files();
    list.removeAll(absolute);
    list.prepend(absolute);
    store(list.mid(0, maxCount()));
}

void RecentFiles::remove(const QString &path) {
    QStringList list = files();
    list.removeAll(QFileInfo(path).absoluteFilePath());
    store(list);
}

void RecentFiles::store(const QStringList &list) {
    QSettings().setValue(Key, list);
    rebuildMenu();
}

void RecentFiles::rebuildMenu() {
    if (!m_menu)
        return;
    m_menu->clear();
    const QStringList list = files();
    for (int i = 0; i < list.size(); ++i) {
        const QString path = list.at(i);
        // "&1 add_relu.py" gives keyboard access; the full path is in the status tip.
        QAction *action =
            m_menu->addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()));
        action->setStatusTip(QDir::toNativeSeparators(path));
        action->setToolTip(QDir::toNativeSeparators(path));
        connect(action, &QAction::triggered, this, [this, path] { emit openRequested(path); });
    }
    m_menu->setEnabled(!list.isEmpty());
}

} // namespace dynascope

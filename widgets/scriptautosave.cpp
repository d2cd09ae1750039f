// ScriptAutosave: one JSON file per GUI process (session-PID.json, 0600) in a 0700 folder.
#include "scriptautosave.h"

#include "sourceeditor.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QStandardPaths>
#include <QTimer>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <unistd.h>

namespace dynascope {

namespace {
constexpr int IntervalMs = 5000;
const QFile::Permissions OwnerOnly = QFile::ReadOwner | QFile::WriteOwner;

bool processAlive(qint64 pid) {
    return pid > 0 && (::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM);
}
} // namespace

ScriptAutosave::ScriptAutosave(SourceEditor *editor, std::function<QString()> scriptPath,
                               QObject *parent)
    : QObject(parent), m_editor(editor), m_scriptPath(std::move(scriptPath)),
      m_timer(new QTimer(this)) {
    const QString dir = folder();
    if (!dir.isEmpty())
        m_file = QDir(dir).filePath(QStringLiteral("session-%1.json").arg(::getpid()));
    m_timer->setInterval(IntervalMs);
    connect(m_timer, &QTimer::timeout, this, &ScriptAutosave::sync);
    m_timer->start();
}

QString ScriptAutosave::folder() {
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation) +
                        "/dynascope/autosave";
    if (!QDir().mkpath(dir))
        return {};
    QFile::setPermissions(dir, OwnerOnly | QFile::ExeOwner);
    return dir;
}

std::vector<ScriptAutosave::Copy> ScriptAutosave::leftBehind() {
    std::vector<Copy> copies;
    const QString dir = folder();
    if (dir.isEmpty())
        return copies;
    const QStringList names = QDir(dir).entryList({QStringLiteral("session-*.json")}, QDir::Files);
    for (const QString &name : names) {
        const qint64 pid = name.mid(8, name.size() - 13).toLongLong();
        if (pid != ::getpid() && processAlive(pid))
            continue; // another window that is still open
        QFile file(QDir(dir).filePath(name));
        if (!file.open(QIODevice::ReadOnly))
            continue;
        const QJsonObject json = QJsonDocument::fromJson(file.readAll()).object();
        if (!json.value("text").isString())
            continue;
        copies.push_back({file.fileName(), json.value("path").toString(),
                          json.value("text").toString(),
                          QDateTime::fromString(json.value("saved").toString(), Qt::ISODate)});
    }
    std::sort(copies.begin(), copies.end(),
              [](const Copy &a, const Copy &b) { return a.saved > b.saved; });
    return copies;
}

void ScriptAutosave::remove(const Copy &copy) {
    QFile::remove(copy.file);
}

void ScriptAutosave::sync() {
    if (m_file.isEmpty())
        return;
    if (!m_editor->isModified()) {
        discard();
        return;
    }
    const QString text = m_editor->text();
    if (text == m_written)
        return;
    QJsonObject json{{"path", m_scriptPath()},
                     {"text", text},
                     {"saved", QDateTime::currentDateTime().toString(Qt::ISODate)}};
    QSaveFile file(m_file);
    if (file.open(QIODevice::WriteOnly)) {
        file.setPermissions(OwnerOnly);
        file.write(QJsonDocument(json).toJson(QJsonDocument::Compact));
        if (file.commit())
            m_written = text;
    }
}

void ScriptAutosave::discard() {
    if (!m_file.isEmpty())
        QFile::remove(m_file);
    m_written.clear();
}

} // namespace dynascope

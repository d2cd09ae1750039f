// Helpers shared by the GUI tests: temp scripts, the python3.11 oracle, isolated settings.
#pragma once

#include <QCoreApplication>
#include <QFile>
#include <QProcess>
#include <QSettings>
#include <QString>
#include <QTemporaryDir>

namespace dynascope::testing {

// Keeps QSettings of the test away from the user's own Dynascope settings.
inline void isolateSettings(const QTemporaryDir &dir) {
    QCoreApplication::setOrganizationName(QStringLiteral("DynascopeTest"));
    QCoreApplication::setApplicationName(QStringLiteral("DynascopeTest"));
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir.path());
}

inline QString writeScript(const QTemporaryDir &dir, const QString &name, const QByteArray &text) {
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

// Runs /usr/bin/python3.11 (the interpreter the worker embeds) and returns its stdout.
inline QByteArray runPython(const QStringList &arguments, const QString &workingDirectory = {}) {
    QProcess python;
    if (!workingDirectory.isEmpty())
        python.setWorkingDirectory(workingDirectory);
    python.start(QStringLiteral(DYNASCOPE_PYTHON_EXECUTABLE), arguments);
    if (!python.waitForFinished(60000) || python.exitStatus() != QProcess::NormalExit)
        qFatal("python oracle failed: %s", python.readAllStandardError().constData());
    return python.readAllStandardOutput();
}

} // namespace dynascope::testing

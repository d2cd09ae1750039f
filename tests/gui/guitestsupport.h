// Helpers shared by the GUI tests: temp scripts, the python3.11 oracle, isolated settings, the
// kernel generator's demo script and screenshots.
#pragma once

#ifdef DYNASCOPE_QM_DIR
#include "lessons/uilanguage.h"
#endif

#include <QCoreApplication>
#include <QFile>
#include <QProcess>
#include <QSettings>
#include <QString>
#include <QTemporaryDir>
#include <QTest>
#include <QWidget>

#include <functional>
#include <initializer_list>

namespace dynascope::testing {

// Keeps QSettings of the test away from the user's own Dynascope settings.
inline void isolateSettings(const QTemporaryDir &dir) {
    QCoreApplication::setOrganizationName(QStringLiteral("DynascopeTest"));
    QCoreApplication::setApplicationName(QStringLiteral("DynascopeTest"));
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir.path());
}

// The folders of a test that runs the worker: its settings, its scripts, and the kernel
// generator's cache (XDG_CACHE_HOME), all temporary. Call isolate() in initTestCase().
struct IsolatedDirs {
    QTemporaryDir settings, scripts, cache;
    void isolate() const {
        isolateSettings(settings);
        qputenv("XDG_CACHE_HOME", cache.path().toUtf8());
#ifdef DYNASCOPE_QM_DIR
        // English with its plural forms ("0 names", not "0 name(s)"), as the application
        // installs it: the screenshots show what a user sees.
        UiLanguage::instance()->setTranslationsFolder(QStringLiteral(DYNASCOPE_QM_DIR));
        UiLanguage::instance()->setSetting(QStringLiteral("en"));
#endif
    }
};

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

// A script for the kernel generator: `chain` fuses into one kernel of five call nodes (mul, add,
// relu, sin, mul) on a and b (1000 floats each); `functions` adds more compiled functions and
// `calls` the lines that make their inputs and print what chain and they return.
inline QByteArray kernelDemoScript(const char *functions, const char *calls) {
    return QByteArray("import torch\n\n\n"
                      "def chain(a, b):\n"
                      "    return torch.relu(a * b + a).sin() * 2\n\n\n") +
           functions + "\n\n\na, b = torch.randn(1000), torch.randn(1000)\n" + calls;
}

// With DYNASCOPE_SCREENSHOTS set, saves `window` at each size as DIR/NAME-WxH.png, calling
// `prepare` after each resize (raise a dock, fit a graph) and letting layouts settle.
inline void saveScreenshots(QWidget *window, const QString &name,
                            std::initializer_list<QSize> sizes,
                            const std::function<void()> &prepare = {}) {
    const QString dir = qEnvironmentVariable("DYNASCOPE_SCREENSHOTS");
    if (dir.isEmpty())
        return;
    for (const QSize &size : sizes) {
        window->resize(size);
        QTest::qWait(300);
        if (prepare)
            prepare();
        QTest::qWait(300);
        window->grab().save(
            QStringLiteral("%1/%2-%3x%4.png").arg(dir, name).arg(size.width()).arg(size.height()));
    }
}

} // namespace dynascope::testing

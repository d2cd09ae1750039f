// Test helpers: write a script into a folder, run a process on it, and collect what it printed.
#pragma once

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace dynascope::test {

struct ProcessResult {
    bool finished = false;
    QProcess::ExitStatus exitStatus = QProcess::NormalExit;
    int exitCode = -1;
    QString out, err;
};

// Writes `text` to dir/name and returns the absolute path.
inline QString writeScript(const QDir &dir, const QString &name, const QByteArray &text) {
    QString path = dir.absoluteFilePath(name);
    QFile file(path);
    if (file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        file.write(text);
    return path;
}

// Runs `program args…` in `workingDir`, feeding `input` on stdin, and waits up to `timeoutMs`;
// `env`, when given, replaces the inherited environment.
inline ProcessResult runProcess(const QString &program, const QStringList &args,
                                const QString &workingDir, const QByteArray &input = {},
                                int timeoutMs = 60000, const QProcessEnvironment *env = nullptr) {
    QProcess process;
    process.setWorkingDirectory(workingDir);
    if (env)
        process.setProcessEnvironment(*env);
    process.start(program, args);
    ProcessResult result;
    if (!process.waitForStarted(10000))
        return result;
    if (!input.isEmpty())
        process.write(input);
    process.closeWriteChannel();
    result.finished = process.waitForFinished(timeoutMs);
    if (!result.finished) {
        process.kill();
        process.waitForFinished(5000);
    }
    result.exitStatus = process.exitStatus();
    result.exitCode = process.exitCode();
    result.out = QString::fromUtf8(process.readAllStandardOutput());
    result.err = QString::fromUtf8(process.readAllStandardError());
    return result;
}

// The oracle: Debian's python3.11, the interpreter Dynascope embeds.
inline ProcessResult runPython(const QStringList &args, const QString &workingDir) {
    return runProcess(QStringLiteral(DYNASCOPE_PYTHON_EXECUTABLE), args, workingDir);
}

inline ProcessResult runDynascope(const QStringList &args, const QString &workingDir,
                                  const QByteArray &input = {}) {
    return runProcess(QStringLiteral(DYNASCOPE_EXE), args, workingDir, input);
}

} // namespace dynascope::test

// The Python files the bytecode tests disassemble: bundled examples, test data, stdlib, torch.
#pragma once

#include <QDir>
#include <QFileInfo>
#include <QStringList>
#include <QTest>

namespace dynascope {

struct CorpusFile {
    QString name; // the test row's name
    QString path;
};

// Varied on purpose: coroutines and async generators, try/finally/with, match statements
// (traceback.py, typing.py, dataclasses.py), huge string constants (pydoc_data/topics.py),
// more than 999 lines, f-strings, comprehensions, lambdas, star-args.
inline QList<CorpusFile> bytecodeCorpus() {
    QList<CorpusFile> files;
    const QString source = QStringLiteral(DYNASCOPE_SOURCE_DIR);
    for (const QString &dir : {source + "/tests/bytecode/data", source + "/resources/examples"})
        for (const QFileInfo &info : QDir(dir).entryInfoList({"*.py"}, QDir::Files, QDir::Name))
            files.append({QDir(source).relativeFilePath(info.filePath()), info.filePath()});
    const QString stdlib = "/usr/lib/python3.11/";
    for (const char *file : {"dis.py",
                             "json/decoder.py",
                             "asyncio/tasks.py",
                             "asyncio/base_events.py",
                             "asyncio/taskgroups.py",
                             "dataclasses.py",
                             "enum.py",
                             "typing.py",
                             "re/_parser.py",
                             "argparse.py",
                             "contextlib.py",
                             "functools.py",
                             "collections/__init__.py",
                             "traceback.py",
                             "ast.py",
                             "inspect.py",
                             "pathlib.py",
                             "email/_header_value_parser.py",
                             "tomllib/_parser.py",
                             "fractions.py",
                             "statistics.py",
                             "string.py",
                             "zipfile.py",
                             "concurrent/futures/_base.py",
                             "difflib.py",
                             "pydoc_data/topics.py",
                             "unittest/mock.py",
                             "importlib/_bootstrap_external.py"})
        files.append({QString("stdlib/") + file, stdlib + file});
    const QString torch = "/usr/lib/python3/dist-packages/torch/";
    for (const char *file :
         {"nn/modules/linear.py", "functional.py", "_tensor.py", "nn/functional.py",
          "optim/adam.py", "fx/graph.py", "autograd/function.py"})
        files.append({QString("torch/") + file, torch + file});
    return files;
}

// One data row per corpus file, with a QString column "path".
inline void addCorpusRows() {
    QTest::addColumn<QString>("path");
    for (const CorpusFile &file : bytecodeCorpus())
        QTest::addRow("%s", qPrintable(file.name)) << file.path;
}

} // namespace dynascope

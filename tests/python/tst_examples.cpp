// The example scripts under `dynascope run` print what python3.11 prints (they import torch: slow).
#include "scriptprocess.h"

#include <QtTest>

using namespace dynascope::test;

class TestExamples : public QObject {
    Q_OBJECT
private slots:
    void examples_data() {
        QTest::addColumn<QString>("name");
        QDir examples(QStringLiteral(DYNASCOPE_SOURCE_DIR "/resources/examples"));
        const QStringList names = examples.entryList({"*.py"}, QDir::Files, QDir::Name);
        QVERIFY(!names.isEmpty());
        for (const QString &name : names)
            QTest::addRow("%s", qPrintable(name)) << examples.absoluteFilePath(name);
    }
    void examples() {
        QFETCH(QString, name);
        QString folder = QFileInfo(name).absolutePath();
        ProcessResult oracle = runPython({name}, folder);
        ProcessResult ours = runDynascope({"run", name}, folder);
        QVERIFY(oracle.finished);
        QVERIFY(ours.finished);
        QCOMPARE(ours.exitStatus, QProcess::NormalExit);
        QCOMPARE(ours.out, oracle.out);
        QCOMPARE(ours.err, oracle.err);
        QCOMPARE(ours.exitCode, oracle.exitCode);
        QVERIFY(!ours.out.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestExamples)
#include "tst_examples.moc"

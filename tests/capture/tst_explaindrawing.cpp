// `dynascope explain FILE --svg OUT --dot OUT`: the run's graphs and breaks drawn by core/layout;
// the SVG must be well-formed and name every node and break reason, the DOT must re-read in dot.
#include "model/graph.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

using namespace dynascope;

namespace {
const char *kScript = R"(import torch

def f(x):
    y = torch.relu(x) * 2
    print("between graphs")
    z = torch.sin(y)
    if z.sum() > 0:
        z = z + 1
    return torch.tanh(z)

print(torch.compile(f)(torch.ones(3)).shape)
)";

QByteArray readAll(const QString &path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}
} // namespace

class TestExplainDrawing : public QObject {
    Q_OBJECT
private slots:
    void drawsTheCapture();
    void unwritablePathIsAnError();
};

void TestExplainDrawing::drawsTheCapture() {
    QTemporaryDir dir;
    const QString script = dir.filePath("model.py");
    QFile file(script);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(kScript);
    file.close();
    const QString svgPath = dir.filePath("out.svg"), dotPath = dir.filePath("out.dot");

    QProcess explain;
    explain.start(DYNASCOPE_EXE, {"explain", script, "--json", "--svg", svgPath, "--dot", dotPath});
    QVERIFY(explain.waitForFinished(120000));
    QVERIFY2(explain.exitCode() == 0, explain.readAllStandardError().constData());
    // The oracle: explain's own JSON report of the same run.
    const QByteArray out = explain.readAllStandardOutput();
    const int start = out.indexOf("{\n");
    QVERIFY(start >= 0);
    const Json report = Json::parse(out.mid(start).toStdString());
    std::vector<std::string> names, reasons;
    for (const Json &f : report.at("functions")) {
        for (const Json &g : f.at("graphs"))
            for (const Json &n : g.at("nodes"))
                names.push_back(n.at("name").get<std::string>());
        for (const Json &b : f.at("breaks"))
            reasons.push_back(b.get<GraphBreakInfo>().reason);
    }
    QCOMPARE(report.at("totals").at("graph_count").get<int>(), 3);
    QCOMPARE(reasons.size(), std::size_t(2));

    const QByteArray svg = readAll(svgPath);
    QXmlStreamReader xml(svg);
    QString text;
    while (!xml.atEnd()) {
        if (xml.readNext() == QXmlStreamReader::Characters)
            text += xml.text().toString() + QLatin1Char('\n');
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    for (const std::string &name : names)
        QVERIFY2(text.contains(QString::fromStdString(name)), name.c_str());
    // Break markers show the reason (possibly shortened); its first words at least.
    for (const std::string &reason : reasons) {
        const QString head = QString::fromStdString(reason).left(20).toHtmlEscaped();
        QVERIFY2(text.contains(QString::fromStdString(reason).left(20)) ||
                     svg.contains(head.toUtf8()),
                 reason.c_str());
    }

    QProcess dot;
    dot.start("dot", {"-Tplain", dotPath});
    QVERIFY(dot.waitForFinished(60000));
    QVERIFY2(dot.exitCode() == 0, dot.readAllStandardError().constData());
    const QByteArray plain = dot.readAllStandardOutput();
    QVERIFY(plain.startsWith("graph "));
    QCOMPARE(plain.count("\nnode "), qsizetype(names.size() + reasons.size()));
}

void TestExplainDrawing::unwritablePathIsAnError() {
    QTemporaryDir dir;
    const QString script = dir.filePath("plain.py");
    QFile file(script);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("print('no torch here')\n");
    file.close();
    QProcess explain;
    explain.start(DYNASCOPE_EXE, {"explain", script, "--dot", dir.filePath("missing/dir/x.dot")});
    QVERIFY(explain.waitForFinished(60000));
    QVERIFY(explain.exitCode() != 0);
    QVERIFY(explain.readAllStandardError().contains("x.dot"));
}

QTEST_MAIN(TestExplainDrawing)
#include "tst_explaindrawing.moc"

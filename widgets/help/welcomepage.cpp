// WelcomePage: HTML built from the examples' own header comments, so it never goes stale.
#include "help/welcomepage.h"

#include <QCoreApplication>
#include <QDir>
#include <QEvent>
#include <QFile>
#include <QFileInfo>
#include <QUrl>

namespace dynascope {

namespace {
// The header comment of an example without its "name.py:" prefix, as one paragraph.
QString describe(const QString &path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QStringList words;
    while (!file.atEnd()) {
        const QString line = QString::fromUtf8(file.readLine()).trimmed();
        if (!line.startsWith(QLatin1Char('#')))
            break;
        QString text = line.mid(1).trimmed();
        const QString prefix = QFileInfo(path).fileName() + QLatin1Char(':');
        if (text.startsWith(prefix))
            text = text.mid(prefix.size()).trimmed();
        if (!text.isEmpty())
            words << text.toHtmlEscaped();
    }
    return words.join(QLatin1Char(' '));
}
} // namespace

WelcomePage::WelcomePage(QWidget *parent) : QTextBrowser(parent) {
    setOpenLinks(false);
    connect(this, &QTextBrowser::anchorClicked, this, [this](const QUrl &url) {
        if (url.isLocalFile())
            emit openRequested(url.toLocalFile());
    });
    refresh();
}

QString WelcomePage::examplesDirectory() {
    const QString app = QCoreApplication::applicationDirPath();
    const QStringList candidates = {
        qEnvironmentVariable("DYNASCOPE_EXAMPLES"),
        app + QStringLiteral("/../share/dynascope/examples"),
        app + QStringLiteral("/../resources/examples"),
        QStringLiteral(DYNASCOPE_SOURCE_EXAMPLES),
    };
    for (const QString &dir : candidates)
        if (!dir.isEmpty() && QDir(dir).exists())
            return QDir(dir).canonicalPath();
    return {};
}

void WelcomePage::refresh() {
    const QString link = palette().color(QPalette::Link).name();
    QString html = QStringLiteral("<h2>%1</h2><p>%2</p><p>%3</p>")
                       .arg(tr("Welcome to Dynascope"),
                            tr("Dynascope runs a Python script under a TorchDynamo-style "
                               "compiler and shows what happens: the bytecode and its value "
                               "stack step by step, the graphs the compiler captures, and where "
                               "and why it breaks a graph."),
                            tr("Open a script (Ctrl+O) and run it (F5), or start with an example "
                               "below. Pick a layout for the task in the toolbar: <b>Step</b> "
                               "through bytecode, debug <b>Graph breaks</b>, or <b>Teach</b>."));
    const QString dir = examplesDirectory();
    const QFileInfoList files =
        dir.isEmpty() ? QFileInfoList()
                      : QDir(dir).entryInfoList({QStringLiteral("*.py")}, QDir::Files, QDir::Name);
    html += QStringLiteral("<h3>%1</h3>").arg(tr("Examples"));
    if (files.isEmpty())
        html += QStringLiteral("<p>%1</p>").arg(tr("No examples were found next to the program."));
    html += QStringLiteral("<dl>");
    for (const QFileInfo &f : files)
        html += QStringLiteral("<dt><a style=\"color:%1\" href=\"%2\"><b>%3</b></a></dt>"
                               "<dd>%4<br/></dd>")
                    .arg(link, QUrl::fromLocalFile(f.absoluteFilePath()).toString(),
                         f.fileName().toHtmlEscaped(), describe(f.absoluteFilePath()));
    html += QStringLiteral("</dl><h3>%1</h3><p>%2</p>")
                .arg(tr("Keys to start with"),
                     tr("F5 run · F10 step over a line · F11 step into · Shift+F11 step out · "
                        "Shift+F10 step back · F9 breakpoint · Ctrl+F find a graph node · "
                        "Help ▸ Keyboard Shortcuts lists them all."));
    setHtml(html);
}

void WelcomePage::changeEvent(QEvent *event) {
    QTextBrowser::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        refresh();
}

} // namespace dynascope

// Translations: every translatable GUI string has a finished 简体中文 translation (lupdate is run
// over the sources, so a new tr() string without one fails here), placeholders survive, and the
// compiled .qm translates.
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTranslator>
#include <QXmlStreamReader>
#include <QtTest>

namespace {

struct Message {
    QString context;
    QString source;
    QStringList translations; // one per numerus form
    bool finished = true;
};

QList<Message> readTs(const QString &path, QString &error) {
    QList<Message> messages;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        error = file.errorString();
        return messages;
    }
    QXmlStreamReader xml(&file);
    QString context;
    Message current;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        const auto name = xml.name();
        if (name == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (name == QLatin1String("message")) {
            current = Message();
            current.context = context;
        } else if (name == QLatin1String("source")) {
            current.source = xml.readElementText();
        } else if (name == QLatin1String("translation")) {
            const QString type = xml.attributes().value(QLatin1String("type")).toString();
            current.finished = type.isEmpty();
            if (type == QLatin1String("vanished") || type == QLatin1String("obsolete"))
                continue;
            QString text;
            QStringList forms;
            while (!(xml.isEndElement() && xml.name() == QLatin1String("translation")) &&
                   !xml.atEnd()) {
                xml.readNext();
                if (xml.isCharacters())
                    text += xml.text();
                if (xml.isStartElement() && xml.name() == QLatin1String("numerusform"))
                    forms << xml.readElementText();
            }
            current.translations = forms.isEmpty() ? QStringList{text} : forms;
            messages << current;
        }
    }
    if (xml.hasError())
        error = xml.errorString();
    return messages;
}

QStringList placeholders(const QString &text) {
    static const QRegularExpression pattern(QStringLiteral("%L?[0-9n]"));
    QStringList found;
    for (auto it = pattern.globalMatch(text); it.hasNext();)
        found << it.next().captured().remove(QLatin1Char('L'));
    found.sort();
    found.removeDuplicates();
    return found;
}

} // namespace

class TestTranslations : public QObject {
    Q_OBJECT
private slots:
    void everyGuiStringIsTranslated() {
        // Update a copy of the committed .ts from the sources as they are now: strings added
        // since the last lupdate appear as unfinished and fail below.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString ts = dir.filePath(QStringLiteral("dynascope_zh_CN.ts"));
        QVERIFY(QFile::copy(DYNASCOPE_SOURCE_DIR "/i18n/dynascope_zh_CN.ts", ts));
        QFile::setPermissions(ts, QFile::ReadOwner | QFile::WriteOwner);
        QProcess lupdate;
        lupdate.setWorkingDirectory(QStringLiteral(DYNASCOPE_SOURCE_DIR));
        lupdate.start(QStringLiteral(DYNASCOPE_LUPDATE),
                      {QStringLiteral("-no-obsolete"), QStringLiteral("-locations"),
                       QStringLiteral("none"), QStringLiteral("widgets"), QStringLiteral("app"),
                       QStringLiteral("-ts"), ts});
        QVERIFY(lupdate.waitForFinished(120000));
        QVERIFY2(lupdate.exitCode() == 0, lupdate.readAllStandardError().constData());
        QString error;
        const QList<Message> messages = readTs(ts, error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(messages.size() > 200);
        QStringList untranslated;
        QStringList badPlaceholders;
        for (const Message &m : messages) {
            const bool empty = std::any_of(m.translations.begin(), m.translations.end(),
                                           [](const QString &t) { return t.trimmed().isEmpty(); });
            if (!m.finished || empty) {
                untranslated << m.context + QStringLiteral(": ") + m.source;
                continue;
            }
            for (const QString &t : m.translations)
                if (placeholders(t) != placeholders(m.source))
                    badPlaceholders << m.source + QStringLiteral(" → ") + t;
        }
        QVERIFY2(untranslated.isEmpty(),
                 qPrintable(QStringLiteral("%1 GUI strings have no Chinese translation (run the "
                                           "update_translations target and translate them):\n")
                                .arg(untranslated.size()) +
                            untranslated.join('\n')));
        QVERIFY2(badPlaceholders.isEmpty(), qPrintable(badPlaceholders.join('\n')));
    }

    void compiledTranslationLoads() {
        QTranslator translator;
        QVERIFY(
            translator.load(QStringLiteral("dynascope_zh_CN"), QStringLiteral(DYNASCOPE_QM_DIR)));
        QCOMPARE(translator.translate("dynascope::MainWindow", "&File"),
                 QStringLiteral("文件(&F)"));
        QCOMPARE(translator.translate("dynascope::LessonDocks", "Interview Drill"),
                 QStringLiteral("面试练习"));
    }
};

QTEST_GUILESS_MAIN(TestTranslations)
#include "tst_translations.moc"

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

// Copies the committed `name` from i18n/ and updates it with lupdate over the GUI sources as they
// are now (with `options`), so strings added since the last update show up unfinished.
QList<Message> updatedCopy(const QString &name, const QStringList &options, QString &error) {
    QTemporaryDir dir;
    const QString ts = dir.filePath(name);
    if (!dir.isValid() || !QFile::copy(DYNASCOPE_SOURCE_DIR "/i18n/" + name, ts)) {
        error = QStringLiteral("cannot copy i18n/") + name;
        return {};
    }
    QFile::setPermissions(ts, QFile::ReadOwner | QFile::WriteOwner);
    QProcess lupdate;
    lupdate.setWorkingDirectory(QStringLiteral(DYNASCOPE_SOURCE_DIR));
    lupdate.start(QStringLiteral(DYNASCOPE_LUPDATE),
                  options + QStringList{QStringLiteral("-no-obsolete"),
                                        QStringLiteral("-locations"), QStringLiteral("none"),
                                        QStringLiteral("widgets"), QStringLiteral("app"),
                                        QStringLiteral("-ts"), ts});
    if (!lupdate.waitForFinished(120000) || lupdate.exitCode() != 0) {
        error = QString::fromUtf8(lupdate.readAllStandardError());
        return {};
    }
    return readTs(ts, error);
}

} // namespace

class TestTranslations : public QObject {
    Q_OBJECT
private slots:
    void everyGuiStringIsTranslated() {
        // Update a copy of the committed .ts from the sources as they are now: strings added
        // since the last lupdate appear as unfinished and fail below.
        QString error;
        const QList<Message> messages =
            updatedCopy(QStringLiteral("dynascope_zh_CN.ts"), {}, error);
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

    // English has plural forms only ("%n name(s)": "1 name", "3 names"); a new %n string without
    // them fails here, and the compiled English .qm picks the right form.
    void englishPluralsAreComplete() {
        QString error;
        const QList<Message> messages = updatedCopy(
            QStringLiteral("dynascope_en.ts"),
            {QStringLiteral("-pluralonly"), QStringLiteral("-source-language"),
             QStringLiteral("en"), QStringLiteral("-target-language"), QStringLiteral("en")},
            error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(messages.size() >= 9);
        QStringList incomplete;
        for (const Message &m : messages)
            if (!m.finished || m.translations.size() != 2 ||
                !m.translations[0].contains(QLatin1String("%n")) ||
                placeholders(m.translations[1]) != placeholders(m.source))
                incomplete << m.context + QStringLiteral(": ") + m.source;
        QVERIFY2(incomplete.isEmpty(),
                 qPrintable(QStringLiteral("English plural forms missing (run the "
                                           "update_translations target and fill them):\n") +
                            incomplete.join('\n')));

        QTranslator english;
        QVERIFY(english.load(QStringLiteral("dynascope_en"), QStringLiteral(DYNASCOPE_QM_DIR)));
        QCOMPARE(english.translate("dynascope::FrameModel", "%n name(s)", nullptr, 1),
                 QStringLiteral("%n name"));
        QCOMPARE(english.translate("dynascope::FrameModel", "%n name(s)", nullptr, 3),
                 QStringLiteral("%n names"));
        QCOMPARE(english.translate("dynascope::ExplainPanel", "%n graph break(s)", nullptr, 0),
                 QStringLiteral("%n graph breaks"));
    }

    void compiledTranslationLoads() {
        QTranslator translator;
        QVERIFY(
            translator.load(QStringLiteral("dynascope_zh_CN"), QStringLiteral(DYNASCOPE_QM_DIR)));
        QCOMPARE(translator.translate("dynascope::MainWindow", "&File"),
                 QStringLiteral("文件(&F)"));
        QCOMPARE(translator.translate("dynascope::LessonDocks", "Interview Drill"),
                 QStringLiteral("面试练习"));
        // The stack and frame views' texts and the instruction explanations.
        QCOMPARE(translator.translate("QObject", "no stack change"), QStringLiteral("栈不变"));
        QCOMPARE(translator.translate("dynascope::FrameModel", "%n name(s)", nullptr, 2),
                 QStringLiteral("%n 个名字"));
        QCOMPARE(translator.translate("dynascope::InstructionExplanation",
                                      "Throws away the value on top of the stack."),
                 QStringLiteral("丢弃栈顶的值。"));
    }
};

QTEST_GUILESS_MAIN(TestTranslations)
#include "tst_translations.moc"

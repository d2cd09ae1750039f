// ConsoleLog: the console keeps the last megabyte; what it keeps is always the exact tail of what
// was appended (cut at a line break where one is near), and the note counts the rest in bytes.
#include "consolelog.h"

#include <QRandomGenerator>
#include <QtTest>

using namespace dynascope;

class TestConsoleLog : public QObject {
    Q_OBJECT
private slots:
    void keepsTheTailOfWhatWasAppended() {
        // Random pieces (ASCII, two- and three-byte characters, a surrogate pair, line breaks) of
        // both streams against the whole text kept aside: the log's text is its suffix, the
        // dropped bytes are exactly the rest, and the size stays within the limit's slack.
        const qint64 capacity = 10000;
        ConsoleLog log(capacity, 1000000);
        QString all;
        QRandomGenerator random(14);
        const QString alphabet = QStringLiteral("abc xyz\n\n\u00e9\u4e2d\U0001F600");
        for (int i = 0; i < 4000; ++i) {
            QString piece;
            const int length = int(random.bounded(1, i % 97 == 0 ? 3000 : 60));
            for (int c = 0; c < length; ++c) {
                const int at = int(random.bounded(alphabet.size()));
                if (alphabet.at(at).isLowSurrogate())
                    continue;
                piece += alphabet.at(at);
                if (alphabet.at(at).isHighSurrogate())
                    piece += alphabet.at(at + 1);
            }
            const auto kind = random.bounded(3) == 0 ? ConsoleEntry::Stderr : ConsoleEntry::Stdout;
            all += log.append(kind, piece);
            QVERIFY(log.keptBytes() <= capacity + capacity / 8);
        }
        const QString kept = log.text();
        QVERIFY(all.endsWith(kept));
        QVERIFY(kept.size() < all.size());
        QCOMPARE(log.keptBytes(), ConsoleLog::utf8Length(kept));
        QCOMPARE(log.keptBytes(), qint64(kept.toUtf8().size()));
        QCOMPARE(log.droppedBytes(), qint64(all.toUtf8().size()) - log.keptBytes());
        QCOMPARE(log.droppedChars(), qint64(all.size() - kept.size()));
        QVERIFY(!kept.front().isLowSurrogate());
    }

    void cutsAtALineBreak() {
        ConsoleLog log(100, 1000);
        for (int i = 0; i < 50; ++i)
            log.append(ConsoleEntry::Stdout, QStringLiteral("line %1 of the run\n").arg(i, 2));
        // 50 lines of 19 bytes = 950: trimmed back to <= 100 bytes, starting at a line's start.
        const QString kept = log.text();
        QVERIFY(kept.startsWith(QLatin1String("line ")));
        QVERIFY(kept.endsWith(QLatin1String("line 49 of the run\n")));
        QVERIFY(log.keptBytes() <= 100 + 100 / 8);
        QCOMPARE(log.droppedBytes() + log.keptBytes(), 950);
    }

    void boundsTheLineCount() {
        ConsoleLog log(1 << 20, 100);
        for (int i = 0; i < 1000; ++i)
            log.append(ConsoleEntry::Stdout, QStringLiteral("%1\n").arg(i));
        QVERIFY(log.keptLines() <= 100 + 100 / 8);
        QCOMPARE(log.keptLines(), qint64(log.text().count(QLatin1Char('\n'))));
        QVERIFY(log.text().endsWith(QLatin1String("\n999\n")));
        QVERIFY(log.text().startsWith(QString::number(1000 - log.keptLines()) + "\n"));
    }

    void noteNamesTheDroppedSize() {
        ConsoleLog log(1000, 1000);
        QVERIFY(log.droppedNote().isEmpty());
        const QString line = QString(99, QLatin1Char('x')) + QLatin1Char('\n');
        for (int i = 0; i < 25; ++i) // 2,500 bytes, 1,500 or more dropped
            log.append(ConsoleEntry::Stdout, line);
        QCOMPARE(log.droppedBytes() + log.keptBytes(), 2500);
        QCOMPARE(log.droppedNote(), QStringLiteral("… %1 of earlier output not kept")
                                        .arg(QLocale().formattedDataSize(
                                            log.droppedBytes(), 1, QLocale::DataSizeSIFormat)));
        log.clear();
        QVERIFY(log.droppedNote().isEmpty());
        QCOMPARE(log.keptBytes(), 0);
    }

    void systemMessagesStandOnTheirOwnLines() {
        ConsoleLog log;
        log.append(ConsoleEntry::Stdout, QStringLiteral("no newline"));
        QCOMPARE(log.append(ConsoleEntry::System, QStringLiteral("Finished")),
                 QStringLiteral("\nFinished\n"));
        QCOMPARE(log.append(ConsoleEntry::Warning, QStringLiteral("Careful\n")),
                 QStringLiteral("Careful\n"));
        QCOMPARE(log.text(), QStringLiteral("no newline\nFinished\nCareful\n"));
        // Entries of one kind that follow each other are one entry.
        log.append(ConsoleEntry::Stdout, QStringLiteral("a"));
        log.append(ConsoleEntry::Stdout, QStringLiteral("b"));
        QCOMPARE(log.back().text, QStringLiteral("ab"));
        QCOMPARE(log.size(), size_t(4));
    }
};

QTEST_GUILESS_MAIN(TestConsoleLog)
#include "tst_consolelog.moc"

// ConsoleLog: the console's text of one run, bounded to its last megabyte.
#pragma once

#include <QCoreApplication>
#include <QString>

#include <deque>

namespace dynascope {

// A text the console shows, in the order it arrived.
struct ConsoleEntry {
    enum Kind { Stdout, Stderr, System, Warning };
    Kind kind = System;
    QString text;
};

// Keeps the last `capacityBytes` (UTF-8) and at most `maxLines` lines of what a run printed, so
// a script writing 100 MB costs the GUI one megabyte. Older text is dropped from the front, at a
// line boundary where one is near, and counted: droppedNote() is the one line the console shows
// above the kept text. Output entries (stdout, stderr) of one kind that follow each other are
// merged up to a few kilobytes (a print loop is not a million entries); each message stays one
// entry. Messages of Dynascope itself (System,
// Warning) are put on their own lines here, so what the view shows is exactly the kept text.
//
// Trimming waits until the text is an eighth over the limit, then cuts back to the limit: a run
// printing in small pieces trims once per 128 KB, not on every write.
class ConsoleLog {
    Q_DECLARE_TR_FUNCTIONS(ConsoleLog)
public:
    static constexpr qint64 DefaultCapacityBytes = 1 << 20;
    static constexpr qint64 DefaultMaxLines = 50000;

    explicit ConsoleLog(qint64 capacityBytes = DefaultCapacityBytes,
                        qint64 maxLines = DefaultMaxLines);

    // Appends `text` and returns it as stored (a System line gains its line breaks).
    QString append(ConsoleEntry::Kind kind, const QString &text);
    void clear();

    const std::deque<ConsoleEntry> &entries() const { return m_entries; }
    bool empty() const { return m_entries.empty(); }
    size_t size() const { return m_entries.size(); }
    const ConsoleEntry &operator[](size_t i) const { return m_entries[i]; }
    const ConsoleEntry &back() const { return m_entries.back(); }
    auto begin() const { return m_entries.begin(); }
    auto end() const { return m_entries.end(); }

    // The kept text, all kinds in order (what the console shows below the note).
    QString text() const;
    qint64 keptBytes() const { return m_keptBytes; }
    qint64 keptLines() const { return m_keptLines; }
    qint64 capacityBytes() const { return m_capacityBytes; }
    // What was dropped since clear(): UTF-8 bytes, and characters (UTF-16 units, for the view).
    qint64 droppedBytes() const { return m_droppedBytes; }
    qint64 droppedChars() const { return m_droppedChars; }
    // "… 98.9 MB of earlier output not kept", or empty when nothing was dropped.
    QString droppedNote() const;

    static qint64 utf8Length(QStringView text);

private:
    struct Sizes {
        qint64 bytes = 0;
        qint64 lines = 0;
    };
    static Sizes measure(QStringView text);
    void trim();
    void dropFront(qint64 bytes, qint64 lines);

    qint64 m_capacityBytes;
    qint64 m_maxLines;
    std::deque<ConsoleEntry> m_entries;
    std::deque<Sizes> m_sizes; // per entry
    qint64 m_keptBytes = 0;
    qint64 m_keptLines = 0;
    qint64 m_droppedBytes = 0;
    qint64 m_droppedChars = 0;
    bool m_endsLine = true; // the last text appended (kept or not) ended with a line break
};

} // namespace dynascope

// ConsoleLog: bounded console text; drops from the front, counts what it dropped.
#include "consolelog.h"

#include <QLocale>

namespace dynascope {

namespace {
// Entries of one kind are merged while the last one is shorter than this (characters), so a
// trim moves at most a few kilobytes.
constexpr qsizetype MergeLimit = 4096;
// A cut in the middle of a line moves on to the next line break within this many characters.
constexpr qsizetype LineSearchLimit = 4096;

qint64 utf8Bytes(QChar c) {
    const ushort u = c.unicode();
    if (u < 0x80)
        return 1;
    if (u < 0x800)
        return 2;
    if (c.isHighSurrogate())
        return 4; // with its low surrogate, which counts 0
    if (c.isLowSurrogate())
        return 0;
    return 3;
}
} // namespace

ConsoleLog::ConsoleLog(qint64 capacityBytes, qint64 maxLines)
    : m_capacityBytes(capacityBytes), m_maxLines(maxLines) {}

qint64 ConsoleLog::utf8Length(QStringView text) {
    return measure(text).bytes;
}

ConsoleLog::Sizes ConsoleLog::measure(QStringView text) {
    Sizes sizes;
    for (QChar c : text) {
        sizes.bytes += utf8Bytes(c);
        sizes.lines += c == QLatin1Char('\n');
    }
    return sizes;
}

void ConsoleLog::clear() {
    m_entries.clear();
    m_sizes.clear();
    m_keptBytes = m_keptLines = m_droppedBytes = m_droppedChars = 0;
    m_endsLine = true;
}

QString ConsoleLog::append(ConsoleEntry::Kind kind, const QString &text) {
    QString stored = text;
    if (kind == ConsoleEntry::System || kind == ConsoleEntry::Warning) {
        // Messages of Dynascope itself stand on their own lines.
        if (!m_endsLine)
            stored.prepend(QLatin1Char('\n'));
        if (!stored.endsWith(QLatin1Char('\n')))
            stored.append(QLatin1Char('\n'));
    }
    if (stored.isEmpty())
        return stored;
    m_endsLine = stored.endsWith(QLatin1Char('\n'));
    const Sizes sizes = measure(stored);
    const bool output = kind == ConsoleEntry::Stdout || kind == ConsoleEntry::Stderr;
    if (output && !m_entries.empty() && m_entries.back().kind == kind &&
        m_entries.back().text.size() < MergeLimit) {
        m_entries.back().text += stored;
        m_sizes.back().bytes += sizes.bytes;
        m_sizes.back().lines += sizes.lines;
    } else {
        m_entries.push_back({kind, stored});
        m_sizes.push_back(sizes);
    }
    m_keptBytes += sizes.bytes;
    m_keptLines += sizes.lines;
    trim();
    return stored;
}

void ConsoleLog::trim() {
    if (m_keptBytes <= m_capacityBytes + m_capacityBytes / 8 &&
        m_keptLines <= m_maxLines + m_maxLines / 8)
        return;
    dropFront(std::max<qint64>(0, m_keptBytes - m_capacityBytes),
              std::max<qint64>(0, m_keptLines - m_maxLines));
}

void ConsoleLog::dropFront(qint64 bytes, qint64 lines) {
    while (!m_entries.empty() && (bytes > 0 || lines > 0)) {
        ConsoleEntry &front = m_entries.front();
        Sizes &sizes = m_sizes.front();
        Sizes cut;
        qsizetype at = 0;
        const qsizetype n = front.text.size();
        if (sizes.bytes < bytes || sizes.lines < lines) {
            at = n; // no prefix is enough: the whole entry goes
            cut = sizes;
        } else {
            // Up to the point where both amounts are dropped, then on to the next line break.
            while (at < n && (cut.bytes < bytes || cut.lines < lines)) {
                const QChar c = front.text.at(at++);
                cut.bytes += utf8Bytes(c);
                cut.lines += c == QLatin1Char('\n');
                if (c.isHighSurrogate() && at < n && front.text.at(at).isLowSurrogate())
                    ++at;
            }
            for (qsizetype limit = at + LineSearchLimit;
                 at > 0 && at < n && at < limit && front.text.at(at - 1) != QLatin1Char('\n');) {
                const QChar c = front.text.at(at++);
                cut.bytes += utf8Bytes(c);
                cut.lines += c == QLatin1Char('\n');
            }
            if (at < n && front.text.at(at).isLowSurrogate()) // never half a pair
                ++at;
        }
        m_droppedBytes += cut.bytes;
        m_droppedChars += at;
        m_keptBytes -= cut.bytes;
        m_keptLines -= cut.lines;
        bytes -= cut.bytes;
        lines -= cut.lines;
        if (at >= n) {
            m_entries.pop_front();
            m_sizes.pop_front();
        } else {
            front.text.remove(0, at);
            sizes.bytes -= cut.bytes;
            sizes.lines -= cut.lines;
        }
    }
}

QString ConsoleLog::text() const {
    QString all;
    all.reserve(qsizetype(m_keptBytes));
    for (const ConsoleEntry &e : m_entries)
        all += e.text;
    return all;
}

QString ConsoleLog::droppedNote() const {
    if (m_droppedBytes == 0)
        return {};
    return tr("… %1 of earlier output not kept")
        .arg(QLocale().formattedDataSize(m_droppedBytes, 1, QLocale::DataSizeSIFormat));
}

} // namespace dynascope

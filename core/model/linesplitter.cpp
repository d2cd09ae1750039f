// LineSplitter: a partial line is carried from chunk to chunk; a line past the limit is counted.
#include "model/linesplitter.h"

namespace dynascope {

LineSplitter::LineSplitter(size_t maxLineBytes, Sink sink)
    : m_max(maxLineBytes), m_sink(std::move(sink)) {}

bool LineSplitter::handOn(std::string_view text, size_t rawLength, bool endsInReturn,
                        bool truncated) {
    Line line;
    line.length = endsInReturn ? rawLength - 1 : rawLength;
    line.tooLong = line.length > m_max;
    line.truncated = truncated;
    if (!line.tooLong)
        line.text = text.substr(0, line.length);
    m_stopped = !m_sink(line);
    return !m_stopped;
}

bool LineSplitter::feed(std::string_view bytes) {
    size_t at = 0;
    while (!m_stopped && at < bytes.size()) {
        const size_t newline = bytes.find('\n', at);
        const std::string_view piece = bytes.substr(
            at, newline == std::string_view::npos ? std::string_view::npos : newline - at);
        at = newline == std::string_view::npos ? bytes.size() : newline + 1;
        if (m_skipped > 0) {
            m_skipped += piece.size();
            if (!piece.empty())
                m_skippedReturn = piece.back() == '\r';
            if (newline != std::string_view::npos) {
                const size_t length = m_skipped;
                m_skipped = 0;
                handOn({}, length, m_skippedReturn, false);
            }
            continue;
        }
        if (newline != std::string_view::npos && m_partial.empty()) { // the whole line is here
            handOn(piece, piece.size(), !piece.empty() && piece.back() == '\r', false);
            continue;
        }
        if (m_partial.size() + piece.size() > m_max + 1) { // too long even with a "\r" dropped
            m_skipped = m_partial.size() + piece.size();
            m_skippedReturn = piece.empty() ? m_partial.back() == '\r' : piece.back() == '\r';
            std::string().swap(m_partial); // give the memory back
            if (newline != std::string_view::npos) {
                const size_t length = m_skipped;
                m_skipped = 0;
                handOn({}, length, m_skippedReturn, false);
            }
            continue;
        }
        m_partial.append(piece);
        if (newline != std::string_view::npos) {
            handOn(m_partial, m_partial.size(), !m_partial.empty() && m_partial.back() == '\r',
                 false);
            m_partial.clear();
        }
    }
    return !m_stopped;
}

bool LineSplitter::finish() {
    if (m_stopped)
        return false;
    if (m_skipped > 0) {
        const size_t length = m_skipped;
        m_skipped = 0;
        return handOn({}, length, m_skippedReturn, true);
    }
    if (m_partial.empty())
        return true;
    const std::string last = std::move(m_partial);
    m_partial.clear();
    return handOn(last, last.size(), last.back() == '\r', true);
}

} // namespace dynascope

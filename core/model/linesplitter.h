// LineSplitter: bytes that arrive in chunks of any size, handed on as lines — what a .dscap
// reader needs to decode a file as it reads it, without the whole file in memory.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace dynascope {

class LineSplitter {
public:
    struct Line {
        std::string_view text;  // without "\n" and one "\r" before it; empty when tooLong
        size_t length = 0;      // the line's bytes without its end, kept or not
        bool tooLong = false;   // longer than the limit: counted, never held in memory
        bool truncated = false; // the last line, ended by the end of the input, not by "\n"
    };
    // Called per line, in order; returning false stops the splitter (the rest is ignored).
    using Sink = std::function<bool(const Line &line)>;

    LineSplitter(size_t maxLineBytes, Sink sink);
    // Splits `bytes` on; false once the sink has stopped.
    bool feed(std::string_view bytes);
    // The end of the input: hands on a last line that has no "\n". False if the sink stopped.
    bool finish();

private:
    bool handOn(std::string_view text, size_t rawLength, bool endsInReturn, bool truncated);

    size_t m_max;
    Sink m_sink;
    std::string m_partial;        // the start of a line whose "\n" has not come yet
    size_t m_skipped = 0;         // > 0: the line so far is too long; its bytes, counted not kept
    bool m_skippedReturn = false; // the last skipped byte was "\r"
    bool m_stopped = false;
};

} // namespace dynascope

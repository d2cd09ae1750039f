// CaptureFile: a .dscap capture (a header line, then one event per line): writer and a reader
// that treats the file as untrusted input.
#pragma once

#include "model/event.h"
#include "model/instruction.h"
#include "model/linesplitter.h"
#include "model/scripterror.h"
#include "model/step.h"

#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace dynascope {

class CaptureFile {
public:
    static constexpr const char *Format = "dscap";
    static constexpr int Version = 1;
    static constexpr size_t MaxLineBytes = 16u << 20; // one event; a longer line is rejected
    static constexpr size_t ReadChunkBytes = 1u
                                             << 20; // load() reads and decodes this much at a time
    static constexpr int MaxNesting = 200;          // the JSON parser recurses per level

    // One problem found while reading: `text` reads "NAME line N: what" (N from 1; 0 = file).
    struct Problem {
        long long line = 0;
        std::string text;
    };

    // A capture with a fresh header (format, version, created_by) and no events.
    CaptureFile();

    static Json makeHeader();
    const Json &header() const { return m_header; }
    Json &header() { return m_header; }
    const std::vector<Event> &events() const { return m_events; }
    // The line each event was read from (0 for appended ones), parallel to events().
    const std::vector<long long> &eventLines() const { return m_eventLines; }
    // Adds an event (a JSON object with a string "type"); returns false and ignores it otherwise.
    bool append(const Json &event);

    bool save(const std::string &path, std::string &error) const;

    // Reading never throws. load() streams: it reads and decodes the file a chunk at a time
    // (a line may span chunks), so only the events it keeps take memory. Returns false when nothing
    // can be used (unreadable, no valid header, another format, a newer version); `problems` says
    // why. Returns true with the events that could be read; every line that could not (corrupt, not
    // UTF-8, too long, nested too deep, truncated at the end) is skipped and listed in `problems`.
    bool load(const std::string &path, std::vector<Problem> &problems);
    // Called by load() after each chunk with the bytes read so far and the file's size, on the
    // thread that reads; null for none.
    using Progress = std::function<void(unsigned long long done, unsigned long long total)>;
    void setProgress(Progress progress) { m_progress = std::move(progress); }
    // The same on bytes already in memory; `name` prefixes the messages ("capture.dscap").
    bool parse(const std::string &bytes, const std::string &name, std::vector<Problem> &problems);

    // Typed views, exception-safe: an event whose fields have the wrong type ("line": "abc") is
    // skipped and listed in `problems` with its line. Steps come sorted by index.
    std::vector<Step> steps(std::vector<Problem> &problems) const;
    // What steps() finds wrong with one step event's fields ("" when nothing).
    static std::string stepProblem(const Json &stepEvent);

    // Hands each event to `taker` as it is read; one it returns true for is not kept in
    // events() (the taker stored it its own way: a million steps as JSON events would be
    // gigabytes). Applies to the next load()/parse(); null keeps every event.
    using EventTaker = std::function<bool(Event &event, long long line)>;
    void setEventTaker(EventTaker taker) { m_taker = std::move(taker); }
    // "NAME line N: what" (N from 1; 0 = the file).
    std::string problemText(long long line, const std::string &what) const;
    std::vector<CodeInfo> codes(std::vector<Problem> &problems) const;
    std::vector<ScriptError> errors(std::vector<Problem> &problems) const;

    // Streams a capture to disk while it is made (the worker, `dynascope trace --save`).
    class Writer {
    public:
        Writer() = default;
        ~Writer();
        Writer(const Writer &) = delete;
        Writer &operator=(const Writer &) = delete;
        // Creates the file and writes the header line.
        bool open(const std::string &path, const Json &header, std::string &error);
        bool write(const Json &event);
        // An event already encoded as one line of JSON (encodeEvent's form, no newline).
        bool writeLine(const std::string &line);
        bool close(std::string &error);
        bool isOpen() const { return m_file != nullptr; }

    private:
        std::FILE *m_file = nullptr;
        bool m_failed = false;
    };

private:
    struct Reading {
        std::unique_ptr<LineSplitter> splitter;
        long long line = 0;
        bool haveHeader = false;
        bool failed = false; // unusable: no valid header
    };
    void beginReading(Reading &reading, std::vector<Problem> &problems);
    // One line: the header, or an event (kept, given to the taker, or a problem). False stops.
    bool takeLine(const LineSplitter::Line &line, Reading &reading, std::vector<Problem> &problems);
    bool endReading(Reading &reading, std::vector<Problem> &problems);
    void addProblem(std::vector<Problem> &problems, long long line, const std::string &what) const;
    bool readHeader(const std::string &line, std::vector<Problem> &problems);

    std::string m_name = "capture";
    Json m_header;
    std::vector<Event> m_events;
    std::vector<long long> m_eventLines;
    EventTaker m_taker;
    Progress m_progress;
};

} // namespace dynascope

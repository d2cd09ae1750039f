// Writing .dscap files, and reading them as untrusted input: every failure becomes a message
// with a line number, never an exception or a crash.
#include "model/capturefile.h"
#include "dynascopeversion.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>

namespace dynascope {

namespace {

// Offset of the first byte that is not part of well-formed UTF-8, or npos.
size_t invalidUtf8At(const std::string &text) {
    const auto *bytes = reinterpret_cast<const unsigned char *>(text.data());
    size_t size = text.size();
    for (size_t i = 0; i < size;) {
        unsigned char c = bytes[i];
        if (c < 0x80) {
            ++i;
            continue;
        }
        size_t length;
        unsigned minimum;
        unsigned code;
        if ((c & 0xE0) == 0xC0) {
            length = 2, minimum = 0x80, code = c & 0x1F;
        } else if ((c & 0xF0) == 0xE0) {
            length = 3, minimum = 0x800, code = c & 0x0F;
        } else if ((c & 0xF8) == 0xF0) {
            length = 4, minimum = 0x10000, code = c & 0x07;
        } else {
            return i;
        }
        if (i + length > size)
            return i;
        for (size_t k = 1; k < length; ++k) {
            if ((bytes[i + k] & 0xC0) != 0x80)
                return i;
            code = (code << 6) | (bytes[i + k] & 0x3F);
        }
        if (code < minimum || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF))
            return i;
        i += length;
    }
    return std::string::npos;
}

// Deepest nesting of arrays/objects outside strings: nlohmann's parser recurses once per level,
// so a line of a million '[' would otherwise overflow the stack.
int nestingDepth(const std::string &text) {
    int depth = 0, deepest = 0;
    bool inString = false, escaped = false;
    for (char c : text) {
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            deepest = std::max(deepest, ++depth);
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return deepest;
}

const char *kindOf(const Json &value) {
    switch (value.type()) {
    case Json::value_t::null:
        return "null";
    case Json::value_t::boolean:
        return "a boolean";
    case Json::value_t::string:
        return "a string";
    case Json::value_t::array:
        return "an array";
    case Json::value_t::object:
        return "an object";
    case Json::value_t::number_float:
        return "a fractional number";
    default:
        return "a number";
    }
}

// "" when the field is absent (the codecs default it) or is an integer within [low, high].
std::string checkInteger(const Json &object, const char *field, long long low, long long high) {
    auto it = object.find(field);
    if (it == object.end())
        return {};
    if (it->is_number_unsigned()) {
        if (it->get<unsigned long long>() > static_cast<unsigned long long>(high))
            return std::string("field '") + field + "' is out of range";
        return {};
    }
    if (!it->is_number_integer())
        return std::string("field '") + field + "' should be an integer, not " + kindOf(*it);
    long long value = it->get<long long>();
    if (value < low || value > high)
        return std::string("field '") + field + "' is out of range";
    return {};
}

std::string checkType(const Json &object, const char *field, Json::value_t type, const char *want) {
    auto it = object.find(field);
    if (it == object.end() || it->type() == type)
        return {};
    return std::string("field '") + field + "' should be " + want + ", not " + kindOf(*it);
}

std::string checkStackValue(const Json &value) {
    if (!value.is_object())
        return std::string("a stack entry should be an object, not ") + kindOf(value);
    for (const char *field : {"type", "repr", "shape", "dtype"})
        if (std::string problem = checkType(value, field, Json::value_t::string, "a string");
            !problem.empty())
            return "stack entry: " + problem;
    return checkType(value, "requires_grad", Json::value_t::boolean, "a boolean");
}

// Every field Step's codec reads, with the type it needs; "" when the event is usable.
std::string checkStep(const Json &event) {
    for (const char *field : {"step", "frame"})
        if (std::string problem = checkInteger(event, field, LLONG_MIN, LLONG_MAX);
            !problem.empty())
            return problem;
    for (const char *field : {"line", "offset", "depth", "arg"})
        if (std::string problem = checkInteger(event, field, INT_MIN, INT_MAX); !problem.empty())
            return problem;
    for (const char *field : {"pops", "pushes"}) // absent in captures from older recorders
        if (std::string problem = checkInteger(event, field, 0, INT_MAX); !problem.empty())
            return problem;
    for (const char *field : {"code", "function", "file", "opname", "argrepr", "event"})
        if (std::string problem = checkType(event, field, Json::value_t::string, "a string");
            !problem.empty())
            return problem;
    if (std::string problem = checkType(event, "stack", Json::value_t::array, "an array");
        !problem.empty())
        return problem;
    if (std::string problem = checkType(event, "locals", Json::value_t::object, "an object");
        !problem.empty())
        return problem;
    if (auto it = event.find("stack"); it != event.end())
        for (const Json &value : *it)
            if (std::string problem = checkStackValue(value); !problem.empty())
                return problem;
    return {};
}

// The other codecs read ints with get<int>, which is undefined for a huge fractional number:
// refuse any number that does not fit an int, anywhere in the event.
bool numbersFitInt(const Json &value, int depth = 0) {
    if (depth > CaptureFile::MaxNesting)
        return false;
    if (value.is_number_float()) {
        double number = value.get<double>();
        return number >= INT_MIN && number <= INT_MAX; // false for NaN too
    }
    if (value.is_number_unsigned())
        return value.get<unsigned long long>() <= static_cast<unsigned long long>(LLONG_MAX);
    if (value.is_structured())
        for (const Json &item : value)
            if (!numbersFitInt(item, depth + 1))
                return false;
    return true;
}

} // namespace

CaptureFile::CaptureFile() : m_header(makeHeader()) {}

Json CaptureFile::makeHeader() {
    return Json{{"format", Format},
                {"version", Version},
                {"created_by", std::string("dynascope ") + DYNASCOPE_VERSION}};
}

bool CaptureFile::append(const Json &event) {
    auto type = event.is_object() ? event.find("type") : event.end();
    if (!event.is_object() || type == event.end() || !type->is_string())
        return false;
    m_events.push_back(Event{type->get<std::string>(), event});
    m_eventLines.push_back(0);
    return true;
}

bool CaptureFile::save(const std::string &path, std::string &error) const {
    Writer writer;
    if (!writer.open(path, m_header, error))
        return false;
    for (const Event &event : m_events)
        writer.write(event.body);
    return writer.close(error);
}

std::string CaptureFile::problemText(long long line, const std::string &what) const {
    return line > 0 ? m_name + " line " + std::to_string(line) + ": " + what : m_name + ": " + what;
}

void CaptureFile::addProblem(std::vector<Problem> &problems, long long line,
                             const std::string &what) const {
    problems.push_back(Problem{line, problemText(line, what)});
}

bool CaptureFile::load(const std::string &path, std::vector<Problem> &problems) {
    // Read and decoded a chunk at a time: memory holds the events, never the file's bytes.
    try {
        m_name = path.substr(path.find_last_of('/') + 1);
        std::error_code error;
        const bool regular = std::filesystem::is_regular_file(path, error);
        std::ifstream in(path, std::ios::binary);
        if (!in) {
            addProblem(problems, 0, std::string("cannot open: ") + std::strerror(errno));
            return false;
        }
        if (!regular) {
            addProblem(problems, 0, "cannot read (not a regular file)");
            return false;
        }
        const unsigned long long total = std::filesystem::file_size(path, error);
        Reading reading;
        beginReading(reading, problems);
        std::string chunk(ReadChunkBytes, '\0');
        unsigned long long done = 0;
        while (in) {
            in.read(&chunk[0], static_cast<std::streamsize>(chunk.size()));
            const std::streamsize got = in.gcount();
            if (got <= 0)
                break;
            done += static_cast<unsigned long long>(got);
            if (!reading.splitter->feed(std::string_view(chunk.data(), size_t(got))))
                break; // the header is unusable: the rest need not be read
            if (m_progress)
                m_progress(done, std::max(done, total));
        }
        if (in.bad()) {
            addProblem(problems, 0, "read error at byte " + std::to_string(done));
            return false;
        }
        return endReading(reading, problems);
    } catch (const std::exception &e) { // bad_alloc: more events than memory
        addProblem(problems, 0, std::string("cannot read: ") + e.what());
        return false;
    }
}

bool CaptureFile::readHeader(const std::string &line, std::vector<Problem> &problems) {
    Json header = Json::parse(line, nullptr, false);
    if (header.is_discarded() || !header.is_object()) {
        addProblem(problems, 1, "not a dscap capture (the first line is not a JSON header)");
        return false;
    }
    auto format = header.find("format");
    if (format == header.end() || !format->is_string() || format->get<std::string>() != Format) {
        addProblem(problems, 1, "not a dscap capture (the header has no \"format\": \"dscap\")");
        return false;
    }
    auto version = header.find("version");
    if (version == header.end() || !version->is_number_integer()) {
        addProblem(problems, 1, "the header has no integer \"version\"");
        return false;
    }
    // The parser stores non-negative integers as unsigned: read them as such, saturating.
    long long number =
        !version->is_number_unsigned() ? version->get<long long>()
        : version->get<unsigned long long>() > static_cast<unsigned long long>(LLONG_MAX)
            ? LLONG_MAX
            : static_cast<long long>(version->get<unsigned long long>());
    if (number != Version) {
        addProblem(problems, 1,
                   number > Version
                       ? "version " + version->dump() + " is newer than this reader (" +
                             std::to_string(Version) + ")"
                       : "unsupported version " + version->dump());
        return false;
    }
    m_header = std::move(header);
    return true;
}

bool CaptureFile::parse(const std::string &bytes, const std::string &name,
                        std::vector<Problem> &problems) {
    try {
        m_name = name;
        Reading reading;
        beginReading(reading, problems);
        reading.splitter->feed(bytes);
        return endReading(reading, problems);
    } catch (const std::exception &e) {
        addProblem(problems, 0, std::string("cannot read: ") + e.what());
        return false;
    }
}

void CaptureFile::beginReading(Reading &reading, std::vector<Problem> &problems) {
    m_header = Json();
    m_events.clear();
    m_eventLines.clear();
    reading.splitter = std::make_unique<LineSplitter>(
        MaxLineBytes, [this, &reading, &problems](const LineSplitter::Line &line) {
            return takeLine(line, reading, problems);
        });
}

bool CaptureFile::endReading(Reading &reading, std::vector<Problem> &problems) {
    reading.splitter->finish();
    if (reading.failed)
        return false;
    if (!reading.haveHeader) {
        addProblem(problems, 0, "empty file (no dscap header)");
        return false;
    }
    return true;
}

bool CaptureFile::takeLine(const LineSplitter::Line &in, Reading &reading,
                           std::vector<Problem> &problems) {
    const long long lineNumber = ++reading.line;
    const bool truncated = in.truncated; // no newline: the writer stopped mid-line
    // A problem before the header makes the file unusable; after it, the line is skipped.
    auto problem = [&](const std::string &what) {
        addProblem(problems, lineNumber, what);
        reading.failed = !reading.haveHeader;
        return reading.haveHeader;
    };
    if (in.tooLong)
        return problem("line too long (" + std::to_string(in.length) + " bytes; the limit is " +
                       std::to_string(MaxLineBytes >> 20) + " MiB)");
    const std::string line(in.text);
    if (line.find_first_not_of(" \t") == std::string::npos) {
        if (!reading.haveHeader)
            return problem("not a dscap capture (the first line is empty)");
        return true; // blank lines between events are harmless
    }
    if (size_t bad = invalidUtf8At(line); bad != std::string::npos)
        return problem(truncated ? "truncated (the file ends in the middle of an event)"
                                 : "not valid UTF-8 (byte " + std::to_string(bad + 1) + ")");
    if (nestingDepth(line) > MaxNesting)
        return problem("nested deeper than " + std::to_string(MaxNesting) + " levels");
    if (!reading.haveHeader) {
        if (!readHeader(line, problems)) {
            if (truncated)
                problems.back().text += " (the file ends in the middle of its first line)";
            reading.failed = true;
            return false;
        }
        reading.haveHeader = true;
        return true;
    }
    std::string error;
    std::optional<Event> event = decodeEvent(line, error);
    if (!event)
        return problem(truncated ? "truncated (the file ends in the middle of an event)" : error);
    if (m_taker && m_taker(*event, lineNumber))
        return true;
    m_events.push_back(std::move(*event));
    m_eventLines.push_back(lineNumber);
    return true;
}

std::string CaptureFile::stepProblem(const Json &stepEvent) {
    return checkStep(stepEvent);
}

std::vector<Step> CaptureFile::steps(std::vector<Problem> &problems) const {
    std::vector<Step> steps;
    for (size_t i = 0; i < m_events.size(); ++i) {
        if (m_events[i].type != EventType::Step)
            continue;
        std::string problem = checkStep(m_events[i].body);
        if (problem.empty()) {
            try {
                steps.push_back(m_events[i].body.get<Step>());
                continue;
            } catch (const std::exception &e) {
                problem = e.what();
            }
        }
        addProblem(problems, m_eventLines[i], "step event: " + problem);
    }
    std::stable_sort(steps.begin(), steps.end(),
                     [](const Step &a, const Step &b) { return a.index < b.index; });
    return steps;
}

namespace {
template <typename T>
std::vector<T> typedEvents(const std::vector<Event> &events, const std::vector<long long> &lines,
                           const char *type, std::vector<CaptureFile::Problem> &problems,
                           const std::function<std::string(long long, const std::string &)> &text) {
    std::vector<T> result;
    for (size_t i = 0; i < events.size(); ++i) {
        if (events[i].type != type)
            continue;
        std::string problem;
        if (!numbersFitInt(events[i].body)) {
            problem = "a number is out of range";
        } else {
            try {
                result.push_back(events[i].body.get<T>());
                continue;
            } catch (const std::exception &e) {
                problem = e.what();
            }
        }
        std::string what = std::string(type) + " event: " + problem;
        problems.push_back(CaptureFile::Problem{lines[i], text(lines[i], what)});
    }
    return result;
}
} // namespace

std::vector<CodeInfo> CaptureFile::codes(std::vector<Problem> &problems) const {
    return typedEvents<CodeInfo>(
        m_events, m_eventLines, EventType::Code, problems,
        [this](long long line, const std::string &what) { return problemText(line, what); });
}

std::vector<ScriptError> CaptureFile::errors(std::vector<Problem> &problems) const {
    return typedEvents<ScriptError>(
        m_events, m_eventLines, EventType::Error, problems,
        [this](long long line, const std::string &what) { return problemText(line, what); });
}

CaptureFile::Writer::~Writer() {
    std::string ignored;
    close(ignored);
}

bool CaptureFile::Writer::open(const std::string &path, const Json &header, std::string &error) {
    std::string ignored;
    close(ignored);
    m_file = std::fopen(path.c_str(), "wb");
    if (!m_file) {
        error = "cannot create " + path + ": " + std::strerror(errno);
        return false;
    }
    m_failed = false;
    return write(header);
}

bool CaptureFile::Writer::write(const Json &event) {
    return writeLine(encodeEvent(event));
}

bool CaptureFile::Writer::writeLine(const std::string &line) {
    if (!m_file)
        return false;
    if (std::fwrite(line.data(), 1, line.size(), m_file) != line.size() ||
        std::fputc('\n', m_file) == EOF)
        m_failed = true;
    return !m_failed;
}

bool CaptureFile::Writer::close(std::string &error) {
    if (!m_file)
        return true;
    bool ok = !m_failed && std::fflush(m_file) == 0;
    if (std::fclose(m_file) != 0)
        ok = false;
    m_file = nullptr;
    if (!ok)
        error = "cannot write the capture file (disk full?)";
    return ok;
}

} // namespace dynascope

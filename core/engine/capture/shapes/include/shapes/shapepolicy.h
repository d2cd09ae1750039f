// ShapePolicy: which tensor dimensions are symbolic (dynamic=True, mark_dynamic, or automatic
// dynamic after a size changed between calls) and the symbols (s0, s1…) one trace gives them;
// which int inputs are dynamic (automatic dynamic after their value changed between calls).
#pragma once

#include "guards/guardset.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace dynascope {

class ShapePolicy {
public:
    enum class Mode { Automatic, Static, Dynamic }; // dynamic=None / False / True

    explicit ShapePolicy(Mode mode = Mode::Automatic) : m_mode(mode) {}
    Mode mode() const { return m_mode; }

    // A size of `source` changed between calls: automatic dynamic makes it symbolic next time.
    void markChanged(const std::string &source, int dim);
    // An int read from `source` changed between calls (or was a tensor before): automatic
    // dynamic makes it a graph input, guarded on its type only, from the next trace on.
    void markScalarChanged(const std::string &source);
    bool isDynamicScalar(const std::string &source) const;
    // Starts the symbol table of one trace.
    void beginTrace();
    // Per dimension of a tensor read from `source`: its symbol, or "" when static. Adds the
    // SHAPE_ENV guards (size >= 2, shared symbols equal) to `guards`.
    std::vector<std::string> symbolsFor(const SourcePtr &source, PyObject *tensor,
                                        const std::vector<long> &sizes, GuardSet &guards);
    // The Python code read a symbolic size as a number: guard it to that value.
    void specialize(const std::string &symbol, long value, GuardSet &guards);
    // Symbol whose example value is `value` in this trace, or "".
    std::string symbolOfValue(long value) const;

private:
    Mode m_mode;
    std::map<std::string, std::set<int>> m_changed;
    std::set<std::string> m_changedScalars;
    struct Symbol {
        std::string name;
        long value;
        SourcePtr source;
        int dim;
    };
    std::vector<Symbol> m_symbols;
};

// Whether a tensor is an nn.Parameter.
bool isParameter(PyObject *tensor);
// Whether a tensor carries mark_dynamic dims (set by _dynascope_capture.mark_dynamic).
std::set<int> markedDynamicDims(PyObject *tensor);

} // namespace dynascope

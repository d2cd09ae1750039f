// Source: where a traced value came from (L['x'], G['w'], L['self'].lin.weight), and how to fetch
// it again.
#pragma once

#include "python/pyref.h"

#include <memory>
#include <string>
#include <vector>

namespace dynascope {

class Source;
using SourcePtr = std::shared_ptr<const Source>;

// The concrete values a source is resolved against: a frame's state at a region start.
struct SourceEnv {
    const std::vector<PyRef> *locals = nullptr; // localsplus slots (cells are cell objects)
    const std::vector<PyRef> *stack = nullptr;  // value stack at the region start
    PyObject *globals = nullptr;
    PyObject *builtins = nullptr;
};

class Source {
public:
    enum class Kind {
        Local,
        Stack,
        Global,
        Builtin,
        Attr,
        Item,
        CellContents,
        IteratorRemaining,
        DictKey
    };

    static SourcePtr local(int slot, const std::string &name);
    static SourcePtr stack(int index);
    static SourcePtr global(const std::string &name);
    static SourcePtr builtin(const std::string &name);
    static SourcePtr attr(SourcePtr base, const std::string &name);
    static SourcePtr item(SourcePtr base, PyRef key);
    static SourcePtr cellContents(SourcePtr cell, const std::string &name);
    // What a list, tuple or (short) range iterator has not yielded yet, as a tuple (Dynamo's
    // ___tuple_iterator_getitem reads through the same state).
    static SourcePtr iteratorRemaining(SourcePtr iterator);
    // The key at position `index` of the dict (or OrderedDict) at `dict`, in its iteration order
    // (Dynamo's ConstDictKeySource): how a tensor used as a dict argument's key is reached. The
    // dict's keys guard keeps the position.
    static SourcePtr dictKey(SourcePtr dict, int index);
    // The key at position `index` of `mapping`'s iteration, or null (Python error set).
    static PyRef keyAt(PyObject *mapping, int index);
    // The remaining items of a list/tuple/range iterator as a new tuple, read from its
    // __reduce__ without advancing it; a set's members in its iteration order (the order a
    // trace that iterated a set argument depends on); null (Python error set) for other objects.
    static PyRef remainingItems(PyObject *iterator);

    Kind kind() const { return m_kind; }
    const SourcePtr &base() const { return m_base; }
    const std::string &name() const { return m_name; }
    int index() const { return m_index; }
    PyObject *key() const { return m_key.get(); } // Item: the subscript (borrowed)
    // Dynamo's spelling: L['x'], G['w'], L['self'].lin.weight, L['xs'][0].
    const std::string &text() const { return m_text; }
    // Whether the value lives in the frame itself (a local or stack slot), not behind an object.
    bool isFrameSlot() const { return m_kind == Kind::Local || m_kind == Kind::Stack; }

    // Fetches the value again; a null PyRef (with the Python error cleared) when it is gone.
    PyRef fetch(const SourceEnv &env) const;

private:
    Source(Kind kind, SourcePtr base, std::string name, int index, PyRef key);
    Kind m_kind;
    SourcePtr m_base;
    std::string m_name;
    int m_index = -1;
    PyRef m_key;
    std::string m_text;
};

// A short Python repr of a constant, for texts and events.
std::string pyRepr(PyObject *object, size_t limit = 80);

} // namespace dynascope

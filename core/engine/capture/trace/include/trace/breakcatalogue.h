// The catalogue of graph-break types: an enum of ids with one table giving each its stable name,
// explanation and hint (Dynamo's unimplemented(gb_type, context, explanation, hints)), and the
// exception the tracer throws. An id that is not in the enum does not compile.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace dynascope {

enum class BreakId {
    DataDependentBranch,
    TensorItem,
    DataDependentShape,
    UnsupportedBuiltin,
    DisabledFunction,
    GraphBreakCall,
    UnsupportedCall,
    UnsupportedOpcode,
    UnsupportedAttribute,
    SideEffect,
    InlineDepth,
    UnknownValue,
    TensorPythonOp,
    TooManyInstructions,
    PythonException,
    UserError,
    Count // not a break type: the number of them
};

struct BreakType {
    BreakId id;
    const char *name; // the stable id tests, explain output and the GUI key on
    const char *explanation;
    const char *hint;
};

// Every break type, in enum order.
const std::vector<BreakType> &breakCatalogue();
const BreakType &breakType(BreakId id);

// Thrown by the tracer where it cannot go on; caught once, in the trace loop.
class GraphBreak : public std::runtime_error {
public:
    GraphBreak(BreakId id, std::string context)
        : std::runtime_error(context), m_id(id), m_context(std::move(context)) {}
    BreakId id() const { return m_id; }
    // The stable name ("data_dependent_branch").
    std::string typeId() const { return breakType(m_id).name; }
    const std::string &context() const { return m_context; }
    // "explanation: context" in words.
    std::string reason() const;

private:
    BreakId m_id;
    std::string m_context;
};

} // namespace dynascope

// Break types with their words, in enum order (a test checks each entry sits at its id); names are
// stable (tests, explain output and the GUI key on them).
#include "trace/breakcatalogue.h"

namespace dynascope {

const std::vector<BreakType> &breakCatalogue() {
    static const std::vector<BreakType> catalogue = {
        {BreakId::DataDependentBranch, "data_dependent_branch",
         "Data-dependent jump: the branch depends on a tensor's value",
         "Use torch.where or torch.cond instead of an `if` on a tensor, or move the condition "
         "out of the compiled function."},
        {BreakId::TensorItem, "tensor_item",
         "Tensor.item() / scalar output: a Python number from a tensor's data",
         "Keep the value as a 0-d tensor, or set capture_scalar_outputs=True."},
        {BreakId::DataDependentShape, "data_dependent_shape",
         "Operator with a data-dependent output shape (e.g. nonzero)",
         "Use a fixed-size formulation (masking with torch.where) where possible."},
        {BreakId::UnsupportedBuiltin, "unsupported_builtin",
         "Call to a builtin that cannot be traced (e.g. print)",
         "Remove the call from the compiled region, or move it outside."},
        {BreakId::DisabledFunction, "disabled_function",
         "Call to a function marked with torch._dynamo.disable",
         "This is intended; remove the disable decorator to trace the function."},
        {BreakId::GraphBreakCall, "graph_break_call", "Explicit torch._dynamo.graph_break() call",
         "Remove the graph_break() call to get one graph."},
        {BreakId::UnsupportedCall, "unsupported_call",
         "Call to a callable the tracer cannot trace (C extension, numpy, "
         "unknown object)",
         "Use torch operations, or move the call out of the compiled function."},
        {BreakId::UnsupportedOpcode, "unsupported_opcode",
         "Bytecode instruction without a handler in the symbolic "
         "interpreter",
         "Rewrite the construct (e.g. try/except, with, generators) outside the compiled "
         "function."},
        {BreakId::UnsupportedAttribute, "unsupported_attribute",
         "Attribute access the tracer cannot model",
         "Read the attribute outside the compiled function and pass it in."},
        {BreakId::SideEffect, "side_effect", "Mutation the tracer cannot replay after the graph",
         "Avoid mutating Python objects inside the compiled function."},
        {BreakId::InlineDepth, "inline_depth", "Inlining depth limit reached",
         "Flatten the call chain."},
        {BreakId::UnknownValue, "unknown_value", "A value of a kind the tracer does not model",
         "Pass tensors and Python constants into the compiled function."},
        {BreakId::TensorPythonOp, "tensor_python_op",
         "Python operation on a tensor that needs its data (bool, int, "
         "float, iteration over data)",
         "Keep the computation in tensors."},
        {BreakId::TooManyInstructions, "too_many_instructions",
         "Trace too long (loop unrolling limit)",
         "Reduce the number of loop iterations or move the loop out."},
        {BreakId::PythonException, "python_exception", "The traced code raises a Python exception",
         "The function runs uncaptured so the exception surfaces as in plain Python."},
        {BreakId::UserError, "user_error",
         "The traced code misuses an API in a way Dynamo reports as a UserError (e.g. "
         "zip(strict=True) over iterables of different lengths)",
         "CPython runs the code and raises its own error; under fullgraph=True it is a "
         "torch._dynamo.exc.UserError. Fix the call."},
    };
    return catalogue;
}

const BreakType &breakType(BreakId id) {
    return breakCatalogue()[static_cast<size_t>(id)];
}

std::string GraphBreak::reason() const {
    std::string e = breakType(m_id).explanation;
    return m_context.empty() ? e : e + ": " + m_context;
}

} // namespace dynascope

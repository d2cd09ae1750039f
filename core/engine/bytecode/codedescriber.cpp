// describeCodeTree: the decoder's output as model CodeInfo, with ids in depth-first order.
#include "bytecode/codedescriber.h"

#include "bytecode/bytecodedecoder.h"

namespace dynascope {

std::vector<CodeInfo> describeCodeTree(PyObject *code) {
    std::vector<CodeInfo> out;
    if (!code || !PyCode_Check(code))
        return out;
    for (DecodedCode &decoded : decodeCodeTree(code)) {
        decoded.info.id = "c" + std::to_string(out.size() + 1);
        out.push_back(std::move(decoded.info));
    }
    return out;
}

} // namespace dynascope

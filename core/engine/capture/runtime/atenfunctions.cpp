// AtenFunctions: LibTorch's functions found in the loaded torch libraries (dl_iterate_phdr +
// dlsym), so the engine links c10 only and starting dynascope loads neither libtorch_cpu nor
// libtorch_python.
#include "atenfunctions.h"

#include <dlfcn.h>
#include <link.h>

#include <cstdlib>
#include <cstring>

namespace dynascope {

namespace {

// torch 1.13's mangled names; a torch whose names differ gets the Python paths instead.
const char *const kEmptyStridedCpu =
    "_ZN2at6detail17empty_strided_cpuEN3c108ArrayRefIlEES3_NS1_10ScalarTypeEb";
const char *const kWrapVariable = "_Z16THPVariable_WrapN2at10TensorBaseE";
// By ExternOp.
const char *const kExternSymbols[] = {
    "_ZN2at4_ops2mm4callERKNS_6TensorES4_",
    "_ZN2at4_ops5addmm4callERKNS_6TensorES4_S4_RKN3c106ScalarES8_",
    "_ZN2at4_ops3bmm4callERKNS_6TensorES4_",
    "_ZN2at4_ops11convolution4callERKNS_6TensorES4_RKN3c108optionalIS2_EENS5_8ArrayRefIlEESB_SB_"
    "bSB_l",
    "_ZN2at4_ops7baddbmm4callERKNS_6TensorES4_S4_RKN3c106ScalarES8_",
    "_ZN2at4_ops5addmv4callERKNS_6TensorES4_S4_RKN3c106ScalarES8_",
    "_ZN2at4_ops2mv4callERKNS_6TensorES4_",
    "_ZN2at4_ops3dot4callERKNS_6TensorES4_",
    "_ZN2at4_ops20convolution_backward4callERKNS_6TensorES4_S4_N3c1016OptionalArrayRefINS5_"
    "6SymIntEEENS5_8ArrayRefIlEESA_SA_bSA_lSt5arrayIbLm3EE",
};
const char *const kExternNames[] = {"mm",    "addmm", "bmm", "convolution",         "baddbmm",
                                    "addmv", "mv",    "dot", "convolution_backward"};
static_assert(sizeof(kExternNames) / sizeof(*kExternNames) == static_cast<int>(ExternOp::Count) &&
                  sizeof(kExternSymbols) / sizeof(*kExternSymbols) ==
                      static_cast<int>(ExternOp::Count),
              "one symbol and one name per ExternOp");

template <typename Function> Function entry(void *const *externs, ExternOp op) {
    return reinterpret_cast<Function>(externs[static_cast<int>(op)]);
}

// The path of the first loaded library whose file name starts with `stem`.
std::string loadedLibrary(const char *stem) {
    struct Search {
        const char *stem;
        std::string path;
    } search{stem, {}};
    dl_iterate_phdr(
        [](dl_phdr_info *info, size_t, void *data) {
            auto *s = static_cast<Search *>(data);
            const char *slash = info->dlpi_name ? std::strrchr(info->dlpi_name, '/') : nullptr;
            if (slash && std::strncmp(slash + 1, s->stem, std::strlen(s->stem)) == 0) {
                s->path = info->dlpi_name;
                return 1;
            }
            return 0;
        },
        &search);
    return search.path;
}

void *loadedSymbol(const char *libraryStem, const char *symbol) {
    std::string path = loadedLibrary(libraryStem);
    if (path.empty())
        return nullptr;
    // RTLD_NOLOAD: only a library torch already loaded; the handle stays open (it is loaded).
    void *handle = dlopen(path.c_str(), RTLD_LAZY | RTLD_NOLOAD);
    return handle ? dlsym(handle, symbol) : nullptr;
}

// DYNASCOPE_KERNELS_EXTERNS: unset, every op found; "python", none; else a comma-separated list
// of the ops served from C++ (the others behave as if their symbol were missing: tests).
bool externAllowed(const char *name) {
    const char *choice = std::getenv("DYNASCOPE_KERNELS_EXTERNS");
    if (!choice)
        return true;
    std::string list = std::string(",") + choice + ",";
    return list.find(std::string(",") + name + ",") != std::string::npos;
}

AtenFunctions lookUp() {
    AtenFunctions f;
    f.wrap = reinterpret_cast<AtenFunctions::WrapVariable>(
        loadedSymbol("libtorch_python.so", kWrapVariable));
    // DYNASCOPE_KERNELS_ALLOCATOR=python: outputs always from torch.empty_strided (tests).
    const char *allocator = std::getenv("DYNASCOPE_KERNELS_ALLOCATOR");
    if (f.wrap && !(allocator && std::strcmp(allocator, "python") == 0))
        f.emptyStrided = reinterpret_cast<AtenFunctions::EmptyStridedCpu>(
            loadedSymbol("libtorch_cpu.so", kEmptyStridedCpu));
    void *externs[static_cast<int>(ExternOp::Count)] = {};
    for (int i = 0; i < static_cast<int>(ExternOp::Count); ++i) {
        std::string op = std::string("at::_ops::") + kExternNames[i] + "::call";
        if (!externAllowed(kExternNames[i]))
            f.missing[i] = op + " not used (DYNASCOPE_KERNELS_EXTERNS)";
        else if (!f.wrap)
            f.missing[i] = "THPVariable_Wrap not found in libtorch_python";
        else if (!(externs[i] = loadedSymbol("libtorch_cpu.so", kExternSymbols[i])))
            f.missing[i] = op + " not found in libtorch_cpu";
    }
    f.mm = entry<AtenFunctions::Mm>(externs, ExternOp::Mm);
    f.addmm = entry<AtenFunctions::Addmm>(externs, ExternOp::Addmm);
    f.bmm = entry<AtenFunctions::Bmm>(externs, ExternOp::Bmm);
    f.convolution = entry<AtenFunctions::Convolution>(externs, ExternOp::Convolution);
    f.baddbmm = entry<AtenFunctions::Baddbmm>(externs, ExternOp::Baddbmm);
    f.addmv = entry<AtenFunctions::Addmv>(externs, ExternOp::Addmv);
    f.mv = entry<AtenFunctions::Mv>(externs, ExternOp::Mv);
    f.dot = entry<AtenFunctions::Dot>(externs, ExternOp::Dot);
    f.convolutionBackward =
        entry<AtenFunctions::ConvolutionBackward>(externs, ExternOp::ConvolutionBackward);
    return f;
}

} // namespace

const AtenFunctions &AtenFunctions::get() {
    static const AtenFunctions functions = lookUp();
    return functions;
}

const char *AtenFunctions::name(ExternOp op) {
    return op == ExternOp::Count ? "?" : kExternNames[static_cast<int>(op)];
}

} // namespace dynascope

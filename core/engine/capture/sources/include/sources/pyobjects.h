// Python objects the capture stage looks up once (torch, torch.Tensor, operator, builtins).
#pragma once

#include <Python.h>

#include <string>

namespace dynascope {
namespace py {

PyObject *torch();
PyObject *tensorType(); // torch.Tensor
PyObject *moduleType(); // torch.nn.Module
PyObject *operatorModule();
PyObject *builtinsModule();
PyObject *builtin(const char *name); // borrowed builtins.<name>
bool isTensor(PyObject *o);
bool isModule(PyObject *o);
// Whether nn.Module.__call__ would run global hooks (torch.nn.modules.module's
// _global_forward_pre_hooks, _global_forward_hooks, _global_backward_hooks) on every module.
bool anyGlobalModuleHooks();
// torch.get_default_dtype() (borrowed: dtypes live for good); nullptr if the call failed.
PyObject *defaultDtype();
// The __module__ of an object as a string ("" when missing).
std::string moduleOf(PyObject *o);
std::string nameOf(PyObject *o); // __name__
std::string qualnameOf(PyObject *o);

} // namespace py
} // namespace dynascope

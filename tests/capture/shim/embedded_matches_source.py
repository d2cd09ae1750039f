# The shim the binary embeds is the one in the source tree (the build regenerates it on edits):
# every _dynascope_shim module's source equals core/engine/capture/shim/<name>.py.
import importlib
import pathlib
import sys

import torch  # first: importing torch is what installs the shim (modules below then exist)

shim_dir = pathlib.Path(sys.argv[1])
names = sorted(p.stem for p in shim_dir.glob("*.py") if p.stem != "bootstrap")
assert names, shim_dir
for name in names:
    module = importlib.import_module("_dynascope_shim." + name)
    embedded = module.__loader__.get_source(module.__name__)
    assert embedded == (shim_dir / f"{name}.py").read_text(), f"{name}.py differs from the binary"
assert callable(torch.compile) and hasattr(torch, "_dynamo") and hasattr(torch.compiler, "disable")
print("embedded:", " ".join(names))

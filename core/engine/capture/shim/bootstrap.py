"""Makes the embedded shim sources importable as the package `_dynascope_shim`, then installs
torch.compile and torch._dynamo. Run by installTorchShim() with SOURCES = {"api": "<source>", …}."""

import importlib.abc
import importlib.util
import linecache
import sys

PACKAGE = "_dynascope_shim"
ORIGIN = "<dynascope>/capture/shim/"


class _EmbeddedShimImporter(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def __init__(self, sources):
        self._sources = sources

    def find_spec(self, fullname, path=None, target=None):
        if fullname == PACKAGE:
            return importlib.util.spec_from_loader(fullname, self, origin=ORIGIN, is_package=True)
        package, _, name = fullname.rpartition(".")
        if package == PACKAGE and name in self._sources:
            return importlib.util.spec_from_loader(fullname, self, origin=ORIGIN + name + ".py")
        return None

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        name = module.__name__.rpartition(".")[2]
        if module.__name__ == PACKAGE:
            module.__path__ = []
            return
        filename = ORIGIN + name + ".py"
        source = self._sources[name]
        # Tracebacks through shim code show its lines although no file exists on disk.
        linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
        module.__file__ = filename
        exec(compile(source, filename, "exec"), module.__dict__)

    def get_source(self, fullname):
        return self._sources.get(fullname.rpartition(".")[2])


def install_importer(sources):
    for finder in sys.meta_path:
        if isinstance(finder, _EmbeddedShimImporter) or type(finder).__name__ == "_EmbeddedShimImporter":
            return
    sys.meta_path.insert(0, _EmbeddedShimImporter(dict(sources)))


if "SOURCES" in globals():
    install_importer(SOURCES)  # noqa: F821 (given by installTorchShim)
    if globals().get("INSTALL", True):
        importlib.import_module(PACKAGE + ".install").install()

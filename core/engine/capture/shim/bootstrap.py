"""Makes the embedded shim sources importable as the package `_dynascope_shim`, and installs
torch.compile and torch._dynamo when the script first imports torch (at once if it already has):
a script that never imports torch does not pay for importing it. `import dynascope` imports
torch first. Run by installTorchShim() with SOURCES = {"api": "<source>", …}."""

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
        if type(finder).__name__ == "_EmbeddedShimImporter":
            return
    sys.meta_path.insert(0, _EmbeddedShimImporter(dict(sources)))


def _install_shim():
    importlib.import_module(PACKAGE + ".install").install()


class _InstallAfterExec(importlib.abc.Loader):
    """Wraps torch's own loader: runs torch/__init__.py, then installs the shim on top."""

    def __init__(self, loader):
        self._loader = loader

    def __getattr__(self, name):
        # get_filename, get_resource_reader, is_package…: torch's loader answers.
        return getattr(self._loader, name)

    def create_module(self, spec):
        return self._loader.create_module(spec)

    def exec_module(self, module):
        module.__loader__ = self._loader
        self._loader.exec_module(module)
        _install_shim()


class _TorchImportHook(importlib.abc.MetaPathFinder):
    """Finds `torch` as the other finders would and installs the shim once it has run; serves
    `dynascope` (the shim's own module) by importing torch."""

    def __init__(self):
        self._busy = False

    def find_spec(self, fullname, path=None, target=None):
        if fullname == "dynascope":
            importlib.import_module("torch")
            return importlib.util.spec_from_loader(fullname, _AlreadyLoaded(fullname))
        if fullname != "torch" or self._busy:
            return None
        self._busy = True
        try:
            spec = importlib.util.find_spec("torch")
        finally:
            self._busy = False
        if spec is None or spec.loader is None:
            return None
        sys.meta_path.remove(self)  # one torch import per process: the hook's work is done
        spec.loader = _InstallAfterExec(spec.loader)
        return spec


class _AlreadyLoaded(importlib.abc.Loader):
    """Hands out the module install() already put in sys.modules."""

    def __init__(self, name):
        self._name = name

    def create_module(self, spec):
        return sys.modules[self._name]

    def exec_module(self, module):
        pass


def install_when_torch_imported():
    if "torch" in sys.modules:
        _install_shim()
    elif not any(type(f).__name__ == "_TorchImportHook" for f in sys.meta_path):
        sys.meta_path.insert(0, _TorchImportHook())


if "SOURCES" in globals():
    install_importer(SOURCES)  # noqa: F821 (given by installTorchShim)
    if globals().get("INSTALL", True):
        install_when_torch_imported()

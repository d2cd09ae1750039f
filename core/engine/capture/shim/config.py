"""torch._dynamo.config: a module whose settings that the core knows are forwarded to it."""

import contextlib
import functools
import types

# Dynamo's defaults. The core honours cache_size_limit and capture_scalar_outputs; the rest are
# kept so that scripts reading or setting them run unchanged.
DEFAULTS = {
    "cache_size_limit": 8,
    "accumulated_cache_size_limit": 256,
    "capture_scalar_outputs": False,
    "capture_dynamic_output_shape_ops": False,
    "automatic_dynamic_shapes": True,
    "assume_static_by_default": True,
    "specialize_int": False,
    "suppress_errors": False,
    "verbose": False,
    "error_on_recompile": False,
    "inline_inbuilt_nn_modules": True,
    "optimize_ddp": True,
    "guard_nn_modules": False,
    "replay_record_enabled": False,
    "rewrite_assert_with_torch_assert": True,
}
# Newer names for the same setting.
ALIASES = {"recompile_limit": "cache_size_limit", "accumulated_recompile_limit": "accumulated_cache_size_limit"}


class ConfigModule(types.ModuleType):
    """Module-like: `config.cache_size_limit = 4` also tells the capture core."""

    def __init__(self, name, set_config):
        super().__init__(name)
        object.__setattr__(self, "_set_config", set_config)
        for key, value in DEFAULTS.items():
            object.__setattr__(self, key, value)

    def __getattr__(self, name):
        if name in ALIASES:
            return getattr(self, ALIASES[name])
        raise AttributeError(f"torch._dynamo.config has no setting {name!r}")

    def __setattr__(self, name, value):
        name = ALIASES.get(name, name)
        object.__setattr__(self, name, value)
        if not name.startswith("_") and self._set_config is not None:
            self._set_config(**{name: value})

    def _reset_defaults(self):
        for key, value in DEFAULTS.items():
            setattr(self, key, value)

    def patch(self, arg1=None, arg2=None, **changes):
        """config.patch(name, value) / config.patch({...}) / config.patch(**kw): context manager
        and decorator that sets the values and restores the old ones afterwards."""
        if isinstance(arg1, str):
            changes[arg1] = arg2
        elif isinstance(arg1, dict):
            changes.update(arg1)
        return _ConfigPatch(self, changes)

    def get_config_copy(self):
        return {k: getattr(self, k) for k in DEFAULTS}


class _ConfigPatch(contextlib.ContextDecorator):
    def __init__(self, config, changes):
        self._config = config
        self._changes = changes
        self._saved = []

    def __enter__(self):
        saved = {}
        for key, value in self._changes.items():
            saved[key] = getattr(self._config, key, None)
            setattr(self._config, key, value)
        self._saved.append(saved)
        return self

    def __exit__(self, *exc_info):
        for key, value in self._saved.pop().items():
            setattr(self._config, key, value)
        return False

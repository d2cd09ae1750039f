"""torch._dynamo.exc: the exception types PyTorch 2 scripts catch."""


class TorchDynamoException(RuntimeError):
    pass


class Unsupported(TorchDynamoException):
    """A graph break where fullgraph=True forbids one."""

    def __init__(self, msg, *, break_type=None, user_stack=None):
        super().__init__(msg)
        self.msg = msg
        self.break_type = break_type
        self.real_stack = user_stack or []


class UserError(Unsupported):
    pass


class InternalTorchDynamoError(TorchDynamoException):
    """A bug in the capture core (the core raises its own subclass of RuntimeError)."""


class InvalidBackend(TorchDynamoException):
    pass


InvalidBackendError = InvalidBackend


class BackendCompilerFailed(TorchDynamoException):
    def __init__(self, backend_fn, inner_exception):
        self.backend_name = getattr(backend_fn, "__name__", "?")
        self.inner_exception = inner_exception
        super().__init__(f"backend={self.backend_name!r} raised:\n"
                         f"{type(inner_exception).__name__}: {inner_exception}")


class RecompileError(TorchDynamoException):
    pass

# PyTorch test/dynamo/test_functions.py FunctionTests.test_str_handler_for_user_defined_object:
# str() of an object made in the trace under fullgraph: a class with __str__ gives "ok"; a class
# without one gives CPython's default "<...DefaultStr object at 0x...>" (the part before
# " object at" equals eager's); the tensor output is eager's.
import torch
import torch._dynamo


class CustomStr:
    def __str__(self):
        return "ok"


def foo_custom_str(x):
    a = CustomStr()
    return x, str(a)


eager_custom_str = foo_custom_str(torch.ones(4))
dynamo_custom_str = torch.compile(foo_custom_str, fullgraph=True)(torch.ones(4))
assert eager_custom_str[1] == dynamo_custom_str[1]
assert eager_custom_str[1] == "ok"


class DefaultStr:
    pass


def foo_default_str(x):
    a = DefaultStr()
    return x, str(a)


eager_default_str = foo_default_str(torch.ones(4))
dynamo_default_str = torch.compile(foo_default_str, fullgraph=True)(torch.ones(4))
assert torch.equal(eager_default_str[0], dynamo_default_str[0])
eager_class_name = eager_default_str[1].split(" object at")[0]
dynamo_class_name = dynamo_default_str[1].split(" object at")[0]
assert eager_class_name == dynamo_class_name, (eager_class_name, dynamo_class_name)

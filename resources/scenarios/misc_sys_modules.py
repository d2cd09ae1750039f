# PyTorch test/dynamo/test_misc.py MiscTests.test_sys_modules (its standard_test part; the export
# guard listing is not a user-visible result): sys.modules lookups (get, in, []) are resolved at
# trace time: 3 ops (add, abs, neg).
import sys
import unittest

import torch
import torch._dynamo.testing


def fn(x, y):
    missing = sys.modules.get("no_such_module_dynascope")
    assert missing is None
    assert "another_missing_module_dynascope" not in sys.modules
    assert "operator" in sys.modules
    op = sys.modules["operator"]
    blt = sys.modules.get("builtins")
    op2 = sys.modules.get("still_missing_dynascope", op)
    return op.add(x, y), op2.neg(blt.abs(x))


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=2, expected_ops=3)

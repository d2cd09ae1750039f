# PyTorch test/dynamo/test_misc.py MiscTests.test_id_guarded_object: id(self) compared with an
# argument inside a compiled method: for the object whose id is passed, x * 1.0; for another
# object of the class, the identity guard makes it recompile, x * 0.
import torch
import torch._dynamo


class UserDefinedObject:
    @torch.compile(backend="eager")
    def call(self, x, ref_id):
        self_id = id(self)
        if self_id == ref_id:
            x = torch.mul(x, 1.0)
        else:
            x = torch.mul(x, 0)
        return x


torch._dynamo.reset()
x = torch.ones(2)
obj1 = UserDefinedObject()
obj1_id = id(obj1)
assert torch.equal(obj1.call(x, obj1_id), torch.ones(2))
obj2 = UserDefinedObject()
assert torch.equal(obj2.call(x, obj1_id), torch.zeros(2))

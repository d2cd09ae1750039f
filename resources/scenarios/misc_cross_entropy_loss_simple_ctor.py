# PyTorch test/dynamo/test_misc.py MiscTests.test_cross_entropy_loss_simple_ctor: a default
# nn.CrossEntropyLoss compiled (fullgraph=True): equals eager.
import torch
import torch._dynamo

torch._dynamo.reset()
rand_3_5 = torch.randn(3, 5)
target = torch.empty(3, dtype=torch.long).random_(5)
dynamo_output = torch.compile(torch.nn.CrossEntropyLoss(), backend="eager", fullgraph=True)(
    rand_3_5, target)
assert torch.allclose(dynamo_output, torch.nn.CrossEntropyLoss()(rand_3_5, target))

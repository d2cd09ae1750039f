# PyTorch test/dynamo/test_misc.py MiscTests.test_cross_entropy_loss_fancy_ctor2:
# nn.CrossEntropyLoss(reduce=False, label_smoothing=0.5) compiled (fullgraph=True): equals eager.
import torch
import torch._dynamo

torch._dynamo.reset()
rand_3_5 = torch.randn(3, 5)
target = torch.empty(3, dtype=torch.long).random_(5)
loss = torch.nn.CrossEntropyLoss(reduce=False, label_smoothing=0.5)
dynamo_output = torch.compile(loss, backend="eager", fullgraph=True)(rand_3_5, target)
output = torch.nn.CrossEntropyLoss(reduce=False, label_smoothing=0.5)(rand_3_5, target)
assert torch.allclose(dynamo_output, output)

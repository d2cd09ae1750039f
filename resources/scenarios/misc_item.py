# PyTorch test/dynamo/test_misc.py MiscTests.test_item, test_item_changes and
# test_item_changes_new_shape: with capture_scalar_outputs, a module returning
# torch.max(x).int().item() (fullgraph=True): 11, then 61 for a new input of the same shape and
# for one of a new shape.
import torch
import torch._dynamo


class MyMod(torch.nn.Module):
    def forward(self, x):
        z = torch.max(x)
        return z.int().item()


torch._dynamo.reset()
torch._dynamo.config.capture_scalar_outputs = True
try:
    x = torch.tensor([[10.6763, 11.7445, -2.2369]])
    model = MyMod()
    y = torch.compile(model, backend="eager", fullgraph=True)(x)
    assert y == 11, y
    opt_model = torch.compile(model, backend="eager", fullgraph=True)
    y = opt_model(x)
    assert opt_model(torch.tensor([[y - 5, y + 10, y + 50]])) == 61
    assert opt_model(torch.tensor([[y - 5, y + 50], [y + 5, y - 50]])) == 61
finally:
    torch._dynamo.config.capture_scalar_outputs = False

# PyTorch test/dynamo/test_misc.py MiscTests.test_str_format_return1, test_str_format_return2 and
# test_str___iter__: f-strings and str.format of shapes returned from the graph, and next() over a
# string iterator (fullgraph=True); strings and tensors equal eager.
import torch
import torch._dynamo


@torch.compile(backend="eager", fullgraph=True)
def fmt1(img):
    x = torch.sin(img)
    y = f"shape {img.shape[-2:]} batch size {img.shape[0]}"
    return img + x, y


@torch.compile(backend="eager", fullgraph=True)
def fmt2(img):
    x = torch.sin(img)
    y = "shape {} batch size {y:.2f}".format(img.shape[-2:], y=img.shape[0])
    return img + x, y


def first_char(x):
    if next("a".__iter__()) == "a":
        return x + 1
    return x


img = torch.randn(1, 1, 8, 8)
res, msg = fmt1(img)
assert msg == "shape torch.Size([8, 8]) batch size 1", msg
assert torch.allclose(res, img + torch.sin(img))
res, msg = fmt2(img)
assert msg == "shape torch.Size([8, 8]) batch size 1.00", msg
x = torch.randn(3)
assert torch.equal(first_char(x), torch.compile(first_char, backend="eager", fullgraph=True)(x))

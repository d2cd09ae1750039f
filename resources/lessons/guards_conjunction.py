# guards_conjunction.py: one compiled function called four ways.
#
# Every call first checks all the guards of the cached graph (type, dtype, shape, requires_grad,
# global grad mode). Only a call that fails one of them compiles again.
import torch


@torch.compile
def scale(x):
    return x * 2 + 1


x = torch.ones(3)
scale(x)  # 1: nothing cached yet: compile
scale(torch.zeros(3))  # 2: same type, dtype, shape and grad flag: every guard holds
scale(torch.ones(3, dtype=torch.float64))  # 3: the dtype guard fails: recompile
scale(torch.ones(3, requires_grad=True))  # 4: the requires_grad guard fails: recompile
print("done")

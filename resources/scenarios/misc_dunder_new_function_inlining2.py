# PyTorch test/dynamo/test_misc.py MiscTests.test_dunder_new_function_inlining2: a three-class
# chain, each with __new__(cls, *args, **kwargs) returning super(Class, cls).__new__(cls) and an
# __init__ that calls super(Class, self).__init__(...) with fewer arguments; made and used inside
# the compiled function under fullgraph=True, the result equals eager.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


class Vehicle:
    def __new__(cls, *args, **kwargs):
        return super(Vehicle, cls).__new__(cls)

    def __init__(self, make, model, year):
        self.make = make
        self.model = model
        self.year = year


class Car(Vehicle):
    def __new__(cls, *args, **kwargs):
        return super(Car, cls).__new__(cls)

    def __init__(self, make, model, year, num_doors):
        super(Car, self).__init__(make, model, year)
        self.num_doors = num_doors


class ElectricCar(Car):
    def __new__(cls, *args, **kwargs):
        return super(ElectricCar, cls).__new__(cls)

    def __init__(self, make, model, year, num_doors, battery_capacity):
        super(ElectricCar, self).__init__(make, model, year, num_doors)
        self.battery_capacity = battery_capacity

    def run(self, x):
        return torch.sin(x)


def fn(x):
    ev = ElectricCar("Tesla", "Model S", 2022, 4, "100 kWh")
    return ev.run(x)


torch._dynamo.reset()
cnts = CompileCounter()
opt_fn = torch.compile(fn, backend=cnts, fullgraph=True)
x = torch.randn(4)
assert same(opt_fn(x), fn(x))
assert cnts.frame_count == 1, cnts.frame_count

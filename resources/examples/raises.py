# raises.py: a script that fails, to see how an uncaught exception is reported.
#
# The error happens two calls deep; the traceback lists the calls from the outside in.


def mean(values):
    return sum(values) / len(values)  # len([]) is 0: ZeroDivisionError


def report(name, values):
    print(f"{name}: {mean(values)}")


report("full", [1, 2, 3])  # full: 2.0
report("empty", [])  # raises

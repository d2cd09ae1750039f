# loop_sum.py: plain Python arithmetic with a loop, good for stepping through bytecode.
#
# Watch the value stack: LOAD_FAST pushes a and b, BINARY_OP multiplies them, and the loop jumps
# back to FOR_ITER until range() runs out.


def multiply_add(a, b):
    c = a * b + 1
    return c


def loop_sum(n):
    total = 0
    for i in range(n):
        total += multiply_add(i, 2)
    return total


print(loop_sum(4))  # (0*2+1) + (1*2+1) + (2*2+1) + (3*2+1) = 16

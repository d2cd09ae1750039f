# bytecode_stack.py: plain Python, no torch: watch the operand stack instruction by instruction.
def mul_add(a, b, c):
    d = a * b
    return d + c


print(mul_add(2, 3, 4))

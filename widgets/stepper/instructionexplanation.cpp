// Explanations for every 3.11 opcode; "%1" in a sentence stands for the argument text.
#include "instructionexplanation.h"

#include <QCoreApplication>
#include <QHash>
#include <QRegularExpression>

namespace dynascope {
namespace {

const QHash<QString, const char *> &sentences() {
    static const QHash<QString, const char *> table = {
        {"CACHE",
         QT_TRANSLATE_NOOP(
             "dynascope::InstructionExplanation",
             "Not a real instruction: room the interpreter keeps for the specialised form of "
             "the instruction before it.")},
        {"POP_TOP", QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                                      "Throws away the value on top of the stack.")},
        {"PUSH_NULL", QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                                        "Puts a NULL marker on the stack so that the call that "
                                        "follows knows there is no 'self'.")},
        {"NOP",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Does nothing; it keeps a line number or a jump target in place.")},
        {"UNARY_POSITIVE", QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                                             "Replaces the top value x with +x.")},
        {"UNARY_NEGATIVE", QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                                             "Replaces the top value x with -x.")},
        {"UNARY_NOT", QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                                        "Replaces the top value x with the boolean 'not x'.")},
        {"UNARY_INVERT",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Replaces the top value x with its bitwise inverse ~x.")},
        {"BINARY_SUBSCR",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Takes a container and a key off the stack and pushes container[key].")},
        {"GET_LEN", QT_TRANSLATE_NOOP(
                        "dynascope::InstructionExplanation",
                        "Pushes len() of the top value, leaving the value itself in place (used by "
                        "match statements).")},
        {"MATCH_MAPPING",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Pushes True when the top value is a mapping, for a match statement.")},
        {"MATCH_SEQUENCE", QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                                             "Pushes True when the top value is a sequence pattern "
                                             "candidate, for a match statement.")},
        {"MATCH_KEYS",
         QT_TRANSLATE_NOOP(
             "dynascope::InstructionExplanation",
             "Looks the pattern's keys up in the subject mapping and pushes the found "
             "values, or None.")},
        {"PUSH_EXC_INFO", QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                                            "Saves the exception being handled and pushes the new "
                                            "one, on entry to an except block.")},
        {"CHECK_EXC_MATCH",
         QT_TRANSLATE_NOOP(
             "dynascope::InstructionExplanation",
             "Tests whether the exception below matches the type on top and pushes the answer.")},
        {"CHECK_EG_MATCH",
         QT_TRANSLATE_NOOP(
             "dynascope::InstructionExplanation",
             "Splits an exception group for an except* clause into the matching and the rest.")},
        {"WITH_EXCEPT_START",
         QT_TRANSLATE_NOOP(
             "dynascope::InstructionExplanation",
             "Calls the context manager's __exit__ with the exception that left the with block.")},
        {"GET_AITER",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Replaces the top value with its asynchronous iterator (__aiter__).")},
        {"GET_ANEXT",
         QT_TRANSLATE_NOOP(
             "dynascope::InstructionExplanation",
             "Pushes an awaitable for the next item of the asynchronous iterator on top.")},
        {"BEFORE_ASYNC_WITH",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Looks up __aenter__ and __aexit__ of the top value and starts "
                           "entering the async with block.")},
        {"BEFORE_WITH",
         QT_TRANSLATE_NOOP(
             "dynascope::InstructionExplanation",
             "Calls __enter__ of the context manager on top and keeps its __exit__ for later.")},
        {"END_ASYNC_FOR",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Ends an async for loop when its iterator signals StopAsyncIteration.")},
        {"STORE_SUBSCR",
         QT_TRANSLATE_NOOP(
             "dynascope::InstructionExplanation",
             "Pops a value, a container and a key and performs container[key] = value.")},
        {"DELETE_SUBSCR",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Pops a container and a key and performs del container[key].")},
        {"GET_ITER",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Replaces the top value with an iterator over it, as iter() would.")},
        {"GET_YIELD_FROM_ITER",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Makes the top value ready to be delegated to by 'yield from'.")},
        {"PRINT_EXPR",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Prints the top value the way the interactive prompt echoes a result.")},
        {"LOAD_BUILD_CLASS",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Pushes the builtin that a class statement calls to create the class.")},
        {"LOAD_ASSERTION_ERROR",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Pushes AssertionError so that a failing assert can raise it.")},
        {"RETURN_GENERATOR",
         QT_TRANSLATE_NOOP(
             "dynascope::InstructionExplanation",
             "Turns the starting frame into a generator, coroutine or async generator object.")},
        {"LIST_TO_TUPLE",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Replaces the list on top with a tuple of the same items.")},
        {"RETURN_VALUE",
         QT_TRANSLATE_NOOP(
             "dynascope::InstructionExplanation",
             "Ends the function, handing the value on top of the stack back to its caller.")},
        {"IMPORT_STAR",
         QT_TRANSLATE_NOOP(
             "dynascope::InstructionExplanation",
             "Copies every public name of the module on top into the current namespace.")},
        {"SETUP_ANNOTATIONS",
         QT_TRANSLATE_NOOP(
             "dynascope::InstructionExplanation",
             "Creates the __annotations__ dictionary if the namespace has none yet.")},
        {"YIELD_VALUE",
         QT_TRANSLATE_NOOP(
             "dynascope::InstructionExplanation",
             "Suspends the generator and hands the top value to whoever resumed it.")},
        {"ASYNC_GEN_WRAP",
         QT_TRANSLATE_NOOP(
             "dynascope::InstructionExplanation",
             "Wraps a value that an async generator yields so that it can be told from an await.")},
        {"PREP_RERAISE_STAR",
         QT_TRANSLATE_NOOP(
             "dynascope::InstructionExplanation",
             "Combines the exceptions left over by except* clauses into the one to re-raise.")},
        {"POP_EXCEPT",
         QT_TRANSLATE_NOOP(
             "dynascope::InstructionExplanation",
             "Leaves an except block, restoring the exception that was being handled before it.")},
        {"STORE_NAME",
         QT_TRANSLATE_NOOP(
             "dynascope::InstructionExplanation",
             "Pops the top value and binds it to the name %1 in the current namespace.")},
        {"DELETE_NAME", QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                                          "Removes the name %1 from the current namespace.")},
        {"UNPACK_SEQUENCE",
         QT_TRANSLATE_NOOP(
             "dynascope::InstructionExplanation",
             "Pops a sequence and pushes its items, so that the first item ends up on top.")},
        {"FOR_ITER",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Asks the iterator on top for its next item and pushes it; when it is "
                           "exhausted, drops the iterator and jumps %1.")},
        {"UNPACK_EX",
         QT_TRANSLATE_NOOP(
             "dynascope::InstructionExplanation",
             "Unpacks a sequence into a fixed number of items plus one list that takes "
             "the rest (starred assignment).")},
        {"STORE_ATTR",
         QT_TRANSLATE_NOOP(
             "dynascope::InstructionExplanation",
             "Pops an object and a value and sets the attribute %1 of the object to the value.")},
        {"DELETE_ATTR", QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                                          "Pops an object and deletes its attribute %1.")},
        {"STORE_GLOBAL",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Pops the top value and binds it to the global name %1.")},
        {"DELETE_GLOBAL",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation", "Removes the global name %1.")},
        {"SWAP",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Exchanges the top of the stack with the entry %1 places down.")},
        {"LOAD_CONST",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Pushes the constant %1 from the code object's constants.")},
        {"LOAD_NAME",
         QT_TRANSLATE_NOOP(
             "dynascope::InstructionExplanation",
             "Pushes the value of the name %1, searched in locals, then globals, then builtins.")},
        {"BUILD_TUPLE",
         QT_TRANSLATE_NOOP(
             "dynascope::InstructionExplanation",
             "Pops the given number of values and pushes one tuple holding them in order.")},
        {"BUILD_LIST",
         QT_TRANSLATE_NOOP(
             "dynascope::InstructionExplanation",
             "Pops the given number of values and pushes one list holding them in order.")},
        {"BUILD_SET",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Pops the given number of values and pushes one set holding them.")},
        {"BUILD_MAP",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Pops key and value pairs and pushes one dictionary built from them.")},
        {"LOAD_ATTR", QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                                        "Replaces the object on top with its attribute %1.")},
        {"COMPARE_OP",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Pops two values, compares them with %1 and pushes the result.")},
        {"IMPORT_NAME", QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                                          "Imports the module %1 and pushes it.")},
        {"IMPORT_FROM",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Pushes the attribute %1 of the module on top, for 'from … import'.")},
        {"JUMP_FORWARD", QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                                           "Continues execution further ahead, %1.")},
        {"JUMP_IF_FALSE_OR_POP",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "If the top value is false, jumps %1 and keeps it; otherwise "
                           "drops it and goes on ('and').")},
        {"JUMP_IF_TRUE_OR_POP", QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                                                  "If the top value is true, jumps %1 and keeps "
                                                  "it; otherwise drops it and goes on ('or').")},
        {"POP_JUMP_FORWARD_IF_FALSE",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Pops the top value and jumps ahead %1 when it is false.")},
        {"POP_JUMP_FORWARD_IF_TRUE",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Pops the top value and jumps ahead %1 when it is true.")},
        {"LOAD_GLOBAL",
         QT_TRANSLATE_NOOP(
             "dynascope::InstructionExplanation",
             "Pushes the global or builtin named %1 (with a NULL below it when a call follows).")},
        {"IS_OP", QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                                    "Pops two values and pushes whether they are the very same "
                                    "object ('is' or 'is not').")},
        {"CONTAINS_OP", QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                                          "Pops two values and pushes whether the first is found "
                                          "in the second ('in' or 'not in').")},
        {"RERAISE", QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                                      "Raises again the exception that is on top of the stack.")},
        {"COPY",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Pushes a second reference to the entry %1 places down from the top.")},
        {"BINARY_OP",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Pops two operands, applies %1 to them and pushes the result.")},
        {"SEND", QT_TRANSLATE_NOOP(
                     "dynascope::InstructionExplanation",
                     "Sends a value into the sub-generator on top (await and 'yield from').")},
        {"LOAD_FAST", QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                                        "Pushes the value of the local variable %1.")},
        {"STORE_FAST",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Pops the top value and stores it in the local variable %1.")},
        {"DELETE_FAST",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation", "Unbinds the local variable %1.")},
        {"POP_JUMP_FORWARD_IF_NOT_NONE",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Pops the top value and jumps ahead %1 when it is not None.")},
        {"POP_JUMP_FORWARD_IF_NONE",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Pops the top value and jumps ahead %1 when it is None.")},
        {"RAISE_VARARGS",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Raises an exception taken from the stack (or re-raises the current one "
                           "when given none).")},
        {"GET_AWAITABLE",
         QT_TRANSLATE_NOOP(
             "dynascope::InstructionExplanation",
             "Replaces the top value with an awaitable obtained from it, for await.")},
        {"MAKE_FUNCTION",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Wraps the code object on top (with defaults, annotations or closure "
                           "below it) into a new function.")},
        {"BUILD_SLICE",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Pops start, stop (and step) and pushes a slice object.")},
        {"JUMP_BACKWARD_NO_INTERRUPT",
         QT_TRANSLATE_NOOP(
             "dynascope::InstructionExplanation",
             "Jumps back %1 without checking for signals, inside generator plumbing.")},
        {"MAKE_CELL",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Turns the local %1 into a cell so that inner functions can share it.")},
        {"LOAD_CLOSURE",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Pushes the cell of %1 itself (not its content), to build a closure.")},
        {"LOAD_DEREF",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Pushes the value held in the cell of %1, a variable shared with an "
                           "enclosing or inner function.")},
        {"STORE_DEREF", QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                                          "Pops the top value and stores it into the cell of %1.")},
        {"DELETE_DEREF",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation", "Empties the cell of %1.")},
        {"JUMP_BACKWARD",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Jumps back %1: the end of a loop body going round again.")},
        {"CALL_FUNCTION_EX",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Calls a function with its positional arguments from a sequence (and "
                           "keywords from a mapping), as f(*a, **k).")},
        {"EXTENDED_ARG",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Supplies extra high bits for the argument of the next instruction.")},
        {"LIST_APPEND",
         QT_TRANSLATE_NOOP(
             "dynascope::InstructionExplanation",
             "Pops a value and appends it to the list being built by a comprehension.")},
        {"SET_ADD",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Pops a value and adds it to the set being built by a comprehension.")},
        {"MAP_ADD",
         QT_TRANSLATE_NOOP(
             "dynascope::InstructionExplanation",
             "Pops a key and a value and puts them into the dict being built by a comprehension.")},
        {"LOAD_CLASSDEREF", QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                                              "Pushes %1 from the class body's namespace, or else "
                                              "from the enclosing function's cell.")},
        {"COPY_FREE_VARS",
         QT_TRANSLATE_NOOP(
             "dynascope::InstructionExplanation",
             "Copies the closure's cells into the frame when a nested function starts.")},
        {"RESUME",
         QT_TRANSLATE_NOOP(
             "dynascope::InstructionExplanation",
             "Marks where the function starts (or resumes after a yield); the tracer and the "
             "interpreter check in here.")},
        {"MATCH_CLASS", QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                                          "Checks the subject against a class pattern and pushes "
                                          "the matched attributes, or None.")},
        {"FORMAT_VALUE",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Formats the top value for an f-string, applying a conversion and a "
                           "format spec if present.")},
        {"BUILD_CONST_KEY_MAP",
         QT_TRANSLATE_NOOP(
             "dynascope::InstructionExplanation",
             "Pops values and a tuple of constant keys and pushes the dictionary they form.")},
        {"BUILD_STRING",
         QT_TRANSLATE_NOOP(
             "dynascope::InstructionExplanation",
             "Pops string pieces and pushes them joined into one string (f-strings).")},
        {"LOAD_METHOD",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Looks up the method %1 on the object on top and pushes it with the "
                           "object, ready for a call without a bound-method object.")},
        {"LIST_EXTEND",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Pops an iterable and extends the list below it with its items.")},
        {"SET_UPDATE",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Pops an iterable and adds its items to the set below it.")},
        {"DICT_MERGE", QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                                         "Pops a mapping and merges it into the dict below it, "
                                         "refusing duplicate keyword names.")},
        {"DICT_UPDATE", QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                                          "Pops a mapping and updates the dict below it with it.")},
        {"PRECALL", QT_TRANSLATE_NOOP(
                        "dynascope::InstructionExplanation",
                        "Gets the stack ready for the CALL that follows (binds methods); the stack "
                        "does not change here.")},
        {"CALL", QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                                   "Calls the callable below the arguments with %1 arguments and "
                                   "pushes what it returns.")},
        {"KW_NAMES",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Tells the following CALL which of its arguments are keywords: %1.")},
        {"POP_JUMP_BACKWARD_IF_NOT_NONE",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Pops the top value and jumps back %1 when it is not None.")},
        {"POP_JUMP_BACKWARD_IF_NONE",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Pops the top value and jumps back %1 when it is None.")},
        {"POP_JUMP_BACKWARD_IF_FALSE",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Pops the top value and jumps back %1 when it is false.")},
        {"POP_JUMP_BACKWARD_IF_TRUE",
         QT_TRANSLATE_NOOP("dynascope::InstructionExplanation",
                           "Pops the top value and jumps back %1 when it is true.")},
    };
    return table;
}

// What to write where a sentence wants its argument but the instruction has none to show.
QString argumentFallback(const QString &opname) {
    if (opname.contains(QLatin1String("JUMP")) || opname == QLatin1String("FOR_ITER"))
        return QCoreApplication::translate("dynascope::InstructionExplanation", "to its target");
    if (opname == QLatin1String("CALL"))
        return QCoreApplication::translate("dynascope::InstructionExplanation",
                                           "the given number of");
    if (opname == QLatin1String("SWAP") || opname == QLatin1String("COPY"))
        return QCoreApplication::translate("dynascope::InstructionExplanation",
                                           "a given number of");
    return QCoreApplication::translate("dynascope::InstructionExplanation",
                                       "named in its argument");
}

} // namespace

bool isExplainedOpcode(const QString &opname) {
    return sentences().contains(opname);
}

QString explainInstruction(const QString &opname, const QString &argrepr) {
    auto it = sentences().find(opname);
    if (it == sentences().end())
        return QCoreApplication::translate("dynascope::InstructionExplanation",
                                           "%1 is an instruction this stepper has no explanation "
                                           "for yet; compare the stack before and after it.")
            .arg(opname);
    const QString sentence = QCoreApplication::translate("dynascope::InstructionExplanation", *it);
    if (!sentence.contains(QLatin1String("%1")))
        return sentence;
    QString arg = argrepr.trimmed();
    arg.remove(QStringLiteral("NULL + "));
    const bool jumps =
        opname.contains(QLatin1String("JUMP")) || opname == QLatin1String("FOR_ITER");
    static const QRegularExpression identifier(QStringLiteral("^[A-Za-z_][\\w.]*$"));
    if (arg.isEmpty())
        arg = argumentFallback(opname);
    else if (jumps) // dis writes jump targets as "to 24"
        arg = QCoreApplication::translate("dynascope::InstructionExplanation", "to %1")
                  .arg(arg.startsWith(QLatin1String("to ")) ? arg.mid(3) : arg);
    else if (identifier.match(arg).hasMatch() && opname != QLatin1String("LOAD_CONST"))
        arg = QStringLiteral("'%1'").arg(arg);
    return sentence.arg(arg);
}

} // namespace dynascope

// The C++ decoder against CPython's own dis module in the same (embedded) interpreter:
// instructions, positions, line starts, jump targets, stack effects, exception tables, opcode
// tables, deopt of quickened code and describeCodeTree.
// Python.h first: Qt's `slots` macro would break its headers.
#include "bytecode/bytecodedecoder.h"
#include "bytecode/codedescriber.h"
#include "bytecode/disprinter.h"
#include "bytecode/opcodes.h"
#include "bytecode/stackeffect.h"
#include "python/interpreter.h"
#include "python/pyref.h"

#include "corpus.h"

#include <QTest>

#include <algorithm>
#include <memory>

namespace dynascope {

namespace {

// The oracle: one text line per instruction (and per code object) from dis itself.
const char *kOracle = R"PY(
import dis, opcode

def code_tree(co):
    yield co
    for c in co.co_consts:
        if hasattr(c, 'co_code'):
            yield from code_tree(c)

def effect(op, arg, jump):
    try:
        if op < opcode.HAVE_ARGUMENT:
            return dis.stack_effect(op, jump=jump)
        return dis.stack_effect(op, arg, jump=jump)
    except ValueError:
        return 'E'

def pos(p):
    return 'None' if p is None else str(p)

def instruction_lines(co):
    lines = []
    # Bytecode (unlike get_instructions) marks exception handlers as jump targets, as dis.dis.
    for i in dis.Bytecode(co):
        target = i.argval if i.opcode in dis.hasjrel else None
        arg = i.arg if i.arg is not None else 0
        lines.append('|'.join(map(str, [
            i.offset, i.opname, i.opcode, i.arg, i.argrepr, i.starts_line, i.is_jump_target,
            tuple(i.positions), target, effect(i.opcode, arg, False),
            effect(i.opcode, arg, True), effect(i.opcode, arg, None)])))
    return lines

def code_summary(co):
    table = ['%d %d %d %d %s' % tuple(e) for e in dis._parse_exception_table(co)]
    starts = ['%d:%d' % s for s in dis.findlinestarts(co)]
    return [co.co_qualname, co.co_filename, str(co.co_firstlineno), co.co_code.hex(),
            ';'.join(table), ';'.join(starts), repr(co)]

def dis_text(co):
    import io
    out = io.StringIO()
    dis.dis(co, file=out)
    return out.getvalue().split('\n')

def compile_file(path):
    with open(path, 'rb') as f:
        return compile(f.read(), path, 'exec')

def opcode_line(op):
    name = dis._all_opname[op]
    deop = dis._deoptop(op)
    kinds = [k for k in ('hasconst', 'hasname', 'hasjrel', 'haslocal', 'hasfree', 'hascompare')
             if op in getattr(opcode, k)]
    return '|'.join(map(str, [name, deop, opcode._inline_cache_entries[deop],
                              deop >= opcode.HAVE_ARGUMENT, kinds,
                              'JUMP_BACKWARD' in name and op in opcode.hasjrel]))

def warm_up():
    class Box:
        def __init__(self):
            self.value = 1.5
    def work(n, box):
        total = 0
        for i in range(n):
            total += i * 2 + box.value
            text = str(i)
            total += len(text) + len([i, i]) + abs(-i)
        return total
    box = Box()
    for _ in range(200):
        work(30, box)
    return work.__code__
)PY";

PyObject *oracle(const char *name) {
    PyObject *main = PyImport_AddModule("__main__");
    return PyObject_GetAttrString(main, name);
}

PyRef callOracle(const char *name, PyObject *arg = nullptr) {
    PyRef function = PyRef::steal(oracle(name));
    PyRef result = PyRef::steal(arg ? PyObject_CallOneArg(function.get(), arg)
                                    : PyObject_CallNoArgs(function.get()));
    if (!result)
        PyErr_Print();
    return result;
}

QStringList strings(PyObject *list) {
    QStringList out;
    for (Py_ssize_t i = 0; list && i < PyList_Size(list); ++i)
        out << QString::fromUtf8(PyUnicode_AsUTF8(PyList_GetItem(list, i)));
    return out;
}

QString optionalText(const std::optional<int> &v) {
    return v ? QString::number(*v) : QStringLiteral("None");
}

QString effectText(int opcode, int arg, JumpMode mode) {
    std::optional<int> e = stackEffect(opcode, arg, mode);
    return e ? QString::number(*e) : QStringLiteral("E");
}

QString positionsText(const Positions &p) {
    return QString("(%1, %2, %3, %4)")
        .arg(optionalText(p.line), optionalText(p.endLine), optionalText(p.column),
             optionalText(p.endColumn));
}

QString instructionLine(const Instruction &in) {
    int arg = in.arg.value_or(0);
    return QStringList{QString::number(in.offset),
                       QString::fromStdString(in.opname),
                       QString::number(in.opcode),
                       optionalText(in.arg),
                       QString::fromStdString(in.argrepr),
                       optionalText(in.line),
                       in.isJumpTarget ? "True" : "False",
                       positionsText(in.positions),
                       optionalText(in.jumpTarget),
                       effectText(in.opcode, arg, JumpMode::NotTaken),
                       effectText(in.opcode, arg, JumpMode::Taken),
                       effectText(in.opcode, arg, JumpMode::Max)}
        .join('|');
}

QStringList codeSummary(const DecodedCode &code) {
    QStringList table, starts;
    for (const ExceptionTableEntry &e : code.info.exceptionTable)
        table << QString("%1 %2 %3 %4 %5")
                     .arg(e.start)
                     .arg(e.end)
                     .arg(e.target)
                     .arg(e.depth)
                     .arg(e.lasti ? "True" : "False");
    for (const auto &[offset, line] : code.lineStarts)
        starts << QString("%1:%2").arg(offset).arg(line);
    return {QString::fromStdString(code.info.qualname),
            QString::fromStdString(code.info.filename),
            QString::number(code.info.firstLine),
            QString::fromStdString(code.info.rawCodeHex),
            table.join(';'),
            starts.join(';'),
            QString::fromStdString(code.repr)};
}

QByteArray bytes(const std::vector<std::uint8_t> &v) {
    return QByteArray(reinterpret_cast<const char *>(v.data()), static_cast<int>(v.size()));
}

} // namespace

class TestBytecodeDecoder : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        m_interpreter = std::make_unique<Interpreter>();
        QCOMPARE(PyRun_SimpleString(kOracle), 0);
    }

    void cleanupTestCase() { m_interpreter.reset(); }

    void opcodeTablesMatchOpcodeModule() {
        for (int op = 0; op < 256; ++op) {
            PyRef index = PyRef::steal(PyLong_FromLong(op));
            PyRef expected = callOracle("opcode_line", index.get());
            QVERIFY(expected);
            QStringList kinds;
            switch (argumentKind(baseOpcode(op) == op ? op : -1)) {
            case ArgumentKind::Const:
                kinds << "'hasconst'";
                break;
            case ArgumentKind::Name:
            case ArgumentKind::GlobalName:
                kinds << "'hasname'";
                break;
            case ArgumentKind::RelativeJump:
                kinds << "'hasjrel'";
                break;
            case ArgumentKind::LocalName:
                kinds << (op < 130 ? "'haslocal'" : "'hasfree'");
                break;
            case ArgumentKind::Compare:
                kinds << "'hascompare'";
                break;
            default:
                break;
            }
            int base = baseOpcode(op);
            QString actual =
                QStringList{
                    QString::fromStdString(opcodeName(op)), QString::number(base),
                    QString::number(inlineCacheCount(op)),  hasArgument(op) ? "True" : "False",
                    "[" + kinds.join(", ") + "]",           isBackwardJump(op) ? "True" : "False"}
                    .join('|');
            QCOMPARE(actual, QString::fromUtf8(PyUnicode_AsUTF8(expected.get())));
            QCOMPARE(opcodeByName(opcodeName(op)), op < 256 && opcodeName(op)[0] != '<' ? op : -1);
        }
    }

    void stackEffectsMatchDis() {
        PyRef effect = PyRef::steal(oracle("effect"));
        const int args[] = {0, 1, 2, 3, 4, 5, 7, 8, 15, 255, 256, 257, 1000, 65535};
        const JumpMode modes[] = {JumpMode::NotTaken, JumpMode::Taken, JumpMode::Max};
        PyObject *jumps[] = {Py_False, Py_True, Py_None};
        for (int op = 0; op < 256; ++op)
            for (int arg : args)
                for (int m = 0; m < 3; ++m) {
                    PyRef result =
                        PyRef::steal(PyObject_CallFunction(effect.get(), "iiO", op, arg, jumps[m]));
                    QVERIFY(result);
                    PyRef text = PyRef::steal(PyObject_Str(result.get()));
                    QString expected = QString::fromUtf8(PyUnicode_AsUTF8(text.get()));
                    QString actual = effectText(op, op < kHaveArgument ? 0 : arg, modes[m]);
                    if (actual != expected)
                        QFAIL(qPrintable(QString("%1 arg %2 jump %3: dis says %4, we say %5")
                                             .arg(QString::fromStdString(opcodeName(op)))
                                             .arg(arg)
                                             .arg(m)
                                             .arg(expected, actual)));
                }
    }

    void instructionsMatchDis_data() { addCorpusRows(); }

    void instructionsMatchDis() {
        QFETCH(QString, path);
        PyRef name = PyRef::steal(PyUnicode_FromString(qPrintable(path)));
        PyRef code = callOracle("compile_file", name.get());
        QVERIFY(code);
        PyRef tree = callOracle("code_tree", code.get());
        PyRef codes = PyRef::steal(PySequence_List(tree.get()));
        std::vector<DecodedCode> decoded = decodeCodeTree(code.get());
        QCOMPARE(static_cast<Py_ssize_t>(decoded.size()), PyList_Size(codes.get()));
        for (size_t c = 0; c < decoded.size(); ++c) {
            PyObject *co = PyList_GetItem(codes.get(), static_cast<Py_ssize_t>(c));
            PyRef expectedSummary = callOracle("code_summary", co);
            QCOMPARE(codeSummary(decoded[c]), strings(expectedSummary.get()));
            PyRef expectedLines = callOracle("instruction_lines", co);
            QStringList want = strings(expectedLines.get());
            const std::vector<Instruction> &got = decoded[c].info.instructions;
            QCOMPARE(static_cast<qsizetype>(got.size()), want.size());
            for (size_t i = 0; i < got.size(); ++i)
                if (instructionLine(got[i]) != want[static_cast<qsizetype>(i)])
                    QFAIL(qPrintable(
                        QString("%1, instruction %2\n  dis:  %3\n  ours: %4")
                            .arg(QString::fromStdString(decoded[c].repr))
                            .arg(i)
                            .arg(want[static_cast<qsizetype>(i)], instructionLine(got[i]))));
        }
    }

    // The printer against dis.dis on the very same code object: exact, addresses included.
    void disTextMatchesDisModule_data() { addCorpusRows(); }

    void disTextMatchesDisModule() {
        QFETCH(QString, path);
        PyRef name = PyRef::steal(PyUnicode_FromString(qPrintable(path)));
        PyRef code = callOracle("compile_file", name.get());
        QVERIFY(code);
        PyRef expected = callOracle("dis_text", code.get());
        QStringList want = strings(expected.get());
        QStringList got =
            QString::fromStdString(DisPrinter::formatTree(decodeCodeTree(code.get()))).split('\n');
        for (int i = 0; i < std::min(want.size(), got.size()); ++i)
            if (want[i] != got[i])
                QFAIL(qPrintable(QString("line %1 differs\n  dis:  %2\n  ours: %3")
                                     .arg(i + 1)
                                     .arg(want[i], got[i])));
        QCOMPARE(got.size(), want.size());
    }

    void deoptOfQuickenedCodeGivesCanonicalCode() {
        PyRef code = callOracle("warm_up");
        QVERIFY(code);
        std::vector<std::uint8_t> adaptive = adaptiveCode(code.get());
        std::vector<std::uint8_t> canonical = canonicalCode(code.get());
        PyRef oracleAdaptive =
            PyRef::steal(PyObject_GetAttrString(code.get(), "_co_code_adaptive"));
        QCOMPARE(bytes(adaptive), QByteArray(PyBytes_AsString(oracleAdaptive.get()),
                                             PyBytes_Size(oracleAdaptive.get())));
        int specialised = 0;
        for (size_t i = 0; i < adaptive.size(); i += 2)
            specialised += baseOpcode(adaptive[i]) != adaptive[i];
        QVERIFY2(specialised >= 3, "200 warm-up calls should have specialised the function");
        QVERIFY(adaptive != canonical);
        QCOMPARE(bytes(deoptimiseCode(adaptive)), bytes(canonical));
        QCOMPARE(DisPrinter::formatCode(decodeCode(code.get(), deoptimiseCode(adaptive))),
                 DisPrinter::formatCode(decodeCode(code.get())));
    }

    void describeCodeTreeFillsCodeInfo() {
        const QString path =
            QStringLiteral(DYNASCOPE_SOURCE_DIR "/tests/bytecode/data/features.py");
        PyRef name = PyRef::steal(PyUnicode_FromString(qPrintable(path)));
        PyRef code = callOracle("compile_file", name.get());
        QVERIFY(code);
        PyRef tree = callOracle("code_tree", code.get());
        PyRef codes = PyRef::steal(PySequence_List(tree.get()));
        std::vector<CodeInfo> infos = describeCodeTree(code.get());
        QCOMPARE(static_cast<Py_ssize_t>(infos.size()), PyList_Size(codes.get()));
        QVERIFY(infos.size() > 10);
        for (size_t c = 0; c < infos.size(); ++c) {
            PyObject *co = PyList_GetItem(codes.get(), static_cast<Py_ssize_t>(c));
            const CodeInfo &info = infos[c];
            QCOMPARE(info.id, "c" + std::to_string(c + 1));
            auto attr = [co](const char *field) {
                PyRef value = PyRef::steal(PyObject_GetAttrString(co, field));
                return value;
            };
            auto texts = [&](const char *field, bool repr) {
                PyRef tuple = attr(field);
                std::vector<std::string> out;
                for (Py_ssize_t i = 0; i < PyTuple_Size(tuple.get()); ++i) {
                    PyObject *item = PyTuple_GetItem(tuple.get(), i);
                    PyRef text = PyRef::steal(repr ? PyObject_Repr(item) : PyObject_Str(item));
                    out.push_back(PyUnicode_AsUTF8(text.get()));
                }
                return out;
            };
            QCOMPARE(info.name, std::string(PyUnicode_AsUTF8(attr("co_name").get())));
            QCOMPARE(info.constants, texts("co_consts", true));
            QCOMPARE(info.names, texts("co_names", false));
            QCOMPARE(info.varnames, texts("co_varnames", false));
            QCOMPARE(info.cellvars, texts("co_cellvars", false));
            QCOMPARE(info.freevars, texts("co_freevars", false));
            QCOMPARE(info.argCount, static_cast<int>(PyLong_AsLong(attr("co_argcount").get())));
            QCOMPARE(info.kwOnlyArgCount,
                     static_cast<int>(PyLong_AsLong(attr("co_kwonlyargcount").get())));
            QCOMPARE(info.stackSize, static_cast<int>(PyLong_AsLong(attr("co_stacksize").get())));
            QCOMPARE(info.flags, static_cast<int>(PyLong_AsLong(attr("co_flags").get())));
            QVERIFY(!info.instructions.empty());
        }
    }

private:
    std::unique_ptr<Interpreter> m_interpreter;
};

} // namespace dynascope

QTEST_GUILESS_MAIN(dynascope::TestBytecodeDecoder)
#include "tst_bytecodedecoder.moc"

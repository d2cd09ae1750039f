// FrameModel: rebuilt as a small tree on each step; views keep their expansion across resets.
#include "framemodel.h"

#include <QColor>
#include <QFont>
#include <QGuiApplication>
#include <QPalette>

#include <functional>

namespace dynascope {

struct FrameModel::Node {
    QString name, value, tooltip;
    Section section = CodeSection;
    bool changed = false;
    bool collapsed = false;
    Node *parent = nullptr;
    int row = 0;
    std::vector<std::unique_ptr<Node>> children;

    Node *add(const QString &n, const QString &v = {}) {
        auto child = std::make_unique<Node>();
        child->name = n;
        child->value = v;
        child->section = section;
        child->parent = this;
        child->row = int(children.size());
        children.push_back(std::move(child));
        return children.back().get();
    }
};

namespace {

QString q(const std::string &s) {
    return QString::fromStdString(s);
}

QString flagNames(int flags) {
    static const std::pair<int, const char *> names[] = {
        {0x1, "OPTIMIZED"},        {0x2, "NEWLOCALS"},  {0x4, "VARARGS"},
        {0x8, "VARKEYWORDS"},      {0x10, "NESTED"},    {0x20, "GENERATOR"},
        {0x40, "NOFREE"},          {0x80, "COROUTINE"}, {0x100, "ITERABLE_COROUTINE"},
        {0x200, "ASYNC_GENERATOR"}};
    QStringList parts;
    for (const auto &[bit, name] : names)
        if (flags & bit)
            parts << QString::fromLatin1(name);
    return QStringLiteral("0x%1 %2").arg(flags, 0, 16).arg(parts.join(QLatin1Char('|')));
}

// "97007c00…" → "97 00 7c 00 …": one byte per pair, so offsets can be counted by eye.
QString spacedHex(const std::string &hex) {
    QString out;
    for (size_t i = 0; i < hex.size(); i += 2) {
        if (i)
            out += QLatin1Char(' ');
        out += q(hex.substr(i, 2));
    }
    return out;
}

void addList(FrameModel::Node *parent, const QString &name, const std::vector<std::string> &items) {
    QStringList all;
    for (const auto &item : items)
        all << q(item);
    auto *node = parent->add(name, QStringLiteral("(%1) %2").arg(items.size()).arg(all.join(", ")));
    node->collapsed = true;
    for (size_t i = 0; i < items.size(); ++i)
        node->add(QString::number(i), q(items[i]));
}

enum class GlobalKind { Module, Function, Dunder, Value };

GlobalKind kindOf(const std::string &name, const std::string &repr) {
    if (repr.rfind("<module ", 0) == 0)
        return GlobalKind::Module;
    if (repr.rfind("<function ", 0) == 0 || repr.rfind("<built-in function ", 0) == 0 ||
        repr.rfind("<class ", 0) == 0)
        return GlobalKind::Function;
    if (name.size() > 4 && name.rfind("__", 0) == 0 && name.compare(name.size() - 2, 2, "__") == 0)
        return GlobalKind::Dunder;
    return GlobalKind::Value;
}

} // namespace

FrameModel::FrameModel(QObject *parent) : QAbstractItemModel(parent) {
    rebuild();
}
FrameModel::~FrameModel() = default;

void FrameModel::setScopes(const FrameScopes &scopes) {
    beginResetModel();
    m_scopes = scopes;
    rebuild();
    endResetModel();
}

void FrameModel::setBuiltinsFilter(const QString &text) {
    if (text == m_builtinsFilter)
        return;
    beginResetModel();
    m_builtinsFilter = text;
    rebuild();
    endResetModel();
}

void FrameModel::rebuild() {
    m_root = std::make_unique<Node>();
    const FrameScopes &s = m_scopes;
    auto section = [&](Section id, const QString &name, const QString &value) {
        Node *n = m_root->add(name, value);
        n->section = id;
        return n;
    };

    // Folded at first: locals are what a student looks at on every step; the code object is
    // opened once and then stays open (FrameView remembers).
    Node *code = section(CodeSection, tr("Code object"),
                         s.code ? q(s.code->qualname.empty() ? s.code->name : s.code->qualname)
                                : tr("not in the recording"));
    code->collapsed = true;
    if (s.code) {
        const CodeInfo &c = *s.code;
        code->add(QStringLiteral("co_name"), q(c.name));
        code->add(QStringLiteral("co_qualname"), q(c.qualname));
        code->add(QStringLiteral("co_filename"), q(c.filename));
        code->add(QStringLiteral("co_firstlineno"), QString::number(c.firstLine));
        code->add(QStringLiteral("co_argcount"), QString::number(c.argCount));
        code->add(QStringLiteral("co_posonlyargcount"), QString::number(c.posOnlyArgCount));
        code->add(QStringLiteral("co_kwonlyargcount"), QString::number(c.kwOnlyArgCount));
        code->add(QStringLiteral("co_stacksize"), QString::number(c.stackSize));
        code->add(QStringLiteral("co_flags"), flagNames(c.flags));
        addList(code, QStringLiteral("co_consts"), c.constants);
        addList(code, QStringLiteral("co_names"), c.names);
        addList(code, QStringLiteral("co_varnames"), c.varnames);
        addList(code, QStringLiteral("co_freevars"), c.freevars);
        addList(code, QStringLiteral("co_cellvars"), c.cellvars);
        Node *raw = code->add(QStringLiteral("co_code"),
                              tr("%n byte(s)", nullptr, int(c.rawCodeHex.size() / 2)));
        raw->collapsed = true;
        // One row per 16 bytes so the hex stays readable in a narrow dock.
        for (size_t i = 0; i < c.rawCodeHex.size(); i += 32)
            raw->add(QStringLiteral("%1").arg(i / 2, 4, 10, QLatin1Char('0')),
                     spacedHex(c.rawCodeHex.substr(i, 32)));
        raw->tooltip = spacedHex(c.rawCodeHex);
    }

    Node *locals =
        section(LocalsSection, tr("Locals"), tr("%n name(s)", nullptr, int(s.locals.size())));
    for (const auto &[name, value] : s.locals) {
        Node *n = locals->add(q(name), q(value));
        n->changed = s.changed.count(name) > 0;
    }

    Node *globals = section(GlobalsSection, tr("Globals"),
                            s.globalsRecorded ? tr("%n name(s)", nullptr, int(s.globals.size()))
                                              : tr("not recorded (no module-level frame)"));
    Node *modules = nullptr, *functions = nullptr, *dunders = nullptr;
    for (const auto &[name, value] : s.globals) {
        Node *parent = globals;
        switch (kindOf(name, value)) {
        case GlobalKind::Module:
            parent = modules ? modules : (modules = globals->add(tr("modules")));
            break;
        case GlobalKind::Function:
            parent = functions ? functions : (functions = globals->add(tr("functions, classes")));
            break;
        case GlobalKind::Dunder:
            parent = dunders ? dunders : (dunders = globals->add(tr("module attributes")));
            break;
        case GlobalKind::Value:
            break;
        }
        Node *n = parent->add(q(name), q(value));
        n->changed = s.frame >= 0 && s.changed.count(name) > 0 && s.function == "<module>";
    }
    for (Node *group : {modules, functions, dunders})
        if (group) {
            group->collapsed = true;
            group->value = QString::number(group->children.size());
        }

    Node *builtins = section(BuiltinsSection, tr("Builtins"), QString());
    builtins->collapsed = true;
    for (const auto &name : s.builtinsUsed)
        if (m_builtinsFilter.isEmpty() || q(name).contains(m_builtinsFilter, Qt::CaseInsensitive))
            builtins->add(q(name), tr("builtin"));
    builtins->value = tr("%n used by this code", nullptr, int(builtins->children.size()));
    builtins->tooltip = tr("The recording holds no builtins snapshot: these are the global names "
                           "this code loads that the script does not define.");

    Node *cells = section(CellsSection, tr("Closure cells"), QString());
    if (s.code) {
        auto addCells = [&](const std::vector<std::string> &names, const QString &kind) {
            for (const auto &name : names) {
                auto it = s.locals.find(name);
                Node *n = cells->add(q(name), it == s.locals.end() ? tr("<empty>") : q(it->second));
                n->tooltip = kind;
                n->changed = s.changed.count(name) > 0;
            }
        };
        addCells(s.code->cellvars, tr("cell variable: shared with inner functions"));
        addCells(s.code->freevars, tr("free variable: a cell of an enclosing function"));
    }
    cells->value = tr("%n cell(s)", nullptr, int(cells->children.size()));
}

FrameModel::Node *FrameModel::nodeOf(const QModelIndex &index) const {
    return index.isValid() ? static_cast<Node *>(index.internalPointer()) : m_root.get();
}

QModelIndex FrameModel::sectionIndex(Section section) const {
    return index(int(section), 0);
}

QModelIndex FrameModel::index(int row, int column, const QModelIndex &parent) const {
    if (!hasIndex(row, column, parent))
        return {};
    Node *p = nodeOf(parent);
    return createIndex(row, column, p->children[row].get());
}

QModelIndex FrameModel::parent(const QModelIndex &child) const {
    if (!child.isValid())
        return {};
    Node *p = nodeOf(child)->parent;
    if (!p || p == m_root.get())
        return {};
    return createIndex(p->row, 0, p);
}

int FrameModel::rowCount(const QModelIndex &parent) const {
    if (parent.column() > 0)
        return 0;
    return int(nodeOf(parent)->children.size());
}

int FrameModel::columnCount(const QModelIndex &) const {
    return NUM_COLUMNS;
}

QVariant FrameModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid())
        return {};
    const Node *n = nodeOf(index);
    switch (role) {
    case Qt::DisplayRole:
        return index.column() == NameColumn ? n->name : n->value;
    case Qt::ToolTipRole:
        return n->tooltip.isEmpty() ? (index.column() == ValueColumn ? n->value : n->name)
                                    : n->tooltip;
    case Qt::FontRole:
        if (n->parent == m_root.get() || n->changed) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::BackgroundRole:
        if (n->changed)
            return QColor(0xff, 0xf3, 0xb0);
        return {};
    case SectionRole:
        return int(n->section);
    case ChangedRole:
        return n->changed;
    case CollapsedByDefaultRole:
        return n->collapsed;
    }
    return {};
}

QVariant FrameModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    return section == NameColumn ? tr("Name") : section == ValueColumn ? tr("Value") : QVariant();
}

QStringList FrameModel::dump() const {
    QStringList lines;
    std::function<void(const Node *, const QString &)> walk = [&](const Node *n,
                                                                  const QString &path) {
        for (const auto &c : n->children) {
            const QString p = path.isEmpty() ? c->name : path + QLatin1Char('/') + c->name;
            lines << QStringLiteral("%1 = %2%3").arg(p, c->value, c->changed ? " *" : "");
            walk(c.get(), p);
        }
    };
    walk(m_root.get(), QString());
    return lines;
}

} // namespace dynascope

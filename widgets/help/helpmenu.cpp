// HelpMenu: the shortcut table is built from the live menus, so actions added by any panel show.
#include "help/helpmenu.h"

#include <QAction>
#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include <functional>

namespace dynascope {

namespace {
void collect(const QString &path, const QMenu *menu, QList<QPair<QString, QString>> &out) {
    for (QAction *a : menu->actions()) {
        const QString name = path + QStringLiteral(" ▸ ") + a->text().remove(QLatin1Char('&'));
        if (a->menu())
            collect(name, a->menu(), out);
        else if (!a->shortcuts().isEmpty()) {
            QStringList keys;
            for (const QKeySequence &k : a->shortcuts())
                keys << k.toString(QKeySequence::NativeText);
            out.append({name, keys.join(QStringLiteral(", "))});
        }
    }
}
} // namespace

HelpMenu::HelpMenu(QMainWindow *window, QMenu *menu, std::function<void()> showWelcome)
    : QObject(window), m_window(window) {
    QAction *welcome = menu->addAction(tr("&Welcome and Examples"));
    connect(welcome, &QAction::triggered, this, std::move(showWelcome));
    QAction *keys = menu->addAction(tr("&Keyboard Shortcuts"), this, &HelpMenu::showShortcuts);
    keys->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Slash));
    menu->addSeparator();
    menu->addAction(tr("&About Dynascope"), this, &HelpMenu::showAbout);
}

QList<QPair<QString, QString>> HelpMenu::shortcutList() const {
    QList<QPair<QString, QString>> list;
    for (QAction *a : m_window->menuBar()->actions())
        if (a->menu())
            collect(a->text().remove(QLatin1Char('&')), a->menu(), list);
    return list;
}

void HelpMenu::showShortcuts() {
    auto *dialog = new QDialog(m_window);
    dialog->setObjectName(QStringLiteral("shortcutsDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Keyboard Shortcuts"));
    const auto list = shortcutList();
    auto *table = new QTableWidget(int(list.size()), 2, dialog);
    table->setHorizontalHeaderLabels({tr("Command"), tr("Keys")});
    for (int r = 0; r < list.size(); ++r) {
        table->setItem(r, 0, new QTableWidgetItem(list[r].first));
        table->setItem(r, 1, new QTableWidgetItem(list[r].second));
    }
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    table->resizeColumnToContents(1);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
    auto *layout = new QVBoxLayout(dialog);
    layout->addWidget(table);
    layout->addWidget(buttons);
    dialog->resize(560, 520);
    dialog->show();
}

QString HelpMenu::versionText() {
    return QStringLiteral("Qt %1\nPython %2\nLibTorch %3\nGraphviz %4")
        .arg(QString::fromLatin1(qVersion()), QStringLiteral(DYNASCOPE_PYTHON_VERSION),
             QStringLiteral(DYNASCOPE_TORCH_VERSION), QStringLiteral(DYNASCOPE_GRAPHVIZ_VERSION));
}

void HelpMenu::showAbout() {
    auto *box = new QMessageBox(QMessageBox::Information, tr("About Dynascope"),
                                tr("<b>Dynascope %1</b><br/>A debugger that makes a "
                                   "TorchDynamo-style compiler visible: bytecode, value stack, "
                                   "captured graphs and graph breaks.")
                                    .arg(QCoreApplication::applicationVersion()),
                                QMessageBox::Close, m_window);
    box->setObjectName(QStringLiteral("aboutBox"));
    box->setInformativeText(tr("Built with:\n%1").arg(versionText()));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

} // namespace dynascope

// The welcome document: what Dynascope does, the bundled examples and what each one shows.
#pragma once

#include <QTextBrowser>

namespace dynascope {

// Lists the example scripts with the first lines of their header comment; a click asks to open
// one. Examples are looked for next to the program (installed) and in the source tree (built).
class WelcomePage : public QTextBrowser {
    Q_OBJECT
public:
    explicit WelcomePage(QWidget *parent = nullptr);

    // The folder the examples were found in (empty when none was found).
    static QString examplesDirectory();
    // Rebuilds the page (after a palette change).
    void refresh();

signals:
    void openRequested(const QString &path);

protected:
    void changeEvent(QEvent *event) override;
};

} // namespace dynascope

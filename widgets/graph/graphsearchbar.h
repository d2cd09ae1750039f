// The Ctrl+F bar of the graph view: finds nodes by name or target.
#pragma once

#include <QWidget>

class QLabel;
class QLineEdit;

namespace dynascope {

class GraphSearchBar : public QWidget {
    Q_OBJECT
public:
    explicit GraphSearchBar(QWidget *parent = nullptr);

    QString text() const;
    void setText(const QString &text);
    // "2 of 5", "no match"
    void setResult(int current, int total);
    // Shows the bar and puts the cursor in it.
    void activate();

signals:
    void searchChanged(const QString &text);
    void nextRequested();
    void previousRequested();
    void closed();

protected:
    void keyPressEvent(QKeyEvent *event) override;

private:
    QLineEdit *m_edit;
    QLabel *m_result;
};

} // namespace dynascope

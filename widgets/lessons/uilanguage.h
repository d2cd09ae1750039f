// UiLanguage: which language the GUI speaks (system locale, English or 简体中文) and its
// translators.
#pragma once

#include <QObject>
#include <QString>
#include <QStringList>

class QTranslator;

namespace dynascope {

// One per application. The choice is kept in QSettings ("ui/language": "" follows the system
// locale, "en", "zh_CN"). Installing a translator makes Qt send LanguageChange to every widget;
// widgets that build their texts in one retranslate function follow at once.
class UiLanguage : public QObject {
    Q_OBJECT
public:
    static UiLanguage *instance();

    // The languages offered, as codes: "en", "zh_CN".
    static QStringList available() { return {QStringLiteral("en"), QStringLiteral("zh_CN")}; }
    // The language's own name ("English", "简体中文"), as a menu shows it.
    static QString nativeName(const QString &code);

    // Reads the setting and installs the translators; call once after QApplication exists.
    void installFromSettings();
    // "" (system), "en" or "zh_CN", as stored.
    QString setting() const { return m_setting; }
    // The language in use: "zh_CN" or "en".
    QString current() const { return m_current; }
    // Stores the choice and installs the translators for it; emits changed() when it changed.
    void setSetting(const QString &setting);
    // Where the .qm files are looked up first; tests point this at the build folder.
    void setTranslationsFolder(const QString &folder) { m_folder = folder; }

signals:
    void changed(const QString &language);

private:
    explicit UiLanguage(QObject *parent = nullptr);
    void apply(const QString &language);

    QString m_setting;
    QString m_current = QStringLiteral("en");
    QString m_folder;
    QTranslator *m_app = nullptr;
    QTranslator *m_qt = nullptr;
};

} // namespace dynascope

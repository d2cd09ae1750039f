// UiLanguage: the setting, the locale fallback and the two translators (ours and Qt's own).
#include "uilanguage.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

namespace dynascope {

namespace {
constexpr const char *SettingKey = "ui/language";

QString languageFor(const QString &setting) {
    if (!setting.isEmpty())
        return setting == QLatin1String("zh_CN") ? setting : QStringLiteral("en");
    // Any Chinese locale gets the Chinese text: it is the only other language we ship.
    return QLocale::system().language() == QLocale::Chinese ? QStringLiteral("zh_CN")
                                                            : QStringLiteral("en");
}
} // namespace

UiLanguage::UiLanguage(QObject *parent) : QObject(parent) {}

UiLanguage *UiLanguage::instance() {
    static UiLanguage *language = new UiLanguage(QCoreApplication::instance());
    return language;
}

QString UiLanguage::nativeName(const QString &code) {
    return code == QLatin1String("zh_CN") ? QStringLiteral("简体中文") : QStringLiteral("English");
}

void UiLanguage::installFromSettings() {
    m_setting = QSettings().value(SettingKey).toString();
    apply(languageFor(m_setting));
}

void UiLanguage::setSetting(const QString &setting) {
    m_setting = setting;
    QSettings().setValue(SettingKey, setting);
    apply(languageFor(setting));
}

void UiLanguage::apply(const QString &language) {
    const bool changedLanguage = language != m_current;
    for (QTranslator *translator : {m_app, m_qt}) {
        if (translator) {
            QCoreApplication::removeTranslator(translator);
            delete translator;
        }
    }
    m_app = m_qt = nullptr;
    m_current = language;
    // English has a translation too: the plural forms of "%n guard(s)" ("1 guard", "2 guards").
    m_app = new QTranslator(this);
    const QString name = QStringLiteral("dynascope_") + language;
    // The build embeds the .qm under :/i18n; a folder set by a test comes first.
    if ((m_folder.isEmpty() || !m_app->load(name, m_folder)) &&
        !m_app->load(name, QStringLiteral(":/i18n")))
        qWarning("No %s.qm translation found; the GUI stays in English", qPrintable(name));
    QCoreApplication::installTranslator(m_app);
    if (language != QLatin1String("en")) {
        // Qt's own dialogs and buttons (Debian's qt6-translations-l10n).
        m_qt = new QTranslator(this);
        if (m_qt->load(QStringLiteral("qtbase_") + language,
                       QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            QCoreApplication::installTranslator(m_qt);
    }
    if (changedLanguage)
        emit changed(language);
}

} // namespace dynascope

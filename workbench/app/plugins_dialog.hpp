#pragma once
// Help > Plugins: every plugin found, its state and why it failed; unchecking a plugin disables it
// from the next start (kept in the settings).
#include <QDialog>

class QTableWidget;

namespace iglu::workbench {

class PluginManager;

class PluginsDialog : public QDialog {
    Q_OBJECT
public:
    PluginsDialog(const PluginManager& manager, QWidget* parent = nullptr);
    /// Names the user left unchecked.
    QStringList disabledNames() const;
    QTableWidget* table() const noexcept { return table_; }

private:
    QTableWidget* table_;
};

/// Settings key holding the disabled plugin names.
QString disabledPluginsSettingsKey();

}  // namespace iglu::workbench

#include "plugins_dialog.hpp"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include "plugin_manager.hpp"

namespace iglu::workbench {

QString disabledPluginsSettingsKey() { return QStringLiteral("plugins/disabled"); }

PluginsDialog::PluginsDialog(const PluginManager& manager, QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("Plugins"));
    resize(860, 360);
    auto* layout = new QVBoxLayout(this);
    auto* note = new QLabel(tr("Unchecked plugins are not loaded from the next start on. Folders searched: %1")
                                .arg(manager.searchPaths().join(QStringLiteral(", "))),
                            this);
    note->setWordWrap(true);
    layout->addWidget(note);
    table_ = new QTableWidget(this);
    table_->setObjectName(QStringLiteral("pluginsTable"));
    table_->setColumnCount(5);
    table_->setHorizontalHeaderLabels({tr("Plugin"), tr("Version"), tr("State"), tr("Details"), tr("File")});
    table_->verticalHeader()->hide();
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    const auto& specs = manager.plugins();
    table_->setRowCount(static_cast<int>(specs.size()));
    for (int row = 0; row < specs.size(); ++row) {
        const PluginSpec& s = specs[row];
        auto* name = new QTableWidgetItem(s.displayName.isEmpty() ? s.name : s.displayName);
        name->setData(Qt::UserRole, s.name);
        name->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable);
        name->setCheckState(s.state == PluginState::Disabled ? Qt::Unchecked : Qt::Checked);
        name->setToolTip(s.description);
        table_->setItem(row, 0, name);
        table_->setItem(row, 1, new QTableWidgetItem(s.version));
        auto* state = new QTableWidgetItem(pluginStateName(s.state));
        if (s.state == PluginState::Failed) state->setForeground(QColor(213, 94, 0));
        table_->setItem(row, 2, state);
        auto* details = new QTableWidgetItem(s.state == PluginState::Failed ? s.error : s.description);
        details->setToolTip(details->text());
        table_->setItem(row, 3, details);
        table_->setItem(row, 4, new QTableWidgetItem(s.filePath));
    }
    table_->horizontalHeader()->setSectionResizeMode(3, QHeaderView::Stretch);
    table_->resizeColumnsToContents();
    layout->addWidget(table_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
}

QStringList PluginsDialog::disabledNames() const {
    QStringList out;
    for (int row = 0; row < table_->rowCount(); ++row) {
        const auto* item = table_->item(row, 0);
        if (item->checkState() == Qt::Unchecked) out << item->data(Qt::UserRole).toString();
    }
    return out;
}

}  // namespace iglu::workbench

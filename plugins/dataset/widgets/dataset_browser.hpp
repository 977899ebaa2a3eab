#pragma once
// The dataset browser: a filter bar (instant text search, skill, clarity, labeled, target-size and
// change-size ranges), the task table (TaskTableModel, sortable) and the selected task's details
// (dialog, instruction, clarifying question, labels, note). Every filter change re-queries the
// catalog (a text + skill filter over 10,000 tasks is ~10 ms in SQL), so no debounce is needed.
// It reads through the data service's TaskQueries (workbench/api/catalog_services.hpp), which
// always serve the open data: on DataService::opened the plugin calls requery().
#include <QWidget>

#include "logic/browser_filter.hpp"

class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QTableView;
class QTextBrowser;

namespace iglu::plugins::dataset {

class TaskTableModel;

class DatasetBrowser : public QWidget {
    Q_OBJECT
public:
    /// Lists nothing until requery() (the plugin calls it when data is open).
    explicit DatasetBrowser(const workbench::TaskQueries& tasks, QWidget* parent = nullptr);

    BrowserFilter filter() const;
    TaskTableModel* model() const noexcept { return model_; }
    QTableView* table() const noexcept { return table_; }
    QLineEdit* searchField() const noexcept { return search_; }
    QComboBox* skillBox() const noexcept { return skill_; }
    QString detailsHtml() const;
    /// Selects a task's row if it is listed (no taskActivated); the details follow.
    void showTask(const QString& taskId);

public slots:
    /// Re-queries the catalog with the current filter.
    void requery();
    /// Re-reads one task's row (its labels changed); an empty id re-queries everything.
    void refreshTask(const QString& taskId);
    void focusSearch();

signals:
    /// The user selected a task in the table.
    void taskActivated(const QString& taskId);
    /// The table was refilled (rows = tasks listed).
    void requeried(int rows);
    /// A read of the catalog failed (e.g. a blob damaged after opening): the table / details show
    /// the message; the plugin logs it. Never an exception out of a slot.
    void readFailed(const QString& message);

private:
    void showDetails(const QString& taskId);
    void showDetailsOf(const QString& taskId);  // throws on a failed read

    const workbench::TaskQueries& tasks_;
    TaskTableModel* model_ = nullptr;
    QTableView* table_ = nullptr;
    QLineEdit* search_ = nullptr;
    QComboBox* skill_ = nullptr;
    QComboBox* clear_ = nullptr;
    QComboBox* labeled_ = nullptr;
    QSpinBox* minTarget_ = nullptr;
    QSpinBox* maxTarget_ = nullptr;
    QSpinBox* minChanges_ = nullptr;
    QSpinBox* maxChanges_ = nullptr;
    QLabel* count_ = nullptr;
    QTextBrowser* details_ = nullptr;
    QString shownTask_;
    bool selecting_ = false;
};

}  // namespace iglu::plugins::dataset

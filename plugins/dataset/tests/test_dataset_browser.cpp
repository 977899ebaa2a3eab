// The dataset browser under Xvfb: every task listed; instant text search, skill, clarity, size and
// labeled filters; numeric sorting; the details of the selected task; a row refreshed in place
// after its labels change; and the model/view stays one model (no per-row widgets).
#include <QComboBox>
#include <QHeaderView>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include "logic/browser_filter.hpp"
#include "widgets/dataset_browser.hpp"
#include "logic/task_table_model.hpp"
#include "core/util/text_rules.hpp"
#include "support/test_catalog.hpp"
#include "workbench/api/data_service.hpp"

using namespace iglu;
using plugins::dataset::DatasetBrowser;
using plugins::dataset::TaskTableModel;

class TestDatasetBrowser : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    std::unique_ptr<catalog::Catalog> cat_;
    workbench::DataService data_;  // what the browser reads through: a second connection to the file
    std::unique_ptr<DatasetBrowser> browser_;

    std::vector<std::string> listed() const {
        std::vector<std::string> ids;
        for (int r = 0; r < browser_->model()->rowCount(); ++r) ids.push_back(browser_->model()->task(r).id);
        std::sort(ids.begin(), ids.end());
        return ids;
    }
    std::vector<std::string> expected(const std::function<bool(const catalog::TaskSummary&)>& keep) const {
        std::vector<std::string> ids;
        for (const auto& t : cat_->findTasks())
            if (keep(t)) ids.push_back(t.id);
        std::sort(ids.begin(), ids.end());
        return ids;
    }
    static bool containsWord(const catalog::TaskSummary& t, const std::string& w) {
        auto lower = [](std::string s) {
            for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            return s;
        };
        return lower(t.instruction).find(w) != std::string::npos || lower(t.id).find(w) != std::string::npos;
    }

private slots:
    void initTestCase() {
        cat_ = std::make_unique<catalog::Catalog>(dir_.filePath(QStringLiteral("browser.db")).toStdString());
        test::fillTestCatalog(*cat_);
        QString error;
        QVERIFY2(data_.open(QString::fromStdString(cat_->path()), &error), qPrintable(error));
        browser_ = std::make_unique<DatasetBrowser>(data_.queries());
        browser_->resize(1200, 500);
        browser_->show();
        QVERIFY(QTest::qWaitForWindowExposed(browser_.get()));
        browser_->requery();
    }
    void cleanupTestCase() {
        browser_.reset();
        cat_.reset();
    }

    void listsEveryTask() {
        QCOMPARE(browser_->model()->rowCount(), cat_->taskCount());
        QCOMPARE(browser_->model()->columnCount(), int(TaskTableModel::ColumnCount));
        const auto& t = browser_->model()->task(0);
        const auto idx = [&](int c) { return browser_->model()->index(0, c).data(); };
        QCOMPARE(idx(TaskTableModel::Id).toString(), QString::fromStdString(t.id));
        QCOMPARE(idx(TaskTableModel::Target).toInt(), t.targetBlocks);
        QCOMPARE(idx(TaskTableModel::AutoSkills).toString(), QString::fromStdString(t.autoSkills.toString()));
    }

    void typingFiltersInstantly() {
        QSignalSpy requeried(browser_.get(), &DatasetBrowser::requeried);
        browser_->searchField()->setFocus();
        QTest::keyClicks(browser_->searchField(), QStringLiteral("red"));
        QCOMPARE(requeried.count(), 3);  // one query per key, no debounce
        const auto want = expected([](const auto& t) { return containsWord(t, "red"); });
        QVERIFY(!want.empty());
        QVERIFY(int(want.size()) < cat_->taskCount());
        // The catalog also searches the dialog: the listing holds at least the instruction matches.
        const auto got = listed();
        for (const auto& id : want) QVERIFY2(std::binary_search(got.begin(), got.end(), id), id.c_str());
        browser_->searchField()->clear();
        QCOMPARE(browser_->model()->rowCount(), cat_->taskCount());
    }

    void skillClarityLabeledAndSizeFilters() {
        auto* skill = browser_->findChild<QComboBox*>(QStringLiteral("browserSkill"));
        skill->setCurrentIndex(1 + int(core::Skill::Flat));
        QCOMPARE(listed(), expected([](const auto& t) { return t.autoSkills.has(core::Skill::Flat); }));
        skill->setCurrentIndex(0);
        auto* clear = browser_->findChild<QComboBox*>(QStringLiteral("browserClear"));
        clear->setCurrentIndex(2);  // unclear
        QCOMPARE(listed(), expected([](const auto& t) { return t.clear == std::optional<bool>(false); }));
        clear->setCurrentIndex(0);
        auto* minTarget = browser_->findChild<QSpinBox*>(QStringLiteral("browserMinTarget"));
        auto* maxTarget = browser_->findChild<QSpinBox*>(QStringLiteral("browserMaxTarget"));
        minTarget->setValue(5);
        maxTarget->setValue(20);
        QCOMPARE(listed(), expected([](const auto& t) { return t.targetBlocks >= 5 && t.targetBlocks <= 20; }));
        minTarget->setValue(0);
        maxTarget->setValue(-1);
        auto* maxChanges = browser_->findChild<QSpinBox*>(QStringLiteral("browserMaxChanges"));
        maxChanges->setValue(3);
        QCOMPARE(listed(), expected([](const auto& t) { return t.blocksToAdd + t.blocksToRemove <= 3; }));
        maxChanges->setValue(-1);
        // Labeled: after one human label.
        const std::string id = cat_->findTasks().back().id;
        cat_->putLabel({id, core::Skill::Tall, true, catalog::LabelSource::Human, "dora", "", ""});
        auto* labeled = browser_->findChild<QComboBox*>(QStringLiteral("browserLabeled"));
        labeled->setCurrentIndex(1);
        QCOMPARE(listed(), std::vector<std::string>{id});
        labeled->setCurrentIndex(2);
        QCOMPARE(browser_->model()->rowCount(), cat_->taskCount() - 1);
        labeled->setCurrentIndex(0);
        cat_->removeLabel(id, core::Skill::Tall, catalog::LabelSource::Human, "dora");
        browser_->requery();
    }

    void sortsNumerically() {
        browser_->table()->sortByColumn(TaskTableModel::Target, Qt::DescendingOrder);
        for (int r = 1; r < browser_->model()->rowCount(); ++r)
            QVERIFY(browser_->model()->task(r - 1).targetBlocks >= browser_->model()->task(r).targetBlocks);
        // The sort survives a new query.
        browser_->searchField()->setText(QStringLiteral("block"));
        for (int r = 1; r < browser_->model()->rowCount(); ++r)
            QVERIFY(browser_->model()->task(r - 1).targetBlocks >= browser_->model()->task(r).targetBlocks);
        browser_->searchField()->clear();
        browser_->table()->sortByColumn(TaskTableModel::Id, Qt::AscendingOrder);
    }

    // Ids in natural order (CQ-game-947 before CQ-game-8717); a task without instruction says so
    // and sorts after those with one; its details never show "null".
    void naturalOrderAndAbsentFields() {
        browser_->table()->sortByColumn(TaskTableModel::Id, Qt::AscendingOrder);
        for (int r = 1; r < browser_->model()->rowCount(); ++r)
            QVERIFY2(core::naturalLess(browser_->model()->task(r - 1).id, browser_->model()->task(r).id),
                     browser_->model()->task(r).id.c_str());
        // A session turn (no instruction in the data, clarifying question "null" in its file).
        datasets::ImportOptions opts;
        opts.withRollouts = false;
        datasets::importSessions(std::string(IGLU_SOURCE_DIR) + "/examples/data/iglu-singleturn", *cat_, opts);
        browser_->requery();
        browser_->table()->sortByColumn(TaskTableModel::Instruction, Qt::AscendingOrder);
        const int last = browser_->model()->rowCount() - 1;
        const auto& t = browser_->model()->task(last);
        QVERIFY(t.instruction.empty());
        QCOMPARE(browser_->model()->index(last, TaskTableModel::Instruction).data().toString(),
                 QStringLiteral("(no instruction recorded)"));
        QVERIFY(!browser_->model()->task(0).instruction.empty());
        browser_->showTask(QString::fromStdString(t.id));
        const QString html = browser_->detailsHtml();
        QVERIFY2(html.contains(QStringLiteral("no instruction recorded")), qPrintable(html));
        QVERIFY2(!html.contains(QStringLiteral("null"), Qt::CaseInsensitive), qPrintable(html));
        browser_->table()->sortByColumn(TaskTableModel::Id, Qt::AscendingOrder);
    }

    void selectingARowShowsDetailsAndActivates() {
        QSignalSpy activated(browser_.get(), &DatasetBrowser::taskActivated);
        const int row = 2;
        const QString id = QString::fromStdString(browser_->model()->task(row).id);
        const QRect cell = browser_->table()->visualRect(browser_->model()->index(row, TaskTableModel::Id));
        QTest::mouseClick(browser_->table()->viewport(), Qt::LeftButton, {}, cell.center());
        QCOMPARE(activated.count(), 1);
        QCOMPARE(activated.front().front().toString(), id);
        const auto rec = cat_->task(id.toStdString());
        QVERIFY(rec.has_value());
        const QString html = browser_->detailsHtml();
        QVERIFY(html.contains(id));
        QVERIFY(html.contains(QStringLiteral("Instruction")));
        if (!rec->clarifyingQuestion.empty()) QVERIFY(html.contains(QStringLiteral("Clarifying question")));
        // Selecting from outside (the workbench selection) does not re-emit.
        browser_->showTask(QString::fromStdString(browser_->model()->task(0).id));
        QCOMPARE(activated.count(), 1);
        QCOMPARE(browser_->table()->currentIndex().row(), 0);
    }

    void rowRefreshesAfterLabelChange() {
        const std::string id = browser_->model()->task(0).id;
        QCOMPARE(browser_->model()->index(0, TaskTableModel::Labeled).data().toString(), QString());
        cat_->putLabel({id, core::Skill::Diagonal, true, catalog::LabelSource::Human, "erin", "", ""});
        QSignalSpy changed(browser_->model(), &QAbstractItemModel::dataChanged);
        browser_->refreshTask(QString::fromStdString(id));
        QCOMPARE(changed.count(), 1);
        QVERIFY(!browser_->model()->index(0, TaskTableModel::Labeled).data().toString().isEmpty());
        QVERIFY(browser_->model()->index(0, TaskTableModel::HumanSkills).data().toString().contains(QStringLiteral("diagonal")));
    }
};

QTEST_MAIN(TestDatasetBrowser)
#include "test_dataset_browser.moc"

// The Experiments dock's clarification and run-tracking logic, headless, on a real catalog (the
// shared single-turn sample imported): a Lua model run by ClarificationJob on its worker thread;
// the experiments list's row of it (kind, tasks, when F1 and MRR computed here by hand from the
// stored predictions); the filter box's rule; the error browser's rows and filters checked task by
// task against the stored predictions and the question bank; rename / tag / note / delete through
// logic/experiment_admin (no orphan predictions; a delete refused while a run holds the lock); a
// bad model file ends the job naming the file.
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <map>

#include "core/catalog/clarification_data.hpp"
#include "datasets/importer.hpp"
#include "logic/clarification_job.hpp"
#include "logic/clarification_rows.hpp"
#include "logic/experiment_admin.hpp"
#include "logic/experiment_rows.hpp"
#include "core/catalog/experiment_lock.hpp"
#include "support/shared_dir.hpp"

using namespace iglu;
using namespace iglu::plugins::experiments;

namespace {

const QString kModel = QStringLiteral(IGLU_SOURCE_DIR "/examples/nlp/grounding_model.lua");

const ExperimentRow* rowNamed(const QList<ExperimentRow>& rows, const QString& name) {
    for (const auto& r : rows)
        if (r.name == name) return &r;
    return nullptr;
}

}  // namespace

class TestClarificationRows : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString db_;

    /// Runs `model` as `name` through the job; finished's arguments.
    QList<QVariant> run(const QString& model, const QString& name) {
        ClarificationJob job;
        QSignalSpy finished(&job, &ClarificationJob::finished);
        QSignalSpy progress(&job, &ClarificationJob::progress);
        if (!job.start(model, db_, name)) return {};
        if (!finished.wait(300000) && finished.isEmpty()) return {};
        QList<QVariant> r = finished.takeFirst();
        r << progress.size();
        return r;
    }

private slots:
    void initTestCase() {
        IGLU_REQUIRE_SHARED("data/iglu-singleturn");
        db_ = dir_.filePath(QStringLiteral("sample.db"));
        catalog::Catalog cat(db_.toStdString(), catalog::OpenMode::Create);
        datasets::ImportOptions options;
        options.withRollouts = false;
        datasets::importSingleTurn((iglu::test::sharedDir() + "/data/iglu-singleturn").toStdString(), cat, options);
        QVERIFY(!catalog::clarificationExamples(cat).empty());
    }

    void aModelRunsOffThreadAndItsRowSaysWhatIsStored() {
        const QList<QVariant> r = run(kModel, QStringLiteral("grounding"));
        QVERIFY(!r.isEmpty());
        QVERIFY2(r.at(0).toBool(), qPrintable(r.at(3).toString()));
        QVERIFY(!r.at(1).toBool());
        QVERIFY(r.at(4).toInt() > 0);  // progress reported
        const catalog::Catalog cat(db_.toStdString(), catalog::OpenMode::ReadOnly);
        const auto e = cat.experiment("grounding");
        QVERIFY(e && e->kind == "clarification");
        const auto predictions = cat.clarificationPredictions(e->id);
        QCOMPARE(predictions.size(), catalog::clarificationExamples(cat).size());
        // By hand: the needs-clarification class's F1 and the gold question's MRR.
        int tp = 0, fp = 0, fn = 0, ranked = 0, refused = 0;
        double rr = 0;
        for (const auto& p : predictions) {
            refused += p.error.empty() ? 0 : 1;
            if (p.needsProbability && p.goldNeeds) {
                const bool says = *p.needsProbability >= 0.5;
                tp += says && *p.goldNeeds, fp += says && !*p.goldNeeds, fn += !says && *p.goldNeeds;
            }
            if (p.goldRank) ++ranked, rr += *p.goldRank > 0 ? 1.0 / *p.goldRank : 0.0;
        }
        const auto rows = experimentRows(cat);
        const ExperimentRow* row = rowNamed(rows, QStringLiteral("grounding"));
        QVERIFY(row != nullptr);
        QVERIFY(row->isClarification());
        QCOMPARE(row->tasks, int(predictions.size()));
        QCOMPARE(row->refused, refused);
        QCOMPARE(row->episodes, 0);
        QVERIFY(row->whenF1 && ranked > 0 && row->mrr);
        QVERIFY(qAbs(*row->whenF1 - 2.0 * tp / (2 * tp + fp + fn)) < 1e-12);
        QVERIFY(qAbs(*row->mrr - rr / ranked) < 1e-12);
        QCOMPARE(row->agent, QStringLiteral("grounding_model.lua"));
        QCOMPARE(row->env, QStringLiteral("Lua model, every task"));  // the protocol stored in its configuration
    }

    void errorBrowserRowsAndFiltersMatchTheStoredPredictions() {
        const catalog::Catalog cat(db_.toStdString(), catalog::OpenMode::ReadOnly);
        const auto e = cat.experiment("grounding");
        QVERIFY(e);
        const auto predictions = cat.clarificationPredictions(e->id);
        const auto bank = catalog::questionBank(cat);
        std::map<std::string, std::string> instruction;
        for (const auto& x : catalog::clarificationExamples(cat)) instruction[x.id] = x.instruction;
        const QList<ErrorRow> rows = clarificationErrorRows(cat, e->id);
        QCOMPARE(rows.size(), qsizetype(predictions.size()));
        int fpByHand = 0, fnByHand = 0, rankByHand = 0;
        int fp = 0, fn = 0, rank = 0, all = 0;
        for (int i = 0; i < rows.size(); ++i) {
            const auto& p = predictions[std::size_t(i)];
            const ErrorRow& r = rows[i];
            QCOMPARE(r.taskId.toStdString(), p.taskId);
            QCOMPARE(r.instruction.toStdString(), instruction.at(p.taskId));
            if (!p.goldQuestion.empty()) QCOMPARE(r.goldQuestion.toStdString(), bank.at(p.goldQuestion));
            QCOMPARE(r.top.size(), qsizetype(std::min<std::size_t>(3, p.top.size())));
            for (int k = 0; k < r.top.size(); ++k) QCOMPARE(r.top[k].toStdString(), bank.at(p.top[std::size_t(k)]));
            // The stored prediction says: asked (p >= 0.5) an instruction that is clear.
            const bool asked = p.needsProbability && *p.needsProbability >= 0.5;
            fpByHand += p.needsProbability && p.goldNeeds == false && asked;
            fnByHand += p.needsProbability && p.goldNeeds == true && !asked;
            rankByHand += p.goldRank && (*p.goldRank == 0 || *p.goldRank > 5);
            fp += errorRowMatches(r, ErrorFilter::FalsePositives);
            fn += errorRowMatches(r, ErrorFilter::FalseNegatives);
            rank += errorRowMatches(r, ErrorFilter::RankAbove5);
            all += errorRowMatches(r, ErrorFilter::All);
            QCOMPARE(errorRowMatches(r, ErrorFilter::Refused), !p.error.empty());
        }
        QVERIFY2(fpByHand > 0 && fnByHand > 0, "the sample gives the model both kinds of error");
        QCOMPARE(fp, fpByHand);
        QCOMPARE(fn, fnByHand);
        QCOMPARE(rank, rankByHand);
        QCOMPARE(all, int(rows.size()));
        // An instruction is never both a false positive and a false negative.
        for (const ErrorRow& r : rows)
            QVERIFY(!(errorRowMatches(r, ErrorFilter::FalsePositives) && errorRowMatches(r, ErrorFilter::FalseNegatives)));
    }

    void filterBoxMatchesNameAgentKindAndTags() {
        setExperimentTagsIn(db_, QStringLiteral("grounding"), QStringLiteral("baseline, v2 lua"));
        setExperimentNoteIn(db_, QStringLiteral("grounding"), QStringLiteral("first try"));
        const catalog::Catalog cat(db_.toStdString(), catalog::OpenMode::ReadOnly);
        const auto rows = experimentRows(cat);
        const ExperimentRow* row = rowNamed(rows, QStringLiteral("grounding"));
        QVERIFY(row != nullptr);
        QCOMPARE(row->tags, QStringLiteral("baseline,lua,v2"));
        QCOMPARE(row->note, QStringLiteral("first try"));
        QVERIFY(rowMatches(*row, QString()));
        QVERIFY(rowMatches(*row, QStringLiteral("GROUND")));
        QVERIFY(rowMatches(*row, QStringLiteral("grounding_model")));  // the model, in the agent column
        QVERIFY(rowMatches(*row, QStringLiteral("clarif v2")));        // kind and tag, both words
        QVERIFY(!rowMatches(*row, QStringLiteral("v2 oracle")));
        QVERIFY(!rowMatches(*row, QStringLiteral("first")));  // the note is not searched
        QCOMPARE(splitTags(QStringLiteral(" a,b  c ,")), (QStringList{"a", "b", "c"}));
        QVERIFY_THROWS_EXCEPTION(std::exception, setExperimentTagsIn(db_, QStringLiteral("grounding"), QStringLiteral("bad/tag")));
    }

    void renameAndDeleteLeaveNoOrphans() {
        QVERIFY(run(kModel, QStringLiteral("second")).value(0).toBool());
        std::int64_t id = 0;
        std::size_t stored = 0;
        {
            const catalog::Catalog cat(db_.toStdString(), catalog::OpenMode::ReadOnly);
            id = cat.experiment("second")->id;
            stored = cat.clarificationPredictions(id).size();
        }
        renameExperimentIn(db_, QStringLiteral("second"), QStringLiteral("renamed"));
        QVERIFY_THROWS_EXCEPTION(std::exception, renameExperimentIn(db_, QStringLiteral("renamed"), QStringLiteral("grounding")));
        {
            const catalog::Catalog cat(db_.toStdString(), catalog::OpenMode::ReadOnly);
            QVERIFY(!cat.experiment("second"));
            QCOMPARE(cat.experiment("renamed")->id, id);
            QCOMPARE(cat.clarificationPredictions(id).size(), stored);  // the predictions follow the experiment
        }
        {
            // A run holding the writer lock (as a running job does): the delete is refused, nothing goes.
            catalog::Catalog writer(db_.toStdString(), catalog::OpenMode::ReadWrite);
            const catalog::ExperimentLock lock(writer, id, "renamed");
            bool refused = false;
            try {
                deleteExperimentIn(db_, QStringLiteral("renamed"));
            } catch (const std::exception& e) {
                refused = QString::fromUtf8(e.what()).contains(QStringLiteral("renamed"));
            }
            QVERIFY(refused);
            QCOMPARE(writer.clarificationPredictions(id).size(), stored);
        }
        const DeleteReport report = deleteExperimentIn(db_, QStringLiteral("renamed"));
        QCOMPARE(report.predictions, qint64(stored));
        QCOMPARE(report.episodes, qint64(0));
        const catalog::Catalog cat(db_.toStdString(), catalog::OpenMode::ReadOnly);
        QVERIFY(!cat.experiment("renamed"));
        QCOMPARE(cat.clarificationPredictions(id).size(), std::size_t(0));  // no orphan predictions
        QVERIFY(cat.experiment("grounding"));                               // the other one untouched
        QVERIFY_THROWS_EXCEPTION(std::exception, deleteExperimentIn(db_, QStringLiteral("renamed")));
    }

    void aBadModelEndsTheJobNamingTheFile() {
        const QString bad = dir_.filePath(QStringLiteral("bad_model.lua"));
        std::ofstream(bad.toStdString()) << "return { when = function(task) return 1 + nil end, what = 42 }\n";
        const QList<QVariant> r = run(bad, QStringLiteral("bad"));
        QVERIFY(!r.isEmpty());
        // Either refused at load (no callable what) or every answer refused: never a crash.
        if (!r.at(0).toBool()) {
            QVERIFY2(r.at(3).toString().contains(QStringLiteral("bad_model.lua")), qPrintable(r.at(3).toString()));
        } else {
            const catalog::Catalog cat(db_.toStdString(), catalog::OpenMode::ReadOnly);
            for (const auto& p : cat.clarificationPredictions(cat.experiment("bad")->id)) QVERIFY(!p.error.empty());
        }
        const QList<QVariant> missing = run(dir_.filePath(QStringLiteral("absent.json")), QStringLiteral("absent"));
        QVERIFY(!missing.isEmpty() && !missing.at(0).toBool());
        QVERIFY2(missing.at(3).toString().contains(QStringLiteral("absent.json")), qPrintable(missing.at(3).toString()));
    }
};

QTEST_GUILESS_MAIN(TestClarificationRows)
#include "test_clarification_rows.moc"

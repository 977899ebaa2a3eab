#pragma once
// Runs one experiment (scripting::ExperimentSession: resume, batched episode writes, per-skill
// summary) on a worker thread, so the GUI stays live. Progress and the result arrive as signals on
// the GUI thread; cancel() stops it (episodes in flight are dropped, finished ones are stored, a
// later run of the same experiment resumes). The session holds the experiment's writer lock while
// it runs: a job for an experiment that another process (`iglu run`) or job is running ends with
// finished(false, ...) and the message naming that process (pid, host, start time).
#include <atomic>
#include <memory>

#include <QObject>
#include <QString>

class QThread;

namespace iglu::plugins::experiments {

class ExperimentJob : public QObject {
    Q_OBJECT
public:
    explicit ExperimentJob(QObject* parent = nullptr);
    ~ExperimentJob() override;  ///< cancels a running job and waits for it

    bool isRunning() const noexcept { return thread_ != nullptr; }
    /// Runs `experimentPath` against the catalog file `db` on `jobs` threads, stored under `name`
    /// (empty: the experiment's own). False when a job is already running.
    bool start(const QString& experimentPath, const QString& db, int jobs, const QString& name = {});
    void cancel();
    /// Whether the last job that ended was refused because the catalog holds an experiment of that
    /// name that ran another agent or configuration (scripting::ExperimentChanged): a new name runs.
    bool refusedAsChanged() const noexcept { return refusedAsChanged_; }

signals:
    /// The experiment loaded: `total` episodes, of which `resumed` were already stored.
    void started(const QString& experiment, int total, int resumed);
    /// `done` of `total` episodes (resumed ones included), finished episodes per second.
    void progress(int done, int total, double perSecond);
    /// The job ended. `ok` false: it could not run (bad script, changed configuration...), the
    /// message names the file. `cancelled`: stopped by cancel(), finished episodes kept.
    void finished(bool ok, bool cancelled, const QString& experiment, const QString& message);

private:
    void ended();

    QThread* thread_ = nullptr;
    bool refusedAsChanged_ = false;
    std::shared_ptr<std::atomic<bool>> cancel_;
};

}  // namespace iglu::plugins::experiments

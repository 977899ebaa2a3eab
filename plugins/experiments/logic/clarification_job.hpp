#pragma once
// Runs a clarification model over a catalog file's tasks on a worker thread (the Experiments
// dock's "Run Clarification Model…"): a Lua model (.lua, scripting::LuaClarificationModel) on
// every clarification task, or a trained baseline (.json, core::ClarificationModel) on the tasks
// it was not trained on — the same protocol as `iglu nlp run`. The worker opens its own catalog
// connection and stores through catalog::runClarification (batches; a cancelled run keeps the
// tasks it finished). Progress and the end arrive as signals on the owner's (GUI) thread.
#include <atomic>
#include <memory>

#include <QObject>
#include <QString>

class QThread;

namespace iglu::plugins::experiments {

class ClarificationJob : public QObject {
    Q_OBJECT
public:
    explicit ClarificationJob(QObject* parent = nullptr);
    ~ClarificationJob() override;  ///< cancels a running job and waits for it

    bool isRunning() const noexcept { return thread_ != nullptr; }
    /// Runs `modelPath` (a .lua model or a baseline .json) over the catalog file `db`, stored as
    /// the clarification experiment `name`. False when a job is already running.
    bool start(const QString& modelPath, const QString& db, const QString& name);
    void cancel();

signals:
    void progress(int done, int total);
    /// `ok` false: it could not run (the message names the file / field); `cancelled`: stopped,
    /// the finished tasks stored.
    void finished(bool ok, bool cancelled, const QString& experiment, const QString& message);

private:
    void ended();

    QThread* thread_ = nullptr;
    std::shared_ptr<std::atomic<bool>> cancel_;
};

}  // namespace iglu::plugins::experiments

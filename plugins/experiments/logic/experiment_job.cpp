#include "experiment_job.hpp"

#include <exception>

#include <QThread>

#include "scripting/experiment_changed.hpp"
#include "scripting/experiment_session.hpp"

namespace iglu::plugins::experiments {

ExperimentJob::ExperimentJob(QObject* parent) : QObject(parent) {}

ExperimentJob::~ExperimentJob() {
    if (thread_ == nullptr) return;
    cancel();
    thread_->wait();
    delete thread_;
}

bool ExperimentJob::start(const QString& experimentPath, const QString& db, int jobs, const QString& storeAs) {
    if (thread_ != nullptr) return false;
    refusedAsChanged_ = false;
    cancel_ = std::make_shared<std::atomic<bool>>(false);
    auto cancel = cancel_;
    // Everything below runs on the worker thread (the session owns its catalog connection there);
    // results are posted back to this object's (the GUI) thread.
    thread_ = QThread::create([this, cancel, path = experimentPath.toStdString(), db = db.toStdString(), jobs,
                                 storeAs = storeAs.toStdString()] {
        auto post = [this](auto f) { QMetaObject::invokeMethod(this, std::move(f), Qt::QueuedConnection); };
        QString name;
        try {
            scripting::SessionOptions so;
            so.db = db;
            so.name = storeAs;
            scripting::ExperimentSession session(path, so);
            name = QString::fromStdString(session.spec().name);
            const int total = static_cast<int>(session.episodeCount());
            const int resumed = static_cast<int>(session.resumedCount());
            post([this, name, total, resumed] { emit started(name, total, resumed); });
            scripting::SessionRun how;
            how.jobs = jobs;
            how.cancel = cancel.get();
            how.onProgress = [&](const scripting::RunProgress& p) {
                const int done = resumed + p.finished;
                const double rate = p.perSecond;
                post([this, done, total, rate] { emit progress(done, total, rate); });
            };
            const scripting::RunReport report = session.run(how);
            const auto& all = session.summary().overall();
            QString message = tr("%1: ran %2 episodes in %3 s (%4 failed); %5 of %6 stored, success %7%, mean F1 %8")
                                  .arg(name)
                                  .arg(report.finished)
                                  .arg(report.seconds, 0, 'f', 1)
                                  .arg(report.failed)
                                  .arg(all.episodes)
                                  .arg(total)
                                  .arg(100 * all.successRate(), 0, 'f', 1)
                                  .arg(all.meanF1(), 0, 'f', 3);
            if (report.cancelled) message += tr(" (cancelled: run it again to resume)");
            const bool cancelled = report.cancelled;
            post([this, cancelled, name, message] {
                ended();
                emit finished(true, cancelled, name, message);
            });
        } catch (const scripting::ExperimentChanged& e) {
            const QString message = QString::fromStdString(e.what()), experiment = QString::fromStdString(e.experiment());
            post([this, experiment, message] {
                ended();
                refusedAsChanged_ = true;
                emit finished(false, false, experiment, message);
            });
        } catch (const std::exception& e) {
            const QString message = QString::fromStdString(e.what());
            post([this, name, message] {
                ended();
                emit finished(false, false, name, message);
            });
        }
    });
    thread_->start();
    return true;
}

void ExperimentJob::cancel() {
    if (cancel_) cancel_->store(true);
}

void ExperimentJob::ended() {
    if (thread_ == nullptr) return;
    thread_->wait();  // the worker's last statement posted this call: it is ending
    delete thread_;
    thread_ = nullptr;
}

}  // namespace iglu::plugins::experiments

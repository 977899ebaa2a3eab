#include "clarification_job.hpp"

#include <exception>
#include <filesystem>
#include <memory>
#include <set>
#include <stdexcept>

#include <QThread>

#include <nlohmann/json.hpp>

#include "core/catalog/clarification_data.hpp"
#include "core/catalog/clarification_experiment.hpp"
#include "scripting/lua_clarification_model.hpp"

namespace iglu::plugins::experiments {

ClarificationJob::ClarificationJob(QObject* parent) : QObject(parent) {}

ClarificationJob::~ClarificationJob() {
    if (thread_ == nullptr) return;
    cancel();
    thread_->wait();
    delete thread_;
}

bool ClarificationJob::start(const QString& modelPath, const QString& db, const QString& name) {
    if (thread_ != nullptr) return false;
    cancel_ = std::make_shared<std::atomic<bool>>(false);
    auto cancel = cancel_;
    thread_ = QThread::create([this, cancel, path = modelPath.toStdString(), db = db.toStdString(), name] {
        auto post = [this](auto f) { QMetaObject::invokeMethod(this, std::move(f), Qt::QueuedConnection); };
        try {
            catalog::Catalog cat(db, catalog::OpenMode::ReadWrite);  // this thread's own connection
            catalog::ClarificationRunOptions options;
            options.name = name.toStdString();
            options.script = path;
            options.cancel = cancel.get();
            std::set<std::string> heldOut;
            std::unique_ptr<core::ClarificationModel> baseline;
            std::unique_ptr<core::ClarificationPredictor> model;
            nlohmann::json config;
            if (std::filesystem::path(path).extension() == ".json") {
                baseline = std::make_unique<core::ClarificationModel>(core::ClarificationModel::load(path));
                for (const auto& e : catalog::clarificationExamples(cat))
                    if (!baseline->trainedOn(e.id)) heldOut.insert(e.id);
                if (heldOut.empty()) throw std::runtime_error(db + ": every task was used to train " + path + ": none is held out to run on");
                options.only = &heldOut;
                model = std::make_unique<core::BaselinePredictor>(*baseline);
                config = {{"model", path}, {"source", "baseline"}, {"protocol", "the tasks the model was not trained on"}};
            } else {
                scripting::SandboxOptions sandbox;
                sandbox.requireDirs = {std::filesystem::path(path).parent_path().string(), scripting::bundledLibraryDir()};
                sandbox.dataDirs = scripting::defaultDataDirs();
                sandbox.cancel = cancel.get();
                model = std::make_unique<scripting::LuaClarificationModel>(path, sandbox);
                config = {{"model", path}, {"source", "lua"}, {"protocol", "every task with a clarity label or a gold question"}};
            }
            options.config = config.dump();
            options.progress = [&](int done, int total) { post([this, done, total] { emit progress(done, total); }); };
            const catalog::ClarificationRunReport report = catalog::runClarification(cat, *model, options);
            const core::ClarificationStats all = catalog::clarificationSummary(cat, report.experiment.id).overall();
            QString message = tr("%1: %2 of %3 tasks stored, %4 refused answers; when F1 %5, MRR %6")
                                  .arg(name)
                                  .arg(report.stored)
                                  .arg(report.tasks)
                                  .arg(report.errors)
                                  .arg(all.when.f1(), 0, 'f', 3)
                                  .arg(all.what.mrr(), 0, 'f', 3);
            if (report.cancelled) message += tr(" (cancelled: the finished tasks are stored)");
            const bool cancelled = report.cancelled;
            post([this, cancelled, name, message] {
                ended();
                emit finished(true, cancelled, name, message);
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

void ClarificationJob::cancel() {
    if (cancel_) cancel_->store(true);
}

void ClarificationJob::ended() {
    if (thread_ == nullptr) return;
    thread_->wait();
    delete thread_;
    thread_ = nullptr;
}

}  // namespace iglu::plugins::experiments

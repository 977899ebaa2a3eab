#include "logic/ab_session.hpp"

#include <QDateTime>

#include "core/catalog/catalog.hpp"

namespace iglu::plugins::architect {

AbSession::AbSession(QObject* parent) : QObject(parent) {
    connect(&a_, &ArchitectDriver::changed, this, &AbSession::changed);
    connect(&b_, &ArchitectDriver::changed, this, &AbSession::changed);
    connect(&a_, &ArchitectDriver::turnStarted, this, &AbSession::changed);  // the panel reads nothing of a busy side
    connect(&b_, &ArchitectDriver::turnStarted, this, &AbSession::changed);
}

bool AbSession::start(const core::Task& task, const AgentSpec& a, const AgentSpec& b, ::iglu::architect::SessionOptions options) {
    judgement_.reset();
    stored_ = false;
    const bool okA = a_.start(task, a, options);
    const bool okB = b_.start(task, b, options);
    return okA && okB;
}

bool AbSession::say(const QString& text) {
    if (!started() || text.trimmed().isEmpty()) return false;
    const bool okA = a_.say(text);
    const bool okB = b_.say(text);
    return okA && okB;
}

void AbSession::stop() {
    a_.stop();
    b_.stop();
}

bool AbSession::undo() {
    const bool okA = a_.undo();
    const bool okB = b_.undo();
    return okA || okB;
}

bool AbSession::running() const noexcept {
    return a_.state() == ArchitectDriver::State::Running || b_.state() == ArchitectDriver::State::Running;
}

bool AbSession::ended() const noexcept {
    return a_.state() == ArchitectDriver::State::Ended && b_.state() == ArchitectDriver::State::Ended;
}

bool AbSession::choose(Side better, const QString& reason) {
    if (!started() || running() || ended() || reason.trimmed().isEmpty()) return false;
    if (a_.session()->turns().empty() || b_.session()->turns().empty()) return false;
    judgement_ = std::make_pair(better, reason.trimmed());
    emit changed();
    return true;
}

std::pair<std::int64_t, std::int64_t> AbSession::endAndStore(catalog::Catalog& cat) {
    if (!started()) throw std::logic_error("no A/B comparison was started");
    const auto ra = a_.end();
    const auto rb = b_.end();
    const std::int64_t idA = cat.putArchitectSession(*ra);
    const std::int64_t idB = cat.putArchitectSession(*rb);
    if (judgement_) {
        const auto rows = judgementRows(*ra, idA, *rb, idB, judgement_->first, judgement_->second,
                                        QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
        cat.putHumanFeedback(rows);
    }
    return {idA, idB};
}

void AbSession::markStored() {
    stored_ = true;
    emit changed();
}

std::vector<catalog::HumanFeedbackRecord> judgementRows(const catalog::ArchitectSessionRecord& a, std::int64_t idA,
                                                       const catalog::ArchitectSessionRecord& b, std::int64_t idB,
                                                       Side better, const QString& reason, const QString& when) {
    const std::string hit = "architect-ab:" + std::to_string(idA) + "," + std::to_string(idB);
    const auto row = [&](const catalog::ArchitectSessionRecord& r, std::int64_t id, bool chosen) {
        catalog::HumanFeedbackRecord f;
        f.hitId = hit;
        f.gameId = "architect:" + std::to_string(id);
        f.taskId = r.taskId;
        f.agent = r.agent;
        f.chosenBest = chosen;
        f.comment = reason.toStdString();
        f.source = "architect A/B " + when.toStdString();
        return f;
    };
    return {row(a, idA, better == Side::A), row(b, idB, better == Side::B)};
}

}  // namespace iglu::plugins::architect

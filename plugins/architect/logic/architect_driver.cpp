#include "logic/architect_driver.hpp"

#include <QElapsedTimer>

#include "core/catalog/catalog.hpp"

namespace iglu::plugins::architect {

namespace arch = ::iglu::architect;

ArchitectDriver::ArchitectDriver(QObject* parent) : QObject(parent) {
    timer_.setInterval(30);
    connect(&timer_, &QTimer::timeout, this, &ArchitectDriver::tick);
}

ArchitectDriver::~ArchitectDriver() = default;

bool ArchitectDriver::start(const core::Task& task, const AgentSpec& spec, arch::SessionOptions options) {
    timer_.stop();
    session_.reset();
    notes_.clear();
    try {
        session_ = std::make_unique<arch::ArchitectSession>(task, makeTurnAgent(spec), std::move(options));
    } catch (const std::exception& e) {
        session_.reset();
        addNote(DialogueLine::Kind::Failure, QStringLiteral("%1 could not start: %2").arg(spec.label, QString::fromUtf8(e.what())));
        return false;
    }
    addNote(DialogueLine::Kind::Status, QStringLiteral("session with %1 on %2")
                                            .arg(QString::fromStdString(session_->agentName()), QString::fromStdString(task.id)));
    return true;
}

bool ArchitectDriver::say(const QString& text) {
    const QString t = text.trimmed();
    if (!session_ || session_->ended()) {
        addNote(DialogueLine::Kind::Failure, QStringLiteral("no session: start one first"));
        return false;
    }
    if (t.isEmpty()) return false;
    try {
        if (session_->awaitingAnswer())
            session_->answer(t.toStdString());
        else
            session_->say(t.toStdString());
    } catch (const std::exception& e) {
        addNote(DialogueLine::Kind::Failure, QString::fromUtf8(e.what()));
        return false;
    }
    // The first tick at once, before anything is drawn: the latency from Say to the first applied
    // action is the agent's (one tick's budget at most), not a frame's.
    timer_.start();
    tick();
    return true;
}

void ArchitectDriver::tick() {
    if (!session_ || !session_->running()) {
        timer_.stop();
        return;
    }
    QElapsedTimer clock;
    clock.start();
    try {
        for (int i = 0; i < stepsPerTick_ && session_->running() && clock.elapsed() < tickBudgetMs_; ++i) session_->step();
    } catch (const std::exception& e) {
        // AgentFailure is the session's own business; anything else stops the turn, the session goes on.
        session_->stop();
        addNote(DialogueLine::Kind::Failure, QStringLiteral("the turn stopped: %1").arg(QString::fromUtf8(e.what())));
    }
    finishTick(true);
}

void ArchitectDriver::finishTick(bool wasRunning) {
    const bool running = session_ && session_->running();
    if (!running) timer_.stop();
    emit changed();
    if (wasRunning && !running) emit turnEnded();
}

void ArchitectDriver::stop() {
    if (!session_ || !session_->running()) return;
    session_->stop();
    finishTick(true);
}

bool ArchitectDriver::undo() {
    if (!session_ || session_->ended()) return false;
    const bool wasRunning = session_->running();
    if (!session_->undo()) return false;
    const std::size_t turns = session_->turns().size();
    std::erase_if(notes_, [turns](const Note& n) { return n.afterTurns > turns; });
    timer_.stop();
    addNote(DialogueLine::Kind::Status, QStringLiteral("turn %1 taken back").arg(turns + 1));
    finishTick(wasRunning);
    return true;
}

bool ArchitectDriver::rateLastTurn(int rating, const QString& comment) {
    if (!session_ || session_->turns().empty() || session_->running()) {
        addNote(DialogueLine::Kind::Failure, QStringLiteral("no finished turn to rate"));
        return false;
    }
    try {
        session_->rateTurn(session_->turns().size() - 1, rating, comment.toStdString());
    } catch (const std::exception& e) {
        addNote(DialogueLine::Kind::Failure, QString::fromUtf8(e.what()));
        return false;
    }
    addNote(DialogueLine::Kind::Status, QStringLiteral("turn %1 rated %2").arg(session_->turns().size()).arg(rating));
    return true;
}

bool ArchitectDriver::rateSession(int rating, const QString& comment) {
    if (!session_) return false;
    try {
        session_->rateSession(rating, comment.toStdString());
    } catch (const std::exception& e) {
        addNote(DialogueLine::Kind::Failure, QString::fromUtf8(e.what()));
        return false;
    }
    addNote(DialogueLine::Kind::Status, QStringLiteral("session rated %1").arg(rating));
    return true;
}

std::optional<catalog::ArchitectSessionRecord> ArchitectDriver::end() {
    if (!session_) return std::nullopt;
    timer_.stop();
    if (!session_->ended()) session_->end();
    auto record = session_->record();
    emit changed();
    return record;
}

void ArchitectDriver::setPace(int stepsPerTick, int intervalMs, int tickBudgetMs) {
    stepsPerTick_ = std::max(1, stepsPerTick);
    tickBudgetMs_ = std::max(1, tickBudgetMs);
    timer_.setInterval(std::max(0, intervalMs));
}

ArchitectDriver::State ArchitectDriver::state() const noexcept {
    if (!session_) return State::NoSession;
    if (session_->ended()) return State::Ended;
    if (session_->running()) return State::Running;
    if (session_->awaitingAnswer()) return State::AwaitingAnswer;
    return State::Ready;
}

std::vector<DialogueLine> ArchitectDriver::dialogue() const {
    std::vector<DialogueLine> out;
    const std::size_t turns = session_ ? session_->turns().size() : 0;
    for (std::size_t i = 0; i <= turns; ++i) {
        for (const auto& n : notes_)
            if (n.afterTurns == i) out.push_back(n.line);
        if (i < turns)
            for (auto& l : turnLines(session_->turns()[i])) out.push_back(std::move(l));
    }
    return out;
}

void ArchitectDriver::addNote(DialogueLine::Kind kind, const QString& text) {
    notes_.push_back({session_ ? session_->turns().size() : 0, {kind, text}});
    emit changed();
}

const char* stateName(ArchitectDriver::State state) noexcept {
    switch (state) {
    case ArchitectDriver::State::NoSession: return "no session";
    case ArchitectDriver::State::Ready: return "ready";
    case ArchitectDriver::State::Running: return "running";
    case ArchitectDriver::State::AwaitingAnswer: return "awaiting answer";
    case ArchitectDriver::State::Ended: return "ended";
    }
    return "?";
}

std::int64_t storeSession(const QString& catalogPath, const catalog::ArchitectSessionRecord& record) {
    catalog::Catalog cat(catalogPath.toStdString(), catalog::OpenMode::ReadWrite);
    return cat.putArchitectSession(record);
}

}  // namespace iglu::plugins::architect

#include "logic/architect_driver.hpp"

#include <QElapsedTimer>
#include <QEventLoop>

#include <atomic>

#include "core/catalog/catalog.hpp"

namespace iglu::plugins::architect {

namespace arch = ::iglu::architect;

ArchitectDriver::ArchitectDriver(QObject* parent) : QObject(parent) {
    timer_.setInterval(30);
    connect(&timer_, &QTimer::timeout, this, &ArchitectDriver::tick);
    worker_.setMaxThreadCount(1);
    worker_.setExpiryTimeout(-1);
}

ArchitectDriver::~ArchitectDriver() {
    timer_.stop();
    settle(true);  // the worker must be done with the session before it goes
}

const arch::ArchitectSession* ArchitectDriver::session() const {
    settle(false);
    return session_.get();
}

void ArchitectDriver::settle(bool stopTurn) const {
    if (!busy_) return;
    if (stopTurn) session_->requestStop();
    auto* self = const_cast<ArchitectDriver*>(this);  // finishing the batch is not a change the caller asked for
    self->worker_.waitForDone();
    self->batchDone(generation_);
}

void ArchitectDriver::notifyChanged() {
    if (busy_) {
        changedPending_ = true;
        return;
    }
    changedPending_ = false;
    emit changed();
}

bool ArchitectDriver::start(const core::Task& task, const AgentSpec& spec, arch::SessionOptions options) {
    timer_.stop();
    settle(true);
    session_.reset();
    notes_.clear();
    storedId_.reset();
    // The agent starts on the worker (a process agent: spawn, then its hello, up to its hello
    // timeout) while this thread goes on drawing and running timers, without user input (nothing
    // can call the driver meanwhile).
    QString error;
    QEventLoop wait;
    std::atomic<bool> done{false};
    worker_.start([&] {
        try {
            session_ = std::make_unique<arch::ArchitectSession>(task, makeTurnAgent(spec), std::move(options));
        } catch (const std::exception& e) {
            error = QString::fromUtf8(e.what());
        }
        done.store(true);
        QMetaObject::invokeMethod(&wait, &QEventLoop::quit, Qt::QueuedConnection);
    });
    if (!done.load()) wait.exec(QEventLoop::ExcludeUserInputEvents);
    worker_.waitForDone();
    if (!error.isEmpty() || !session_) {
        session_.reset();
        addNote(DialogueLine::Kind::Failure, QStringLiteral("%1 could not start: %2").arg(spec.label, error));
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
    settle(true);  // a new instruction stops the running turn
    try {
        if (session_->awaitingAnswer())
            session_->answer(t.toStdString());
        else
            session_->say(t.toStdString());
    } catch (const std::exception& e) {
        addNote(DialogueLine::Kind::Failure, QString::fromUtf8(e.what()));
        return false;
    }
    // The first batch at once, before anything is drawn: the latency from Say to the first applied
    // action is the agent's (one tick's budget at most), not a frame's.
    timer_.start();
    tick();
    emit turnStarted();  // the dock enables Stop while the agent thinks
    return true;
}

void ArchitectDriver::tick() {
    if (busy_) return;  // the last batch is still on the worker
    if (!session_ || !session_->running()) {
        timer_.stop();
        return;
    }
    busy_ = true;
    busyTurns_ = session_->turns().size();
    const std::uint64_t generation = ++generation_;
    batchError_.clear();
    arch::ArchitectSession* session = session_.get();
    const int steps = stepsPerTick_, budget = tickBudgetMs_;
    worker_.start([this, session, steps, budget, generation] {
        QElapsedTimer clock;
        clock.start();
        try {
            for (int i = 0; i < steps && session->running() && clock.elapsed() < budget; ++i) session->step();
        } catch (const std::exception& e) {
            batchError_ = QString::fromUtf8(e.what());
        }
        // Back on the driver's thread; dropped if the driver is gone (it waits for this batch first).
        QMetaObject::invokeMethod(this, [this, generation] { batchDone(generation); }, Qt::QueuedConnection);
    });
}

void ArchitectDriver::batchDone(std::uint64_t generation) {
    if (!busy_ || generation != generation_) return;  // already taken by settle()
    worker_.waitForDone();  // the worker has posted this: it is finishing
    busy_ = false;
    if (!batchError_.isEmpty()) {
        // AgentFailure is the session's own business; anything else stops the turn, the session goes on.
        session_->stop();
        notes_.push_back({session_->turns().size(), {DialogueLine::Kind::Failure, QStringLiteral("the turn stopped: %1").arg(batchError_)}});
        batchError_.clear();
    }
    finishTick(true);
}

void ArchitectDriver::finishTick(bool wasRunning) {
    const bool running = session_ && session_->running();
    if (!running) timer_.stop();
    notifyChanged();
    if (wasRunning && !running) emit turnEnded();
}

void ArchitectDriver::stop() {
    if (!session_) return;
    if (busy_) {  // the worker is inside step(): the session stops it at once (a waiting agent is woken)
        session_->requestStop();
        return;
    }
    if (!session_->running()) return;
    session_->stop();
    finishTick(true);
}

bool ArchitectDriver::undo() {
    settle(true);
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
    if (busy_ || !session_ || session_->turns().empty() || session_->running()) {
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
    settle(false);
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
    settle(true);
    if (!session_->ended()) session_->end();
    auto record = session_->record();
    notifyChanged();
    return record;
}

bool ArchitectDriver::endedUnstored() const {
    const auto* s = session();
    return s != nullptr && s->ended() && !s->turns().empty() && !storedId_;
}

std::optional<std::int64_t> ArchitectDriver::storeEnded(const std::function<std::int64_t(const catalog::ArchitectSessionRecord&)>& put) {
    if (!endedUnstored()) return std::nullopt;
    try {
        storedId_ = put(session_->record());
    } catch (const std::exception& e) {
        addNote(DialogueLine::Kind::Failure,
                QStringLiteral("Not stored: %1. The session (%2 turns) is kept here: Retry Store, or Export it to a file.")
                    .arg(QString::fromUtf8(e.what()))
                    .arg(session_->turns().size()));
        return std::nullopt;
    }
    addNote(DialogueLine::Kind::Status, QStringLiteral("stored as session #%1").arg(*storedId_));
    return storedId_;
}

void ArchitectDriver::setPace(int stepsPerTick, int intervalMs, int tickBudgetMs) {
    stepsPerTick_ = std::max(1, stepsPerTick);
    tickBudgetMs_ = std::max(1, tickBudgetMs);
    timer_.setInterval(std::max(0, intervalMs));
}

ArchitectDriver::State ArchitectDriver::state() const noexcept {
    if (busy_) return State::Running;
    if (!session_) return State::NoSession;
    if (session_->ended()) return State::Ended;
    if (session_->running()) return State::Running;
    if (session_->awaitingAnswer()) return State::AwaitingAnswer;
    return State::Ready;
}

std::vector<DialogueLine> ArchitectDriver::dialogue() const {
    settle(false);
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
    notes_.push_back({busy_ ? busyTurns_ : session_ ? session_->turns().size() : 0, {kind, text}});
    notifyChanged();
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

std::int64_t exportSession(const QString& path, const catalog::ArchitectSessionRecord& record) {
    catalog::Catalog cat(path.toStdString(), catalog::OpenMode::Create);
    return cat.putArchitectSession(record);
}

}  // namespace iglu::plugins::architect

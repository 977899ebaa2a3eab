#include "architect/architect_session.hpp"

#include <stdexcept>

#include "core/catalog/catalog.hpp"
#include "core/env/env_options.hpp"
#include "core/metrics/metrics.hpp"

namespace iglu::architect {

const char* turnEndName(TurnEnd end) noexcept {
    switch (end) {
        case TurnEnd::Running: return "running";
        case TurnEnd::Done: return "done";
        case TurnEnd::Question: return "question";
        case TurnEnd::Failed: return "failed";
        case TurnEnd::StepBudget: return "step budget";
        case TurnEnd::Stopped: return "stopped";
    }
    return "?";
}

namespace {

core::EnvConfig sessionEnv(core::EnvConfig c) {
    c.targetInObs = false;                      // the builder never sees the target
    c.maxSteps = core::EnvConfig::kMaxSteps;    // turns have their own budget; the world persists
    return c;
}

}  // namespace

class ArchitectSession::Claim {
public:
    explicit Claim(ArchitectSession& s) : s_(s) {
        const auto me = std::this_thread::get_id();
        auto expected = std::thread::id{};
        if (!s_.owner_.compare_exchange_strong(expected, me) && expected != me)
            throw SessionInUse("architect session: used from two threads at once (another thread is inside a call that changes "
                               "it; drive a session from one thread at a time)");
        ++s_.depth_;
    }
    ~Claim() {
        if (--s_.depth_ == 0) s_.owner_.store(std::thread::id{});
    }
    Claim(const Claim&) = delete;
    Claim& operator=(const Claim&) = delete;

private:
    ArchitectSession& s_;
};

ArchitectSession::ArchitectSession(const core::Task& task, std::unique_ptr<TurnAgent> agent, SessionOptions options)
    : task_(task), agent_(std::move(agent)), options_(std::move(options)), env_(sessionEnv(options_.env)) {
    if (!agent_) throw std::invalid_argument("architect session: no agent");
    if (options_.turnStepBudget < 1) throw std::invalid_argument("architect session: the turn step budget must be at least 1");
    options_.env = env_.config();
    agentName_ = agent_->name();
    started_ = catalog::utcNow();
    env_.setTask(task_);
    env_.reset();
    agent_->startSession(env_);
}

ArchitectSession::~ArchitectSession() {
    if (!ended_) agent_->endSession();
}

std::string ArchitectSession::dialog() const {
    std::string out;
    for (const Turn& t : turns_) {
        if (!out.empty()) out += '\n';
        out += "<Architect> " + t.utterance;
        if (t.question) out += "\n<Builder> " + *t.question;
    }
    return out;
}

void ArchitectSession::say(const std::string& utterance) {
    Claim claim(*this);
    beginTurn(utterance, false);
}

void ArchitectSession::answer(const std::string& text) {
    Claim claim(*this);
    if (!awaitingAnswer()) throw std::logic_error("architect session: there is no question to answer");
    beginTurn(text, true);
}

void ArchitectSession::beginTurn(std::string utterance, bool answer) {
    if (ended_) throw std::logic_error("architect session: the session has ended");
    if (utterance.find_first_not_of(" \t\r\n") == std::string::npos) throw std::logic_error("architect session: empty utterance");
    for (char& c : utterance)
        if (c == '\n' || c == '\r') c = ' ';  // one line per utterance in the dialogue layout
    stop();
    stopRequested_.store(false);
    Turn t;
    t.utterance = std::move(utterance);
    t.answer = answer;
    t.agent = agentName_;
    t.startWorld = env_.grid();
    t.belief = belief_;
    turns_.push_back(std::move(t));
    recorder_.begin(env_, core::RolloutKind::Agent, options_.source, static_cast<std::size_t>(std::min(options_.turnStepBudget, 1000)));
    recorder_.rollout().taskId = task_.id;
    turnStarted_ = std::chrono::steady_clock::now();
    try {
        agent_->beginTurn(env_, dialog());
    } catch (const AgentFailure& e) {
        turns_.back().failure = e.what();
        finishTurn(TurnEnd::Failed);
    }
}

bool ArchitectSession::step() {
    Claim claim(*this);
    if (!running()) return false;
    Turn& t = turns_.back();
    if (stopRequested_.load()) {
        finishTurn(TurnEnd::Stopped);
        return true;
    }
    if (static_cast<int>(t.actions.size()) >= options_.turnStepBudget) {
        finishTurn(TurnEnd::StepBudget);
        return true;
    }
    AgentMove move;
    try {
        move = agent_->act(env_);
    } catch (const AgentFailure& e) {
        if (!stopRequested_.load()) t.failure = e.what();  // else: it gave up because it was asked to
        finishTurn(stopRequested_.load() ? TurnEnd::Stopped : TurnEnd::Failed);
        return true;
    }
    if (stopRequested_.load()) {  // stopped while it thought: its move is dropped
        finishTurn(TurnEnd::Stopped);
        return true;
    }
    if (move.belief) {
        belief_ = std::move(move.belief);
        recorder_.publishBelief(*belief_);
    }
    if (move.question) {
        t.question = std::move(move.question);
        finishTurn(TurnEnd::Question);
        return true;
    }
    if (!move.action) {
        finishTurn(TurnEnd::Done);
        return true;
    }
    core::StepResult result;
    try {
        result = env_.step(*move.action);
    } catch (const std::exception& e) {
        t.failure = agentName_ + ": invalid action: " + e.what();
        finishTurn(TurnEnd::Failed);
        return true;
    }
    if (t.actions.empty())
        t.firstActionSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - turnStarted_).count();
    t.actions.push_back(*move.action);
    recorder_.record(env_, result, *move.action);
    return true;
}

TurnEnd ArchitectSession::runTurn() {
    Claim claim(*this);
    while (running()) step();
    return turns_.empty() ? TurnEnd::Done : turns_.back().end;
}

void ArchitectSession::stop() {
    Claim claim(*this);
    if (running()) finishTurn(TurnEnd::Stopped);
}

void ArchitectSession::requestStop() noexcept {
    stopRequested_.store(true);
    agent_->interrupt();
}

void ArchitectSession::finishTurn(TurnEnd end) {
    Turn& t = turns_.back();
    t.end = end;
    t.endWorld = env_.grid();
    t.rollout = recorder_.take();
    t.belief = belief_;
    t.f1 = core::score(task_.target, t.endWorld).f1;
    t.iglu2022F1 = core::iglu2022Evaluate(task_.target, task_.starting, t.endWorld).f1;
    t.predictionF1.reset();
    if (t.belief) t.predictionF1 = core::score(task_.target, *t.belief).f1;
}

void ArchitectSession::resetWorld() {
    env_ = core::Environment(options_.env);  // same address: views of it (the agent's) stay valid
    env_.setTask(task_);
    env_.reset();
    for (const Turn& t : turns_)
        for (const core::Action& a : t.actions) env_.step(a);
}

bool ArchitectSession::undo() {
    Claim claim(*this);
    if (turns_.empty()) return false;
    stop();
    turns_.pop_back();
    resetWorld();
    belief_ = turns_.empty() ? std::nullopt : turns_.back().belief;
    return true;
}

void ArchitectSession::rateTurn(std::size_t turn, int rating, const std::string& comment) {
    Claim claim(*this);
    if (turn >= turns_.size()) throw std::out_of_range("architect session: no turn " + std::to_string(turn + 1));
    if (rating < 1 || rating > 5) throw std::out_of_range("architect session: a rating is 1..5, got " + std::to_string(rating));
    turns_[turn].rating = rating;
    turns_[turn].comment = comment;
}

void ArchitectSession::rateSession(int rating, const std::string& comment) {
    Claim claim(*this);
    if (rating < 1 || rating > 5) throw std::out_of_range("architect session: a rating is 1..5, got " + std::to_string(rating));
    rating_ = rating;
    comment_ = comment;
}

void ArchitectSession::end() {
    Claim claim(*this);
    if (ended_) return;
    stop();
    ended_ = true;
    agent_->endSession();
}

double ArchitectSession::f1() const { return core::score(task_.target, env_.grid()).f1; }

double ArchitectSession::iglu2022F1() const { return core::iglu2022Evaluate(task_.target, task_.starting, env_.grid()).f1; }

catalog::ArchitectSessionRecord ArchitectSession::record() const {
    catalog::ArchitectSessionRecord r;
    r.taskId = task_.id;
    r.agent = agentName_;
    core::EnvOptions env;
    env.config = options_.env;
    r.env = core::envOptionsJson(env);
    r.turnStepBudget = options_.turnStepBudget;
    r.started = started_;
    r.startWorld = task_.starting;
    r.f1 = f1();
    r.iglu2022F1 = iglu2022F1();
    r.rating = rating_;
    r.comment = comment_;
    int n = 0;
    for (const Turn& t : turns_) {
        catalog::ArchitectTurnRecord out;
        out.turn = n++;
        out.utterance = t.utterance;
        out.answer = t.answer;
        out.agent = t.agent;
        out.question = t.question;
        out.failure = t.failure;
        out.end = turnEndName(t.end);
        out.startWorld = t.startWorld;
        out.endWorld = t.end == TurnEnd::Running ? env_.grid() : t.endWorld;
        out.rollout = t.end == TurnEnd::Running ? recorder_.rollout() : t.rollout;
        out.f1 = t.f1;
        out.iglu2022F1 = t.iglu2022F1;
        out.belief = t.belief;
        out.predictionF1 = t.predictionF1;
        out.rating = t.rating;
        out.comment = t.comment;
        r.turns.push_back(std::move(out));
    }
    return r;
}

std::optional<core::Belief> ArchitectSession::currentBelief() const {
    if (!belief_) return std::nullopt;
    const auto& beliefs = recorder_.rollout().beliefs;
    const std::uint32_t step = running() && !beliefs.empty() && beliefs.back().blocks == *belief_ ? beliefs.back().step : 0;
    return core::Belief{step, *belief_};
}

}  // namespace iglu::architect

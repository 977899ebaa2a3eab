#include "play_session.hpp"

namespace iglu::plugins::play {

namespace {

constexpr const char* kNames[kCommandCount] = {
    "forward",  "back",     "left",     "right",    "up",       "down",     "turn_left", "turn_right", "look_up",
    "look_down", "colour_1", "colour_2", "colour_3", "colour_4", "colour_5", "colour_6", "place",      "break"};

constexpr double kLookStep = 5.0;  // degrees: the walking action space's camera step

}  // namespace

const char* commandName(Command c) noexcept {
    const int i = static_cast<int>(c);
    return i >= 0 && i < kCommandCount ? kNames[i] : "?";
}

std::optional<int> walkingAction(Command c) noexcept {
    switch (c) {
        case Command::Forward: return 1;
        case Command::Back: return 2;
        case Command::Left: return 3;
        case Command::Right: return 4;
        case Command::Up: return 5;
        case Command::Down: return std::nullopt;
        case Command::TurnLeft: return 12;
        case Command::TurnRight: return 13;
        case Command::LookUp: return 15;
        case Command::LookDown: return 14;
        case Command::Colour1: case Command::Colour2: case Command::Colour3:
        case Command::Colour4: case Command::Colour5: case Command::Colour6:
            return 6 + (static_cast<int>(c) - static_cast<int>(Command::Colour1));
        case Command::Place: return 17;
        case Command::Break: return 16;
    }
    return std::nullopt;
}

core::Action flyingAction(Command c) noexcept {
    std::array<double, 3> move{0, 0, 0};
    std::array<double, 2> camera{0, 0};
    int inventory = 0, placement = 0;
    switch (c) {
        case Command::Forward: move[0] = -1; break;
        case Command::Back: move[0] = 1; break;
        case Command::Left: move[1] = -1; break;
        case Command::Right: move[1] = 1; break;
        case Command::Up: move[2] = 1; break;
        case Command::Down: move[2] = -1; break;
        case Command::TurnLeft: camera[0] = -kLookStep; break;
        case Command::TurnRight: camera[0] = kLookStep; break;
        case Command::LookUp: camera[1] = kLookStep; break;
        case Command::LookDown: camera[1] = -kLookStep; break;
        case Command::Colour1: case Command::Colour2: case Command::Colour3:
        case Command::Colour4: case Command::Colour5: case Command::Colour6:
            inventory = 1 + (static_cast<int>(c) - static_cast<int>(Command::Colour1));
            break;
        case Command::Place: placement = 1; break;
        case Command::Break: placement = 2; break;
    }
    // Every value is finite and in range, so Action::flying cannot throw here.
    return core::Action::flying(move, camera, inventory, placement);
}

PlaySession::PlaySession(PlayOptions options) : options_(options) {
    for (int i = 0; i < kCommandCount; ++i) flying_[static_cast<std::size_t>(i)] = flyingAction(static_cast<Command>(i));
    env_.emplace(envConfig());
    reset();
}

core::EnvConfig PlaySession::envConfig() const {
    core::EnvConfig c;
    c.actionSpace = options_.actionSpace;
    c.maxSteps = options_.maxSteps;
    c.doneAfterMaxSteps = true;
    c.povInObs = true;
    c.pov = options_.pov;
    c.resetClearsAgentState = true;  // every episode a player starts is a fresh one
    return c;
}

void PlaySession::setTask(const core::Task& task) {
    task_ = task;
    hasTask_ = true;
    env_->setTask(task_);
    reset();
}

void PlaySession::clearTask() {
    setTask(core::Task{});
    hasTask_ = false;
}

void PlaySession::setActionSpace(core::ActionSpace space) {
    options_.actionSpace = space;
    env_.emplace(envConfig());
    env_->setTask(task_);
    reset();
}

void PlaySession::reset() {
    env_->reset();
    lastReward_ = return_ = 0;
    done_ = false;
    recorder_.begin(*env_, core::RolloutKind::Human, std::string(), static_cast<std::size_t>(options_.maxSteps));
}

Outcome PlaySession::apply(Command c) {
    Outcome out;
    if (done_) return out;
    if (options_.actionSpace == core::ActionSpace::Walking) {
        const auto id = walkingAction(c);
        if (!id) return out;
        out.result = env_->step(*id);
        recorder_.record(*env_, out.result, *id);
    } else {
        out.result = env_->step(flying_[static_cast<std::size_t>(c)]);
        recorder_.record(*env_, out.result, flying_[static_cast<std::size_t>(c)]);
    }
    out.stepped = true;
    lastReward_ = out.result.reward;
    return_ += out.result.reward;
    done_ = out.result.done;
    return out;
}

}  // namespace iglu::plugins::play

#include "core/env/environment.hpp"

#include <stdexcept>

#include <algorithm>
#include <cmath>

#include "core/env/inventory.hpp"

namespace iglu::core {

Environment::Environment(EnvConfig config) : config_(config) {
    if (config_.povInObs) {
        pov_.emplace(config_.pov);
        povPixels_.resize(pov_->frameBytes());
    }
    agent_.flying = config_.actionSpace == ActionSpace::Flying;
    agent_.inventory.fill(physics::kInitialInventory);
    setTask(Task{});
    reset();
}

PreparedTask::PreparedTask(const Task& task)
    : task_{task.id, task.dialog, task.instruction, task.starting, task.target, {}},
      synthetic_(task.target.minus(task.starting)),
      real_(task.target) {}

void Environment::setTask(const Task& task) {
    task_ = task;
    synthetic_.setTarget(task_.target.minus(task_.starting));
    real_.setTarget(task_.target);
}

void Environment::setTask(const PreparedTask& task) {
    task_ = task.task_;
    synthetic_ = task.synthetic_;
    real_ = task.real_;
}

void Environment::setTask(const Task& task, const PreparedTask& tables) {
    if (!(task.target == tables.task_.target) || !(task.starting == tables.task_.starting))
        throw std::invalid_argument("setTask: the prepared tables are of another target or starting grid");
    task_ = task;
    synthetic_ = tables.synthetic_;
    real_ = tables.real_;
}

const Observation& Environment::reset() {
    stepNo_ = 0;
    grid_ = task_.starting;
    agent_.x = agent_.y = agent_.z = 0;
    agent_.yaw = agent_.pitch = 0;
    agent_.inventory = initialInventory(grid_);  // the one inventory rule (env/inventory.hpp)
    if (config_.resetClearsAgentState) {
        agent_.dy = 0;
        agent_.strafe0 = agent_.strafe1 = 0;
        agent_.timeIntSteps = 2;
        agent_.activeBlock = 1;
    }
    synthetic_.reset(Grid{});
    real_.reset(grid_);
    envMaxInt_ = real_.value();
    diffSize_ = prevSize_ = 0;
    maxInt_ = prevMaxInt_ = 0;
    right_ = wrong_ = 0;

    obs_ = Observation{};
    for (std::size_t i = 0; i < agent_.inventory.size(); ++i) obs_.inventory[i] = static_cast<float>(agent_.inventory[i]);
    obs_.grid = &grid_;
    obs_.targetGrid = config_.targetInObs ? &task_.target : nullptr;
    obs_.dialog = task_.instruction;
    renderPov();
    return obs_;
}

void Environment::renderPov() noexcept {
    if (!pov_) return;
    pov_->render(grid_, Pose{agent_.x, agent_.y, agent_.z, agent_.yaw, agent_.pitch}, povPixels_);
    obs_.pov = povPixels_;
}

void Environment::setCell(int idx, int value) noexcept {
    const int old = grid_.cell(idx);
    const int start = task_.starting.cell(idx);
    grid_.setCell(idx, static_cast<std::int8_t>(value));
    real_.update(idx, old, value);
    const int oldDiff = old - start, newDiff = value - start;
    synthetic_.update(idx, oldDiff, newDiff);
    diffSize_ += (newDiff != 0) - (oldDiff != 0);
}

HitTest Environment::hitTest() const noexcept {
    return castRay(grid_, agent_.x, agent_.y, agent_.z, agent_.yaw, agent_.pitch);
}

bool Environment::placeOrBreak(bool place, bool breakBlock) noexcept {
    if (place == breakBlock) return false;  // neither, or both (the reference then does nothing)
    const HitTest h = hitTest();
    if (place) {
        auto& count = agent_.inventory[static_cast<std::size_t>(agent_.activeBlock - 1)];
        if (count <= 0 || !canPlace(h, agent_.x, agent_.y, agent_.z)) return false;
        setCell(Grid::index(h.px, h.py, h.pz), agent_.activeBlock);
        --count;
        return true;
    }
    if (!canBreak(h)) return false;  // nothing hit, or the floor (it can never be broken)
    setCell(Grid::index(h.x, h.y, h.z), 0);
    ++agent_.inventory[static_cast<std::size_t>(h.colour - 1)];
    return true;
}

void Environment::collide(double& px, double& py, double& pz) noexcept {
    double p[3] = {px, py, pz};
    const int n[3] = {roundHalfEven(px), roundHalfEven(py), roundHalfEven(pz)};
    // Faces in the reference's order: up, down, -x, +x, +z, -z.
    static constexpr int kFaces[6][2] = {{1, 1}, {1, -1}, {0, -1}, {0, 1}, {2, 1}, {2, -1}};  // {axis, sign}
    for (const auto& [axis, sign] : kFaces) {
        const double d = (p[axis] - n[axis]) * sign;
        if (d < physics::kPad) continue;
        for (int k = 0; k < 2; ++k) {  // the player is 2 blocks tall
            int op[3] = {n[0], n[1] - k, n[2]};
            op[axis] += sign;
            if (solidAt(grid_, op[0], op[1], op[2]) == 0) continue;
            p[axis] -= (d - physics::kPad) * sign;
            if (axis == 1) agent_.dy = 0;
            break;
        }
    }
    px = p[0], py = p[1], pz = p[2];
}

void Environment::subStep(double subDt, double vx, double vy, double vz) noexcept {
    const double speed = agent_.flying ? physics::kFlyingSpeed : physics::kWalkingSpeed;
    const double d = subDt * speed;
    const double dx = vx * d, dz = vz * d;
    double dy = vy * d;
    if (!agent_.flying) {
        agent_.dy -= subDt * physics::kGravity;
        agent_.timeIntSteps = agent_.dy < -14 ? 12 : agent_.dy < -10 ? 8 : agent_.dy < -5 ? 4 : 2;
        agent_.dy = std::max(agent_.dy, -physics::kTerminalVelocity);
    }
    dy += agent_.dy * subDt;
    double cx = agent_.x + dx, cy = agent_.y + dy, cz = agent_.z + dz;
    if (inBuildZone(cx, cy, cz, 2)) {
        collide(cx, cy, cz);
    } else if (!agent_.flying) {
        cx = agent_.x, cy = agent_.y + dy, cz = agent_.z;
        collide(cx, cy, cz);
    } else {
        return;
    }
    agent_.x = cx, agent_.y = cy, agent_.z = cz;
}

void Environment::update() noexcept {
    // The motion vector depends only on strafe, rotation and flying, which are constant here.
    double vx = 0, vy = 0, vz = 0;
    const double s0 = agent_.strafe0, s1 = agent_.strafe1;
    if (s0 != 0 || s1 != 0) {
        const double strafeDeg = std::atan2(s0, s1) * kRadToDeg;
        const double yAngle = agent_.pitch * kDegToRad;
        const double xAngle = (agent_.yaw + strafeDeg) * kDegToRad;
        if (agent_.flying) {
            double m = std::cos(yAngle);
            vy = std::sin(yAngle);
            if (s1 != 0) {
                vy = 0.0;
                m = 1;
            }
            if (s0 > 0) vy = -vy;
            vx = std::cos(xAngle) * m;
            vz = std::sin(xAngle) * m;
        } else {
            vx = std::cos(xAngle);
            vz = std::sin(xAngle);
        }
    }
    int m = agent_.timeIntSteps;
    if (config_.fixTunnelling && agent_.flying) {
        // Longest per-axis move of this step; sub-steps no longer than 0.2 cannot cross 0.25.
        const double reach = std::max({std::abs(vx), std::abs(vz), std::abs(vy) + std::abs(agent_.dy) / physics::kFlyingSpeed}) *
                             physics::kStepDt * physics::kFlyingSpeed;
        m = std::max(m, static_cast<int>(std::ceil(reach / 0.2)));
    }
    const double subDt = std::min(physics::kStepDt, 0.2) / m;
    for (int i = 0; i < m; ++i) subStep(subDt, vx, vy, vz);
    agent_.strafe0 = agent_.strafe1 = 0;
    if (agent_.flying) agent_.dy = 0;
}

StepResult Environment::step(const Action& input) {
    input.validate();  // throws before anything changes
    Action a = input;
    ++stepNo_;
    if (config_.selectAndPlace && a.colour != 0) {
        a.place = true;
        a.breakBlock = false;
    }
    // movement
    agent_.strafe0 += a.strafe0;
    agent_.strafe1 += a.strafe1;
    if (a.vertical != 0 && agent_.dy == 0) agent_.dy = physics::kJumpSpeed * a.vertical;
    if (agent_.flying && a.vertical == 0) agent_.dy = 0;
    if (a.colour != 0) agent_.activeBlock = a.colour;
    // camera
    agent_.yaw += a.dyaw;
    agent_.pitch = std::max(-90.0, std::min(90.0, agent_.pitch + a.dpitch));
    // place / break with the pose before the physics update
    const bool changed = placeOrBreak(a.place, a.breakBlock);
    update();
    // The reference wraps with loops, so 360 stays 360. Astronomic deltas are reduced first.
    if (std::abs(agent_.yaw) > 360.0 * 1e6) agent_.yaw = std::fmod(agent_.yaw, 360.0);
    while (agent_.yaw > 360.0) agent_.yaw -= 360.0;
    while (agent_.yaw < 0.0) agent_.yaw += 360.0;
    return finishStep(changed);
}

StepResult Environment::applyChanges(std::span<const BlockChange> changes) noexcept {
    ++stepNo_;
    bool changed = false;
    for (const BlockChange& c : changes) {
        if (!Grid::inZone(c.x, c.y, c.z)) continue;
        const int idx = Grid::index(c.x, c.y, c.z);
        if (grid_.cell(idx) == c.after) continue;
        setCell(idx, c.after);
        changed = true;
    }
    return finishStep(changed);
}

StepResult Environment::finishStep(bool changed) noexcept {
    // Reward from the synthetic task; max_int is refreshed only when the diff size changed.
    const int size = diffSize_;
    wrong_ = prevSize_ - size;
    if (wrong_ != 0) maxInt_ = synthetic_.value();
    right_ = maxInt_ - prevMaxInt_;
    StepResult r;
    r.reward = right_ != 0 ? right_ * config_.rightPlacementScale : wrong_ * config_.wrongPlacementScale;
    prevMaxInt_ = maxInt_;
    prevSize_ = size;
    const bool limit = config_.doneAfterMaxSteps ? stepLimitReached() : stepNo_ == config_.maxSteps;
    r.done = terminated() || limit;
    r.gridChanged = changed;
    fillObservation();
    return r;
}

void Environment::fillObservation() noexcept {
    for (std::size_t i = 0; i < agent_.inventory.size(); ++i) obs_.inventory[i] = static_cast<float>(agent_.inventory[i]);
    obs_.agentPos = {static_cast<float>(agent_.x), static_cast<float>(agent_.y), static_cast<float>(agent_.z),
                     static_cast<float>(agent_.pitch), static_cast<float>(agent_.yaw)};
    obs_.compass[0] = static_cast<float>(agent_.yaw - 180.0);
    renderPov();
}

Scores Environment::scores() const noexcept {
    Scores s = scoreFromCounts(real_.value(), real_.targetSize(), grid_.count());
    s.alignment = real_.argmax();
    return s;
}

void Environment::setPose(double x, double y, double z, double yaw, double pitch) noexcept {
    agent_.x = x, agent_.y = y, agent_.z = z;
    agent_.yaw = yaw, agent_.pitch = pitch;
    fillObservation();
}

}  // namespace iglu::core

// The rollouts table (Catalog::putRollout, rollout, rollouts): human tapes and agent episodes'
// rollouts with their packed frames (frame_codec.hpp) and the beliefs an agent published.
#include <algorithm>
#include <string>

#include "catalog_impl.hpp"
#include "frame_codec.hpp"

namespace iglu::catalog {

using namespace detail;

namespace {

/// The rollouts.kind column as stored by putRollout (static_cast<int>(kind): 0 human, 1 agent).
core::RolloutKind rolloutKind(int column) {
    return column == static_cast<int>(core::RolloutKind::Agent) ? core::RolloutKind::Agent : core::RolloutKind::Human;
}

}  // namespace

std::int64_t Catalog::putRollout(const core::Rollout& r) {
    std::int64_t id = 0;
    transaction([&] {
        auto& db = impl_->db;
        if (r.kind == core::RolloutKind::Human) {
            auto& del = db.prepare("DELETE FROM rollouts WHERE task_id = ?1 AND source = ?2 AND kind = 0");
            del.bind(1, r.taskId).bind(2, r.source).run();
        }
        auto& ins = db.prepare(
            "INSERT INTO rollouts(task_id, kind, source, starting, start_x, start_y, start_z, start_yaw, start_pitch, "
            "n_frames, n_changes, total_reward, frames, created) "
            "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)");
        ins.bind(1, r.taskId).bind(2, static_cast<int>(r.kind)).bind(3, r.source).bindBlob(4, encodeGrid(r.starting));
        ins.bind(5, r.startPose.x).bind(6, r.startPose.y).bind(7, r.startPose.z);
        ins.bind(8, r.startPose.yaw).bind(9, r.startPose.pitch);
        ins.bind(10, static_cast<std::int64_t>(r.frames.size())).bind(11, static_cast<std::int64_t>(r.changes.size()));
        ins.bind(12, r.totalReward()).bindBlob(13, encodeFrames(r)).bind(14, utcNow()).run();
        id = db.lastInsertId();
        auto& belief = db.prepare("INSERT INTO rollout_beliefs(rollout_id, step, blocks) VALUES(?1, ?2, ?3)");
        for (const core::Belief& b : r.beliefs) {
            belief.reset();
            belief.bind(1, id).bind(2, static_cast<std::int64_t>(b.step)).bindBlob(3, encodeGrid(b.blocks)).run();
        }
    });
    return id;
}

std::optional<core::Rollout> Catalog::rollout(std::int64_t id) const {
    auto& db = impl_->db;
    auto& s = db.prepare(
        "SELECT task_id, kind, source, starting, start_x, start_y, start_z, start_yaw, start_pitch, n_frames, n_changes, "
        "frames FROM rollouts WHERE id = ?1");
    s.bind(1, id);
    if (!s.step()) return std::nullopt;
    core::Rollout r;
    r.id = id;
    r.taskId = s.text(0);
    r.kind = rolloutKind(s.int32(1));
    r.source = s.text(2);
    const std::string what = db.path() + ": rollout " + std::to_string(id);
    r.starting = decodeGrid(s.blob(3), db.path(), "the starting grid of rollout " + std::to_string(id));
    r.startPose = {s.real(4), s.real(5), s.real(6), s.real(7), s.real(8)};
    auto blob = s.blob(11);
    // The stored counts are hints: a damaged row must not reserve more than its blob can hold
    // (an encoded frame takes at least 60 bytes, a block change 5; frame_codec.cpp).
    const auto fit = [&](std::int64_t n, std::size_t bytesEach) {
        return static_cast<std::size_t>(std::clamp<std::int64_t>(n, 0, static_cast<std::int64_t>(blob.size() / bytesEach)));
    };
    r.frames.reserve(fit(s.int64(9), 60));
    r.changes.reserve(fit(s.int64(10), 5));
    decodeFrames(blob.data(), blob.size(), r, what);
    s.reset();
    if (impl_->version >= 4) {  // older catalogs (read as they are) hold no beliefs
        auto& b = db.prepare("SELECT step, blocks FROM rollout_beliefs WHERE rollout_id = ?1 ORDER BY step");
        b.bind(1, id);
        while (b.step()) {
            const std::int64_t step = b.int64(0);
            if (step < 0 || step > static_cast<std::int64_t>(r.frames.size()))
                throw CatalogError(what + ": corrupt belief step " + std::to_string(step) + " (" +
                                   std::to_string(r.frames.size()) + " frames)");
            r.beliefs.push_back({static_cast<std::uint32_t>(step),
                                 decodeGrid(b.blob(1), db.path(), "the belief at step " + std::to_string(step) + " of rollout " +
                                                                      std::to_string(id))});
        }
        b.reset();
    }
    return r;
}

std::vector<RolloutSummary> Catalog::rollouts(const std::string& taskId) const {
    auto& s = impl_->db.prepare(
        "SELECT id, task_id, kind, source, n_frames, n_changes, total_reward FROM rollouts WHERE task_id = ?1 ORDER BY id");
    s.bind(1, taskId);
    std::vector<RolloutSummary> out;
    while (s.step()) {
        RolloutSummary r;
        r.id = s.int64(0);
        r.taskId = s.text(1);
        r.kind = rolloutKind(s.int32(2));
        r.source = s.text(3);
        r.frames = s.int32(4);
        r.blockChanges = s.int32(5);
        r.totalReward = s.real(6);
        out.push_back(std::move(r));
    }
    return out;
}

}  // namespace iglu::catalog

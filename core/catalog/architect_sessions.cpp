// Catalog storage of architect sessions and of the human evaluation of agents (schema version 5).
#include <map>

#include "catalog_impl.hpp"

namespace iglu::catalog {

using namespace detail;

namespace {

void bindOptionalInt(sql::Statement& s, int i, const std::optional<int>& v) {
    if (v) s.bind(i, *v);
    else s.bindNull(i);
}

std::optional<int> optionalInt(const sql::Statement& s, int col) {
    if (s.isNull(col)) return std::nullopt;
    return s.int32(col);
}

void checkRating(const std::optional<int>& r, const std::string& where) {
    if (r && (*r < 1 || *r > 5)) throw CatalogError(where + ": rating " + std::to_string(*r) + " is not 1..5");
}

}  // namespace

std::int64_t Catalog::putArchitectSession(const ArchitectSessionRecord& session) {
    std::int64_t id = 0;
    checkRating(session.rating, path() + ": architect session");
    for (const auto& t : session.turns) checkRating(t.rating, path() + ": architect session turn " + std::to_string(t.turn));
    transaction([&] {
        auto& db = impl_->db;
        auto& s = db.prepare(
            "INSERT INTO architect_sessions(task_id, agent, env, turn_step_budget, started, ended, start_world, f1, iglu2022_f1, "
            "rating, comment) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)");
        s.bind(1, session.taskId).bind(2, session.agent).bind(3, session.env).bind(4, session.turnStepBudget);
        s.bind(5, session.started.empty() ? utcNow() : session.started).bind(6, session.ended.empty() ? utcNow() : session.ended);
        s.bindBlob(7, encodeGrid(session.startWorld)).bind(8, session.f1).bind(9, session.iglu2022F1);
        bindOptionalInt(s, 10, session.rating);
        s.bind(11, session.comment);
        s.run();
        id = db.lastInsertId();
        for (const ArchitectTurnRecord& t : session.turns) {
            core::Rollout rollout = t.rollout;
            rollout.id = 0;
            rollout.taskId = session.taskId;
            rollout.kind = core::RolloutKind::Agent;
            rollout.source = "architect:" + std::to_string(id);
            const std::int64_t rolloutId = putRollout(rollout);
            auto& ins = db.prepare(
                "INSERT INTO architect_turns(session_id, turn, utterance, answer, agent, question, failure, end_reason, start_world, "
                "end_world, rollout_id, f1, iglu2022_f1, belief, prediction_f1, rating, comment) "
                "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)");
            ins.bind(1, id).bind(2, t.turn).bind(3, t.utterance).bind(4, t.answer ? 1 : 0).bind(5, t.agent);
            if (t.question) ins.bind(6, *t.question);
            else ins.bindNull(6);
            ins.bind(7, t.failure).bind(8, t.end).bindBlob(9, encodeGrid(t.startWorld)).bindBlob(10, encodeGrid(t.endWorld));
            ins.bind(11, rolloutId).bind(12, t.f1).bind(13, t.iglu2022F1);
            if (t.belief) ins.bindBlob(14, encodeGrid(*t.belief));
            else ins.bindNull(14);
            if (t.predictionF1) ins.bind(15, *t.predictionF1);
            else ins.bindNull(15);
            bindOptionalInt(ins, 16, t.rating);
            ins.bind(17, t.comment);
            ins.run();
        }
    });
    return id;
}

std::optional<ArchitectSessionRecord> Catalog::architectSession(std::int64_t id) const {
    if (impl_->version < 5) return std::nullopt;  // an older catalog read as it is holds none
    auto& db = impl_->db;
    auto& s = db.prepare(
        "SELECT task_id, agent, env, turn_step_budget, started, ended, start_world, f1, iglu2022_f1, rating, comment "
        "FROM architect_sessions WHERE id = ?1");
    s.bind(1, id);
    if (!s.step()) return std::nullopt;
    ArchitectSessionRecord r;
    r.id = id;
    r.taskId = s.text(0);
    r.agent = s.text(1);
    r.env = s.text(2);
    r.turnStepBudget = s.int32(3);
    r.started = s.text(4);
    r.ended = s.text(5);
    const std::string what = "architect session " + std::to_string(id);
    r.startWorld = decodeGrid(s.blob(6), db.path(), "the start world of " + what);
    r.f1 = s.real(7);
    r.iglu2022F1 = s.real(8);
    r.rating = optionalInt(s, 9);
    r.comment = s.text(10);
    s.reset();
    auto& t = db.prepare(
        "SELECT turn, utterance, answer, agent, question, failure, end_reason, start_world, end_world, rollout_id, f1, "
        "iglu2022_f1, belief, prediction_f1, rating, comment FROM architect_turns WHERE session_id = ?1 ORDER BY turn");
    t.bind(1, id);
    while (t.step()) {
        ArchitectTurnRecord turn;
        turn.turn = t.int32(0);
        const std::string where = what + " turn " + std::to_string(turn.turn);
        turn.utterance = t.text(1);
        turn.answer = t.int64(2) != 0;
        turn.agent = t.text(3);
        if (!t.isNull(4)) turn.question = t.text(4);
        turn.failure = t.text(5);
        turn.end = t.text(6);
        turn.startWorld = decodeGrid(t.blob(7), db.path(), "the start world of " + where);
        turn.endWorld = decodeGrid(t.blob(8), db.path(), "the end world of " + where);
        turn.rolloutId = t.isNull(9) ? 0 : t.int64(9);
        turn.f1 = t.real(10);
        turn.iglu2022F1 = t.real(11);
        if (!t.isNull(12)) turn.belief = decodeGrid(t.blob(12), db.path(), "the belief of " + where);
        if (!t.isNull(13)) turn.predictionF1 = t.real(13);
        turn.rating = optionalInt(t, 14);
        turn.comment = t.text(15);
        r.turns.push_back(std::move(turn));
    }
    t.reset();
    for (auto& turn : r.turns) {
        if (turn.rolloutId == 0) continue;
        if (auto stored = rollout(turn.rolloutId)) turn.rollout = std::move(*stored);
    }
    return r;
}

std::vector<ArchitectSessionSummary> Catalog::architectSessions() const {
    std::vector<ArchitectSessionSummary> out;
    if (impl_->version < 5) return out;
    auto& s = impl_->db.prepare(
        "SELECT s.id, s.task_id, s.agent, s.started, (SELECT COUNT(*) FROM architect_turns t WHERE t.session_id = s.id), "
        "s.f1, s.iglu2022_f1, s.rating FROM architect_sessions s ORDER BY s.id");
    while (s.step()) {
        ArchitectSessionSummary r;
        r.id = s.int64(0);
        r.taskId = s.text(1);
        r.agent = s.text(2);
        r.started = s.text(3);
        r.turns = s.int32(4);
        r.f1 = s.real(5);
        r.iglu2022F1 = s.real(6);
        r.rating = optionalInt(s, 7);
        out.push_back(std::move(r));
    }
    return out;
}

void Catalog::putHumanFeedback(std::span<const HumanFeedbackRecord> rows) {
    transaction([&] {
        auto& s = impl_->db.prepare(
            "INSERT OR REPLACE INTO human_feedback(hit_id, game_id, task_id, agent, chosen_best, comment, completion_code, source) "
            "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
        for (const auto& r : rows) {
            s.reset();
            s.bind(1, r.hitId).bind(2, r.gameId).bind(3, r.taskId).bind(4, r.agent);
            if (r.chosenBest) s.bind(5, *r.chosenBest ? 1 : 0);
            else s.bindNull(5);
            s.bind(6, r.comment).bind(7, r.completionCode).bind(8, r.source);
            s.run();
        }
    });
}

std::vector<HumanFeedbackRecord> Catalog::humanFeedback() const {
    std::vector<HumanFeedbackRecord> out;
    if (impl_->version < 5) return out;
    auto& s = impl_->db.prepare(
        "SELECT hit_id, game_id, task_id, agent, chosen_best, comment, completion_code, source FROM human_feedback ORDER BY rowid");
    while (s.step()) {
        HumanFeedbackRecord r;
        r.hitId = s.text(0);
        r.gameId = s.text(1);
        r.taskId = s.text(2);
        r.agent = s.text(3);
        if (!s.isNull(4)) r.chosenBest = s.int64(4) != 0;
        r.comment = s.text(5);
        r.completionCode = s.text(6);
        r.source = s.text(7);
        out.push_back(std::move(r));
    }
    return out;
}

std::vector<FeedbackSummary> Catalog::feedbackSummary() const {
    std::map<std::string, FeedbackSummary> by;
    for (const HumanFeedbackRecord& r : humanFeedback()) {
        FeedbackSummary& f = by[r.agent];
        f.agent = r.agent;
        ++f.rows;
        if (r.chosenBest) {
            ++f.judged;
            if (*r.chosenBest) ++f.chosenBest;
        }
        if (!r.comment.empty()) ++f.comments;
    }
    std::vector<FeedbackSummary> out;
    for (auto& [name, f] : by) out.push_back(std::move(f));
    return out;
}

}  // namespace iglu::catalog

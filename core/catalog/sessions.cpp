// The sessions and utterances tables (Catalog::putSessions, sessionTurns, utterances, ...): the
// multi-turn builder sessions, whose turns are tasks, and their dialogs.
#include <string>

#include "catalog_impl.hpp"

namespace iglu::catalog {

void Catalog::putSessions(std::span<const SessionRecord> sessions) {
    transaction([&] {
        auto& s = impl_->db.prepare(
            "INSERT INTO sessions(id, structure_id, attempt, turns) VALUES(?1, ?2, ?3, ?4) "
            "ON CONFLICT(id) DO UPDATE SET structure_id = excluded.structure_id, attempt = excluded.attempt, "
            "turns = excluded.turns");
        for (const auto& r : sessions) {
            s.reset();
            s.bind(1, r.id).bind(2, r.structureId).bind(3, r.attempt).bind(4, r.turns).run();
        }
    });
}

std::vector<SessionRecord> Catalog::sessions() const {
    auto& s = impl_->db.prepare("SELECT id, structure_id, attempt, turns FROM sessions ORDER BY id");
    std::vector<SessionRecord> out;
    while (s.step()) out.push_back({s.text(0), s.text(1), s.text(2), s.int32(3)});
    return out;
}

std::vector<TaskSummary> Catalog::sessionTurns(const std::string& sessionId) const {
    auto& s = impl_->db.prepare("SELECT id FROM tasks WHERE session_id = ?1 ORDER BY turn");
    s.bind(1, sessionId);
    TaskFilter f;
    while (s.step()) f.ids.push_back(s.text(0));
    if (f.ids.empty()) return {};
    auto rows = findTasks(f);
    // findTasks orders by rowid; restore turn order.
    std::vector<TaskSummary> ordered;
    for (const auto& id : f.ids)
        for (auto& r : rows)
            if (r.id == id) ordered.push_back(r);
    return ordered;
}

void Catalog::putUtterances(std::span<const Utterance> utterances) {
    transaction([&] {
        auto& s = impl_->db.prepare(
            "INSERT OR REPLACE INTO utterances(session_id, turn, seq, speaker, text) VALUES(?1, ?2, ?3, ?4, ?5)");
        for (const auto& u : utterances) {
            s.reset();
            s.bind(1, u.sessionId).bind(2, u.turn).bind(3, u.seq).bind(4, u.speaker).bind(5, u.text).run();
        }
    });
}

std::vector<Utterance> Catalog::utterances(const std::string& sessionId) const {
    auto& s = impl_->db.prepare(
        "SELECT session_id, turn, seq, speaker, text FROM utterances WHERE session_id = ?1 ORDER BY turn, seq");
    s.bind(1, sessionId);
    std::vector<Utterance> out;
    while (s.step()) out.push_back({s.text(0), s.int32(1), s.int32(2), s.text(3), s.text(4)});
    return out;
}

}  // namespace iglu::catalog

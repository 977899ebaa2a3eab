#pragma once
// Replaying a stored architect session (catalog::ArchitectSessionRecord) turn by turn, headless:
// which turn is current, the world it started from and ended in, its rollout (the catalog id the
// workbench selection plays, so the 3D view and the Playback dock show it step by step with the
// agent's belief) and the dialogue up to that turn: the architect's utterances and answers, the
// builder's questions, failures, how each turn ended and the architect's judgements, each tagged
// with its speaker and its turn. The session view (widgets/session_view) only shows this.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <QString>

#include "core/catalog/architect_sessions.hpp"

namespace iglu::plugins::dataset {

struct ReplayLine {
    enum class Kind { Instruction, Answer, Question, Failure, Outcome, Judgement };
    int turn = 0;          ///< the turn it belongs to (0-based); the session's own judgement: the turn count
    Kind kind = Kind::Outcome;
    std::string speaker;   ///< "Architect", "Builder" or "" (outcome lines)
    std::string text;
    bool operator==(const ReplayLine&) const = default;
};

/// Every line of the session in order: per turn the architect's utterance ("Architect"; an answer
/// when it answers the previous question), the builder's question ("Builder"), its failure, the
/// outcome ("done: 12 steps, F1 0.800, IGLU-2022 F1 0.750, belief F1 0.900") and the turn's
/// judgement ("Architect": "rated 4/5: ok"); then the session's judgement.
std::vector<ReplayLine> sessionLines(const catalog::ArchitectSessionRecord& session);

class SessionReplay {
public:
    /// Starts at the first turn. A session without turns has turn count 0 and shows its start world.
    explicit SessionReplay(catalog::ArchitectSessionRecord session);

    const catalog::ArchitectSessionRecord& session() const noexcept { return session_; }
    std::size_t turnCount() const noexcept { return session_.turns.size(); }
    /// The current turn (0-based; 0 without turns).
    std::size_t turn() const noexcept { return turn_; }
    /// Moves to a turn; false (nothing changes) when it does not exist.
    bool setTurn(std::size_t turn);
    bool next() { return setTurn(turn_ + 1); }
    bool previous() { return turn_ > 0 && setTurn(turn_ - 1); }
    bool atFirst() const noexcept { return turn_ == 0; }
    bool atLast() const noexcept { return turn_ + 1 >= turnCount(); }

    /// The current turn's record; nullptr without turns.
    const catalog::ArchitectTurnRecord* current() const noexcept;
    /// The world as the current turn started / ended (the session's start world without turns).
    const core::Grid& startWorld() const noexcept;
    const core::Grid& endWorld() const noexcept;
    /// The current turn's rollout in the catalog (0: none) and its number of applied steps.
    std::int64_t rolloutId() const noexcept;
    std::size_t steps() const noexcept;
    /// The builder's belief as the current turn ended.
    std::optional<core::Grid> belief() const;

    /// The lines of the turns up to the current one (the session's judgement too at the last turn).
    std::vector<ReplayLine> dialogueUpToTurn() const;
    /// "Turn 2 of 3: done, 14 steps · F1 0.800 · IGLU-2022 F1 0.750 · belief F1 0.900".
    std::string turnSummary() const;

private:
    catalog::ArchitectSessionRecord session_;
    std::size_t turn_ = 0;
};

/// Lines as HTML: speakers in bold ("<Architect>", "<Builder>"), failures red, outcomes grey, the
/// lines of `currentTurn` on a highlighted background (`id="current"` on its first line).
QString replayHtml(const std::vector<ReplayLine>& lines, int currentTurn);

/// One row of the session list: "#3 · CQ-game-3002 · language_builder.lua · 3 turns · F1 0.412 · rated 4".
std::string sessionLabel(const catalog::ArchitectSessionSummary& summary);

}  // namespace iglu::plugins::dataset

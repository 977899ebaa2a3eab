#pragma once
// Architect sessions as the catalog stores them (schema version 5): a person or a script in the
// architect's chair instructed an agent turn by turn on one task's world (architect/). Per turn:
// the architect's utterance (an instruction, or an answer to the builder's question), the agent,
// the world as the turn started and ended, the turn's rollout (frames, block changes, beliefs:
// the rollouts table, source "architect:<session id>"), the builder's question, the failure
// message, the scores and the architect's judgement. Also the published human evaluation of the
// IGLU 2022 agents (human_feedback: `iglu import human-feedback`).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/grid/grid.hpp"
#include "core/rollout/rollout.hpp"

namespace iglu::catalog {

struct ArchitectTurnRecord {
    int turn = 0;                          ///< 0, 1, ... in the order they were said
    std::string utterance;                 ///< the architect's (speaker "architect")
    bool answer = false;                   ///< the utterance answers the previous turn's question
    std::string agent;                     ///< the builder that acted
    std::optional<std::string> question;   ///< the builder's clarifying question (speaker "builder")
    std::string failure;                   ///< the agent's failure message, "" when none
    std::string end;                       ///< how the turn ended: done, question, failed, step budget, stopped
    core::Grid startWorld, endWorld;
    core::Rollout rollout;                 ///< the turn's steps (starting = startWorld)
    std::int64_t rolloutId = 0;            ///< set when stored / read
    double f1 = 0;                         ///< end world vs the target
    double iglu2022F1 = 0;                 ///< end world vs the session's start world (IGLU-2022 evaluator)
    std::optional<core::Grid> belief;      ///< the builder's belief at the turn's end
    std::optional<double> predictionF1;
    std::optional<int> rating;             ///< the architect's judgement 1..5
    std::string comment;
};

struct ArchitectSessionRecord {
    std::int64_t id = 0;                   ///< set by putArchitectSession
    std::string taskId;
    std::string agent;                     ///< the agent(s), as named in the turns
    std::string env;                       ///< environment options JSON (core::envOptionsJson)
    int turnStepBudget = 0;
    std::string started, ended;            ///< ISO 8601 UTC
    core::Grid startWorld;
    double f1 = 0, iglu2022F1 = 0;         ///< the session's end world
    std::optional<int> rating;
    std::string comment;
    std::vector<ArchitectTurnRecord> turns;
};

struct ArchitectSessionSummary {
    std::int64_t id = 0;
    std::string taskId, agent, started;
    int turns = 0;
    double f1 = 0, iglu2022F1 = 0;
    std::optional<int> rating;
};

/// One row of the human evaluation of agents (human_agent_feedback.csv).
struct HumanFeedbackRecord {
    std::string hitId;                     ///< HitId: one per task a person did; (HitId, game, agent) is unique
    std::string gameId, taskId;            ///< GameMinecraftId / TaskMinecraftId, "" for NA
    std::string agent;                     ///< AgentName
    std::optional<bool> chosenBest;        ///< Annotation.was_chosen_best
    std::string comment;                   ///< Annotation.agent_performance
    std::string completionCode;
    std::string source;                    ///< "FILE:LINE" it came from
};

/// Per agent: rows, how often it was chosen best among the rows that say, comments.
struct FeedbackSummary {
    std::string agent;
    int rows = 0, judged = 0, chosenBest = 0, comments = 0;
    double chosenBestRate() const noexcept { return judged ? static_cast<double>(chosenBest) / judged : 0; }
};

}  // namespace iglu::catalog

#pragma once
// Architect sessions (catalog::ArchitectSessionRecord) written in the layouts the datasets use,
// so they go back in through the importers:
//  - IGLU multi-turn (`iglu import sessions`): OUT/builder-data/<id>-c<structure>/step-2, step-4, ...
//    one world-state file per turn (worldEndingState = the turn's end world, prevWorldEndingState
//    = its start world, clarification_question = the builder's question) and OUT/dialogs.csv
//    (session_id, turn, speaker, text: the architect's utterances and the builder's questions,
//    turn = the step number), which importSessions stores as the session's utterances;
//  - the human evaluation CSV (`iglu import human-feedback`): HitId, GameMinecraftId,
//    TaskMinecraftId, AgentName, Annotation (JSON: agent_performance = the comment, rating,
//    turn), CompletionCode; one row per judged session or turn.
#include <span>
#include <string>

#include "core/catalog/architect_sessions.hpp"

namespace iglu::datasets {

/// The session folder name `<session id>-c<structure number>` (the task's structure "C58" when it
/// has one, else the session id).
std::string multiTurnFolderName(const catalog::ArchitectSessionRecord& session, const std::string& structureId);

/// Writes the sessions under `outDir` (created; existing session folders are replaced). Throws
/// std::runtime_error naming the file that cannot be written.
void writeMultiTurn(std::span<const catalog::ArchitectSessionRecord> sessions, std::span<const std::string> structureIds,
                    const std::string& outDir);

/// The judgements as CSV text (header included).
std::string judgementsCsv(std::span<const catalog::ArchitectSessionRecord> sessions);

}  // namespace iglu::datasets

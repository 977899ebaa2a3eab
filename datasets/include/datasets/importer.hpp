#pragma once
// Importers of the IGLU datasets into a catalog. Each reads the original layout, stores what is
// valid in batches (one transaction per batch, so a kill loses at most the batch in flight and a
// re-import completes the rest without duplicates), and reports everything it skipped.
#include <atomic>
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

#include "core/catalog/catalog.hpp"
#include "datasets/import_report.hpp"

namespace iglu::datasets {

struct ImportOptions {
    bool withRollouts = true;                               ///< store the human tapes as rollouts
    std::size_t batchSize = 32;                             ///< items per transaction
    std::function<void(std::size_t done, std::size_t total)> progress;  ///< called after every item
    const std::atomic<bool>* cancel = nullptr;              ///< set to stop after the current item
};

/// IGLU single-turn: PATH is the dataset folder (holding clarifying_questions_train.csv,
/// question_bank.csv, initial_world_states/, target_world_states/) or the CSV itself.
/// Task ids are the CSV GameIds (CQ-game-N); the target world of CQ-game-N is
/// target_world_states/builder-data/actionHit/game-N/game-N-step-action.
/// Throws DatasetError only when the CSV itself is unusable (missing, no header, missing column).
ImportReport importSingleTurn(const std::string& path, catalog::Catalog& catalog, const ImportOptions& options = {});

/// IGLU multi-turn builder sessions: PATH is a `builder-data` folder, a folder holding one
/// (e.g. the single-turn dataset's initial_world_states/), or the single-turn dataset folder.
/// Each `<attempt>-c<structure>` folder becomes a session; each `step-N` file a turn task
/// `<session>/step-N` from the previous world to this one. A `PATH/dialogs.csv` (session_id, turn,
/// speaker architect | builder, text) is stored as the sessions' utterances, bad rows reported by line.
ImportReport importSessions(const std::string& path, catalog::Catalog& catalog, const ImportOptions& options = {});

/// The structure id of a session folder name: "30-c96" → "C96"; "" when the name is not
/// <attempt>-c<structure>.
std::string sessionStructureId(std::string_view folderName);

/// Goal structures (`structures.json`: {"structures": [{"id", "name", "blocks", "skills"?}]} or a
/// bare list): each becomes a task (empty start, target = the structure) and its human skill
/// labels (labeler "iglu-skill-study"; listed skills true, the others false).
ImportReport importStructures(const std::string& path, catalog::Catalog& catalog, const ImportOptions& options = {});

/// The human evaluation of agents (`human_agent_feedback.csv`: HitId, GameMinecraftId,
/// TaskMinecraftId, AgentName, Annotation, CompletionCode; Annotation is JSON with
/// was_chosen_best and agent_performance, `{}` when empty). Rows whose Annotation is not a JSON
/// object (the published file has one) or whose fields have the wrong type are skipped and
/// reported as FILE:LINE; the good rows are stored (Catalog::putHumanFeedback; (HitId, game, agent) unique: a re-import replaces).
ImportReport importHumanFeedback(const std::string& path, catalog::Catalog& catalog, const ImportOptions& options = {});

}  // namespace iglu::datasets

#include "schema.hpp"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/catalog/catalog.hpp"

namespace iglu::catalog::schema {

namespace {

// Version 1: everything the workbench stores. Grids are sparse blobs of 4 signed bytes per block
// (x, y, z, colour in IGLU coordinates); a rollout's frames are one packed blob (frame_codec.hpp):
// a 1,000-step rollout loads in one read, and importing 450 human tapes writes 450 rows, not 450,000.
constexpr const char* kVersion1 = R"SQL(
CREATE TABLE catalog_info(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE tasks(
  id TEXT PRIMARY KEY,
  source INTEGER NOT NULL,
  structure_id TEXT NOT NULL DEFAULT '',
  session_id TEXT NOT NULL DEFAULT '',
  turn INTEGER NOT NULL DEFAULT -1,
  dialog TEXT NOT NULL DEFAULT '',
  instruction TEXT NOT NULL DEFAULT '',
  clear INTEGER,
  clarifying_question TEXT NOT NULL DEFAULT '',
  qbank TEXT NOT NULL DEFAULT '',
  partition TEXT NOT NULL DEFAULT '',
  starting_path TEXT NOT NULL DEFAULT '',
  target_path TEXT NOT NULL DEFAULT '',
  starting BLOB NOT NULL,
  target BLOB NOT NULL,
  starting_count INTEGER NOT NULL,
  target_count INTEGER NOT NULL,
  n_add INTEGER NOT NULL,
  n_remove INTEGER NOT NULL,
  metadata TEXT NOT NULL DEFAULT '{}',
  search TEXT NOT NULL DEFAULT '',
  human_skills INTEGER NOT NULL DEFAULT 0,
  human_mask INTEGER NOT NULL DEFAULT 0,
  auto_skills INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX tasks_by_session ON tasks(session_id, turn);
CREATE INDEX tasks_by_structure ON tasks(structure_id);
CREATE TABLE sessions(
  id TEXT PRIMARY KEY,
  structure_id TEXT NOT NULL DEFAULT '',
  attempt TEXT NOT NULL DEFAULT '',
  turns INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE utterances(
  session_id TEXT NOT NULL,
  turn INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  speaker TEXT NOT NULL,
  text TEXT NOT NULL,
  PRIMARY KEY(session_id, turn, seq)
) WITHOUT ROWID;
CREATE TABLE rollouts(
  id INTEGER PRIMARY KEY AUTOINCREMENT,  -- ids are never reused: a replaced tape gets a new one
  task_id TEXT NOT NULL,
  kind INTEGER NOT NULL,
  source TEXT NOT NULL DEFAULT '',
  starting BLOB NOT NULL,
  start_x REAL NOT NULL DEFAULT 0, start_y REAL NOT NULL DEFAULT 0, start_z REAL NOT NULL DEFAULT 0,
  start_yaw REAL NOT NULL DEFAULT 0, start_pitch REAL NOT NULL DEFAULT 0,
  n_frames INTEGER NOT NULL,
  n_changes INTEGER NOT NULL,
  total_reward REAL NOT NULL,
  frames BLOB NOT NULL,  -- packed frames, see core/catalog/frame_codec.hpp
  created TEXT NOT NULL
);
CREATE INDEX rollouts_by_task ON rollouts(task_id);
CREATE UNIQUE INDEX rollouts_human_source ON rollouts(task_id, source) WHERE kind = 0;
CREATE TABLE labels(
  task_id TEXT NOT NULL,
  skill TEXT NOT NULL,
  value INTEGER NOT NULL,
  source TEXT NOT NULL,
  labeler TEXT NOT NULL DEFAULT '',
  reason TEXT NOT NULL DEFAULT '',
  time TEXT NOT NULL,
  PRIMARY KEY(task_id, skill, source, labeler)
) WITHOUT ROWID;
CREATE TABLE notes(task_id TEXT PRIMARY KEY, text TEXT NOT NULL, updated TEXT NOT NULL);
CREATE TABLE experiments(
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  script TEXT NOT NULL DEFAULT '',
  config TEXT NOT NULL DEFAULT '{}',
  created TEXT NOT NULL
);
CREATE TABLE episodes(
  id INTEGER PRIMARY KEY,
  experiment_id INTEGER NOT NULL REFERENCES experiments(id) ON DELETE CASCADE,
  task_id TEXT NOT NULL,
  seed INTEGER NOT NULL,
  repetition INTEGER NOT NULL,
  ok INTEGER NOT NULL,
  error TEXT NOT NULL DEFAULT '',
  steps INTEGER NOT NULL,
  total_return REAL NOT NULL,
  precision REAL NOT NULL,
  recall REAL NOT NULL,
  f1 REAL NOT NULL,
  success INTEGER NOT NULL,
  rollout_id INTEGER REFERENCES rollouts(id) ON DELETE SET NULL,
  finished TEXT NOT NULL,
  UNIQUE(experiment_id, task_id, seed, repetition)
);
INSERT INTO catalog_info(key, value) VALUES ('application', 'iglu-workbench');
)SQL";

// Version 2: who is writing an experiment's episodes (one writer per experiment, see
// Catalog::claimExperimentWriter). A row outlives a killed process; the caller tells whether its
// holder is still alive.
constexpr const char* kVersion2 = R"SQL(
CREATE TABLE IF NOT EXISTS experiment_writers(
  experiment_id INTEGER PRIMARY KEY REFERENCES experiments(id) ON DELETE CASCADE,
  pid INTEGER NOT NULL,
  host TEXT NOT NULL,
  started TEXT NOT NULL
);
)SQL";

// Version 3: what agent an experiment ran (scripting/agent_fingerprint.hpp): the SHA-256 of the
// agent and its modules, and each file's digest by name (JSON), so a resume with a changed agent
// is refused naming the file. Empty for experiments stored before (and for external agents).
constexpr const char* kVersion3 = R"SQL(
ALTER TABLE experiments ADD COLUMN agent_sha256 TEXT NOT NULL DEFAULT '';
ALTER TABLE experiments ADD COLUMN agent_files TEXT NOT NULL DEFAULT '';
)SQL";

// Version 4: the RL-track score and the agent's belief. Per episode the IGLU-2022 evaluator's F1
// (core::Iglu2022EvaluatorStep), and when the agent published a belief (the blocks it predicts
// the target to be) its last one and that prediction's F1 against the target; NULL for episodes
// stored before (iglu2022_f1) and for agents that published none. A rollout's beliefs, one row
// per step where the belief changed (core::Rollout::beliefs), blocks as a sparse grid blob.
constexpr const char* kVersion4 = R"SQL(
ALTER TABLE episodes ADD COLUMN iglu2022_f1 REAL;
ALTER TABLE episodes ADD COLUMN prediction_f1 REAL;
ALTER TABLE episodes ADD COLUMN prediction BLOB;
CREATE TABLE IF NOT EXISTS rollout_beliefs(
  rollout_id INTEGER NOT NULL REFERENCES rollouts(id) ON DELETE CASCADE,
  step INTEGER NOT NULL,
  blocks BLOB NOT NULL,
  PRIMARY KEY(rollout_id, step)
) WITHOUT ROWID;
)SQL";

// Version 5: architect sessions (architect/, `iglu talk`): a session per (task, agent) conversation
// and a row per turn with the architect's utterance, the builder's question, the worlds the turn
// started and ended on, its rollout (rollouts table, beliefs in rollout_beliefs), scores and the
// architect's judgement; and the published human evaluation of agents (`iglu import human-feedback`).
constexpr const char* kVersion5 = R"SQL(
CREATE TABLE IF NOT EXISTS architect_sessions(
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  task_id TEXT NOT NULL,
  agent TEXT NOT NULL,
  env TEXT NOT NULL DEFAULT '{}',
  turn_step_budget INTEGER NOT NULL,
  started TEXT NOT NULL,
  ended TEXT NOT NULL DEFAULT '',
  start_world BLOB NOT NULL,
  f1 REAL NOT NULL,
  iglu2022_f1 REAL NOT NULL,
  rating INTEGER,
  comment TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS architect_turns(
  session_id INTEGER NOT NULL REFERENCES architect_sessions(id) ON DELETE CASCADE,
  turn INTEGER NOT NULL,
  utterance TEXT NOT NULL,
  answer INTEGER NOT NULL,
  agent TEXT NOT NULL,
  question TEXT,
  failure TEXT NOT NULL DEFAULT '',
  end_reason TEXT NOT NULL,
  start_world BLOB NOT NULL,
  end_world BLOB NOT NULL,
  rollout_id INTEGER REFERENCES rollouts(id) ON DELETE SET NULL,
  f1 REAL NOT NULL,
  iglu2022_f1 REAL NOT NULL,
  belief BLOB,
  prediction_f1 REAL,
  rating INTEGER,
  comment TEXT NOT NULL DEFAULT '',
  PRIMARY KEY(session_id, turn)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS human_feedback(
  hit_id TEXT NOT NULL,
  game_id TEXT NOT NULL DEFAULT '',
  task_id TEXT NOT NULL DEFAULT '',
  agent TEXT NOT NULL,
  chosen_best INTEGER,
  comment TEXT NOT NULL DEFAULT '',
  completion_code TEXT NOT NULL DEFAULT '',
  source TEXT NOT NULL DEFAULT '',
  PRIMARY KEY(hit_id, game_id, agent)
);
)SQL";

// Version 6: an experiment's tags (comma-separated) and note (`iglu experiments tag / note`);
// clarification experiments (core/nlp/clarification_run.hpp, `iglu nlp run`): the
// experiment's kind, and per task the model's probability that the instruction needs a
// clarification, the gold clarity and question, the gold question's rank and the model's first
// questions (JSON array of ids), or why its answer was refused.
constexpr const char* kVersion6 = R"SQL(
ALTER TABLE experiments ADD COLUMN kind TEXT NOT NULL DEFAULT 'build';
ALTER TABLE experiments ADD COLUMN tags TEXT NOT NULL DEFAULT '';
ALTER TABLE experiments ADD COLUMN note TEXT NOT NULL DEFAULT '';
CREATE TABLE IF NOT EXISTS clarification_predictions(
  experiment_id INTEGER NOT NULL REFERENCES experiments(id) ON DELETE CASCADE,
  task_id TEXT NOT NULL,
  needs_probability REAL,
  gold_needs INTEGER,
  gold_question TEXT NOT NULL DEFAULT '',
  gold_rank INTEGER,
  top TEXT NOT NULL DEFAULT '[]',
  error TEXT NOT NULL DEFAULT '',
  PRIMARY KEY(experiment_id, task_id)
) WITHOUT ROWID;
)SQL";

// Version 7: training curves (core/catalog/scalars.hpp): runs by name, linked to the experiment of
// that name when there is one (deleting it deletes them), and their scalars, one per (run, tag, step).
constexpr const char* kVersion7 = R"SQL(
CREATE TABLE IF NOT EXISTS scalar_runs(
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  experiment_id INTEGER REFERENCES experiments(id) ON DELETE CASCADE,
  created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS scalars(
  run_id INTEGER NOT NULL REFERENCES scalar_runs(id) ON DELETE CASCADE,
  tag TEXT NOT NULL,
  step INTEGER NOT NULL,
  value REAL NOT NULL,
  wall_time REAL NOT NULL,
  PRIMARY KEY(run_id, tag, step)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS scalar_runs_by_experiment ON scalar_runs(experiment_id);
)SQL";

// Migration i brings the schema from version i to i + 1.
const std::vector<const char*>& migrations() {
    static const std::vector<const char*> steps{kVersion1, kVersion2, kVersion3, kVersion4, kVersion5, kVersion6, kVersion7};
    return steps;
}

}  // namespace

std::int64_t migrate(sql::Connection& db, bool mayWrite) {
    const auto appId = db.scalar("PRAGMA application_id");
    const auto version = db.scalar("PRAGMA user_version");
    const auto tables = db.scalar("SELECT count(*) FROM sqlite_schema");
    if (appId != kApplicationId && (appId != 0 || tables != 0))
        throw CatalogError(db.path() + ": not an IGLU catalog (a SQLite database of another application)");
    const auto& steps = migrations();
    if (steps.size() != static_cast<std::size_t>(kSchemaVersion))
        throw CatalogError(db.path() + ": internal error: " + std::to_string(steps.size()) + " migrations for schema version " +
                           std::to_string(kSchemaVersion));
    if (version > kSchemaVersion)
        throw CatalogError(db.path() + ": catalog schema version " + std::to_string(version) +
                           " is newer than this program supports (" + std::to_string(kSchemaVersion) +
                           "); use a newer IGLU Workbench");
    // Only a brand-new database may be at version 0; a negative version is never written by us.
    if (version < 0 || (version == 0 && (appId != 0 || tables != 0)))
        throw CatalogError(db.path() + ": damaged catalog: invalid schema version " + std::to_string(version) +
                           " (PRAGMA user_version; this program writes 1.." + std::to_string(kSchemaVersion) + ")");
    // A reader never changes the file: an older catalog is read as it is (each migration only adds
    // what newer writers need), and verify() checks it against the tables of its own version.
    if (!mayWrite) return version;
    for (auto v = version; v < kSchemaVersion; ++v) {
        db.exec("BEGIN IMMEDIATE");
        try {
            // Another process may have migrated while we waited for the write lock.
            const auto now = db.scalar("PRAGMA user_version");
            if (now > v) {
                db.exec("COMMIT");
                continue;
            }
            db.exec(steps.at(static_cast<std::size_t>(v)));
            db.exec("PRAGMA application_id = " + std::to_string(kApplicationId));
            db.exec("PRAGMA user_version = " + std::to_string(v + 1));
            db.exec("COMMIT");
        } catch (...) {
            try {
                db.exec("ROLLBACK");
            } catch (...) {
                // The migration error matters more (SQLite may have rolled back already).
            }
            throw;
        }
    }
    return kSchemaVersion;
}

namespace {

struct Column {
    std::string name, type;
    std::int64_t notNull = 0, pk = 0;
    bool operator==(const Column&) const = default;
};

std::vector<Column> columnsOf(sql::Connection& db, const std::string& table) {
    auto& s = db.prepare("SELECT name, upper(type), \"notnull\", pk FROM pragma_table_xinfo(?1) ORDER BY cid");
    s.bind(1, table);
    std::vector<Column> out;
    while (s.step()) out.push_back({s.text(0), s.text(1), s.int64(2), s.int64(3)});
    return out;
}

std::vector<std::string> tablesOf(sql::Connection& db) {
    auto& s = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name");
    std::vector<std::string> out;
    while (s.step()) out.push_back(s.text(0));
    return out;
}

using TableColumns = std::vector<std::pair<std::string, std::vector<Column>>>;

// The tables and columns of each schema version 1..kSchemaVersion, built once by running the
// migrations in memory.
const TableColumns& expectedTables(std::int64_t version) {
    static const auto perVersion = [] {
        std::vector<TableColumns> out;
        sql::Connection mem(":memory:", sql::Access::Memory);
        for (const char* step : migrations()) {
            mem.exec(step);
            TableColumns tables;
            for (const auto& name : tablesOf(mem)) tables.emplace_back(name, columnsOf(mem, name));
            out.push_back(std::move(tables));
        }
        return out;
    }();
    return perVersion.at(static_cast<std::size_t>(version - 1));
}

std::string describe(const Column& c) {
    return c.name + " " + (c.type.empty() ? std::string("(no type)") : c.type) + (c.notNull ? " NOT NULL" : "") +
           (c.pk ? " PRIMARY KEY" : "");
}

}  // namespace

void verify(sql::Connection& db, std::int64_t version) {
    if (version < 1 || version > kSchemaVersion)
        throw CatalogError(db.path() + ": damaged catalog: invalid schema version " + std::to_string(version));
    for (const auto& [table, want] : expectedTables(version)) {
        const auto have = columnsOf(db, table);
        if (have.empty()) throw CatalogError(db.path() + ": damaged catalog: table " + table + " is missing");
        for (const auto& w : want) {
            const Column* h = nullptr;
            for (const auto& c : have)
                if (c.name == w.name) h = &c;
            if (!h)
                throw CatalogError(db.path() + ": damaged catalog: table " + table + " lacks column " + w.name + " (" +
                                   describe(w) + ")");
            if (!(*h == w))
                throw CatalogError(db.path() + ": damaged catalog: column " + table + "." + w.name + " is " + describe(*h) +
                                   ", expected " + describe(w));
        }
    }
}

}  // namespace iglu::catalog::schema

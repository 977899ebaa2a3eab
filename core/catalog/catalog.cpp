#include "core/catalog/catalog.hpp"
#include "core/util/json_parse.hpp"
#include "core/catalog/experiment_name.hpp"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <cctype>
#include <chrono>
#include <ctime>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "catalog_file.hpp"
#include "catalog_impl.hpp"
#include "frame_codec.hpp"
#include "schema.hpp"
#include "statement.hpp"
#include "writer_presence.hpp"

namespace iglu::catalog {

namespace detail {

Bytes encodeGrid(const core::Grid& g) {
    Bytes out;
    out.reserve(static_cast<std::size_t>(g.count()) * 4);
    for (int i = 0; i < core::kCells; ++i) {
        if (g.cell(i) == 0) continue;
        auto p = core::Grid::position(i);
        out.push_back(static_cast<std::uint8_t>(static_cast<std::int8_t>(p.x)));
        out.push_back(static_cast<std::uint8_t>(static_cast<std::int8_t>(p.y)));
        out.push_back(static_cast<std::uint8_t>(static_cast<std::int8_t>(p.z)));
        out.push_back(static_cast<std::uint8_t>(g.cell(i)));
    }
    return out;
}

core::Grid decodeGrid(std::span<const std::uint8_t> b, const std::string& path, const std::string& what) {
    if (b.size() % 4 != 0) throw CatalogError(path + ": corrupt grid blob for " + what + " (size " + std::to_string(b.size()) + ")");
    core::Grid g;
    for (std::size_t i = 0; i < b.size(); i += 4) {
        int x = static_cast<std::int8_t>(b[i]), y = static_cast<std::int8_t>(b[i + 1]);
        int z = static_cast<std::int8_t>(b[i + 2]), c = static_cast<std::int8_t>(b[i + 3]);
        if (!core::Grid::inZone(x, y, z) || c < 1 || c > core::kNumColours)
            throw CatalogError(path + ": corrupt grid blob for " + what + " (block " + std::to_string(i / 4) + ")");
        g.setCell(core::Grid::index(x, y, z), static_cast<std::int8_t>(c));
    }
    return g;
}

std::string lowerAscii(std::string s) {
    for (auto& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return s;
}

std::string searchText(const core::Task& t) { return lowerAscii(t.id + "\n" + t.instruction + "\n" + t.dialog); }

Counts diffCounts(const core::Grid& start, const core::Grid& target) {
    Counts c;
    for (int i = 0; i < core::kCells; ++i) {
        auto s = start.cell(i), t = target.cell(i);
        if (s == t) continue;
        if (t != 0) ++c.add;
        if (s != 0) ++c.remove;
    }
    return c;
}

std::string metadataJson(const std::map<std::string, std::string>& m) {
    nlohmann::json j = nlohmann::json::object();
    for (const auto& [k, v] : m) j[k] = v;
    return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::map<std::string, std::string> parseMetadata(const std::string& text) {
    std::map<std::string, std::string> m;
    auto j = core::parseJsonOrDiscarded(text);
    if (!j.is_object()) return m;
    for (auto it = j.begin(); it != j.end(); ++it)
        m[it.key()] = it->is_string() ? it->get<std::string>() : it->dump();
    return m;
}

}  // namespace detail

namespace {

using namespace detail;

LabelSource parseLabelSource(const std::string& s) { return s == "auto" ? LabelSource::Auto : LabelSource::Human; }

}  // namespace

const char* taskSourceName(TaskSource s) noexcept {
    switch (s) {
        case TaskSource::SingleTurn: return "singleturn";
        case TaskSource::SessionTurn: return "session";
        case TaskSource::Structure: return "structure";
        case TaskSource::Custom: return "custom";
    }
    return "custom";
}

std::optional<TaskSource> parseTaskSource(std::string_view s) noexcept {
    for (auto t : {TaskSource::SingleTurn, TaskSource::SessionTurn, TaskSource::Structure, TaskSource::Custom})
        if (s == taskSourceName(t)) return t;
    return std::nullopt;
}

const char* labelSourceName(LabelSource s) noexcept { return s == LabelSource::Auto ? "auto" : "human"; }

std::string utcNow() {
    auto t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}


namespace {

bool exists(const std::string& path) {
    std::error_code ec;
    return std::filesystem::exists(std::filesystem::symlink_status(path, ec)) || std::filesystem::exists(path, ec);
}

bool writable(const std::string& path) { return ::access(path.c_str(), W_OK) == 0; }

std::string folderOf(const std::string& path) {
    auto parent = std::filesystem::path(path).parent_path();
    return parent.empty() ? std::string(".") : parent.string();
}

// A new catalog is made under a temporary name beside `path` and linked into place in one step,
// so a process opening `path` meanwhile sees either no file or a whole catalog. Returns false when
// another process created `path` first.
bool createCatalogFile(const std::string& path) {
    const std::string folder = folderOf(path);
    std::error_code ec;
    if (!std::filesystem::is_directory(folder, ec))
        throw CatalogError(path + ": cannot create the catalog: the folder " + folder + " does not exist");
    if (!writable(folder)) throw CatalogError(path + ": cannot create the catalog: the folder " + folder + " is not writable");
    static std::atomic<int> counter{0};
    const std::string temp = path + ".new-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
    const auto removeTemp = [&] {
        for (const char* suffix : {"", "-wal", "-shm", "-journal"}) ::unlink((temp + suffix).c_str());
    };
    try {
        sql::Connection db(temp, sql::Access::Create);
        schema::migrate(db, true);
        db.exec("PRAGMA journal_mode = WAL");
    } catch (const CatalogError& e) {
        removeTemp();
        std::string why = e.what();
        if (why.rfind(temp, 0) == 0) why = path + why.substr(temp.size());
        throw CatalogError(why);
    }
    const bool linked = ::link(temp.c_str(), path.c_str()) == 0;
    const int err = errno;
    removeTemp();
    if (!linked && err != EEXIST) throw CatalogError(path + ": cannot create the catalog: " + std::strerror(err));
    return linked;
}

// Page-level damage shows only when a damaged page is read; check them all before trusting the file.
// The first read also makes SQLite check, under its own lock (and against the write-ahead log's view
// of the file), that the file holds every page its header counts: a truncated file is "malformed"
// there, and only then are the raw header and size read again to say how.
void checkPages(sql::Connection& db) {
    std::string result;
    try {
        result = db.text("PRAGMA quick_check(1)");
    } catch (const CatalogError& e) {
        const std::string what = e.what();  // "PATH: preparing `...`: SQLite's message"
        const auto colon = what.rfind(": ");
        const std::string why = colon == std::string::npos ? what : what.substr(colon + 2);
        const bool damaged = why.find("malformed") != std::string::npos || why.find("not a database") != std::string::npos;
        std::string how;
        if (damaged) {
            std::array<std::uint8_t, file::kHeaderSize> header{};
            std::int64_t size = 0;
            const auto got = db.readFileStart(header.data(), header.size(), &size);
            how = file::truncationOf(header.data(), got, size);
        }
        throw CatalogError(db.path() + (damaged ? ": damaged catalog: " : ": cannot read the catalog: ") +
                           (how.empty() ? why : how + " (SQLite: " + why + ")"));
    }
    if (result == "ok") return;
    static const std::string kPrefix = "*** in database main ***\n";
    if (result.rfind(kPrefix, 0) == 0) result.erase(0, kPrefix.size());
    std::replace(result.begin(), result.end(), '\n', ' ');
    throw CatalogError(db.path() + ": damaged catalog: " + result + " (PRAGMA quick_check)");
}

/// The rollouts.kind column as stored by putRollout (static_cast<int>(kind): 0 human, 1 agent).
core::RolloutKind rolloutKind(int column) {
    return column == static_cast<int>(core::RolloutKind::Agent) ? core::RolloutKind::Agent : core::RolloutKind::Human;
}

}  // namespace

Catalog::Catalog(const std::string& path, OpenMode mode) {
    if (path.empty()) throw CatalogError("no catalog file given (the path is empty)");
    bool created = false;
    if (!exists(path)) {
        if (mode != OpenMode::Create) throw CatalogError(path + ": no such catalog file");
        created = createCatalogFile(path);
    }
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) throw CatalogError(path + ": not a catalog file (not a regular file)");
    file::checkWal(path);
    sql::Access access = sql::Access::ReadWrite;
    if (mode == OpenMode::ReadOnly) {
        // Where SQLite may write its -wal / -shm, a read-write connection that refuses every write
        // (query_only) removes them again on close. A write-protected file opens read-only; in a
        // read-only folder where the -shm cannot be made, the file cannot change under us (nobody
        // can write beside it), so SQLite may read it as immutable.
        if (!writable(path) || !writable(folderOf(path)))
            access = writable(folderOf(path)) || exists(path + "-shm") ? sql::Access::ReadOnly : sql::Access::Immutable;
    } else if (!writable(path)) {
        throw CatalogError(path + ": the catalog is read-only (no permission to write it)");
    } else if (!writable(folderOf(path))) {
        throw CatalogError(path + ": the catalog is read-only (its folder " + folderOf(path) +
                           " is not writable: SQLite keeps its write-ahead log beside the catalog)");
    }
    impl_ = std::make_unique<Impl>(path, access);
    impl_->mode = mode;
    impl_->created = created;
    auto& db = impl_->db;
    std::array<std::uint8_t, file::kHeaderSize> header{};
    std::int64_t size = 0;
    const auto got = db.readFileStart(header.data(), header.size(), &size);
    file::checkHeader(path, header.data(), got, size, schema::kApplicationId);
    if (mode == OpenMode::ReadOnly) db.exec("PRAGMA query_only = 1");
    if (mode != OpenMode::ReadOnly && db.readOnly())
        throw CatalogError(path + ": the catalog is read-only (no permission to write it or its folder)");
    checkPages(db);
    const auto version = schema::migrate(db, mode != OpenMode::ReadOnly);
    schema::verify(db, version);
    impl_->version = version;
    if (mode != OpenMode::ReadOnly) {
        db.exec("PRAGMA journal_mode = WAL");
        db.exec("PRAGMA synchronous = NORMAL");
        db.exec("PRAGMA foreign_keys = ON");
        impl_->writers = std::make_unique<WriterPresence>(path);
    }
    impl_->dataVersion = db.scalar("PRAGMA data_version");
}

Catalog Catalog::inMemory(const std::string& name) {
    Catalog c;
    c.impl_ = std::make_unique<Impl>(name, sql::Access::Memory);
    schema::migrate(c.impl_->db, true);
    c.impl_->db.exec("PRAGMA foreign_keys = ON");
    return c;
}

OpenMode Catalog::mode() const noexcept { return impl_->mode; }
bool Catalog::createdFile() const noexcept { return impl_->created; }

bool Catalog::changedSinceLastCheck() {
    const auto now = impl_->db.scalar("PRAGMA data_version");
    const bool changed = now != impl_->dataVersion;
    impl_->dataVersion = now;
    return changed;
}

bool Catalog::openForWritingElsewhere() { return impl_->writers && impl_->writers->otherProcess(); }

Catalog::~Catalog() = default;
Catalog::Catalog(Catalog&&) noexcept = default;
Catalog& Catalog::operator=(Catalog&&) noexcept = default;

const std::string& Catalog::path() const noexcept { return impl_->db.path(); }
int Catalog::schemaVersion() const { return static_cast<int>(impl_->db.scalar("PRAGMA user_version")); }

void Catalog::transaction(const std::function<void()>& work) {
    auto& db = impl_->db;
    const int level = impl_->depth;
    const std::string sp = "sp" + std::to_string(level);
    db.exec(level == 0 ? std::string("BEGIN IMMEDIATE") : "SAVEPOINT " + sp);
    ++impl_->depth;
    try {
        work();
    } catch (...) {
        --impl_->depth;
        try {
            db.exec(level == 0 ? std::string("ROLLBACK") : "ROLLBACK TO " + sp + "; RELEASE " + sp);
        } catch (...) {
            // The original error matters more than a failed rollback (SQLite may already have rolled back).
        }
        throw;
    }
    --impl_->depth;
    db.exec(level == 0 ? std::string("COMMIT") : "RELEASE " + sp);
}

// --- tasks ---------------------------------------------------------------------------------------

int Catalog::taskCount() const { return static_cast<int>(impl_->db.scalar("SELECT count(*) FROM tasks")); }

namespace {

// Builds the WHERE clause of a filter and binds its values in order.
struct WhereClause {
    std::string sql;
    struct Param {
        bool isText;
        std::string text;
        std::int64_t number;
    };
    std::vector<Param> params;
};

WhereClause buildWhere(const TaskFilter& f) {
    WhereClause w;
    w.sql = " WHERE 1";
    std::istringstream words(lowerAscii(f.text));
    for (std::string word; words >> word;) {
        w.sql += " AND instr(search, ?) > 0";
        w.params.push_back({true, word, 0});
    }
    if (!f.skills.empty()) {
        core::SkillSet want;
        for (auto s : f.skills) want.set(s);
        w.sql += " AND (((human_skills & human_mask) | (auto_skills & ~human_mask)) & ?) = ?";
        w.params.push_back({false, {}, want.bits()});
        w.params.push_back({false, {}, want.bits()});
    }
    if (f.clear) {
        w.sql += " AND clear = ?";
        w.params.push_back({false, {}, *f.clear ? 1 : 0});
    }
    if (f.source) {
        w.sql += " AND source = ?";
        w.params.push_back({false, {}, static_cast<int>(*f.source)});
    }
    if (!f.ids.empty()) {
        nlohmann::json ids = f.ids;
        w.sql += " AND id IN (SELECT value FROM json_each(?))";
        w.params.push_back({true, ids.dump(), 0});
    }
    w.sql += " ORDER BY rowid";
    if (f.limit >= 0 || f.offset > 0) {
        w.sql += " LIMIT ? OFFSET ?";
        w.params.push_back({false, {}, f.limit});
        w.params.push_back({false, {}, std::max(0, f.offset)});
    }
    return w;
}

void bindWhere(sql::Statement& s, const WhereClause& w) {
    int i = 1;
    for (const auto& p : w.params) {
        if (p.isText) s.bind(i, p.text); else s.bind(i, p.number);
        ++i;
    }
}

}  // namespace

std::vector<TaskSummary> Catalog::findTasks(const TaskFilter& filter) const {
    auto w = buildWhere(filter);
    auto& s = impl_->db.prepare(
        "SELECT id, source, structure_id, instruction, clear, starting_count, target_count, n_add, n_remove, "
        "human_skills, human_mask, auto_skills FROM tasks" + w.sql);
    bindWhere(s, w);
    std::vector<TaskSummary> out;
    while (s.step()) {
        TaskSummary t;
        t.id = s.text(0);
        t.source = static_cast<TaskSource>(std::clamp(s.int32(1), 0, 3));
        t.structureId = s.text(2);
        t.instruction = s.text(3);
        if (!s.isNull(4)) t.clear = s.int64(4) != 0;
        t.startingBlocks = s.int32(5);
        t.targetBlocks = s.int32(6);
        t.blocksToAdd = s.int32(7);
        t.blocksToRemove = s.int32(8);
        t.humanSkills = core::SkillSet(static_cast<std::uint8_t>(s.int64(9) & s.int64(10)));
        t.humanLabeled = s.int64(10) != 0;
        t.autoSkills = core::SkillSet(static_cast<std::uint8_t>(s.int64(11)));
        out.push_back(std::move(t));
    }
    return out;
}

std::vector<TaskRecord> Catalog::loadTasks(const TaskFilter& filter) const {
    auto w = buildWhere(filter);
    auto& s = impl_->db.prepare(std::string("SELECT ") + kTaskColumns + " FROM tasks" + w.sql);
    bindWhere(s, w);
    std::vector<TaskRecord> out;
    while (s.step()) out.push_back(impl_->readTask(s));
    return out;
}

// --- sessions and dialogs -------------------------------------------------------------------------

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

// --- rollouts ------------------------------------------------------------------------------------

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

// --- labels and notes ------------------------------------------------------------------------------

void Catalog::Impl::refreshSkillMasks(const std::string& taskId) {
    // Latest label per (skill, source) decides; ties in time go to the later write (rowid order is not
    // available in a WITHOUT ROWID table, so labeler name breaks ties deterministically).
    auto& s = db.prepare("SELECT skill, value, source FROM labels WHERE task_id = ?1 ORDER BY time, labeler");
    s.bind(1, taskId);
    core::SkillSet human, mask, autoSkills;
    while (s.step()) {
        auto skill = core::parseSkill(s.text(0));
        if (!skill) continue;
        bool value = s.int64(1) != 0;
        if (s.text(2) == "auto") {
            autoSkills.set(*skill, value);
        } else {
            human.set(*skill, value);
            mask.set(*skill);
        }
    }
    auto& u = db.prepare("UPDATE tasks SET human_skills = ?1, human_mask = ?2, auto_skills = ?3 WHERE id = ?4");
    u.bind(1, human.bits()).bind(2, mask.bits()).bind(3, autoSkills.bits()).bind(4, taskId).run();
}

void Catalog::putLabels(std::span<const SkillLabel> labels) {
    transaction([&] {
        auto& s = impl_->db.prepare(
            "INSERT INTO labels(task_id, skill, value, source, labeler, reason, time) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7) "
            "ON CONFLICT(task_id, skill, source, labeler) DO UPDATE SET value = excluded.value, "
            "reason = excluded.reason, time = excluded.time");
        std::set<std::string> touched;
        const std::string now = utcNow();
        for (const auto& l : labels) {
            s.reset();
            s.bind(1, l.taskId).bind(2, core::skillName(l.skill)).bind(3, l.value ? 1 : 0);
            s.bind(4, labelSourceName(l.source)).bind(5, l.labeler).bind(6, l.reason);
            s.bind(7, l.time.empty() ? now : l.time).run();
            touched.insert(l.taskId);
        }
        for (const auto& id : touched) impl_->refreshSkillMasks(id);
    });
}

void Catalog::removeLabel(const std::string& taskId, core::Skill skill, LabelSource source, const std::string& labeler) {
    transaction([&] {
        auto& s = impl_->db.prepare(
            "DELETE FROM labels WHERE task_id = ?1 AND skill = ?2 AND source = ?3 AND labeler = ?4");
        s.bind(1, taskId).bind(2, core::skillName(skill)).bind(3, labelSourceName(source)).bind(4, labeler).run();
        impl_->refreshSkillMasks(taskId);
    });
}

namespace {
SkillLabel readLabel(sql::Statement& s) {
    SkillLabel l;
    l.taskId = s.text(0);
    l.skill = core::parseSkill(s.text(1)).value_or(core::Skill::Flat);
    l.value = s.int64(2) != 0;
    l.source = parseLabelSource(s.text(3));
    l.labeler = s.text(4);
    l.reason = s.text(5);
    l.time = s.text(6);
    return l;
}
}  // namespace

std::vector<SkillLabel> Catalog::labels(const std::string& taskId) const {
    auto& s = impl_->db.prepare(
        "SELECT task_id, skill, value, source, labeler, reason, time FROM labels WHERE task_id = ?1 ORDER BY time, labeler");
    s.bind(1, taskId);
    std::vector<SkillLabel> out;
    while (s.step()) out.push_back(readLabel(s));
    return out;
}

std::vector<SkillLabel> Catalog::allLabels(std::optional<LabelSource> source) const {
    auto& s = impl_->db.prepare(
        "SELECT task_id, skill, value, source, labeler, reason, time FROM labels "
        "WHERE ?1 IS NULL OR source = ?1 ORDER BY task_id, time, labeler");
    if (source) s.bind(1, labelSourceName(*source)); else s.bindNull(1);
    std::vector<SkillLabel> out;
    while (s.step()) out.push_back(readLabel(s));
    return out;
}

std::vector<std::string> Catalog::tasksLabeledBy(const std::string& labeler) const {
    auto& s = impl_->db.prepare(
        "SELECT task_id FROM labels WHERE source = 'human' AND labeler = ?1 GROUP BY task_id HAVING count(*) >= ?2");
    s.bind(1, labeler).bind(2, core::kNumSkills);
    std::vector<std::string> out;
    while (s.step()) out.push_back(s.text(0));
    return out;
}

void Catalog::setNote(const std::string& taskId, const std::string& text) {
    auto& s = impl_->db.prepare(
        "INSERT INTO notes(task_id, text, updated) VALUES(?1, ?2, ?3) "
        "ON CONFLICT(task_id) DO UPDATE SET text = excluded.text, updated = excluded.updated");
    s.bind(1, taskId).bind(2, text).bind(3, utcNow()).run();
}

std::string Catalog::note(const std::string& taskId) const {
    auto& s = impl_->db.prepare("SELECT text FROM notes WHERE task_id = ?1");
    s.bind(1, taskId);
    std::string text = s.step() ? s.text(0) : std::string();
    s.reset();
    return text;
}

void Catalog::setInfo(const std::string& key, const std::string& value) {
    auto& s = impl_->db.prepare(
        "INSERT INTO catalog_info(key, value) VALUES(?1, ?2) ON CONFLICT(key) DO UPDATE SET value = excluded.value");
    s.bind(1, key).bind(2, value).run();
}

std::string Catalog::info(const std::string& key) const {
    auto& s = impl_->db.prepare("SELECT value FROM catalog_info WHERE key = ?1");
    s.bind(1, key);
    std::string value = s.step() ? s.text(0) : std::string();
    s.reset();
    return value;
}

// --- experiments and episodes ----------------------------------------------------------------------

namespace {
ExperimentRecord readExperiment(sql::Statement& s) {
    return {s.int64(0), s.text(1), s.text(2), s.text(3), s.text(4), s.text(5), s.text(6), s.text(7), s.text(8), s.text(9)};
}
// A catalog older than version 3 (read as it is) has no agent columns.
std::string experimentColumns(std::int64_t version) {
    return std::string("SELECT id, name, script, config, created, ") +
           (version >= 3 ? "agent_sha256, agent_files" : "'', ''") +
           (version >= 6 ? ", kind, tags, note" : ", 'build', '', ''") + " FROM experiments";
}
}  // namespace

ExperimentRecord Catalog::ensureExperiment(const std::string& name, const std::string& script, const std::string& config,
                                           const std::string& kind) {
    checkExperimentName(name);  // the one rule, for every source (experiment_name.hpp)
    if (kind != kBuildExperiment && kind != kClarificationExperiment)
        throw CatalogError(path() + ": experiment kind must be build or clarification, got '" + kind + "'");
    transaction([&] {
        if (const auto old = experiment(name); old && old->kind != kind)
            throw CatalogError(path() + ": experiment '" + name + "' is a " + old->kind + " experiment, not a " + kind +
                               " one: choose another name");
        auto& s = impl_->db.prepare(
            "INSERT INTO experiments(name, script, config, created, kind) VALUES(?1, ?2, ?3, ?4, ?5) "
            "ON CONFLICT(name) DO UPDATE SET script = excluded.script, config = excluded.config");
        s.bind(1, name).bind(2, script).bind(3, config).bind(4, utcNow()).bind(5, kind).run();
    });
    return *experiment(name);
}

void Catalog::setExperimentAgent(std::int64_t experimentId, const std::string& sha256, const std::string& filesJson) {
    auto& s = impl_->db.prepare("UPDATE experiments SET agent_sha256 = ?1, agent_files = ?2 WHERE id = ?3");
    s.bind(1, sha256).bind(2, filesJson).bind(3, experimentId).run();
}

std::optional<ExperimentRecord> Catalog::experiment(const std::string& name) const {
    auto& s = impl_->db.prepare(experimentColumns(impl_->version) + " WHERE name = ?1");
    s.bind(1, name);
    if (!s.step()) return std::nullopt;
    auto e = readExperiment(s);
    s.reset();
    return e;
}

std::vector<ExperimentRecord> Catalog::experiments() const {
    auto& s = impl_->db.prepare(experimentColumns(impl_->version) + " ORDER BY id");
    std::vector<ExperimentRecord> out;
    while (s.step()) out.push_back(readExperiment(s));
    return out;
}

void Catalog::putEpisodes(std::span<const EpisodeRecord> episodes) {
    transaction([&] {
        // A replaced episode's rollout would be left unreferenced: delete it with the episode.
        auto& old = impl_->db.prepare(
            "SELECT rollout_id FROM episodes WHERE experiment_id = ?1 AND task_id = ?2 AND seed = ?3 AND repetition = ?4 "
            "AND rollout_id IS NOT NULL");
        auto& drop = impl_->db.prepare(
            "DELETE FROM rollouts WHERE id = ?1 AND kind = 1 AND NOT EXISTS (SELECT 1 FROM episodes WHERE rollout_id = ?1)");
        auto& s = impl_->db.prepare(R"SQL(
INSERT INTO episodes(experiment_id, task_id, seed, repetition, ok, error, steps, total_return, precision, recall, f1,
  success, rollout_id, finished, iglu2022_f1, prediction_f1, prediction)
VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)
ON CONFLICT(experiment_id, task_id, seed, repetition) DO UPDATE SET ok = excluded.ok, error = excluded.error,
  steps = excluded.steps, total_return = excluded.total_return, precision = excluded.precision,
  recall = excluded.recall, f1 = excluded.f1, success = excluded.success, rollout_id = excluded.rollout_id,
  finished = excluded.finished, iglu2022_f1 = excluded.iglu2022_f1, prediction_f1 = excluded.prediction_f1,
  prediction = excluded.prediction
)SQL");
        const std::string now = utcNow();
        for (const auto& e : episodes) {
            old.reset();
            old.bind(1, e.experimentId).bind(2, e.taskId).bind(3, e.seed).bind(4, e.repetition);
            const bool replacing = old.step();
            const std::int64_t previous = replacing ? old.int64(0) : 0;
            old.reset();
            s.reset();
            s.bind(1, e.experimentId).bind(2, e.taskId).bind(3, e.seed).bind(4, e.repetition);
            s.bind(5, e.ok ? 1 : 0).bind(6, e.error).bind(7, e.steps).bind(8, e.totalReturn);
            s.bind(9, e.precision).bind(10, e.recall).bind(11, e.f1).bind(12, e.success ? 1 : 0);
            if (e.rolloutId) s.bind(13, *e.rolloutId); else s.bindNull(13);
            s.bind(14, e.finished.empty() ? now : e.finished);
            if (e.iglu2022F1) s.bind(15, *e.iglu2022F1); else s.bindNull(15);
            if (e.predictionF1) s.bind(16, *e.predictionF1); else s.bindNull(16);
            if (e.prediction) s.bindBlob(17, encodeGrid(*e.prediction)); else s.bindNull(17);
            s.run();
            if (replacing && (!e.rolloutId || *e.rolloutId != previous)) {
                drop.reset();
                drop.bind(1, previous).run();
            }
        }
    });
}

// --- experiment writers --------------------------------------------------------------------------

namespace {

ExperimentWriter readWriter(sql::Statement& s) {
    return {s.int64(0), s.int64(1), s.text(2), s.text(3)};
}

}  // namespace

std::optional<ExperimentWriter> Catalog::experimentWriter(std::int64_t experimentId) const {
    auto& s = impl_->db.prepare("SELECT experiment_id, pid, host, started FROM experiment_writers WHERE experiment_id = ?1");
    s.bind(1, experimentId);
    std::optional<ExperimentWriter> w;
    if (s.step()) w = readWriter(s);
    s.reset();
    return w;
}

std::optional<ExperimentWriter> Catalog::claimExperimentWriter(const ExperimentWriter& writer,
                                                               const std::function<bool(const ExperimentWriter&)>& stale) {
    std::optional<ExperimentWriter> other;
    transaction([&] {
        other = experimentWriter(writer.experimentId);
        if (other && !stale(*other)) return;
        other.reset();
        auto& s = impl_->db.prepare(
            "INSERT OR REPLACE INTO experiment_writers(experiment_id, pid, host, started) VALUES(?1, ?2, ?3, ?4)");
        s.bind(1, writer.experimentId).bind(2, writer.pid).bind(3, writer.host);
        s.bind(4, writer.started.empty() ? utcNow() : writer.started).run();
    });
    return other;
}

void Catalog::releaseExperimentWriter(std::int64_t experimentId, std::int64_t pid, const std::string& host) {
    auto& s = impl_->db.prepare("DELETE FROM experiment_writers WHERE experiment_id = ?1 AND pid = ?2 AND host = ?3");
    s.bind(1, experimentId).bind(2, pid).bind(3, host).run();
}

int Catalog::removeOrphanRollouts(const std::string& source) {
    int n = 0;
    transaction([&] {
        auto& s = impl_->db.prepare(
            "DELETE FROM rollouts WHERE kind = 1 AND source = ?1 AND id NOT IN "
            "(SELECT rollout_id FROM episodes WHERE rollout_id IS NOT NULL)");
        s.bind(1, source).run();
        n = static_cast<int>(impl_->db.changes());
    });
    return n;
}

int Catalog::orphanRolloutCount(const std::string& source) const {
    auto& s = impl_->db.prepare(
        "SELECT count(*) FROM rollouts WHERE kind = 1 AND source = ?1 AND id NOT IN "
        "(SELECT rollout_id FROM episodes WHERE rollout_id IS NOT NULL)");
    s.bind(1, source);
    const int n = s.step() ? s.int32(0) : 0;
    s.reset();
    return n;
}

std::vector<EpisodeRecord> Catalog::episodes(std::int64_t experimentId) const {
    auto& s = impl_->db.prepare(
        std::string("SELECT id, experiment_id, task_id, seed, repetition, ok, error, steps, total_return, precision, recall, f1, "
                    "success, rollout_id, finished, ") +
        // A catalog older than version 4 (read as it is) has no RL-track or belief columns.
        (impl_->version >= 4 ? "iglu2022_f1, prediction_f1, prediction" : "NULL, NULL, NULL") +
        " FROM episodes WHERE experiment_id = ?1 ORDER BY id");
    s.bind(1, experimentId);
    std::vector<EpisodeRecord> out;
    while (s.step()) {
        EpisodeRecord e;
        e.id = s.int64(0);
        e.experimentId = s.int64(1);
        e.taskId = s.text(2);
        e.seed = s.int64(3);
        e.repetition = s.int32(4);
        e.ok = s.int64(5) != 0;
        e.error = s.text(6);
        e.steps = s.int32(7);
        e.totalReturn = s.real(8);
        e.precision = s.real(9);
        e.recall = s.real(10);
        e.f1 = s.real(11);
        e.success = s.int64(12) != 0;
        if (!s.isNull(13)) e.rolloutId = s.int64(13);
        e.finished = s.text(14);
        if (!s.isNull(15)) e.iglu2022F1 = s.real(15);
        if (!s.isNull(16)) e.predictionF1 = s.real(16);
        if (!s.isNull(17))
            e.prediction = decodeGrid(s.blob(17), impl_->db.path(), "the prediction of episode " + std::to_string(e.id));
        out.push_back(std::move(e));
    }
    return out;
}

bool Catalog::hasEpisode(std::int64_t experimentId, const std::string& taskId, std::int64_t seed, int repetition) const {
    auto& s = impl_->db.prepare(
        "SELECT 1 FROM episodes WHERE experiment_id = ?1 AND task_id = ?2 AND seed = ?3 AND repetition = ?4");
    s.bind(1, experimentId).bind(2, taskId).bind(3, seed).bind(4, repetition);
    bool found = s.step();
    s.reset();
    return found;
}

}  // namespace iglu::catalog

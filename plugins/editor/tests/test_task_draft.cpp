// The task editor's logic without a window: long random sequences of operations, undos and redos
// checked step by step against an independent replay (a model written cell by cell here, with its
// own history), the transforms (mirror twice, rotate four times = identity; rotate turns north to
// east; a shift that would leave the zone is refused and changes nothing), and validation over a
// corpus of bad drafts, each with the field and message it must produce; the inventory rule
// (core/env/inventory.hpp) against the environment that uses it.
#include <QtTest>

#include <climits>
#include <functional>
#include <random>
#include <set>

#include "core/env/environment.hpp"
#include "core/env/inventory.hpp"
#include "logic/draft_validation.hpp"
#include "logic/task_draft.hpp"

using namespace iglu;
using namespace iglu::plugins::editor;
using core::Grid;

namespace {

struct Grids {
    Grid start, target;
    bool operator==(const Grids&) const = default;
};

// The model: each operation written over flat cells, independent of TaskDraft's block lists.
bool in(int x, int y, int z) { return x >= -5 && x <= 5 && y >= -1 && y <= 7 && z >= -5 && z <= 5; }
int idx(int x, int y, int z) { return (y + 1) * 121 + (x + 5) * 11 + (z + 5); }

std::optional<Grid> mapCells(const Grid& g, const std::function<std::array<int, 3>(int, int, int)>& f) {
    Grid out;
    for (int y = -1; y <= 7; ++y)
        for (int x = -5; x <= 5; ++x)
            for (int z = -5; z <= 5; ++z) {
                const int c = g.cell(idx(x, y, z));
                if (c == 0) continue;
                const auto p = f(x, y, z);
                if (!in(p[0], p[1], p[2])) return std::nullopt;
                out.setCell(idx(p[0], p[1], p[2]), static_cast<std::int8_t>(c));
            }
    return out;
}

Grid randomGrid(std::mt19937& rng, int n) {
    Grid g;
    std::uniform_int_distribution<int> x(-5, 5), y(-1, 7), c(1, 6);
    for (int i = 0; i < n; ++i) g.setCell(idx(x(rng), y(rng), x(rng)), static_cast<std::int8_t>(c(rng)));
    return g;
}

}  // namespace

class TestTaskDraft : public QObject {
    Q_OBJECT
private slots:
    void randomSequencesMatchAnIndependentReplay() {
        for (unsigned seed = 1; seed <= 40; ++seed) {
            std::mt19937 rng(seed);
            TaskDraft d;
            std::vector<Grids> history{{}};  // the model's states; `now` indexes the current one
            std::size_t now = 0;
            std::uniform_int_distribution<int> op(0, 13), coord(-7, 7), ycoord(-3, 9), colour(0, 7), small(-3, 3);
            for (int step = 0; step < 400; ++step) {
                Grids cur = history[now];
                const Side side = d.editing();
                Grid& g = side == Side::Start ? cur.start : cur.target;
                std::optional<Grids> expected;  // nullopt: the operation must be refused
                Outcome got;
                const int kind = op(rng);
                const int x = coord(rng), y = ycoord(rng), z = coord(rng), c = colour(rng);
                switch (kind) {
                case 0: case 1: case 2:
                    got = d.place(x, y, z, c);
                    if (in(x, y, z) && c >= 1 && c <= 6 && g.cell(idx(x, y, z)) == 0) {
                        g.setCell(idx(x, y, z), static_cast<std::int8_t>(c));
                        expected = cur;
                    }
                    break;
                case 3: {
                    // Aim at an existing block half of the time, so removals happen.
                    int rx = x, ry = y, rz = z;
                    const auto blocks = d.edited().blocks();
                    if (!blocks.empty() && (rng() & 1)) {
                        const auto& b = blocks[rng() % blocks.size()];
                        rx = b.x, ry = b.y, rz = b.z;
                    }
                    got = d.remove(rx, ry, rz);
                    if (in(rx, ry, rz) && g.cell(idx(rx, ry, rz)) != 0) {
                        g.setCell(idx(rx, ry, rz), 0);
                        expected = cur;
                    }
                    break;
                }
                case 4:
                    got = d.recolour(x, y, z, c);
                    if (in(x, y, z) && c >= 1 && c <= 6 && g.cell(idx(x, y, z)) != 0) {
                        g.setCell(idx(x, y, z), static_cast<std::int8_t>(c));
                        expected = cur;
                    }
                    break;
                case 5: {
                    const core::Block a{x, y, z, 0}, b{coord(rng), ycoord(rng), coord(rng), 0};
                    const int fc = c % 7;  // 0..6: air or a colour
                    got = d.fill(a, b, fc);
                    if (in(a.x, a.y, a.z) && in(b.x, b.y, b.z)) {
                        for (int i = 0; i < core::kCells; ++i) {
                            const auto p = Grid::position(i);
                            if (p.x >= std::min(a.x, b.x) && p.x <= std::max(a.x, b.x) && p.y >= std::min(a.y, b.y) &&
                                p.y <= std::max(a.y, b.y) && p.z >= std::min(a.z, b.z) && p.z <= std::max(a.z, b.z))
                                g.setCell(i, static_cast<std::int8_t>(fc));
                        }
                        expected = cur;
                    }
                    break;
                }
                case 6:
                    got = d.copyStartToTarget();
                    cur.target = cur.start;
                    expected = cur;
                    break;
                case 7:
                    got = d.mirror(rng() & 1 ? Axis::X : Axis::Z);
                    break;  // checked below against the model (needs the axis): see case 7 handling
                case 8:
                    got = d.rotate();
                    g = *mapCells(g, [](int px, int py, int pz) { return std::array<int, 3>{-pz, py, px}; });
                    expected = cur;
                    break;
                case 9: {
                    const int dx = small(rng), dy = small(rng), dz = small(rng);
                    got = d.shift(dx, dy, dz);
                    if (auto moved = mapCells(g, [&](int px, int py, int pz) { return std::array<int, 3>{px + dx, py + dy, pz + dz}; })) {
                        g = *moved;
                        expected = cur;
                    }
                    break;
                }
                case 10: case 11: {
                    const bool did = d.undo();
                    QCOMPARE(did, now > 0);
                    if (now > 0) --now;
                    QVERIFY((Grids{d.start(), d.target()} == history[now]));
                    continue;
                }
                case 12: {
                    const bool did = d.redo();
                    QCOMPARE(did, now + 1 < history.size());
                    if (now + 1 < history.size()) ++now;
                    QVERIFY((Grids{d.start(), d.target()} == history[now]));
                    continue;
                }
                case 13:
                    d.setEditing(d.editing() == Side::Start ? Side::Target : Side::Start);
                    continue;
                }
                if (kind == 7) {
                    // The model of the mirror: whichever axis was used, one of the two must match.
                    const Grids now_ = {d.start(), d.target()};
                    Grids mx = cur, mz = cur;
                    Grid& gx = side == Side::Start ? mx.start : mx.target;
                    Grid& gz = side == Side::Start ? mz.start : mz.target;
                    gx = *mapCells(gx, [](int px, int py, int pz) { return std::array<int, 3>{-px, py, pz}; });
                    gz = *mapCells(gz, [](int px, int py, int pz) { return std::array<int, 3>{px, py, -pz}; });
                    QVERIFY2(now_ == mx || now_ == mz, qPrintable(QStringLiteral("seed %1 step %2: mirror").arg(seed).arg(step)));
                    expected = now_;
                }
                QVERIFY2(got.ok == expected.has_value(),
                         qPrintable(QStringLiteral("seed %1 step %2 op %3: ok %4, model %5 (%6)")
                                        .arg(seed).arg(step).arg(kind).arg(got.ok).arg(expected.has_value())
                                        .arg(QString::fromStdString(got.message))));
                if (got.ok) {
                    history.resize(now + 1);  // a new operation drops what could be redone
                    history.push_back(*expected);
                    ++now;
                } else {
                    QVERIFY(!got.message.empty());
                }
                QVERIFY2((Grids{d.start(), d.target()} == history[now]),
                         qPrintable(QStringLiteral("seed %1 step %2 op %3").arg(seed).arg(step).arg(kind)));
                QCOMPARE(d.canUndo(), now > 0);
                QCOMPARE(d.canRedo(), now + 1 < history.size());
            }
        }
    }

    void undoAllThenRedoAllReturnsEachState() {
        TaskDraft d;
        std::vector<Grids> states{{d.start(), d.target()}};
        QVERIFY(d.place(0, -1, 0, 1));
        states.push_back({d.start(), d.target()});
        QVERIFY(d.fill({-2, -1, -2, 0}, {2, 0, 2, 0}, 3));
        states.push_back({d.start(), d.target()});
        QVERIFY(d.copyStartToTarget());
        states.push_back({d.start(), d.target()});
        d.setEditing(Side::Start);
        QVERIFY(d.place(5, 7, 5, 6));
        states.push_back({d.start(), d.target()});
        for (int i = static_cast<int>(states.size()) - 2; i >= 0; --i) {
            QVERIFY(d.undo());
            QVERIFY(Grids(d.start(), d.target()) == states[static_cast<std::size_t>(i)]);
        }
        QVERIFY(!d.undo());
        for (std::size_t i = 1; i < states.size(); ++i) {
            QVERIFY(d.redo());
            QVERIFY(Grids(d.start(), d.target()) == states[i]);
        }
        QVERIFY(!d.redo());
    }

    void transformsComposeToIdentity() {
        std::mt19937 rng(7);
        for (int trial = 0; trial < 50; ++trial) {
            TaskDraft d;
            QVERIFY(d.setGrids(randomGrid(rng, 5), randomGrid(rng, 1 + trial)));
            const Grid before = d.target();
            for (Axis a : {Axis::X, Axis::Z}) {
                QVERIFY(d.mirror(a));
                QVERIFY(d.mirror(a));
                QCOMPARE(d.target(), before);
            }
            for (int i = 0; i < 4; ++i) {
                QVERIFY(d.rotate());
                QCOMPARE(d.target().count(), before.count());
            }
            QCOMPARE(d.target(), before);
            QVERIFY(d.shift(0, 0, 0));
            QCOMPARE(d.target(), before);
        }
    }

    void rotateTurnsNorthToEastAndMirrorFlipsOneAxis() {
        TaskDraft d;
        QVERIFY(d.place(0, 2, -3, 3));  // 3 north of the centre (north = -z)
        QVERIFY(d.rotate());
        QCOMPARE(d.target().at(3, 2, 0), std::int8_t{3});  // now 3 east
        QCOMPARE(d.target().count(), 1);
        QVERIFY(d.mirror(Axis::X));
        QCOMPARE(d.target().at(-3, 2, 0), std::int8_t{3});
        QVERIFY(d.mirror(Axis::Z));
        QCOMPARE(d.target().at(-3, 2, 0), std::int8_t{3});  // z = 0 stays
    }

    void shiftOutOfTheZoneIsRefusedAndChangesNothing() {
        TaskDraft d;
        QVERIFY(d.place(4, -1, 0, 2));
        QVERIFY(d.place(-5, 6, 5, 4));
        const Grids before{d.start(), d.target()};
        const std::string undoBefore = d.undoText();
        struct Case { int dx, dy, dz; const char* where; };
        for (const Case& c : {Case{2, 0, 0, "(4, -1, 0) would go to (6, -1, 0) is outside the zone"},
                              Case{0, -1, 0, "(4, -1, 0) would go to (4, -2, 0)"}, Case{0, 2, 0, "(-5, 6, 5) would go to (-5, 8, 5)"},
                              Case{0, 0, 1, "(-5, 6, 5) would go to (-5, 6, 6)"}, Case{-1, 0, 0, "(-5, 6, 5) would go to (-6, 6, 5)"},
                              Case{INT_MAX, 0, 0, "2 blocks would leave the zone"}, Case{0, INT_MIN, 0, "2 blocks would leave the zone"}}) {
            const Outcome o = d.shift(c.dx, c.dy, c.dz);
            QVERIFY(!o.ok);
            QVERIFY2(o.message.find(c.where) != std::string::npos, o.message.c_str());
            QVERIFY2(o.message.find("nothing was moved") != std::string::npos, o.message.c_str());
            QVERIFY(Grids(d.start(), d.target()) == before);
            QCOMPARE(d.undoText(), undoBefore);  // a refusal is no undo step
        }
        QVERIFY(d.shift(1, 1, -5));
        QCOMPARE(d.target().at(5, 0, -5), std::int8_t{2});
        QCOMPARE(d.target().at(-4, 7, 0), std::int8_t{4});
        QCOMPARE(d.target().count(), 2);
    }

    void placeOutsideTheZoneOrOnABlockIsRefused() {
        TaskDraft d;
        for (auto p : {std::array<int, 3>{6, 0, 0}, {0, -2, 0}, {0, 8, 0}, {0, 0, -6}}) {
            const Outcome o = d.place(p[0], p[1], p[2], 1);
            QVERIFY(!o.ok);
            QVERIFY2(o.message.find("outside the zone (x -5..5, y -1..7, z -5..5)") != std::string::npos, o.message.c_str());
        }
        QVERIFY(d.place(0, 0, 0, 1));
        QVERIFY(!d.place(0, 0, 0, 2));
        QVERIFY(!d.place(1, 0, 0, 7));
        QVERIFY(!d.place(1, 0, 0, 0));
        QVERIFY(!d.recolour(1, 0, 0, 2));
        QVERIFY(!d.remove(1, 0, 0));
        QVERIFY(!d.fill({0, 0, 0, 0}, {0, 9, 0, 0}, 1));
        QCOMPARE(d.target().count(), 1);
    }

    void validationNamesTheFieldOfEveryBadDraft() {
        const std::set<std::string> existing{"CQ-game-1", "taken"};
        const auto exists = [&](const std::string& id) { return existing.count(id) > 0; };
        const auto good = [] {
            TaskDraft d;
            d.id = "my-task";
            d.instruction = "Build a red block";
            d.place(0, -1, 0, 3);
            return d;
        };
        QVERIFY2(validateDraft(good(), exists).empty(), describe(validateDraft(good(), exists)).c_str());

        struct Bad { const char* name; std::function<void(TaskDraft&)> spoil; const char* field; const char* says; };
        const std::vector<Bad> corpus = {
            {"empty id", [](TaskDraft& d) { d.id = ""; }, "id", "empty"},
            {"blank id", [](TaskDraft& d) { d.id = "  "; }, "id", "empty"},
            {"id with a space", [](TaskDraft& d) { d.id = "my task"; }, "id", "space or control"},
            {"id with a tab", [](TaskDraft& d) { d.id = "my\ttask"; }, "id", "space or control"},
            {"long id", [](TaskDraft& d) { d.id = std::string(121, 'a'); }, "id", "longer than 120"},
            {"existing dataset id", [](TaskDraft& d) { d.id = "CQ-game-1"; }, "id", "already exists"},
            {"existing id", [](TaskDraft& d) { d.id = "taken"; }, "id", "already exists"},
            {"no instruction", [](TaskDraft& d) { d.instruction = ""; }, "instruction", "empty"},
            {"blank instruction", [](TaskDraft& d) { d.instruction = " \n"; }, "instruction", "empty"},
            {"empty target", [](TaskDraft& d) { d.remove(0, -1, 0); }, "target", "empty"},
            {"target equals start", [](TaskDraft& d) { d.copyStartToTarget(); d.setEditing(Side::Start); d.place(1, -1, 1, 2); d.copyStartToTarget(); },
             "target", "equals the start"},
            {"21 red to place", [](TaskDraft& d) { d.fill({-5, -1, -5, 0}, {5, -1, -5, 0}, 3); d.fill({-5, -1, -4, 0}, {3, -1, -4, 0}, 3); },
             "target", "21 red blocks in the target"},
            {"10 red in the start, 21 in the target", [](TaskDraft& d) {
                 d.setEditing(Side::Start);
                 d.fill({-5, 0, 0, 0}, {4, 0, 0, 0}, 3);
                 d.copyStartToTarget();
                 d.setEditing(Side::Target);
                 d.fill({-5, 1, 0, 0}, {5, 1, 0, 0}, 3);
             }, "target", "21 red blocks in the target (11 to place)"},
        };
        for (const Bad& b : corpus) {
            TaskDraft d = good();
            b.spoil(d);
            const auto errors = validateDraft(d, exists);
            bool found = false;
            for (const auto& e : errors) found |= e.field == b.field && e.message.find(b.says) != std::string::npos;
            QVERIFY2(found, qPrintable(QStringLiteral("%1: expected %2: ...%3..., got \"%4\"")
                                           .arg(QLatin1String(b.name), QLatin1String(b.field), QLatin1String(b.says),
                                                QString::fromStdString(describe(errors)))));
            for (const auto& e : errors) QVERIFY2(describe(errors).find(e.field + ": ") != std::string::npos, b.name);
        }
        // More than 20 of a colour is buildable when none has to be placed (all already in the start).
        TaskDraft many = good();
        many.setEditing(Side::Start);
        many.fill({-5, 0, -5, 0}, {5, 0, -4, 0}, 3);  // 22 red in the start
        many.copyStartToTarget();
        many.setEditing(Side::Target);
        many.place(1, -1, 0, 2);
        QVERIFY2(validateDraft(many, exists).empty(), describe(validateDraft(many, exists)).c_str());
    }

    void inventoryRuleIsTheEnvironments() {
        // The environment starts with initialInventory, and can place a colour only while fewer
        // than 20 of it are on the grid: the rule inventoryShortfalls states.
        std::mt19937 rng(3);
        for (int trial = 0; trial < 20; ++trial) {
            core::Task t;
            t.starting = randomGrid(rng, trial * 3);
            core::Environment env;
            env.setTask(t);
            env.reset();
            const auto inv = core::initialInventory(t.starting);
            for (int c = 1; c <= 6; ++c) {
                QCOMPARE(inv[static_cast<std::size_t>(c - 1)], 20 - t.starting.count(c));
                QCOMPARE(static_cast<int>(env.observation().inventory[static_cast<std::size_t>(c - 1)]), 20 - t.starting.count(c));
            }
        }
        Grid start, target;
        for (int x = -5; x <= 5; ++x) target.set(x, -1, 0, 1), target.set(x, -1, 1, 1);  // 22 blue
        QCOMPARE(core::inventoryShortfalls(start, target).size(), std::size_t{1});
        QCOMPARE(core::inventoryShortfalls(start, target).front().colour, 1);
        QCOMPARE(core::inventoryShortfalls(target, target).size(), std::size_t{0});  // nothing to place
        target.set(0, -1, 0, 0);
        target.set(0, -1, 1, 0);  // 20 blue
        QCOMPARE(core::inventoryShortfalls(start, target).size(), std::size_t{0});
    }

    void suggestedIdsAreFree() {
        const std::set<std::string> taken{"a-custom", "a-custom-2", "custom-1"};
        const auto exists = [&](const std::string& id) { return taken.count(id) > 0; };
        QCOMPARE(suggestId("a", exists), std::string("a-custom-3"));
        QCOMPARE(suggestId("b", exists), std::string("b-custom"));
        QCOMPARE(suggestId("", exists), std::string("custom-2"));
    }
};

QTEST_GUILESS_MAIN(TestTaskDraft)
#include "test_task_draft.moc"

// The iglu Lua module: grids, environments and observation views, tasks, metrics, and the
// line-of-sight helpers checked against the environment itself.
#include <QTemporaryDir>
#include <QtTest>

#include "core/catalog/catalog.hpp"

#include "core/env/environment.hpp"
#include "core/metrics/metrics.hpp"
#include "core/task/task_list.hpp"
#include "core/util/rng.hpp"
#include "geometry.hpp"
#include "module.hpp"
#include "support/lua.hpp"
#include "support/shared_dir.hpp"

using namespace iglu;

class TestLuaApi : public QObject {
    Q_OBJECT
private slots:
    void gridGetSetCountIterate() {
        scripting::LuaState lua(test::sandboxFor());
        LUA_OK_RUN(lua, R"(
            local iglu = require "iglu"
            local g = iglu.grid()
            assert(g:count() == 0 and #g == 0)
            g:set(1, -1, 2, 3); g:set(-5, 7, 5, 6)
            assert(g:get(1, -1, 2) == 3 and g:get(-5, 7, 5) == 6 and g:get(0, 0, 0) == 0)
            assert(g:get(99, 0, 0) == 0, "outside the zone reads as air")
            assert(g:count() == 2 and g:count(3) == 1 and g:count(6) == 1)
            local seen = {}
            for x, y, z, c in g:blocks() do seen[#seen + 1] = string.format("%d,%d,%d=%d", x, y, z, c) end
            assert(#seen == 2 and seen[1] == "1,-1,2=3" and seen[2] == "-5,7,5=6", table.concat(seen, " "))
            local l = g:list()
            assert(#l == 2 and l[1][1] == -5 and l[2][4] == 3)  -- sorted by (x, y, z)
            local h = iglu.grid({{1, -1, 2, 3}, {-5, 7, 5, 6}})
            assert(h == g and g:equals(h) and h:equals({{1, -1, 2, 3}, {-5, 7, 5, 6}}))
            local c = g:copy(); c:set(0, 0, 0, 1)
            assert(c ~= g and g:get(0, 0, 0) == 0)
            local d = c:diff(g)
            assert(#d == 1 and d[1][1] == 0 and d[1][4] == 1 and d[1][5] == 0)
            g:assign(c); assert(g == c)
            g:clear(); assert(g:count() == 0)
        )");
        LUA_FAILS_WITH(lua, "require('iglu').grid():set(6, 0, 0, 1)", "outside the zone");
        LUA_FAILS_WITH(lua, "require('iglu').grid():set(0, 0, 0, 7)", "colour must be an integer in 0..6, got 7");
        LUA_FAILS_WITH(lua, "require('iglu').grid({{0, 0, 0, 9}})", "colour 9");
        LUA_FAILS_WITH(lua, "require('iglu').grid():get('a', 0, 0)", "must be an integer");
    }

    void envStepsAndObservationIsAView() {
        scripting::LuaState lua(test::sandboxFor());
        LUA_OK_RUN(lua, R"(
            local iglu = require "iglu"
            local env = iglu.env{action_space = "walking", max_steps = 50, target_in_obs = true}
            env:set_task{id = "t", instruction = "stack", starting = {{0, -1, -3, 1}}, target = {{0, -1, -3, 1}, {0, 0, -3, 2}}}
            local obs = env:reset()
            assert(obs == env:observation(), "one observation object per env")
            local g = obs.grid
            assert(g == obs.grid, "the grid view is cached")
            assert(g:read_only() and g:count() == 1 and obs.target_grid:count() == 2)
            assert(obs:inventory(1) == 19 and obs:inventory(2) == 20)
            assert(obs.step == 0 and obs.action_space == "walking" and obs.max_steps == 50)
            local ok = pcall(function() g:set(0, 0, 0, 1) end)
            assert(not ok, "views are read-only")
            local r, done = env:step(iglu.actions.forward)
            assert(obs.step == 1 and obs.z < 0, "the view follows the environment: z = " .. obs.z)
            for i = 1, 3 do env:step(0) end  -- settle on the floor
            local x, y, z, yaw, pitch = env:agent()
            local ayaw, apitch = iglu.aim(g, "place", x, y, z, 0, 0, -3)
            assert(ayaw, "the top of the start block is in sight")
            local r2 = env:step{camera = {ayaw - yaw, apitch - pitch}, use = true, hotbar = 2}
            assert(g:count() == 2 and g:get(0, 0, -3) == 2, "a green block was placed: the same view sees it")
            assert(r2 == 1, "a matching placement earns 1")
            local s = env:scores()
            assert(s.target_size == 2 and s.built_size == 2)
        )");
    }

    // The first-person view is opt-in: obs.pov is nil by default; with pov = true the pixels are
    // the environment's own obs.pov bytes, and a block straight ahead fills the centre.
    void povIsOptInAndReadsTheEnvironmentsView() {
        scripting::LuaState lua(test::sandboxFor());
        LUA_OK_RUN(lua, R"(
            local iglu = require "iglu"
            local plain = iglu.env{}
            plain:set_task{id = "t", starting = {}, target = {{0, 0, -3, 1}}}
            local o = plain:reset()
            assert(o.pov == nil and o.pov_width == 0, "no view unless asked for")
            local env = iglu.env{pov = true, pov_width = 32, pov_height = 24}
            env:set_task{id = "t", starting = {{0, 0, -3, 3}}, target = {{0, 0, -3, 3}}}
            local obs = env:reset()
            assert(obs.pov_width == 32 and obs.pov_height == 24)
            local bytes = obs:pov_bytes()
            assert(#bytes == 32 * 24 * 3)
            local r, g, b = obs:pov(16, 12)
            local i = (12 * 32 + 16) * 3
            assert(r == bytes:byte(i + 1) and g == bytes:byte(i + 2) and b == bytes:byte(i + 3))
            assert(r > g and r > b, "the red block straight ahead fills the centre: " .. r .. "," .. g .. "," .. b)
            local sky = {obs:pov(16, 0)}
            assert(not (sky[1] > sky[2] and sky[1] > sky[3]), "the top row is not the block")
        )");
        LUA_FAILS_WITH(lua, R"(
            local e = require('iglu').env{pov = true}
            e:set_task{id = "t", starting = {}, target = {{0, 0, 0, 1}}}
            e:reset():pov(64, 0))", "pixel x must be an integer in 0..63, got 64");
        LUA_FAILS_WITH(lua, "require('iglu').env{pov = true, pov_width = 0}", "pov_width");
        LUA_FAILS_WITH(lua, "require('iglu').env{pov = true, pov_style = 'fancy'}", "pov_style must be 'reference' or 'clean', got 'fancy'");
        // obs:pov is the core renderer's default view (the reference look); pov_style = 'clean'
        // gives the earlier look of the same scene.
        LUA_OK_RUN(lua, R"(
            local iglu = require "iglu"
            local function centre(style)
                local env = iglu.env{pov = true, pov_style = style}
                env:set_task{id = "t", starting = {{0, 0, -3, 1}}, target = {{0, 0, -3, 1}}}
                return {env:reset():pov(32, 0)}, {env:reset():pov(32, 28)}
            end
            local sky, block = centre(nil)
            assert(sky[1] == 128 and sky[2] == 176 and sky[3] == 255, "the reference sky: " .. table.concat(sky, ","))
            assert(block[1] == 0 and block[2] == 113 and block[3] == 167, "the reference blue +z face: " .. table.concat(block, ","))
            local csky = centre("clean")
            assert(csky[1] == 150 and csky[2] == 196 and csky[3] == 240, "the clean sky: " .. table.concat(csky, ","))
        )");
        LUA_FAILS_WITH(lua, R"(
            local e = require('iglu').env{}
            e:set_task{id = "t", starting = {}, target = {{0, 0, 0, 1}}}
            e:reset():pov_bytes())", "pov = true");
    }

    void tasksAndMetricsMatchCore() {
        IGLU_REQUIRE_SHARED("conformance/tasks.jsonl");
        const QString tasksPath = test::sharedDir() + "/conformance/tasks.jsonl";
        scripting::LuaState lua(test::sandboxFor(test::sharedDir()));
        const auto tasks = core::readTaskList(tasksPath.toStdString());
        LUA_OK_RUN(lua, QString(R"(
            local iglu = require "iglu"
            TASKS = iglu.read_tasks("%1")
            F1 = {}
            for i, t in ipairs(TASKS) do F1[i] = iglu.score(t.target, t.starting).f1 end
        )").arg(tasksPath));
        lua_State* L = lua.get();
        lua_getglobal(L, "F1");
        QCOMPARE(static_cast<std::size_t>(luaL_len(L, -1)), tasks.size());
        for (std::size_t i = 0; i < tasks.size(); ++i) {
            lua_rawgeti(L, -1, static_cast<lua_Integer>(i + 1));
            QCOMPARE(lua_tonumber(L, -1), core::score(tasks[i].target, tasks[i].starting).f1);
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
        LUA_OK_RUN(lua, R"(
            local iglu = require "iglu"
            local t = TASKS[1]
            local v, dx, dz, rot = iglu.max_intersection(t.target, t.target)
            assert(v == t.target:count() and dx == 0 and dz == 0 and rot == 0)
            local o = iglu.overlay(t.target, t.starting)
            assert(#o.matched + #o.missing == t.target:count())
        )");
    }

    // iglu.raycast (any grid, any eye) must report what env:hit_test() reports for the env's own
    // grid and pose, value for value, over many poses (both bind core::castRay; this checks the
    // bindings: argument order, the floor, the missing previous cell).
    void raycastMatchesEnvironmentHitTest() {
        scripting::LuaState lua(test::sandboxFor());
        LUA_OK_RUN(lua, R"(
            local iglu = require "iglu"
            local env = iglu.env{action_space = "flying"}
            local start = {}
            math.randomseed(7)
            for i = 1, 40 do start[#start + 1] = {math.random(-5, 5), math.random(-1, 4), math.random(-5, 5), math.random(1, 6)} end
            local seen = {}
            local unique = {}
            for _, b in ipairs(start) do
                local k = b[1] .. "," .. b[2] .. "," .. b[3]
                if not seen[k] then seen[k] = true; unique[#unique + 1] = b end
            end
            env:set_task{id = "t", starting = unique, target = unique}
            env:reset()
            local grid = env:observation().grid
            local hits, floor = 0, 0
            for i = 1, 3000 do
                local x, y, z = math.random() * 14 - 7, math.random() * 5.5 - 0.5, math.random() * 14 - 7
                local yaw, pitch = math.random() * 360, math.random() * 180 - 90
                env:set_pose(x, y, z, yaw, pitch)
                local a = table.pack(env:hit_test())
                local b = table.pack(iglu.raycast(grid, x, y, z, yaw, pitch))
                assert(a.n == b.n, "value count differs at pose " .. i)
                for k = 1, a.n do assert(a[k] == b[k], "value " .. k .. " differs at pose " .. i) end
                if a[1] then hits = hits + 1 end
                if a[5] == -1 then floor = floor + 1 end
            end
            assert(hits > 1000 and floor > 100, hits .. " hits, " .. floor .. " on the floor")
        )");
    }

    // aim() promises an orientation that places into / breaks the cell: check it in the env.
    void aimDoesWhatItSays() {
        IGLU_REQUIRE_SHARED("conformance/tasks.jsonl");
        const auto tasks = core::readTaskList((test::sharedDir() + "/conformance/tasks.jsonl").toStdString());
        core::EnvConfig cfg;
        cfg.actionSpace = core::ActionSpace::Flying;
        core::Environment env(cfg);
        core::Rng rng(3);
        int placed = 0, broken = 0;
        for (const core::Task& t : tasks) {
            env.setTask(t);
            env.reset();
            const auto blocks = env.grid().blocks();
            for (int k = 0; k < 40; ++k) {
                env.reset();
                int cx = rng.below(11) - 5, cy = rng.below(9) - 1, cz = rng.below(11) - 5;
                if (k % 2 == 0 && !blocks.empty()) {  // every other try: break an existing block
                    const core::Block& b = blocks[static_cast<std::size_t>(rng.below(static_cast<int>(blocks.size())))];
                    cx = b.x, cy = b.y, cz = b.z;
                }
                const bool breaking = env.grid().at(cx, cy, cz) != 0;
                const auto op = breaking ? scripting::Op::Break : scripting::Op::Place;
                scripting::Shot s =
                    scripting::findShot(env.grid(), op, cx, cy, cz, scripting::Stance::Flying, 0, 0, 0);
                if (!s.ok) continue;
                // The nearest working orientation from a random camera works too, and never needs more turning.
                const double yaw0 = rng.uniform(0, 360), pitch0 = rng.uniform(-90, 90);
                const scripting::Orientation near =
                    scripting::aimNearest(env.grid(), op, s.x, s.y, s.z, cx, cy, cz, yaw0, pitch0);
                QVERIFY(near.ok);
                auto turn = [&](double yaw, double pitch) {
                    double d = std::fmod(std::abs(yaw - yaw0), 360.0);
                    if (d > 180) d = 360 - d;
                    if (std::abs(pitch) >= 90) d = 0;
                    return std::max(d, std::abs(pitch - pitch0));
                };
                QVERIFY(turn(near.yaw, near.pitch) <= turn(s.yaw, s.pitch) + 1e-9);
                if (k % 4 == 1) s.yaw = near.yaw, s.pitch = near.pitch;  // act with it on some tries
                env.setPose(s.x, s.y, s.z, s.yaw, s.pitch);
                core::Action a;
                a.colour = 2;
                a.place = !breaking;
                a.breakBlock = breaking;
                env.step(a);
                if (breaking) {
                    QVERIFY2(env.grid().at(cx, cy, cz) == 0, qPrintable(QString("break %1 %2 %3").arg(cx).arg(cy).arg(cz)));
                    ++broken;
                } else {
                    QVERIFY2(env.grid().at(cx, cy, cz) == 2, qPrintable(QString("place %1 %2 %3").arg(cx).arg(cy).arg(cz)));
                    ++placed;
                }
            }
        }
        QVERIFY2(placed > 100 && broken > 200, qPrintable(QString("%1 %2").arg(placed).arg(broken)));
    }

    void catalogReadsTasksByIdAndFilter() {
        IGLU_REQUIRE_SHARED("conformance/tasks.jsonl");
        QTemporaryDir dir;
        const QString db = dir.filePath("c.db");
        const auto tasks = core::readTaskList((test::sharedDir() + "/conformance/tasks.jsonl").toStdString());
        {
            catalog::Catalog cat(db.toStdString());
            std::vector<catalog::TaskRecord> recs;
            for (const auto& t : tasks) {
                catalog::TaskRecord r;
                r.task = t;
                r.source = catalog::TaskSource::SingleTurn;
                recs.push_back(std::move(r));
            }
            cat.putTasks(recs);
        }
        scripting::LuaState lua(test::sandboxFor(dir.path()));
        LUA_OK_RUN(lua, QString(R"(
            local iglu = require "iglu"
            local cat = iglu.catalog("%1")
            assert(cat:count() == %2, "count " .. cat:count())
            local t = assert(cat:task("CQ-game-1507"))
            assert(t.id == "CQ-game-1507" and t.target:count() == 4 and t.starting:count() == 3)
            assert(cat:task("no-such-task") == nil)
            local some = cat:tasks{ids = {"CQ-game-6", "CQ-game-1507"}}
            assert(#some == 2)
            local blue = cat:tasks{text = "yellow block", limit = 3}
            assert(#blue >= 1 and #blue <= 3)
            for _, x in ipairs(blue) do assert(x.instruction:lower():find("yellow")) end
        )").arg(db).arg(tasks.size()));
        LUA_FAILS_WITH(lua, QString("require('iglu').catalog('%1')").arg(dir.filePath("new.db")), "no catalog");
        QVERIFY(!QFile::exists(dir.filePath("new.db")));
        scripting::LuaState other(test::sandboxFor());  // data folders elsewhere: refused
        LUA_FAILS_WITH(other, QString("require('iglu').catalog('%1')").arg(db), "outside the readable data folders");

        // The handle's metatable is locked, a bad self is a type error, handles are counted and
        // charged to the memory cap, and collecting them gives both back.
        LUA_FAILS_WITH(lua, QString("getmetatable(require('iglu').catalog('%1')).__gc()").arg(db), "attempt to call a nil value");
        LUA_FAILS_WITH(lua, QString("local c = require('iglu').catalog('%1'); c.count(require('iglu').grid())").arg(db),
                       "iglu.Catalog expected");
        lua_gc(lua.get(), LUA_GCCOLLECT, 0);
        QCOMPARE(lua.hostMemoryUsed(), std::size_t(0));
        LUA_FAILS_WITH(lua, QString("KEEP = {} for i = 1, 9 do KEEP[i] = require('iglu').catalog('%1') end").arg(db),
                       "at most 8 catalogs");
        QVERIFY(lua.hostMemoryUsed() >= 8u * (4u << 20));
        LUA_OK_RUN(lua, QString("KEEP = nil collectgarbage() local c = require('iglu').catalog('%1') assert(c:count() > 0)").arg(db));
        lua_gc(lua.get(), LUA_GCCOLLECT, 0);
        QCOMPARE(lua.hostMemoryUsed(), std::size_t(0));
    }

    void actionsAreValidated() {
        scripting::LuaState lua(test::sandboxFor());
        LUA_OK_RUN(lua, R"(
            local iglu = require "iglu"
            E = iglu.env{action_space = "flying"}
            E:set_task{target = {{0, -1, 0, 1}}}
            E:reset()
            E:step{movement = {0, 0, 1}, camera = {10, -5}, inventory = 2, placement = 0}
            local x, y, z, yaw, pitch = E:agent()
            assert(yaw == 10 and pitch == -5 and y > 0, "flying up and turning")
        )");
        LUA_FAILS_WITH(lua, "E:step(3)", "flying environment takes");
        LUA_FAILS_WITH(lua, "E:step{placement = 5}", "action.placement");
        LUA_FAILS_WITH(lua, "E:step{movement = {0/0, 0, 0}}", "must be finite");
        LUA_FAILS_WITH(lua, "E:step{camera = 'left'}", "action.camera must be a table");
        LUA_FAILS_WITH(lua, "require('iglu').env{action_space = 'swimming'}", "action_space");
    }
};

QTEST_GUILESS_MAIN(TestLuaApi)
#include "test_lua_api.moc"

// The sandbox: escapes are tried and refused; runaway scripts are stopped even through pcall;
// memory is capped; the state stays usable after an abort.
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <malloc.h>
#include <sys/stat.h>

#include <atomic>

#include "core/env/environment.hpp"
#include "binding.hpp"
#include "script_source.hpp"
#include "scripting/error.hpp"
#include "support/lua.hpp"


using namespace iglu;

namespace {
std::size_t heapInUse() {  // glibc: small chunks in use + big chunks served by mmap
    const struct mallinfo2 m = mallinfo2();
    return m.uordblks + m.hblkhd;
}
}  // namespace

class TestSandbox : public QObject {
    Q_OBJECT
private slots:
    void dangerousGlobalsAreGone() {
        scripting::LuaState lua(test::sandboxFor());
        LUA_OK_RUN(lua, R"(
            assert(os.execute == nil and os.exit == nil and os.remove == nil and os.rename == nil and os.getenv == nil)
            assert(io.popen == nil and io.write == nil and io.output == nil and io.tmpfile == nil)
            assert(dofile == nil and loadfile == nil and package == nil)
            assert(debug.getinfo == nil and debug.sethook == nil and debug.setupvalue == nil and debug.traceback ~= nil)
            assert(string.dump == nil)
            assert(os.clock and os.time and math.floor and string.format and table.concat and coroutine.wrap)
        )");
        LUA_FAILS_WITH(lua, "os.execute('true')", "attempt to call a nil value");
    }

    void ioOnlyReadsBelowTheDataFolders() {
        QTemporaryDir data;
        QVERIFY(data.isValid());
        QFile f(data.filePath("ok.txt"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("hello\n");
        f.close();
        QTemporaryDir outside;
        QFile secret(outside.filePath("secret.txt"));
        QVERIFY(secret.open(QIODevice::WriteOnly));
        secret.write("secret\n");
        secret.close();
        QVERIFY(QFile::link(secret.fileName(), data.filePath("link.txt")));

        scripting::LuaState lua(test::sandboxFor(data.path()));
        LUA_OK_RUN(lua, QString("local h = assert(io.open('%1')); assert(h:read('l') == 'hello'); h:close()"
                                "; for l in io.lines('%1') do assert(l == 'hello') end")
                            .arg(data.filePath("ok.txt")));
        LUA_FAILS_WITH(lua, QString("io.open('%1')").arg(secret.fileName()), "outside the readable data folders");
        LUA_FAILS_WITH(lua, QString("io.open('%1/../%2/secret.txt')").arg(data.path(), QFileInfo(outside.path()).fileName()),
                       "outside the readable data folders");
        LUA_FAILS_WITH(lua, QString("io.open('%1')").arg(data.filePath("link.txt")), "outside the readable data folders");
        LUA_FAILS_WITH(lua, "io.open('/etc/passwd')", "outside the readable data folders");
        LUA_FAILS_WITH(lua, QString("io.open('%1', 'w')").arg(data.filePath("new.txt")), "only read modes");
        LUA_FAILS_WITH(lua, QString("io.open('%1', 'a+')").arg(data.filePath("ok.txt")), "only read modes");
        QVERIFY(!QFile::exists(data.filePath("new.txt")));
        LUA_FAILS_WITH(lua, "require('iglu').read_tasks('/etc/passwd')", "outside the readable data folders");
    }

    void requireIsConfined() {
        scripting::LuaState lua(test::sandboxFor());
        LUA_OK_RUN(lua, "local h = require 'helper'; assert(h.answer == 42); assert(require 'helper' == h)");
        LUA_OK_RUN(lua, "local m = require 'iglu.motion'; assert(m.FLY_STEP == 0.75)");
        LUA_FAILS_WITH(lua, "require '../../../etc/passwd'", "not found");
        LUA_FAILS_WITH(lua, "require '/etc/passwd'", "not found");
        LUA_FAILS_WITH(lua, "require 'os'", "not found");
        LUA_FAILS_WITH(lua, "require 'nonexistent_module'", "confined");
    }

    // Every Lua source is read through one checked reader (scripting/script_source.hpp): a module
    // or a script that is a FIFO, a folder or larger than the limit is refused, never read (a FIFO
    // used to block require forever; a huge file to be read whole).
    void sourcesThatAreNotFilesAreRefused() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(::mkfifo(QFile::encodeName(dir.filePath("fifo_mod.lua")).constData(), 0600) == 0);
        QVERIFY(QDir(dir.path()).mkdir("folder_mod.lua"));
        {
            QFile big(dir.filePath("big_mod.lua"));
            QVERIFY(big.open(QIODevice::WriteOnly));
            QVERIFY(big.resize(qint64(scripting::kMaxLuaSourceBytes) + 1));  // sparse: no disk used
        }
        {
            QFile ok(dir.filePath("ok_mod.lua"));
            QVERIFY(ok.open(QIODevice::WriteOnly));
            ok.write("\xEF\xBB\xBF#!/usr/bin/env lua\nreturn {line = 2}\n");
            QFile err(dir.filePath("err_mod.lua"));  // the shebang line kept: errors name line 2
            QVERIFY(err.open(QIODevice::WriteOnly));
            err.write("#!/usr/bin/env lua\nerror('boom')\n");
        }
        scripting::SandboxOptions o = test::sandboxFor();
        o.requireDirs.insert(o.requireDirs.begin(), dir.path().toStdString());
        scripting::LuaState lua(o);
        LUA_OK_RUN(lua, "assert(require('ok_mod').line == 2)");
        LUA_FAILS_WITH(lua, "require 'err_mod'", "err_mod.lua:2: boom");
        LUA_FAILS_WITH(lua, "require 'fifo_mod'", "not found");  // only regular files are modules
        LUA_FAILS_WITH(lua, "require 'folder_mod'", "not found");
        LUA_FAILS_WITH(lua, "require 'big_mod'", "big_mod.lua");
        for (const char* name : {"fifo_mod.lua", "folder_mod.lua", "big_mod.lua"}) {
            const std::string path = dir.filePath(name).toStdString();
            QVERIFY_THROWS_EXCEPTION(scripting::ScriptError, scripting::readLuaSource(path));
            QVERIFY_THROWS_EXCEPTION(scripting::ScriptError, lua.doFile(path, 0));
        }
    }

    void binaryChunksAreRefused() {
        scripting::LuaState lua(test::sandboxFor());
        LUA_OK_RUN(lua, "local f = assert(load('return 1 + 1')); assert(f() == 2)");
        LUA_OK_RUN(lua, "local f, err = load('\\27Lua\\84\\0garbage'); assert(f == nil and err:find('binary'), err)");
        LUA_FAILS_WITH(lua, "load('return 1', 'x', 'b')", "only text chunks");
        LUA_FAILS_WITH(lua, "load(function() return nil end)", "string expected");
        LUA_OK_RUN(lua, "local env = {}; load('x = 5', 'c', 't', env)(); assert(env.x == 5 and x == nil)");
    }

    void runawayLoopIsStopped() {
        scripting::LuaState lua(test::sandboxFor());
        LUA_FAILS_WITH(lua, "while true do end", "instruction budget exceeded");
        QVERIFY(lua.budgetExceeded());
        LUA_OK_RUN(lua, "local s = 0; for i = 1, 1000 do s = s + i end; assert(s == 500500)");  // usable again
        QVERIFY(!lua.budgetExceeded());
    }

    // string.find / match / gmatch / gsub charge their worst case up front (pattern_cost.cpp):
    // typical patterns on normal strings and plain finds on long strings still work; a
    // backtracking pattern on a long string is refused at once, and the state stays usable.
    void patternsAreBoundedButTypicalOnesWork() {
        scripting::LuaState lua(test::sandboxFor());
        const char* typical =
            "local s = \"build a red tower of 3 blocks at x=4, z=-2\"\n"
            "assert(s:find(\"red\") == 9 and s:find(\"red\", 1, true) == 9)\n"
            "assert(s:match(\"(%d+) blocks\") == \"3\")\n"
            "local x, z = s:match(\"x=(%-?%d+), z=(%-?%d+)\")\n"
            "assert(x == \"4\" and z == \"-2\")\n"
            "local words = 0\n"
            "for w in s:gmatch(\"%a+\") do words = words + 1 end\n"
            "assert(words == 9, words)\n"
            "assert((\"  trim me  \"):match(\"^%s*(.-)%s*$\") == \"trim me\")\n"
            "assert(select(2, s:gsub(\"%s+\", \" \")) == 9)\n"
            "assert((\"k = v\"):match(\"^(%w+)%s*=%s*(%w+)$\") == \"k\")\n"
            "assert((\"f(a(b)c)d\"):match(\"%b()\") == \"(a(b)c)\")\n"
            "assert((\"THE (quick) fox\"):find(\"%f[%a]%a+%f[%A]\") == 1)\n"
            "assert((\"[tag]\"):match(\"^%[([^%]]+)%]$\") == \"tag\")\n"
            "local long = string.rep(\"word \", 10000)\n"
            "assert(long:find(\"word\", 40000, true) == 40001)\n"
            "assert(long:find(\" wo\") == 5)\n"
            "assert(select(2, long:gsub(\"word\", \"w\")) == 10000)\n"
            "assert(long:find(\"%s\") == 5)\n";
        LUA_OK_RUN(lua, typical);
        const QString msg = test::runLua(lua, "string.find(string.rep('a', 100000), '(.-)(.-)x')");
        QVERIFY2(msg.contains("string.find: pattern too costly for a string of 100000 bytes"), qPrintable(msg));
        QVERIFY(!lua.budgetExceeded());  // refused before running: not an abort
        LUA_OK_RUN(lua, "assert(('abc'):find('b') == 2)");
    }

    void pcallCannotSwallowTheAbort() {
        scripting::LuaState lua(test::sandboxFor());
        LUA_FAILS_WITH(lua, "pcall(function() while true do end end); CAUGHT = true", "instruction budget exceeded");
        LUA_FAILS_WITH(lua, "while true do pcall(function() while true do end end) end", "instruction budget exceeded");
        LUA_FAILS_WITH(lua, "while true do xpcall(function() while true do end end, function(e) return e end) end",
                       "instruction budget");
        LUA_FAILS_WITH(lua,
                       "local co = coroutine.wrap(function() while true do end end)\n"
                       "while true do pcall(co) end",
                       "budget");
        lua_getglobal(lua.get(), "CAUGHT");
        QVERIFY(lua_isnil(lua.get(), -1));  // the line after the pcall never ran
        lua_pop(lua.get(), 1);
    }

    void memoryIsCapped() {
        scripting::SandboxOptions o = test::sandboxFor();
        o.memoryLimit = 16u << 20;
        o.instructionBudget = 0;  // only the memory cap stops this one
        scripting::LuaState lua(o);
        LUA_FAILS_WITH(lua, "local t = {} for i = 1, 1e9 do t[i] = string.rep('x', 4096) .. i end", "not enough memory");
        QVERIFY(lua.memoryUsed() <= (16u << 20));
        lua_gc(lua.get(), LUA_GCCOLLECT, 0);
        LUA_OK_RUN(lua, "local t = {} for i = 1, 100 do t[i] = i end");
    }

    // The wall-clock watchdog ends a call even with no instruction budget at all.
    void timeLimitEndsTheCall() {
        scripting::SandboxOptions o = test::sandboxFor();
        o.instructionBudget = 0;
        o.timeLimit = 0.2;
        scripting::LuaState lua(o);
        LUA_FAILS_WITH(lua, "while true do pcall(function() while true do end end) end", "time limit exceeded");
        LUA_OK_RUN(lua, "local s = 0; for i = 1, 1000 do s = s + i end");  // the next call has a fresh deadline
    }

    // The cancel flag (Ctrl-C in `iglu run` / `iglu lua`) stops the script at its next hook call,
    // through pcall and coroutines. The script raises the flag itself through the print sink.
    void cancelFlagStopsTheScript() {
        std::atomic<bool> cancel{false};
        scripting::SandboxOptions o = test::sandboxFor();
        o.instructionBudget = 0;
        o.timeLimit = 0;
        o.cancel = &cancel;
        scripting::LuaState lua(o);
        lua.setPrint([&](std::string_view) { cancel = true; });
        LUA_FAILS_WITH(lua, "print('stop'); while true do pcall(coroutine.wrap(function() while true do end end)) end",
                       "stopped (cancelled)");
    }

    // C++ objects count against the memory cap and are given back when collected.
    void cppObjectsAreCharged() {
        scripting::SandboxOptions o = test::sandboxFor();
        o.memoryLimit = 32u << 20;
        scripting::LuaState lua(o);
        LUA_OK_RUN(lua, "E = require('iglu').env{pov = true, pov_width = 1024, pov_height = 1024}");
        QVERIFY(lua.hostMemoryUsed() >= 1024u * 1024u * 7u);
        QVERIFY(lua.memoryUsed() >= lua.hostMemoryUsed());
        LUA_FAILS_WITH(lua, "F = require('iglu').env{pov = true, pov_width = 2048, pov_height = 2048}",
                       "memory limit of 32 MB exceeded: iglu.env");
        LUA_OK_RUN(lua, "E = nil; collectgarbage()");
        QCOMPARE(lua.hostMemoryUsed(), std::size_t(0));
        LUA_OK_RUN(lua, "F = require('iglu').env{pov = true, pov_width = 2048, pov_height = 2048}");
    }

    // A coroutine killed by an abort keeps Lua's hooks off; closing it in a later call would run
    // its __close handler unhooked: it is refused.
    void coroutineKilledByTheAbortIsNeverClosed() {
        scripting::LuaState lua(test::sandboxFor());
        LUA_FAILS_WITH(lua,
                       "CO = coroutine.create(function()\n"
                       "  local x <close> = setmetatable({}, {__close = function() while true do end end})\n"
                       "  while true do end\n"
                       "end)\n"
                       "coroutine.resume(CO)",
                       "instruction budget exceeded");
        LUA_FAILS_WITH(lua, "coroutine.close(CO)", "stopped by the sandbox and cannot be closed");
        LUA_OK_RUN(lua, "assert(coroutine.status(CO) == 'dead')");
    }

    // What iglu.env charges is an honest upper bound of what an environment allocates on the heap
    // (measured with the allocator's statistics), with and without the first-person view, for an
    // empty and a full target.
    void envChargeBoundsItsHeap() {
#if defined(__SANITIZE_ADDRESS__)
        QSKIP("AddressSanitizer replaces malloc: mallinfo2 does not see its allocations");
#endif
        for (const bool pov : {false, true}) {
            for (const bool full : {false, true}) {
                core::EnvConfig c;
                c.povInObs = pov;
                c.pov.width = 320;
                c.pov.height = 200;
                core::Task task;
                task.id = "measure";
                for (int i = 0; i < core::kCells; ++i)
                    if (full || i % 97 == 0) task.target.setCell(i, static_cast<std::int8_t>(1 + i % 6));
                const std::size_t before = heapInUse();
                auto* env = new core::Environment(c);
                env->setTask(task);
                env->reset();
                const std::size_t heap = heapInUse() - before - sizeof(core::Environment);
                delete env;
                const std::size_t charged = scripting::detail::envHeapBytes(c) + 2 * task.id.size();
                QVERIFY2(heap <= charged, qPrintable(QString("pov %1 full %2: heap %3 > charged %4").arg(pov).arg(full).arg(heap).arg(charged)));
                QVERIFY2(charged <= 2 * heap + (16u << 10), qPrintable(QString("charge %1 far above heap %2").arg(charged).arg(heap)));
            }
        }
    }

    void errorsCarryFileAndLine() {
        scripting::LuaState lua(test::sandboxFor());
        LUA_FAILS_WITH(lua, "local h = require 'helper'; h.fail()", "helper.lua:4:");
        LUA_FAILS_WITH(lua, "local h = require 'helper'; h.fail()", "stack traceback");
    }
};

QTEST_GUILESS_MAIN(TestSandbox)
#include "test_sandbox.moc"

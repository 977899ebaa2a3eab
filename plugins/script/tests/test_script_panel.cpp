// The Script panel's widgets on their own (Xvfb): the Lua highlighter's formats (keywords,
// strings, comments and long brackets across lines, numbers), console links (file:line in red
// errors, shortened names), open / save / the modified `*`, the Examples menu, and a live episode
// at a set speed: ticks run the due steps, pause holds, Step is exactly one action, print output
// reaches the console.
#include <QAction>
#include <QMenu>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QtTest>

#include "widgets/code_editor.hpp"
#include "core/task/task_list.hpp"
#include "logic/live_episode.hpp"
#include "widgets/lua_highlighter.hpp"
#include "widgets/script_console.hpp"
#include "widgets/script_panel.hpp"

using namespace iglu;
using namespace iglu::plugins::script;

namespace {
/// The format the highlighter gave to the character at `column` of `line` (0-based).
QTextCharFormat formatAt(QTextDocument& doc, int line, int column) {
    const QTextBlock b = doc.findBlockByNumber(line);
    for (const auto& r : b.layout()->formats())
        if (column >= r.start && column < r.start + r.length) return r.format;
    return {};
}
core::Task bundledTask(const char* id) {
    for (auto& t : core::readTaskList(IGLU_SOURCE_DIR "/examples/tasks/bench_tasks.jsonl"))
        if (t.id == id) return t;
    qFatal("no task %s", id);
}
}  // namespace

class TestScriptPanel : public QObject {
    Q_OBJECT
private slots:
    void highlighterFormats() {
        QTextDocument doc;
        LuaHighlighter h(&doc);
        doc.setPlainText(QStringLiteral("local x = 0x1F + 3.5e-2 -- note\n"
                                        "print(\"a -- b\", 'c') --[[ long\n"
                                        "still comment ]] return [==[ s\n"
                                        "]==] x2 = t.table"));
        h.rehighlight();  // the first pass is otherwise deferred to the event loop
        const auto colour = [&](int l, int c) { return formatAt(doc, l, c).foreground().color(); };
        QCOMPARE(colour(0, 0), h.format(LuaHighlighter::Kind::Keyword).foreground().color());   // local
        QVERIFY(formatAt(doc, 0, 0).fontWeight() == QFont::Bold);
        QCOMPARE(colour(0, 10), h.format(LuaHighlighter::Kind::Number).foreground().color());   // 0x1F
        QCOMPARE(colour(0, 17), h.format(LuaHighlighter::Kind::Number).foreground().color());   // 3.5e-2
        QCOMPARE(colour(0, 26), h.format(LuaHighlighter::Kind::Comment).foreground().color());  // -- note
        QCOMPARE(colour(1, 0), h.format(LuaHighlighter::Kind::Builtin).foreground().color());   // print
        QCOMPARE(colour(1, 9), h.format(LuaHighlighter::Kind::String).foreground().color());    // "a -- b": not a comment
        QCOMPARE(colour(1, 17), h.format(LuaHighlighter::Kind::String).foreground().color());   // 'c'
        QCOMPARE(colour(1, 26), h.format(LuaHighlighter::Kind::Comment).foreground().color());  // --[[ long
        QCOMPARE(colour(2, 3), h.format(LuaHighlighter::Kind::Comment).foreground().color());   // continued
        QCOMPARE(colour(2, 17), h.format(LuaHighlighter::Kind::Keyword).foreground().color());  // return after ]]
        QCOMPARE(colour(2, 25), h.format(LuaHighlighter::Kind::String).foreground().color());   // [==[ s
        QCOMPARE(colour(3, 1), h.format(LuaHighlighter::Kind::String).foreground().color());    // ]==]
        QVERIFY(!formatAt(doc, 3, 6).hasProperty(QTextFormat::ForegroundBrush));   // the 2 of x2: part of a name
        QVERIFY(!formatAt(doc, 3, 12).hasProperty(QTextFormat::ForegroundBrush));  // t.table: a field, not the library
    }

    void consoleLinks() {
        ScriptConsole console;
        console.append(QStringLiteral("plain output"), ScriptConsole::Kind::Output);
        console.append(QStringLiteral("/a/b/agent.lua:12: boom\nstack traceback:\n\t.../lua/iglu/build.lua:7: in function 'x'\n\t[C]: in ?"),
                       ScriptConsole::Kind::Error);
        QStringList hrefs;
        for (QTextBlock b = console.document()->begin(); b.isValid(); b = b.next())
            for (auto it = b.begin(); !it.atEnd(); ++it)
                if (it.fragment().charFormat().isAnchor()) {
                    hrefs << it.fragment().charFormat().anchorHref();
                    QCOMPARE(it.fragment().charFormat().foreground().color(), ScriptConsole::errorColour());
                }
        QCOMPARE(hrefs, (QStringList{"12|/a/b/agent.lua", "7|.../lua/iglu/build.lua"}));
        QString file;
        int line = 0;
        QVERIFY(ScriptConsole::parseLocation(hrefs[1], &file, &line));
        QCOMPARE(file, QStringLiteral(".../lua/iglu/build.lua"));
        QCOMPARE(line, 7);
        QVERIFY(!ScriptConsole::parseLocation(QStringLiteral("x|a.lua"), &file, &line));
    }

    void openSaveAndTitle() {
        QTemporaryDir dir;
        ScriptPanel panel;
        QCOMPARE(panel.title(), QStringLiteral("untitled.lua"));
        QSignalSpy titles(&panel, &ScriptPanel::titleChanged);
        panel.editor()->insertPlainText(QStringLiteral("-- edited\n"));
        QCOMPARE(panel.title(), QStringLiteral("untitled.lua*"));
        QCOMPARE(titles.last().at(0).toString(), QStringLiteral("untitled.lua*"));
        const QString path = dir.filePath(QStringLiteral("mine.lua"));
        QVERIFY(panel.saveTo(path));
        QCOMPARE(panel.title(), QStringLiteral("mine.lua"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readAll().startsWith("-- edited\n"));
        QString error;
        QVERIFY(!panel.openFile(dir.filePath(QStringLiteral("missing.lua")), &error));
        QVERIFY2(error.contains(QStringLiteral("missing.lua")), qPrintable(error));
        QCOMPARE(panel.filePath(), QFileInfo(path).absoluteFilePath());  // unchanged after a failed open

        // A link to the open file moves the cursor; a shortened name matching it too.
        panel.editor()->setPlainText(QStringLiteral("a\nb\nc\nd\n"));
        panel.activateLocation(panel.filePath(), 3);
        QCOMPARE(panel.editor()->currentLine(), 3);
        panel.activateLocation(QStringLiteral("...") + panel.filePath().right(8), 2);
        QCOMPARE(panel.editor()->currentLine(), 2);

        // A link to another existing file opens it at the line (no unsaved changes here).
        panel.editor()->document()->setModified(false);
        const QString oracle = QStringLiteral(IGLU_SOURCE_DIR "/examples/agents/oracle.lua");
        panel.activateLocation(oracle, 20);
        QCOMPARE(panel.filePath(), QFileInfo(oracle).absoluteFilePath());
        QCOMPARE(panel.editor()->currentLine(), 20);
        QVERIFY(!panel.isModified());

        QStringList examples;
        for (QAction* a : panel.examplesMenu()->actions()) examples << a->text();
        QVERIFY(examples.contains(QStringLiteral("oracle.lua")));
    }

    void liveEpisodeTicksPausesAndSteps() {
        LiveEpisode live;
        QSignalSpy advanced(&live, &LiveEpisode::advanced);
        QSignalSpy printed(&live, &LiveEpisode::printed);
        QSignalSpy finished(&live, &LiveEpisode::finished);
        live.setSpeed(200);
        LiveEpisodeOptions o;
        o.actionSpace = core::ActionSpace::Walking;
        o.maxSteps = 40;
        QString error;
        const scripting::AgentScript script{"/tmp/live.lua", std::string("return { act = function(obs) print('s', obs.step) return 0 end }")};
        QVERIFY2(live.start(script, bundledTask("CQ-game-6"), o, false, &error), qPrintable(error));
        QVERIFY(live.isActive() && !live.isPaused());
        QTRY_VERIFY(live.session()->steps() >= 3);
        live.pause();
        QVERIFY(live.isPaused());
        const int n = live.session()->steps();
        live.stepOnce();
        QCOMPARE(live.session()->steps(), n + 1);
        QVERIFY(printed.last().at(0).toString().endsWith(QStringLiteral("s\t%1").arg(n)));
        live.resume();
        QTRY_COMPARE(finished.count(), 1);
        QCOMPARE(finished.first().at(0).value<scripting::EpisodeEnd>(), scripting::EpisodeEnd::MaxSteps);
        QCOMPARE(live.session()->steps(), 40);
        QVERIFY(advanced.count() < 40);  // several steps per tick at 200 steps/s
        int lines = 0;
        for (const auto& args : printed) lines += static_cast<int>(args.at(0).toString().count(QLatin1Char('\n'))) + 1;
        QCOMPARE(lines, 40);
        const auto rollout = live.takeRollout();
        QVERIFY(rollout && rollout->size() == 40);
        QCOMPARE(QString::fromStdString(rollout->source), QStringLiteral("script:live.lua"));

        // A script printing in a tight loop: one tick shows the first lines and the count left out.
        printed.clear();
        QVERIFY(live.start({"/tmp/chatty.lua", std::string("return { act = function(obs) for i = 1, 5000 do print(i) end return 0 end }")},
                           bundledTask("CQ-game-6"), o, true, &error));
        live.stepOnce();
        QCOMPARE(printed.count(), 1);
        const QStringList shown = printed.first().at(0).toString().split(QLatin1Char('\n'));
        QCOMPARE(shown.size(), LiveEpisode::kMaxLinesPerTick + 1);
        QCOMPARE(shown.last(), QStringLiteral("... %1 more lines not shown").arg(5000 - LiveEpisode::kMaxLinesPerTick));
        live.stop();

        // A compile error names the file and line.
        QVERIFY(!live.start({"/tmp/bad.lua", std::string("return {\n act = \n")}, bundledTask("CQ-game-6"), o, false, &error));
        QVERIFY2(error.contains(QStringLiteral("/tmp/bad.lua:3:")), qPrintable(error));
    }
};

QTEST_MAIN(TestScriptPanel)
#include "test_script_panel.moc"

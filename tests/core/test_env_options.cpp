// Env options by the reference GridWorld's keyword names (core/env/env_options.hpp): every
// conformance trace's env_kwargs reads as the configuration it ran with, options round-trip
// through their JSON, and a corpus of bad options is refused naming the option and where.
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include "core/env/env_options.hpp"
#include "support/shared_dir.hpp"

using namespace iglu::core;

class TestEnvOptions : public QObject {
    Q_OBJECT
private slots:
    void defaultsAreTheReferenceDefaults() {
        const EnvOptions o = envOptionsFromJson("{}");
        QVERIFY(o == EnvOptions{});
        QCOMPARE(o.config.maxSteps, 250);
        QVERIFY(!o.discretize);
        // Written in full, render_size as [height, width].
        const QJsonObject j = QJsonDocument::fromJson(QByteArray::fromStdString(envOptionsJson(o))).object();
        for (const char* key : {"action_space", "discretize", "max_steps", "select_and_place", "right_placement_scale",
                                "wrong_placement_scale", "target_in_obs", "render", "render_size", "pov_style",
                                "fix_tunnelling", "done_after_max_steps", "reset_clears_agent_state"})
            QVERIFY2(j.contains(key), key);
    }

    void everyOptionRoundTrips() {
        EnvOptions o;
        o.config.actionSpace = ActionSpace::Walking;
        o.discretize = true;
        o.config.maxSteps = 1234;
        o.config.selectAndPlace = true;
        o.config.rightPlacementScale = 0.3;
        o.config.wrongPlacementScale = -1e-7;
        o.config.targetInObs = true;
        o.config.povInObs = true;
        o.config.pov.height = 48;
        o.config.pov.width = 80;
        o.config.pov.style = *parsePovStyle("clean");
        o.config.fixTunnelling = true;
        o.config.doneAfterMaxSteps = true;
        o.config.resetClearsAgentState = true;
        const std::string text = envOptionsJson(o);
        QVERIFY(envOptionsFromJson(text) == o);
        QVERIFY2(text.find("\"render_size\":[48,80]") != std::string::npos, text.c_str());
        // Each option alone differs from the defaults, and comes back.
        for (const auto& [name, value] : std::vector<std::pair<std::string, EnvOptionValue>>{
                 {"action_space", std::string("flying")}, {"max_steps", 7LL}, {"select_and_place", true},
                 {"right_placement_scale", 2.5}, {"wrong_placement_scale", 3LL}, {"target_in_obs", true}, {"render", true},
                 {"render_size", std::vector<long long>{4096, 1}}, {"pov_style", std::string("clean")},
                 {"fix_tunnelling", true}, {"done_after_max_steps", true}, {"reset_clears_agent_state", true}}) {
            EnvOptions one;
            setEnvOption(one, name, value);
            QVERIFY2(!(one == EnvOptions{}), name.c_str());
            QVERIFY2(envOptionsFromJson(envOptionsJson(one)) == one, name.c_str());
        }
        // The reference's options that do not change episodes are accepted and ignored.
        QVERIFY(envOptionsFromJson(R"({"vector_state": true, "fake": false, "name": "x"})") == EnvOptions{});
    }

    void conformanceTraceKwargsReadAsTheirConfiguration() {
        IGLU_REQUIRE_SHARED("conformance/traces");
        const QDir dir(iglu::test::sharedDir() + "/conformance/traces");
        int n = 0;
        for (const QString& name : dir.entryList({"*_*.json"}, QDir::Files)) {
            QFile f(dir.filePath(name));
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QJsonObject kw = QJsonDocument::fromJson(f.readAll()).object()["env_kwargs"].toObject();
            const EnvOptions o = envOptionsFromJson(QJsonDocument(kw).toJson().toStdString(), name.toStdString());
            QCOMPARE(o.config.maxSteps, kw["max_steps"].toInt());
            QCOMPARE(o.discretize, kw["discretize"].toBool());
            QCOMPARE(o.config.selectAndPlace, kw["select_and_place"].toBool());
            QCOMPARE(QString(toString(o.config.actionSpace)), kw["action_space"].toString());
            QCOMPARE(o.config.rightPlacementScale, kw["right_placement_scale"].toDouble());
            QCOMPARE(o.config.wrongPlacementScale, kw["wrong_placement_scale"].toDouble());
            QCOMPARE(o.config.povInObs, kw["render"].toBool());
            ++n;
        }
        QVERIFY(n >= 70);
    }

    void badOptionsNameTheOptionAndWhere_data() {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("option");
        QTest::addColumn<QString>("problem");
        const auto row = [](const char* tag, const char* json, const char* option, const char* problem) {
            QTest::newRow(tag) << QString(json) << QString(option) << QString(problem);
        };
        row("max_steps 0", R"({"max_steps": 0})", "max_steps", "1..1000000000");
        row("max_steps too large", R"({"max_steps": 1000000001})", "max_steps", "1..1000000000");
        row("max_steps huge", R"({"max_steps": 18446744073709551615})", "max_steps", "integer");
        row("max_steps fraction", R"({"max_steps": 2.5})", "max_steps", "integer");
        row("max_steps text", R"({"max_steps": "250"})", "max_steps", "integer");
        row("max_steps bool", R"({"max_steps": true})", "max_steps", "integer");
        row("max_steps null", R"({"max_steps": null})", "max_steps", "null");
        row("action_space unknown", R"({"action_space": "swimming"})", "action_space", "swimming");
        row("action_space number", R"({"action_space": 1})", "action_space", "walking");
        row("discretize number", R"({"discretize": 1})", "discretize", "true or false");
        row("discretize flying", R"({"discretize": true, "action_space": "flying"})", "discretize", "walking");
        row("render text", R"({"render": "yes"})", "render", "true or false");
        row("render_size one", R"({"render_size": [64]})", "render_size", "[height, width]");
        row("render_size zero", R"({"render_size": [0, 64]})", "render_size", "1..4096");
        row("render_size too large", R"({"render_size": [64, 4097]})", "render_size", "1..4096");
        row("render_size floats", R"({"render_size": [64.0, 64]})", "render_size", "list");
        row("render_size text", R"({"render_size": "64x64"})", "render_size", "[height, width]");
        row("render_size object", R"({"render_size": {"h": 64}})", "render_size", "object");
        row("scale too large", R"({"right_placement_scale": 1e10})", "right_placement_scale", "finite number");
        row("scale text", R"({"wrong_placement_scale": "0.1"})", "wrong_placement_scale", "number");
        row("pov_style unknown", R"({"pov_style": "fancy"})", "pov_style", "reference, clean");
        row("unknown option", R"({"max_step": 250})", "max_step", "unknown option");
        row("name number", R"({"name": 3})", "name", "string");
        row("fake text", R"({"fake": "no"})", "fake", "true or false");
        row("duplicate key", R"({"max_steps": 250, "max_steps": 300})", "max_steps", "duplicate key");
    }

    void badOptionsNameTheOptionAndWhere() {
        QFETCH(QString, json);
        QFETCH(QString, option);
        QFETCH(QString, problem);
        try {
            (void)envOptionsFromJson(json.toStdString(), "rollouts.jsonl:3: env");
            QFAIL("accepted");
        } catch (const EnvOptionError& e) {
            const QString what = QString::fromStdString(e.what());
            QCOMPARE(QString::fromStdString(e.option()), option);
            if (problem != "duplicate key")
                QVERIFY2(what.startsWith("rollouts.jsonl:3: env." + option + ": "), qPrintable(what));
            else
                QVERIFY2(what.startsWith("rollouts.jsonl:3: env: "), qPrintable(what));
            QVERIFY2(what.contains(problem), qPrintable(what));
        }
        // Without `where`, the option alone.
        try {
            (void)envOptionsFromJson(json.toStdString());
            QFAIL("accepted");
        } catch (const EnvOptionError& e) {
            QCOMPARE(QString::fromStdString(e.option()), option);
        }
    }

    void textThatIsNoObjectIsRefused() {
        for (const char* text : {"[1, 2]", "{", "", "250", "null"}) {
            try {
                (void)envOptionsFromJson(text, "f:1: env");
                QFAIL(text);
            } catch (const EnvOptionError& e) {
                QVERIFY2(QString(e.what()).startsWith("f:1: env: "), e.what());
            }
        }
    }

    void setEnvOptionLeavesOtherOptionsAlone() {
        EnvOptions o;
        setEnvOption(o, "max_steps", 99LL);
        try {
            setEnvOption(o, "max_steps", std::string("100"), "kwargs");
            QFAIL("accepted");
        } catch (const EnvOptionError& e) {
            QVERIFY2(QString(e.what()).startsWith("kwargs.max_steps: "), e.what());
        }
        QCOMPARE(o.config.maxSteps, 99);  // unchanged by the refused value
        QVERIFY_THROWS_EXCEPTION(EnvOptionError, checkEnvOptions([] {
                                     EnvOptions f;
                                     f.discretize = true;
                                     f.config.actionSpace = ActionSpace::Flying;
                                     return f;
                                 }()));
    }
};

QTEST_APPLESS_MAIN(TestEnvOptions)
#include "test_env_options.moc"

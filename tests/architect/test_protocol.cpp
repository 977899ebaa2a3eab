// The agent protocol's messages (architect/protocol.hpp) without any process: what the workbench
// sends (the observation in iglu.gridworld's layout, never the target) and what it accepts from
// an agent (actions through core's action table, beliefs, questions), with the reason each bad
// line is refused.
#include <QtTest>

#include "architect/protocol.hpp"

using namespace iglu;
using namespace iglu::architect;
using nlohmann::json;

namespace {

core::Environment makeEnv(core::ActionSpace space) {
    core::EnvConfig config;
    config.actionSpace = space;
    core::Environment env(config);
    core::Task task;
    task.id = "CQ-test-1";
    task.starting.set(2, 0, -3, core::Orange);
    task.starting.set(2, -1, -3, core::Blue);
    task.target = task.starting;
    task.target.set(-4, -1, 5, core::Purple);  // only in the target
    env.setTask(task);
    env.reset();
    return env;
}

}  // namespace

// Declarations only: moc miscounts the braces in the raw JSON strings of the definitions.
class TestProtocol : public QObject {
    Q_OBJECT

private slots:
    void observationIsTheGridworldLayoutWithoutTarget();
    void helloIsDecodedAndChecked();
    void badHellos_data();
    void badHellos();
    void actsAreDecodedThroughTheActionTable();
    void badActs_data();
    void badActs();
    void tooManyValuesAreRefused();
};

void TestProtocol::observationIsTheGridworldLayoutWithoutTarget() {
    const core::Environment env = makeEnv(core::ActionSpace::Walking);
    const json reset = json::parse(protocol::encodeReset(env));
    QCOMPARE(reset["type"], "reset");
    QCOMPARE(reset["protocol"], protocol::kVersion);
    QCOMPARE(reset["task_id"], "CQ-test-1");
    QCOMPARE(reset["action_space"], "walking");
    const json& obs = reset["obs"];
    QCOMPARE(obs["grid"].size(), 9u);
    QCOMPARE(obs["grid"][0].size(), 11u);
    QCOMPARE(obs["grid"][0][0].size(), 11u);
    // iglu.gridworld's obs['grid'][y + 1, x + 5, z + 5]
    QCOMPARE(obs["grid"][1][7][2], int(core::Orange));
    QCOMPARE(obs["grid"][0][7][2], int(core::Blue));
    int nonZero = 0;
    for (const auto& layer : obs["grid"])
        for (const auto& row : layer)
            for (const auto& c : row) nonZero += c != 0;
    QCOMPARE(nonZero, 2);  // the purple target block is nowhere
    QCOMPARE(obs["agentPos"].size(), 5u);
    QCOMPARE(obs["inventory"].size(), 6u);
    QCOMPARE(obs["inventory"][0], 19.0);  // 20 minus the blue start block
    QCOMPARE(obs["compass"].size(), 1u);
    const std::string text = protocol::encodeReset(env) + protocol::encodeStep(env, "<Architect> hi", 1, 1);
    QVERIFY(text.find("target") == std::string::npos);
    QCOMPARE(std::count(text.begin(), text.end(), '\n'), 2);  // one line each

    const json step = json::parse(protocol::encodeStep(env, "<Architect> build\n<Builder> ok?\n<Architect> red", 2, 3));
    QCOMPARE(step["type"], "step");
    QCOMPARE(step["turn"], 2);
    QCOMPARE(step["step"], 3);
    QCOMPARE(step["dialog"], "<Architect> build\n<Builder> ok?\n<Architect> red");
    QCOMPARE(json::parse(protocol::encodeBye())["type"], "bye");
}

void TestProtocol::helloIsDecodedAndChecked() {
    const auto hello = protocol::decodeHello(R"({"type":"hello","protocol":1,"action_space":"flying","name":"mine"})");
    QCOMPARE(hello.protocol, 1);
    QVERIFY(hello.actionSpace == core::ActionSpace::Flying);
    QCOMPARE(hello.name, "mine");
    protocol::checkVersion(hello);
    const auto v2 = protocol::decodeHello(R"({"type":"hello","protocol":2,"action_space":"walking"})");
    try {
        protocol::checkVersion(v2);
        QFAIL("protocol 2 accepted");
    } catch (const protocol::ProtocolError& e) {
        QCOMPARE(std::string(e.what()), "speaks protocol 2, this workbench speaks 1");
    }
    const auto roundTrip = protocol::decodeHello(protocol::encodeHello(hello));
    QCOMPARE(roundTrip.name, "mine");
}

void TestProtocol::badHellos_data() {
    QTest::addColumn<QString>("line");
    QTest::addColumn<QString>("reason");
    QTest::newRow("not json") << "hello" << "expected a JSON object: column 1";
    QTest::newRow("list") << "[1]" << "expected a JSON object, got a list";
    QTest::newRow("no type") << R"({"protocol":1})" << "the message has no \"type\"";
    QTest::newRow("act first") << R"({"type":"act","action":0})" << "expected a `hello` message, got `act`";
    QTest::newRow("no protocol") << R"({"type":"hello","action_space":"walking"})" << "\"protocol\" is missing";
    QTest::newRow("protocol text") << R"({"type":"hello","protocol":"1","action_space":"walking"})" << "hello.protocol: expected a version number";
    QTest::newRow("space") << R"({"type":"hello","protocol":1,"action_space":"swimming"})" << "hello.action_space: expected \"walking\" or \"flying\", got `swimming`";
    QTest::newRow("name") << R"({"type":"hello","protocol":1,"action_space":"walking","name":3})" << "hello.name: expected a string";
    QTest::newRow("deep") << QString(R"({"type":"hello","x":)") + QString("[").repeated(50) + QString("]").repeated(50) + "}" << "nesting deeper than 8 levels";
}

void TestProtocol::badHellos() {
    QFETCH(QString, line);
    QFETCH(QString, reason);
    try {
        protocol::decodeHello(line.toStdString());
        QFAIL("accepted");
    } catch (const protocol::ProtocolError& e) {
        QVERIFY2(QString(e.what()).contains(reason), e.what());
    }
}

void TestProtocol::actsAreDecodedThroughTheActionTable() {
    const auto place = protocol::decodeAct(R"({"type":"act","action":17})", core::ActionSpace::Walking);
    QVERIFY(place.action && place.action->place);
    QVERIFY(!place.belief && !place.question);
    const auto walk = protocol::decodeAct(
        R"({"type":"act","action":{"forward":true,"back":0,"left":0,"right":1,"jump":0,"attack":0,"use":0,"camera":[5,-2.5],"hotbar":3}})",
        core::ActionSpace::Walking);
    QCOMPARE(walk.action->strafe0, -1.0);
    QCOMPARE(walk.action->strafe1, 1.0);
    QCOMPARE(walk.action->dpitch, -2.5);
    QCOMPARE(walk.action->colour, 3);
    const auto fly = protocol::decodeAct(
        R"({"type":"act","action":{"movement":[0.5,0,-1],"camera":[0,-90],"inventory":6,"placement":2},"belief":[[0,-1,0,1],[0,0,0,5]],"question":"which red?"})",
        core::ActionSpace::Flying);
    QVERIFY(fly.action->breakBlock);
    QCOMPARE(fly.action->vertical, -1.0);
    QCOMPARE(fly.belief->count(), 2);
    QCOMPARE(int(fly.belief->at(0, 0, 0)), 5);
    QCOMPARE(*fly.question, "which red?");
    const auto done = protocol::decodeAct(R"({"type":"act","action":null,"belief":[]})", core::ActionSpace::Flying);
    QVERIFY(!done.action);
    QVERIFY(done.belief && done.belief->empty());

    // encodeAct is decodeAct's inverse (both action spaces)
    for (const auto& [move, space] : {std::pair{walk, core::ActionSpace::Walking}, std::pair{fly, core::ActionSpace::Flying}}) {
        const auto back = protocol::decodeAct(protocol::encodeAct(move, space), space);
        QCOMPARE(back.action->strafe0, move.action->strafe0);
        QCOMPARE(back.action->dyaw, move.action->dyaw);
        QCOMPARE(back.action->colour, move.action->colour);
        QCOMPARE(back.action->place, move.action->place);
        QCOMPARE(back.action->breakBlock, move.action->breakBlock);
        QCOMPARE(back.belief.has_value(), move.belief.has_value());
        QCOMPARE(back.question, move.question);
    }
}

void TestProtocol::badActs_data() {
    QTest::addColumn<QString>("line");
    QTest::addColumn<bool>("flying");
    QTest::addColumn<QString>("reason");
    const QString walkRest = R"("back":0,"left":0,"right":0,"jump":0,"attack":0,"use":0,"camera":[0,0])";
    QTest::newRow("hello again") << R"({"type":"hello","protocol":1})" << false << "expected a `act` message, got `hello`";
    QTest::newRow("no action") << R"({"type":"act"})" << false << "\"action\" is missing (null ends the turn)";
    QTest::newRow("unknown key") << R"({"type":"act","action":0,"say":"hi"})" << false << "act: unknown field `say`";
    QTest::newRow("discrete 18") << R"({"type":"act","action":18})" << false << "action.action";
    QTest::newRow("discrete 2.5") << R"({"type":"act","action":2.5})" << false << "action.action";
    QTest::newRow("discrete flying") << R"({"type":"act","action":3})" << true << "a flying agent sends {movement, camera, inventory, placement}";
    QTest::newRow("string action") << R"({"type":"act","action":"forward"})" << false << "expected a discrete id or an object, got a string";
    QTest::newRow("hotbar 9") << R"({"type":"act","action":{"forward":0,)" + walkRest + R"(,"hotbar":9}})" << false << "action.hotbar";
    QTest::newRow("missing hotbar") << R"({"type":"act","action":{"forward":0,)" + walkRest + "}}" << false << "action.hotbar: missing from the walking action";
    QTest::newRow("flag 2") << R"({"type":"act","action":{"forward":2,)" + walkRest + R"(,"hotbar":0}})" << false << "action.forward";
    QTest::newRow("flag text") << R"({"type":"act","action":{"forward":"yes",)" + walkRest + R"(,"hotbar":0}})" << false << "action.forward: expected a boolean or 0/1, got \"yes\"";
    QTest::newRow("unknown field") << R"({"type":"act","action":{"forward":0,"sprint":1,)" + walkRest + R"(,"hotbar":0}})" << false << "action.sprint: unknown key (walking actions have forward,";
    QTest::newRow("camera width") << R"({"type":"act","action":{"movement":[0,0,0],"camera":[1],"inventory":0,"placement":0}})" << true << "action.camera: expected a list of 2 numbers, got [1]";
    QTest::newRow("camera null") << R"({"type":"act","action":{"movement":[0,null,0],"camera":[0,0],"inventory":0,"placement":0}})" << true << "action.movement[1]: expected a number, got null";
    QTest::newRow("huge") << R"({"type":"act","action":{"movement":[1e400,0,0],"camera":[0,0],"inventory":0,"placement":0}})" << true << "number out of range";
    QTest::newRow("NaN") << R"({"type":"act","action":{"movement":[NaN,0,0],"camera":[0,0],"inventory":0,"placement":0}})" << true << "expected a JSON object: column";
    QTest::newRow("placement 3") << R"({"type":"act","action":{"movement":[0,0,0],"camera":[0,0],"inventory":0,"placement":3}})" << true << "action.placement";
    QTest::newRow("belief colour") << R"({"type":"act","action":null,"belief":[[0,0,0,9]]})" << true << "belief: ";
    QTest::newRow("belief outside") << R"({"type":"act","action":null,"belief":[[0,0,0,1],[6,0,0,1]]})" << true << "belief: ";
    QTest::newRow("belief twice") << R"({"type":"act","action":null,"belief":[[0,0,0,1],[0,0,0,2]]})" << true << "belief: ";
    QTest::newRow("belief shape") << R"({"type":"act","action":null,"belief":[[0,0,0]]})" << true << "belief[0]: expected [x, y, z, colour], got a list of 3";
    QTest::newRow("belief float") << R"({"type":"act","action":null,"belief":[[0.5,0,0,1]]})" << true << "belief[0]: expected 4 integers, got 0.5";
    QTest::newRow("belief far") << R"({"type":"act","action":null,"belief":[[0,0,99999999999,1]]})" << true << "belief[0]: 99999999999 is far outside the zone";
    QTest::newRow("belief dict") << R"({"type":"act","action":null,"belief":{"x":1}})" << true << "belief: expected a list of [x, y, z, colour], got an object";
    QTest::newRow("question number") << R"({"type":"act","action":null,"question":7})" << true << "act.question: expected a string, got a number";
    QTest::newRow("question blank") << R"({"type":"act","action":null,"question":"  "})" << true << "act.question: empty";
    QTest::newRow("question long") << R"({"type":"act","action":null,"question":")" + QString(5000, 'a') + "\"}" << true << "act.question: longer than 4096 bytes";
}

void TestProtocol::badActs() {
    QFETCH(QString, line);
    QFETCH(bool, flying);
    QFETCH(QString, reason);
    try {
        protocol::decodeAct(line.toStdString(), flying ? core::ActionSpace::Flying : core::ActionSpace::Walking);
        QFAIL("accepted");
    } catch (const protocol::ProtocolError& e) {
        QVERIFY2(QString(e.what()).contains(reason), e.what());
    }
}

void TestProtocol::tooManyValuesAreRefused() {
    std::string belief = R"({"type":"act","action":null,"belief":[)";
    for (int i = 0; i < 30'000; ++i) belief += std::string(i ? "," : "") + "[0,0,0,1]";
    belief += "]}";
    try {
        protocol::decodeAct(belief, core::ActionSpace::Walking);
        QFAIL("accepted");
    } catch (const protocol::ProtocolError& e) {
        QVERIFY2(QString(e.what()).contains("more than 100000 values"), e.what());
    }
}


QTEST_GUILESS_MAIN(TestProtocol)
#include "test_protocol.moc"

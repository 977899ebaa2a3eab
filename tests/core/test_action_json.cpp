// core::actionFromJson, the one reader of JSON actions (rollout files, recorded traces, the agent
// protocol): every form accepted field by field as core::actionFields lists it and built as the
// Action factories build it, and a corpus of bad actions each refused naming its field.
#include <QtTest>

#include <nlohmann/json.hpp>

#include "core/env/action_json.hpp"

using namespace iglu;
using nlohmann::json;

namespace {
bool same(const core::Action& a, const core::Action& b) {
    return a.strafe0 == b.strafe0 && a.strafe1 == b.strafe1 && a.vertical == b.vertical && a.dyaw == b.dyaw &&
           a.dpitch == b.dpitch && a.colour == b.colour && a.place == b.place && a.breakBlock == b.breakBlock;
}
}  // namespace

class TestActionJson : public QObject {
    Q_OBJECT

    static QString refusal(const json& a, core::ActionForm form) {
        try {
            core::actionFromJson(a, form);
        } catch (const core::InvalidAction& e) {
            return QString::fromStdString(e.field());
        }
        return "<accepted>";
    }

private slots:
    void everyFormAsItsFactory() {
        QVERIFY(same(core::actionFromJson(json(7), core::ActionForm::Discrete), core::Action::discrete(7)));
        const json walking = {{"forward", 1}, {"back", 0}, {"left", false}, {"right", true}, {"jump", 0},
                              {"attack", 0},  {"use", 1},  {"camera", {2.5, -1}}, {"hotbar", 3}};
        QVERIFY(same(core::actionFromJson(walking, core::ActionForm::Walking),
                     core::Action::walkingDict(true, false, false, true, false, false, true, {2.5, -1}, 3)));
        const json flying = {{"movement", {0.5, -1, 0}}, {"camera", {0, 4}}, {"inventory", 6}, {"placement", 2}};
        QVERIFY(same(core::actionFromJson(flying, core::ActionForm::Flying), core::Action::flying({0.5, -1, 0}, {0, 4}, 6, 2)));
        // The form follows the JSON type and the environment's action space.
        QCOMPARE(core::jsonActionForm(json(3), core::ActionSpace::Flying), core::ActionForm::Discrete);
        QCOMPARE(core::jsonActionForm(flying, core::ActionSpace::Flying), core::ActionForm::Flying);
        QCOMPARE(core::jsonActionForm(walking, core::ActionSpace::Walking), core::ActionForm::Walking);
    }

    void everyFieldMissingIsNamed() {
        for (const auto form : {core::ActionForm::Walking, core::ActionForm::Flying}) {
            json full = json::object();
            for (const core::ActionField& f : core::actionFields(form))
                full[f.name] = f.width == 1 ? json(0) : json(std::vector<double>(static_cast<std::size_t>(f.width), 0.0));
            QCOMPARE(refusal(full, form), QString("<accepted>"));
            for (const core::ActionField& f : core::actionFields(form)) {
                json a = full;
                a.erase(f.name);
                QCOMPARE(refusal(a, form), QString(f.name));
            }
        }
    }

    void badActionsCorpus() {
        const json w = {{"forward", 0}, {"back", 0}, {"left", 0}, {"right", 0}, {"jump", 0},
                        {"attack", 0},  {"use", 0},  {"camera", {0, 0}}, {"hotbar", 0}};
        const json f = {{"movement", {0, 0, 0}}, {"camera", {0, 0}}, {"inventory", 0}, {"placement", 0}};
        const auto with = [](json a, const char* key, json v) { a[key] = std::move(v); return a; };
        const struct { json action; core::ActionForm form; const char* field; } cases[] = {
            {json(18), core::ActionForm::Discrete, "action"},
            {json(-1), core::ActionForm::Discrete, "action"},
            {json(1.5), core::ActionForm::Discrete, "action"},
            {json("forward"), core::ActionForm::Discrete, "action"},
            {json::array({1}), core::ActionForm::Walking, "action"},
            {json(nullptr), core::ActionForm::Flying, "action"},
            {with(w, "forward", 2), core::ActionForm::Walking, "forward"},
            {with(w, "jump", "yes"), core::ActionForm::Walking, "jump"},
            {with(w, "hotbar", 7), core::ActionForm::Walking, "hotbar"},
            {with(w, "hotbar", 0.5), core::ActionForm::Walking, "hotbar"},
            {with(w, "camera", {0}), core::ActionForm::Walking, "camera"},
            {with(w, "camera", {0, "up"}), core::ActionForm::Walking, "camera[1]"},
            {with(w, "camera", 1), core::ActionForm::Walking, "camera"},
            {with(w, "surprise", 1), core::ActionForm::Walking, "surprise"},
            {with(f, "movement", {0, 0}), core::ActionForm::Flying, "movement"},
            {with(f, "placement", 3), core::ActionForm::Flying, "placement"},
            {with(f, "inventory", -1), core::ActionForm::Flying, "inventory"},
            {with(f, "hotbar", 1), core::ActionForm::Flying, "hotbar"},  // a walking key in a flying action
            {w, core::ActionForm::Flying, "attack"},  // a walking action: its first key (JSON objects are sorted)
        };
        for (const auto& c : cases) QCOMPARE(refusal(c.action, c.form), QString(c.field));
    }
};

QTEST_APPLESS_MAIN(TestActionJson)
#include "test_action_json.moc"

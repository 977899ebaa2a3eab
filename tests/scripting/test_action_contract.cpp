// The agent-environment contract, Lua side: every field of the core's action table
// (core::actionFields) is read by env:step exactly as the table says, with a corpus of bad
// values per field (out of range, fractions, NaN / inf, huge integers, wrong types, wrong
// shapes) refused naming the field, and every accepted action stepping the environment to the
// pose core::parseAction's action gives. Lua's declared leniency (missing fields and vector
// components read 0, ActionParseOptions::missingAsZero) is checked as declared. The Python side
// is python/tests/test_action_contract.py, built from the same table.
#include <QRegularExpression>
#include <QtTest>

#include <cmath>
#include <string>
#include <vector>

#include "core/env/action.hpp"
#include "core/env/environment.hpp"
#include "support/lua.hpp"

using namespace iglu;

namespace {

constexpr core::ActionParseOptions kLua{.missingAsZero = true, .indexBase = 1};

QString num(double v) {
    if (std::isnan(v)) return "(0/0)";
    if (std::isinf(v)) return v > 0 ? "math.huge" : "-math.huge";
    return QString::number(v, 'g', 17);
}

struct Case {
    QString lua;               // the Lua value of the field ("" = the field is left out)
    bool accepted;
    core::ActionValues values; // what core::parseAction gets when accepted
    QString needle;            // a regular expression the error matches when refused
};

const char* spaceName(core::ActionForm f) { return f == core::ActionForm::Flying ? "flying" : "walking"; }

// A good action of the form: every field at its low end (flags 0, integers low, reals 0) but
// one real component, so that steps move the agent.
core::ActionValues goodValues(core::ActionForm form) {
    core::ActionValues v;
    const auto fields = core::actionFields(form);
    for (std::size_t i = 0; i < fields.size(); ++i) {
        v.present |= 1u << i;
        for (int c = 0; c < fields[i].width; ++c)
            v.numbers[static_cast<std::size_t>(fields[i].slot + c)] = fields[i].kind == core::FieldKind::Real ? 0.5 * (c + 1) : fields[i].low;
    }
    return v;
}

QString fieldLua(const core::ActionField& f, const core::ActionValues& v) {
    if (f.width == 1) return num(v.numbers[static_cast<std::size_t>(f.slot)]);
    QStringList parts;
    for (int c = 0; c < f.width; ++c) parts << num(v.numbers[static_cast<std::size_t>(f.slot + c)]);
    return "{" + parts.join(", ") + "}";
}

// Runs `E:step(<table with field i = value>)` on a fresh environment; accepted ones are compared
// with the core environment stepped with parseAction(values).
void check(core::ActionForm form, std::size_t i, const Case& c) {
    const auto fields = core::actionFields(form);
    const core::ActionValues good = goodValues(form);
    QString table;
    if (form == core::ActionForm::Discrete) {
        table = c.lua;
    } else {
        QStringList parts;
        for (std::size_t j = 0; j < fields.size(); ++j) {
            const QString value = j == i ? c.lua : fieldLua(fields[j], good);
            if (!value.isEmpty()) parts << QString("%1 = %2").arg(fields[j].name, value);
        }
        table = "{" + parts.join(", ") + "}";
    }
    const QString what = QString("%1.%2 = %3").arg(core::toString(form), fields[i].name, c.lua.isEmpty() ? "(missing)" : c.lua);
    scripting::LuaState lua(test::sandboxFor());
    QString code = QString(R"(
        local E = require("iglu").env{action_space = "%1"}
        E:set_task{target = {{0, -1, 0, 1}}}
        E:reset()
        E:step(%2)
    )").arg(spaceName(form), table);
    if (!c.accepted) {
        const QString err = test::runLua(lua, code);
        QVERIFY2(!err.isEmpty(), qPrintable(what + ": accepted, the table refuses it"));
        QVERIFY2(err.contains(QRegularExpression(c.needle)), qPrintable(what + ": expected /" + c.needle + "/ in: " + err));
        return;
    }
    core::EnvConfig cfg;
    cfg.actionSpace = form == core::ActionForm::Flying ? core::ActionSpace::Flying : core::ActionSpace::Walking;
    core::Environment env(cfg);
    core::Task task;
    const std::vector<core::Block> blocks{{0, -1, 0, 1}};
    task.target = core::Grid::fromBlocks(blocks);
    env.setTask(task);
    env.reset();
    env.step(core::parseAction(form, c.values, kLua));
    const core::AgentState& a = env.agent();
    code += QString("local x, y, z, yaw, pitch = E:agent()\n"
                    "assert(x == %1 and y == %2 and z == %3 and yaw == %4 and pitch == %5, "
                    "('pose %.17g %.17g %.17g %.17g %.17g'):format(x, y, z, yaw, pitch))\n")
                .arg(num(a.x), num(a.y), num(a.z), num(a.yaw), num(a.pitch));
    const QString err = test::runLua(lua, code);
    QVERIFY2(err.isEmpty(), qPrintable(what + ": " + err));
}

// The corpus of one field: each value with the table's verdict.
std::vector<Case> corpus(core::ActionForm form, std::size_t i) {
    const core::ActionField& f = core::actionFields(form)[i];
    const core::ActionValues good = goodValues(form);
    const QString prefix = form == core::ActionForm::Discrete ? "discrete action" : QString("action.") + f.name;
    std::vector<Case> out;
    auto accept = [&](const QString& lua, core::ActionValues v) { out.push_back({lua, true, v, {}}); };
    auto refuse = [&](const QString& lua, const QString& literal) { out.push_back({lua, false, {}, QRegularExpression::escape(literal)}); };
    auto with = [&](int component, double x) {
        core::ActionValues v = good;
        v.numbers[static_cast<std::size_t>(f.slot + component)] = x;
        return v;
    };
    if (form != core::ActionForm::Discrete) {
        core::ActionValues missing = good;
        missing.present &= ~(1u << i);
        accept("", missing);  // the declared leniency
    }
    if (f.width == 1) {
        for (double x = f.low; x <= f.high; ++x) accept(num(x), with(0, x));
        if (f.kind == core::FieldKind::Flag) {
            accept("true", with(0, 1));
            accept("false", with(0, 0));
        }
        const QString outside = QString(": \\S+ is outside %1\\.\\.%2").arg(f.low).arg(f.high);
        for (const QString& x : {num(f.low - 1), num(f.high + 1), QString("1e300"), QString("-1e300"), QString("math.maxinteger"),
                                 QString("math.mininteger"), QString("math.huge"), QString("-math.huge")})
            out.push_back({x, false, {}, QRegularExpression::escape(prefix) + outside});
        refuse("(0/0)", "must be an integer");
        refuse(num(f.low + 0.5), "must be an integer");
        if (form == core::ActionForm::Discrete) {
            refuse("'3'", "an action is a discrete id or a table, got string");
            refuse("nil", "an action is a discrete id or a table, got nil");
        } else {
            refuse("'1'", prefix + " must be");
            refuse("{1}", prefix + " must be");
            if (f.kind != core::FieldKind::Flag) refuse("true", prefix + " must be an integer");
        }
        return out;
    }
    // A vector of reals: any finite number (the box is the space's, not clipped), each component.
    for (int c = 0; c < f.width; ++c) {
        const QString name = prefix + "[" + QString::number(c + 1) + "]";
        for (double x : {f.high + 10, f.low - 10}) {
            core::ActionValues v = with(c, x);
            QStringList parts;
            for (int k = 0; k < f.width; ++k) parts << num(v.numbers[static_cast<std::size_t>(f.slot + k)]);
            accept("{" + parts.join(", ") + "}", v);
        }
        for (const char* bad : {"(0/0)", "math.huge", "-math.huge", "'1'", "true", "{}"}) {
            QStringList parts;
            for (int k = 0; k < f.width; ++k) parts << (k == c ? QString(bad) : "0");
            refuse("{" + parts.join(", ") + "}", name);
        }
    }
    // Shapes: a short vector reads its missing components as 0 (leniency), extra ones are not read.
    core::ActionValues shortV = good;
    shortV.componentPresent &= ~(1u << static_cast<unsigned>(f.slot + f.width - 1));
    QStringList parts;
    for (int k = 0; k + 1 < f.width; ++k) parts << num(good.numbers[static_cast<std::size_t>(f.slot + k)]);
    accept("{" + parts.join(", ") + "}", shortV);
    parts << num(good.numbers[static_cast<std::size_t>(f.slot + f.width - 1)]) << "99";
    accept("{" + parts.join(", ") + "}", good);
    refuse("3", prefix + " must be a table");
    refuse("'0, 0'", prefix + " must be a table");
    return out;
}

}  // namespace

class TestActionContract : public QObject {
    Q_OBJECT
private slots:
    void everyFieldOfTheTableAsTheTableSays_data() {
        QTest::addColumn<int>("form");
        QTest::addColumn<int>("field");
        for (core::ActionForm form : {core::ActionForm::Discrete, core::ActionForm::Walking, core::ActionForm::Flying}) {
            const auto fields = core::actionFields(form);
            for (std::size_t i = 0; i < fields.size(); ++i)
                QTest::newRow(qPrintable(QString("%1.%2").arg(core::toString(form), fields[i].name)))
                    << static_cast<int>(form) << static_cast<int>(i);
        }
    }

    void everyFieldOfTheTableAsTheTableSays() {
        QFETCH(int, form);
        QFETCH(int, field);
        const auto f = static_cast<core::ActionForm>(form);
        for (const Case& c : corpus(f, static_cast<std::size_t>(field))) {
            check(f, static_cast<std::size_t>(field), c);
            if (QTest::currentTestFailed()) return;
        }
    }

    void theTableIsWellFormed() {
        for (core::ActionForm form : {core::ActionForm::Discrete, core::ActionForm::Walking, core::ActionForm::Flying}) {
            int slot = 0;
            for (const core::ActionField& f : core::actionFields(form)) {
                QCOMPARE(f.slot, slot);  // slots are consecutive, in table order
                slot += f.width;
                QVERIFY(f.low <= f.high);
                if (f.kind != core::FieldKind::Real) QCOMPARE(f.width, 1);
                if (f.kind == core::FieldKind::Flag) QVERIFY(f.low == 0 && f.high == 1);
                QCOMPARE(core::findActionField(form, f.name), &f);
            }
            QVERIFY(slot <= core::kMaxActionSlots);
        }
    }
};

QTEST_GUILESS_MAIN(TestActionContract)
#include "test_action_contract.moc"

// The labeler that learns (core/skills/skill_model): it learns a rule it is shown (held-out F1 1
// on a skill defined by height), training is deterministic, a model round-trips through its
// file, every prediction has a probability and a reason, and a corpus of bad model files is
// refused naming the field.
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

#include "core/skills/skill_model.hpp"
#include "core/util/rng.hpp"

using namespace iglu::core;

namespace {

// Random structures; "tall" = a block at height >= 4 (the labels follow one clear rule), the
// other skills from a coin (nothing to learn).
std::vector<LabeledExample> synthetic(int n, std::uint64_t seed) {
    Rng rng(seed);
    std::vector<LabeledExample> out;
    for (int i = 0; i < n; ++i) {
        LabeledExample e;
        e.id = "s" + std::to_string(i);
        const int height = rng.below(8);
        std::vector<Block> blocks;
        for (int y = -1; y < -1 + height + 1; ++y) blocks.push_back({rng.below(3) - 1, y, 0, 1 + rng.below(6)});
        // keep one column per x: no two blocks at one position
        std::sort(blocks.begin(), blocks.end());
        blocks.erase(std::unique(blocks.begin(), blocks.end(), [](const Block& a, const Block& b) {
                         return a.x == b.x && a.y == b.y && a.z == b.z;
                     }),
                     blocks.end());
        e.target = Grid::fromBlocks(blocks);
        for (std::size_t k = 0; k < kNumSkills; ++k) e.labels[k] = rng.below(2) == 1;
        e.labels[static_cast<std::size_t>(Skill::Tall)] = height >= 4;
        out.push_back(std::move(e));
    }
    return out;
}

}  // namespace

class TestSkillModel : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

private slots:
    void learnsARuleItIsShown() {
        const auto examples = synthetic(120, 7);
        const auto cv = crossValidate(examples, 5);
        QVERIFY2(cv[static_cast<std::size_t>(Skill::Tall)].f1() > 0.97,
                 qPrintable(QString::number(cv[static_cast<std::size_t>(Skill::Tall)].f1())));
        QCOMPARE(cv[0].total(), 120);  // every example held out exactly once
    }

    void deterministicAndRoundTrips() {
        const auto examples = synthetic(60, 3);
        const SkillModel a = SkillModel::train(examples), b = SkillModel::train(examples);
        const QString path = dir_.filePath(QStringLiteral("model.json"));
        a.save(path.toStdString());
        const SkillModel loaded = SkillModel::load(path.toStdString());
        QCOMPARE(loaded.trainedOn(), 60);
        for (const auto& e : synthetic(20, 11)) {
            const auto pa = a.predict(e.target), pb = b.predict(e.target), pl = loaded.predict(e.target);
            for (std::size_t k = 0; k < kNumSkills; ++k) {
                QCOMPARE(pa[k].probability, pb[k].probability);
                QVERIFY(std::abs(pa[k].probability - pl[k].probability) < 1e-12);
                QCOMPARE(pa[k].value, pa[k].probability >= 0.5);
                QVERIFY(!pa[k].reason.empty() && pa[k].reason.find("p = ") != std::string::npos);
            }
        }
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, SkillModel::train(std::vector<LabeledExample>(1)));
    }

    void badModelFilesNameTheField() {
        const QString good = dir_.filePath(QStringLiteral("good.json"));
        SkillModel::train(synthetic(30, 5)).save(good.toStdString());
        std::ifstream in(good.toStdString());
        const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        const auto replaced = [&](const std::string& from, const std::string& to) {
            std::string t = text;
            const auto at = t.find(from);
            if (at != std::string::npos) t.replace(at, from.size(), to);
            return t;
        };
        const std::vector<std::pair<std::string, std::string>> corpus = {
            {"", "JSON"},
            {"{not json", "JSON"},
            {"[]", "format"},
            {replaced("iglu-skill-model/1", "iglu-skill-model/9"), "format"},
            {replaced("\"blocks (log)\"", "\"blocks\""), "features"},
            {replaced("\"mean\": [", "\"mean\": [\"x\", "), "mean"},
            {replaced("\"scale\": [", "\"scale\": [0, "), "scale"},
            {replaced("\"bias\"", "\"biasx\""), "bias"},
            {replaced("\"tall\"", "\"tallx\""), "skills.tall"},
        };
        int i = 0;
        for (const auto& [content, field] : corpus) {
            const QString path = dir_.filePath(QStringLiteral("bad%1.json").arg(i++));
            std::ofstream(path.toStdString()) << content;
            try {
                SkillModel::load(path.toStdString());
                QFAIL(qPrintable(QStringLiteral("accepted: %1").arg(QString::fromStdString(field))));
            } catch (const std::runtime_error& e) {
                QVERIFY2(std::string(e.what()).find(field) != std::string::npos && std::string(e.what()).find(path.toStdString()) != std::string::npos,
                         e.what());
            }
        }
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, SkillModel::load(dir_.filePath(QStringLiteral("absent.json")).toStdString()));
    }
};

QTEST_APPLESS_MAIN(TestSkillModel)
#include "test_skill_model.moc"

// The POV renderer's geometry: what is straight ahead fills the centre, turning the camera moves it
// the expected way, the floor is below the horizon, and rendering is deterministic.
#include <QtTest>

#include "core/pov/pov_renderer.hpp"

using namespace iglu::core;

namespace {

struct Stats {
    int count = 0;
    double meanX = 0, meanY = 0;
};

// Pixels whose colour is one of the shades the renderer gives a block colour (faces, edges).
std::uint8_t scaled(std::uint8_t c, float s) { return static_cast<std::uint8_t>(std::min(255.0f, float(c) * s)); }
bool isBlockColour(const std::uint8_t* px, int colour) {
    const Rgb base = povBlockColour(colour);
    for (float s : {1.0f, 0.8f, 0.68f, 0.55f}) {
        const Rgb face{scaled(base.r, s), scaled(base.g, s), scaled(base.b, s)};
        const Rgb edge{scaled(face.r, 0.6f), scaled(face.g, 0.6f), scaled(face.b, 0.6f)};
        for (const Rgb& c : {face, edge})
            if (px[0] == c.r && px[1] == c.g && px[2] == c.b) return true;
    }
    return false;
}

Stats find(const std::vector<std::uint8_t>& img, int w, int h, int colour) {
    Stats s;
    for (int j = 0; j < h; ++j)
        for (int i = 0; i < w; ++i)
            if (isBlockColour(&img[std::size_t(j * w + i) * 3], colour)) {
                ++s.count;
                s.meanX += i;
                s.meanY += j;
            }
    if (s.count) {
        s.meanX /= s.count;
        s.meanY /= s.count;
    }
    return s;
}

const std::uint8_t* pixel(const std::vector<std::uint8_t>& img, int w, int i, int j) { return &img[std::size_t(j * w + i) * 3]; }

}  // namespace

class TestPov : public QObject {
    Q_OBJECT
private slots:
    void blockStraightAheadFillsTheCentre() {
        PovRenderer pov;
        Grid g;
        g.set(0, 0, 0, Red);
        // Standing on the floor (head y = -0.25) at z = 2, yaw 0 looks toward -z.
        auto img = pov.render(g, Pose{0, -0.25, 2, 0, 0});
        QCOMPARE(img.size(), std::size_t(64 * 64 * 3));
        QVERIFY(isBlockColour(pixel(img, 64, 32, 32), Red));
        auto s = find(img, 64, 64, Red);
        QVERIFY2(s.count > 200, qPrintable(QString::number(s.count)));
        QVERIFY(std::abs(s.meanX - 31.5) < 2.0);
        // Closer means bigger.
        auto near = find(pov.render(g, Pose{0, -0.25, 1.2, 0, 0}), 64, 64, Red);
        QVERIFY(near.count > s.count * 2);
    }

    void turningMovesTheBlockTheOtherWay() {
        PovRenderer pov;
        Grid g;
        g.set(0, 0, 0, Blue);
        const auto right = find(pov.render(g, Pose{0, -0.25, 3, 15, 0}), 64, 64, Blue);   // yaw +15: turn toward +x
        const auto left = find(pov.render(g, Pose{0, -0.25, 3, -15, 0}), 64, 64, Blue);
        QVERIFY(right.count > 0 && left.count > 0);
        QVERIFY2(right.meanX < 28, qPrintable(QString::number(right.meanX)));   // the block slides left
        QVERIFY2(left.meanX > 36, qPrintable(QString::number(left.meanX)));
        const auto up = find(pov.render(g, Pose{0, -0.25, 3, 0, 15}), 64, 64, Blue);      // pitch up: it slides down
        QVERIFY2(up.meanY > 36, qPrintable(QString::number(up.meanY)));
        // Behind the camera: nothing.
        QCOMPARE(find(pov.render(g, Pose{0, -0.25, 3, 180, 0}), 64, 64, Blue).count, 0);
    }

    void floorBelowSkyAbove() {
        PovRenderer pov;
        auto img = pov.render(Grid{}, Pose{0, -0.25, 0, 0, 0});
        const Rgb sky = povBlockColour(0);
        auto top = pixel(img, 64, 32, 2), bottom = pixel(img, 64, 32, 61);
        QVERIFY(top[0] == sky.r && top[1] == sky.g && top[2] == sky.b);
        QVERIFY(!(bottom[0] == sky.r && bottom[1] == sky.g && bottom[2] == sky.b));
        // Looking straight down shows floor everywhere, and nothing breaks at pitch -90.
        auto down = pov.render(Grid{}, Pose{0.3, -0.25, 0.2, 37, -90});
        for (int j = 0; j < 64; j += 7)
            for (int i = 0; i < 64; i += 7) QVERIFY(!(pixel(down, 64, i, j)[2] == sky.b && pixel(down, 64, i, j)[0] == sky.r));
    }

    void nearerBlocksHideFartherOnes() {
        PovRenderer pov;
        Grid g;
        g.set(0, 0, 0, Yellow);
        g.set(0, 0, -2, Green);
        auto img = pov.render(g, Pose{0, 0, 3, 0, 0});
        QVERIFY(isBlockColour(pixel(img, 64, 32, 32), Yellow));
        QCOMPARE(find(img, 64, 64, Green).count, 0);
    }

    void deterministicAndAnySize() {
        Grid g;
        for (int x = -5; x <= 5; ++x) g.set(x, -1, -3, 1 + (x + 5) % 6);
        PovRenderer a, b;
        const Pose p{1.3, 0.75, 4.2, 23.5, -12.25};
        QCOMPARE(a.render(g, p), b.render(g, p));
        QCOMPARE(a.render(g, p), a.render(g, p));  // no state leaks between frames
        PovRenderer big({320, 200, 70.0f});
        QCOMPARE(big.render(g, p).size(), std::size_t(320 * 200 * 3));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, PovRenderer({0, 64, 70.0f}));
    }
};

QTEST_GUILESS_MAIN(TestPov)
#include "test_pov.moc"

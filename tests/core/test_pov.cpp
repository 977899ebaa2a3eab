// The POV renderer's geometry: what is straight ahead fills the centre, turning the camera moves it
// the expected way, the floor is below the horizon, and rendering is deterministic. And the facts of
// the reference view it reproduces (shared/conformance/pov/README.md): 90 degree vertical field of
// view, far plane 30, the floor inside and outside the build zone, the per-face shading.
#include <QtTest>

#include "core/pov/pov_renderer.hpp"

using namespace iglu::core;

namespace {

struct Stats {
    int count = 0;
    double meanX = 0, meanY = 0;
};

// Pixels whose colour is one of the colours the default look gives a block colour (faces, borders).
bool isBlockColour(const std::uint8_t* px, int colour, PovStyle style = PovStyle::Reference) {
    const PovLook& look = povLook(style);
    for (int f = 0; f < kPovFaces; ++f)
        for (const Rgb& c : look.face[colour][f])
            if (px[0] == c.r && px[1] == c.g && px[2] == c.b) return true;
    return false;
}

bool is(const std::uint8_t* px, Rgb c) { return px[0] == c.r && px[1] == c.g && px[2] == c.b; }

int count(const std::vector<std::uint8_t>& img, Rgb c) {
    int n = 0;
    for (std::size_t i = 0; i + 2 < img.size(); i += 3) n += is(&img[i], c);
    return n;
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
        PovRenderer big({320, 200});
        QCOMPARE(big.render(g, p).size(), std::size_t(320 * 200 * 3));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, PovRenderer({0, 64}));
    }

    // The reference's projection: 90 degrees vertically. Looking straight down from h above the
    // floor, the view spans h either side of the point below: from 5 above the zone centre all of
    // it is the white zone, from 6 above the edges show the dark floor outside (|x| > 5.5).
    void verticalFieldOfViewIs90Degrees() {
        QCOMPARE(PovConfig{}.fovYDegrees, 90.0f);
        PovRenderer pov;
        const PovLook& look = povLook(PovStyle::Reference);
        const auto from = [&](double h) { return pov.render(Grid{}, Pose{0.001, -1.5 + h, 0.001, 0, -90}); };
        const auto low = from(5.0), high = from(6.0);
        for (int k = 0; k < 64; ++k)
            for (auto [i, j] : {std::pair{k, 0}, std::pair{k, 63}, std::pair{0, k}, std::pair{63, k}}) {
                const std::uint8_t* a = pixel(low, 64, i, j);
                QVERIFY2(is(a, look.zoneFloor) || is(a, look.zoneLine), qPrintable(QStringLiteral("%1,%2").arg(i).arg(j)));
            }
        for (auto [i, j] : {std::pair{32, 0}, std::pair{32, 63}, std::pair{0, 32}, std::pair{63, 32}}) {
            const std::uint8_t* b = pixel(high, 64, i, j);
            QVERIFY2(is(b, look.outsideFloor) || is(b, look.outsideLine), qPrintable(QStringLiteral("%1,%2").arg(i).arg(j)));
        }
        // 70 degrees (the earlier default) would show only the zone from 6 above.
        PovRenderer narrow({64, 64, 70.0f});
        const auto n = narrow.render(Grid{}, Pose{0.001, 4.5, 0.001, 0, -90});
        QVERIFY(is(pixel(n, 64, 32, 0), look.zoneFloor) || is(pixel(n, 64, 32, 0), look.zoneLine));
    }

    // The far plane at 30: the floor 28.5 below is drawn, 31.5 below it is not (sky). The clean
    // style has no far plane.
    void farPlaneAt30() {
        PovRenderer pov;
        const PovLook& look = povLook(PovStyle::Reference);
        // Straight down the floor is at one depth everywhere; the centre half of the view stays
        // inside the floor's +-18.5 extent.
        const auto centreSky = [](const std::vector<std::uint8_t>& img, Rgb sky) {
            int n = 0;
            for (int j = 16; j < 48; ++j)
                for (int i = 16; i < 48; ++i) n += is(pixel(img, 64, i, j), sky);
            return n;
        };
        QCOMPARE(centreSky(pov.render(Grid{}, Pose{0.2, 27.0, 0.3, 0, -90}), look.sky), 0);
        QCOMPARE(centreSky(pov.render(Grid{}, Pose{0.2, 30.0, 0.3, 0, -90}), look.sky), 32 * 32);
        PovConfig clean;
        clean.style = PovStyle::Clean;
        QCOMPARE(centreSky(PovRenderer(clean).render(Grid{}, Pose{0.2, 30.0, 0.3, 0, -90}), povLook(PovStyle::Clean).sky), 0);
    }

    // Floor: white cells with grey borders inside the zone, dark grey with black borders outside,
    // cell borders on the half-integers (cells are centred on the block positions).
    void floorInsideAndOutsideTheZone() {
        PovRenderer pov;
        const PovLook& look = povLook(PovStyle::Reference);
        QCOMPARE(look.zoneFloor, (Rgb{255, 255, 255}));
        QCOMPARE(look.outsideLine, (Rgb{0, 0, 0}));
        // Straight down from 1 above the floor: the view spans +-1 around the point below.
        const auto cellCentre = pov.render(Grid{}, Pose{0.0, -0.5, 0.0, 0, -90});
        QVERIFY(is(pixel(cellCentre, 64, 32, 32), look.zoneFloor));
        QVERIFY(is(pixel(cellCentre, 64, 16, 32), look.zoneLine));   // x = -0.5: a border
        QVERIFY(is(pixel(cellCentre, 64, 8, 32), look.zoneFloor));
        const auto outside = pov.render(Grid{}, Pose{8.0, -0.5, 0.0, 0, -90});
        QVERIFY(is(pixel(outside, 64, 32, 32), look.outsideFloor));
        QVERIFY(is(pixel(outside, 64, 48, 32), look.outsideLine));   // x = 8.5
    }

    // Per-face shading: flat colours, top brightest, +-z about 0.69 of it, +-x about 0.49, bottom
    // about 0.18 (measured from the reference frames), a darker border on every face; a block seen
    // from above a corner shows exactly its top, +x and +z colours.
    void faceShadingFollowsTheReference() {
        const PovLook& look = povLook(PovStyle::Reference);
        QCOMPARE(look.sky, (Rgb{128, 176, 255}));
        const Rgb tops[6] = {{0, 162, 239}, {33, 178, 74}, {239, 28, 33}, {255, 125, 33}, {165, 73, 165}, {255, 243, 0}};
        for (int c = 1; c <= 6; ++c) {
            QCOMPARE(povBlockColour(c), tops[c - 1]);
            const Rgb top = look.face[c][2][0];
            const auto ratio = [&](int f) {
                const Rgb x = look.face[c][f][0];
                return double(int(x.r) + x.g + x.b) / double(int(top.r) + top.g + top.b);
            };
            QVERIFY(std::abs(ratio(4) - 0.69) < 0.015 && std::abs(ratio(5) - 0.69) < 0.015);   // +-z
            QVERIFY(std::abs(ratio(0) - 0.49) < 0.015 && std::abs(ratio(1) - 0.49) < 0.015);   // +-x
            QVERIFY(std::abs(ratio(3) - 0.18) < 0.015);                                           // bottom
            for (int f = 0; f < kPovFaces; ++f) {
                const Rgb face = look.face[c][f][0], border = look.face[c][f][1];
                QVERIFY(int(border.r) + border.g + border.b < int(face.r) + face.g + face.b);
            }
        }
        Grid g;
        g.set(0, 0, 0, Purple);
        PovRenderer pov;
        const auto img = pov.render(g, Pose{1.6, 1.3, 1.6, -45, -30});   // above the +x/+z corner, looking at it
        for (int f : {0, 2, 4}) QVERIFY2(count(img, look.face[Purple][f][0]) > 40, qPrintable(QString::number(f)));
        QCOMPARE(count(img, look.face[Purple][3][0]), 0);   // the bottom is turned away
        int block = 0, border = 0;
        for (std::size_t i = 0; i < img.size(); i += 3) {
            block += isBlockColour(&img[i], Purple);
            bool isBorder = false;
            for (int f = 0; f < kPovFaces; ++f) isBorder |= is(&img[i], look.face[Purple][f][1]);
            border += isBorder;
        }
        QCOMPARE(count(img, look.face[Purple][0][0]) + count(img, look.face[Purple][2][0]) + count(img, look.face[Purple][4][0]) + border, block);
        QVERIFY(border > 10 && border < block / 2);
    }

    void styleNamesRoundTrip() {
        for (PovStyle s : {PovStyle::Reference, PovStyle::Clean}) QCOMPARE(parsePovStyle(povStyleName(s)), std::optional{s});
        QVERIFY(!parsePovStyle("Reference"));
        QVERIFY(!parsePovStyle(""));
        // The clean look is another look of the same geometry.
        PovConfig clean;
        clean.style = PovStyle::Clean;
        Grid g;
        g.set(0, 0, 0, Red);
        const auto a = PovRenderer(clean).render(g, Pose{0, -0.25, 2, 0, 0}), b = PovRenderer().render(g, Pose{0, -0.25, 2, 0, 0});
        QVERIFY(a != b);
        QVERIFY(isBlockColour(pixel(a, 64, 32, 32), Red, PovStyle::Clean));
        QVERIFY(isBlockColour(pixel(b, 64, 32, 32), Red));
    }
};

QTEST_GUILESS_MAIN(TestPov)
#include "test_pov.moc"
